#![doc = include_str!("registry_entry_not_a_mapping.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::Problem;

/// An environment's `resource_registry` (or a resource's scope in it) that is not a mapping. Found by the reader (`ProblemKind::RegistryNotMapping`).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    cx.report(
        Rule::RegistryEntryNotAMapping,
        problem.range,
        problem.message.clone(),
    );
}

/// A registry value heatclient cannot read as a name: it fails while it
/// gathers the stack, before Heat sees anything.
pub(crate) fn check_gathered(cx: &mut Context<'_, '_>, problem: &Problem) {
    let diagnostic = cx.report(
        Rule::RegistryEntryNotAMapping,
        problem.range,
        problem.message.clone(),
    );
    diagnostic.stage = Some(crate::lint::Stage::Client);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::RegistryEntryNotAMapping,
            &[
                finds("resource_registry: [a]\n", 1),
                finds("resource_registry:\n  resources: [a]\n", 1),
                // Values heatclient cannot read while it gathers the stack.
                finds(
                    concat!(
                        "resource_registry:\n  OS::A: 5\n  OS::B: null\n",
                        "  OS::C: OS::Heat::None\n  base_url: 1\n  resources:\n",
                        "    r: {OS::D: true, hooks: pre-create}\n",
                    ),
                    4,
                ),
                finds(
                    "resource_registry:\n  OS::A: b.yaml\n  resources:\n    r: {OS::B: c.yaml}\n",
                    0,
                ),
                // Hooks and restricted actions Heat knows.
                finds(
                    concat!(
                        "resource_registry:\n  resources:\n",
                        "    r: {hooks: pre-creat, restricted_actions: [replace, delete]}\n",
                    ),
                    2,
                ),
                finds(
                    concat!(
                        "resource_registry:\n  resources:\n",
                        "    r: {hooks: [pre-create, post-update], restricted_actions: update}\n",
                    ),
                    0,
                ),
            ],
        );
    }
}
