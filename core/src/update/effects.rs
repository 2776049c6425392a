//! What a type's own rules add to Heat's comparison of properties: the
//! schema's defaults and translation rules applied before comparing, the
//! types that always replace or replace by policy, and what an update or a
//! replacement does to the running resource, said for the user.

use std::collections::{BTreeMap, BTreeSet};

use crate::catalog::{ResourceType, RuleKind};
use crate::template::value::{Val, V};
use crate::text::TextRange;

/// A resource's properties by name, as Heat's `Properties` holds them.
pub(super) type Props = BTreeMap<String, Val>;

pub(super) fn value_or_default(props: &Props, key: &str, schema: ResourceType<'_>) -> Val {
    match props.get(key) {
        Some(value) if !value.is_null() => value.clone(),
        _ => {
            let default = schema.property(key).and_then(|p| p.default_value());
            let at = TextRange::empty(0);
            super::values::sorted(match default {
                Some(json) => Val::from_json(&json, at),
                None => Val::new(V::Null, at),
            })
        }
    }
}

/// The properties as the type's translation rules leave them, as Heat's
/// `Translation` does to both sides before comparing: ADD first (a
/// RandomString's `sequence` becomes a class of `character_classes`),
/// then REPLACE (a deprecated name moved to its successor, at the top or
/// inside each item of a list), then DELETE. RESOLVE looks names up in
/// the cloud and is left to it.
pub(super) fn translated(values: Val, schema: ResourceType<'_>) -> Props {
    let mut props: Props = match values.v {
        V::Map(entries) => entries.into_iter().collect(),
        _ => Props::new(),
    };
    for rule in schema.translation_rules() {
        if let (RuleKind::Add, [key]) = (rule.kind(), rule.path().collect::<Vec<_>>().as_slice()) {
            let Some(value) = rule
                .value()
                .map(|json| Val::from_json(&json, TextRange::empty(0)))
            else {
                continue;
            };
            if let Some(added) = with_properties(value, &props, rule.conditional()) {
                add(&mut props, key, added);
            }
        }
    }
    replaced(&mut props, schema);
    for rule in schema.translation_rules() {
        if rule.kind() != RuleKind::Delete {
            continue;
        }
        match rule.path().collect::<Vec<_>>().as_slice() {
            [key] => {
                props.remove(*key);
            }
            [list, key] => {
                if let Some(Val {
                    v: V::List(items), ..
                }) = props.get_mut(*list)
                {
                    for item in items.iter_mut() {
                        if let V::Map(entries) = &mut item.v {
                            entries.retain(|(k, _)| k != key);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    props
}

/// An ADD rule's value with each `{"$prop": NAME}` replaced by the value of
/// property NAME; `None` when the rule is one Heat adds only while those
/// properties are set, and one is not.
fn with_properties(mut value: Val, props: &Props, conditional: bool) -> Option<Val> {
    let mut pending = vec![&mut value];
    while let Some(val) = pending.pop() {
        let named = match &val.v {
            V::Map(entries) if entries.len() == 1 && entries[0].0 == "$prop" => {
                match &entries[0].1.v {
                    V::Str(name) => Some(name.clone()),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(name) = named {
            let found = props
                .get(&name)
                .filter(|v| v.truth() != Some(false))
                .cloned();
            if found.is_none() && conditional {
                return None;
            }
            *val = found.unwrap_or(Val::new(V::Null, val.at));
            continue;
        }
        match &mut val.v {
            V::Map(entries) => pending.extend(entries.iter_mut().map(|(_, v)| v)),
            V::List(items) => pending.extend(items.iter_mut()),
            _ => {}
        }
    }
    Some(super::values::sorted(value))
}

/// Heat's ADD: the rule's items appended to the list (a list of none when
/// it is not written).
fn add(props: &mut Props, key: &str, added: Val) {
    let V::List(items) = added.v else {
        return;
    };
    let at = added.at;
    let list = props
        .entry(key.to_owned())
        .or_insert(Val::new(V::List(Vec::new()), at));
    if list.is_null() {
        *list = Val::new(V::List(Vec::new()), at);
    }
    if let V::List(existing) = &mut list.v {
        existing.extend(items);
    }
}

fn replaced(props: &mut Props, schema: ResourceType<'_>) {
    for rule in schema.translation_rules() {
        if rule.kind() != RuleKind::Replace {
            continue;
        }
        let path: Vec<&str> = rule.path().collect();
        if let (Some(from), [to]) = (
            rule.value_path().map(|p| p.collect::<Vec<_>>()),
            path.as_slice(),
        ) {
            if let [from] = from.as_slice() {
                if let Some(value) = props.remove(*from) {
                    if props.get(*to).is_none_or(Val::is_null) {
                        props.insert((*to).to_owned(), value);
                    }
                }
            }
        } else if let (Some(old_key), [list, key]) = (rule.value_name(), path.as_slice()) {
            if let Some(Val {
                v: V::List(items), ..
            }) = props.get_mut(*list)
            {
                for item in items.iter_mut() {
                    let V::Map(entries) = &mut item.v else {
                        continue;
                    };
                    let Some(index) = entries.iter().position(|(k, _)| k == old_key) else {
                        continue;
                    };
                    let (_, value) = entries.remove(index);
                    match entries.iter().position(|(k, _)| k == key) {
                        Some(i) if !entries[i].1.is_null() => {}
                        Some(i) => entries[i].1 = value,
                        None => {
                            entries.push(((*key).to_owned(), value));
                            entries.sort_by(|a, b| a.0.cmp(&b.0));
                        }
                    }
                }
            }
        }
    }
}

fn text<'p>(props: &'p Props, key: &str) -> Option<&'p str> {
    match &props.get(key)?.v {
        V::Str(text) => Some(text),
        _ => None,
    }
}

/// `OS::Neutron::Port`'s `needs_replace`.
pub(super) fn replace_always(resource_type: &str, props: &Props) -> bool {
    resource_type == "OS::Neutron::Port"
        && text(props, "replacement_policy") == Some("REPLACE_ALWAYS")
}

/// `OS::Nova::Server`'s `needs_replace_with_prop_diff`: a changed flavor,
/// image or user_data whose update policy (the new one, else the old) is
/// REPLACE.
pub(super) fn server_replaces(
    resource_type: &str,
    changed: &BTreeSet<String>,
    before: &Props,
    after: &Props,
) -> Option<String> {
    if resource_type != "OS::Nova::Server" {
        return None;
    }
    for (property, policy, default) in [
        ("flavor", "flavor_update_policy", "RESIZE"),
        ("image", "image_update_policy", "REBUILD"),
        ("user_data", "user_data_update_policy", "REPLACE"),
    ] {
        if !changed.contains(property) {
            continue;
        }
        let written = text(after, policy).or_else(|| text(before, policy));
        if written.unwrap_or(default) == "REPLACE" {
            return Some(format!(
                "{property} changes and {policy} is REPLACE{}: Heat replaces the server",
                if written.is_none() {
                    " (its default)"
                } else {
                    ""
                }
            ));
        }
    }
    None
}

pub(super) fn updated_effect(resource_type: &str, changed: &BTreeSet<String>) -> String {
    let mut effects: Vec<&str> = Vec::new();
    for property in changed {
        let effect = match (resource_type, property.as_str()) {
            ("OS::Nova::Server", "flavor") => "a resize: the server restarts on the new flavor",
            ("OS::Nova::Server", "image") => {
                "a rebuild: the server's disk is rewritten from the new image, its data lost"
            }
            ("OS::Nova::Server", "user_data") => "new user data, run again at the next boot",
            ("OS::Cinder::Volume", "size") => "the volume is extended, its data kept",
            ("OS::Neutron::Port", "fixed_ips") => "the port's addresses change",
            _ => continue,
        };
        effects.push(effect);
    }
    if effects.is_empty() {
        "the changed properties are sent to the service; the resource keeps its ID".into()
    } else {
        effects.join("; ")
    }
}

/// What a replacement loses: by type, what others saw of the old one
/// (`retained`: the definition says `deletion_policy: Retain`).
pub(super) fn replaced_effect(resource_type: &str, retained: bool) -> String {
    let lost = match resource_type {
        "OS::Nova::FloatingIP" | "OS::Neutron::FloatingIP" | "AWS::EC2::EIP" => {
            "a new floating IP address: the old address is released"
        }
        "OS::Nova::Server" | "AWS::EC2::Instance" => {
            "a new server: new ID and addresses, and what is on its local disk is lost"
        }
        "OS::Neutron::Port" => {
            "a new port: new ID and MAC address, and new addresses unless they are given"
        }
        "OS::Cinder::Volume" | "AWS::EC2::Volume" => {
            "a new, empty volume: the old volume's data are lost"
        }
        "OS::Neutron::Net" | "OS::Neutron::Subnet" | "OS::Neutron::Router" => {
            "a new network resource with a new ID: what is attached to the old one must follow"
        }
        _ => "a new resource with a new ID in place of the old one",
    };
    if retained {
        format!("{lost} (the old one is left in the cloud: deletion_policy Retain)")
    } else {
        lost.to_owned()
    }
}
