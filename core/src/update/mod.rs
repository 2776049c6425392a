//! What `openstack stack update --existing` does to each resource of a
//! running stack made from one template when it is given another, as
//! Heat 27's update decides it (`Resource.update`,
//! `update_template_diff_properties`, `update_convergence`):
//!
//! - a resource only in the new template is added, one only in the old
//!   template deleted;
//! - a type that changes replaces the resource, unless the new type is the
//!   old one's `substitute_class`, which Heat updates in place;
//! - properties are compared after the type's translation rules (a renamed
//!   deprecated property is the same property) and with the schema's
//!   defaults for what is not written, each function resolved: parameters
//!   to their values, `get_resource` and `get_attr` to the running
//!   resource they name, which changes only when that resource is
//!   replaced (or, for an attribute, updated);
//! - a definition that changed with no property Heat compares changed is
//!   updated in place with nothing sent to the service;
//! - changed properties that all allow updates (`update_allowed`) are
//!   updated in place, unless the type's own rule replaces (a Server's
//!   `*_update_policy: REPLACE`, a Port's `replacement_policy:
//!   REPLACE_ALWAYS`); one that does not replaces the resource, and an
//!   `immutable` one makes Heat refuse the update.
//!
//! What cannot be known offline (an attribute of a resource updated in
//! place, a type outside the catalog) is said, not guessed.

mod effects;
mod values;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use crate::catalog::CatalogAt;
use crate::load::{self, Kind};
use effects::{
    replace_always, replaced_effect, server_replaces, translated, updated_effect, value_or_default,
};
use values::{evaluate, references, Side};

/// The most resources compared per template.
pub const MAX_RESOURCES: usize = 10_000;

/// One side of the update: a template, the environments it is deployed
/// with (their `parameters` and `parameter_defaults`), and parameter
/// values given on the command line.
pub struct StackInput<'a> {
    pub template: &'a str,
    pub environments: Vec<&'a str>,
    pub parameters: Vec<(String, String)>,
}

impl<'a> StackInput<'a> {
    /// A template alone: no environment, no parameter values.
    pub fn template(template: &'a str) -> Self {
        StackInput {
            template,
            environments: Vec::new(),
            parameters: Vec::new(),
        }
    }
}

/// What the update does to one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Unchanged,
    /// Updated in place; `properties` are those sent (none: nothing is).
    Updated,
    Replaced,
    Added,
    Deleted,
    /// Heat refuses the update (an immutable property changed).
    Refused,
    /// Not decidable offline; `why` says what it depends on.
    Unknown,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Unchanged => "unchanged",
            Action::Updated => "updated",
            Action::Replaced => "replaced",
            Action::Added => "added",
            Action::Deleted => "deleted",
            Action::Refused => "refused",
            Action::Unknown => "unknown",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub name: String,
    /// The type in the new template (the old one for a deleted resource).
    pub resource_type: String,
    pub action: Action,
    /// The properties whose change decides the action (sent, for an
    /// update in place).
    pub properties: Vec<String>,
    /// Why, in Heat's terms.
    pub why: String,
    /// What it means for what runs: a resize, a new address, lost data.
    pub effect: Option<String>,
}

impl std::fmt::Display for Change {
    /// `port (OS::Neutron::Port): updated: nothing is sent to the service`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}): {}",
            self.name,
            self.resource_type,
            self.action.as_str()
        )?;
        match &self.effect {
            Some(effect) => write!(f, ": {effect}"),
            None => Ok(()),
        }
    }
}

/// A template as the comparison reads it.
struct Side_ {
    resources: Map<String, Value>,
    parameters: BTreeMap<String, Value>,
    hot: bool,
}

/// Every resource of both templates, in the new template's order then the
/// deleted ones, with what the update by Heat at the catalog's release
/// does to it (whether a property updates in place, and a type's
/// substitute, changed between releases).
pub fn preview(
    old: &StackInput<'_>,
    new: &StackInput<'_>,
    catalog: CatalogAt<'_>,
) -> Result<Vec<Change>, String> {
    let old_side = read_side(old, "the running stack's template")?;
    let new_side = read_side(new, "the new template")?;
    let mut fates: BTreeMap<String, Fate> = BTreeMap::new();
    let names: Vec<String> = new_side.resources.keys().cloned().collect();
    // In dependency order: a resource is decided once those it refers to are.
    let mut pending: Vec<String> = names.clone();
    while !pending.is_empty() {
        let before = pending.len();
        pending.retain(|name| {
            let definition = &new_side.resources[name];
            let waiting = references(definition).iter().any(|r| {
                *r != *name && new_side.resources.contains_key(r) && !fates.contains_key(r)
            });
            if waiting {
                return true;
            }
            let fate = decide(name, &old_side, &new_side, &fates, catalog);
            fates.insert(name.clone(), fate);
            false
        });
        if pending.len() == before {
            for name in pending.drain(..) {
                fates.insert(
                    name.clone(),
                    Fate::unknown(
                        type_of(&new_side.resources[&name], new_side.hot),
                        "it is in a circle of references, which Heat refuses".into(),
                    ),
                );
            }
        }
    }
    let mut changes: Vec<Change> = names.iter().map(|name| fates[name].change(name)).collect();
    for (name, definition) in &old_side.resources {
        if !new_side.resources.contains_key(name) {
            let retained = field(definition, "deletion_policy", "DeletionPolicy")
                .and_then(Value::as_str)
                == Some("Retain");
            changes.push(Change {
                name: name.clone(),
                resource_type: type_of(definition, old_side.hot),
                action: Action::Deleted,
                properties: Vec::new(),
                why: "it is not in the new template".into(),
                effect: Some(if retained {
                    "Heat forgets it but leaves it in the cloud (deletion_policy: Retain)".into()
                } else {
                    "deleted from the cloud".into()
                }),
            });
        }
    }
    Ok(changes)
}

/// What was decided for a resource of the new template.
#[derive(Clone)]
struct Fate {
    resource_type: String,
    action: Action,
    properties: Vec<String>,
    why: String,
    effect: Option<String>,
}

impl Fate {
    fn unknown(resource_type: String, why: String) -> Fate {
        Fate {
            resource_type,
            action: Action::Unknown,
            properties: Vec::new(),
            why,
            effect: None,
        }
    }

    fn change(&self, name: &str) -> Change {
        Change {
            name: name.to_owned(),
            resource_type: self.resource_type.clone(),
            action: self.action,
            properties: self.properties.clone(),
            why: self.why.clone(),
            effect: self.effect.clone(),
        }
    }

    /// Whether the running resource keeps its ID (references to it keep
    /// their value).
    fn keeps_id(&self) -> Option<bool> {
        match self.action {
            Action::Unchanged | Action::Updated | Action::Refused => Some(true),
            Action::Replaced | Action::Added => Some(false),
            Action::Deleted | Action::Unknown => None,
        }
    }

    /// Whether its attributes keep their values.
    fn keeps_attributes(&self) -> Option<bool> {
        match self.action {
            Action::Updated if self.properties.is_empty() => Some(true),
            Action::Updated => None,
            _ => self.keeps_id(),
        }
    }
}

fn read_side(input: &StackInput<'_>, what: &str) -> Result<Side_, String> {
    let document = to_json(input.template, Kind::Template)
        .map_err(|message| format!("{what} cannot be read: {message}"))?;
    let hot = document.get("heat_template_version").is_some();
    let resources = field(&document, "resources", "Resources")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    if resources.len() > MAX_RESOURCES {
        return Err(format!(
            "{what} has {} resources; heatwise compares at most {MAX_RESOURCES}",
            resources.len()
        ));
    }
    let mut parameters = BTreeMap::new();
    if let Some(declared) = field(&document, "parameters", "Parameters").and_then(Value::as_object)
    {
        for (name, schema) in declared {
            if let Some(default) = field(schema, "default", "Default") {
                parameters.insert(name.clone(), default.clone());
            }
        }
    }
    // parameter_defaults, then parameters, then the command line: later wins.
    for environment in &input.environments {
        let environment = to_json(environment, Kind::Environment)
            .map_err(|message| format!("an environment of {what} cannot be read: {message}"))?;
        for section in ["parameter_defaults", "parameters"] {
            if let Some(values) = environment.get(section).and_then(Value::as_object) {
                for (name, value) in values {
                    parameters.insert(name.clone(), value.clone());
                }
            }
        }
    }
    for (name, value) in &input.parameters {
        parameters.insert(name.clone(), Value::String(value.clone()));
    }
    Ok(Side_ {
        resources,
        parameters,
        hot,
    })
}

fn to_json(text: &str, kind: Kind) -> Result<Value, String> {
    let loaded = load::load(text, kind).map_err(|error| error.message)?;
    let written = load::to_json(&loaded)
        .ok_or_else(|| "it is too large once its aliases are expanded".to_owned())?;
    serde_json::from_str(&written).map_err(|error| format!("it is nested too deeply ({error})"))
}

/// A HOT key or its CloudFormation spelling.
pub(super) fn field<'v>(value: &'v Value, hot: &str, cfn: &str) -> Option<&'v Value> {
    value.get(hot).or_else(|| value.get(cfn))
}

fn type_of(definition: &Value, _hot: bool) -> String {
    field(definition, "type", "Type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned()
}

/// The keys of a definition besides its type and properties, compared as
/// Heat's frozen definitions compare them.
const OTHER_KEYS: [(&str, &str); 6] = [
    ("metadata", "Metadata"),
    ("depends_on", "DependsOn"),
    ("deletion_policy", "DeletionPolicy"),
    ("update_policy", "UpdatePolicy"),
    ("condition", "Condition"),
    ("external_id", "ExternalId"),
];

fn decide(
    name: &str,
    old: &Side_,
    new: &Side_,
    fates: &BTreeMap<String, Fate>,
    catalog: CatalogAt<'_>,
) -> Fate {
    let after = &new.resources[name];
    let new_type = type_of(after, new.hot);
    let Some(before) = old.resources.get(name) else {
        return Fate {
            resource_type: new_type,
            action: Action::Added,
            properties: Vec::new(),
            why: "it is not in the running stack".into(),
            effect: Some("created".into()),
        };
    };
    let old_type = type_of(before, old.hot);
    let mut substituted = false;
    if old_type != new_type {
        let substitutes = catalog
            .catalog()
            .resource_type(&old_type)
            .map(|t| {
                catalog
                    .status_now(&t)
                    .substitute_types()
                    .any(|s| s == new_type)
            })
            .unwrap_or(false);
        if !substitutes {
            return Fate {
                resource_type: new_type.clone(),
                action: Action::Replaced,
                properties: Vec::new(),
                why: format!(
                    "its type changes from {old_type} to {new_type}, and {new_type} is not the substitute Heat names for {old_type}: Heat replaces the resource"
                ),
                effect: Some(replaced_effect(&old_type, before)),
            };
        }
        substituted = true;
    }
    let Some(schema) = catalog.catalog().resource_type(&new_type) else {
        if before == after {
            return Fate {
                resource_type: new_type,
                action: Action::Unchanged,
                properties: Vec::new(),
                why: "its definition is the same (a nested template's own resources are compared in its file)".into(),
                effect: None,
            };
        }
        return Fate::unknown(
            new_type.clone(),
            format!("{new_type} is not in the catalog (a nested template or a plugin): its update is its own"),
        );
    };
    let old_props = field(before, "properties", "Properties")
        .cloned()
        .unwrap_or(Value::Null);
    let new_props = field(after, "properties", "Properties")
        .cloned()
        .unwrap_or(Value::Null);
    let old_values = evaluate(
        &old_props,
        Side::Old,
        &old.parameters,
        &old.resources,
        fates,
    );
    let new_values = evaluate(
        &new_props,
        Side::New,
        &new.parameters,
        &new.resources,
        fates,
    );
    let definition_changed = substituted
        || old_values.as_ref().ok() != new_values.as_ref().ok()
        || old_values.is_err()
        || OTHER_KEYS
            .iter()
            .any(|(hot, cfn)| field(before, hot, cfn) != field(after, hot, cfn));
    let (old_values, new_values) = match (old_values, new_values) {
        (Ok(old_values), Ok(new_values)) => (old_values, new_values),
        (Err(why), _) | (_, Err(why)) => {
            return Fate::unknown(
                new_type,
                format!("its properties are known only at run time: {why}"),
            )
        }
    };
    let before_props = translated(&old_values, schema);
    let after_props = translated(&new_values, schema);
    if replace_always(&new_type, &after_props) {
        return Fate {
            resource_type: new_type.clone(),
            action: Action::Replaced,
            properties: vec!["replacement_policy".into()],
            why: "replacement_policy is REPLACE_ALWAYS: Heat replaces the port on every update"
                .into(),
            effect: Some(replaced_effect(&new_type, after)),
        };
    }
    if !definition_changed {
        return Fate {
            resource_type: new_type,
            action: Action::Unchanged,
            properties: Vec::new(),
            why: "its definition is the same".into(),
            effect: None,
        };
    }
    let changed: BTreeSet<String> = schema
        .properties()
        .map(|property| property.name().to_owned())
        .filter(|key| {
            value_or_default(&before_props, key, schema)
                != value_or_default(&after_props, key, schema)
        })
        .collect();
    if changed.is_empty() {
        return Fate {
            resource_type: new_type.clone(),
            action: Action::Updated,
            properties: Vec::new(),
            why: if substituted {
                format!("{new_type} is the substitute Heat names for {old_type}: the resource is updated in place, its properties the same")
            } else {
                "its definition changed, but no property does once Heat's translation rules and defaults apply: updated in place with an empty property diff".into()
            },
            effect: Some("nothing is sent to the service".into()),
        };
    }
    let listed: Vec<String> = changed.iter().cloned().collect();
    let immutable: Vec<&String> = changed
        .iter()
        .filter(|key| schema.property(key).is_some_and(|p| p.immutable()))
        .collect();
    if !immutable.is_empty() {
        return Fate {
            resource_type: new_type.clone(),
            action: Action::Refused,
            properties: listed,
            why: format!(
                "Heat refuses the update: {} of {new_type} may not change (Update to properties {} of {name} ({new_type}) is not supported)",
                join(&immutable),
                join(&immutable),
            ),
            effect: None,
        };
    }
    if let Some(policy) = server_replaces(&new_type, &changed, &before_props, &after_props) {
        return Fate {
            resource_type: new_type.clone(),
            action: Action::Replaced,
            properties: listed,
            why: policy,
            effect: Some(replaced_effect(&new_type, after)),
        };
    }
    let fixed: Vec<&String> = changed
        .iter()
        .filter(|key| {
            !schema
                .property(key)
                .is_some_and(|p| catalog.update_allowed(p))
        })
        .collect();
    if !fixed.is_empty() {
        return Fate {
            resource_type: new_type.clone(),
            action: Action::Replaced,
            properties: listed,
            why: format!(
                "{} of {new_type} cannot change in place: Heat replaces the resource",
                join(&fixed)
            ),
            effect: Some(replaced_effect(&new_type, after)),
        };
    }
    let effect = updated_effect(&new_type, &changed);
    Fate {
        resource_type: new_type.clone(),
        action: Action::Updated,
        why: format!(
            "{} of {new_type} may change in place",
            join(&changed.iter().collect::<Vec<_>>())
        ),
        properties: listed,
        effect: Some(effect),
    }
}

fn join(names: &[&String]) -> String {
    names
        .iter()
        .map(|n| n.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::release::Release;

    /// The action and changed properties of each resource, `old` → `new`.
    fn actions(old: &str, new: &str) -> Vec<(String, Action, Vec<String>)> {
        let side = StackInput::template;
        preview(&side(old), &side(new), Catalog::builtin().at(None))
            .unwrap()
            .into_iter()
            .map(|c| (c.name, c.action, c.properties))
            .collect()
    }

    fn one(old: &str, new: &str) -> (Action, Vec<String>) {
        let mut found = actions(old, new);
        assert_eq!(found.len(), 1, "{found:?}");
        let (_, action, properties) = found.remove(0);
        (action, properties)
    }

    const HOT: &str = "heat_template_version: 2018-08-31\nresources:\n  r:\n";

    #[test]
    fn whether_a_property_updates_in_place_is_the_running_release_s() {
        // Heat 8.0.0 to 12 updated a port's MAC address in place; 13.0.0 and
        // later replace the port.
        let port = |mac: &str| {
            format!("{HOT}    type: OS::Neutron::Port\n    properties: {{network: n, mac_address: '{mac}'}}\n")
        };
        let (old, new) = (port("fa:16:3e:00:00:01"), port("fa:16:3e:00:00:02"));
        let side = StackInput::template;
        let at = |release: &str| {
            let release = Release::parse(release).unwrap();
            preview(
                &side(&old),
                &side(&new),
                Catalog::builtin().at(Some(release)),
            )
            .unwrap()[0]
                .action
        };
        assert_eq!(at("10.0.0"), Action::Updated);
        assert_eq!(at("12.0.3"), Action::Updated);
        assert_eq!(at("13.0.0"), Action::Replaced);
        assert_eq!(at("7.0.0"), Action::Replaced);
        assert_eq!(one(&old, &new).0, Action::Replaced, "the newest release's");
    }

    #[test]
    fn a_server_s_flavor_resizes_its_image_rebuilds_and_its_user_data_replaces() {
        let server =
            |props: &str| format!("{HOT}    type: OS::Nova::Server\n    properties: {{{props}}}\n");
        let before = server("flavor: m1.small, image: cirros, user_data: a");
        let (action, properties) = one(
            &before,
            &server("flavor: m1.large, image: cirros, user_data: a"),
        );
        assert_eq!(
            (action, properties),
            (Action::Updated, vec!["flavor".to_owned()])
        );
        let (action, _) = one(
            &before,
            &server("flavor: m1.small, image: fedora, user_data: a"),
        );
        assert_eq!(action, Action::Updated);
        // user_data_update_policy defaults to REPLACE.
        let (action, _) = one(
            &before,
            &server("flavor: m1.small, image: cirros, user_data: b"),
        );
        assert_eq!(action, Action::Replaced);
        let (action, _) = one(
            &before,
            &server("flavor: m1.large, image: cirros, user_data: a, flavor_update_policy: REPLACE"),
        );
        assert_eq!(action, Action::Replaced);
    }

    #[test]
    fn a_substitute_type_is_updated_in_place_and_another_type_replaces() {
        let typed = |kind: &str| {
            format!("{HOT}    type: {kind}\n    properties: {{config: c, servers: {{a: s}}}}\n")
        };
        let (action, _) = one(
            &typed("OS::Heat::SoftwareDeployments"),
            &typed("OS::Heat::SoftwareDeploymentGroup"),
        );
        assert_eq!(action, Action::Updated);
        let (action, _) = one(
            &typed("OS::Heat::SoftwareDeployments"),
            &typed("OS::Heat::None"),
        );
        assert_eq!(action, Action::Replaced);
    }

    #[test]
    fn an_immutable_property_makes_heat_refuse_and_replacement_policy_always_replaces() {
        let volume = |size: u32| {
            format!("{HOT}    type: AWS::EC2::Volume\n    properties: {{Size: {size}, AvailabilityZone: nova}}\n")
        };
        assert_eq!(one(&volume(1), &volume(2)).0, Action::Refused);
        let port = |name: &str| {
            format!("{HOT}    type: OS::Neutron::Port\n    properties: {{network: n, name: {name}, replacement_policy: REPLACE_ALWAYS}}\n")
        };
        assert_eq!(one(&port("a"), &port("b")).0, Action::Replaced);
    }

    #[test]
    fn references_follow_the_resource_they_name() {
        let template = |cidr: &str, name: &str| {
            format!(
                "heat_template_version: 2018-08-31\nresources:\n  net: {{type: OS::Neutron::Net, properties: {{name: {name}}}}}\n  subnet:\n    type: OS::Neutron::Subnet\n    properties: {{network: {{get_resource: net}}, cidr: {cidr}}}\n  port:\n    type: OS::Neutron::Port\n    properties: {{network: {{get_resource: net}}, fixed_ips: [{{subnet: {{get_resource: subnet}}}}], name: {{get_attr: [net, name]}}}}\n"
            )
        };
        let found = actions(&template("10.0.0.0/24", "a"), &template("10.0.1.0/24", "a"));
        let action_of = |name: &str| found.iter().find(|(n, _, _)| n == name).unwrap().1;
        assert_eq!(action_of("net"), Action::Unchanged);
        assert_eq!(action_of("subnet"), Action::Replaced);
        // The subnet's new ID reaches the port, which updates fixed_ips.
        assert_eq!(action_of("port"), Action::Updated);
        // An attribute of a resource updated in place is not known offline.
        let found = actions(&template("10.0.0.0/24", "a"), &template("10.0.0.0/24", "b"));
        let action_of = |name: &str| found.iter().find(|(n, _, _)| n == name).unwrap().1;
        assert_eq!(action_of("net"), Action::Updated);
        assert_eq!(action_of("port"), Action::Unknown);
    }

    #[test]
    fn a_parameter_without_a_value_is_said_unknown_and_bad_input_is_an_error() {
        let port = |props: &str| {
            format!("{HOT}    type: OS::Neutron::Port\n    properties: {{{props}}}\n")
        };
        let (action, _) = one(&port("network: {get_param: net}"), &port("network: other"));
        assert_eq!(action, Action::Unknown);
        let side = StackInput::template;
        assert!(preview(&side("[unclosed"), &side(HOT), Catalog::builtin().at(None)).is_err());
    }
}
