//! A loaded value as JSON text, as Python's `json.dumps` writes it: keys
//! that are not strings become their JSON text (`1`, `true`, `null`),
//! `NaN` and `Infinity` are written as Python writes them; binary data
//! (`!!binary`) becomes its base64 text, a set a list of its members, an
//! ordered map a list of `[key, value]` pairs.

use std::fmt::Write;
use std::rc::Rc;

use super::number::python_float_repr;
use super::Value;

/// Most values written; a value whose aliases repeat it past this is
/// refused rather than written out.
pub const MAX_WRITTEN_VALUES: usize = 1 << 22;

/// The value as indented JSON, or `None` when writing it would take more
/// than [`MAX_WRITTEN_VALUES`] values.
pub fn to_json(value: &Value) -> Option<String> {
    if value.weight(MAX_WRITTEN_VALUES) > MAX_WRITTEN_VALUES {
        return None;
    }
    let mut out = String::new();
    enum Step<'a> {
        Value(&'a Value, usize),
        /// Before a member: its separator, line break and indentation.
        Member {
            first: bool,
            depth: usize,
        },
        Key(&'a Value),
        Text(&'static str),
        Close(char, usize),
    }
    let mut steps = vec![Step::Value(value, 0)];
    while let Some(step) = steps.pop() {
        match step {
            Step::Text(text) => out.push_str(text),
            Step::Member { first, depth } => {
                out.push_str(if first { "\n" } else { ",\n" });
                indent(&mut out, depth);
            }
            Step::Key(key) => {
                string(&mut out, &key_text(key));
                out.push_str(": ");
            }
            Step::Close(closer, depth) => {
                out.push('\n');
                indent(&mut out, depth);
                out.push(closer);
            }
            Step::Value(value, depth) => match value {
                Value::Seq(items) | Value::Set(items) if !items.is_empty() => {
                    out.push('[');
                    steps.push(Step::Close(']', depth));
                    for (i, item) in items.iter().enumerate().rev() {
                        steps.push(Step::Value(item, depth + 1));
                        steps.push(Step::Member {
                            first: i == 0,
                            depth: depth + 1,
                        });
                    }
                }
                Value::Pairs(pairs) if !pairs.is_empty() => {
                    out.push('[');
                    steps.push(Step::Close(']', depth));
                    for (i, (k, v)) in pairs.iter().enumerate().rev() {
                        steps.push(Step::Close(']', depth + 1));
                        steps.push(Step::Value(v, depth + 2));
                        steps.push(Step::Member {
                            first: false,
                            depth: depth + 2,
                        });
                        steps.push(Step::Value(k, depth + 2));
                        steps.push(Step::Member {
                            first: true,
                            depth: depth + 2,
                        });
                        steps.push(Step::Text("["));
                        steps.push(Step::Member {
                            first: i == 0,
                            depth: depth + 1,
                        });
                    }
                }
                Value::Map(map) if !map.is_empty() => {
                    out.push('{');
                    steps.push(Step::Close('}', depth));
                    for (i, (k, v)) in map.entries().iter().enumerate().rev() {
                        steps.push(Step::Value(v, depth + 1));
                        steps.push(Step::Key(k));
                        steps.push(Step::Member {
                            first: i == 0,
                            depth: depth + 1,
                        });
                    }
                }
                Value::Seq(_) | Value::Set(_) | Value::Pairs(_) => out.push_str("[]"),
                Value::Map(_) => out.push_str("{}"),
                scalar => scalar_json(&mut out, scalar),
            },
        }
    }
    out.push('\n');
    Some(out)
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn scalar_json(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(i.as_str()),
        Value::Float(f) => out.push_str(&float_json(*f)),
        Value::Str(s) => string(out, s),
        Value::Bytes(bytes) => string(out, &encode_base64(bytes)),
        Value::Date(iso) => string(out, iso),
        _ => {}
    }
}

/// `json.dumps` of a float: `repr`, with `NaN`, `Infinity`, `-Infinity`.
fn float_json(f: f64) -> String {
    if f.is_nan() {
        "NaN".into()
    } else if f.is_infinite() {
        if f > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        python_float_repr(f)
    }
}

/// A mapping key as `json.dumps` writes a key that is not a string.
pub(super) fn key_text(key: &Value) -> String {
    match key {
        Value::Str(s) => s.to_string(),
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.as_str().into(),
        Value::Float(f) => float_json(*f),
        Value::Bytes(bytes) => encode_base64(bytes),
        Value::Date(iso) => iso.to_string(),
        _ => String::new(),
    }
}

fn string(out: &mut String, s: &str) {
    json_string(out, s, false);
}

/// A string as Python's `json.dumps` writes it; `ensure_ascii` (Python's
/// default, and what Heat sends to the services) writes every character
/// outside `' '`–`'~'` as `\uXXXX` (those beyond the Basic Multilingual
/// Plane as a surrogate pair).
pub fn json_string(out: &mut String, s: &str, ensure_ascii: bool) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            // Python's `ESCAPE_ASCII` is `[^\ -~]`: DEL too.
            c if ensure_ascii && (!c.is_ascii() || c == '\u{7f}') => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The length of `json.dumps(value)` with Python's defaults (`, ` and
/// `: ` between members, `ensure_ascii`), in characters, each string value
/// of a mapping first replaced as `rewrite(key, value)` says. `None` when
/// the value holds what `json.dumps` would not write as JSON (binary data,
/// a set, pairs, a date) or is heavier than [`MAX_WRITTEN_VALUES`].
pub fn json_len(value: &Value, rewrite: &dyn Fn(&str, &str) -> Option<String>) -> Option<u64> {
    if value.weight(MAX_WRITTEN_VALUES) > MAX_WRITTEN_VALUES {
        return None;
    }
    // Aliases share their value: each shared list or mapping is measured
    // once.
    let mut measured: crate::hash::HashMap<usize, u64> = crate::hash::HashMap::default();
    measure(value, rewrite, &mut measured)
}

fn measure(
    value: &Value,
    rewrite: &dyn Fn(&str, &str) -> Option<String>,
    measured: &mut crate::hash::HashMap<usize, u64>,
) -> Option<u64> {
    let members = |count: usize| 2 + 2 * count.saturating_sub(1) as u64;
    let key = match value {
        Value::Seq(items) => Rc::as_ptr(items) as *const () as usize,
        Value::Map(map) => Rc::as_ptr(map) as *const () as usize,
        _ => 0,
    };
    if let Some(&known) = measured.get(&key).filter(|_| key != 0) {
        return Some(known);
    }
    let length = match value {
        Value::Null => 4,
        Value::Bool(b) => 4 + u64::from(!*b),
        Value::Int(i) => i.as_str().len() as u64,
        Value::Float(f) => float_json(*f).len() as u64,
        Value::Str(s) => string_len(s),
        Value::Seq(items) => {
            let mut length = members(items.len());
            for item in items.iter() {
                length = length.saturating_add(measure(item, rewrite, measured)?);
            }
            length
        }
        Value::Map(map) => {
            let mut length = members(map.len());
            for (k, v) in map.entries() {
                let written = match (k, v) {
                    (Value::Str(k), Value::Str(v)) => rewrite(k, v).map(|new| string_len(&new)),
                    _ => None,
                };
                let v = match written {
                    Some(written) => written,
                    None => measure(v, rewrite, measured)?,
                };
                length = length
                    .saturating_add(string_len(&key_text(k)) + 2)
                    .saturating_add(v);
            }
            length
        }
        Value::Bytes(_) | Value::Date(_) | Value::Set(_) | Value::Pairs(_) => return None,
    };
    if key != 0 {
        measured.insert(key, length);
    }
    Some(length)
}

/// The length of a string as `json.dumps` writes it with `ensure_ascii`:
/// quoted, every character outside `' '`–`'~'` escaped.
fn string_len(s: &str) -> u64 {
    let escaped: u64 = s
        .chars()
        .map(|c| match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            ' '..='~' => 1,
            c if (c as u32) < 0x10000 => 6,
            _ => 12,
        })
        .sum();
    escaped + 2
}

fn encode_base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
