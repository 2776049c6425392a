//! The members of an `OS::Heat::ResourceGroup` as Heat's update treats
//! them, each named `GROUP/INDEX` as Heat names it in the group's nested
//! stack: a `count` that grows adds the new indexes, one that shrinks
//! deletes the highest; a `resource_def` that changes updates (or
//! replaces) each member that stays, as the member's own type decides; a
//! group replaced, added or deleted takes its members with it.

use std::collections::BTreeMap;

use super::decide::{type_of, Update};
use super::side::Side;
use super::values::{evaluate, Scope, Time};
use super::{Action, Change, Fate};
use crate::template::value::V;
use crate::template::Definition;

/// The most members listed per group.
const MAX_MEMBERS: usize = 1_000;

/// The member changes of group `name`, which the update does `group` to;
/// none when the resource is no ResourceGroup or its size is not known
/// offline.
pub(super) fn member_changes(update: &Update<'_, '_>, name: &str, group: &Fate) -> Vec<Change> {
    let (old, new) = (member_of(update.old, name), member_of(update.new, name));
    let before = old
        .and_then(|_| size(update.old, Time::Old, update.fates, name))
        .unwrap_or(0);
    let after = new
        .and_then(|_| size(update.new, Time::New, update.fates, name))
        .unwrap_or(0);
    let member = |index: usize, action: Action, why: String, definition: &Definition| Change {
        name: format!("{name}/{index}"),
        resource_type: type_of(definition),
        action,
        properties: Vec::new(),
        why,
        effect: None,
    };
    let mut changes = Vec::new();
    match (group.action, old, new) {
        (Action::Updated | Action::Unchanged, Some(old), Some(new)) => {
            for index in 0..before.min(after) {
                let mut fate = update.decide_between(&format!("{name}/{index}"), old, new);
                if fate.action == Action::Unchanged {
                    fate.why = "the group's resource_def is the same for it".into();
                }
                changes.push(fate.change(&format!("{name}/{index}")));
            }
            for index in after..before {
                let why = format!(
                    "the group's count shrinks to {after}: Heat removes the highest indexes"
                );
                changes.push(member(index, Action::Deleted, why, old));
            }
            for index in before..after {
                let why = format!("the group's count grows to {after}");
                changes.push(member(index, Action::Added, why, new));
            }
        }
        (Action::Replaced | Action::Added, _, Some(new)) => {
            for index in 0..after {
                let why = "a member of the new group".to_owned();
                changes.push(member(index, Action::Added, why, new));
            }
            if group.action == Action::Replaced {
                if let Some(old) = old {
                    for index in 0..before {
                        let why = "a member of the group replaced".to_owned();
                        changes.push(member(index, Action::Deleted, why, old));
                    }
                }
            }
        }
        _ => {}
    }
    changes
}

/// The member definition (`resource_def`) of ResourceGroup `name`.
fn member_of<'s>(side: &'s Side<'_>, name: &str) -> Option<&'s Definition> {
    let resource = side.resource(name)?;
    if resource.definition.type_name.as_deref() != Some("OS::Heat::ResourceGroup") {
        return None;
    }
    let resources = side.template.resources();
    side.template
        .nested_definitions()
        .iter()
        .find(|nested| std::ptr::eq(&resources[nested.group], resource))
        .map(|nested| &nested.definition)
}

/// How many members the group `name` has on `side`: its `count` (1 when
/// not written); `None` when that is not known offline.
fn size(side: &Side<'_>, time: Time, fates: &BTreeMap<String, Fate>, name: &str) -> Option<usize> {
    let resource = side.resource(name)?;
    let scope = Scope { time, side, fates };
    let Some(node) = resource.definition.group_count(side.template.tree()) else {
        return Some(1);
    };
    let count = match evaluate(&scope, node).ok()?.v {
        V::Int(n) => usize::try_from(n).ok()?,
        V::Str(text) => text.trim().parse().ok()?,
        _ => return None,
    };
    Some(count.min(MAX_MEMBERS))
}

/// The members of a group the new template deletes.
pub(super) fn deleted_members(old: &Side<'_>, name: &str) -> Vec<Change> {
    let Some(definition) = member_of(old, name) else {
        return Vec::new();
    };
    let count = size(old, Time::Old, &BTreeMap::new(), name).unwrap_or(0);
    (0..count)
        .map(|index| Change {
            name: format!("{name}/{index}"),
            resource_type: type_of(definition),
            action: Action::Deleted,
            properties: Vec::new(),
            why: "a member of the group deleted".into(),
            effect: None,
        })
        .collect()
}
