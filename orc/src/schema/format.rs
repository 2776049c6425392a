//! The string formats ORC's CRDs name, as the Kubernetes API server checks
//! them (kube-openapi's `strfmt`): `uuid`, `cidr`, `uri`, `date-time`.
//! Integer formats (`int32`, `int64`) are bounds, checked by the validator.

use std::net::{Ipv4Addr, Ipv6Addr};

pub fn is_valid(format: &str, text: &str) -> bool {
    match format {
        "uuid" => is_uuid(text),
        "cidr" => is_cidr(text),
        "uri" => is_uri(text),
        "date-time" => is_date_time(text),
        // Integer formats, and formats Kubernetes does not check.
        _ => true,
    }
}

/// `8-4-4-4-12` hexadecimal digits, or 32 in a row, in any case.
pub fn is_uuid(text: &str) -> bool {
    let bytes = text.as_bytes();
    let hex = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_hexdigit);
    match bytes.len() {
        32 => hex(0..32),
        36 => {
            [8, 13, 18, 23].iter().all(|&i| bytes[i] == b'-')
                && hex(0..8)
                && hex(9..13)
                && hex(14..18)
                && hex(19..23)
                && hex(24..36)
        }
        _ => false,
    }
}

/// An IPv4 or IPv6 network: `10.0.0.0/24`, `fd00::/64`.
pub fn is_cidr(text: &str) -> bool {
    let Some((address, prefix)) = text.split_once('/') else {
        return false;
    };
    if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_digit()) || prefix.len() > 3 {
        return false;
    }
    let Ok(prefix) = prefix.parse::<u8>() else {
        return false;
    };
    if address.parse::<Ipv4Addr>().is_ok() {
        prefix <= 32
    } else if address.parse::<Ipv6Addr>().is_ok() {
        prefix <= 128
    } else {
        false
    }
}

/// An IPv4 or IPv6 address.
pub fn is_ip(text: &str) -> bool {
    text.parse::<Ipv4Addr>().is_ok() || text.parse::<Ipv6Addr>().is_ok()
}

/// An absolute URI: a scheme, `:`, and no white space.
fn is_uri(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && !rest.is_empty()
        && !text.chars().any(char::is_whitespace)
}

/// RFC 3339: `2026-11-24T10:00:00Z`, with optional fractions and offset.
fn is_date_time(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        bytes
            .get(range)
            .is_some_and(|part| part.iter().all(u8::is_ascii_digit))
    };
    let shape = bytes.len() >= 20
        && digits(0..4)
        && bytes[4] == b'-'
        && digits(5..7)
        && bytes[7] == b'-'
        && digits(8..10)
        && matches!(bytes[10], b'T' | b't')
        && digits(11..13)
        && bytes[13] == b':'
        && digits(14..16)
        && bytes[16] == b':'
        && digits(17..19);
    if !shape {
        return false;
    }
    let mut rest = &text[19..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let end = fraction
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(fraction.len());
        if end == 0 {
            return false;
        }
        rest = &fraction[end..];
    }
    matches!(rest, "Z" | "z")
        || (rest.len() == 6
            && matches!(rest.as_bytes()[0], b'+' | b'-')
            && rest.as_bytes()[3] == b':'
            && rest[1..3].bytes().all(|b| b.is_ascii_digit())
            && rest[4..6].bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert!(is_uuid("7d1b2a38-6b6e-4b5d-9d7c-3e9c5f1a2b3c"));
        assert!(is_uuid("7D1B2A386B6E4B5D9D7C3E9C5F1A2B3C"));
        assert!(!is_uuid("7d1b2a38-6b6e-4b5d-9d7c-3e9c5f1a2b3"));
        assert!(!is_uuid("cirros"));
        assert!(is_cidr("10.0.0.0/24") && is_cidr("fd00::/64"));
        assert!(!is_cidr("10.0.0.0/33") && !is_cidr("10.0.0.0") && !is_cidr("net/24"));
        assert!(is_valid("uri", "https://example.com/cirros.img"));
        assert!(!is_valid("uri", "cirros.img"));
        assert!(is_valid("date-time", "2026-11-24T10:00:00Z"));
        assert!(is_valid("date-time", "2026-11-24T10:00:00.5+01:00"));
        assert!(!is_valid("date-time", "2026-11-24"));
    }
}
