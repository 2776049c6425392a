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

mod compare;
mod decide;
mod effects;
mod members;
mod side;
mod values;

use crate::catalog::CatalogAt;
use side::Side;

/// The most resources compared per template.
pub const MAX_RESOURCES: usize = 10_000;

/// One side of the update: a template, the environments it is deployed
/// with (their `parameters` and `parameter_defaults`), and parameter
/// values given on the command line.
pub struct StackInput<'a> {
    pub template: &'a str,
    pub environments: Vec<&'a str>,
    pub parameters: Vec<(String, String)>,
    /// The stack's other files by the name its templates (or its
    /// environments' registries) use: its nested templates, whose own
    /// resources are then previewed, named `PARENT/NAME`.
    pub files: Vec<(String, &'a str)>,
    /// Where the template is sent from, as python-heatclient names it
    /// (`file:///dir/`): its template types written as relative paths
    /// are then the URLs Heat keeps (those of a running stack's template),
    /// and `files` are named by those URLs. `None`: types as written.
    pub base_url: Option<String>,
}

impl<'a> StackInput<'a> {
    /// A template alone: no environment, no parameter values.
    pub fn template(template: &'a str) -> Self {
        StackInput {
            template,
            environments: Vec::new(),
            parameters: Vec::new(),
            files: Vec::new(),
            base_url: None,
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

/// Every resource of both templates, in the new template's order then the
/// deleted ones, with what the update by Heat at the catalog's release
/// does to it (whether a property updates in place, and a type's
/// substitute, changed between releases).
pub fn preview(
    old: &StackInput<'_>,
    new: &StackInput<'_>,
    catalog: CatalogAt<'_>,
) -> Result<Vec<Change>, String> {
    let old = Side::read(old, "the running stack's template")?;
    let new = Side::read(new, "the new template")?;
    Ok(compare::compare(&old, &new, catalog, 0))
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
    fn parameters_take_heat_s_values_the_command_line_then_parameters_then_defaults() {
        let template = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number, default: 1}\nresources:\n  v:\n    type: OS::Cinder::Volume\n    properties: {size: {get_param: size}}\n";
        let with = |environments: Vec<&'static str>, given: &[(&str, &str)]| StackInput {
            template,
            files: Vec::new(),
            base_url: None,
            environments,
            parameters: given
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let action = |old: StackInput<'_>, new: StackInput<'_>| {
            preview(&old, &new, Catalog::builtin().at(None)).unwrap()[0].action
        };
        // A number given as text is the number.
        assert_eq!(
            action(with(vec![], &[]), with(vec![], &[("size", "1")])),
            Action::Unchanged
        );
        assert_eq!(
            action(with(vec![], &[]), with(vec![], &[("size", "2")])),
            Action::Updated
        );
        // An earlier environment's parameters beat a later one's defaults.
        let environments = vec!["parameters: {size: 1}\n", "parameter_defaults: {size: 3}\n"];
        assert_eq!(
            action(with(vec![], &[]), with(environments, &[])),
            Action::Unchanged
        );
        let environments = vec!["parameter_defaults: {size: 3}\n"];
        assert_eq!(
            action(with(vec![], &[]), with(environments, &[])),
            Action::Updated
        );
    }

    #[test]
    fn resources_are_listed_in_the_new_template_s_order_then_the_deleted() {
        let old = format!("{HOT}    type: OS::Heat::None\n  b: {{type: OS::Heat::None}}\n  gone: {{type: OS::Heat::None}}\n");
        let new = "heat_template_version: 2018-08-31\nresources:\n  z: {type: OS::Heat::None}\n  b: {type: OS::Heat::None}\n";
        let names: Vec<String> = actions(&old, new)
            .into_iter()
            .map(|(name, _, _)| name)
            .collect();
        assert_eq!(names, ["z", "b", "r", "gone"]);
    }

    #[test]
    fn a_group_s_members_are_named_and_follow_its_count_and_definition() {
        let group = |count: u32, length: u32| {
            format!("{HOT}    type: OS::Heat::ResourceGroup\n    properties:\n      count: {count}\n      resource_def: {{type: OS::Heat::RandomString, properties: {{length: {length}}}}}\n")
        };
        let found = actions(&group(3, 8), &group(2, 8));
        let named: Vec<(&str, Action)> = found.iter().map(|(n, a, _)| (n.as_str(), *a)).collect();
        let expected = [
            ("r", Action::Updated),
            ("r/0", Action::Unchanged),
            ("r/1", Action::Unchanged),
            ("r/2", Action::Deleted),
        ];
        assert_eq!(named, expected);
        let found = actions(&group(1, 8), &group(2, 10));
        let named: Vec<(&str, Action)> = found.iter().map(|(n, a, _)| (n.as_str(), *a)).collect();
        let expected = [
            ("r", Action::Updated),
            ("r/0", Action::Replaced),
            ("r/1", Action::Added),
        ];
        assert_eq!(named, expected);
    }

    #[test]
    fn nested_stacks_are_updated_at_every_update_and_wait_handles_replaced() {
        let template = |kind: &str| format!("{HOT}    type: {kind}\n");
        for kind in ["side.yaml", "OS::Heat::ResourceChain"] {
            assert_eq!(
                one(&template(kind), &template(kind)).0,
                Action::Updated,
                "{kind}"
            );
        }
        let handle = template("OS::Heat::UpdateWaitConditionHandle");
        assert_eq!(one(&handle, &handle).0, Action::Replaced);
        let handle = template("OS::Heat::WaitConditionHandle");
        assert_eq!(one(&handle, &handle).0, Action::Unchanged);
    }

    #[test]
    fn a_nested_stack_s_resources_are_previewed_with_its_parent_s_properties() {
        let root =
            |size: u32| format!("{HOT}    type: side.yaml\n    properties: {{size: {size}}}\n");
        let side = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources:\n  volume:\n    type: OS::Cinder::Volume\n    properties: {size: {get_param: size}}\n  name: {type: OS::Heat::RandomString}\n";
        let input = |text: &'static str| StackInput {
            files: vec![("side.yaml".to_owned(), side)],
            ..StackInput::template(text)
        };
        let (old, new): (&'static str, &'static str) = (
            Box::leak(root(1).into_boxed_str()),
            Box::leak(root(2).into_boxed_str()),
        );
        let found: Vec<(String, Action)> =
            preview(&input(old), &input(new), Catalog::builtin().at(None))
                .unwrap()
                .into_iter()
                .map(|c| (c.name, c.action))
                .collect();
        let expected = [
            ("r".to_owned(), Action::Updated),
            ("r/volume".to_owned(), Action::Updated),
            ("r/name".to_owned(), Action::Unchanged),
        ];
        assert_eq!(found, expected);
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
