#![doc = include_str!("document_not_a_mapping.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// A document that is a scalar or a list. Found by the reader (`ProblemKind::NotAMapping`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(
        Rule::DocumentNotAMapping,
        problem.range,
        problem.message.clone(),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::DocumentNotAMapping,
            &[
                finds("- a\n- b\n", 1),
                finds("just text\n", 1),
                finds("heat_template_version: 2018-08-31\n", 0),
            ],
        );
    }
}
