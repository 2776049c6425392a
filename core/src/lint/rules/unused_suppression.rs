#![doc = include_str!("unused_suppression.md")]

use crate::lint::{Diagnostic, Rule};
use crate::template::Template;
use crate::text::TextRange;

/// Whether a finding of `rule` is one a suppression comment should be
/// written for: not an unused suppression, which is to be removed.
pub(crate) fn takes_suppression(rule: Rule) -> bool {
    rule != Rule::UnusedSuppression
}

/// The codes of `template`'s suppression comments that suppress none of
/// `found` (the findings before suppression); `in_stack`: the file is
/// linted within its stack, whose rules (HW4xx) it judges too.
pub(crate) fn find(
    template: &Template<'_>,
    found: &[Diagnostic],
    in_stack: bool,
) -> Vec<Diagnostic> {
    let tree = template.tree();
    let mut unused = Vec::new();
    for suppression in template.suppressions() {
        let comment = &tree.text()[suppression.range.as_usize()];
        for code in &suppression.codes {
            // What reads as no code at all (`ignore[...]` in prose about
            // the comments) is not a suppression to judge.
            let word = code.starts_with(|c: char| c.is_ascii_alphabetic())
                && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            if !word {
                continue;
            }
            let rules = Rule::matching(code);
            if rules.contains(&Rule::UnusedSuppression) {
                continue;
            }
            if !in_stack && !rules.is_empty() && rules.iter().all(|r| r.code().starts_with("HW4")) {
                continue;
            }
            let used = found.iter().any(|d| {
                rules.contains(&d.rule) && suppression.covers(tree.line_of(d.range.start))
            });
            if used {
                continue;
            }
            let message =
                match rules.is_empty() {
                    true => format!(
                    "`{code}` names no rule, so this suppresses nothing; write a rule's code or \
                     name (`heatwise rule --all` lists them)"
                ),
                    false => format!(
                    "`{code}` suppresses nothing here: no finding of it on this line{}; remove it",
                    if suppression.own_line { " or the next" } else { "" }
                ),
                };
            let at = comment
                .find(code.as_str())
                .map_or(suppression.range, |offset| {
                    let start = suppression.range.start + offset as u32;
                    TextRange::new(start, start + code.len() as u32)
                });
            unused.push(Diagnostic::of(Rule::UnusedSuppression, at, message));
        }
    }
    unused
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnusedSuppression,
            &[
                // Used: the hidden property on the same line.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network_id: n  # heatwise: ignore[HW202]\n",
                    0,
                ),
                // Used by its name, alone on the line above.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      # heatwise: ignore[hidden-property]\n      network_id: n\n",
                    0,
                ),
                // Migrated: nothing left to suppress; a misspelt code.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: n  # heatwise: ignore[HW202, HW9999]\n",
                    2,
                ),
                // A stack's rule, in a file linted alone: not judged.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: app.yaml  # heatwise: ignore[HW401]\n",
                    0,
                ),
            ],
        );
    }
}
