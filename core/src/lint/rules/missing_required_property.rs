#![doc = include_str!("missing_required_property.md")]

use crate::catalog::{Property, ResourceType, RuleKind};
use crate::lint::context::Context;
use crate::lint::{Rule, Subject};
use crate::syntax::NodeId;
use crate::text::TextRange;

/// The properties of `mapping` (`None`: the resource sets none), the
/// resource's own (`parent` is `None`) or a `Map` property's; reported at
/// `range`.
pub(crate) fn check(
    cx: &mut Context<'_, '_>,
    resource_type: ResourceType<'_>,
    parent: Option<Property<'_>>,
    mapping: Option<NodeId>,
    range: TextRange,
) {
    let tree = cx.tree;
    // Each property set, and whether its value is one Heat has only once
    // a resource exists (`get_resource`, `get_attr`).
    let set: Vec<(&str, bool)> = mapping.map_or_else(Vec::new, |mapping| {
        (cx.flattened(mapping).iter())
            .filter_map(|merged| {
                let name = tree.scalar(merged.entry.key)?;
                Some((name, made_at_create(tree, merged.entry.value)))
            })
            .collect()
    });
    let names: Vec<&str> = set.iter().map(|(name, _)| *name).collect();
    let schema = match parent {
        None => resource_type.properties(),
        Some(parent) => parent.children(),
    };
    let missing: Vec<(Property<'_>, Filled)> = schema
        .filter(|p| p.required() && p.default_json().is_none() && !names.contains(&p.name()))
        .filter(|p| cx.at.state(p).is_available())
        .map(|p| (p, filled_by_translation(resource_type, &p.path(), &set)))
        .filter(|(_, filled)| *filled != Filled::Yes)
        .collect();
    for (property, filled) in missing {
        let path = property.path();
        let message = match filled {
            Filled::NotYet(source) => format!(
                "`{}` requires the property `{path}`, which Heat fills from `{source}`; it looks \
                 the value up before the resource it names exists, finds nothing, and refuses \
                 the resource (\"Property {} not assigned\"): set `{}` instead of `{source}`",
                resource_type.name(),
                property.name(),
                property.name()
            ),
            _ => format!(
                "`{}` requires the property `{path}`, which is not set: Heat refuses the resource (\"Property {} not assigned\")",
                resource_type.name(),
                property.name()
            ),
        };
        let diagnostic = cx.report(Rule::MissingRequiredProperty, range, message);
        diagnostic.subject = Some(Subject::Property {
            type_name: resource_type.name().to_owned(),
            path,
        });
    }
}

/// Whether a translation rule gives the property its value from another
/// one that is set (a deprecated name such as `network_id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Filled<'a> {
    Yes,
    No,
    /// From this property of a list's item, whose value Heat looks up
    /// (RESOLVE) before the resource it names exists.
    NotYet(&'a str),
}

/// Whether a translation rule fills the required property at `path` from
/// one that is set. A list item's rule reads its source (`value_name`)
/// as written: a `get_resource` or `get_attr` there is resolved while Heat
/// validates, before any resource exists, to nothing, which the type's
/// RESOLVE rule then keeps (`translation.replace`, `resolve_and_find`).
fn filled_by_translation<'a>(
    resource_type: ResourceType<'a>,
    path: &str,
    set: &[(&str, bool)],
) -> Filled<'a> {
    let rule_path = path.replace(".*", "");
    let on_path = |rule: &crate::catalog::TranslationRule<'_>| {
        rule.path().collect::<Vec<_>>().join(".") == rule_path
    };
    let resolved = resource_type
        .translation_rules()
        .any(|rule| rule.kind() == RuleKind::Resolve && on_path(&rule));
    let mut filled = Filled::No;
    for rule in resource_type.translation_rules() {
        if !matches!(rule.kind(), RuleKind::Add | RuleKind::Replace) || !on_path(&rule) {
            continue;
        }
        let Some(source) = rule
            .value_name()
            .or_else(|| rule.value_path().and_then(|mut p| p.next()))
        else {
            return Filled::Yes;
        };
        match set.iter().find(|(name, _)| *name == source) {
            Some((_, true)) if rule.value_name().is_some() && resolved => {
                filled = Filled::NotYet(source);
            }
            Some(_) => return Filled::Yes,
            None => {}
        }
    }
    filled
}

/// A value Heat has only once a resource exists: `get_resource`,
/// `get_attr` (`Ref` to a resource, `Fn::GetAtt`).
fn made_at_create(tree: &crate::syntax::Tree, value: NodeId) -> bool {
    let [key, _] = *tree.children(value) else {
        return false;
    };
    tree.is_mapping(value)
        && matches!(
            tree.scalar(key),
            Some("get_resource" | "get_attr" | "Fn::GetAtt")
        )
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::MissingRequiredProperty,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  w: {type: OS::Heat::WaitCondition}\n  s: {type: OS::Heat::RandomString}\n  q:\n    type: OS::Cinder::QoSSpecs\n    properties: {name: q}\n",
                    3, // handle and timeout, specs
                ),
                // A null value counts as set; a merged key counts.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  w:\n    type: OS::Heat::WaitCondition\n    properties:\n      <<: {handle: h}\n      timeout: 60\n  v: {type: OS::Heat::Value, properties: {value: null}}\n  p: {type: OS::Neutron::Port, properties: {network_id: n}}\n",
                    0,
                ),
                // Heat's translation fills `network` only from a `network_id` that is set.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p: {type: OS::Neutron::Port, properties: {name: n}}\n",
                    1,
                ),
                // Inside a map of a list: each item.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Heat::RandomString\n    properties: {character_classes: [{min: 1}, {class: digits}]}\n",
                    0,
                ),
                // Heat 27.0.1 refuses a gateway's connection whose hidden
                // `network_id` is a get_resource or get_attr, and accepts a
                // name or a parameter there (recorded with the oracle).
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  net: {type: OS::Neutron::Net}\n  g:\n    type: OS::Neutron::NetworkGateway\n    properties:\n      devices: [{id: d, interface_name: i}]\n      connections:\n        - {network_id: {get_resource: net}, segmentation_type: flat}\n        - {network_id: {get_attr: [net, name]}, segmentation_type: flat}\n        - {network_id: private, segmentation_type: flat}\n        - {network: {get_resource: net}, segmentation_type: flat}\n",
                    2,
                ),
            ],
        );
    }
}
