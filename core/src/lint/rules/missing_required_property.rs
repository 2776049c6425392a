#![doc = include_str!("missing_required_property.md")]

use crate::catalog::{Property, ResourceType, RuleKind};
use crate::lint::context::Context;
use crate::lint::{Rule, Subject};
use crate::syntax::NodeId;
use crate::template::merge;
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
    let set: Vec<&str> = mapping.map_or_else(Vec::new, |mapping| {
        merge::flattened(tree, mapping)
            .into_iter()
            .filter_map(|merged| tree.scalar(merged.entry.key))
            .collect()
    });
    let schema = match parent {
        None => resource_type.properties(),
        Some(parent) => parent.children(),
    };
    let missing: Vec<Property<'_>> = schema
        .filter(|p| p.required() && p.default_json().is_none() && !set.contains(&p.name()))
        .filter(|p| cx.at.state(p).is_available())
        .filter(|p| !filled_by_translation(resource_type, &p.path(), &set))
        .collect();
    for property in missing {
        let path = property.path();
        let message = format!(
            "`{}` requires the property `{path}`, which is not set: Heat refuses the resource (\"Property {} not assigned\")",
            resource_type.name(),
            property.name()
        );
        let diagnostic = cx.report(Rule::MissingRequiredProperty, range, message);
        diagnostic.subject = Some(Subject::Property {
            type_name: resource_type.name().to_owned(),
            path,
        });
    }
}

/// Whether a translation rule gives the property its value from another
/// one that is set (a deprecated name such as `network_id`).
fn filled_by_translation(resource_type: ResourceType<'_>, path: &str, set: &[&str]) -> bool {
    resource_type.translation_rules().any(|rule| {
        if !matches!(rule.kind(), RuleKind::Add | RuleKind::Replace)
            || rule.path().collect::<Vec<_>>().join(".") != path.replace(".*", "")
        {
            return false;
        }
        let source = rule
            .value_name()
            .or_else(|| rule.value_path().and_then(|mut p| p.next()));
        source.is_none_or(|source| set.contains(&source))
    })
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
            ],
        );
    }
}
