//! Ports, and the Heat defaults ORC does not share: an address when
//! `fixed_ips` is not given, the `default` security group when
//! `security_groups` is not given.

use heatwise_core::template::merge::flattened;
use heatwise_core::text::TextRange;

use super::{copy_simple, new_object, push_item, reference_field, resource_node, write, Source};
use crate::context::{Context, Import, Later};
use crate::eval::{Val, V};
use crate::finding::Code;
use crate::manifest::{Kind, Node, Value};

pub(super) fn port(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let origin = object.origin;
    let name = object.name.clone();
    let mut resource = Node::map(None);
    reference_field(
        cx,
        source,
        &["network", "network_id"],
        Kind::Network,
        &mut resource,
        "networkRef",
    );
    copy_simple(cx, source, &mut resource, "resource.");
    let network = source
        .props
        .peek("network")
        .or_else(|| source.props.peek("network_id"))
        .map(|node| cx.eval.eval(node));
    let port_security = source.take(cx, &["port_security_enabled"]);
    // A port without the property takes its network's.
    let security_disabled = match port_security.as_ref().and_then(Val::truth) {
        Some(enabled) => !enabled,
        None => network
            .as_ref()
            .is_some_and(|network| network_without_port_security(cx, network)),
    };
    if let Some(value) = &port_security {
        if let Some(node) = cx.boolean(value, &source.what("port_security_enabled")) {
            let enabled = node.value == Value::Bool(true);
            resource.set(
                "portSecurity",
                Node::str(if enabled { "Enabled" } else { "Disabled" }, node.origin),
            );
        }
    }
    let no_fixed_ips = source
        .take(cx, &["no_fixed_ips"])
        .is_some_and(|v| v.truth() == Some(true));
    let fixed_ips = source.take(cx, &["fixed_ips"]);
    let mut pending = Vec::new();
    match &fixed_ips {
        Some(value) => {
            let what = source.what("fixed_ips");
            addresses(cx, value, &what, &mut resource, &mut pending);
        }
        None if !no_fixed_ips => pending.push(None),
        None => {}
    }
    if !pending.is_empty() {
        cx.defer(Later::DefaultAddress {
            port: name.clone(),
            origin,
            ips: pending,
        });
    }
    if let Some(refs) = port_security_groups(cx, source, security_disabled, origin) {
        resource.set("securityGroupRefs", refs);
    }
    if let Some(pairs) = source.take(cx, &["allowed_address_pairs"]) {
        let what = source.what("allowed_address_pairs");
        if let Some(pairs) = address_pairs(cx, &pairs, &what) {
            resource.set("allowedAddressPairs", pairs);
        }
    }
    write(cx, object, resource);
}

/// The port's security groups: those it names, else (unless port
/// security is off) the project's `default` group, which Neutron gives a
/// port without any and ORC would not.
fn port_security_groups(
    cx: &mut Context<'_, '_>,
    source: &mut Source<'_>,
    security_disabled: bool,
    origin: TextRange,
) -> Option<Node> {
    match source.take(cx, &["security_groups"]) {
        Some(groups) => {
            let what = source.what("security_groups");
            let refs = security_group_refs(cx, &groups, &what)?;
            (!refs.is_empty()).then(|| Node::list(refs, Some(groups.at)))
        }
        None if !security_disabled => {
            let default = default_security_group(cx, origin)?;
            Some(Node::list(vec![default], None))
        }
        None => None,
    }
}

/// `allowed_address_pairs` as `[{ip, mac}]`.
fn address_pairs(cx: &mut Context<'_, '_>, pairs: &Val, what: &str) -> Option<Node> {
    match &pairs.v {
        V::List(items) => {
            let mut out = Vec::new();
            for item in items {
                // An address only the create gives (another port's) cannot
                // be written: the pair is left out, the port kept.
                if let Some(V::Unknown(reason)) = item.get("ip_address").map(|v| &v.v) {
                    let reason = reason
                        .as_deref()
                        .unwrap_or("its address is known only once Heat creates the stack");
                    cx.report(
                        Code::MeaningDiffers,
                        item.at,
                        format!(
                            "a pair of {what} is not exported, the port is: {reason}; the port \
                             allows less than Heat's until the pair is added to it"
                        ),
                    );
                    continue;
                }
                let mut pair = Node::map(Some(item.at));
                if let Some(ip) = item.get("ip_address").and_then(|v| cx.string(v, what)) {
                    pair.set("ip", ip);
                }
                if let Some(mac) = item.get("mac_address").and_then(|v| cx.string(v, what)) {
                    pair.set("mac", mac);
                }
                out.push(pair);
            }
            Some(Node::list(out, Some(pairs.at)))
        }
        _ => {
            cx.not_a(pairs, what, "a list");
            None
        }
    }
}

/// Whether `network` is a network of this template whose
/// `port_security_enabled` is false: Neutron gives its ports no security
/// group unless they turn port security on, and refuses one otherwise.
pub(super) fn network_without_port_security(cx: &Context<'_, '_>, network: &Val) -> bool {
    let V::Resource(name) = &network.v else {
        return false;
    };
    let template = cx.eval.template();
    let tree = template.tree();
    let Some(resource) = template.resource(name) else {
        return false;
    };
    let is_network = matches!(
        cx.type_of(resource),
        Some("OS::Neutron::Net" | "OS::Neutron::ProviderNet")
    );
    let Some(mapping) = resource.definition.properties_mapping(tree) else {
        return false;
    };
    is_network
        && flattened(tree, mapping)
            .into_iter()
            .filter(|merged| tree.scalar(merged.entry.key) == Some("port_security_enabled"))
            .last()
            .is_some_and(|merged| cx.eval.eval(merged.entry.value).truth() == Some(false))
}

/// The project's `default` security group, imported once.
pub(super) fn default_security_group(cx: &mut Context<'_, '_>, origin: TextRange) -> Option<Node> {
    let value = Val::new(V::Str("default".to_owned()), origin);
    let name = cx.import(
        Import {
            kind: Kind::SecurityGroup,
            value: &value,
            extra: Vec::new(),
        },
        origin,
    )?;
    Some(Node::str(name, None))
}

pub(super) fn security_group_refs(
    cx: &mut Context<'_, '_>,
    groups: &Val,
    what: &str,
) -> Option<Vec<Node>> {
    let V::List(items) = &groups.v else {
        cx.not_a(groups, what, "a list");
        return None;
    };
    let mut refs: Vec<Node> = Vec::new();
    for item in items {
        if let Some(reference) = cx.reference(item, Kind::SecurityGroup, what, Vec::new()) {
            if !refs.iter().any(|r| r.value == reference.value) {
                refs.push(reference);
            }
        }
    }
    Some(refs)
}

/// `fixed_ips` entries: those with a subnet written now, the others
/// (an address alone) left for the network's subnet.
fn addresses(
    cx: &mut Context<'_, '_>,
    value: &Val,
    what: &str,
    resource: &mut Node,
    pending: &mut Vec<Option<Node>>,
) {
    let V::List(items) = &value.v else {
        cx.not_a(value, what, "a list");
        return;
    };
    if items.is_empty() {
        // `fixed_ips: []`: Neutron still allocates an address.
        pending.push(None);
        return;
    }
    for item in items {
        let V::Map(entries) = &item.v else {
            cx.not_a(item, what, "a list of maps");
            continue;
        };
        let mut address = Node::map(Some(item.at));
        let mut subnet_given = false;
        for (key, v) in entries {
            match key.as_str() {
                "subnet" | "subnet_id" => {
                    subnet_given = true;
                    if let Some(reference) = cx.reference(v, Kind::Subnet, what, Vec::new()) {
                        address.set("subnetRef", reference);
                    }
                }
                "ip_address" => {
                    if let Some(ip) = cx.string(v, what) {
                        address.set("ip", ip);
                    }
                }
                other => cx.report(
                    Code::NoOrcField,
                    v.at,
                    format!("{other} in {what} is not exported: ORC's addresses have a subnet and an IP only"),
                ),
            }
        }
        if subnet_given {
            if address.get("subnetRef").is_some() {
                push_item(resource, "addresses", address);
            }
        } else {
            pending.push(address.get("ip").cloned());
        }
    }
}

/// Addresses without a subnet: on the network's only subnet of the
/// template, or reported.
pub(super) fn default_address(
    cx: &mut Context<'_, '_>,
    port: &str,
    origin: TextRange,
    ips: Vec<Option<Node>>,
) {
    let network = cx
        .object(port)
        .and_then(|o| o.spec.get("resource"))
        .and_then(|r| r.get("networkRef"))
        .and_then(Node::as_str)
        .map(str::to_owned);
    let Some(network) = network else {
        return;
    };
    let subnets: Vec<String> = cx
        .objects
        .iter()
        .filter(|o| o.kind == Kind::Subnet)
        .filter(|o| {
            o.spec
                .get("resource")
                .and_then(|r| r.get("networkRef"))
                .and_then(Node::as_str)
                == Some(network.as_str())
        })
        .map(|o| o.name.clone())
        .collect();
    // A pre-existing network: its IPv4 subnet, imported by network (ORC
    // reports an error on the object if the network has several).
    let subnets = if subnets.is_empty() && cx.is_import(&network) {
        let mut filter = Node::map(Some(origin));
        filter.set("networkRef", Node::str(&network, Some(origin)));
        filter.set("ipVersion", Node::int(4, Some(origin)));
        let mut what = Node::map(Some(origin));
        what.set("filter", filter);
        let stem = format!("{network}-subnet");
        vec![cx.import_as(
            Kind::Subnet,
            format!("of {network} v4"),
            &stem,
            what,
            origin,
        )]
    } else {
        subnets
    };
    let [subnet] = subnets.as_slice() else {
        let why = if subnets.is_empty() {
            format!("the template has no subnet of {network}")
        } else {
            format!("{network} has {} subnets in the template", subnets.len())
        };
        cx.report(
            Code::Ambiguous,
            origin,
            format!(
                "the port {port} gets an address from Neutron in Heat, but ORC needs the subnet to take it from and {why}: give fixed_ips with a subnet"
            ),
        );
        return;
    };
    let subnet = subnet.clone();
    if let Some(object) = cx.object_mut(port) {
        let resource = resource_node(object);
        for ip in ips {
            let mut address = Node::map(None);
            address.set("subnetRef", Node::str(&subnet, None));
            if let Some(ip) = ip {
                address.set("ip", ip);
            }
            push_item(resource, "addresses", address);
        }
    }
}
