//! Heat's custom constraints that need no client, as Heat and
//! neutron-lib implement them (`heat.engine.constraint.common_constraints`).

use serde_json::Value as Json;

/// Heat's custom constraints that need no cloud, where they can be
/// decided exactly; the others give no answer.
pub(super) fn custom(name: &str, s: &str) -> Option<String> {
    let ok = match name {
        "ip_addr" => is_ip(s),
        "net_cidr" => is_cidr(s),
        "ip_or_cidr" => {
            if s.contains('/') {
                is_cidr(s)
            } else {
                is_ip(s)
            }
        }
        "mac_addr" => !s.is_empty() && is_mac_like(s),
        "dns_name" => dns_problem(s).is_none(),
        "dns_domain" => s.is_empty() || (dns_problem(s).is_none() && s.ends_with('.')),
        "rel_dns_name" => s.is_empty() || (!s.ends_with('.') && dns_problem(s).is_none()),
        "json_string" => {
            s.is_empty()
                || serde_json::from_str::<Json>(s).is_ok()
                || s.contains("NaN")
                || s.contains("Infinity")
        }
        _ => return None,
    };
    (!ok).then(|| format!("\"{s}\" is not a valid {}", custom_name(name)))
}

fn custom_name(name: &str) -> &str {
    match name {
        "ip_addr" => "IP address",
        "net_cidr" => "network CIDR (address/prefix)",
        "ip_or_cidr" => "IP address or CIDR",
        "mac_addr" => "MAC address",
        "dns_name" => "DNS name (lowercase labels of letters, digits and hyphens)",
        "dns_domain" => "DNS domain (a DNS name ending with `.`)",
        "rel_dns_name" => "relative DNS name (no trailing `.`)",
        "json_string" => "JSON text",
        other => other,
    }
}

/// neutron-lib's `validate_ip_address`: an IPv4 address in its canonical
/// dotted form, or an IPv6 address.
fn is_ip(s: &str) -> bool {
    if s.contains('%') {
        return true; // zone indexes: netaddr's reading is not modelled
    }
    if s.contains(':') {
        s.parse::<std::net::Ipv6Addr>().is_ok()
    } else {
        s.parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.to_string() == s)
    }
}

/// neutron-lib's `validate_subnet`: `address/prefix`.
fn is_cidr(s: &str) -> bool {
    let Some((address, prefix)) = s.split_once('/') else {
        return false;
    };
    let Ok(prefix) = prefix.parse::<u8>() else {
        return false;
    };
    if address.contains(':') {
        prefix <= 128 && address.parse::<std::net::Ipv6Addr>().is_ok()
    } else {
        prefix <= 32 && is_ip(address)
    }
}

/// netaddr's `valid_mac` takes many layouts; only text that no layout can
/// read (other characters, or not twelve hex digits) is refused here.
fn is_mac_like(s: &str) -> bool {
    let hex = s.chars().filter(char::is_ascii_hexdigit).count();
    s.chars()
        .all(|c| c.is_ascii_hexdigit() || matches!(c, ':' | '-' | '.'))
        && (hex == 12 || s.contains(['-', ':']) && hex <= 12)
}

/// Heat's `validate_dns_format`.
fn dns_problem(data: &str) -> Option<&'static str> {
    if data.is_empty() {
        return None;
    }
    let trimmed = data.strip_suffix('.').unwrap_or(data);
    if trimmed.len() > 255 {
        return Some("too long");
    }
    let names: Vec<&str> = trimmed.split('.').collect();
    for name in &names {
        if name.is_empty()
            || name.starts_with('-')
            || name.ends_with('-')
            || name.len() > 63
            || !name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Some("bad label");
        }
    }
    if data.ends_with('.')
        && names.len() > 1
        && names
            .last()
            .is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit()))
    {
        return Some("numeric top-level domain");
    }
    None
}
