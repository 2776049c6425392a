//! `heatwise lint --add-ignore`: today's findings suppressed where they
//! are, one `# heatwise: ignore[CODES]` per line (added to a suppression
//! comment the line already has), the layout kept, as ruff's `--add-noqa`
//! does; then linted again, so that what could take no comment is said.

use crate::fix::{apply_edits, suppression};
use crate::lint::rules::unused_suppression::takes_suppression;
use crate::lint::{lint_template, LintOptions, Rule};
use crate::template;

/// What adding suppressions made of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ignored {
    pub text: String,
    /// Findings suppressed.
    pub added: usize,
    /// Findings of the rules asked for that are still reported: on a line
    /// no comment can be written on without changing what Heat reads (a
    /// JSON template, inside a multi-line scalar).
    pub left: usize,
}

/// The text with a suppression for each finding of `rules` that `options`
/// finds (an unused suppression is never suppressed: it is to be removed).
pub fn add_ignores(text: &str, options: &LintOptions<'_>, rules: &[Rule]) -> Ignored {
    let wanted = |rule: Rule| rules.contains(&rule) && takes_suppression(rule);
    let parsed = template::parse(text);
    let tree = parsed.tree();
    let found: Vec<_> = lint_template(&parsed, options)
        .into_iter()
        .filter(|d| wanted(d.rule))
        .collect();
    // One comment per line, naming each code found there once.
    let mut lines: Vec<(u32, crate::text::TextRange, Vec<&'static str>)> = Vec::new();
    for diagnostic in &found {
        let line = tree.line_of(diagnostic.range.start);
        let code = diagnostic.rule.code();
        match lines.iter_mut().find(|(l, _, _)| *l == line) {
            Some((_, _, codes)) if !codes.contains(&code) => codes.push(code),
            Some(_) => {}
            None => lines.push((line, diagnostic.range, vec![code])),
        }
    }
    let edits: Vec<_> = lines
        .iter()
        .filter_map(|(_, range, codes)| suppression(&parsed, *range, &codes.join(",")))
        .collect();
    let changed = apply_edits(text, &edits);
    let again = template::parse(&changed);
    let left = lint_template(&again, options)
        .into_iter()
        .filter(|d| wanted(d.rule))
        .count();
    Ignored {
        added: found.len() - left.min(found.len()),
        text: changed,
        left,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::lint::lint;

    #[test]
    fn each_line_s_findings_are_suppressed_and_nothing_else_changes() {
        let text = "heat_template_version: 2018-08-31\n# the ports\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network_id: n  # the old name\n      fixed_ips: [{subnet_id: s}]\n  ip:\n    type: OS::Nova::FloatingIP\n";
        let options = LintOptions::new(Catalog::builtin());
        let before = lint(text, &options).len();
        assert!(before >= 3);
        let ignored = add_ignores(text, &options, Rule::ALL);
        assert_eq!(ignored.left, 0, "{}", ignored.text);
        assert_eq!(ignored.added, before);
        assert!(
            ignored
                .text
                .contains("      # heatwise: ignore[HW202]\n      network_id: n  # the old name\n"),
            "{}",
            ignored.text
        );
        assert!(
            ignored
                .text
                .contains("type: OS::Nova::FloatingIP  # heatwise: ignore[HW102]\n"),
            "{}",
            ignored.text
        );
        assert!(lint(&ignored.text, &options).is_empty());
        // Layout kept: only comments added.
        let without: String = ignored
            .text
            .lines()
            .filter(|l| !l.trim_start().starts_with("# heatwise"))
            .map(|l| l.split("  # heatwise").next().unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(without + "\n", text);
        // Run again: nothing more to add.
        let again = add_ignores(&ignored.text, &options, Rule::ALL);
        assert_eq!((again.added, again.left), (0, 0));
        assert_eq!(again.text, ignored.text);
        // JSON takes no comment: every finding is left.
        let json = "{\"heat_template_version\": \"2018-08-31\", \"resources\": {\"ip\": {\"type\": \"OS::Nova::FloatingIP\"}}}";
        let json_ignored = add_ignores(json, &options, Rule::ALL);
        assert_eq!(json_ignored.added, 0);
        assert_eq!(json_ignored.left, 1);
        assert_eq!(json_ignored.text, json);
    }
}
