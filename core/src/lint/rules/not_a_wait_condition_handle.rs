#![doc = include_str!("not_a_wait_condition_handle.md")]

use crate::catalog::ResourceType;
use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::Resolution;
use crate::syntax::NodeId;
use crate::template::merge::merged_entry;

/// The types whose classes are Heat's `BaseWaitConditionHandle`.
const HANDLES: [&str; 3] = [
    "OS::Heat::WaitConditionHandle",
    "OS::Heat::UpdateWaitConditionHandle",
    "AWS::CloudFormation::WaitConditionHandle",
];

/// An `OS::Heat::WaitCondition` whose `handle` is `get_resource` of a
/// resource of the template that is not a wait condition handle.
pub(crate) fn check(cx: &mut Context<'_, '_>, resource_type: ResourceType<'_>, properties: NodeId) {
    if resource_type.name() != "OS::Heat::WaitCondition" {
        return;
    }
    let tree = cx.tree;
    let Some((_, entry)) = merged_entry(tree, properties, "handle") else {
        return;
    };
    let Some(call) = (cx.template.call_at(entry.value)).filter(|c| c.name == "get_resource") else {
        return;
    };
    let Some(name) = tree.scalar(call.args) else {
        return;
    };
    let Some(handle) = cx.template.resource(name) else {
        return; // HW306's
    };
    // One a condition may leave out is judged by the condition's value.
    let definition = &handle.definition;
    if cx
        .template
        .resource_entry(definition, "condition")
        .is_some()
    {
        return;
    }
    let Some(written) = definition.type_name.as_deref() else {
        return;
    };
    let made = match cx.mapped_type(written, Some(name)) {
        Some(Resolution::Type(mapped)) => mapped.to_string(),
        Some(_) => return, // a template resource: its own class
        None => written.to_owned(),
    };
    // A type Heat does not know is HW104's.
    if HANDLES.contains(&made.as_str()) || cx.catalog.resolve_type(&made).is_none() {
        return;
    }
    let message = format!(
        "`{name}` is an `{made}`, not a wait condition handle: Heat creates it, then fails \
         this wait condition's create (\"{name} is not a valid wait condition handle.\"); \
         give an OS::Heat::WaitConditionHandle"
    );
    cx.report(
        Rule::NotAWaitConditionHandle,
        tree.range(entry.value),
        message,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let wait = |handle_type: &str| -> &'static str {
            Box::leak(
                format!(
                    "heat_template_version: 2018-08-31\nresources:\n  h: {{type: {handle_type}}}\n  w:\n    type: OS::Heat::WaitCondition\n    properties: {{handle: {{get_resource: h}}, timeout: 60}}\n"
                )
                .into_boxed_str(),
            )
        };
        check(
            Rule::NotAWaitConditionHandle,
            &[
                finds(wait("OS::Heat::None"), 1),
                finds(wait("OS::Heat::SwiftSignalHandle"), 1),
                finds(wait("OS::Heat::WaitConditionHandle"), 0),
                finds(wait("OS::Heat::UpdateWaitConditionHandle"), 0),
                finds(wait("AWS::CloudFormation::WaitConditionHandle"), 0),
                finds(wait("handle.yaml"), 0),
            ],
        );
    }
}
