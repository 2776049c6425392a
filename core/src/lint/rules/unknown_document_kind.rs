#![doc = include_str!("unknown_document_kind.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// A mapping that is neither a template nor an environment. Found by the reader (`ProblemKind::UnknownDocument`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(
        Rule::UnknownDocumentKind,
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
            Rule::UnknownDocumentKind,
            &[
                finds("networks: []\n", 1),
                finds("parameter_defaults: {a: 1}\n", 0),
                finds("heat_template_version: 2018-08-31\n", 0),
            ],
        );
    }
}
