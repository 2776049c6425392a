//! The migration of a resource type that is not SUPPORTED, shared by
//! the type's status findings (HW101–HW103) and its placeholder finding
//! (HW106):
//! - heatwise's own across retired types (`retired_types`);
//! - a type with a `substitute_class` is moved to it: a stack update moves
//!   the resource in place (`Resource.check_is_substituted`);
//! - a type whose message names one supported successor is replaced when
//!   every property carries over (unsafe: the resource is replaced);
//! - otherwise Heat's message as advice.

use crate::catalog::{ResourceType, Status};
use crate::fix::translation::{advice, quoted_list};
use crate::fix::{Applicability, Fix};
use crate::lint::context::Context;
use crate::template::merge::{keys_with_merged, merged_entry};
use crate::template::Definition;

use super::retired_types;

/// The migration of a type that is not SUPPORTED: heatwise's own across
/// retired types, Heat's substitute class, the one successor Heat's
/// message names, or Heat's message as advice. A migration to a type the
/// environments map elsewhere is advice: Heat would not create the type it
/// writes.
pub(crate) fn fix<'a>(
    cx: &Context<'a, '_>,
    resource_type: ResourceType<'a>,
    definition: Option<&Definition>,
) -> Option<Fix> {
    let fix = migration(cx, resource_type, definition)?;
    let mapped_away = fix
        .edits
        .iter()
        .flat_map(|edit| {
            edit.content
                .split(|c: char| c.is_whitespace() || c == '\'' || c == '"')
        })
        .map(|word| word.trim_matches(|c| matches!(c, ',' | ':' | '[' | ']' | '{' | '}')))
        .filter(|word| word.contains("::"))
        .find_map(|word| Some((word, cx.maps_elsewhere(word)?)));
    match mapped_away {
        Some((word, to)) => Some(Fix::display_only(format!(
            "{} by hand: the environments map `{word}` to {to}, which Heat would create instead",
            fix.title
        ))),
        None => Some(fix),
    }
}

fn migration<'a>(
    cx: &Context<'a, '_>,
    resource_type: ResourceType<'a>,
    definition: Option<&Definition>,
) -> Option<Fix> {
    let status = cx.at.status_now(&resource_type);
    let Some(definition) = definition else {
        return advice(status);
    };
    if let Some(fix) = retired_types::migration(cx, resource_type, definition) {
        return Some(fix);
    }
    let substitutes: Vec<&str> = status.substitute_types().collect();
    if let Some(fix) = substitutes
        .iter()
        .find_map(|name| substitute_fix(cx, definition, resource_type, name))
    {
        return Some(fix);
    }
    let type_name = resource_type.name();
    let mentioned: Vec<ResourceType<'a>> = status
        .mentions()
        .filter(|&name| name != type_name)
        .filter_map(|name| cx.catalog.resource_type(name))
        .filter(|t| cx.type_is_supported(*t))
        .collect();
    if let [replacement] = mentioned.as_slice() {
        return replacement_fix(cx, definition, resource_type, *replacement, status);
    }
    advice(status)
}

/// The properties a definition sets that `other` does not have.
fn properties_missing_from<'a>(
    cx: &Context<'a, '_>,
    definition: &Definition,
    other: ResourceType<'a>,
) -> Vec<String> {
    let Some(properties) = definition.properties_mapping(cx.tree) else {
        return Vec::new();
    };
    // With the keys merged in by `<<`, which Heat sees as the mapping's.
    let mut keys = Vec::new();
    keys_with_merged(cx.tree, properties, &mut keys);
    let mut missing = Vec::new();
    for key in keys {
        if other.properties().get(&key).is_none() && !missing.contains(&key) {
            missing.push(key);
        }
    }
    missing
}

/// The properties `other` requires that a definition does not set.
fn required_missing<'a>(
    cx: &Context<'a, '_>,
    definition: &Definition,
    other: ResourceType<'a>,
) -> Vec<String> {
    let properties = definition.properties_mapping(cx.tree);
    other
        .properties()
        .filter(|p| p.required())
        .filter(|p| properties.is_none_or(|m| merged_entry(cx.tree, m, p.name()).is_none()))
        .map(|p| p.name().to_owned())
        .collect()
}

/// Heat's substitute class: a stack update moves the resource to the
/// new type in place (`Resource.check_is_substituted`).
fn substitute_fix<'a>(
    cx: &Context<'a, '_>,
    definition: &Definition,
    resource_type: ResourceType<'a>,
    substitute: &str,
) -> Option<Fix> {
    let new_type = cx.catalog.resource_type(substitute)?;
    if !cx.type_is_supported(new_type) {
        return None;
    }
    let edit = cx
        .editor
        .replace_scalar(definition.type_entry?.value, substitute)?;
    let old = resource_type.name();
    let missing = properties_missing_from(cx, definition, new_type);
    if missing.is_empty() {
        Fix::new(
            format!("Replace `{old}` with its substitute `{substitute}`"),
            vec![edit],
            Applicability::Safe,
        )
    } else {
        Fix::new(
            format!(
                "Replace `{old}` with `{substitute}` (unsafe: `{substitute}` has no {})",
                quoted_list(&missing)
            ),
            vec![edit],
            Applicability::Unsafe,
        )
    }
}

/// A type Heat's message names: another class, so a stack update
/// replaces the resource.
fn replacement_fix<'a>(
    cx: &Context<'a, '_>,
    definition: &Definition,
    resource_type: ResourceType<'a>,
    replacement: ResourceType<'a>,
    status: Status<'a>,
) -> Option<Fix> {
    let old = resource_type.name();
    let new = replacement.name();
    let missing = properties_missing_from(cx, definition, replacement);
    let required = required_missing(cx, definition, replacement);
    let heat = status
        .message()
        .map_or_else(String::new, |m| format!("Heat says: \"{m}\" "));
    if !required.is_empty() {
        return Some(Fix::display_only(format!(
            "{heat}`{new}` requires {}: rewrite the resource for it by hand",
            quoted_list(&required)
        )));
    }
    if !missing.is_empty() {
        return Some(Fix::display_only(format!(
            "{heat}`{new}` has no {}: rewrite the resource for it by hand",
            quoted_list(&missing)
        )));
    }
    let edit = cx
        .editor
        .replace_scalar(definition.type_entry?.value, new)?;
    Fix::new(
        format!(
            "Replace `{old}` with `{new}` (unsafe: changing the type replaces the resource on stack update)"
        ),
        vec![edit],
        Applicability::Unsafe,
    )
}
