#![doc = include_str!("alias_expansion_limit.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// Aliases expanding to more nodes than are checked: reported once, where the reader stopped following them. Found by the reader (`ProblemKind::AliasBudget`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(
        Rule::AliasExpansionLimit,
        problem.range,
        problem.message.clone(),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, pins};
    use crate::lint::Rule;
    use crate::syntax::MAX_NODES;

    /// `aliases` resources, each an alias of one definition of about
    /// `items` nodes.
    fn aliased(items: usize, aliases: usize) -> &'static str {
        let list = vec!["1"; items].join(", ");
        let mut text = format!(
            "heat_template_version: 2018-08-31\nresources:\n  d: &d {{type: OS::Heat::None, properties: {{p: [{list}]}}}}\n"
        );
        for i in 0..aliases {
            text.push_str(&format!("  r{i}: *d\n"));
        }
        // The test vectors are 'static, as written ones are.
        text.leak()
    }

    #[test]
    fn cases() {
        let items = 2_000;
        check(
            Rule::AliasExpansionLimit,
            &[
                finds(aliased(items, MAX_NODES / items + 1), 1),
                finds(aliased(items, 10), 0),
            ],
        );
    }

    #[test]
    fn it_is_said_once_where_the_reader_stopped() {
        let items = 2_000;
        let text = aliased(items, MAX_NODES / items + 1);
        let message = format!("aliases to resource definitions and properties expand to more than {MAX_NODES} nodes; this one and later ones are not checked");
        pins(Rule::AliasExpansionLimit, text, &[("*d", &message)]);
    }
}
