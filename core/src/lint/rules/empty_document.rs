#![doc = include_str!("empty_document.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// A document with nothing in it. Found by the reader (`ProblemKind::EmptyDocument`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(Rule::EmptyDocument, problem.range, problem.message.clone());
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::EmptyDocument,
            &[
                finds("# nothing\n", 1),
                finds("", 1),
                finds("heat_template_version: 2018-08-31\n", 0),
            ],
        );
    }
}
