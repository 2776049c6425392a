//! Values of a catalog's JSON read one by one: each with the path it sits
//! at for errors (`resource_types["OS::Neutron::Port"].properties`), and
//! nesting bounded.

use super::*;

/// Where in a JSON document a value sits, as a chain of keys; printed as
/// `resource_types["OS::Neutron::Port"].properties.network_id`.
#[derive(Clone, Copy)]
pub(crate) struct At<'a> {
    pub(super) parent: Option<&'a At<'a>>,
    pub(super) key: Key<'a>,
}

#[derive(Clone, Copy)]
pub(super) enum Key<'a> {
    Root,
    Name(&'a str),
    Index(usize),
}

impl<'a> At<'a> {
    pub(crate) const ROOT: At<'static> = At {
        parent: None,
        key: Key::Root,
    };

    pub(super) fn key(&'a self, name: &'a str) -> At<'a> {
        At {
            parent: Some(self),
            key: Key::Name(name),
        }
    }

    pub(super) fn index(&'a self, index: usize) -> At<'a> {
        At {
            parent: Some(self),
            key: Key::Index(index),
        }
    }

    pub(super) fn depth(&self) -> usize {
        self.parent.map_or(0, |parent| parent.depth() + 1)
    }
}

impl At<'_> {
    pub(crate) fn describe(&self) -> String {
        if self.parent.is_none() {
            return "(top level)".to_owned();
        }
        let mut text = String::new();
        self.write_keys(&mut text);
        text
    }

    pub(super) fn write_keys(&self, out: &mut String) {
        if let Some(parent) = self.parent {
            parent.write_keys(out);
        }
        match self.key {
            Key::Root => {}
            Key::Name(name) => {
                let plain = !name.is_empty()
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
                if !plain {
                    out.push_str(&format!("[{name:?}]"));
                } else {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(name);
                }
            }
            Key::Index(index) => out.push_str(&format!("[{index}]")),
        }
    }
}

pub(super) fn invalid(at: &At<'_>, message: impl Into<String>) -> CatalogError {
    CatalogError::Invalid {
        path: at.describe(),
        message: message.into(),
    }
}

pub(super) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

pub(super) fn object<'v>(
    value: &'v Value,
    at: &At<'_>,
) -> Result<&'v Map<String, Value>, CatalogError> {
    match value {
        Value::Object(map) => Ok(map),
        other => Err(invalid(
            at,
            format!("expected an object, found {}", kind_of(other)),
        )),
    }
}

pub(super) fn array<'v>(value: &'v Value, at: &At<'_>) -> Result<&'v Vec<Value>, CatalogError> {
    match value {
        Value::Array(items) if items.len() > limits::MAX_LIST_LEN => Err(invalid(
            at,
            format!(
                "a list of {} items is longer than the {} allowed",
                items.len(),
                limits::MAX_LIST_LEN
            ),
        )),
        Value::Array(items) => Ok(items),
        other => Err(invalid(
            at,
            format!("expected a list, found {}", kind_of(other)),
        )),
    }
}

pub(super) fn string(value: &Value, at: &At<'_>) -> Result<String, CatalogError> {
    match value {
        Value::String(text) if text.len() > limits::MAX_STRING_BYTES => Err(invalid(
            at,
            format!(
                "a text of {} bytes is longer than the {} allowed",
                text.len(),
                limits::MAX_STRING_BYTES
            ),
        )),
        Value::String(text) => Ok(text.clone()),
        other => Err(invalid(
            at,
            format!("expected a string, found {}", kind_of(other)),
        )),
    }
}

pub(super) fn name_key(name: &str, at: &At<'_>) -> Result<String, CatalogError> {
    if name.is_empty() || name.len() > limits::MAX_NAME_BYTES {
        return Err(invalid(
            at,
            format!(
                "a name must have 1 to {} bytes, this one has {}",
                limits::MAX_NAME_BYTES,
                name.len()
            ),
        ));
    }
    Ok(name.to_owned())
}

pub(super) fn opt_string(
    map: &Map<String, Value>,
    key: &str,
    at: &At<'_>,
) -> Result<Option<String>, CatalogError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => string(value, &at.key(key)).map(Some),
    }
}

pub(super) fn req<'v>(
    map: &'v Map<String, Value>,
    key: &str,
    at: &At<'_>,
) -> Result<&'v Value, CatalogError> {
    map.get(key)
        .ok_or_else(|| invalid(at, format!("the key {key:?} is missing")))
}

pub(super) fn boolean(
    map: &Map<String, Value>,
    key: &str,
    at: &At<'_>,
) -> Result<bool, CatalogError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(flag)) => Ok(*flag),
        Some(other) => Err(invalid(
            &at.key(key),
            format!("expected true or false, found {}", kind_of(other)),
        )),
    }
}

pub(super) fn strings(value: &Value, at: &At<'_>) -> Result<Vec<String>, CatalogError> {
    array(value, at)?
        .iter()
        .enumerate()
        .map(|(index, item)| string(item, &at.index(index)))
        .collect()
}

pub(super) fn opt_strings(
    map: &Map<String, Value>,
    key: &str,
    at: &At<'_>,
) -> Result<Option<Vec<String>>, CatalogError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => strings(value, &at.key(key)).map(Some),
    }
}

pub(super) fn check_depth(at: &At<'_>) -> Result<(), CatalogError> {
    if at.depth() > limits::MAX_JSON_DEPTH {
        return Err(invalid(
            at,
            format!(
                "nested deeper than the {} levels allowed",
                limits::MAX_JSON_DEPTH
            ),
        ));
    }
    Ok(())
}

/// Parses JSON text, with a size limit, into a value.
pub(crate) fn parse_json(text: &str) -> Result<Value, CatalogError> {
    if text.len() > limits::MAX_CATALOG_BYTES {
        return Err(CatalogError::TooLarge {
            bytes: text.len(),
            limit: limits::MAX_CATALOG_BYTES,
        });
    }
    serde_json::from_str(text).map_err(|error| {
        // serde_json appends " at line L column C", which Syntax carries apart.
        let full = error.to_string();
        let message = match full.rfind(" at line ") {
            Some(cut) => full[..cut].to_owned(),
            None => full,
        };
        CatalogError::Syntax {
            line: error.line(),
            column: error.column(),
            message,
        }
    })
}
