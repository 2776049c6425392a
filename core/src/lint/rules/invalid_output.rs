#![doc = include_str!("invalid_output.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::DocumentKind;

/// An output that is not a mapping, or has no `value` (`Value`).
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let value_key = match template.kind() {
        DocumentKind::Hot => "value",
        DocumentKind::CloudFormation => "Value",
        _ => return,
    };
    for output in template.outputs() {
        let definition = output.entry.value;
        let message = if !tree.is_mapping(definition) {
            format!(
                "output `{}` must be a mapping with a `{value_key}`: Heat refuses the template",
                output.name
            )
        } else if output.value.is_none() {
            format!(
                "output `{}` has no `{value_key}`: Heat refuses the template (\"Each output \
                    definition must contain a {value_key} key\")",
                output.name
            )
        } else {
            continue;
        };
        let range = if tree.is_mapping(definition) {
            tree.range(output.entry.key)
        } else {
            tree.range(definition)
        };
        cx.report(Rule::InvalidOutput, range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidOutput,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nresources: {}\noutputs:\n  a: text\n  b: \
                        {description: nothing}\n  c: {value: 1}\n  d: {value: null}\n",
                    2,
                ),
                finds(
                    "AWSTemplateFormatVersion: 2010-09-09\nResources: {}\nOutputs:\n  A: \
                        {Description: x}\n  B: {Value: 1}\n  C: {value: 1}\n",
                    2,
                ),
            ],
        );
    }
}
