#![doc = include_str!("unknown_nested_output.md")]

use crate::lint::context::Context;
use crate::lint::suggest::closest;
use crate::lint::{context::with_suggestions, Related, Rule};

/// `get_attr` of a template resource, or of a group's members, naming an
/// output their nested template lacks, in a file linted as part of its
/// stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let members = cx.nested_uses();
    for reference in template.attribute_refs() {
        let (Some(resource_name), Some(attribute)) =
            (reference.resource_name(tree), reference.attribute)
        else {
            continue;
        };
        let Some(written) = tree.scalar(attribute) else {
            continue;
        };
        let Some(resource) = template.resource(resource_name) else {
            continue;
        };
        let (interface, name, at) = if let Some(interface) = cx.nested_template(resource) {
            (interface, written, attribute)
        } else if let Some(member) = members
            .iter()
            .find(|used| used.member_of.as_deref() == Some(resource_name))
        {
            let group = resource.definition.type_name.as_deref().unwrap_or_default();
            let Some((name, at)) = reference.member_attribute(tree, group) else {
                continue;
            };
            (member.interface, name, at)
        } else {
            continue;
        };
        // The attributes every stack resource has besides the outputs.
        if interface.outputs.iter().any(|o| o == name) || matches!(name, "OS::stack_id" | "show") {
            continue;
        }
        // In a resource's definition the create resolves it, and fails
        // there; in an output it is resolved only when shown.
        let call = tree.range(reference.call.call);
        let user = template.resources().iter().find(|resource| {
            let body = tree.range(resource.definition.body);
            body.start <= call.start && call.end <= body.end
        });
        let asked = tree.source(reference.call.args);
        let says = match user {
            Some(user) => format!(
                "{} has no output `{name}`: Heat accepts the template, then fails the create when it creates `{}` (\"The Referenced Attribute ({resource_name} {written}) is incorrect\"), after the resources it creates first",
                interface.name, user.name
            ),
            None => format!(
                "{} has no output `{name}`: Heat creates the stack and the value of `{asked}` is an error when the output is shown",
                interface.name
            ),
        };
        let message = with_suggestions(
            says,
            &closest(name, interface.outputs.iter().map(String::as_str)),
        );
        let diagnostic = cx.report(Rule::UnknownNestedOutput, tree.range(at), message);
        if user.is_some() {
            diagnostic.severity = crate::lint::Severity::Error;
        } else {
            // Heat creates the stack: no stage refuses it.
            diagnostic.stage = None;
        }
        diagnostic.related.push(Related {
            url: interface.url.clone(),
            range: crate::text::TextRange::empty(0),
            message: format!("the template {} is", interface.name),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    #[test]
    fn group_members() {
        let app = "heat_template_version: 2018-08-31\noutputs:\n  address: {value: 1}\n";
        let found =
            |root: &'static str| nested_findings(Rule::UnknownNestedOutput, root, app, None);
        let head = |group: &str| {
            format!("heat_template_version: 2018-08-31\nresources:\n  g:\n    {group}\n  u:\n    type: OS::Heat::Value\n    properties:\n      value:\n")
        };
        let group = head("{type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: app.yaml}}}");
        let text = format!("{group}        - {{get_attr: [g, adress]}}\n        - {{get_attr: [g, resource.0, adres]}}\n        - {{get_attr: [g, resource.1.addr]}}\n        - {{get_attr: [g, attributes, address]}}\n        - {{get_attr: [g, refs]}}\n        - {{get_attr: [g, resource.0, address]}}\n");
        assert_eq!(
            found(Box::leak(text.into_boxed_str())),
            ["adress", "adres", "resource.1.addr"]
        );
        let scaled = head("{type: OS::Heat::AutoScalingGroup, properties: {min_size: 1, max_size: 2, resource: {type: app.yaml}}}");
        let text = format!("{scaled}        - {{get_attr: [g, outputs_list, adress]}}\n        - {{get_attr: [g, outputs, address]}}\n        - {{get_attr: [g, current_size]}}\n");
        assert_eq!(found(Box::leak(text.into_boxed_str())), ["adress"]);
        // No member is asked anything.
        let none = head("{type: OS::Heat::ResourceGroup, properties: {count: 0, resource_def: {type: app.yaml}}}");
        let text = format!("{none}        - {{get_attr: [g, adress]}}\n");
        assert!(found(Box::leak(text.into_boxed_str())).is_empty());
    }

    #[test]
    fn cases() {
        let app = "heat_template_version: 2018-08-31\noutputs:\n  address: {value: 1}\n";
        let found =
            |root: &'static str| nested_findings(Rule::UnknownNestedOutput, root, app, None);
        assert_eq!(
            found("heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml}\noutputs:\n  o: {value: {get_attr: [a, adress]}}\n  p: {value: {get_attr: [a, address]}}\n  q: {value: {get_attr: [a, OS::stack_id]}}\n"),
            ["adress"]
        );
    }
}
