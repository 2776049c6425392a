//! Heat's reading of a value against a schema: the conversion a property
//! (`Property.get_value`) or a parameter applies, then its constraints
//! (`heat.engine.constraints`), with Python's semantics. Each check says
//! why Heat refuses a value, or nothing when it accepts it or the answer
//! needs the cloud (`nova.flavor`, `glance.image`, …) or is not known
//! here (time zones, cron, dates: listed in the rule's documentation).

use serde_json::Value as Json;

mod custom;
mod expiration;
mod implemented;
mod parameter;

pub(crate) use implemented::not_implemented;
#[cfg(feature = "stack")]
pub(crate) use parameter::as_parameter;
pub(crate) use parameter::{given_value, parameter_value, Origin, ParameterValue, Source};

use crate::pattern;
use crate::template::value::{bool_from_string, Val, V};
use crate::time::UtcTime;
use custom::custom;

/// A schema's type: a property's, or what a parameter's type reads as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    String,
    Integer,
    Number,
    Boolean,
    List,
    Map,
}

/// A value after Heat's conversion.
enum Converted<'v> {
    Str(String),
    Num(f64),
    Bool(bool),
    List(&'v [Val]),
    Map(usize),
}

/// Why Heat refuses `value` for a schema of `kind` with `constraints`
/// (Heat's JSON form, with or without `kind`), or `None`.
pub(crate) fn problem<'c>(
    kind: Kind,
    constraints: impl IntoIterator<Item = &'c Json>,
    value: &Val,
    now: Option<UtcTime>,
) -> Option<String> {
    if matches!(value.v, V::Null | V::Unknown(_) | V::Resource(_)) || value.unknown_part().is_some()
    {
        return None;
    }
    let converted = match convert(kind, &value.v) {
        Ok(converted) => converted,
        Err(problem) => return Some(problem),
    };
    constraints
        .into_iter()
        .find_map(|constraint| constraint_problem(kind, constraint, value, &converted, now))
}

fn shown(value: &Val) -> String {
    value
        .python_json(false)
        .unwrap_or_else(|| "the value".to_owned())
}

/// `Property.get_value`'s conversion by type.
fn convert(kind: Kind, v: &V) -> Result<Converted<'_>, String> {
    let val = |v: &V| Val::new(v.clone(), crate::text::TextRange::empty(0));
    match (kind, v) {
        (Kind::String, V::Str(s)) => Ok(Converted::Str(s.clone())),
        (Kind::String, V::Bool(_) | V::Int(_)) => {
            Ok(Converted::Str(val(v).python_str().unwrap_or_default()))
        }
        (Kind::String, _) => Err(format!("{} is not a string", shown(&val(v)))),
        (Kind::Integer, V::Int(i)) => Ok(Converted::Num(*i as f64)),
        (Kind::Integer, V::Bool(b)) => Ok(Converted::Num(f64::from(u8::from(*b)))),
        // Python's int() truncates a float.
        (Kind::Integer, V::Float(f)) if f.is_finite() => Ok(Converted::Num(f.trunc())),
        (Kind::Integer, V::Str(s)) => python_int(s)
            .map(|i| Converted::Num(i as f64))
            .ok_or_else(|| format!("\"{s}\" is not an integer")),
        (Kind::Integer, _) => Err(format!("{} is not an integer", shown(&val(v)))),
        (Kind::Number, V::Int(i)) => Ok(Converted::Num(*i as f64)),
        (Kind::Number, V::Float(f)) => Ok(Converted::Num(*f)),
        (Kind::Number, V::Bool(b)) => Ok(Converted::Num(f64::from(u8::from(*b)))),
        (Kind::Number, V::Str(s)) => python_number(s)
            .map(Converted::Num)
            .ok_or_else(|| format!("\"{s}\" is not a number")),
        (Kind::Number, _) => Err(format!("{} is not a number", shown(&val(v)))),
        (Kind::Boolean, V::Bool(b)) => Ok(Converted::Bool(*b)),
        (Kind::Boolean, V::Str(s)) => match s.to_lowercase().as_str() {
            "true" => Ok(Converted::Bool(true)),
            "false" => Ok(Converted::Bool(false)),
            _ => Err(format!(
                "\"{s}\" is not a boolean (Heat takes true or false here)"
            )),
        },
        (Kind::Boolean, _) => Err(format!("{} is not a boolean", shown(&val(v)))),
        (Kind::Map, V::Map(entries)) => Ok(Converted::Map(entries.len())),
        (Kind::Map, _) => Err(format!("{} is not a map", shown(&val(v)))),
        (Kind::List, V::List(items)) => Ok(Converted::List(items)),
        (Kind::List, _) => Err(format!("{} is not a list", shown(&val(v)))),
    }
}

/// Python's `int(text)`: surrounding blanks, a sign, digits with single
/// underscores between them.
pub(super) fn python_int(text: &str) -> Option<i64> {
    let t = text.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
        || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    {
        return None;
    }
    t.replace('_', "").parse().ok()
}

/// Heat's `Schema.str_to_num`: `int(text)`, else `float(text)`.
pub(crate) fn python_number(text: &str) -> Option<f64> {
    if let Some(i) = python_int(text) {
        return Some(i as f64);
    }
    let t = text.trim();
    if t.is_empty() || t.contains('_') {
        return None;
    }
    t.parse::<f64>().ok()
}

fn constraint_problem(
    kind: Kind,
    constraint: &Json,
    value: &Val,
    converted: &Converted,
    now: Option<UtcTime>,
) -> Option<String> {
    let description = constraint.get("description").and_then(Json::as_str);
    let problem = if let Some(allowed) = constraint.get("allowed_values").and_then(Json::as_array) {
        allowed_values(kind, allowed, value, converted)
    } else if let Some(range) = constraint.get("range") {
        match converted {
            // As Heat's `%s` writes it: a number given as text unquoted.
            Converted::Num(n) => {
                let written = value.python_str().unwrap_or_else(|| shown(value));
                out_of(range, *n, "", written)
            }
            _ => None,
        }
    } else if let Some(length) = constraint.get("length") {
        let len = match converted {
            Converted::Str(s) => s.chars().count(),
            Converted::List(items) => items.len(),
            Converted::Map(len) => *len,
            _ => return None,
        };
        out_of(length, len as f64, "the length ", len.to_string())
    } else if let Some(modulo) = constraint.get("modulo") {
        let (Converted::Num(n), Some(step), Some(offset)) = (
            converted,
            modulo.get("step").and_then(Json::as_f64),
            modulo.get("offset").and_then(Json::as_f64),
        ) else {
            return None;
        };
        // Python's % takes the divisor's sign.
        let rest = n - step * (n / step).floor();
        (step != 0.0 && rest != offset).then(|| {
            format!(
                "{} is not a multiple of {step} with an offset of {offset}",
                shown(value)
            )
        })
    } else if let Some(pattern) = constraint.get("allowed_pattern").and_then(Json::as_str) {
        match converted {
            Converted::Str(s) => (pattern::allows(pattern, s) == Some(false))
                .then(|| format!("\"{s}\" does not match the pattern \"{pattern}\"")),
            _ => None,
        }
    } else if let Some(name) = constraint.get("custom_constraint").and_then(Json::as_str) {
        match converted {
            Converted::Str(s) if name == "expiration" => expiration::problem(s, now),
            Converted::Str(s) => custom(name, s),
            _ => None,
        }
    } else {
        None
    };
    problem.map(|problem| match description {
        Some(description) if !description.is_empty() => format!("{problem} ({description})"),
        _ => problem,
    })
}

fn allowed_values(
    kind: Kind,
    allowed: &[Json],
    value: &Val,
    converted: &Converted,
) -> Option<String> {
    let listed = || {
        // Names before numbers: `tcp` says more than `0`.
        let mut sorted: Vec<&Json> = allowed.iter().collect();
        sorted.sort_by_key(|a| !a.is_string());
        let mut names: Vec<String> = sorted.iter().take(8).map(|a| a.to_string()).collect();
        if allowed.len() > 8 {
            names.push("…".to_owned());
        }
        names.join(", ")
    };
    let ok = match converted {
        // A list: each item as written must be allowed.
        Converted::List(items) => items.iter().all(|item| {
            item.to_json()
                .is_some_and(|json| allowed.iter().any(|a| python_eq(a, &json)))
        }),
        Converted::Str(s) => allowed.iter().any(|a| python_str(a).as_deref() == Some(s)),
        Converted::Num(n) => allowed.iter().any(|a| as_number(kind, a) == Some(*n)),
        Converted::Bool(b) => allowed
            .iter()
            .any(|a| python_str(a).and_then(|s| bool_from_string(&s)) == Some(*b)),
        Converted::Map(_) => true,
    };
    (!ok).then(|| format!("{} is not an allowed value: {}", shown(value), listed()))
}

fn python_str(json: &Json) -> Option<String> {
    Val::from_json(json, crate::text::TextRange::empty(0)).python_str()
}

fn as_number(kind: Kind, json: &Json) -> Option<f64> {
    match json {
        Json::Number(n) => n.as_f64(),
        Json::Bool(b) => Some(f64::from(u8::from(*b))),
        Json::String(s) if kind == Kind::Integer => python_int(s).map(|i| i as f64),
        Json::String(s) => python_number(s),
        _ => None,
    }
}

/// Python's `==` on loaded JSON values.
fn python_eq(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => x.as_f64() == y.as_f64(),
        (Json::Bool(x), Json::Number(y)) | (Json::Number(y), Json::Bool(x)) => {
            y.as_f64() == Some(f64::from(u8::from(*x)))
        }
        _ => a == b,
    }
}

fn out_of(bounds: &Json, n: f64, what: &str, shown: String) -> Option<String> {
    let min = bounds.get("min").and_then(Json::as_f64);
    let max = bounds.get("max").and_then(Json::as_f64);
    let low = min.is_some_and(|min| n < min);
    let high = max.is_some_and(|max| n > max);
    (low || high).then(|| {
        let show = |b: Option<f64>| b.map_or("none".to_owned(), |b| format!("{b}"));
        format!(
            "{what}{shown} is out of range (min {}, max {})",
            show(min),
            show(max)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::TextRange;

    fn v(json: &str) -> Val {
        Val::from_json(&serde_json::from_str(json).unwrap(), TextRange::empty(0))
    }

    fn check(kind: Kind, constraints: &str, value: &str) -> Option<String> {
        let constraints: Vec<Json> = serde_json::from_str(constraints).unwrap();
        problem(kind, &constraints, &v(value), None)
    }

    #[test]
    fn conversions_as_heat_makes_them() {
        assert_eq!(check(Kind::Integer, "[]", "\"7\""), None);
        assert_eq!(check(Kind::Integer, "[]", "1.5"), None);
        assert!(check(Kind::Integer, "[]", "\"\"").is_some());
        assert!(check(Kind::Integer, "[]", "\"1.5\"").is_some());
        assert_eq!(check(Kind::Number, "[]", "\" 1e3 \""), None);
        assert_eq!(check(Kind::String, "[]", "42"), None);
        assert_eq!(check(Kind::String, "[]", "true"), None);
        assert!(check(Kind::String, "[]", "1.5").is_some());
        assert!(check(Kind::String, "[]", "[\"a\"]").is_some());
        assert_eq!(check(Kind::Boolean, "[]", "\"False\""), None);
        assert!(check(Kind::Boolean, "[]", "\"yes\"").is_some());
        assert!(check(Kind::Boolean, "[]", "1").is_some());
        assert!(check(Kind::Map, "[]", "\"text\"").is_some());
        assert!(check(Kind::List, "[]", "\"a,b\"").is_some());
        assert_eq!(check(Kind::List, "[]", "null"), None);
    }

    #[test]
    fn constraints_as_heat_applies_them() {
        let allowed = r#"[{"kind": "AllowedValues", "allowed_values": ["tcp", "udp"]}]"#;
        assert!(check(Kind::String, allowed, "\"TCP\"").is_some());
        assert_eq!(check(Kind::String, allowed, "\"tcp\""), None);
        // str(True) is "True".
        let booleans = r#"[{"allowed_values": ["true", "false"]}]"#;
        assert!(check(Kind::String, booleans, "true").is_some());
        let numbers = r#"[{"allowed_values": [4, 6]}]"#;
        assert_eq!(check(Kind::Integer, numbers, "\"6\""), None);
        assert!(check(Kind::Integer, numbers, "5").is_some());
        let range = r#"[{"range": {"min": 1, "max": 10}}]"#;
        assert!(check(Kind::Integer, range, "\"0\"").is_some());
        assert_eq!(check(Kind::Integer, range, "10"), None);
        let length = r#"[{"length": {"max": 3}}]"#;
        assert!(check(Kind::String, length, "\"abcd\"").is_some());
        assert_eq!(check(Kind::String, length, "\"été\""), None);
        let modulo = r#"[{"modulo": {"step": 2, "offset": 1}}]"#;
        assert_eq!(check(Kind::Number, modulo, "-1"), None);
        assert!(check(Kind::Number, modulo, "4").is_some());
        let ip = r#"[{"custom_constraint": "ip_addr"}]"#;
        assert!(check(Kind::String, ip, "\"10.0.0.256\"").is_some());
        assert!(check(Kind::String, ip, "\"010.0.0.1\"").is_some());
        assert_eq!(check(Kind::String, ip, "\"fe80::1\""), None);
        let cidr = r#"[{"custom_constraint": "net_cidr"}]"#;
        assert!(check(Kind::String, cidr, "\"10.0.0.0\"").is_some());
        assert_eq!(check(Kind::String, cidr, "\"10.0.0.0/8\""), None);
        let dns = r#"[{"custom_constraint": "dns_domain"}]"#;
        assert!(check(Kind::String, dns, "\"Example.com.\"").is_some());
        assert_eq!(check(Kind::String, dns, "\"example.com.\""), None);
        let client = r#"[{"custom_constraint": "nova.flavor"}]"#;
        assert_eq!(check(Kind::String, client, "\"anything\""), None);
    }
}
