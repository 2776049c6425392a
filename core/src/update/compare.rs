//! Both templates of an update compared resource by resource, in
//! dependency order, and each nested stack the same way inside its parent
//! resource (`PARENT/NAME`), as Heat updates a nested stack with the
//! parent's properties as its parameters.

use std::collections::BTreeMap;

use super::decide::{retained, type_of, Update};
use super::side::Side;
use super::values::{evaluate, references, Scope, Time};
use super::{members, Action, Change, Fate};
use crate::catalog::CatalogAt;
use crate::template::value::V;

/// How deep nested stacks are previewed: Heat's default
/// `max_nested_stack_depth`.
const MAX_NESTING: usize = 5;

/// What the update from `old` to `new` does to each resource: the new
/// template's in its order (with a group's members and a nested stack's
/// resources after it), then the deleted ones.
pub(super) fn compare(
    old: &Side<'_>,
    new: &Side<'_>,
    catalog: CatalogAt<'_>,
    depth: usize,
) -> Vec<Change> {
    let mut fates: BTreeMap<String, Fate> = BTreeMap::new();
    // A repeated name is one resource, its last definition (Heat's); a
    // resource whose condition is false is none.
    let mut names: Vec<&str> = Vec::new();
    for resource in new.template.resources() {
        names.retain(|&name| name != resource.name);
        if new.resource(&resource.name).is_some() {
            names.push(&resource.name);
        }
    }
    let depends: BTreeMap<&str, Vec<String>> = names
        .iter()
        .map(|&name| {
            let body = new.resource(name).expect("listed").definition.body;
            let named = references(&new.template, body);
            let inside = named
                .into_iter()
                .filter(|r| r != name && new.resource(r).is_some());
            (name, inside.collect())
        })
        .collect();
    // In dependency order: a resource is decided once those it refers to are.
    let mut pending: Vec<&str> = names.clone();
    while !pending.is_empty() {
        let before = pending.len();
        pending.retain(|&name| {
            if depends[name].iter().any(|r| !fates.contains_key(r)) {
                return true;
            }
            let update = Update {
                old,
                new,
                fates: &fates,
                catalog,
            };
            let fate = update.decide(name);
            fates.insert(name.to_owned(), fate);
            false
        });
        if pending.len() == before {
            for name in pending.drain(..) {
                let definition = &new.resource(name).expect("listed").definition;
                let why = "it is in a circle of references, which Heat refuses".into();
                fates.insert(name.to_owned(), Fate::unknown(type_of(definition), why));
            }
        }
    }
    let update = Update {
        old,
        new,
        fates: &fates,
        catalog,
    };
    let mut changes: Vec<Change> = Vec::new();
    for &name in &names {
        let mut change = fates[name].change(name);
        // The type as the new template writes it (not the URL it stands for).
        change.resource_type = type_of(&new.resource(name).expect("listed").definition);
        changes.push(change);
        changes.extend(members::member_changes(&update, name, &fates[name]));
        if depth < MAX_NESTING {
            changes.extend(inside(&update, name, depth));
        }
    }
    let mut deleted: Vec<&str> = Vec::new();
    for resource in old.template.resources() {
        let name = resource.name.as_str();
        if old.resource(name).is_some() && new.resource(name).is_none() && !deleted.contains(&name)
        {
            deleted.push(name);
        }
    }
    for name in deleted {
        let definition = &old.resource(name).expect("listed").definition;
        let why = match new.disabled_by(name) {
            Some(condition) => format!("its condition {condition} is false in the new template"),
            None => "it is not in the new template".into(),
        };
        changes.push(Change {
            name: name.to_owned(),
            resource_type: type_of(definition),
            action: Action::Deleted,
            properties: Vec::new(),
            why,
            effect: Some(if retained(&old.template, definition) {
                "Heat forgets it but leaves it in the cloud (deletion_policy: Retain)".into()
            } else {
                "deleted from the cloud".into()
            }),
        });
        changes.extend(members::deleted_members(old, name));
    }
    changes
}

/// The resources of the nested stack resource `name` makes, when Heat
/// updates it in place and both its templates are among the files.
fn inside(update: &Update<'_, '_>, name: &str, depth: usize) -> Vec<Change> {
    let fate = &update.fates[name];
    if !matches!(fate.action, Action::Updated | Action::Unchanged) {
        return Vec::new();
    }
    let (Some(before), Some(after)) = (update.old.resource(name), update.new.resource(name)) else {
        return Vec::new();
    };
    let old_type = update.old.type_of(&before.definition);
    let new_type = update.new.type_of(&after.definition);
    let values = |side: &Side<'_>, time: Time, definition| -> Option<BTreeMap<String, _>> {
        let scope = Scope {
            time,
            side,
            fates: update.fates,
        };
        let Some(entry) = side.template.resource_entry(definition, "properties") else {
            return Some(BTreeMap::new());
        };
        match evaluate(&scope, entry.value).ok()?.v {
            V::Map(entries) => Some(entries.into_iter().collect()),
            V::Null => Some(BTreeMap::new()),
            _ => None,
        }
    };
    let old_values = values(update.old, Time::Old, &before.definition);
    let new_values = values(update.new, Time::New, &after.definition);
    let (Some(old_values), Some(new_values)) = (old_values, new_values) else {
        return Vec::new();
    };
    let (Some(old), Some(new)) = (
        update.old.nested(&old_type, old_values),
        update.new.nested(&new_type, new_values),
    ) else {
        return Vec::new();
    };
    compare(&old, &new, update.catalog, depth + 1)
        .into_iter()
        .map(|mut change| {
            change.name = format!("{name}/{}", change.name);
            change
        })
        .collect()
}
