//! The JSON shapes of catalog objects and of findings, shared by the CLI's
//! `--format json` output and the JavaScript API so that both say the same
//! thing the same way. Consumers add their own fields (the file a finding
//! is in, how an object was looked up) to the objects built here.
//!
//! Shapes, in brief:
//! - a status ([`status`]): `status`, `version`, `release_name`, `message`,
//!   `substitute_class`, `substitute_types`, `mentions`, and the status
//!   before it as `previous_status` (or null);
//! - a life cycle, on every type, property and attribute: the status
//!   fields, plus `lifecycle` (the chain as steps, newest first), `summary`
//!   (the life cycle in words), `at` (the state at the target release,
//!   when there is one) and `available` (the release ranges that register
//!   it, or null);
//! - a resource type, property or attribute: its own fields and its life
//!   cycle; properties nest their `schema`, types their `properties`,
//!   `attributes` and `translation_rules`;
//! - a finding ([`diagnostic_json`]): `code`, `name`, `severity`,
//!   `message`, its [`Location`], `status`, `lifecycle`, `subject` and
//!   `fix`.

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::catalog::{
    Alias, Attribute, Availability, Entity, Property, ResourceType, Status, StatusAt,
    TranslationRule,
};
use crate::lint::{describe, timeline, Diagnostic, LifecycleStep, Subject};
use crate::release::Release;
use crate::text::{Location, Positions};

/// How `at.status` gives the status in force: the CLI has always written
/// it in full, with its chain; the JavaScript API by its kind alone. Each
/// keeps the shape its readers rely on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InForceAs {
    /// The whole status object, as [`status`] builds it.
    Status,
    /// The status kind in Heat's words, e.g. `"DEPRECATED"`.
    Kind,
}

/// The release to say the state at, and how to give the status in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub release: Release,
    pub in_force_as: InForceAs,
}

/// The version to show: normalized when it parses (Heat's `"2014.2 "`
/// becomes `2014.2`), trimmed as written otherwise; null when none.
pub fn version(status: Status<'_>) -> Value {
    match (status.release(), status.version()) {
        (Some(release), _) => release.version().into(),
        (None, Some(version)) => version.trim().into(),
        (None, None) => Value::Null,
    }
}

/// A status with the chain before it nested as `previous_status`.
pub fn status(status: Status<'_>) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("status".into(), status.kind().as_str().into());
    object.insert("version".into(), version(status));
    object.insert("release_name".into(), status.release_name().into());
    object.insert("message".into(), status.message().into());
    object.insert("substitute_class".into(), status.substitute_class().into());
    object.insert(
        "substitute_types".into(),
        status.substitute_types().collect::<Vec<_>>().into(),
    );
    object.insert(
        "mentions".into(),
        status.mentions().collect::<Vec<_>>().into(),
    );
    object.insert(
        "previous_status".into(),
        status.previous().map_or(Value::Null, |previous| {
            Value::Object(self::status(previous))
        }),
    );
    object
}

/// The state at `target`: `release`, `state` (`in_force`, `unrecorded`,
/// `not_yet_available`, `removed`), `status` (the status in force, or the
/// first one recorded when unrecorded; null otherwise), `first` (for
/// `not_yet_available`) and `last` (for `removed`).
pub fn status_at(state: StatusAt<'_>, target: Target) -> Value {
    let (kind, in_force, first, last) = match state {
        StatusAt::InForce(status) => ("in_force", Some(status), None, None),
        StatusAt::Unrecorded { first_recorded } => ("unrecorded", Some(first_recorded), None, None),
        StatusAt::NotYetAvailable { first } => ("not_yet_available", None, first, None),
        StatusAt::Removed { last } => ("removed", None, None, Some(last)),
    };
    let in_force = in_force.map_or(Value::Null, |in_force| match target.in_force_as {
        InForceAs::Status => Value::Object(status(in_force)),
        InForceAs::Kind => in_force.kind().as_str().into(),
    });
    json!({
        "release": target.release.version(),
        "state": kind,
        "status": in_force,
        "first": first.map(Release::version),
        "last": last.map(Release::version),
    })
}

/// The release ranges that register an object, each `[first, last]`; null
/// when the catalog does not record them.
pub fn availability(available: Option<Availability<'_>>) -> Value {
    match available {
        None => Value::Null,
        Some(available) => available
            .ranges()
            .map(|(first, last)| json!([first.version(), last.version()]))
            .collect(),
    }
}

/// Adds the life-cycle fields to `object`; `at` only with a target.
fn insert_lifecycle(
    object: &mut Map<String, Value>,
    current: Status<'_>,
    state: Option<(StatusAt<'_>, Target)>,
    available: Option<Availability<'_>>,
) {
    object.extend(status(current));
    object.insert(
        "lifecycle".into(),
        timeline(current)
            .iter()
            .map(|step| json!(Step::from(step)))
            .collect(),
    );
    object.insert("summary".into(), describe(current).into());
    if let Some((state, target)) = state {
        object.insert("at".into(), status_at(state, target));
    }
    object.insert("available".into(), availability(available));
}

/// A resource type: `kind` (`"resource_type"`), `type`, its life cycle,
/// `description`, `placeholder`, `placeholder_since`,
/// `dynamic_attributes`, `properties` and `attributes` by name, and
/// `translation_rules`.
pub fn resource_type(
    resource_type: ResourceType<'_>,
    target: Option<Target>,
) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("kind".into(), "resource_type".into());
    object.insert("type".into(), resource_type.name().into());
    insert_lifecycle(
        &mut object,
        resource_type.status(),
        target.map(|target| (resource_type.status_at(target.release), target)),
        resource_type.available(),
    );
    object.insert("description".into(), resource_type.description().into());
    object.insert("placeholder".into(), resource_type.is_placeholder().into());
    object.insert(
        "placeholder_since".into(),
        resource_type.placeholder_since().into(),
    );
    object.insert(
        "dynamic_attributes".into(),
        resource_type.has_dynamic_attributes().into(),
    );
    object.insert(
        "properties".into(),
        Value::Object(
            resource_type
                .properties()
                .map(|child| {
                    (
                        child.name().to_owned(),
                        Value::Object(property(child, target)),
                    )
                })
                .collect(),
        ),
    );
    object.insert(
        "attributes".into(),
        Value::Object(
            resource_type
                .attributes()
                .map(|child| {
                    (
                        child.name().to_owned(),
                        Value::Object(attribute(child, target)),
                    )
                })
                .collect(),
        ),
    );
    object.insert(
        "translation_rules".into(),
        resource_type
            .translation_rules()
            .map(translation_rule)
            .collect(),
    );
    object
}

/// A property: `path`, `value_type`, `required`, `update_allowed`,
/// `immutable`, `default`, `description`, `constraints`, its life cycle,
/// `schema` (the nested properties by name, or null) and the
/// `translation_rules` about it.
pub fn property(property: Property<'_>, target: Option<Target>) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("path".into(), property.path().into());
    object.insert("value_type".into(), property.value_type().as_str().into());
    object.insert("required".into(), property.required().into());
    object.insert("update_allowed".into(), property.update_allowed().into());
    object.insert("immutable".into(), property.immutable().into());
    object.insert(
        "default".into(),
        property.default_value().unwrap_or(Value::Null),
    );
    object.insert("description".into(), property.description().into());
    object.insert(
        "constraints".into(),
        property
            .constraints()
            .map(|constraint| constraint.value())
            .collect(),
    );
    insert_lifecycle(
        &mut object,
        property.status(),
        target.map(|target| (property.status_at(target.release), target)),
        property.available(),
    );
    object.insert(
        "schema".into(),
        if property.has_schema() {
            Value::Object(
                property
                    .children()
                    .map(|child| {
                        (
                            child.name().to_owned(),
                            Value::Object(self::property(child, target)),
                        )
                    })
                    .collect(),
            )
        } else {
            Value::Null
        },
    );
    object.insert(
        "translation_rules".into(),
        property
            .owner()
            .translation_rules_for(&property.path())
            .into_iter()
            .map(translation_rule)
            .collect(),
    );
    object
}

/// An attribute: `kind` (`"attribute"`), `type` (its resource type),
/// `name`, `value_type`, `description` and its life cycle.
pub fn attribute(attribute: Attribute<'_>, target: Option<Target>) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("kind".into(), "attribute".into());
    object.insert("type".into(), attribute.owner().name().into());
    object.insert("name".into(), attribute.name().into());
    object.insert("value_type".into(), attribute.value_type().into());
    object.insert("description".into(), attribute.description().into());
    insert_lifecycle(
        &mut object,
        attribute.status(),
        target.map(|target| (attribute.status_at(target.release), target)),
        attribute.available(),
    );
    object
}

/// A translation rule as Heat declares it: `rule`, `path`, `value`,
/// `value_name`, `value_path`, `custom_value_path`, `client_plugin`,
/// `finder`, `entity` (a name, or `{"$prop": name}`) and `conditional`.
pub fn translation_rule(rule: TranslationRule<'_>) -> Value {
    json!({
        "rule": rule.kind().as_str(),
        "path": rule.path().collect::<Vec<_>>(),
        "value": rule.value(),
        "value_name": rule.value_name(),
        "value_path": rule.value_path().map(|path| path.collect::<Vec<_>>()),
        "custom_value_path": rule.custom_value_path().map(|path| path.collect::<Vec<_>>()),
        "client_plugin": rule.client_plugin(),
        "finder": rule.finder(),
        "entity": match rule.entity() {
            None => Value::Null,
            Some(Entity::Named(name)) => name.into(),
            Some(Entity::Property(name)) => json!({"$prop": name}),
        },
        "conditional": rule.conditional(),
    })
}

/// The alias a type name was resolved through: `name`, `target`, `kind`.
pub fn alias(alias: Alias<'_>) -> Value {
    json!({"name": alias.name, "target": alias.target, "kind": alias.kind.as_str()})
}

/// A type in a listing: `type`, `status` at the target release (`UNKNOWN`,
/// Heat's own word, where the chain does not reach back that far),
/// `version`, `release_name`, `message`, `placeholder`.
pub fn listing_entry(resource_type: ResourceType<'_>, in_force: Option<Status<'_>>) -> Value {
    json!({
        "type": resource_type.name(),
        "status": in_force.map_or("UNKNOWN", |status| status.kind().as_str()),
        "version": in_force.map_or(Value::Null, version),
        "release_name": in_force.and_then(|status| status.release_name()),
        "message": in_force.and_then(|status| status.message()),
        "placeholder": resource_type.is_placeholder(),
    })
}

/// One life-cycle step: `status`, `version`, `release_name`, `message`.
#[derive(Serialize)]
pub struct Step<'a> {
    status: &'static str,
    version: Option<&'a str>,
    release_name: Option<&'a str>,
    message: Option<&'a str>,
}

impl<'a> From<&'a LifecycleStep> for Step<'a> {
    fn from(step: &'a LifecycleStep) -> Self {
        Step {
            status: step.status.as_str(),
            version: step.version.as_deref(),
            release_name: step.release_name.as_deref(),
            message: step.message.as_deref(),
        }
    }
}

/// A finding: `code`, `name`, `severity`, `message`, its [`Location`],
/// the `status` of the object it is about (or null), that object's
/// `lifecycle` (newest first), `subject` and `fix` (`title`,
/// `applicability`, `edits` each with a location and `content`; or null).
/// A struct rather than a map so that the keys keep this order when
/// written.
#[derive(Serialize)]
pub struct DiagnosticJson<'a> {
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    /// For an error: `client`, `validate` or `create`, where Heat refuses.
    stage: Option<&'static str>,
    message: &'a str,
    #[serde(flatten)]
    location: Location,
    status: Option<&'static str>,
    lifecycle: Vec<Step<'a>>,
    subject: Option<&'a Subject>,
    fix: Option<FixJson<'a>>,
}

#[derive(Serialize)]
struct FixJson<'a> {
    title: &'a str,
    applicability: &'static str,
    edits: Vec<EditJson<'a>>,
}

#[derive(Serialize)]
struct EditJson<'a> {
    #[serde(flatten)]
    location: Location,
    content: &'a str,
}

/// The finding `diagnostic`, located in the text of `positions`.
pub fn diagnostic_json<'a>(
    positions: &Positions<'_>,
    diagnostic: &'a Diagnostic,
) -> DiagnosticJson<'a> {
    DiagnosticJson {
        code: diagnostic.rule.code(),
        name: diagnostic.rule.name(),
        severity: diagnostic.severity.as_str(),
        stage: diagnostic.refused_at().map(|stage| stage.as_str()),
        message: &diagnostic.message,
        location: positions.location(diagnostic.range),
        status: diagnostic.status.map(|status| status.as_str()),
        lifecycle: diagnostic.lifecycle.iter().map(Step::from).collect(),
        subject: diagnostic.subject.as_ref(),
        fix: diagnostic.fix.as_ref().map(|fix| FixJson {
            title: &fix.title,
            applicability: fix.applicability.as_str(),
            edits: fix
                .edits
                .iter()
                .map(|edit| EditJson {
                    location: positions.location(edit.range),
                    content: &edit.content,
                })
                .collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fix::{Applicability, Edit, Fix};
    use crate::lint::Rule;
    use crate::lint::Severity;
    use crate::text::TextRange;

    #[test]
    fn finding_counts_columns_in_characters_and_offsets_in_bytes_and_utf16() {
        // `é` is one character, two bytes, one UTF-16 unit; `😀` is one
        // character, four bytes, two UTF-16 units.
        let text = "a: é😀\n  b: network_id\n";
        let start = text.find("network_id").unwrap() as u32;
        let range = TextRange::new(start, start + "network_id".len() as u32);
        let fix = Fix::new(
            "Rename to `network`",
            vec![Edit::replace(range, "network")],
            Applicability::Safe,
        )
        .unwrap();
        let diagnostic = Diagnostic {
            rule: Rule::HiddenProperty,
            severity: Severity::Warning,
            range: TextRange::new(text.find('é').unwrap() as u32, start),
            message: "`network_id` is HIDDEN".into(),
            status: None,
            lifecycle: Vec::new(),
            subject: None,
            fix: Some(fix),
            related: Vec::new(),
            stage: None,
        };
        let object = json!(diagnostic_json(&Positions::new(text), &diagnostic));
        assert_eq!(object["code"], "HW202");
        assert_eq!(object["severity"], "warning");
        assert_eq!(
            [
                &object["line"],
                &object["column"],
                &object["end_line"],
                &object["end_column"]
            ],
            [&json!(1), &json!(4), &json!(2), &json!(6)]
        );
        assert_eq!(
            (&object["offset"], &object["end_offset"]),
            (&json!(3), &json!(start))
        );
        // Line 1, `a: é😀\n`, is 7 UTF-16 units; `  b: ` 5 more.
        assert_eq!((&object["from"], &object["to"]), (&json!(3), &json!(12)));
        let edit = &object["fix"]["edits"][0];
        assert_eq!(edit["content"], "network");
        assert_eq!((&edit["line"], &edit["column"]), (&json!(2), &json!(6)));
        assert_eq!((&edit["from"], &edit["to"]), (&json!(12), &json!(22)));
        assert_eq!(
            (&edit["offset"], &edit["end_offset"]),
            (&json!(start), &json!(start + 10))
        );
        assert_eq!(object["fix"]["applicability"], "safe");
        assert_eq!(object["subject"], Value::Null);
    }
}
