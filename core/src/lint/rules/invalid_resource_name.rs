#![doc = include_str!("invalid_resource_name.md")]

use crate::lint::context::Context;
use crate::lint::Rule;

/// A resource name with a `/`, which Heat's `Resource._validate_name`
/// refuses (it separates a nested stack's path from a resource's name).
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    for resource in template.resources() {
        if resource.name.contains('/') {
            let message = format!(
                "resource name `{}` has a `/`, which Heat refuses in a name: Heat refuses the \
                 stack (\"Resource name may not contain \\\"/\\\"\")",
                resource.name
            );
            cx.report(
                Rule::InvalidResourceName,
                cx.tree.range(resource.entry.key),
                message,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidResourceName,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  web/server: {type: \
                        OS::Heat::None}\n  web-server: {type: OS::Heat::None}\n",
                    1,
                ),
                finds(
                    "AWSTemplateFormatVersion: 2010-09-09\nResources:\n  A/B: {Type: \
                        OS::Heat::None}\n",
                    1,
                ),
            ],
        );
    }
}
