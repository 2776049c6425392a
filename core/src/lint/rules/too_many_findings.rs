#![doc = include_str!("too_many_findings.md")]

use crate::lint::context::Context;
use crate::lint::{Diagnostic, Rule, MAX_DIAGNOSTICS};
use crate::template::Problem;
use crate::text::TextRange;

/// The reader's own limit: more problems than it keeps.
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(
        Rule::TooManyFindings,
        problem.range,
        problem.message.clone(),
    );
}

/// Cuts sorted findings to [`MAX_DIAGNOSTICS`], the last one saying how
/// many more there are.
pub(crate) fn cap(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.len() <= MAX_DIAGNOSTICS {
        return;
    }
    let dropped = diagnostics.len() - MAX_DIAGNOSTICS + 1;
    diagnostics.truncate(MAX_DIAGNOSTICS - 1);
    let at = diagnostics.last().map_or(0, |d| d.range.end);
    diagnostics.push(Diagnostic::of(
        Rule::TooManyFindings,
        TextRange::empty(at),
        format!("{dropped} more findings are not shown (at most {MAX_DIAGNOSTICS} are reported)"),
    ));
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, pins};
    use crate::lint::{Rule, MAX_DIAGNOSTICS};
    use crate::syntax;

    /// `count` ports, each with a hidden property.
    fn ports(count: usize) -> &'static str {
        let mut text = "heat_template_version: 2018-08-31\nresources:\n".to_owned();
        for i in 0..count {
            text.push_str(&format!(
                "  p{i}: {{type: OS::Neutron::Port, properties: {{network_id: n}}}}\n"
            ));
        }
        // The test vectors are 'static, as written ones are.
        text.leak()
    }

    #[test]
    fn cases() {
        // More problems than the reader keeps: resources that are no
        // mappings.
        let mut unreadable = "heat_template_version: 2018-08-31\nresources:\n".to_owned();
        for i in 0..syntax::MAX_DIAGNOSTICS * 2 {
            unreadable.push_str(&format!("  r{i}: x\n"));
        }
        check(
            Rule::TooManyFindings,
            &[
                finds(ports(MAX_DIAGNOSTICS + 5), 1),
                finds(ports(MAX_DIAGNOSTICS - 1), 0),
                finds(unreadable.leak(), 1),
            ],
        );
    }

    #[test]
    fn the_last_finding_says_how_many_more_there_are() {
        // One finding a port (its hidden network_id), and one for more
        // resources than Heat's default max_resources_per_stack: six over,
        // and the last kept one gives way to this one.
        let message =
            format!("7 more findings are not shown (at most {MAX_DIAGNOSTICS} are reported)");
        pins(
            Rule::TooManyFindings,
            ports(MAX_DIAGNOSTICS + 5),
            &[("", &message)],
        );
    }
}
