#![doc = include_str!("missing_resource_type.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::DocumentKind;

/// A resource definition without a type: Heat cannot create it.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let key = match cx.template.kind() {
        DocumentKind::CloudFormation => "Type",
        _ => "type",
    };
    let template = cx.template;
    for (name, definition) in template.definitions() {
        if definition.type_entry.is_none() {
            let range = cx.tree.range(definition.body);
            cx.report(
                Rule::MissingResourceType,
                range,
                format!("{name} has no `{key}`"),
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
            Rule::MissingResourceType,
            &[
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {properties: {}}\n", 1),
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None}\n", 0),
                // A group's member definition is a definition too.
                finds("heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {properties: {}}}\n", 1),
                finds("AWSTemplateFormatVersion: 2010-09-09\nResources:\n  s: {Properties: {}}\n", 1),
            ],
        );
    }
}
