//! What a type's own rules add to Heat's comparison of properties: the
//! schema's defaults and translation rules applied before comparing, the
//! types that always replace or replace by policy, and what an update or a
//! replacement does to the running resource, said for the user.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::field;
use crate::catalog::{ResourceType, RuleKind};

pub(super) fn value_or_default(
    props: &Map<String, Value>,
    key: &str,
    schema: ResourceType<'_>,
) -> Value {
    match props.get(key) {
        Some(Value::Null) | None => schema
            .property(key)
            .and_then(|p| p.default_value())
            .unwrap_or(Value::Null),
        Some(value) => value.clone(),
    }
}

/// The properties as the type's REPLACE translation rules leave them: a
/// deprecated name moved to its successor (at the top, or inside each
/// item of a list), as Heat's `Translation` does before comparing.
pub(super) fn translated(values: &Value, schema: ResourceType<'_>) -> Map<String, Value> {
    let mut props = values.as_object().cloned().unwrap_or_default();
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
                    if props.get(*to).is_none_or(Value::is_null) {
                        props.insert((*to).to_owned(), value);
                    }
                }
            }
        } else if let (Some(old_key), [list, key]) = (rule.value_name(), path.as_slice()) {
            if let Some(Value::Array(items)) = props.get_mut(*list) {
                for item in items.iter_mut().filter_map(Value::as_object_mut) {
                    if let Some(value) = item.remove(old_key) {
                        if item.get(*key).is_none_or(Value::is_null) {
                            item.insert((*key).to_owned(), value);
                        }
                    }
                }
            }
        }
    }
    props
}

/// `OS::Neutron::Port`'s `needs_replace`.
pub(super) fn replace_always(resource_type: &str, props: &Map<String, Value>) -> bool {
    resource_type == "OS::Neutron::Port"
        && props.get("replacement_policy").and_then(Value::as_str) == Some("REPLACE_ALWAYS")
}

/// `OS::Nova::Server`'s `needs_replace_with_prop_diff`: a changed flavor,
/// image or user_data whose update policy (the new one, else the old) is
/// REPLACE.
pub(super) fn server_replaces(
    resource_type: &str,
    changed: &BTreeSet<String>,
    before: &Map<String, Value>,
    after: &Map<String, Value>,
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
        let chosen = after
            .get(policy)
            .or_else(|| before.get(policy))
            .and_then(Value::as_str)
            .unwrap_or(default);
        if chosen == "REPLACE" {
            return Some(format!(
                "{property} changes and {policy} is REPLACE{}: Heat replaces the server",
                if after.get(policy).is_none() && before.get(policy).is_none() {
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

/// What a replacement loses: by type, what others saw of the old one.
pub(super) fn replaced_effect(resource_type: &str, definition: &Value) -> String {
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
    let retained = field(definition, "deletion_policy", "DeletionPolicy").and_then(Value::as_str)
        == Some("Retain");
    if retained {
        format!("{lost} (the old one is left in the cloud: deletion_policy Retain)")
    } else {
        lost.to_owned()
    }
}
