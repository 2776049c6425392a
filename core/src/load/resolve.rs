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
}
