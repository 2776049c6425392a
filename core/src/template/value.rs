//! Values as Heat's Python holds them, each with the template text it
//! comes from: the one model of values for the rules (a value's truth) and
//! for the ORC export's evaluator (which adds what functions compute).
//! Python's semantics where Heat turns values into text: `str()` of
//! numbers and booleans, `json.dumps` of maps and lists, the truth of a
//! value; mappings read with their merge keys applied
//! ([`super::merge::flattened`]).

use std::cell::Cell;

use crate::load::{json_string, python_float_repr};
use crate::syntax::{NodeId, Resolved, Tree};
use crate::text::TextRange;

use super::merge::flattened;

/// A computed value and the template text it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Val {
    pub v: V,
    pub at: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub enum V {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Val>),
    Map(Vec<(String, Val)>),
    /// `get_resource X` (or `Ref: X` of a resource): the resource X.
    Resource(String),
    /// Known only when Heat runs: why (`None` when already reported, such
    /// as a parameter without a value).
    Unknown(Option<String>),
}

impl Val {
    pub fn new(v: V, at: TextRange) -> Self {
        Self { v, at }
    }

    pub fn unknown(reason: impl Into<String>, at: TextRange) -> Self {
        Self::new(V::Unknown(Some(reason.into())), at)
    }

    pub fn get(&self, key: &str) -> Option<&Val> {
        match &self.v {
            V::Map(entries) => entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// How many values it is made of, itself included.
    pub fn count(&self) -> usize {
        1 + match &self.v {
            V::List(items) => items.iter().map(Val::count).sum(),
            V::Map(entries) => entries.iter().map(|(_, v)| v.count()).sum(),
            _ => 0,
        }
    }

    /// Whether this is a count of none, as a ResourceGroup reads it
    /// (`0`, or text of it).
    pub fn is_zero_count(&self) -> bool {
        match &self.v {
            V::Int(n) => *n == 0,
            V::Str(text) => text.trim() == "0",
            _ => false,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self.v, V::Null)
    }

    /// Heat's truth of a value (Python's `bool`).
    pub fn truth(&self) -> Option<bool> {
        Some(match &self.v {
            V::Null => false,
            V::Bool(b) => *b,
            V::Int(i) => *i != 0,
            V::Float(f) => *f != 0.0,
            V::Str(s) => !s.is_empty(),
            V::List(items) => !items.is_empty(),
            V::Map(entries) => !entries.is_empty(),
            V::Resource(_) => true,
            V::Unknown(_) => return None,
        })
    }

    /// Python's `str()` of a scalar, as Heat turns values into text.
    pub fn python_str(&self) -> Option<String> {
        Some(match &self.v {
            V::Str(s) => s.clone(),
            V::Int(i) => i.to_string(),
            V::Float(f) => python_float_repr(*f),
            V::Bool(true) => "True".to_owned(),
            V::Bool(false) => "False".to_owned(),
            _ => return None,
        })
    }

    /// The value as JSON (`json.dumps` with sorted keys, as Heat writes
    /// maps and lists into strings); `None` when something is unknown.
    pub fn to_json(&self) -> Option<serde_json::Value> {
        Some(match &self.v {
            V::Null => serde_json::Value::Null,
            V::Bool(b) => serde_json::Value::Bool(*b),
            V::Int(i) => serde_json::Value::from(*i),
            V::Float(f) => serde_json::Number::from_f64(*f).map(serde_json::Value::Number)?,
            V::Str(s) => serde_json::Value::String(s.clone()),
            V::List(items) => items.iter().map(Val::to_json).collect::<Option<_>>()?,
            V::Map(entries) => {
                let mut map = serde_json::Map::new();
                for (k, v) in entries {
                    map.insert(k.clone(), v.to_json()?);
                }
                serde_json::Value::Object(map)
            }
            V::Resource(_) | V::Unknown(_) => return None,
        })
    }

    /// Python's `json.dumps` of the value (ASCII only, `", "` and `": "`
    /// between items), as Heat writes maps and lists into strings: with
    /// `sort_keys` where its functions do (`list_join`, `str_replace`),
    /// in the map's order where Nova's metadata does. `None` when
    /// something is unknown.
    pub fn python_json(&self, sort_keys: bool) -> Option<String> {
        let mut out = String::new();
        self.write_python_json(&mut out, sort_keys)?;
        Some(out)
    }

    fn write_python_json(&self, out: &mut String, sort_keys: bool) -> Option<()> {
        match &self.v {
            V::Null => out.push_str("null"),
            V::Bool(true) => out.push_str("true"),
            V::Bool(false) => out.push_str("false"),
            V::Int(i) => out.push_str(&i.to_string()),
            V::Float(f) if f.is_nan() => out.push_str("NaN"),
            V::Float(f) if f.is_infinite() => {
                out.push_str(if *f > 0.0 { "Infinity" } else { "-Infinity" })
            }
            V::Float(f) => out.push_str(&python_float_repr(*f)),
            V::Str(s) => json_string(out, s, true),
            V::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write_python_json(out, sort_keys)?;
                }
                out.push(']');
            }
            V::Map(entries) => {
                let mut order: Vec<&(String, Val)> = entries.iter().collect();
                if sort_keys {
                    order.sort_by(|a, b| a.0.cmp(&b.0));
                }
                out.push('{');
                for (i, (key, value)) in order.into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    json_string(out, key, true);
                    out.push_str(": ");
                    value.write_python_json(out, sort_keys)?;
                }
                out.push('}');
            }
            V::Resource(_) | V::Unknown(_) => return None,
        }
        Some(())
    }

    /// The first unknown part, if any.
    pub fn unknown_part(&self) -> Option<&Val> {
        let mut stack = vec![self];
        while let Some(val) = stack.pop() {
            match &val.v {
                V::Unknown(_) => return Some(val),
                V::List(items) => stack.extend(items.iter().rev()),
                V::Map(entries) => stack.extend(entries.iter().rev().map(|(_, v)| v)),
                _ => {}
            }
        }
        None
    }

    /// Gives the value and everything in it the range `at` (a parameter's
    /// value is reported where the template uses it).
    pub fn relocated(mut self, at: TextRange) -> Self {
        let mut stack = vec![&mut self];
        while let Some(val) = stack.pop() {
            val.at = at;
            match &mut val.v {
                V::List(items) => stack.extend(items.iter_mut()),
                V::Map(entries) => stack.extend(entries.iter_mut().map(|(_, v)| v)),
                _ => {}
            }
        }
        self
    }

    pub fn from_json(json: &serde_json::Value, at: TextRange) -> Self {
        let v = match json {
            serde_json::Value::Null => V::Null,
            serde_json::Value::Bool(b) => V::Bool(*b),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(i) => V::Int(i),
                None => V::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            serde_json::Value::String(s) => V::Str(s.clone()),
            serde_json::Value::Array(items) => {
                V::List(items.iter().map(|i| Val::from_json(i, at)).collect())
            }
            serde_json::Value::Object(map) => V::Map(
                map.iter()
                    .map(|(k, v)| (k.clone(), Val::from_json(v, at)))
                    .collect(),
            ),
        };
        Val::new(v, at)
    }
}

/// A literal YAML value (functions not evaluated; aliases followed),
/// nested at most `max_depth` deep and made of at most `budget` values;
/// past either, the rest is unknown.
pub fn literal(
    tree: &Tree,
    node: NodeId,
    depth: usize,
    max_depth: usize,
    budget: &Cell<usize>,
) -> Val {
    let at = tree.range(node);
    if depth > max_depth || budget.get() == 0 {
        return Val::unknown(
            "the value is nested too deeply or is too large to evaluate",
            at,
        );
    }
    budget.set(budget.get() - 1);
    let node = tree.alias_target(node).unwrap_or(node);
    let v = if tree.is_mapping(node) {
        V::Map(
            flattened(tree, node)
                .into_iter()
                .map(|merged| {
                    let e = merged.entry;
                    (
                        key_text(tree, e.key),
                        literal(tree, e.value, depth + 1, max_depth, budget),
                    )
                })
                .collect(),
        )
    } else if tree.is_sequence(node) {
        V::List(
            tree.items(node)
                .iter()
                .map(|&item| literal(tree, item, depth + 1, max_depth, budget))
                .collect(),
        )
    } else {
        scalar(tree, node)
    };
    Val::new(v, at)
}

/// A mapping key as Python's `dict` of the loaded template has it, as text.
pub fn key_text(tree: &Tree, key: NodeId) -> String {
    match tree.resolve(key) {
        Some(Resolved::Str(s) | Resolved::Timestamp(s)) => s.to_owned(),
        Some(resolved) => {
            let val = Val::new(scalar_value(resolved), TextRange::empty(0));
            val.python_str().unwrap_or_default()
        }
        None => tree.source(key).to_owned(),
    }
}

/// A scalar's value.
pub fn scalar(tree: &Tree, node: NodeId) -> V {
    match tree.resolve(node) {
        Some(resolved) => scalar_value(resolved),
        None => V::Unknown(Some("not a value Heat reads".to_owned())),
    }
}

fn scalar_value(resolved: Resolved<'_>) -> V {
    match resolved {
        Resolved::Null => V::Null,
        Resolved::Bool(b) => V::Bool(b),
        Resolved::Int(Some(i)) => V::Int(i),
        Resolved::Int(None) => V::Unknown(Some("the integer is too large".to_owned())),
        Resolved::Float(f) => V::Float(f),
        Resolved::Timestamp(s) | Resolved::Str(s) => V::Str(s.to_owned()),
    }
}

/// oslo's `bool_from_string` (strict): Heat's reading of a boolean
/// parameter given as text.
pub fn bool_from_string(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "t" | "true" | "on" | "y" | "yes" => Some(true),
        "0" | "f" | "false" | "off" | "n" | "no" => Some(false),
        _ => None,
    }
}
