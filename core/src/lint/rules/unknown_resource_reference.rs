#![doc = include_str!("unknown_resource_reference.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;
use crate::template::Definition;
use crate::text::TextRange;

/// Reports `name`, which no resource has, at `range`.
pub(crate) fn report(cx: &mut Context<'_, '_>, name: &str, range: TextRange) {
    let names = cx.template.resources().iter().map(|r| r.name.as_str());
    let message = with_suggestions(
        format!("there is no resource `{name}` in this template"),
        &closest(name, names),
    );
    cx.report(Rule::UnknownResourceReference, range, message);
}

/// A resource named where Heat reads it: one the template lacks, or one
/// whose condition the text makes false (Heat removes it, and refuses the
/// reference: "The specified reference is incorrect").
pub(crate) fn named(cx: &mut Context<'_, '_>, name: &str, range: TextRange) {
    if cx.unread().contains(range) {
        return;
    }
    if cx.template.resource(name).is_none() {
        report(cx, name, range);
    } else if let Some(condition) = cx.unread().disabled_by(name) {
        let message = format!(
            "resource `{name}` is never created: its condition `{condition}` is false, so Heat refuses this reference to it"
        );
        cx.report(Rule::UnknownResourceReference, range, message);
    }
}

/// `get_resource` and `Ref`; in an output Heat accepts them, and they are
/// unknown-output-reference's.
pub(crate) fn resource_refs(cx: &mut Context<'_, '_>) {
    let tree = cx.tree;
    let template = cx.template;
    // CloudFormation's `Conditions` read `Ref` as a parameter's
    // (`ParamRef`), and only when a condition is used.
    let conditions = template
        .section("Conditions")
        .filter(|_| template.kind() == crate::template::DocumentKind::CloudFormation)
        .map(|node| tree.range(node));
    for reference in template.resource_refs() {
        let Some(name) = tree.scalar(reference.name) else {
            continue;
        };
        let range = tree.range(reference.name);
        if conditions.is_some_and(|c| c.start <= range.start && range.end <= c.end) {
            continue;
        }
        let is_parameter = reference.call.name == "Ref"
            && (name.starts_with("AWS::") || template.parameters().iter().any(|p| p.name == name));
        if !is_parameter && template.output_containing(range).is_none() {
            named(cx, name, range);
        }
    }
}

/// A resource's `depends_on` (`DependsOn`): one name or a list. A
/// resource whose condition is false is fine there: Heat drops the
/// dependency with the resource (`ResourceDefinition.dependencies` skips
/// names the stack does not hold once conditions are applied).
pub(crate) fn depends_on(cx: &mut Context<'_, '_>, definition: &Definition) {
    let tree = cx.tree;
    for node in cx.template.depends_on(definition) {
        // A name that is no string is invalid-resource-field's.
        let Some(crate::syntax::Resolved::Str(name)) = tree.resolve(node) else {
            continue;
        };
        let range = tree.range(node);
        if !name.is_empty() && !cx.unread().contains(range) && cx.template.resource(name).is_none()
        {
            report(cx, name, range);
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
            Rule::UnknownResourceReference,
            &[
                // `get_resource: d` in an output is HW307's: Heat accepts it.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None, depends_on: [b, c]}\n  b: {type: OS::Heat::None}\noutputs:\n  o: {value: {get_resource: d}}\n  p: {value: {get_attr: [e, x]}}\n",
                    2,
                ),
                // A resource the text disables is no resource; nothing in a
                // disabled resource, an `if` branch not taken or a value a
                // later key replaces is read.
                finds(
                    "heat_template_version: 2018-08-31\nconditions:\n  never: false\nresources:\n  w: {type: OS::Heat::None, condition: never}\n  v: {type: OS::Heat::None, properties: {a: {get_resource: w}}}\n",
                    1,
                ),
                // Heat drops a dependency on a resource it removes.
                finds(
                    concat!(
                        "heat_template_version: 2018-08-31\nconditions:\n  never: false\n",
                        "resources:\n  w: {type: OS::Heat::None, condition: never}\n",
                        "  v: {type: OS::Heat::None, depends_on: [w]}\n",
                    ),
                    0,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nconditions:\n  never: {equals: [a, b]}\nresources:\n  w: {type: OS::Heat::None, condition: never, depends_on: x, properties: {a: {get_resource: y}}}\n  v:\n    type: OS::Heat::None\n    properties:\n      a: {if: [never, {get_resource: z}, 1]}\n      b: {get_resource: q}\n      b: 2\n",
                    0,
                ),
                finds(
                    "AWSTemplateFormatVersion: 2010-09-09\nParameters:\n  Size: {Type: String}\nResources:\n  a:\n    Type: OS::Heat::None\n    Properties: {value: {Ref: Size}, region: {Ref: 'AWS::Region'}}\n",
                    0,
                ),
                // A CloudFormation condition's `Ref` is a parameter's.
                finds(
                    concat!(
                        "AWSTemplateFormatVersion: 2010-09-09\n",
                        "Conditions:\n  C: {'Fn::Equals': [{Ref: Nope}, a]}\n",
                        "Resources:\n  A: {Type: OS::Heat::None}\n",
                    ),
                    0,
                ),
            ],
        );
    }
}
