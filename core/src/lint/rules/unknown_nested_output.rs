#![doc = include_str!("unknown_nested_output.md")]

use crate::lint::context::Context;
use crate::lint::suggest::closest;
use crate::lint::{context::with_suggestions, Related, Rule};

/// `get_attr` of a template resource naming an output its nested template
/// lacks, in a file linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    for reference in template.attribute_refs() {
        let (Some(resource_name), Some(attribute)) =
            (reference.resource_name(tree), reference.attribute)
        else {
            continue;
        };
        let Some(name) = tree.scalar(attribute) else {
            continue;
        };
        let Some(interface) = template
            .resource(resource_name)
            .and_then(|r| cx.nested_template(r))
        else {
            continue;
        };
        // The attributes every stack resource has besides the outputs.
        if interface.outputs.iter().any(|o| o == name) || matches!(name, "OS::stack_id" | "show") {
            continue;
        }
        // In a resource's definition the create resolves it, and fails
        // there; in an output it is resolved only when shown.
        let at = tree.range(reference.call.call);
        let user = template.resources().iter().find(|resource| {
            let body = tree.range(resource.definition.body);
            body.start <= at.start && at.end <= body.end
        });
        let says = match user {
            Some(user) => format!(
                "{} has no output `{name}`: Heat accepts the template, then fails the create when it creates `{}` (\"The Referenced Attribute ({resource_name} {name}) is incorrect\"), after the resources it creates first",
                interface.name, user.name
            ),
            None => format!(
                "{} has no output `{name}`: Heat creates the stack and this value is null",
                interface.name
            ),
        };
        let message = with_suggestions(
            says,
            &closest(name, interface.outputs.iter().map(String::as_str)),
        );
        let diagnostic = cx.report(Rule::UnknownNestedOutput, tree.range(attribute), message);
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
