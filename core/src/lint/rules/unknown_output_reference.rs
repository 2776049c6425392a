#![doc = include_str!("unknown_output_reference.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;

/// `get_resource` and `Ref` in outputs.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let tree = cx.tree;
    let template = cx.template;
    for (reference, name) in template.dangling_resource_refs() {
        let range = tree.range(reference.name);
        let Some(output) = template.output_containing(range) else {
            continue;
        };
        let names = template.resources().iter().map(|r| r.name.as_str());
        let message = with_suggestions(
            format!(
                "there is no resource `{name}` in this template: Heat creates the stack, and the output `{}` fails when shown",
                output.name
            ),
            &closest(name, names),
        );
        cx.report(Rule::UnknownOutputReference, range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownOutputReference,
            &[
                // Recorded: validation/get-resource-unknown-in-outputs.yaml.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {get_resource: missing}}\n  b: {value: {list_join: [',', [{get_resource: r}, {get_resource: gone}]]}}\n  c: {value: {get_attr: [missing, x]}}\n",
                    2,
                ),
                finds(
                    "HeatTemplateFormatVersion: 2012-12-12\nResources:\n  r: {Type: OS::Heat::None}\nOutputs:\n  o: {Value: {Ref: missing}}\n",
                    1,
                ),
                // Outside outputs it is HW306's.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  r: {type: OS::Heat::Value, properties: {value: {get_resource: missing}}}\n",
                    0,
                ),
            ],
        );
    }
}
