//! ORC's API contract: each kind's `spec` schema from its CRD
//! (`openAPIV3Schema`), and a validator that checks a manifest against it
//! the way the Kubernetes API server would on creation: types, required
//! fields, lengths, list sizes, set uniqueness, enums, patterns, formats,
//! bounds, and the `x-kubernetes-validations` rules that do not compare
//! with an old object.
//!
//! `crds.json` is generated from the vendored CRDs (`orc/crds/`) by
//! `cargo xtask orc-schema` (the `crd_schema` test); the test fails when it
//! is stale.

mod cel;
mod format;
mod pattern;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::manifest::{Node, Value};
use heatwise_core::text::TextRange;

pub use cel::Rule;
pub use format::{is_cidr, is_ip, is_uuid};
pub use pattern::Pattern;

/// The compiled schemas of ORC v2.6.0, by kind.
const CRDS: &str = include_str!("crds.json");

/// The ORC release whose CRDs are compiled in.
pub const ORC_VERSION: &str = "v2.6.0";

/// One node of a CRD's structural schema (descriptions and defaults left
/// out; rules comparing with `oldSelf` too, as they apply only to updates).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Schema {
    #[serde(rename = "type")]
    pub ty: Option<String>,
    #[serde(default)]
    pub properties: BTreeMap<String, Schema>,
    #[serde(default)]
    pub required: Vec<String>,
    pub items: Option<Box<Schema>>,
    pub additional_properties: Option<Box<Schema>>,
    pub max_length: Option<usize>,
    pub min_length: Option<usize>,
    pub max_items: Option<usize>,
    pub min_items: Option<usize>,
    pub max_properties: Option<usize>,
    pub min_properties: Option<usize>,
    pub maximum: Option<i64>,
    pub minimum: Option<i64>,
    #[serde(rename = "enum")]
    pub enumeration: Option<Vec<serde_json::Value>>,
    pub pattern: Option<String>,
    pub format: Option<String>,
    #[serde(rename = "x-kubernetes-list-type")]
    pub list_type: Option<String>,
    #[serde(rename = "x-kubernetes-validations", default)]
    pub validations: Vec<Validation>,
    /// `pattern`, compiled the first time a value is checked against it.
    #[serde(skip)]
    compiled_pattern: OnceLock<Pattern>,
}

impl Schema {
    /// The compiled `pattern`, if there is one.
    fn matcher(&self) -> Option<&Pattern> {
        let source = self.pattern.as_deref()?;
        Some(self.compiled_pattern.get_or_init(|| {
            Pattern::new(source).expect("the crd_schema test compiles every pattern")
        }))
    }
}

/// An `x-kubernetes-validations` entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Validation {
    pub rule: String,
    pub message: Option<String>,
    /// `rule`, compiled the first time it is checked.
    #[serde(skip)]
    compiled: OnceLock<Rule>,
}

impl Validation {
    fn compiled(&self) -> &Rule {
        self.compiled
            .get_or_init(|| Rule::new(&self.rule).expect("the crd_schema test compiles every rule"))
    }
}

/// The `spec` schema of every kind, parsed once.
pub fn spec_schemas() -> &'static BTreeMap<String, Schema> {
    static SCHEMAS: OnceLock<BTreeMap<String, Schema>> = OnceLock::new();
    SCHEMAS.get_or_init(|| serde_json::from_str(CRDS).expect("crds.json is generated valid"))
}

/// The values an enumerated field of a kind's spec takes (`path` from
/// `spec`, dotted: `resource.properties.architecture`).
pub fn allowed_values(kind: &str, path: &str) -> Vec<String> {
    let mut schema = spec_schemas().get(kind);
    for part in path.split('.') {
        schema = schema.and_then(|s| s.properties.get(part));
    }
    schema
        .and_then(|s| s.enumeration.as_ref())
        .map(|values| {
            values
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// A value the CRD refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// `spec.resource.ports[0].portRef`.
    pub path: String,
    pub message: String,
    /// Where the offending value came from in the template, when it did.
    pub origin: Option<TextRange>,
}

/// Checks an object's `spec` against its kind's schema; empty when valid.
/// Panics only on a kind without a compiled schema, which is a bug.
pub fn validate_spec(kind: &str, spec: &Node) -> Vec<Violation> {
    let schema = spec_schemas()
        .get(kind)
        .unwrap_or_else(|| panic!("no compiled schema for kind {kind}"));
    let mut violations = Vec::new();
    check(schema, spec, "spec", spec.origin, &mut violations);
    violations
}

fn check(
    schema: &Schema,
    node: &Node,
    path: &str,
    origin: Option<TextRange>,
    out: &mut Vec<Violation>,
) {
    let origin = node.origin.or(origin);
    let mut messages = Vec::new();
    let wrong = wrong_type(schema, node);
    if let Some(expected) = wrong {
        messages.push(format!("must be of type {expected}"));
    } else {
        if let Some(allowed) = &schema.enumeration {
            if !allowed.contains(&node.to_json()) {
                let names: Vec<String> = allowed.iter().map(|v| v.to_string()).collect();
                messages.push(format!("must be one of {}", names.join(", ")));
            }
        }
        match &node.value {
            Value::Str(text) => check_string(schema, text, &mut messages),
            Value::Int(number) => check_integer(schema, *number, &mut messages),
            Value::Bool(_) => {}
            Value::List(items) => check_list(schema, items, &mut messages),
            Value::Map(entries) => check_map(schema, entries, &mut messages),
        }
    }
    out.extend(messages.into_iter().map(|message| Violation {
        path: path.to_owned(),
        message,
        origin,
    }));
    if wrong.is_some() {
        return;
    }
    match &node.value {
        Value::List(items) => {
            if let Some(item_schema) = &schema.items {
                for (i, item) in items.iter().enumerate() {
                    check(item_schema, item, &format!("{path}[{i}]"), origin, out);
                }
            }
        }
        Value::Map(entries) => {
            for (key, value) in entries {
                let child = schema
                    .properties
                    .get(key)
                    .or(schema.additional_properties.as_deref());
                match child {
                    Some(child) => check(child, value, &format!("{path}.{key}"), origin, out),
                    None => out.push(Violation {
                        path: format!("{path}.{key}"),
                        message: "is not a field of this kind".to_owned(),
                        origin: value.origin.or(origin),
                    }),
                }
            }
        }
        _ => {}
    }
    for validation in &schema.validations {
        if !validation.compiled().holds(node) {
            out.push(Violation {
                path: path.to_owned(),
                message: validation
                    .message
                    .clone()
                    .unwrap_or_else(|| format!("breaks the rule {}", validation.rule)),
                origin,
            });
        }
    }
}

/// The type the schema wants, when the node is not of it.
fn wrong_type<'s>(schema: &'s Schema, node: &Node) -> Option<&'s str> {
    match (schema.ty.as_deref(), &node.value) {
        (Some("string"), Value::Str(_))
        | (Some("integer"), Value::Int(_))
        | (Some("boolean"), Value::Bool(_))
        | (Some("array"), Value::List(_))
        | (Some("object"), Value::Map(_))
        | (None, _) => None,
        (Some(expected), _) => Some(expected),
    }
}

fn check_string(schema: &Schema, text: &str, messages: &mut Vec<String>) {
    // Kubernetes counts characters (runes), not bytes.
    let length = text.chars().count();
    if let Some(max) = schema.max_length.filter(|&max| length > max) {
        messages.push(format!(
            "may be at most {max} characters long (it has {length})"
        ));
    }
    if let Some(min) = schema.min_length.filter(|&min| length < min) {
        messages.push(if min == 1 {
            "may not be empty".to_owned()
        } else {
            format!("must be at least {min} characters long")
        });
    }
    if let (Some(pattern), Some(matcher)) = (&schema.pattern, schema.matcher()) {
        let within = schema.max_length.is_none_or(|max| length <= max);
        if within && !matcher.is_match(text) {
            messages.push(format!("must match the pattern {pattern}"));
        }
    }
    if let Some(format) = &schema.format {
        if !format::is_valid(format, text) {
            messages.push(format!("must be a valid {format}"));
        }
    }
}

fn check_integer(schema: &Schema, number: i64, messages: &mut Vec<String>) {
    if let Some(max) = schema.maximum.filter(|&max| number > max) {
        messages.push(format!("may be at most {max}"));
    }
    if let Some(min) = schema.minimum.filter(|&min| number < min) {
        messages.push(format!("must be at least {min}"));
    }
    let (low, high) = match schema.format.as_deref() {
        Some("int32") => (i64::from(i32::MIN), i64::from(i32::MAX)),
        _ => (i64::MIN, i64::MAX),
    };
    if number < low || number > high {
        messages.push("must fit in a 32-bit integer".to_owned());
    }
}

fn check_list(schema: &Schema, items: &[Node], messages: &mut Vec<String>) {
    if let Some(max) = schema.max_items.filter(|&max| items.len() > max) {
        messages.push(format!(
            "may have at most {max} items (it has {})",
            items.len()
        ));
    }
    if let Some(min) = schema.min_items.filter(|&min| items.len() < min) {
        messages.push(format!("must have at least {min} items"));
    }
    if schema.list_type.as_deref() == Some("set") {
        // By their JSON text, in one pass: comparing each item with every
        // earlier one is quadratic in a list the template can make as long
        // as evaluation allows.
        let mut seen = std::collections::HashSet::with_capacity(items.len());
        if let Some(i) = items
            .iter()
            .position(|item| !seen.insert(item.to_json().to_string()))
        {
            messages.push(format!(
                "may not repeat a value (item {i} repeats an earlier one)"
            ));
        }
    }
}

fn check_map(schema: &Schema, entries: &[(String, Node)], messages: &mut Vec<String>) {
    if let Some(max) = schema.max_properties.filter(|&max| entries.len() > max) {
        messages.push(format!("may have at most {max} fields"));
    }
    if let Some(min) = schema.min_properties.filter(|&min| entries.len() < min) {
        messages.push(format!(
            "must have at least {min} field{}",
            if min == 1 { "" } else { "s" }
        ));
    }
    for required in &schema.required {
        if !entries.iter().any(|(k, _)| k == required) {
            messages.push(format!("needs the field {required}"));
        }
    }
}
