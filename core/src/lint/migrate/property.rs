//! The migration of a property with the type's translation rules, shared
//! by the property's status findings (HW201–HW203, HW205) and by
//! conflicting-properties (HW206): REPLACE renames, ADD + DELETE
//! restructures, DELETE drops, Mistral's nested REPLACE hoists. Each writes
//! what Heat's translation makes of the property in memory
//! (`tools/heat_oracle` checks the fixtures against Heat itself).

use serde_json::Value;

use crate::catalog::{ResourceType, RuleKind, TranslationRule};
use crate::fix::translation::{
    advice, describe_value, merge_touching, names_property, quoted_list, replace_pair,
    to_new_value, EMPTY_VALUE_CAVEAT,
};
use crate::fix::{Applicability, Fix, NewValue};
use crate::lint::context::Context;
use crate::syntax::{Entry, NodeId};

/// The migration of a property, or Heat's advice about it when no edit
/// can be written (a comment or layout in the way, a function call).
pub(crate) fn fix<'a>(
    cx: &Context<'a, '_>,
    resource_type: ResourceType<'a>,
    path: &str,
    entry: Entry,
    mapping: NodeId,
) -> Option<Fix> {
    migration(cx, resource_type, path, entry, mapping).or_else(|| {
        let segments: Vec<&str> = path.split('.').filter(|s| *s != "*").collect();
        let property = resource_type.property_at(&segments)?;
        advice(cx.at.status_now(&property))
    })
}

fn migration<'a>(
    cx: &Context<'a, '_>,
    resource_type: ResourceType<'a>,
    path: &str,
    entry: Entry,
    mapping: NodeId,
) -> Option<Fix> {
    if !cx.duplicates(mapping).is_empty() {
        // Heat keeps the last of two equal keys: an edit could bring an
        // ignored entry back or hide the one in force.
        return None;
    }
    let segments: Vec<&str> = path.split('.').filter(|s| *s != "*").collect();
    let (key, parent) = segments.split_last()?;
    let rules: Vec<TranslationRule<'a>> = resource_type.translation_rules().collect();
    let rule_parent = |rule: &TranslationRule<'a>| -> Vec<&'a str> {
        let path: Vec<&str> = rule.path().collect();
        path[..path.len().saturating_sub(1)].to_vec()
    };

    // `policies` of a Mistral task: its entries move up into the task.
    let hoisted: Vec<TranslationRule<'a>> = rules
        .iter()
        .copied()
        .filter(|r| {
            r.kind() == RuleKind::Replace
                && r.value_name() == Some(*key)
                && r.custom_value_path().is_some()
                && rule_parent(r) == parent
        })
        .collect();
    if !hoisted.is_empty() {
        return hoist_fix(cx, entry, key, &hoisted);
    }

    for rule in &rules {
        if rule.kind() != RuleKind::Replace || rule.custom_value_path().is_some() {
            continue;
        }
        let Some((new_key, old_key)) = replace_pair(rule) else {
            continue;
        };
        if rule_parent(rule) != parent {
            continue;
        }
        let other = if *key == old_key {
            new_key
        } else if *key == new_key {
            old_key
        } else {
            continue;
        };
        let mut other_path = parent.to_vec();
        other_path.push(other);
        let other_supported = cx.is_supported(resource_type, &other_path);
        if let Some(other_entry) = cx.tree.get_entry(mapping, other) {
            let (old_entry, new_entry) = if *key == old_key {
                (entry, other_entry)
            } else {
                (other_entry, entry)
            };
            return both_set_fix(cx, old_entry, new_entry, other_supported, key, other);
        }
        if !other_supported {
            continue;
        }
        let edit = cx.editor.rename_key(entry, other)?;
        return Fix::new(
            format!("Replace `{key}` with `{other}`"),
            vec![edit],
            Applicability::Safe,
        );
    }

    let deleted = rules
        .iter()
        .any(|r| r.kind() == RuleKind::Delete && r.path().eq(segments.iter().copied()));
    if deleted {
        let added = rules.iter().find(|r| {
            r.kind() == RuleKind::Add
                && rule_parent(r) == parent
                && r.value().is_some_and(|v| names_property(&v, key))
        });
        return match added {
            Some(add) => add_fix(cx, resource_type, mapping, entry, key, add),
            None => delete_fix(cx, entry, key, rules.iter().any(|r| r.conditional())),
        };
    }
    None
}

/// An ADD rule that takes the property's value plus the DELETE rule
/// that drops the property: the entry becomes the added value.
fn add_fix<'a>(
    cx: &Context<'a, '_>,
    resource_type: ResourceType<'a>,
    mapping: NodeId,
    entry: Entry,
    key: &str,
    add: &TranslationRule<'a>,
) -> Option<Fix> {
    let target_path: Vec<&str> = add.path().collect();
    let target = *target_path.last()?;
    if !cx.is_supported(resource_type, &target_path) {
        return None;
    }
    let applicability = match cx.template.truthiness(entry.value) {
        Some(true) => Applicability::Safe,
        Some(false) => {
            return Some(Fix::display_only(format!(
                "Remove `{key}`: Heat ignores it when it is empty"
            )))
        }
        None => Applicability::Unsafe,
    };
    let Some(Value::Array(items)) = add.value() else {
        return None;
    };
    let new_items: Vec<NewValue> = items
        .iter()
        .map(|item| to_new_value(item, key, entry.value))
        .collect::<Option<_>>()?;
    let shape = describe_value(&Value::Array(items.clone()), key);
    let caveat = match applicability {
        Applicability::Unsafe => format!(" ({EMPTY_VALUE_CAVEAT})"),
        _ => String::new(),
    };
    match cx.tree.get_entry(mapping, target) {
        Some(existing) => {
            let list = existing.value;
            if !cx.tree.is_sequence(list)
                || cx.template.is_call(list)
                || cx.tree.anchor(list).is_some()
            {
                return Some(Fix::display_only(format!(
                    "Add {shape} to `{target}` and remove `{key}`"
                )));
            }
            let mut edits = Vec::new();
            for item in &new_items {
                edits.push(cx.editor.append_item(list, item)?);
            }
            edits.extend(cx.editor.delete_entry(entry)?);
            // Heat's ADD rule then translates the list's items as if
            // they were lists and fails: the template is refused, and
            // the migrated one is not.
            Fix::new(
                format!(
                    "Add {shape} to `{target}` and remove `{key}` (unsafe: Heat refuses the template \
                     while both are set, \"cannot resolve Add rule for non-list translation value\")"
                ),
                merge_touching(edits),
                Applicability::Unsafe,
            )
        }
        None => {
            let edits = if let [NewValue::Source(node)] = new_items.as_slice() {
                let mut edits = vec![cx.editor.rename_key(entry, target)?];
                edits.extend(cx.editor.wrap_in_list(*node)?);
                edits
            } else {
                cx.editor
                    .replace_entry(entry, target, &NewValue::List(new_items))?
            };
            Fix::new(
                format!("Replace `{key}` with `{target}: {shape}`{caveat}"),
                edits,
                applicability,
            )
        }
    }
}

/// A DELETE rule alone: Heat drops the property.
fn delete_fix<'a>(cx: &Context<'a, '_>, entry: Entry, key: &str, conditional: bool) -> Option<Fix> {
    let applicability = match (conditional, cx.template.truthiness(entry.value)) {
        (false, _) | (true, Some(true)) => Applicability::Safe,
        (true, Some(false)) => {
            return Some(Fix::display_only(format!(
                "Remove `{key}`: Heat no longer uses it"
            )))
        }
        (true, None) => Applicability::Unsafe,
    };
    let edits = cx.editor.delete_entry(entry)?;
    let title = match applicability {
        Applicability::Unsafe => format!("Remove `{key}` ({EMPTY_VALUE_CAVEAT})"),
        _ => format!("Remove `{key}`, which Heat's translation drops"),
    };
    Fix::new(title, edits, applicability)
}

/// REPLACE rules with a custom value path (Mistral's task `policies`):
/// each named entry of the nested mapping moves up one level, then the
/// DELETE rule drops the emptied mapping.
fn hoist_fix<'a>(
    cx: &Context<'a, '_>,
    entry: Entry,
    key: &str,
    rules: &[TranslationRule<'a>],
) -> Option<Fix> {
    let tree = cx.tree;
    let inner = entry.value;
    let task = tree.parent(entry.key)?;
    if cx.template.is_call(inner) {
        // Heat's rule reads the entries from the template's data, where
        // a function is not yet resolved: it finds none, and its DELETE
        // rule then drops the whole value.
        return Some(Fix::display_only(format!(
            "Write the entries of `{key}` into the task itself: Heat ignores a `{key}` that a function gives"
        )));
    }
    if !tree.is_mapping(inner) {
        return None;
    }
    let moved: Vec<&str> = tree
        .entries(inner)
        .filter_map(|e| tree.scalar(e.key))
        .collect();
    let known: Vec<&str> = rules
        .iter()
        .filter_map(|r| r.custom_value_path().and_then(|mut p| p.next()))
        .collect();
    let unknown: Vec<String> = moved
        .iter()
        .filter(|name| !known.contains(name))
        .map(|s| (*s).to_owned())
        .collect();
    if !unknown.is_empty() {
        return Some(Fix::display_only(format!(
            "Move the entries of `{key}` into the task itself: Heat ignores {}",
            quoted_list(&unknown)
        )));
    }
    let clashing: Vec<String> = moved
        .iter()
        .filter(|name| tree.get_entry(task, name).is_some())
        .map(|s| (*s).to_owned())
        .collect();
    if !clashing.is_empty() {
        return Some(Fix::display_only(format!(
            "Keep either the task's {} or the one in `{key}`: Heat refuses the template while both are set",
            quoted_list(&clashing)
        )));
    }
    if !cx.duplicates(inner).is_empty() {
        return None;
    }
    let edits = cx.editor.hoist_entries(entry)?;
    let title = if moved.is_empty() {
        format!("Remove the empty `{key}`")
    } else {
        let names: Vec<String> = moved.iter().map(|s| (*s).to_owned()).collect();
        format!("Move {} out of `{key}` into the task", quoted_list(&names))
    };
    Fix::new(title, edits, Applicability::Safe)
}

/// The old and the new property of a REPLACE rule both written. Heat
/// refuses the template when both values are truthy; otherwise the old
/// value, even an empty one, becomes the new property's.
fn both_set_fix(
    cx: &Context<'_, '_>,
    old_entry: Entry,
    new_entry: Entry,
    other_supported: bool,
    key: &str,
    other: &str,
) -> Option<Fix> {
    let tree = cx.tree;
    let old_name = tree.scalar(old_entry.key)?;
    let new_name = tree.scalar(new_entry.key)?;
    match (
        cx.template.truthiness(old_entry.value),
        cx.template.truthiness(new_entry.value),
    ) {
        (_, Some(false)) => {
            // What Heat does: the empty new entry gives way to the old
            // one, renamed.
            let mut edits = cx.editor.delete_entry(new_entry)?;
            edits.push(cx.editor.rename_key(old_entry, new_name)?);
            Fix::new(
                format!("Remove the empty `{new_name}` and rename `{old_name}` to `{new_name}`"),
                edits,
                Applicability::Safe,
            )
        }
        (Some(false), _) => Fix::new(
            format!(
                "Remove the empty `{old_name}` (unsafe: Heat now gives `{new_name}` its empty value instead of the one written)"
            ),
            cx.editor.delete_entry(old_entry)?,
            Applicability::Unsafe,
        ),
        _ => {
            let (keep, drop) = if other_supported {
                (other, key)
            } else {
                (key, other)
            };
            Some(Fix::display_only(format!(
                "Keep `{keep}` and remove `{drop}` once you know which value is meant: Heat refuses the template while both are set, and `{keep}` is the supported one"
            )))
        }
    }
}
