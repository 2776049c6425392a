#![doc = include_str!("section_not_a_mapping.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// A section that must be a mapping and is not (an empty one is fine). Found by the reader (`ProblemKind::SectionNotMapping`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(
        Rule::SectionNotAMapping,
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
            Rule::SectionNotAMapping,
            &[
                finds("heat_template_version: 2018-08-31\nresources: [a]\n", 1),
                finds(
                    "heat_template_version: 2018-08-31\noutputs: x\nparameters: 1\n",
                    2,
                ),
                finds("heat_template_version: 2018-08-31\nresources:\n", 0),
                // Heat refuses `conditions` null too; before 2016-10-14 the
                // section is unknown-section's.
                finds(
                    "heat_template_version: 2018-08-31\nconditions:\nresources: {}\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nconditions: [a]\nresources: {}\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2016-04-08\nconditions: [a]\nresources: {}\n",
                    0,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nconditions: {}\nresources: {}\n",
                    0,
                ),
            ],
        );
    }
}
