#![doc = include_str!("unknown_property.md")]

use crate::catalog::{Property, ResourceType};
use crate::lint::context::{with_suggestions, Context};
use crate::lint::{Rule, Subject};
use crate::suggest::closest;
use crate::syntax::NodeId;

/// `key` (at `path`) of a resource's properties (`parent` is `None`) or of
/// a `Map` property's value.
pub(crate) fn check(
    cx: &mut Context<'_, '_>,
    resource_type: ResourceType<'_>,
    parent: Option<Property<'_>>,
    key: &str,
    path: &str,
    key_node: NodeId,
) {
    let siblings: Vec<&str> = match parent {
        None => resource_type.properties().map(|p| p.name()).collect(),
        Some(parent) => parent.children().map(|p| p.name()).collect(),
    };
    let message = with_suggestions(
        format!("`{path}` is not a property of `{}`", resource_type.name()),
        &closest(key, siblings),
    );
    let range = cx.tree.range(key_node);
    let diagnostic = cx.report(Rule::UnknownProperty, range, message);
    diagnostic.subject = Some(Subject::Property {
        type_name: resource_type.name().to_owned(),
        path: path.to_owned(),
    });
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownProperty,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties: {netwrok: a, fixed_ips: [{subnet: s, ip: x}]}\n",
                    2,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties: {network: a, fixed_ips: [{subnet: s}]}\n",
                    0,
                ),
                // A key written twice: Heat's loader keeps the later value
                // only, and that is the one checked (duplicate-key reports
                // the other).
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      netwrok: a\n      netwrok: b\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      netwrok: a\n      network: b\n",
                    1,
                ),
                // OS::Heat::None stands in for any type: Heat takes every
                // property (recorded: validation/none-takes-anything.yaml).
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  n:\n    type: OS::Heat::None\n    properties: {foo: 1, network_id: x}\n",
                    0,
                ),
            ],
        );
    }
}
