//! `heatwise rule CODE|NAME` and `heatwise rule --all`: the rules' own
//! documentation, as `ruff rule` shows it.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use heatwise_core::lint::{Retired, Rule};

use crate::exit::Exit;
use crate::output::summary;

#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["rule", "all"]))]
pub struct RuleArgs {
    /// A rule's code or name, e.g. `HW202` or `hidden-property`.
    rule: Option<String>,

    /// List every rule: code, name, severity and what it finds.
    #[arg(long)]
    all: bool,
}

pub fn run(args: &RuleArgs) -> ExitCode {
    let text = if args.all {
        list_all()
    } else {
        let wanted = args.rule.as_deref().unwrap_or_default();
        match (Rule::find(wanted), Retired::find(wanted)) {
            (Some(rule), _) => rule.documentation().to_owned(),
            (None, Some(retired)) => retired_documentation(retired),
            (None, None) => {
                eprintln!(
                    "error: there is no rule `{wanted}`; `heatwise rule --all` lists the rules (codes such as HW202, names such as hidden-property)"
                );
                return Exit::Failed.into();
            }
        }
    };
    // A closed pipe (`heatwise rule --all | head`) is no failure.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Exit::Clean.into()
}

/// What became of a retired code.
fn retired_documentation(retired: &Retired) -> String {
    let mut out = format!(
        "# {} ({})\n\nNo longer reported: it was split into the rules below. Suppression \
         comments and `--select` that name `{}` still apply to all of them.\n\n",
        retired.name, retired.code, retired.code
    );
    for rule in retired.became {
        out.push_str(&format!(
            "- {} {}: {}\n",
            rule.code(),
            rule.name(),
            summary(*rule)
        ));
    }
    out
}

fn list_all() -> String {
    let name_width = Rule::ALL.iter().map(|r| r.name().len()).max().unwrap_or(0);
    let mut out = String::new();
    for rule in Rule::ALL {
        out.push_str(&format!(
            "{}  {:name_width$}  {:7}  {}\n",
            rule.code(),
            rule.name(),
            rule.severity().as_str(),
            summary(*rule)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_a_one_line_summary() {
        for rule in Rule::ALL {
            let summary = summary(*rule);
            assert!(!summary.is_empty(), "{} has no summary", rule.code());
            assert!(!summary.contains('\n'));
        }
    }

    #[test]
    fn a_retired_code_lists_the_rules_it_became() {
        let retired = Retired::find("HW002").expect("HW002 is retired");
        let text = retired_documentation(retired);
        assert!(text.starts_with("# invalid-template (HW002)"), "{text}");
        assert!(text.contains("- HW010 unknown-section: "), "{text}");
    }
}
