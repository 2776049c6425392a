//! Networks, subnets, routers and their interfaces, trunks, floating IPs.

use super::{copy_simple, fold_target, new_object, reference_field, write, Source};
use crate::context::{Context, Later};
use crate::eval::V;
use crate::finding::Code;
use crate::manifest::{Kind, Node};

pub(super) fn net(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    let provider = source.mapping.heat_type == "OS::Neutron::ProviderNet";
    // Heat's ProviderNet is shared unless the template says otherwise
    // (`shared` defaults to true there, to false on a Net); a property
    // given as null takes its default.
    let shared_by_default = provider
        && source
            .props
            .peek("shared")
            .is_none_or(|node| cx.eval.eval(node).is_null());
    copy_simple(cx, source, &mut resource, "resource.");
    if shared_by_default {
        resource.set("shared", Node::bool(true, None));
    }
    write(cx, object, resource);
}

/// An external network named by the template: imported with
/// `external: true`, which tells it from a tenant network of that name.
pub(super) fn external_network(
    cx: &mut Context<'_, '_>,
    value: &crate::eval::Val,
    what: &str,
) -> Option<Node> {
    let extra = vec![("external", Node::bool(true, Some(value.at)))];
    cx.reference(value, Kind::Network, what, extra)
}

pub(super) fn subnet(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
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
    let version = source.take(cx, &["ip_version"]);
    let version = match version {
        Some(value) => cx.integer(&value, &source.what("ip_version")),
        None => Some(Node::int(4, None)),
    };
    if let Some(version) = version {
        resource.set("ipVersion", version);
    }
    if let Some(pools) = source.take(cx, &["allocation_pools"]) {
        let what = source.what("allocation_pools");
        if let Some(list) = list_of_maps(cx, &pools, &what, &[("start", "start"), ("end", "end")]) {
            resource.set("allocationPools", list);
        }
    }
    if let Some(routes) = source.take(cx, &["host_routes"]) {
        let what = source.what("host_routes");
        if let Some(list) = list_of_maps(
            cx,
            &routes,
            &what,
            &[("destination", "destination"), ("nexthop", "nextHop")],
        ) {
            resource.set("hostRoutes", list);
        }
    }
    // gateway_ip: given as null or "" means no gateway; an address, that one.
    if let Some(entry) = source.props.take("gateway_ip") {
        let value = cx.eval.eval(entry);
        let mut gateway = Node::map(Some(value.at));
        match &value.v {
            V::Null => gateway.set("type", Node::str("None", Some(value.at))),
            V::Str(s) if s.is_empty() => gateway.set("type", Node::str("None", Some(value.at))),
            V::Str(s) => {
                gateway.set("type", Node::str("IP", Some(value.at)));
                gateway.set("ip", Node::str(s, Some(value.at)));
            }
            _ => cx.not_a(&value, &source.what("gateway_ip"), "an address"),
        }
        if !gateway.is_empty_map() {
            resource.set("gateway", gateway);
        }
    }
    let mut ipv6 = Node::map(None);
    copy_simple(cx, source, &mut ipv6, "resource.ipv6.");
    if !ipv6.is_empty_map() {
        resource.set("ipv6", ipv6);
    }
    write(cx, object, resource);
}

/// A list of maps with keys renamed: `[{from: x}]` → `[{to: x}]`; other
/// keys are reported.
fn list_of_maps(
    cx: &mut Context<'_, '_>,
    value: &crate::eval::Val,
    what: &str,
    keys: &[(&str, &str)],
) -> Option<Node> {
    let V::List(items) = &value.v else {
        cx.not_a(value, what, "a list");
        return None;
    };
    let mut out = Vec::new();
    for item in items {
        let V::Map(entries) = &item.v else {
            cx.not_a(item, what, "a list of maps");
            return None;
        };
        let mut map = Node::map(Some(item.at));
        for (key, v) in entries {
            match keys.iter().find(|(from, _)| from == key) {
                Some((_, to)) => {
                    if let Some(node) = cx.string(v, &format!("{key} in {what}")) {
                        map.set(to, node);
                    }
                }
                None => cx.report(
                    Code::NoOrcField,
                    v.at,
                    format!("{key} in {what} is not exported: ORC has no field for it"),
                ),
            }
        }
        out.push(map);
    }
    Some(Node::list(out, Some(value.at)))
}

pub(super) fn router(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    if let Some(info) = source.take(cx, &["external_gateway_info"]) {
        let what = source.what("external_gateway_info");
        match &info.v {
            V::Map(entries) => {
                for (key, value) in entries {
                    match key.as_str() {
                        "network" | "network_id" => {
                            if let Some(reference) = external_network(cx, value, &format!("the network of {what}")) {
                                let mut gateway = Node::map(Some(value.at));
                                gateway.set("networkRef", reference);
                                resource.set("externalGateways", Node::list(vec![gateway], Some(info.at)));
                            }
                        }
                        // Neutron's default, which ORC keeps.
                        "enable_snat" if value.truth() == Some(true) || value.is_null() => {}
                        "external_fixed_ips" if matches!(&value.v, V::List(l) if l.is_empty()) || value.is_null() => {}
                        _ => cx.report(
                            Code::NoOrcField,
                            value.at,
                            format!("{key} in {what} is not exported: ORC v2.6.0 routers have only the gateway's network"),
                        ),
                    }
                }
            }
            _ => cx.not_a(&info, &what, "a map"),
        }
    }
    write(cx, object, resource);
}

pub(super) fn router_interface(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(mut object) = new_object(cx, source) else {
        return;
    };
    let mut spec = Node::map(None);
    spec.set("type", Node::str("Subnet", None));
    reference_field(
        cx,
        source,
        &["router", "router_id"],
        Kind::Router,
        &mut spec,
        "routerRef",
    );
    reference_field(
        cx,
        source,
        &["subnet", "subnet_id"],
        Kind::Subnet,
        &mut spec,
        "subnetRef",
    );
    object.spec = spec;
    cx.push(object);
}

pub(super) fn trunk(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    reference_field(cx, source, &["port"], Kind::Port, &mut resource, "portRef");
    if let Some(sub_ports) = source.take(cx, &["sub_ports"]) {
        let what = source.what("sub_ports");
        match &sub_ports.v {
            V::List(items) => {
                let mut out = Vec::new();
                for item in items {
                    let mut sub = Node::map(Some(item.at));
                    if let Some(port) = item.get("port") {
                        if let Some(reference) = cx.reference(port, Kind::Port, &what, Vec::new()) {
                            sub.set("portRef", reference);
                        }
                    }
                    if let Some(kind) = item
                        .get("segmentation_type")
                        .and_then(|v| cx.string(v, &what))
                    {
                        sub.set("segmentationType", kind);
                    }
                    if let Some(id) = item
                        .get("segmentation_id")
                        .and_then(|v| cx.integer(v, &what))
                    {
                        sub.set("segmentationID", id);
                    }
                    out.push(sub);
                }
                resource.set("subports", Node::list(out, Some(sub_ports.at)));
            }
            _ => cx.not_a(&sub_ports, &what, "a list"),
        }
    }
    write(cx, object, resource);
}

pub(super) fn floating_ip(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    let network = source.take(cx, &["floating_network", "floating_network_id"]);
    let subnet = source.take(cx, &["floating_subnet"]);
    // ORC takes exactly one of the two; the subnet says more.
    if let Some(subnet) = subnet {
        let what = source.what("floating_subnet");
        if let Some(reference) = cx.reference(&subnet, Kind::Subnet, &what, Vec::new()) {
            resource.set("floatingSubnetRef", reference);
        }
    } else if let Some(network) = network {
        let what = source.what("floating_network");
        if let Some(reference) = external_network(cx, &network, &what) {
            resource.set("floatingNetworkRef", reference);
        }
    }
    reference_field(
        cx,
        source,
        &["port_id"],
        Kind::Port,
        &mut resource,
        "portRef",
    );
    copy_simple(cx, source, &mut resource, "resource.");
    write(cx, object, resource);
}

pub(super) fn floating_ip_association(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let origin = source.resource.name_range(cx.tree());
    let floating_ip = source.take(cx, &["floatingip_id"]);
    let port = source.take(cx, &["port_id"]);
    let fixed = source.take(cx, &["fixed_ip_address"]);
    let Some(floating_ip) = floating_ip else {
        return;
    };
    let message = format!(
        "the association {} is not exported: ORC sets a floating IP's port on the FloatingIP itself, so the floating IP must be a resource of this template (get_resource)",
        source.resource.name
    );
    let Some(target) = fold_target(cx, &floating_ip, Kind::FloatingIP, message) else {
        return;
    };
    let port = port.and_then(|port| {
        let what = source.what("port_id");
        cx.reference(&port, Kind::Port, &what, Vec::new())
    });
    let fixed_ip = fixed.and_then(|fixed| cx.string(&fixed, &source.what("fixed_ip_address")));
    cx.defer(Later::Association {
        floating_ip: target,
        port,
        fixed_ip,
        origin,
    });
}

/// Nova's floating IP, which Heat allocates through Neutron: on the pool's
/// network, or on the one external network there is (Heat refuses to
/// guess among several, as an import by `external: true` does).
pub(super) fn nova_floating_ip(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    let network = match source.take(cx, &["pool"]) {
        Some(pool) => external_network(cx, &pool, &source.what("pool")),
        None => {
            let origin = source.resource.name_range(cx.tree());
            let mut filter = Node::map(Some(origin));
            filter.set("external", Node::bool(true, Some(origin)));
            let mut what = Node::map(Some(origin));
            what.set("filter", filter);
            let name = cx.import_as(
                Kind::Network,
                "external=true".to_owned(),
                "network-external",
                what,
                origin,
            );
            Some(Node::str(name, Some(origin)))
        }
    };
    if let Some(network) = network {
        resource.set("floatingNetworkRef", network);
    }
    write(cx, object, resource);
}

/// Nova's association, folded into the floating IP: Heat associates it
/// with the server's first interface, at its first IPv4 address.
pub(super) fn nova_floating_ip_association(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let origin = source.resource.name_range(cx.tree());
    let floating_ip = source.take(cx, &["floating_ip"]);
    let server = source.take(cx, &["server_id"]);
    let (Some(floating_ip), Some(server)) = (floating_ip, server) else {
        return;
    };
    let name = &source.resource.name;
    let message = format!(
        "the association {name} is not exported: ORC sets a floating IP's port on the FloatingIP itself, so the floating IP must be a resource of this template (get_resource)"
    );
    let Some(floating_ip) = fold_target(cx, &floating_ip, Kind::FloatingIP, message) else {
        return;
    };
    let message = format!(
        "the association {name} is not exported: ORC needs the port of the server, so the server must be a resource of this template (get_resource)"
    );
    let Some(server) = fold_target(cx, &server, Kind::Server, message) else {
        return;
    };
    cx.defer(Later::ServerAssociation {
        floating_ip,
        server,
        origin,
    });
}

/// The port of a server's first interface, which Heat's Nova association
/// takes, with the address Heat gives Neutron for it (the port's first IPv4
/// address) where the port's object says which that is. `None` (reported)
/// for a server without ports.
pub(super) fn first_interface(
    cx: &mut Context<'_, '_>,
    server: &str,
    origin: heatwise_core::text::TextRange,
) -> Option<(Node, Option<Node>)> {
    let port = cx
        .object(server)
        .and_then(|o| o.spec.get("resource"))
        .and_then(|r| r.get("ports"))
        .and_then(Node::as_list)
        .and_then(<[Node]>::first)
        .and_then(|first| first.get("portRef"))
        .cloned();
    let Some(port) = port else {
        cx.report(
            Code::Ambiguous,
            origin,
            format!("the server {server} has no port in ORC for the floating IP: give it a network or a port"),
        );
        return None;
    };
    let addresses: Vec<Option<String>> = (port.as_str())
        .and_then(|name| cx.object(name))
        .and_then(|o| o.spec.get("resource"))
        .and_then(|r| r.get("addresses"))
        .and_then(Node::as_list)
        .map(|list| {
            (list.iter())
                .map(|a| a.get("ip").and_then(Node::as_str).map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    // The first address that is, or may be, IPv4 is the one Heat takes.
    let first = addresses.iter().find(|ip| {
        ip.as_deref()
            .is_none_or(|ip| ip.parse::<std::net::Ipv4Addr>().is_ok())
    });
    let fixed_ip = match first {
        Some(Some(ip)) => Some(Node::str(ip, Some(origin))),
        Some(None) if addresses.len() > 1 => {
            cx.report(
                Code::Ambiguous,
                origin,
                format!("the floating IP is associated with the first IPv4 address of the port {}, which is known only once Neutron gives the port its addresses; ORC needs it for a port with several: give the port's first address an ip_address", port.as_str().unwrap_or_default()),
            );
            None
        }
        _ => None,
    };
    Some((port, fixed_ip))
}
