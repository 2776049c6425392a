#![doc = include_str!("unknown_attribute.md")]

use crate::catalog::ResourceType;
use crate::lint::context::{with_suggestions, Context};
use crate::lint::{Rule, Subject};
use crate::suggest::closest;
use crate::text::TextRange;

pub(crate) fn check(
    cx: &mut Context<'_, '_>,
    resource_type: ResourceType<'_>,
    attribute_name: &str,
    range: TextRange,
) {
    if resource_type.has_dynamic_attributes() {
        return;
    }
    let names = resource_type.attributes().map(|a| a.name());
    let message = with_suggestions(
        format!(
            "`{}` has no attribute `{attribute_name}`",
            resource_type.name()
        ),
        &closest(attribute_name, names),
    );
    let diagnostic = cx.report(Rule::UnknownAttribute, range, message);
    diagnostic.subject = Some(Subject::Attribute {
        type_name: resource_type.name().to_owned(),
        name: attribute_name.to_owned(),
    });
}

/// An attribute a `ResourceGroup`'s `get_attr` reads from each member,
/// which the members' type lacks.
pub(crate) fn check_member(
    cx: &mut Context<'_, '_>,
    member: ResourceType<'_>,
    group: &str,
    attribute_name: &str,
    range: TextRange,
) {
    if member.has_dynamic_attributes() {
        return;
    }
    let names = member.attributes().map(|a| a.name());
    let message = with_suggestions(
        format!(
            "the members of `{group}` are `{}`, which has no attribute `{attribute_name}`: Heat refuses it (\"The Referenced Attribute is incorrect\")",
            member.name()
        ),
        &closest(attribute_name, names),
    );
    let diagnostic = cx.report(Rule::UnknownAttribute, range, message);
    diagnostic.subject = Some(Subject::Attribute {
        type_name: member.name().to_owned(),
        name: attribute_name.to_owned(),
    });
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Nova::Server, properties: {image: i, flavor: f}}\n  g: {type: OS::Heat::ResourceGroup, properties: {resource_def: {type: OS::Heat::None}}}\noutputs:\n  a: {value: {get_attr: [s, networks]}}\n  b: {value: {get_attr: [s, netwroks]}}\n  c: {value: {get_attr: [g, anything]}}\n";
        check(Rule::UnknownAttribute, &[finds(text, 1)]);
        // Every attribute of OS::Heat::None is there (as null).
        let none = "heat_template_version: 2018-08-31\nresources:\n  n: {type: OS::Heat::None}\noutputs:\n  a: {value: {get_attr: [n, anything]}}\n";
        check(Rule::UnknownAttribute, &[finds(none, 0)]);
        // A group's get_attr reads its members' attributes, every way Heat
        // takes it.
        let group = "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}\noutputs:\n  a: {value: {get_attr: [g, value]}}\n  b: {value: {get_attr: [g, attributes, value]}}\n  c: {value: {get_attr: [g, refs]}}\n  d: {value: {get_attr: [g, valeu]}}\n  e: {value: {get_attr: [g, attributes, nosuch]}}\n  f: {value: {get_attr: [g, resource.0.nosuch]}}\n  h: {value: {get_attr: [g, resource.0, nosuch]}}\n";
        check(Rule::UnknownAttribute, &[finds(group, 4)]);
    }
}
