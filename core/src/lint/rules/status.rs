//! The twelve status rules, one table: a resource type (HW101–HW103,
//! HW105), property (HW201–HW203, HW205) or attribute (HW301–HW303, HW305)
//! that is DEPRECATED, HIDDEN or UNSUPPORTED at the target release, or
//! not there at all. Each finding carries the object's life cycle, and the
//! migration Heat's own data implies where one means the same to Heat:
//!
//! - a type with a `substitute_class` is moved to it (a stack update moves
//!   the resource in place); a type whose message names one supported
//!   successor is replaced when every property carries over (unsafe: the
//!   resource is replaced); otherwise Heat's message as advice;
//! - a property is rewritten with the type's translation rules (REPLACE
//!   renames, ADD + DELETE restructures, DELETE drops, Mistral's nested
//!   REPLACE hoists), writing what Heat's translation makes of it in memory
//!   (`tools/heat_oracle` checks the fixtures against Heat itself);
//! - an attribute gets Heat's message as advice.

use crate::template::merge::{keys_with_merged, merged_entry};
use serde_json::Value;

use crate::catalog::{
    Attribute, Property, ResourceType, RuleKind, Status, StatusAt, StatusKind, TranslationRule,
};
use crate::fix::translation::{
    advice, describe_value, merge_touching, names_property, quoted_list, replace_pair,
    to_new_value, EMPTY_VALUE_CAVEAT,
};
use crate::fix::{Applicability, Fix, NewValue};
use crate::lint::context::Context;
use crate::lint::{Rule, Subject};
use crate::syntax::{Entry, NodeId};
use crate::template::Definition;
use crate::text::TextRange;

use super::conflicting_properties;

/// What kind of object a status finding is about.
#[derive(Clone, Copy)]
enum Object {
    ResourceType,
    Property,
    Attribute,
}

impl Object {
    fn rule(self, status: StatusKind) -> Option<Rule> {
        Some(match (self, status) {
            (_, StatusKind::Supported) => return None,
            (Object::ResourceType, StatusKind::Deprecated) => Rule::DeprecatedResourceType,
            (Object::ResourceType, StatusKind::Hidden) => Rule::HiddenResourceType,
            (Object::ResourceType, StatusKind::Unsupported) => Rule::UnsupportedResourceType,
            (Object::Property, StatusKind::Deprecated) => Rule::DeprecatedProperty,
            (Object::Property, StatusKind::Hidden) => Rule::HiddenProperty,
            (Object::Property, StatusKind::Unsupported) => Rule::UnsupportedProperty,
            (Object::Attribute, StatusKind::Deprecated) => Rule::DeprecatedAttribute,
            (Object::Attribute, StatusKind::Hidden) => Rule::HiddenAttribute,
            (Object::Attribute, StatusKind::Unsupported) => Rule::UnsupportedAttribute,
        })
    }

    fn unavailable_rule(self) -> Rule {
        match self {
            Object::ResourceType => Rule::UnavailableResourceType,
            Object::Property => Rule::UnavailableProperty,
            Object::Attribute => Rule::UnavailableAttribute,
        }
    }
}

/// What [`report`] found.
enum Found {
    /// SUPPORTED: nothing reported.
    Supported,
    /// Reported as not SUPPORTED; the object exists at the target.
    Status,
    /// Reported as not there at the target.
    Unavailable,
}

/// Reports a non-SUPPORTED or unavailable object; `fix` is asked only for
/// a finding. `what` and `subject` are made only for a finding too: most
/// objects a template uses are SUPPORTED and cost no allocation.
fn report<'a>(
    cx: &mut Context<'a, '_>,
    object: Object,
    what: impl FnOnce() -> String,
    subject: impl FnOnce() -> Subject,
    state: StatusAt<'a>,
    range: TextRange,
    fix: impl FnOnce(&Context<'a, '_>, Rule) -> Option<Fix>,
) -> Found {
    let status = match state {
        StatusAt::InForce(status) => status,
        StatusAt::Unrecorded { first_recorded } => first_recorded,
        StatusAt::NotYetAvailable { first } => {
            let since =
                first.map_or_else(String::new, |first| format!(": Heat has it since {first}"));
            let message = format!("{} is not available in {}{since}", what(), cx.target_text());
            let rule = object.unavailable_rule();
            let fix = cx.unless_shared(range, fix(cx, rule));
            let diagnostic = cx.report(rule, range, message);
            diagnostic.subject = Some(subject());
            diagnostic.fix = fix;
            return Found::Unavailable;
        }
        StatusAt::Removed { last } => {
            let message = format!(
                "{} is not available in {}: Heat removed it after {last}",
                what(),
                cx.target_text()
            );
            let rule = object.unavailable_rule();
            let fix = cx.unless_shared(range, fix(cx, rule));
            let diagnostic = cx.report(rule, range, message);
            diagnostic.subject = Some(subject());
            diagnostic.fix = fix;
            return Found::Unavailable;
        }
    };
    let Some(rule) = object.rule(status.kind()) else {
        return Found::Supported;
    };
    let (description, lifecycle) = cx.lifecycle(status);
    let message = format!("{} is {description}", what());
    let fix = cx.unless_shared(range, fix(cx, rule));
    let diagnostic = cx.report(rule, range, message);
    diagnostic.status = Some(status.kind());
    diagnostic.lifecycle = lifecycle;
    diagnostic.subject = Some(subject());
    diagnostic.fix = fix;
    Found::Status
}

// --- Resource types ---

/// A resource type where it is used (`definition` is `None` in an
/// environment's registry). Returns whether it exists at the target.
pub(crate) fn check_type<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    what: String,
    range: TextRange,
    definition: Option<&Definition>,
) -> bool {
    let state = cx.status_at(resource_type.status(), |r| resource_type.status_at(r));
    let subject = || Subject::ResourceType {
        type_name: resource_type.name().to_owned(),
    };
    let fix = |cx: &Context<'a, '_>, rule: Rule| match rule {
        Rule::UnavailableResourceType => None,
        _ => type_fix(cx, resource_type, definition),
    };
    !matches!(
        report(
            cx,
            Object::ResourceType,
            || what,
            subject,
            state,
            range,
            fix
        ),
        Found::Unavailable
    )
}

/// The migration of a type that is not SUPPORTED: heatwise's own across
/// retired types, Heat's substitute class, the one successor Heat's
/// message names, or Heat's message as advice.
pub(crate) fn type_fix<'a>(
    cx: &Context<'a, '_>,
    resource_type: ResourceType<'a>,
    definition: Option<&Definition>,
) -> Option<Fix> {
    let status = cx.status_now(resource_type.status(), |r| resource_type.status_at(r));
    let Some(definition) = definition else {
        return advice(status);
    };
    if let Some(fix) = super::retired_types::migration(cx, resource_type, definition) {
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

// --- Properties ---

/// A property where it is set: `entry` in `mapping`, at `path` (list
/// items as `*`). Returns whether it exists at the target, so that its
/// value is checked.
pub(crate) fn check_property<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    property: Property<'a>,
    path: &str,
    entry: Entry,
    mapping: NodeId,
) -> bool {
    let subject = || Subject::Property {
        type_name: resource_type.name().to_owned(),
        path: path.to_owned(),
    };
    let state = cx.status_at(property.status(), |r| property.status_at(r));
    let range = cx.tree.range(entry.key);
    let fix = |cx: &Context<'a, '_>, rule: Rule| {
        property_fix(cx, resource_type, path, entry, mapping, rule)
    };
    !matches!(
        report(
            cx,
            Object::Property,
            || format!("`{path}`"),
            subject,
            state,
            range,
            fix
        ),
        Found::Unavailable
    )
}

/// The migration of a property, or Heat's advice about it when no edit
/// can be written (a comment or layout in the way, a function call).
pub(crate) fn property_fix<'a>(
    cx: &Context<'a, '_>,
    resource_type: ResourceType<'a>,
    path: &str,
    entry: Entry,
    mapping: NodeId,
    rule: Rule,
) -> Option<Fix> {
    let fix = property_migration(cx, resource_type, path, entry, mapping).or_else(|| {
        let segments: Vec<&str> = path.split('.').filter(|s| *s != "*").collect();
        let property = resource_type.property_at(&segments)?;
        advice(cx.status_now(property.status(), |r| property.status_at(r)))
    })?;
    if rule != Rule::UnavailableProperty || fix.applicability != Applicability::Safe {
        return Some(fix);
    }
    // Heat validates the properties as written: it rejects one its schema
    // lacks before any translation rule runs.
    let release = cx
        .target
        .map_or_else(String::new, |release| format!(" {release}"));
    Fix::new(
        format!(
            "{} (unsafe: Heat{release} rejects the template as written, \"Unknown Property {}\")",
            fix.title,
            path.rsplit('.').next().unwrap_or(path)
        ),
        fix.edits,
        Applicability::Unsafe,
    )
}

fn property_migration<'a>(
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
            return conflicting_properties::both_set_fix(
                cx,
                old_entry,
                new_entry,
                other_supported,
                key,
                other,
            );
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

// --- Attributes ---

/// An attribute where `get_attr` names it; the fix is Heat's advice.
pub(crate) fn check_attribute<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    attribute: Attribute<'a>,
    range: TextRange,
) {
    let subject = || Subject::Attribute {
        type_name: resource_type.name().to_owned(),
        name: attribute.name().to_owned(),
    };
    let what = || {
        format!(
            "attribute `{}` of `{}`",
            attribute.name(),
            resource_type.name()
        )
    };
    let state = cx.status_at(attribute.status(), |r| attribute.status_at(r));
    let fix = |cx: &Context<'a, '_>, rule: Rule| match rule {
        Rule::UnavailableAttribute => None,
        _ => advice(cx.status_now(attribute.status(), |r| attribute.status_at(r))),
    };
    report(cx, Object::Attribute, what, subject, state, range, fix);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes, fixes_unsafely};
    use crate::lint::Rule;

    /// Properties merged in with `<<` are the resource's too: they decide
    /// whether its substitute type keeps every property.
    #[test]
    fn substitute_fixes_see_merged_properties() {
        check(
            Rule::HiddenResourceType,
            &[
                fixes(
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeployments\n    properties:\n      <<: {config: c}\n      servers: {a: x}\n",
                    1,
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      <<: {config: c}\n      servers: {a: x}\n",
                ),
                // A merged property the substitute lacks: unsafe.
                finds(
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeployments\n    properties:\n      <<: {config: c, bogus: 1}\n      servers: {a: x}\n",
                    1,
                ),
                fixes_unsafely(
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeployments\n    properties:\n      <<: {config: c, bogus: 1}\n      servers: {a: x}\n",
                    1,
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      <<: {config: c, bogus: 1}\n      servers: {a: x}\n",
                ),
            ],
        );
    }
}
