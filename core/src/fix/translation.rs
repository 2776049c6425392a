//! Heat's translation semantics, for fixes that write what Heat's
//! translation rules would have made of an entry: which keys a REPLACE
//! rule pairs, what an ADD rule's value writes, and the words fixes use.

use serde_json::Value;

use crate::catalog::{Status, TranslationRule};
use crate::syntax::NodeId;

use super::{Edit, Fix, NewValue};

/// Why a migration that Heat's conditional rules depend on may differ.
pub(crate) const EMPTY_VALUE_CAVEAT: &str =
    "unsafe: Heat converts the value only when it is not empty, \
     which is not known until the function is resolved";

/// Advice quoting Heat's own message about an object, when it has one.
pub(crate) fn advice(status: Status<'_>) -> Option<Fix> {
    let message = status.message()?.trim();
    if message.is_empty() {
        return None;
    }
    Some(Fix::display_only(format!("Heat says: \"{message}\"")))
}

/// A REPLACE rule's (new key, old key) when both are keys of one mapping.
pub(crate) fn replace_pair<'a>(rule: &TranslationRule<'a>) -> Option<(&'a str, &'a str)> {
    let path: Vec<&str> = rule.path().collect();
    let (new_key, parent) = path.split_last()?;
    if let Some(old) = rule.value_name() {
        return Some((new_key, old));
    }
    let value_path: Vec<&str> = rule.value_path()?.collect();
    let (old, old_parent) = value_path.split_last()?;
    (old_parent == parent).then_some((*new_key, *old))
}

/// Whether a rule's value uses property `name` (`{"$prop": name}`).
pub(crate) fn names_property(value: &Value, name: &str) -> bool {
    match value {
        Value::Object(map) if map.len() == 1 && map.get("$prop").is_some() => {
            map.get("$prop").and_then(Value::as_str) == Some(name)
        }
        Value::Object(map) => map.values().any(|v| names_property(v, name)),
        Value::Array(items) => items.iter().any(|v| names_property(v, name)),
        _ => false,
    }
}

/// A rule's value as text to write, `{"$prop": name}` being `node`.
pub(crate) fn to_new_value(value: &Value, name: &str, node: NodeId) -> Option<NewValue> {
    Some(match value {
        Value::Object(map) if map.len() == 1 && map.contains_key("$prop") => {
            if map.get("$prop").and_then(Value::as_str) != Some(name) {
                return None;
            }
            NewValue::Source(node)
        }
        Value::Object(map) => NewValue::Map(
            map.iter()
                .map(|(k, v)| Some((k.clone(), to_new_value(v, name, node)?)))
                .collect::<Option<_>>()?,
        ),
        Value::Array(items) => NewValue::List(
            items
                .iter()
                .map(|v| to_new_value(v, name, node))
                .collect::<Option<_>>()?,
        ),
        Value::String(s) => NewValue::Str(s.clone()),
        Value::Number(n) => NewValue::Int(n.as_i64()?),
        _ => return None,
    })
}

/// A rule's value for a title: `[{class: <sequence>, min: 1}]`.
pub(crate) fn describe_value(value: &Value, name: &str) -> String {
    match value {
        Value::Object(map) if map.contains_key("$prop") => format!("<{name}>"),
        Value::Object(map) => {
            let inner: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{k}: {}", describe_value(v, name)))
                .collect();
            format!("{{{}}}", inner.join(", "))
        }
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(|v| describe_value(v, name)).collect();
            format!("[{}]", inner.join(", "))
        }
        other => other.to_string(),
    }
}

pub(crate) fn quoted_list(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// Joins an insertion with an edit that starts where it is inserted: a
/// [`Fix`] holds no two edits at one offset.
pub(crate) fn merge_touching(mut edits: Vec<Edit>) -> Vec<Edit> {
    edits.sort_by_key(|e| (e.range.start, !e.range.is_empty(), e.range.end));
    let mut merged: Vec<Edit> = Vec::with_capacity(edits.len());
    for edit in edits {
        match merged.last_mut() {
            Some(last) if last.range.is_empty() && last.range.start == edit.range.start => {
                last.content.push_str(&edit.content);
                last.range = edit.range;
            }
            _ => merged.push(edit),
        }
    }
    merged
}
