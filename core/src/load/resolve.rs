//! The tag PyYAML's resolver (YAML 1.1) gives a plain scalar: its regular
//! expressions, tried in the order they are registered for the scalar's
//! first character, written out as matchers.

/// What a plain scalar resolves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implicit {
    Bool,
    Float,
    Int,
    /// `<<`
    Merge,
    Null,
    Timestamp,
    /// `=`
    Value,
    Str,
}

/// The implicit tag of a plain scalar.
pub fn implicit(value: &str) -> Implicit {
    let Some(&first) = value.as_bytes().first() else {
        return Implicit::Null;
    };
    match first {
        b'y' | b'Y' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' if is_bool(value) => Implicit::Bool,
        b'n' | b'N' if is_bool(value) => Implicit::Bool,
        b'n' | b'N' | b'~' if is_null(value) => Implicit::Null,
        b'-' | b'+' | b'0'..=b'9' | b'.' if is_float(value) => Implicit::Float,
        b'-' | b'+' | b'0'..=b'9' if is_int(value) => Implicit::Int,
        b'0'..=b'9' if is_timestamp(value) => Implicit::Timestamp,
        b'<' if value == "<<" => Implicit::Merge,
        b'=' if value == "=" => Implicit::Value,
        _ => Implicit::Str,
    }
}

fn is_bool(value: &str) -> bool {
    matches!(
        value,
        "yes"
            | "Yes"
            | "YES"
            | "no"
            | "No"
            | "NO"
            | "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
            | "on"
            | "On"
            | "ON"
            | "off"
            | "Off"
            | "OFF"
    )
}

fn is_null(value: &str) -> bool {
    matches!(value, "~" | "null" | "Null" | "NULL" | "")
}

/// A cursor over ASCII bytes for the matchers.
struct Scan<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Scan<'a> {
    fn new(value: &'a str) -> Self {
        Self {
            bytes: value.as_bytes(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, set: impl Fn(u8) -> bool) -> bool {
        match self.peek() {
            Some(b) if set(b) => {
                self.at += 1;
                true
            }
            _ => false,
        }
    }

    fn eat_all(&mut self, set: impl Fn(u8) -> bool) -> usize {
        let start = self.at;
        while self.eat(&set) {}
        self.at - start
    }

    fn sign(&mut self) {
        self.eat(|b| b == b'-' || b == b'+');
    }

    fn done(&self) -> bool {
        self.at == self.bytes.len()
    }

    /// `(?::[0-5]?[0-9])+`, then what `then` accepts.
    fn sexagesimal_groups(&mut self) -> usize {
        let mut groups = 0;
        while self.peek() == Some(b':') {
            let save = self.at;
            self.at += 1;
            let digits = self.bytes[self.at..]
                .iter()
                .take(2)
                .take_while(|b| b.is_ascii_digit())
                .count();
            let take = if digits == 2 && self.bytes[self.at] <= b'5' {
                // `[0-5][0-9]`, unless only one digit leaves a valid rest:
                // the next byte after two digits must end the group.
                2
            } else if digits >= 1 {
                1
            } else {
                self.at = save;
                break;
            };
            self.at += take;
            groups += 1;
        }
        groups
    }
}

fn digit(b: u8) -> bool {
    b.is_ascii_digit()
}

fn digit_(b: u8) -> bool {
    b.is_ascii_digit() || b == b'_'
}

/// `[eE][-+][0-9]+`, optional.
fn exponent(scan: &mut Scan) -> bool {
    if scan.eat(|b| b == b'e' || b == b'E') {
        return scan.eat(|b| b == b'-' || b == b'+') && scan.eat_all(digit) > 0;
    }
    true
}

pub fn is_float(value: &str) -> bool {
    // [-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
    let alternative_1 = || {
        let mut s = Scan::new(value);
        s.sign();
        s.eat(digit)
            && {
                s.eat_all(digit_);
                s.eat(|b| b == b'.')
            }
            && {
                s.eat_all(digit_);
                exponent(&mut s)
            }
            && s.done()
    };
    // \.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
    let alternative_2 = || {
        let mut s = Scan::new(value);
        s.eat(|b| b == b'.')
            && s.eat(digit)
            && {
                s.eat_all(digit_);
                exponent(&mut s)
            }
            && s.done()
    };
    // [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    let alternative_3 = || {
        let mut s = Scan::new(value);
        s.sign();
        s.eat(digit)
            && {
                s.eat_all(digit_);
                s.sexagesimal_groups() > 0
            }
            && s.eat(|b| b == b'.')
            && {
                s.eat_all(digit_);
                s.done()
            }
    };
    let (_, unsigned) = split_sign(value);
    alternative_1()
        || alternative_2()
        || alternative_3()
        || matches!(unsigned, ".inf" | ".Inf" | ".INF")
        || matches!(value, ".nan" | ".NaN" | ".NAN")
}

pub fn is_int(value: &str) -> bool {
    let (_, body) = split_sign(value);
    let all = |s: &str, set: fn(u8) -> bool| !s.is_empty() && s.bytes().all(set);
    if let Some(bits) = body.strip_prefix("0b") {
        return all(bits, |b| matches!(b, b'0' | b'1' | b'_'));
    }
    if let Some(hex) = body.strip_prefix("0x") {
        return all(hex, |b| b.is_ascii_hexdigit() || b == b'_');
    }
    if body == "0" {
        return true;
    }
    if let Some(octal) = body.strip_prefix('0') {
        return all(octal, |b| matches!(b, b'0'..=b'7' | b'_'));
    }
    // [1-9][0-9_]* or [1-9][0-9_]*(?::[0-5]?[0-9])+
    let mut s = Scan::new(body);
    if !s.eat(|b| (b'1'..=b'9').contains(&b)) {
        return false;
    }
    s.eat_all(digit_);
    if s.done() {
        return true;
    }
    s.sexagesimal_groups() > 0 && s.done()
}

/// What PyYAML's `construct_yaml_timestamp` makes of a timestamp, as the
/// `isoformat()` of the `date` or `datetime`; `None` where Python raises
/// (no match, or a day, time or offset out of range).
pub fn python_timestamp(value: &str) -> Option<String> {
    // Python's `$` also matches before a final line break.
    let value = value.strip_suffix('\n').unwrap_or(value);
    let mut s = Scan::new(value);
    let number = |s: &mut Scan, least: usize, most: usize| -> Option<u32> {
        let start = s.at;
        while s.at - start < most && s.eat(digit) {}
        (s.at - start >= least).then(|| value[start..s.at].parse().ok())?
    };
    let year = number(&mut s, 4, 4)?;
    s.eat(|b| b == b'-').then_some(())?;
    let month = number(&mut s, 1, 2)?;
    s.eat(|b| b == b'-').then_some(())?;
    let day = number(&mut s, 1, 2)?;
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        _ => return None,
    };
    if year == 0 || day == 0 || day > days_in_month {
        return None;
    }
    let date = format!("{year:04}-{month:02}-{day:02}");
    if s.done() {
        return Some(date);
    }
    let separator = s.eat(|b| b == b'T' || b == b't') || s.eat_all(|b| b == b' ' || b == b'\t') > 0;
    separator.then_some(())?;
    let hour = number(&mut s, 1, 2)?;
    s.eat(|b| b == b':').then_some(())?;
    let minute = number(&mut s, 2, 2)?;
    s.eat(|b| b == b':').then_some(())?;
    let second = number(&mut s, 2, 2)?;
    let mut micros = 0;
    if s.eat(|b| b == b'.') {
        let start = s.at;
        s.eat_all(digit);
        let mut fraction: String = value[start..s.at].chars().take(6).collect();
        while !fraction.is_empty() && fraction.len() < 6 {
            fraction.push('0');
        }
        micros = fraction.parse().unwrap_or(0);
    }
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let mut iso = format!("{date}T{hour:02}:{minute:02}:{second:02}");
    if micros > 0 {
        iso.push_str(&format!(".{micros:06}"));
    }
    if s.done() {
        return Some(iso);
    }
    s.eat_all(|b| b == b' ' || b == b'\t');
    if s.eat(|b| b == b'Z') {
        iso.push_str("+00:00");
    } else {
        let negative = if s.eat(|b| b == b'-') {
            true
        } else if s.eat(|b| b == b'+') {
            false
        } else {
            return None;
        };
        let tz_hour = number(&mut s, 1, 2)?;
        let tz_minute = if s.eat(|b| b == b':') {
            number(&mut s, 2, 2)?
        } else {
            0
        };
        // `timezone` wants an offset strictly inside a day.
        let minutes = tz_hour * 60 + tz_minute;
        if minutes >= 24 * 60 {
            return None;
        }
        let sign = if negative && minutes > 0 { '-' } else { '+' };
        iso.push_str(&format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60));
    }
    s.done().then_some(iso)
}

/// PyYAML's timestamp expression: `YYYY-MM-DD`, or a date with one- or
/// two-digit month and day followed by a time.
pub fn is_timestamp(value: &str) -> bool {
    let b = value.as_bytes();
    if b.len() == 10
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5..7].iter().all(u8::is_ascii_digit)
        && b[7] == b'-'
        && b[8..10].iter().all(u8::is_ascii_digit)
    {
        return true;
    }
    let mut s = Scan::new(value);
    let one_or_two = |s: &mut Scan| {
        s.eat(digit) && {
            s.eat(digit);
            true
        }
    };
    let date = (0..4).all(|_| s.eat(digit))
        && s.eat(|b| b == b'-')
        && one_or_two(&mut s)
        && s.eat(|b| b == b'-')
        && one_or_two(&mut s);
    if !date {
        return false;
    }
    let separator = s.eat(|b| b == b'T' || b == b't') || s.eat_all(|b| b == b' ' || b == b'\t') > 0;
    let time = separator
        && one_or_two(&mut s)
        && s.eat(|b| b == b':')
        && s.eat(digit)
        && s.eat(digit)
        && s.eat(|b| b == b':')
        && s.eat(digit)
        && s.eat(digit);
    if !time {
        return false;
    }
    if s.eat(|b| b == b'.') {
        s.eat_all(digit);
    }
    if s.done() {
        return true;
    }
    s.eat_all(|b| b == b' ' || b == b'\t');
    if s.eat(|b| b == b'Z') {
        return s.done();
    }
    s.eat(|b| b == b'-' || b == b'+')
        && one_or_two(&mut s)
        && (s.done() || (s.eat(|b| b == b':') && s.eat(digit) && s.eat(digit) && s.done()))
}

pub(super) fn split_sign(value: &str) -> (bool, &str) {
    match value.as_bytes().first() {
        Some(b'-') => (true, &value[1..]),
        Some(b'+') => (false, &value[1..]),
        _ => (false, value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_scalars_resolve_as_pyyaml_resolves_them() {
        use Implicit::*;
        for (text, expected) in [
            ("", Null),
            ("~", Null),
            ("NULL", Null),
            ("nULL", Str),
            ("yes", Bool),
            ("No", Bool),
            ("y", Str),
            ("0", Int),
            ("-0", Int),
            ("0777", Int),
            ("08", Str),
            ("0b_", Int),
            ("0x_", Int),
            ("1_000", Int),
            ("1:30", Int),
            ("1:60", Str),
            ("1:7", Int),
            ("01:30", Str),
            ("1:30.5", Float),
            ("1:78.5", Str),
            ("1.5", Float),
            ("1.", Float),
            ("1_.", Float),
            (".5", Float),
            ("-.5", Str),
            ("._5", Str),
            ("1.0e+3", Float),
            ("1.0e3", Str),
            ("1e3", Str),
            ("-.inf", Float),
            ("+.INF", Float),
            ("-.nan", Str),
            (".NaN", Float),
            ("2002-12-14", Timestamp),
            ("2002-1-4 1:02:03", Timestamp),
            ("2001-12-14t21:59:43.10-05:00", Timestamp),
            ("2001-12-14 21:59:43.10 -5", Timestamp),
            ("2001-12-14 21:59:43.10 Z", Timestamp),
            ("2001-12-14 21:59:43.10 Zx", Str),
            ("2002-12-14x", Str),
            ("<<", Merge),
            ("=", Value),
            ("==", Str),
        ] {
            assert_eq!(implicit(text), expected, "{text:?}");
        }
    }

    /// Python's answers (`yaml.SafeLoader`, `isoformat()`); `None` where it
    /// raises.
    #[test]
    fn timestamps_are_constructed_as_python_constructs_them() {
        for (text, expected) in [
            ("2002-12-14", Some("2002-12-14")),
            ("2002-1-4 1:02:03", Some("2002-01-04T01:02:03")),
            (
                "2001-12-14t21:59:43.10-05:00",
                Some("2001-12-14T21:59:43.100000-05:00"),
            ),
            (
                "2001-12-14 21:59:43.10 -5",
                Some("2001-12-14T21:59:43.100000-05:00"),
            ),
            (
                "2001-12-14 21:59:43.10 Z",
                Some("2001-12-14T21:59:43.100000+00:00"),
            ),
            (
                "2001-12-14 21:59:43.1234567+5:30",
                Some("2001-12-14T21:59:43.123456+05:30"),
            ),
            ("2001-12-14 21:59:43. -0", Some("2001-12-14T21:59:43+00:00")),
            ("2000-02-29", Some("2000-02-29")),
            ("2001-02-29", None),
            ("2001-13-01", None),
            ("0000-01-01", None),
            ("2001-01-01 24:00:00", None),
            ("2001-01-01 1:00:00 +24", None),
            (
                "2001-01-01 1:00:00 +23:59",
                Some("2001-01-01T01:00:00+23:59"),
            ),
            ("not a date", None),
        ] {
            assert_eq!(python_timestamp(text).as_deref(), expected, "{text:?}");
        }
    }
}
