#![doc = include_str!("invalid_syntax.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// A text that does not parse as YAML or JSON, where the reader stopped. Found by the reader (`ProblemKind::Syntax`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(Rule::InvalidSyntax, problem.range, problem.message.clone());
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidSyntax,
            &[
                finds("a: [b\n", 1),
                finds("heat_template_version: 2018-08-31\nresources: {a: [}\n", 1),
                finds("heat_template_version: 2018-08-31\n", 0),
            ],
        );
    }
}
