#![doc = include_str!("conflicting_properties.md")]

use crate::catalog::{ResourceType, RuleKind};
use crate::lint::context::Context;
use crate::lint::migrate;
use crate::lint::{Rule, Subject};
use crate::syntax::NodeId;

use crate::template::merge::merged_entry;

pub(crate) fn check<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    properties: NodeId,
) {
    for rule in resource_type.translation_rules() {
        if rule.kind() != RuleKind::Replace {
            continue;
        }
        let path: Vec<&str> = rule.path().collect();
        let Some((new_key, parent_path)) = path.split_last() else {
            continue;
        };
        let old_key: &str = if let Some(value_name) = rule.value_name() {
            value_name
        } else if let Some(value_path) = rule.value_path() {
            let value_path: Vec<&str> = value_path.collect();
            match value_path.split_last() {
                Some((old, old_parent)) if old_parent == parent_path => old,
                _ => continue,
            }
        } else {
            continue;
        };
        // The old value may sit inside the old property (Mistral's
        // `policies.retry` for `retry`).
        let inner: Vec<&str> = rule
            .custom_value_path()
            .map(Iterator::collect)
            .unwrap_or_default();
        for mapping in mappings_at(cx, properties, parent_path) {
            let tree = cx.tree;
            // Keys merged in with `<<` count: Heat sees the merged mapping.
            let Some((new_holder, new_entry)) = merged_entry(tree, mapping, new_key) else {
                continue;
            };
            let new_value = new_entry.value;
            let Some((old_holder, old_entry)) = merged_entry(tree, mapping, old_key) else {
                continue;
            };
            let mut old_value = Some(old_entry.value);
            for segment in &inner {
                old_value = old_value.and_then(|value| {
                    tree.is_mapping(value)
                        .then(|| tree.get(value, segment))
                        .flatten()
                });
            }
            // Heat refuses only when both values are truthy (Python's
            // `if value and prop_value`): an empty one is overridden.
            let Some(old_value) = old_value else {
                continue;
            };
            let falsy = |node| cx.template.truthiness(node) == Some(false);
            if falsy(new_value) || falsy(old_value) {
                continue;
            }
            let mut old_path: Vec<&str> = vec![old_key];
            old_path.extend(&inner);
            let written_old = old_path.join(".");
            // As Heat names them in its error: paths without list indices.
            let heat_new = path.join(".");
            let heat_old = parent_path
                .iter()
                .chain(&old_path)
                .copied()
                .collect::<Vec<_>>()
                .join(".");
            let message = format!(
                "`{new_key}` and `{written_old}` cannot both be set: Heat refuses the template \
                 (\"Cannot define the following properties at the same time: {heat_new}, {heat_old}\"); keep one of them"
            );
            // On the old property's key, where its fix is.
            // Reported where this mapping writes one of the two; when both
            // come from merged mappings, at the first merge key.
            let range = if old_holder == mapping {
                tree.range(old_entry.key)
            } else if new_holder == mapping {
                tree.range(new_entry.key)
            } else {
                tree.entries(mapping)
                    .map(|entry| entry.key)
                    .find(|&key| tree.is_merge_key(key))
                    .map_or_else(|| tree.range(old_entry.key), |key| tree.range(key))
            };
            let mut subject_path = parent_path.join(".");
            if !subject_path.is_empty() {
                subject_path.push('.');
            }
            subject_path.push_str(old_key);
            // A merged key is another mapping's text too: no edit there.
            let fix = if old_holder == mapping && new_holder == mapping {
                migrate::property::fix(cx, resource_type, &subject_path, old_entry, mapping)
            } else {
                None
            };
            let diagnostic = cx.report_with_fix(Rule::ConflictingProperties, range, message, fix);
            diagnostic.subject = Some(Subject::Property {
                type_name: resource_type.name().to_owned(),
                path: subject_path,
            });
        }
    }
}

/// The mappings found by following `path` from `start`, list levels
/// implicit (each item of a list is followed).
fn mappings_at(cx: &Context<'_, '_>, start: NodeId, path: &[&str]) -> Vec<NodeId> {
    let tree = cx.tree;
    let mut current = vec![start];
    for segment in path {
        let mut next = Vec::new();
        for node in current {
            let Some(value) = tree.get(node, segment) else {
                continue;
            };
            if tree.is_sequence(value) {
                next.extend(
                    tree.items(value)
                        .iter()
                        .copied()
                        .filter(|&item| tree.is_mapping(item)),
                );
            } else if tree.is_mapping(value) {
                next.push(value);
            }
        }
        current = next;
    }
    current
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes, fixes_unsafely};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::ConflictingProperties,
            &[
                // Both truthy: Heat refuses; only advice.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: a\n      network_id: b\n",
                    1,
                ),
                // One empty: Heat accepts, no conflict.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: ''\n      network_id: b\n",
                    0,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: a\n",
                    0,
                ),
                // Merged in with `<<`: Heat sees both keys in one mapping.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      <<: {network_id: b}\n      network: a\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nbase: &base {network: a, network_id: b}\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      <<: *base\n",
                    1,
                ),
                // The mapping's own empty value wins over the merged one.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      <<: {network_id: b}\n      network: a\n      network_id: ''\n",
                    0,
                ),
            ],
        );
    }

    #[test]
    fn a_conflict_merged_in_is_reported_without_an_edit() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      <<: {network_id: b}\n      network: a\n";
        let template = crate::template::parse(text);
        let options = crate::lint::LintOptions::new(crate::catalog::Catalog::builtin());
        let findings: Vec<_> = crate::lint::lint_template(&template, &options)
            .into_iter()
            .filter(|d| d.rule == Rule::ConflictingProperties)
            .collect();
        assert_eq!(findings.len(), 1);
        assert_eq!(&text[findings[0].range.as_usize()], "network");
        assert!(findings[0].fix.is_none());
    }

    #[test]
    fn an_empty_side_is_migrated_by_the_old_propertys_fix() {
        check(
            Rule::HiddenProperty,
            &[
                fixes(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: ''\n      network_id: b\n",
                    1,
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: b\n",
                ),
                fixes_unsafely(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: a\n      network_id: ''\n",
                    1,
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: a\n",
                ),
            ],
        );
    }
}
