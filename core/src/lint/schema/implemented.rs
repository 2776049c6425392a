//! Properties Heat marks as not implemented: it refuses one a template
//! sets, whatever its value.

use crate::catalog::{Properties, PropertyType};
use crate::lint::written::Props;
use crate::syntax::NodeId;

/// A property written that Heat marks as not implemented, at any depth
/// (a list's items too): Heat refuses the resource when the key is there,
/// whatever its value ("Property Monitoring not implemented yet").
pub(crate) fn not_implemented(
    p: &Props<'_, '_>,
    schema: Properties<'_>,
    mapping: NodeId,
) -> Option<(NodeId, String)> {
    let tree = p.tree;
    if !tree.is_mapping(mapping) {
        return None;
    }
    let refused = |name: &str, at: NodeId| {
        Some((
            at,
            format!(
                "Heat does not implement `{name}` and refuses it whatever its value: remove it"
            ),
        ))
    };
    for entry in tree.entries(mapping) {
        let Some(property) = tree.scalar(entry.key).and_then(|name| schema.get(name)) else {
            continue;
        };
        let value = tree.alias_target(entry.value).unwrap_or(entry.value);
        if p.template
            .call_at(value)
            .is_some_and(|call| matches!(call.name, "if" | "Fn::If"))
        {
            continue;
        }
        if !property.implemented() {
            return refused(property.name(), entry.key);
        }
        if p.template.is_call(value) || !property.has_schema() {
            continue;
        }
        let found = match property.value_type() {
            PropertyType::List if tree.is_sequence(value) => {
                let Some(items) = property.children().get("*") else {
                    continue;
                };
                match tree.items(value).first() {
                    Some(&item) if !items.implemented() => refused(property.name(), item),
                    _ => (tree.items(value).iter())
                        .find_map(|&item| not_implemented(p, items.children(), item)),
                }
            }
            _ => not_implemented(p, property.children(), value),
        };
        if found.is_some() {
            return found;
        }
    }
    None
}
