//! A type, a property, a status and a translation rule as `heatwise
//! catalog show` and `list` print them.

use std::fmt::Write as _;

use heatwise_core::catalog::{Entity, Property, ResourceType, Status, StatusAt, TranslationRule};
use heatwise_core::release::Release;
use serde_json::Value;

/// The status in force at `target`, as the text of one status.
fn at_text(state: StatusAt<'_>) -> String {
    match state {
        StatusAt::InForce(status) => status.describe(),
        StatusAt::Unrecorded { first_recorded } => format!(
            "registered, status not recorded before {}",
            first_recorded.describe()
        ),
        StatusAt::NotYetAvailable { first: Some(first) } => {
            format!("not yet available (first in {first})")
        }
        StatusAt::NotYetAvailable { first: None } => "not yet available".to_owned(),
        StatusAt::Removed { last } => format!("removed (last in {last})"),
    }
}

fn chain_text(status: Status<'_>) -> String {
    status
        .chain()
        .map(|status| status.describe())
        .collect::<Vec<_>>()
        .join(" ← ")
}

fn available_text(available: Option<heatwise_core::catalog::Availability<'_>>) -> Option<String> {
    let available = available?;
    let ranges: Vec<String> = available
        .ranges()
        .map(|(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first} – {last}")
            }
        })
        .collect();
    Some(ranges.join(", "))
}

fn rule_text(rule: TranslationRule<'_>) -> String {
    let path = rule.path().collect::<Vec<_>>().join(".");
    let mut text = format!("{} {path}", rule.kind().as_str());
    if let Some(value_path) = rule.value_path() {
        let value_path = value_path.collect::<Vec<_>>().join(".");
        write!(text, " ← the value of {value_path}").unwrap();
    }
    if let Some(value_name) = rule.value_name() {
        write!(text, " ← each item's {value_name}").unwrap();
    }
    if let Some(custom) = rule.custom_value_path() {
        write!(text, " (read at {})", custom.collect::<Vec<_>>().join(".")).unwrap();
    }
    if let Some(value) = rule.value_json() {
        write!(text, " ← {value}").unwrap();
    }
    match rule.entity() {
        Some(Entity::Named(entity)) => write!(text, " as a {entity}").unwrap(),
        Some(Entity::Property(name)) => {
            write!(text, " as the kind of entity that {name} names").unwrap()
        }
        None => {}
    }
    if let Some(plugin) = rule.client_plugin() {
        write!(text, " ({plugin}").unwrap();
        if let Some(finder) = rule.finder() {
            write!(text, " {finder}").unwrap();
        }
        text.push(')');
    }
    if rule.conditional() {
        text.push_str(", only when the properties it needs are set");
    }
    text
}

/// The line describing a status chain, with the state at `target` when it
/// differs from the newest status.
fn status_line(status: Status<'_>, state: Option<(StatusAt<'_>, Release)>) -> String {
    let mut line = chain_text(status);
    if let Some((state, target)) = state {
        if state.in_force() != Some(status) {
            write!(line, "  [at {target}: {}]", at_text(state)).unwrap();
        }
    }
    line
}

pub(super) fn type_text(
    out: &mut String,
    resource_type: ResourceType<'_>,
    target: Option<Release>,
) {
    writeln!(out, "{}", resource_type.name()).unwrap();
    writeln!(out, "  status: {}", chain_text(resource_type.status())).unwrap();
    if let Some(target) = target {
        writeln!(
            out,
            "  at {target}: {}",
            at_text(resource_type.status_at(target))
        )
        .unwrap();
    }
    if let Some(ranges) = available_text(resource_type.available()) {
        writeln!(out, "  registered: {ranges}").unwrap();
    }
    if resource_type.is_placeholder() {
        let since = resource_type
            .placeholder_since()
            .map(|since| format!(" since {since}"))
            .unwrap_or_default();
        writeln!(
            out,
            "  placeholder{since}: Heat accepts and ignores its properties"
        )
        .unwrap();
    }
    if let Some(description) = resource_type.description() {
        writeln!(out, "  description: {description}").unwrap();
    }
    if resource_type.properties().len() > 0 {
        writeln!(out, "properties:").unwrap();
        for property in resource_type.properties() {
            property_tree(out, property, target, "  ");
        }
    }
    if resource_type.attributes().len() > 0 {
        writeln!(out, "attributes:").unwrap();
        for attribute in resource_type.attributes() {
            let state = target.map(|target| (attribute.status_at(target), target));
            writeln!(
                out,
                "  {}: {}",
                attribute.name(),
                status_line(attribute.status(), state)
            )
            .unwrap();
        }
    }
    if resource_type.has_dynamic_attributes() {
        writeln!(out, "  (get_attr also accepts names not listed here)").unwrap();
    }
    if resource_type.translation_rules().len() > 0 {
        writeln!(out, "translation rules:").unwrap();
        for rule in resource_type.translation_rules() {
            writeln!(out, "  {}", rule_text(rule)).unwrap();
        }
    }
}

fn schema_text(property: Property<'_>) -> String {
    let mut parts = vec![property.value_type().as_str().to_owned()];
    if property.required() {
        parts.push("required".into());
    }
    if property.update_allowed() {
        parts.push("update allowed".into());
    }
    if property.immutable() {
        parts.push("immutable".into());
    }
    if let Some(default) = property.default_json() {
        parts.push(format!("default {default}"));
    }
    if let Some(values) = property.allowed_values() {
        let values: Vec<String> = values.iter().map(Value::to_string).collect();
        parts.push(format!("one of {}", values.join(", ")));
    }
    parts.join(", ")
}

fn property_tree(out: &mut String, property: Property<'_>, target: Option<Release>, indent: &str) {
    let state = target.map(|target| (property.status_at(target), target));
    writeln!(
        out,
        "{indent}{}: {}",
        property.name(),
        status_line(property.status(), state)
    )
    .unwrap();
    writeln!(out, "{indent}    {}", schema_text(property)).unwrap();
    let deeper = format!("{indent}  ");
    for child in property.children() {
        property_tree(out, child, target, &deeper);
    }
}

pub(super) fn property_details(
    out: &mut String,
    property: Property<'_>,
    target: Option<Release>,
    indent: &str,
) {
    writeln!(out, "{indent}status: {}", chain_text(property.status())).unwrap();
    if let Some(target) = target {
        writeln!(
            out,
            "{indent}at {target}: {}",
            at_text(property.status_at(target))
        )
        .unwrap();
    }
    if let Some(ranges) = available_text(property.available()) {
        writeln!(out, "{indent}registered: {ranges}").unwrap();
    }
    writeln!(out, "{indent}schema: {}", schema_text(property)).unwrap();
    for constraint in property.constraints() {
        writeln!(out, "{indent}constraint: {}", constraint.json()).unwrap();
    }
    if let Some(description) = property.description() {
        writeln!(out, "{indent}description: {description}").unwrap();
    }
    if property.children().len() > 0 {
        writeln!(out, "{indent}schema of the items or keys:").unwrap();
        for child in property.children() {
            property_tree(out, child, target, &format!("{indent}  "));
        }
    }
    let rules = property.owner().translation_rules_for(&property.path());
    if !rules.is_empty() {
        writeln!(out, "{indent}translation rules:").unwrap();
        for rule in rules {
            writeln!(out, "{indent}  {}", rule_text(rule)).unwrap();
        }
    }
}
