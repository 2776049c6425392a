//! Numbers as Python holds them: integers of any size (kept as decimal
//! text), and floats printed as Python's `repr` prints them.

/// An integer of any size, as its decimal text with an optional `-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigInt(pub(super) String);

impl BigInt {
    /// The value of `digits` (ASCII, no sign, no `_`) in `radix`; `None`
    /// for an empty text or a digit outside the radix.
    pub fn parse(negative: bool, digits: &str, radix: u32) -> Option<BigInt> {
        if digits.is_empty() {
            return None;
        }
        // Little-endian limbs of 10^9.
        let mut limbs: Vec<u32> = vec![0];
        for ch in digits.chars() {
            let d = ch.to_digit(radix)?;
            multiply_add(&mut limbs, radix, d);
        }
        Some(Self::from_limbs(negative, &limbs))
    }

    /// `sum(part * 60^i)` of sexagesimal parts, most significant first.
    pub fn sexagesimal(negative: bool, parts: &[&str]) -> Option<BigInt> {
        let mut limbs: Vec<u32> = vec![0];
        for part in parts {
            let value: u32 = part.parse().ok().filter(|_| part.len() <= 9)?;
            multiply_add(&mut limbs, 60, value);
        }
        Some(Self::from_limbs(negative, &limbs))
    }

    fn from_limbs(negative: bool, limbs: &[u32]) -> BigInt {
        let mut text = String::new();
        let mut rest = limbs.iter().rev().skip_while(|&&l| l == 0);
        match rest.next() {
            None => return BigInt("0".into()),
            Some(first) => {
                if negative {
                    text.push('-');
                }
                text.push_str(&first.to_string());
            }
        }
        for limb in rest {
            text.push_str(&format!("{limb:09}"));
        }
        BigInt(text)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn to_i64(&self) -> Option<i64> {
        self.0.parse().ok()
    }

    /// The value as a float, as Python's `float(int)` rounds it.
    pub fn to_f64(&self) -> f64 {
        self.0.parse().unwrap_or(f64::NAN)
    }
}

fn multiply_add(limbs: &mut Vec<u32>, factor: u32, add: u32) {
    let mut carry = u64::from(add);
    for limb in limbs.iter_mut() {
        let v = u64::from(*limb) * u64::from(factor) + carry;
        *limb = (v % 1_000_000_000) as u32;
        carry = v / 1_000_000_000;
    }
    while carry > 0 {
        limbs.push((carry % 1_000_000_000) as u32);
        carry /= 1_000_000_000;
    }
}

/// Python's `repr(float)`: the shortest text that reads back as the same
/// float, positional from 1e-4 up to 1e16, scientific outside.
pub fn python_float_repr(value: f64) -> String {
    if value.is_nan() {
        return "nan".into();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.into();
    }
    // Rust's `{:e}` is the shortest round-trip text: `d.ddde[-]x`.
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if (-4..16).contains(&exponent) {
        let point = exponent + 1;
        let text = if point <= 0 {
            format!("0.{}{digits}", "0".repeat((-point) as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
        } else {
            format!(
                "{}.{}",
                &digits[..point as usize],
                &digits[point as usize..]
            )
        };
        format!("{sign}{text}")
    } else {
        let mantissa = if digits.len() > 1 {
            format!("{}.{}", &digits[..1], &digits[1..])
        } else {
            digits
        };
        let exponent_sign = if exponent < 0 { '-' } else { '+' };
        format!("{sign}{mantissa}e{exponent_sign}{:02}", exponent.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_of_any_size_in_any_radix() {
        assert_eq!(BigInt::parse(false, "777", 8).unwrap().as_str(), "511");
        assert_eq!(BigInt::parse(true, "ff", 16).unwrap().as_str(), "-255");
        assert_eq!(
            BigInt::parse(false, "123456789012345678901234567890", 10)
                .unwrap()
                .as_str(),
            "123456789012345678901234567890"
        );
        assert_eq!(BigInt::parse(true, "0", 10).unwrap().as_str(), "0");
        assert_eq!(BigInt::parse(false, "8", 8), None);
        assert_eq!(
            BigInt::sexagesimal(false, &["190", "20", "30"])
                .unwrap()
                .as_str(),
            "685230"
        );
    }

    #[test]
    fn floats_print_as_python_prints_them() {
        for (value, text) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (-0.0, "-0.0"),
            (1e16, "1e+16"),
            (1234567890123456.0, "1234567890123456.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (1e300, "1e+300"),
            (123.456, "123.456"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(python_float_repr(value), text, "{value}");
        }
    }
}
