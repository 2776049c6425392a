//! Networks, subnets, routers and their interfaces, trunks, floating IPs.

use super::{fold_target, new_object, reference_field, simple, write, Conv, Later, Source};
use crate::eval::V;
use crate::export::Exporter;
use crate::finding::Code;
use crate::manifest::{Kind, Node};

const NETWORK_FIELDS: [(&str, &str, Conv); 8] = [
    ("name", "name", Conv::Str),
    ("admin_state_up", "adminStateUp", Conv::Bool),
    ("shared", "shared", Conv::Bool),
    ("port_security_enabled", "portSecurityEnabled", Conv::Bool),
    ("dns_domain", "dnsDomain", Conv::Str),
    ("tags", "tags", Conv::Strings),
    (
        "availability_zone_hints",
        "availabilityZoneHints",
        Conv::Strings,
    ),
    ("router_external", "external", Conv::Bool),
];

pub(super) fn net(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(exporter, source) else {
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
            .is_none_or(|node| exporter.eval.eval(node).is_null());
    let fields: Vec<_> = NETWORK_FIELDS
        .iter()
        .filter(|(p, _, _)| *p != "router_external" || provider)
        .copied()
        .collect();
    simple(exporter, source, &mut resource, &fields);
    if shared_by_default {
        resource.set("shared", Node::bool(true, None));
    }
    write(exporter, object, resource);
}

/// An external network named by the template: imported with
/// `external: true`, which tells it from a tenant network of that name.
pub(super) fn external_network(
    exporter: &mut Exporter<'_, '_>,
    value: &crate::eval::Val,
    what: &str,
) -> Option<Node> {
    let extra = vec![("external", Node::bool(true, Some(value.at)))];
    exporter.reference(value, Kind::Network, what, extra)
}

pub(super) fn subnet(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(exporter, source) else {
        return;
    };
    let mut resource = Node::map(None);
    reference_field(
        exporter,
        source,
        &["network", "network_id"],
        Kind::Network,
        &mut resource,
        "networkRef",
    );
    simple(
        exporter,
        source,
        &mut resource,
        &[("name", "name", Conv::Str), ("cidr", "cidr", Conv::Str)],
    );
    let version = source.take(exporter, &["ip_version"]);
    let version = match version {
        Some(value) => exporter.integer(&value, &source.what("ip_version")),
        None => Some(Node::int(4, None)),
    };
    if let Some(version) = version {
        resource.set("ipVersion", version);
    }
    simple(
        exporter,
        source,
        &mut resource,
        &[
            ("tags", "tags", Conv::Strings),
            ("dns_nameservers", "dnsNameservers", Conv::Strings),
            ("enable_dhcp", "enableDHCP", Conv::Bool),
        ],
    );
    if let Some(pools) = source.take(exporter, &["allocation_pools"]) {
        let what = source.what("allocation_pools");
        if let Some(list) = list_of_maps(
            exporter,
            &pools,
            &what,
            &[("start", "start"), ("end", "end")],
        ) {
            resource.set("allocationPools", list);
        }
    }
    if let Some(routes) = source.take(exporter, &["host_routes"]) {
        let what = source.what("host_routes");
        if let Some(list) = list_of_maps(
            exporter,
            &routes,
            &what,
            &[("destination", "destination"), ("nexthop", "nextHop")],
        ) {
            resource.set("hostRoutes", list);
        }
    }
    // gateway_ip: given as null or "" means no gateway; an address, that one.
    if let Some(entry) = source.props.take("gateway_ip") {
        let value = exporter.eval.eval(entry);
        let mut gateway = Node::map(Some(value.at));
        match &value.v {
            V::Null => gateway.set("type", Node::str("None", Some(value.at))),
            V::Str(s) if s.is_empty() => gateway.set("type", Node::str("None", Some(value.at))),
            V::Str(s) => {
                gateway.set("type", Node::str("IP", Some(value.at)));
                gateway.set("ip", Node::str(s, Some(value.at)));
            }
            _ => exporter.not_a(&value, &source.what("gateway_ip"), "an address"),
        }
        if !gateway.is_empty_map() {
            resource.set("gateway", gateway);
        }
    }
    let mut ipv6 = Node::map(None);
    simple(
        exporter,
        source,
        &mut ipv6,
        &[
            ("ipv6_address_mode", "addressMode", Conv::Str),
            ("ipv6_ra_mode", "raMode", Conv::Str),
        ],
    );
    if !ipv6.is_empty_map() {
        resource.set("ipv6", ipv6);
    }
    write(exporter, object, resource);
}

/// A list of maps with keys renamed: `[{from: x}]` → `[{to: x}]`; other
/// keys are reported.
fn list_of_maps(
    exporter: &mut Exporter<'_, '_>,
    value: &crate::eval::Val,
    what: &str,
    keys: &[(&str, &str)],
) -> Option<Node> {
    let V::List(items) = &value.v else {
        exporter.not_a(value, what, "a list");
        return None;
    };
    let mut out = Vec::new();
    for item in items {
        let V::Map(entries) = &item.v else {
            exporter.not_a(item, what, "a list of maps");
            return None;
        };
        let mut map = Node::map(Some(item.at));
        for (key, v) in entries {
            match keys.iter().find(|(from, _)| from == key) {
                Some((_, to)) => {
                    if let Some(node) = exporter.string(v, &format!("{key} in {what}")) {
                        map.set(to, node);
                    }
                }
                None => exporter.report(
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

pub(super) fn router(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(exporter, source) else {
        return;
    };
    let mut resource = Node::map(None);
    simple(
        exporter,
        source,
        &mut resource,
        &[
            ("name", "name", Conv::Str),
            ("admin_state_up", "adminStateUp", Conv::Bool),
            ("distributed", "distributed", Conv::Bool),
            ("tags", "tags", Conv::Strings),
            (
                "availability_zone_hints",
                "availabilityZoneHints",
                Conv::Strings,
            ),
        ],
    );
    if let Some(info) = source.take(exporter, &["external_gateway_info"]) {
        let what = source.what("external_gateway_info");
        match &info.v {
            V::Map(entries) => {
                for (key, value) in entries {
                    match key.as_str() {
                        "network" | "network_id" => {
                            if let Some(reference) = external_network(exporter, value, &format!("the network of {what}")) {
                                let mut gateway = Node::map(Some(value.at));
                                gateway.set("networkRef", reference);
                                resource.set("externalGateways", Node::list(vec![gateway], Some(info.at)));
                            }
                        }
                        // Neutron's default, which ORC keeps.
                        "enable_snat" if value.truth() == Some(true) || value.is_null() => {}
                        "external_fixed_ips" if matches!(&value.v, V::List(l) if l.is_empty()) || value.is_null() => {}
                        _ => exporter.report(
                            Code::NoOrcField,
                            value.at,
                            format!("{key} in {what} is not exported: ORC v2.6.0 routers have only the gateway's network"),
                        ),
                    }
                }
            }
            _ => exporter.not_a(&info, &what, "a map"),
        }
    }
    write(exporter, object, resource);
}

pub(super) fn router_interface(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(mut object) = new_object(exporter, source) else {
        return;
    };
    let mut spec = Node::map(None);
    spec.set("type", Node::str("Subnet", None));
    reference_field(
        exporter,
        source,
        &["router", "router_id"],
        Kind::Router,
        &mut spec,
        "routerRef",
    );
    reference_field(
        exporter,
        source,
        &["subnet", "subnet_id"],
        Kind::Subnet,
        &mut spec,
        "subnetRef",
    );
    object.spec = spec;
    exporter.push(object);
}

pub(super) fn trunk(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(exporter, source) else {
        return;
    };
    let mut resource = Node::map(None);
    simple(
        exporter,
        source,
        &mut resource,
        &[
            ("name", "name", Conv::Str),
            ("description", "description", Conv::Str),
            ("admin_state_up", "adminStateUp", Conv::Bool),
        ],
    );
    reference_field(
        exporter,
        source,
        &["port"],
        Kind::Port,
        &mut resource,
        "portRef",
    );
    if let Some(sub_ports) = source.take(exporter, &["sub_ports"]) {
        let what = source.what("sub_ports");
        match &sub_ports.v {
            V::List(items) => {
                let mut out = Vec::new();
                for item in items {
                    let mut sub = Node::map(Some(item.at));
                    if let Some(port) = item.get("port") {
                        if let Some(reference) =
                            exporter.reference(port, Kind::Port, &what, Vec::new())
                        {
                            sub.set("portRef", reference);
                        }
                    }
                    if let Some(kind) = item
                        .get("segmentation_type")
                        .and_then(|v| exporter.string(v, &what))
                    {
                        sub.set("segmentationType", kind);
                    }
                    if let Some(id) = item
                        .get("segmentation_id")
                        .and_then(|v| exporter.integer(v, &what))
                    {
                        sub.set("segmentationID", id);
                    }
                    out.push(sub);
                }
                resource.set("subports", Node::list(out, Some(sub_ports.at)));
            }
            _ => exporter.not_a(&sub_ports, &what, "a list"),
        }
    }
    write(exporter, object, resource);
}

pub(super) fn floating_ip(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(exporter, source) else {
        return;
    };
    let mut resource = Node::map(None);
    let network = source.take(exporter, &["floating_network", "floating_network_id"]);
    let subnet = source.take(exporter, &["floating_subnet"]);
    // ORC takes exactly one of the two; the subnet says more.
    if let Some(subnet) = subnet {
        let what = source.what("floating_subnet");
        if let Some(reference) = exporter.reference(&subnet, Kind::Subnet, &what, Vec::new()) {
            resource.set("floatingSubnetRef", reference);
        }
    } else if let Some(network) = network {
        let what = source.what("floating_network");
        if let Some(reference) = external_network(exporter, &network, &what) {
            resource.set("floatingNetworkRef", reference);
        }
    }
    reference_field(
        exporter,
        source,
        &["port_id"],
        Kind::Port,
        &mut resource,
        "portRef",
    );
    simple(
        exporter,
        source,
        &mut resource,
        &[
            ("fixed_ip_address", "fixedIP", Conv::Str),
            ("floating_ip_address", "floatingIP", Conv::Str),
        ],
    );
    write(exporter, object, resource);
}

pub(super) fn floating_ip_association(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let origin = source.resource.name_range(exporter.tree());
    let floating_ip = source.take(exporter, &["floatingip_id"]);
    let port = source.take(exporter, &["port_id"]);
    let fixed = source.take(exporter, &["fixed_ip_address"]);
    let Some(floating_ip) = floating_ip else {
        return;
    };
    let message = format!(
        "the association {} is not exported: ORC sets a floating IP's port on the FloatingIP itself, so the floating IP must be a resource of this template (get_resource)",
        source.resource.name
    );
    let Some(target) = fold_target(exporter, &floating_ip, Kind::FloatingIP, message) else {
        return;
    };
    let port = port.and_then(|port| {
        let what = source.what("port_id");
        exporter.reference(&port, Kind::Port, &what, Vec::new())
    });
    let fixed_ip =
        fixed.and_then(|fixed| exporter.string(&fixed, &source.what("fixed_ip_address")));
    exporter.later.push(Later::Association {
        floating_ip: target,
        port,
        fixed_ip,
        origin,
    });
}
