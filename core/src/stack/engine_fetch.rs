//! A template Heat's engine fetches itself. python-heatclient leaves out
//! every `resource_registry` value holding `::` (it takes it for a type
//! name), so a template named that way reaches Heat as written, and the
//! engine reads it with `urlfetch.get`: `urllib.parse.urlparse` first,
//! which refuses a malformed bracketed host, then only the http and https
//! schemes for an environment a user gives. What it fetches over the
//! network, heatwise cannot know.

use std::net::{Ipv4Addr, Ipv6Addr};

/// Why Heat's engine refuses to fetch the template `name` (its message,
/// as Heat gives it), or `None` when it fetches it over http or https.
pub(crate) fn refusal(name: &str) -> Option<String> {
    // urlsplit strips leading C0 controls and spaces, and drops tabs and
    // line breaks anywhere.
    let url: String = name
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect();
    let (scheme, rest) = split_scheme(&url);
    if let Some(after) = rest.strip_prefix("//") {
        let netloc = &after[..after.find(['/', '?', '#']).unwrap_or(after.len())];
        if netloc.contains('[') != netloc.contains(']') {
            return Some("Invalid IPv6 URL".to_owned());
        }
        if let Some((_, bracketed)) = netloc.split_once('[') {
            let host = bracketed.split(']').next().unwrap_or_default();
            if let Some(error) = bracketed_host_error(host) {
                return Some(error);
            }
        }
    }
    (!matches!(scheme.as_str(), "http" | "https"))
        .then(|| format!("Could not fetch remote template \"{name}\": Invalid URL scheme {scheme}"))
}

/// `urlsplit`'s scheme (lower case; empty when there is none) and the rest.
fn split_scheme(url: &str) -> (String, &str) {
    let Some(colon) = url.find(':').filter(|&at| at > 0) else {
        return (String::new(), url);
    };
    let candidate = &url[..colon];
    let is_scheme = candidate.starts_with(|c: char| c.is_ascii_alphabetic())
        && candidate
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    match is_scheme {
        true => (candidate.to_ascii_lowercase(), &url[colon + 1..]),
        false => (String::new(), url),
    }
}

/// `urllib.parse._check_bracketed_host`: an IPvFuture literal, or an IPv6
/// address as `ipaddress.ip_address` reads it (a scope after `%`).
fn bracketed_host_error(host: &str) -> Option<String> {
    if let Some(future) = host.strip_prefix('v') {
        let (version, rest) = future.split_once('.').unwrap_or((future, ""));
        let valid = !version.is_empty()
            && version.chars().all(|c| c.is_ascii_hexdigit())
            && !rest.is_empty()
            && !rest.contains('\n');
        return (!valid).then(|| "IPvFuture address is invalid".to_owned());
    }
    if is_ipv4(host) {
        return Some("An IPv4 address cannot be in brackets".to_owned());
    }
    let address = match host.split_once('%') {
        Some((_, scope)) if scope.is_empty() || scope.contains('%') => None,
        Some((address, _)) => Some(address),
        None => Some(host),
    };
    match address.is_some_and(is_ipv6) {
        true => None,
        false => Some(format!(
            "{} does not appear to be an IPv4 or IPv6 address",
            python_repr(host)
        )),
    }
}

/// `ipaddress.IPv4Address`: four decimal octets, no leading zero.
fn is_ipv4(text: &str) -> bool {
    text.split('.')
        .all(|octet| !(octet.len() > 1 && octet.starts_with('0')))
        && text.parse::<Ipv4Addr>().is_ok()
}

/// `ipaddress.IPv6Address`: at most eight groups of up to four hex digits,
/// one `::` standing for at least one group, and an IPv4 address (as
/// [`is_ipv4`] reads it) for the last two.
fn is_ipv6(text: &str) -> bool {
    if text.parse::<Ipv6Addr>().is_err() {
        return false;
    }
    let (head, tail) = text.rsplit_once(':').unwrap_or(("", text));
    if tail.contains('.') && !is_ipv4(tail) {
        return false;
    }
    let groups = |part: &str| part.split(':').filter(|g| !g.is_empty()).count();
    let written = groups(head)
        + if tail.contains('.') {
            2
        } else {
            usize::from(!tail.is_empty())
        };
    !(text.contains("::") && written >= 8)
}

/// Python's `repr` of a string, as its error messages quote one.
fn python_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut shown = String::from(quote);
    for c in text.chars() {
        match c {
            '\\' => shown.push_str("\\\\"),
            '\n' => shown.push_str("\\n"),
            '\r' => shown.push_str("\\r"),
            '\t' => shown.push_str("\\t"),
            c if c == quote => {
                shown.push('\\');
                shown.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                shown.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => shown.push(c),
        }
    }
    shown.push(quote);
    shown
}

#[cfg(test)]
mod tests {
    use super::refusal;

    /// Python 3.11's `urllib.parse.urlparse` and `urlfetch.get`'s schemes,
    /// as Heat 27.0.1 ran them: `None` for a URL the engine fetches.
    #[test]
    fn agrees_with_python_s_urlparse() {
        let cases: &[(&str, Option<&str>)] = &[
            ("http://[::1]/a.yaml", None),
            ("HTTP://x::/a.yaml", None),
            ("http://[v1.x]/a.yaml", None),
            ("http://[fe80::1%eth0]/a.yaml", None),
            ("http://[fe80::1%25]/a.yaml", None),
            ("http://[1:2:3:4:5:6:7::]/a.yaml", None),
            ("http://[::1:2:3:4:5:6:7]/a.yaml", None),
            ("http://[1:2:3:4:5:6:1.2.3.4]/a.yaml", None),
            ("http://[::1.2.3.4]/a.yaml", None),
            ("http://[::1]x[/a.yaml", None),
            ("http://[::1]]/a.yaml", None),
            ("http://[::1/x.yaml", Some("Invalid IPv6 URL")),
            ("http://a]::b.yaml", Some("Invalid IPv6 URL")),
            ("http://[1.2.3.4]/a.yaml", Some("An IPv4 address cannot be in brackets")),
            ("http://[vz.x]/a.yaml", Some("IPvFuture address is invalid")),
            ("http://[::1%]/a", Some("'::1%' does not appear to be an IPv4 or IPv6 address")),
            ("http://[::1%a%b]/a", Some("'::1%a%b' does not appear to be an IPv4 or IPv6 address")),
            ("http://[01.2.3.4]/a", Some("'01.2.3.4' does not appear to be an IPv4 or IPv6 address")),
            (
                "http://[::ffff:01.2.3.4]/a",
                Some("'::ffff:01.2.3.4' does not appear to be an IPv4 or IPv6 address"),
            ),
            ("http://[1::2::3]/a", Some("'1::2::3' does not appear to be an IPv4 or IPv6 address")),
            ("http://[12345::]/a", Some("'12345::' does not appear to be an IPv4 or IPv6 address")),
            ("http://a[b]c/a", Some("'b' does not appear to be an IPv4 or IPv6 address")),
            ("http://[]/a", Some("'' does not appear to be an IPv4 or IPv6 address")),
            ("http://[ ::1]/a", Some("' ::1' does not appear to be an IPv4 or IPv6 address")),
            (
                "http://[::ffff:1.2.3]/a",
                Some("'::ffff:1.2.3' does not appear to be an IPv4 or IPv6 address"),
            ),
            (
                "http://[0::0:0:0:0:0:0:0]/a",
                Some("'0::0:0:0:0:0:0:0' does not appear to be an IPv4 or IPv6 address"),
            ),
            (
                "http://[1:2:3:4:5:6:7:8:9]/a",
                Some("'1:2:3:4:5:6:7:8:9' does not appear to be an IPv4 or IPv6 address"),
            ),
            ("http://[::00001]/a", Some("'::00001' does not appear to be an IPv4 or IPv6 address")),
            (
                "a::b.yaml",
                Some("Could not fetch remote template \"a::b.yaml\": Invalid URL scheme a"),
            ),
            (
                "::x.yaml",
                Some("Could not fetch remote template \"::x.yaml\": Invalid URL scheme "),
            ),
            (
                "file:///a::b.yaml",
                Some("Could not fetch remote template \"file:///a::b.yaml\": Invalid URL scheme file"),
            ),
        ];
        for (url, python) in cases {
            assert_eq!(refusal(url).as_deref(), *python, "{url}");
        }
    }
}
