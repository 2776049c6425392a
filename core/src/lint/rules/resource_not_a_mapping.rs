#![doc = include_str!("resource_not_a_mapping.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// A resource definition that is not a mapping. Found by the reader (`ProblemKind::ResourceNotMapping`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(
        Rule::ResourceNotAMapping,
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
            Rule::ResourceNotAMapping,
            &[
                finds("heat_template_version: 2018-08-31\nresources:\n  s: OS::Nova::Server\n", 1),
                finds("heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: [a]}\n", 1),
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None}\n", 0),
            ],
        );
    }
}
