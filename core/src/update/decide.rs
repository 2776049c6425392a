//! What Heat's update does to one resource of the new template, decided in
//! Heat's order: is it new; does its type change; is its type known; do
//! its properties (translated, defaults applied, functions resolved)
//! change; and if so, does its type's policy, an immutable property or a
//! property that cannot change in place decide a replacement.

use std::collections::{BTreeMap, BTreeSet};

use super::effects::{
    replace_always, replaced_effect, server_replaces, translated, updated_effect, value_or_default,
    Props,
};
use super::side::Side;
use super::values::{evaluate, written, Scope, Time};
use super::{Action, Fate};
use crate::catalog::{CatalogAt, ResourceType};
use crate::template::{Definition, Template};

/// The keys of a definition besides its type and properties, compared as
/// Heat's frozen definitions compare them.
const OTHER_KEYS: [&str; 6] = [
    "metadata",
    "depends_on",
    "deletion_policy",
    "update_policy",
    "condition",
    "external_id",
];

/// The types Heat implements as a `StackResource`, whose `_needs_update`
/// is always true: each stack update updates their nested stack, and the
/// resources inside decide for themselves.
const NESTED_STACKS: [&str; 11] = [
    "OS::Heat::ResourceGroup",
    "OS::Heat::SoftwareDeploymentGroup",
    "OS::Heat::SoftwareDeployments",
    "OS::Heat::StructuredDeploymentGroup",
    "OS::Heat::StructuredDeployments",
    "OS::Heat::ResourceChain",
    "OS::Heat::InstanceGroup",
    "OS::Heat::AutoScalingGroup",
    "AWS::AutoScaling::AutoScalingGroup",
    "AWS::CloudFormation::Stack",
    "AWS::ElasticLoadBalancing::LoadBalancer",
];

/// What an update of a nested stack whose definition stays does.
const NESTED_EFFECT: &str = "nothing changes unless a resource inside it does";

/// Both sides of the update, and what was decided so far.
pub(super) struct Update<'s, 'a> {
    pub old: &'s Side<'a>,
    pub new: &'s Side<'a>,
    pub fates: &'s BTreeMap<String, Fate>,
    pub catalog: CatalogAt<'s>,
}

/// A resource's type as written (empty when it is not a scalar).
pub(super) fn type_of(definition: &Definition) -> String {
    definition.type_name.clone().unwrap_or_default()
}

/// Whether the definition says `deletion_policy: Retain`.
pub(super) fn retained(template: &Template<'_>, definition: &Definition) -> bool {
    template
        .resource_entry(definition, "deletion_policy")
        .and_then(|entry| template.tree().scalar(entry.value))
        == Some("Retain")
}

fn fate(resource_type: &str, action: Action, properties: Vec<String>, why: String) -> Fate {
    Fate {
        resource_type: resource_type.to_owned(),
        action,
        properties,
        why,
        effect: None,
    }
}

impl Update<'_, '_> {
    pub fn decide(&self, name: &str) -> Fate {
        let after = &self
            .new
            .resource(name)
            .expect("a resource of the new template")
            .definition;
        let new_type = self.new.type_of(after);
        let Some(before) = self.old.resource(name).map(|r| &r.definition) else {
            let why = match self.old.disabled_by(name) {
                Some(condition) => format!(
                    "its condition {condition} is false in the running stack, and no longer is"
                ),
                None => "it is not in the running stack".into(),
            };
            let mut added = fate(&new_type, Action::Added, Vec::new(), why);
            added.effect = Some("created".into());
            return added;
        };
        self.decide_between(name, before, after)
    }

    /// What the update does to a running resource defined `before`, now
    /// `after` (a resource, or a group's member).
    pub fn decide_between(&self, name: &str, before: &Definition, after: &Definition) -> Fate {
        let new_type = self.new.type_of(after);
        let old_type = self.old.type_of(before);
        let substituted = old_type != new_type;
        if substituted && !self.substitutes(&old_type, &new_type) {
            let mut replaced = fate(
                &new_type,
                Action::Replaced,
                Vec::new(),
                format!(
                    "its type changes from {old_type} to {new_type}, and {new_type} is not the \
                substitute Heat names for {old_type}: Heat replaces the resource"
                ),
            );
            replaced.effect = Some(replaced_effect(
                &old_type,
                retained(&self.old.template, before),
            ));
            return replaced;
        }
        if let Some(fate) = self.external(name, &new_type, before, after) {
            return fate;
        }
        if let Some(fate) = self.never_updated(&new_type) {
            return fate;
        }
        let Some(schema) = self.catalog.catalog().resource_type(&new_type) else {
            return self.outside_catalog(&new_type, before, after);
        };
        self.compare(name, schema, substituted, &old_type, before, after)
    }

    /// Heat's first question in `Resource.update`: an `external_id` that
    /// changes fails the update at this resource; one that stays makes
    /// Heat skip the resource, whatever else changed.
    fn external(
        &self,
        name: &str,
        new_type: &str,
        before: &Definition,
        after: &Definition,
    ) -> Option<Fate> {
        let id = |side: &Side<'_>, definition: &Definition| {
            let template = &side.template;
            template
                .resource_entry(definition, "external_id")
                .map(|entry| written(template, entry.value))
        };
        let (old_id, new_id) = (id(self.old, before), id(self.new, after));
        if old_id != new_id {
            let what = match (&old_id, &new_id) {
                (None, _) => "external_id is added",
                (_, None) => "external_id is removed",
                _ => "external_id changes",
            };
            return Some(fate(
                new_type,
                Action::Refused,
                vec!["external_id".into()],
                format!(
                "{what}: Heat fails the update at this resource (Update to property external_id \
                of {name} ({new_type}) is not supported), and the stack ends UPDATE_FAILED"
            ),
            ));
        }
        new_id.is_some().then(|| {
            fate(
                new_type,
                Action::Unchanged,
                Vec::new(),
                "it is an external resource (external_id): Heat skips its update, whatever else \
            changed"
                    .into(),
            )
        })
    }

    /// `OS::Heat::None`, and the placeholders Heat puts in place of removed
    /// types, never update (`NoneResource._needs_update`).
    fn never_updated(&self, new_type: &str) -> Option<Fate> {
        let schema = self.catalog.catalog().resource_type(new_type)?;
        let placeholder = self.catalog.is_placeholder(schema);
        (new_type == "OS::Heat::None" || placeholder).then(|| {
            let what = if placeholder {
                format!("{new_type} is a placeholder (OS::Heat::None)")
            } else {
                "OS::Heat::None".to_owned()
            };
            fate(
                new_type,
                Action::Unchanged,
                Vec::new(),
                format!("{what} never updates, whatever its properties"),
            )
        })
    }

    fn substitutes(&self, old_type: &str, new_type: &str) -> bool {
        self.catalog
            .catalog()
            .resource_type(old_type)
            .is_some_and(|t| {
                self.catalog
                    .status_now(&t)
                    .substitute_types()
                    .any(|s| s == new_type)
            })
    }

    /// A type the catalog does not hold: a nested template or a plugin.
    fn outside_catalog(&self, new_type: &str, before: &Definition, after: &Definition) -> Fate {
        if self.new.is_nested_template(new_type) {
            // Named as the template writes it.
            let new_type = &type_of(after);
            // A TemplateResource: a StackResource, which Heat updates at
            // every stack update (its properties all update in place).
            let mut updated = fate(
                new_type,
                Action::Updated,
                Vec::new(),
                format!(
                    "{new_type} is a nested stack, which Heat updates at every stack update; the \
                resources inside it decide for themselves"
                ),
            );
            updated.effect = Some(NESTED_EFFECT.into());
            return updated;
        }
        let same =
            written(&self.old.template, before.body) == written(&self.new.template, after.body);
        if same {
            return fate(
                new_type,
                Action::Unchanged,
                Vec::new(),
                "its definition is the same".into(),
            );
        }
        Fate::unknown(
            new_type.to_owned(),
            format!("{new_type} is not in the catalog (a plugin): its update is its own"),
        )
    }

    /// The properties of both definitions, as Heat compares them.
    fn properties(
        &self,
        time: Time,
        definition: &Definition,
    ) -> Result<crate::template::value::Val, String> {
        let side = if time == Time::Old {
            self.old
        } else {
            self.new
        };
        let scope = Scope {
            time,
            side,
            fates: self.fates,
        };
        match side.template.resource_entry(definition, "properties") {
            Some(entry) => evaluate(&scope, entry.value),
            None => Ok(crate::template::value::Val::new(
                crate::template::value::V::Null,
                crate::text::TextRange::empty(0),
            )),
        }
    }

    fn other_keys_change(&self, before: &Definition, after: &Definition) -> bool {
        let read = |template: &Template<'_>, definition: &Definition, key: &str| {
            template
                .resource_entry(definition, key)
                .map(|entry| written(template, entry.value))
        };
        OTHER_KEYS.iter().any(|key| {
            read(&self.old.template, before, key) != read(&self.new.template, after, key)
        })
    }

    fn compare(
        &self,
        name: &str,
        schema: ResourceType<'_>,
        substituted: bool,
        old_type: &str,
        before: &Definition,
        after: &Definition,
    ) -> Fate {
        let new_type = self.new.type_of(after);
        let (old_values, new_values) = (
            self.properties(Time::Old, before),
            self.properties(Time::New, after),
        );
        let definition_changed = substituted
            || old_values.as_ref().ok() != new_values.as_ref().ok()
            || old_values.is_err()
            || self.other_keys_change(before, after);
        let (old_values, new_values) = match (old_values, new_values) {
            (Ok(old_values), Ok(new_values)) => (old_values, new_values),
            (Err(why), _) | (_, Err(why)) => {
                return Fate::unknown(
                    new_type,
                    format!("its properties are known only at run time: {why}"),
                )
            }
        };
        let before_props = translated(old_values, schema);
        let after_props = translated(new_values, schema);
        let retained = retained(&self.new.template, after);
        if let Some(fate) = always_updated(&new_type, definition_changed, &after_props, retained) {
            return fate;
        }
        if !definition_changed {
            return fate(
                &new_type,
                Action::Unchanged,
                Vec::new(),
                "its definition is the same".into(),
            );
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
            let mut updated = fate(
                &new_type,
                Action::Updated,
                Vec::new(),
                if substituted {
                    format!("{new_type} is the substitute Heat names for {old_type}: the resource is updated in place, its properties the same")
                } else {
                    "its definition changed, but no property does once Heat's translation rules and defaults apply: updated in place with an empty property diff".into()
                },
            );
            updated.effect = Some("nothing is sent to the service".into());
            return updated;
        }
        self.changed(
            name,
            schema,
            &changed,
            (&before_props, &after_props),
            retained,
        )
    }

    /// What changed properties do: refused, replaced or updated in place.
    fn changed(
        &self,
        name: &str,
        schema: ResourceType<'_>,
        changed: &BTreeSet<String>,
        (before, after): (&Props, &Props),
        retained: bool,
    ) -> Fate {
        let new_type = schema.name();
        let listed: Vec<String> = changed.iter().cloned().collect();
        let immutable: Vec<&str> = changed
            .iter()
            .filter(|key| schema.property(key).is_some_and(|p| p.immutable()))
            .map(String::as_str)
            .collect();
        if !immutable.is_empty() {
            let names = immutable.join(", ");
            return fate(new_type, Action::Refused, listed, format!(
                "Heat refuses the update: {names} of {new_type} may not change (Update to properties {names} of {name} ({new_type}) is not supported)"
            ));
        }
        if let Some(policy) = server_replaces(new_type, changed, before, after) {
            let mut replaced = fate(new_type, Action::Replaced, listed, policy);
            replaced.effect = Some(replaced_effect(new_type, retained));
            return replaced;
        }
        let fixed: Vec<&str> = changed
            .iter()
            .filter(|key| {
                !schema
                    .property(key)
                    .is_some_and(|p| self.catalog.update_allowed(p))
            })
            .map(String::as_str)
            .collect();
        if !fixed.is_empty() {
            let mut replaced = fate(
                new_type,
                Action::Replaced,
                listed,
                format!(
                    "{} of {new_type} cannot change in place: Heat replaces the resource",
                    fixed.join(", ")
                ),
            );
            replaced.effect = Some(replaced_effect(new_type, retained));
            return replaced;
        }
        let all: Vec<&str> = changed.iter().map(String::as_str).collect();
        let mut updated = fate(
            new_type,
            Action::Updated,
            listed,
            format!("{} of {new_type} may change in place", all.join(", ")),
        );
        updated.effect = Some(updated_effect(new_type, changed));
        updated
    }
}

/// What Heat does whatever changed: a Port with `replacement_policy:
/// REPLACE_ALWAYS` and an `UpdateWaitConditionHandle` are replaced at every
/// update, a nested stack updated whenever its definition stays.
fn always_updated(
    new_type: &str,
    definition_changed: bool,
    after: &Props,
    retained: bool,
) -> Option<Fate> {
    if replace_always(new_type, after) {
        let why = "replacement_policy is REPLACE_ALWAYS: Heat replaces the port on every update";
        let mut replaced = fate(
            new_type,
            Action::Replaced,
            vec!["replacement_policy".into()],
            why.into(),
        );
        replaced.effect = Some(replaced_effect(new_type, retained));
        return Some(replaced);
    }
    if new_type == "OS::Heat::UpdateWaitConditionHandle" {
        let mut replaced = fate(
            new_type,
            Action::Replaced,
            Vec::new(),
            "an UpdateWaitConditionHandle is replaced at every stack update".into(),
        );
        replaced.effect = Some("a new handle: what signals must use its new URL".into());
        return Some(replaced);
    }
    let nested = NESTED_STACKS.contains(&new_type);
    if !definition_changed && nested {
        let mut updated = fate(
            new_type,
            Action::Updated,
            Vec::new(),
            format!(
                "{new_type} holds a nested stack, which Heat updates at every stack update; the \
                resources inside it decide for themselves"
            ),
        );
        updated.effect = Some(NESTED_EFFECT.into());
        return Some(updated);
    }
    None
}
