#![doc = include_str!("duplicate_name.md")]

use crate::lint::context::Context;
use crate::lint::Rule;

/// A parameter and a resource Heat creates with the same name.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    for resource in template.resources() {
        if cx.unread().disabled_by(&resource.name).is_some() {
            continue;
        }
        let Some(parameter) = template
            .parameters()
            .iter()
            .find(|p| p.name == resource.name)
        else {
            continue;
        };
        let line = tree.line_of(tree.range(parameter.entry.key).start) + 1;
        let message = format!(
            "resource `{}` has the name of a parameter (line {line}): Heat refuses the template \
                (\"Duplicate names\"); rename one of them",
            resource.name
        );
        cx.report(Rule::DuplicateName, tree.range(resource.entry.key), message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::DuplicateName,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nparameters:\n  v: {type: string, \
                    default: a}\nresources:\n  v: {type: OS::Heat::None}\n  w: {type: \
                    OS::Heat::None}\n",
                    1,
                ),
                // A resource Heat leaves out is no resource.
                finds(
                    "heat_template_version: 2018-08-31\nconditions:\n  never: false\n\
                    parameters:\n  v: {type: string, default: a}\nresources:\n  v: {type: \
                    OS::Heat::None, condition: never}\n",
                    0,
                ),
                finds(
                    "AWSTemplateFormatVersion: 2010-09-09\nParameters:\n  V: {Type: String, \
                    Default: a}\nResources:\n  V: {Type: OS::Heat::None}\n",
                    1,
                ),
            ],
        );
    }
}
