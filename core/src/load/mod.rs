//! What Heat's loader makes of a text: the values of
//! `template_format.simple_parse` and `environment_format.parse`.
//!
//! A template is read by Python's `json.loads` first; when that refuses it,
//! by libyaml (PyYAML's `CSafeLoader`) with Heat's constructors: YAML 1.1
//! scalars, timestamps kept as their text, merge keys `<<` applied, aliases
//! shared. An environment is read as YAML only. Either must be a mapping.
//!
//! [`load`] gives the [`Value`] or the [`LoadError`] Heat's loader would
//! give, with its place. Aliases share their value (`Rc`), so an alias
//! bomb costs what its text costs; whoever walks a value to print it
//! bounds the walk ([`Value::weight`]).
//!
//! Known differences from Heat, all beyond what a template meets: nesting
//! deeper than [`MAX_DEPTH`] is refused (Heat's loader goes to about 1,000
//! levels), a recursive alias (an alias inside the node it names) is
//! refused (Heat builds a recursive structure, which it cannot use), and a
//! mapping key longer than 1,024 bytes that is shorter than 1,024
//! characters is refused (libyaml counts characters, its Rust port bytes).

mod construct;
mod json;
pub mod number;
pub mod resolve;
mod text;

use std::rc::Rc;

use crate::syntax::{self, MAX_DEPTH as SYNTAX_MAX_DEPTH};
use crate::text::TextRange;

pub use number::{python_float_repr, BigInt};
pub use text::{json_len, json_string, to_json, MAX_WRITTEN_VALUES};

/// Deepest nesting read, as in [`crate::syntax`].
pub const MAX_DEPTH: usize = SYNTAX_MAX_DEPTH;
/// Most entries merge keys may bring into mappings, all told.
pub const MAX_MERGED_ENTRIES: usize = 1 << 20;

/// Which of Heat's loaders reads the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `template_format.simple_parse`: JSON first, then YAML.
    Template,
    /// `environment_format.parse`: YAML, and only known sections.
    Environment,
}

/// A value as Python holds it after Heat's loader.
#[derive(Clone, Debug)]
pub enum Value {
    Null,
    Bool(bool),
    Int(BigInt),
    Float(f64),
    Str(Rc<str>),
    /// `!!binary`
    Bytes(Rc<[u8]>),
    /// A timestamp as Python's `date` or `datetime`, written as its
    /// `isoformat()`. Only PyYAML's pure-Python reader, Heat's fallback,
    /// makes these: Heat's own loader keeps timestamps as text.
    Date(Rc<str>),
    Seq(Rc<Vec<Value>>),
    Map(Rc<Map>),
    /// `!!set`: the keys of a mapping.
    Set(Rc<Vec<Value>>),
    /// `!!omap` and `!!pairs`: a list of `(key, value)` tuples.
    Pairs(Rc<Vec<(Value, Value)>>),
}

/// A Python `dict`: keys in the order first inserted, a key equal to an
/// earlier one (as Python compares `1`, `1.0` and `true`) replacing its
/// value but keeping its place and first spelling.
#[derive(Clone, Debug, Default)]
pub struct Map {
    entries: Vec<(Value, Value)>,
    /// Index of string keys, the common case.
    strings: crate::hash::HashMap<Rc<str>, usize>,
}

impl Map {
    pub fn insert(&mut self, key: Value, value: Value) {
        if let Value::Str(s) = &key {
            if let Some(&at) = self.strings.get(s) {
                self.entries[at].1 = value;
            } else {
                self.strings.insert(s.clone(), self.entries.len());
                self.entries.push((key, value));
            }
            return;
        }
        match self.entries.iter_mut().find(|(k, _)| python_eq(k, &key)) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((key, value)),
        }
    }

    pub fn entries(&self) -> &[(Value, Value)] {
        &self.entries
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.strings.get(key).map(|&at| &self.entries[at].1)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Python's `==` on hashable keys: numbers (and booleans) by value, the
/// rest by type and content.
fn python_eq(a: &Value, b: &Value) -> bool {
    match (a.number(), b.number()) {
        (Some(x), Some(y)) => return x == y,
        (Some(_), None) | (None, Some(_)) => return false,
        (None, None) => {}
    }
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Bytes(x), Value::Bytes(y)) => x == y,
        (Value::Date(x), Value::Date(y)) => x == y,
        _ => false,
    }
}

/// A number compared as Python compares `bool`, `int` and `float`: small
/// integers and integral floats as floats, big integers by their digits.
#[derive(PartialEq)]
enum Number<'a> {
    Exact(f64),
    Big(&'a str),
}

impl Value {
    fn number(&self) -> Option<Number<'_>> {
        const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
        match self {
            Value::Bool(b) => Some(Number::Exact(if *b { 1.0 } else { 0.0 })),
            Value::Int(i) => Some(match i.to_i64() {
                Some(n) if (n as f64).abs() < EXACT => Number::Exact(n as f64),
                _ => Number::Big(i.as_str()),
            }),
            // NaN equals nothing, itself included, as `f64` compares.
            Value::Float(f) => Some(Number::Exact(*f)),
            _ => None,
        }
    }

    /// How many values a full walk of this one visits, aliases counted
    /// every time, stopping once past `limit`.
    pub fn weight(&self, limit: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![self];
        while let Some(value) = stack.pop() {
            count += 1;
            if count > limit {
                break;
            }
            match value {
                Value::Seq(items) | Value::Set(items) => stack.extend(items.iter()),
                Value::Map(map) => {
                    for (k, v) in map.entries() {
                        stack.push(k);
                        stack.push(v);
                    }
                }
                Value::Pairs(pairs) => {
                    for (k, v) in pairs.iter() {
                        stack.push(k);
                        stack.push(v);
                    }
                }
                _ => {}
            }
        }
        count
    }

    pub fn as_map(&self) -> Option<&Map> {
        match self {
            Value::Map(map) => Some(map),
            _ => None,
        }
    }
}

/// Why Heat's loader refuses a text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub message: String,
    pub range: TextRange,
}

/// Loads a text as Heat's loader does.
pub fn load(text: &str, kind: Kind) -> Result<Value, LoadError> {
    if kind == Kind::Template {
        if let Some(value) = json::parse(text) {
            return top_level(value, kind, TextRange::empty(0), |_| None);
        }
    }
    let tree = syntax::parse(text);
    load_tree(&tree, kind)
}

/// Loads an already parsed text (YAML only: a template's JSON reading is
/// [`load`]'s).
pub fn load_tree(tree: &syntax::Tree, kind: Kind) -> Result<Value, LoadError> {
    if let Some(error) = tree.errors().first() {
        return Err(LoadError {
            message: error.message.clone(),
            range: error.range,
        });
    }
    let Some(root) = tree.root() else {
        return Ok(Value::Map(Rc::default()));
    };
    let value = construct::construct(tree, root)?;
    // An empty document (or `null`) is an empty mapping to Heat.
    if matches!(value, Value::Null) {
        return Ok(Value::Map(Rc::default()));
    }
    // A section is reported at its key (the last of equal keys is the one
    // Heat keeps); one merged in with `<<` at the document's start.
    let key_at = |name: &str| {
        tree.get_entry(root, name)
            .map(|entry| tree.range(entry.key))
    };
    top_level(value, kind, tree.range(root), key_at)
}

fn top_level(
    value: Value,
    kind: Kind,
    range: TextRange,
    key_at: impl Fn(&str) -> Option<TextRange>,
) -> Result<Value, LoadError> {
    let Value::Map(map) = &value else {
        let message = match kind {
            Kind::Template => "the template is not a mapping: Heat wants `key: value` sections at the top (The template is not a JSON object or YAML mapping.)",
            Kind::Environment => "the environment is not a mapping: Heat wants `key: value` sections at the top (The environment is not a valid YAML mapping data type.)",
        };
        return Err(LoadError {
            message: message.into(),
            range: TextRange::empty(range.start),
        });
    };
    if kind == Kind::Environment {
        for (key, section) in map.entries() {
            let name = match key {
                Value::Str(s) => s.to_string(),
                other => text::key_text(other),
            };
            let at = key_at(&name).unwrap_or(TextRange::empty(range.start));
            if !ENVIRONMENT_SECTIONS.contains(&name.as_str()) || !matches!(key, Value::Str(_)) {
                return Err(LoadError {
                    message: format!("`{name}` is not a section of an environment: use one of {} (environment has wrong section \"{name}\")", ENVIRONMENT_SECTIONS.join(", ")),
                    range: at,
                });
            }
            if matches!(section, Value::Null) {
                return Err(LoadError {
                    message: format!("the section `{name}` is empty: give it entries or remove it (environment has empty section \"{name}\")"),
                    range: at,
                });
            }
        }
    }
    Ok(value)
}

/// `environment_format.SECTIONS`.
pub const ENVIRONMENT_SECTIONS: &[&str] = &[
    "parameters",
    "resource_registry",
    "parameter_defaults",
    "encrypted_param_names",
    "event_sinks",
    "parameter_merge_strategies",
];

#[cfg(test)]
mod tests;
