//! What a scalar means to Heat: PyYAML's SafeLoader (YAML 1.1) with
//! timestamps kept as strings.
//!
//! Only plain scalars are resolved; quoted and block scalars are strings. An
//! explicit core tag (`!!str`, `!!int`, ...) decides instead.

use super::ScalarStyle;

/// A scalar's type and value as Heat's loader produces them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Resolved<'a> {
    /// `~`, `null`, `Null`, `NULL`, or nothing.
    Null,
    /// YAML 1.1 booleans: `yes`/`no`, `on`/`off`, `true`/`false` in three
    /// casings.
    Bool(bool),
    /// Integers (decimal, `0b`, `0x`, leading-zero octal, `1:30`
    /// sexagesimal, `_` separators); `None` when outside `i64`.
    Int(Option<i64>),
    /// Floats, which YAML 1.1 writes with a dot (`1e3` is a string).
    Float(f64),
    /// A date or date-time. PyYAML would make it a timestamp; Heat's loader
    /// keeps the text, so `heat_template_version: 2013-05-23` is the string.
    Timestamp(&'a str),
    Str(&'a str),
}

const TAG_PREFIX: &str = "tag:yaml.org,2002:";

/// Interprets a scalar's value, given its style and resolved tag.
pub fn resolve<'a>(value: &'a str, style: ScalarStyle, tag: Option<&str>) -> Resolved<'a> {
    match tag.and_then(|tag| tag.strip_prefix(TAG_PREFIX)) {
        Some("str") => return Resolved::Str(value),
        Some("null") => return Resolved::Null,
        Some("bool") => return as_bool(value).map_or(Resolved::Str(value), Resolved::Bool),
        Some("int") => return Resolved::Int(as_int(value)),
        Some("float") => {
            return as_float(value)
                .or_else(|| as_int(value).map(|i| i as f64))
                .map_or(Resolved::Str(value), Resolved::Float)
        }
        _ => {}
    }
    if style != ScalarStyle::Plain || tag.is_some() {
        return Resolved::Str(value);
    }
    // Numbers and timestamps start with a digit, a sign or a dot: a word
    // is null, a boolean or a string.
    if value
        .as_bytes()
        .first()
        .is_some_and(u8::is_ascii_alphabetic)
    {
        return if is_null(value) {
            Resolved::Null
        } else {
            as_bool(value).map_or(Resolved::Str(value), Resolved::Bool)
        };
    }
    if is_null(value) {
        Resolved::Null
    } else if let Some(b) = as_bool(value) {
        Resolved::Bool(b)
    } else if is_int(value) {
        Resolved::Int(as_int(value))
    } else if let Some(f) = as_float(value) {
        Resolved::Float(f)
    } else if is_timestamp(value) {
        Resolved::Timestamp(value)
    } else {
        Resolved::Str(value)
    }
}

pub fn is_null(value: &str) -> bool {
    matches!(value, "" | "~" | "null" | "Null" | "NULL")
}

/// YAML 1.1 booleans as PyYAML reads them (`y` and `n` are strings there).
pub fn as_bool(value: &str) -> Option<bool> {
    match value {
        "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Some(true),
        "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Some(false),
        _ => None,
    }
}

fn split_sign(value: &str) -> (bool, &str) {
    match value.as_bytes().first() {
        Some(b'-') => (true, &value[1..]),
        Some(b'+') => (false, &value[1..]),
        _ => (false, value),
    }
}

fn all_digits(s: &str, radix: u32) -> bool {
    s.chars().all(|c| c == '_' || c.is_digit(radix)) && s.chars().any(|c| c.is_digit(radix))
}

/// Whether the text is a YAML 1.1 integer.
pub fn is_int(value: &str) -> bool {
    let (_, body) = split_sign(value);
    if let Some(bits) = body.strip_prefix("0b") {
        return all_digits(bits, 2);
    }
    if let Some(hex) = body.strip_prefix("0x") {
        return all_digits(hex, 16);
    }
    if body == "0" {
        return true;
    }
    if let Some(octal) = body.strip_prefix('0') {
        return all_digits(octal, 8);
    }
    if body.contains(':') {
        return is_sexagesimal(body, false);
    }
    body.starts_with(|c: char| c.is_ascii_digit()) && all_digits(body, 10)
}

/// `1:30:05` style: a leading number then `:[0-5]?[0-9]` groups.
fn is_sexagesimal(body: &str, float: bool) -> bool {
    if !body.contains(':') {
        return false;
    }
    let mut parts = body.split(':');
    let head = parts.next().unwrap_or("");
    let head_ok = if float {
        head.starts_with(|c: char| c.is_ascii_digit()) && all_digits(head, 10)
    } else {
        head.starts_with(|c: char| ('1'..='9').contains(&c)) && all_digits(head, 10)
    };
    let rest: Vec<&str> = parts.collect();
    let last = rest.len().saturating_sub(1);
    head_ok
        && !rest.is_empty()
        && rest.iter().enumerate().all(|(i, part)| {
            let part = if float && i == last {
                part.split_once('.').map_or("", |(whole, frac)| {
                    if frac.chars().all(|c| c.is_ascii_digit() || c == '_') {
                        whole
                    } else {
                        ""
                    }
                })
            } else {
                part
            };
            matches!(part.len(), 1 | 2)
                && part.chars().all(|c| c.is_ascii_digit())
                && (part.len() == 1 || part.as_bytes()[0] <= b'5')
        })
}

/// The value of a YAML 1.1 integer; `None` for other text or overflow.
pub fn as_int(value: &str) -> Option<i64> {
    if !is_int(value) {
        return None;
    }
    let (negative, body) = split_sign(value);
    let digits: String = body.chars().filter(|&c| c != '_').collect();
    let magnitude: i128 = if let Some(bits) = digits.strip_prefix("0b") {
        i128::from_str_radix(bits, 2).ok()?
    } else if let Some(hex) = digits.strip_prefix("0x") {
        i128::from_str_radix(hex, 16).ok()?
    } else if digits.contains(':') {
        digits.split(':').try_fold(0i128, |acc, part| {
            acc.checked_mul(60)?.checked_add(part.parse::<i128>().ok()?)
        })?
    } else if digits.len() > 1 && digits.starts_with('0') {
        i128::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse().ok()?
    };
    let signed = if negative { -magnitude } else { magnitude };
    i64::try_from(signed).ok()
}

/// The value of a YAML 1.1 float (`1.5`, `.5`, `1.0e+3`, `.inf`, `.nan`,
/// `1:30.5`).
pub fn as_float(value: &str) -> Option<f64> {
    let (negative, body) = split_sign(value);
    let sign = if negative { -1.0 } else { 1.0 };
    match body {
        ".inf" | ".Inf" | ".INF" => return Some(sign * f64::INFINITY),
        ".nan" | ".NaN" | ".NAN" if value == body => return Some(f64::NAN),
        _ => {}
    }
    if body.contains(':') {
        if !is_sexagesimal(body, true) {
            return None;
        }
        let digits: String = body.chars().filter(|&c| c != '_').collect();
        let total = digits.split(':').try_fold(0f64, |acc, part| {
            Some(acc * 60.0 + part.parse::<f64>().ok()?)
        })?;
        return Some(sign * total);
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let (whole, fraction) = mantissa.split_once('.')?;
    let whole_ok = if whole.is_empty() {
        // `.5`: PyYAML wants a digit right after the dot, and no sign.
        !negative && value == body && fraction.starts_with(|c: char| c.is_ascii_digit())
    } else {
        whole.starts_with(|c: char| c.is_ascii_digit()) && all_digits(whole, 10)
    };
    let fraction_ok = fraction.chars().all(|c| c.is_ascii_digit() || c == '_');
    let exponent_ok = exponent.is_none_or(|e| {
        e.len() > 1
            && matches!(e.as_bytes()[0], b'+' | b'-')
            && e[1..].bytes().all(|b| b.is_ascii_digit())
    });
    if !(whole_ok && fraction_ok && exponent_ok) {
        return None;
    }
    let cleaned: String = body.chars().filter(|&c| c != '_').collect();
    let cleaned = if cleaned.starts_with('.') {
        format!("0{cleaned}")
    } else {
        cleaned.replace(".e", ".0e").replace(".E", ".0E")
    };
    let cleaned = cleaned
        .strip_suffix('.')
        .map_or(cleaned.clone(), |c| format!("{c}.0"));
    cleaned.parse::<f64>().ok().map(|f| sign * f)
}

/// A YAML 1.1 timestamp: `YYYY-MM-DD`, optionally with a time.
pub fn is_timestamp(value: &str) -> bool {
    let b = value.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        b.get(range.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    if b.len() == 10 {
        return digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10);
    }
    // `YYYY-M-D` then `T`/`t`/blanks and `H:MM:SS` and more; the date part
    // decides, as in PyYAML's resolver for the forms templates use.
    let Some((date, time)) = value.split_once(['T', 't', ' ']) else {
        return false;
    };
    let mut parts = date.split('-');
    let ok_date = matches!(
        (parts.next(), parts.next(), parts.next(), parts.next()),
        (Some(y), Some(m), Some(d), None)
            if y.len() == 4 && (1..=2).contains(&m.len()) && (1..=2).contains(&d.len())
                && [y, m, d].iter().all(|p| p.bytes().all(|c| c.is_ascii_digit()))
    );
    let time = time.trim_start();
    let time_ok = time.len() >= 7
        && time.as_bytes()[..2]
            .iter()
            .filter(|c| c.is_ascii_digit())
            .count()
            >= 1
        && time.contains(':');
    ok_date && time_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(value: &str) -> Resolved<'_> {
        resolve(value, ScalarStyle::Plain, None)
    }

    #[test]
    fn resolves_yaml_1_1_plain_scalars_like_pyyaml() {
        for (text, expected) in [
            ("", Resolved::Null),
            ("~", Resolved::Null),
            ("NULL", Resolved::Null),
            ("nULL", Resolved::Str("nULL")),
            ("yes", Resolved::Bool(true)),
            ("Off", Resolved::Bool(false)),
            ("y", Resolved::Str("y")),
            ("tRUE", Resolved::Str("tRUE")),
            ("0", Resolved::Int(Some(0))),
            ("-17", Resolved::Int(Some(-17))),
            ("1_000", Resolved::Int(Some(1000))),
            ("0x1F", Resolved::Int(Some(31))),
            ("0b101", Resolved::Int(Some(5))),
            ("017", Resolved::Int(Some(15))),
            ("1:30", Resolved::Int(Some(90))),
            ("99999999999999999999", Resolved::Int(None)),
            ("1.5", Resolved::Float(1.5)),
            ("1.", Resolved::Float(1.0)),
            (".5", Resolved::Float(0.5)),
            ("1.0e+3", Resolved::Float(1000.0)),
            ("-.inf", Resolved::Float(f64::NEG_INFINITY)),
            ("1e3", Resolved::Str("1e3")),
            ("1.0e3", Resolved::Str("1.0e3")),
            ("2013-05-23", Resolved::Timestamp("2013-05-23")),
            (
                "2001-12-14t21:59:43.10-05:00",
                Resolved::Timestamp("2001-12-14t21:59:43.10-05:00"),
            ),
            ("2013-05-23x", Resolved::Str("2013-05-23x")),
            ("newton", Resolved::Str("newton")),
            ("08", Resolved::Str("08")),
        ] {
            assert_eq!(plain(text), expected, "{text:?}");
        }
        assert!(matches!(plain(".nan"), Resolved::Float(f) if f.is_nan()));
    }

    #[test]
    fn quoted_and_tagged_scalars() {
        assert_eq!(
            resolve("yes", ScalarStyle::SingleQuoted, None),
            Resolved::Str("yes")
        );
        assert_eq!(
            resolve("12", ScalarStyle::Plain, Some("tag:yaml.org,2002:str")),
            Resolved::Str("12")
        );
        assert_eq!(
            resolve(
                "12",
                ScalarStyle::DoubleQuoted,
                Some("tag:yaml.org,2002:int")
            ),
            Resolved::Int(Some(12))
        );
        assert_eq!(
            resolve("x", ScalarStyle::Plain, Some("!custom")),
            Resolved::Str("x")
        );
    }
}
