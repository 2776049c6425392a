//! A loaded value in the canonical form `tools/heat_loader/oracle.py`
//! writes Heat's values in: every Python type kept apart, so equal canons
//! mean equal values.

use heatwise_core::load::{self, python_float_repr, Kind, Value};
use serde_json::{json, Value as Json};

/// Heat's answer for one input, or heatwise's in the same shape.
pub fn answer(text: &str, kind: Kind) -> Json {
    match load::load(text, kind) {
        Ok(value) => json!({"ok": true, "value": canon(&value)}),
        Err(error) => {
            json!({"ok": false, "error": error.message, "range": [error.range.start, error.range.end]})
        }
    }
}

pub fn canon(value: &Value) -> Json {
    match value {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(i) => json!({"int": i.as_str()}),
        Value::Float(f) => json!({"float": python_float_repr(*f)}),
        Value::Str(s) => Json::String(s.to_string()),
        Value::Date(iso) => json!({"date": iso.as_ref()}),
        Value::Bytes(bytes) => {
            json!({"bytes": bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()})
        }
        Value::Seq(items) => json!({"seq": items.iter().map(canon).collect::<Vec<_>>()}),
        Value::Map(map) => json!({"map": map
            .entries()
            .iter()
            .map(|(k, v)| json!([canon(k), canon(v)]))
            .collect::<Vec<_>>()}),
        Value::Pairs(pairs) => json!({"seq": pairs
            .iter()
            .map(|(k, v)| json!({"tuple": [canon(k), canon(v)]}))
            .collect::<Vec<_>>()}),
        Value::Set(items) => {
            let mut members: Vec<String> = items
                .iter()
                .map(|item| serde_json::to_string(&canon(item)).unwrap_or_default())
                .collect();
            members.sort();
            json!({"set": members})
        }
    }
}

/// Whether heatwise's answer agrees with Heat's: both refuse, or both
/// load the same value.
pub fn agrees(heat: &Json, ours: &Json) -> bool {
    match (heat["ok"].as_bool(), ours["ok"].as_bool()) {
        (Some(true), Some(true)) => heat["value"] == ours["value"],
        (Some(false), Some(false)) => true,
        _ => false,
    }
}

/// Which loader reads a file: an environment has only environment
/// sections at the top and no template version.
pub fn kind_of(text: &str) -> Kind {
    let template = [
        "heat_template_version",
        "HeatTemplateFormatVersion",
        "AWSTemplateFormatVersion",
    ]
    .iter()
    .any(|key| text.contains(key));
    let environment = ["resource_registry:", "parameter_defaults:"]
        .iter()
        .any(|key| text.lines().any(|line| line.starts_with(key)));
    if environment && !template {
        Kind::Environment
    } else {
        Kind::Template
    }
}

pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Template => "template",
        Kind::Environment => "environment",
    }
}

pub fn kind_named(name: &str) -> Kind {
    if name == "environment" {
        Kind::Environment
    } else {
        Kind::Template
    }
}
