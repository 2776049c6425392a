//! Security groups and their rules, and Neutron's default egress, which
//! Heat keeps unless the group's rules have an egress rule and ORC
//! deletes.

use super::{copy_simple, fold_target, new_object, resource_node, write, Source};
use crate::context::{Context, Later};
use crate::eval::{Val, V};
use crate::finding::Code;
use crate::manifest::{Kind, Node, Value};

/// IP protocol numbers Neutron accepts, by the names ORC takes.
const PROTOCOL_NUMBERS: [(i64, &str); 14] = [
    (1, "icmp"),
    (2, "igmp"),
    (4, "ipip"),
    (6, "tcp"),
    (8, "egp"),
    (17, "udp"),
    (33, "dccp"),
    (47, "gre"),
    (50, "esp"),
    (51, "ah"),
    (58, "ipv6-icmp"),
    (89, "ospf"),
    (112, "vrrp"),
    (132, "sctp"),
];

pub(super) fn group(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let name = object.name.clone();
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    let mut has_egress = false;
    if let Some(rules) = source.take(cx, &["rules"]) {
        let what = source.what("rules");
        match &rules.v {
            V::List(items) => {
                let mut out = Vec::new();
                for item in items {
                    if item
                        .get("direction")
                        .and_then(|d| d.python_str())
                        .as_deref()
                        == Some("egress")
                    {
                        has_egress = true;
                    }
                    if let Some(rule) = rule(cx, item, &what) {
                        out.push(rule);
                    }
                }
                resource.set("rules", Node::list(out, Some(rules.at)));
            }
            _ => cx.not_a(&rules, &what, "a list"),
        }
    }
    write(cx, object, resource);
    cx.defer(Later::GroupEgress {
        group: name,
        has_egress,
    });
}

/// One rule (a `rules` entry, or a SecurityGroupRule's properties).
fn rule(cx: &mut Context<'_, '_>, item: &Val, what: &str) -> Option<Node> {
    let V::Map(entries) = &item.v else {
        cx.not_a(item, what, "a map");
        return None;
    };
    let mut rule = Node::map(Some(item.at));
    let text = |cx: &mut Context<'_, '_>, v: &Val| cx.string(v, what);
    let direction = item.get("direction").and_then(|v| text(cx, v));
    rule.set(
        "direction",
        direction.unwrap_or_else(|| Node::str("ingress", None)),
    );
    let ethertype = item
        .get("ethertype")
        .and_then(|v| text(cx, v))
        .unwrap_or_else(|| Node::str("IPv4", None));
    let ipv6 = ethertype.as_str() == Some("IPv6");
    rule.set("ethertype", ethertype);
    if let Some(protocol) = item.get("protocol").filter(|p| !p.is_null()) {
        let protocol = rule_protocol(cx, protocol, ipv6, what)?;
        if let Some(protocol) = protocol {
            rule.set("protocol", protocol);
        }
    }
    let min = item.get("port_range_min").filter(|v| !v.is_null());
    let max = item.get("port_range_max").filter(|v| !v.is_null());
    if let Some(range) = port_range(cx, min, max, what)? {
        rule.set("portRange", range);
    }
    if let Some(prefix) = item.get("remote_ip_prefix").filter(|v| !v.is_null()) {
        if let Some(prefix) = remote_prefix(cx, prefix, what) {
            rule.set("remoteIPPrefix", prefix);
        }
    }
    if let Some(description) = item.get("description").filter(|v| !v.is_null()) {
        if let Some(description) = text(cx, description) {
            rule.set("description", description);
        }
    }
    let remote_group = item
        .get("remote_group_id")
        .or_else(|| item.get("remote_group"))
        .filter(|v| !v.is_null());
    let group_mode =
        item.get("remote_mode").and_then(Val::python_str).as_deref() == Some("remote_group_id");
    if remote_group.is_some() || group_mode {
        let at = remote_group.map_or(item.at, |v| v.at);
        cx.report(
            Code::MeaningDiffers,
            at,
            format!("a rule of {what} is not exported: ORC v2.6.0 rules have no remote group, so the rule cannot say whom it allows"),
        );
        return None;
    }
    for (key, v) in entries {
        let known = [
            "direction",
            "ethertype",
            "protocol",
            "port_range_min",
            "port_range_max",
            "remote_ip_prefix",
            "remote_mode",
            "remote_group_id",
            "remote_group",
            "description",
            "security_group",
        ];
        if !known.contains(&key.as_str()) {
            cx.report(
                Code::NoOrcField,
                v.at,
                format!("{key} in {what} is not exported: ORC has no field for it"),
            );
        }
    }
    Some(rule)
}

/// A rule's protocol by the name ORC takes: `Some(None)` for any protocol,
/// `None` (reported) when the rule cannot be exported.
fn rule_protocol(
    cx: &mut Context<'_, '_>,
    protocol: &Val,
    ipv6: bool,
    what: &str,
) -> Option<Option<Node>> {
    let name = match &protocol.v {
        V::Int(n) => number_name(*n),
        V::Str(s) => match s.parse::<i64>() {
            Ok(n) => number_name(n),
            Err(_) => Some(s.to_ascii_lowercase()),
        },
        _ => {
            cx.not_a(protocol, what, "a protocol");
            return None;
        }
    };
    match name.as_deref() {
        Some("any") => Some(None),
        // Neutron stores IPv6's ICMP under its own name whatever the
        // rule says (`icmp`, `icmpv6`, `1`): ORC, comparing what it
        // asked for with what Neutron has, would never agree.
        Some("icmp" | "icmpv6") if ipv6 => Some(Some(Node::str("ipv6-icmp", Some(protocol.at)))),
        Some(name) if !ipv6 && (name.starts_with("ipv6-") || name == "icmpv6") => {
            cx.report(
                Code::MeaningDiffers,
                protocol.at,
                format!("a rule of {what} is not exported: Neutron refuses the protocol {name} with ethertype IPv4, as Heat's stack would fail: give ethertype IPv6"),
            );
            None
        }
        Some(name) => Some(Some(Node::str(name, Some(protocol.at)))),
        None => {
            cx.report(
                Code::MeaningDiffers,
                protocol.at,
                format!("a rule of {what} is not exported: ORC names protocols and has no name for this number"),
            );
            None
        }
    }
}

/// A rule's `portRange`: both ends or neither; `None` (reported) when the
/// rule cannot be exported.
fn port_range(
    cx: &mut Context<'_, '_>,
    min: Option<&Val>,
    max: Option<&Val>,
    what: &str,
) -> Option<Option<Node>> {
    match (min, max) {
        (Some(min), Some(max)) => {
            let (Some(min), Some(max)) = (cx.integer(min, what), cx.integer(max, what)) else {
                return None;
            };
            // Neutron stores the whole range, 1–65535, as no range
            // (`_make_canonical_port_range`): a range here would be a
            // difference ORC sees on every reconcile of the rule.
            if min.to_json() == 1 && max.to_json() == 65535 {
                return Some(None);
            }
            let mut range = Node::map(min.origin);
            range.set("min", min);
            range.set("max", max);
            Some(Some(range))
        }
        (Some(one), None) | (None, Some(one)) => {
            cx.report(
                Code::MeaningDiffers,
                one.at,
                format!(
                    "a rule of {what} is not exported: ORC needs both port_range_min and port_range_max, and without the rule nothing it allows is allowed"
                ),
            );
            None
        }
        (None, None) => Some(None),
    }
}

fn number_name(number: i64) -> Option<String> {
    PROTOCOL_NUMBERS
        .iter()
        .find(|(n, _)| *n == number)
        .map(|(_, name)| (*name).to_owned())
}

/// A standalone rule: folded into its group in this template.
pub(super) fn rule_resource(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let origin = source.resource.name_range(cx.tree());
    let group = source.take(cx, &["security_group"]);
    let mut entries = Vec::new();
    for key in [
        "direction",
        "ethertype",
        "protocol",
        "port_range_min",
        "port_range_max",
        "remote_ip_prefix",
        "description",
    ] {
        if let Some(value) = source.take(cx, &[key]) {
            entries.push((key.to_owned(), value));
        }
    }
    // Heat's SecurityGroupRule defaults to TCP (a rule in a group's
    // `rules` to every protocol): without it, a port range would make
    // Neutron refuse the rule, and no range would open every protocol.
    if !entries.iter().any(|(key, _)| key == "protocol") {
        entries.push((
            "protocol".to_owned(),
            Val::new(V::Str("tcp".into()), origin),
        ));
    }
    // A remote group has no ORC field: the rule is reported below.
    if let Some(node) = source.props.take("remote_group") {
        let value = cx.eval.eval(node);
        if !value.is_null() {
            entries.push(("remote_group".to_owned(), value));
        }
    }
    let Some(group) = group else {
        return;
    };
    let message = format!(
        "the rule {} is not exported: ORC keeps rules in their SecurityGroup, so the group must be a resource of this template (get_resource)",
        source.resource.name
    );
    let Some(target) = fold_target(cx, &group, Kind::SecurityGroup, message) else {
        return;
    };
    let what = format!("the rule {}", source.resource.name);
    let item = Val::new(V::Map(entries), origin);
    if let Some(rule) = rule(cx, &item, &what) {
        cx.defer(Later::Rule {
            group: target,
            rule,
        });
    }
}

/// The group's rules in the order ORC handles best (those with a port
/// range first), and Neutron's default egress when Heat keeps it.
pub(super) fn finish_group(cx: &mut Context<'_, '_>, group: &str, has_egress: bool) {
    let Some(object) = cx.object_mut(group) else {
        return;
    };
    let resource = resource_node(object);
    let mut rules = match resource.remove("rules") {
        Some(Node {
            value: Value::List(rules),
            ..
        }) => rules,
        _ => Vec::new(),
    };
    // ORC v2.6.0 pairs new rules with port ranges by position; rules with
    // a port range first keep the pairing right.
    rules.sort_by_key(|rule| rule.get("portRange").is_none());
    if !has_egress {
        for ethertype in ["IPv4", "IPv6"] {
            let mut rule = Node::map(None);
            rule.set("direction", Node::str("egress", None));
            rule.set("ethertype", Node::str(ethertype, None));
            rules.push(rule);
        }
    }
    if !rules.is_empty() {
        resource.set("rules", Node::list(rules, None));
    }
}

/// A rule's remote prefix as ORC must write it: ORC matches its rules
/// against Neutron's by this text, which Neutron keeps as netaddr writes it.
fn remote_prefix(cx: &mut Context<'_, '_>, prefix: &Val, what: &str) -> Option<Node> {
    let mut prefix = cx.string(prefix, what)?;
    if let Some(normal) = prefix.as_str().and_then(neutron_prefix) {
        prefix.value = Value::Str(normal);
    }
    Some(prefix)
}

/// A remote IP prefix as Neutron stores it (`str(netaddr.IPNetwork(...))`):
/// an address alone gets its full length, IPv6 is lower case and
/// compressed; host bits stay as written. `None` for what is not one.
fn neutron_prefix(prefix: &str) -> Option<String> {
    let (address, length) = match prefix.split_once('/') {
        Some((address, length)) => (address, Some(length.parse::<u8>().ok()?)),
        None => (prefix, None),
    };
    match address.parse::<std::net::IpAddr>().ok()? {
        std::net::IpAddr::V4(v4) => Some(format!("{v4}/{}", length.unwrap_or(32))),
        std::net::IpAddr::V6(v6) => Some(format!("{v6}/{}", length.unwrap_or(128))),
    }
}

#[cfg(test)]
mod tests {
    use super::neutron_prefix;

    #[test]
    fn prefixes_are_written_as_neutron_keeps_them() {
        for (written, kept) in [
            ("10.0.0.0/8", Some("10.0.0.0/8")),
            ("10.0.0.1/8", Some("10.0.0.1/8")),
            ("192.0.2.7", Some("192.0.2.7/32")),
            ("2001:DB8::/32", Some("2001:db8::/32")),
            ("2001:0db8:0000:0000::1/64", Some("2001:db8::1/64")),
            ("fe80::1", Some("fe80::1/128")),
            ("not a prefix", None),
            ("10.0.0.0/x", None),
        ] {
            assert_eq!(neutron_prefix(written).as_deref(), kept, "{written}");
        }
    }
}
