//! Servers: their image, flavor and key by reference, a Port for each
//! network entry that does not name one, RAW user data as a Secret.

use heatwise_core::text::TextRange;

use super::user_data;
use super::{
    copy_simple, fold_target, new_object, pairs, port, push_item, reference_field, write, PairText,
    Source,
};
use crate::context::{Context, Later};
use crate::eval::{Val, V};
use crate::finding::Code;
use crate::manifest::{Kind, Node, Object};

pub(super) fn server(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let server_name = object.name.clone();
    let origin = object.origin;
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    for (property, field, kind) in [
        ("image", "imageRef", Kind::Image),
        ("flavor", "flavorRef", Kind::Flavor),
        ("key_name", "keypairRef", Kind::KeyPair),
    ] {
        reference_field(cx, source, &[property], kind, &mut resource, field);
    }
    if resource.get("imageRef").is_none()
        && source
            .props
            .left()
            .iter()
            .any(|(p, _)| p.starts_with("block_device_mapping"))
    {
        cx.report(
            Code::NoOrcField,
            origin,
            format!(
                "the server {} boots from a volume, which ORC v2.6.0 cannot do: it needs an image",
                source.resource.name
            ),
        );
    }
    if let Some(metadata) = source.take(cx, &["metadata"]) {
        let what = source.what("metadata");
        if let Some(list) = pairs(
            cx,
            &metadata,
            &what,
            ("key", "value"),
            PairText::NovaMetadata,
        ) {
            resource.set("metadata", list);
        }
    }
    if let Some(ports) = ports(cx, source, &server_name, origin) {
        resource.set("ports", ports);
    }
    if let Some(hints) = source.take(cx, &["scheduler_hints"]) {
        scheduler_hints(cx, source, &hints, &mut resource);
    }
    user_data::server_user_data(cx, source, &server_name, &mut resource);
    for property in ["block_device_mapping_v2", "block_device_mapping"] {
        if let Some(mappings) = source.take(cx, &[property]) {
            let what = source.what(property);
            volumes(cx, &mappings, &what, &mut resource);
        }
    }
    write(cx, object, resource);
}

/// The server's ports: each `networks` entry's port, or a new port on
/// its network with the server's security groups.
fn ports(
    cx: &mut Context<'_, '_>,
    source: &mut Source<'_>,
    server_name: &str,
    origin: TextRange,
) -> Option<Node> {
    // Security groups of the ports the server makes.
    let groups = match source.take(cx, &["security_groups"]) {
        Some(value) => {
            let what = source.what("security_groups");
            port::security_group_refs(cx, &value, &what).unwrap_or_default()
        }
        None => Vec::new(),
    };
    let mut ports = Vec::new();
    if let Some(networks) = source.take(cx, &["networks"]) {
        let what = source.what("networks");
        match &networks.v {
            V::List(entries) => {
                for (index, entry) in entries.iter().enumerate() {
                    if let Some(port) = network_entry(cx, server_name, index, entry, &what, &groups)
                    {
                        let mut item = Node::map(Some(entry.at));
                        item.set("portRef", port);
                        ports.push(item);
                    }
                }
            }
            _ => cx.not_a(&networks, &what, "a list"),
        }
    } else {
        cx.report(
            Code::Ambiguous,
            origin,
            format!(
                "the server {} has no networks: Heat's create fails (\"nics are required after microversion 2.36\") unless its max_nova_api_microversion is 2.36 or less, and an ORC server needs its ports: give networks",
                source.resource.name
            ),
        );
    }
    (!ports.is_empty()).then(|| Node::list(ports, None))
}

/// `scheduler_hints`: a server group is ORC's only hint.
fn scheduler_hints(
    cx: &mut Context<'_, '_>,
    source: &Source<'_>,
    hints: &Val,
    resource: &mut Node,
) {
    let what = source.what("scheduler_hints");
    match &hints.v {
        V::Map(entries) => {
            for (key, value) in entries {
                if key == "group" {
                    if let Some(reference) =
                        cx.reference(value, Kind::ServerGroup, &what, Vec::new())
                    {
                        resource.set("serverGroupRef", reference);
                    }
                } else {
                    cx.report(
                        Code::NoOrcField,
                        value.at,
                        format!("the scheduler hint {key} of {} is not exported: ORC v2.6.0 takes only a server group", source.resource.name),
                    );
                }
            }
        }
        _ => cx.not_a(hints, &what, "a map"),
    }
}

/// One `networks` entry: its port, or a new port on its network.
fn network_entry(
    cx: &mut Context<'_, '_>,
    server: &str,
    index: usize,
    entry: &Val,
    what: &str,
    groups: &[Node],
) -> Option<Node> {
    let V::Map(entries) = &entry.v else {
        cx.not_a(entry, what, "a list of maps");
        return None;
    };
    for (key, value) in entries {
        if ![
            "port",
            "network",
            "uuid",
            "subnet",
            "fixed_ip",
            "floating_ip",
        ]
        .contains(&key.as_str())
            && !value.is_null()
        {
            cx.report(
                Code::NoOrcField,
                value.at,
                format!("{key} in {what} is not exported: ORC v2.6.0 has no field for it"),
            );
        }
    }
    let port = if let Some(port) = entry.get("port").filter(|p| !p.is_null()) {
        cx.reference(port, Kind::Port, what, Vec::new())?
    } else {
        new_port(cx, server, index, entry, what, groups)?
    };
    let made_by_nova = entry.get("port").is_none_or(Val::is_null)
        && entry.get("subnet").is_none_or(Val::is_null)
        && entry.get("port_extra_properties").is_none_or(Val::is_null);
    if let Some(floating_ip) = entry.get("floating_ip").filter(|f| !f.is_null()) {
        if made_by_nova {
            // Heat's `_validate_network`: the port is Nova's, unknown to Heat.
            cx.report(
                Code::NoOrcField,
                floating_ip.at,
                format!("the floating_ip in {what} is not exported: Heat refuses a floating IP in an entry that gives only a network, as it cannot find the port Nova makes; give the entry a subnet (Heat then makes the port) or a port"),
            );
            return Some(port);
        }
        let message = format!(
            "the floating_ip in {what} is not exported: ORC associates a floating IP on the FloatingIP, which must be a resource of this template"
        );
        if let Some(target) = fold_target(cx, floating_ip, Kind::FloatingIP, message) {
            cx.defer(Later::Association {
                floating_ip: target,
                port: Some(port.clone()),
                fixed_ip: None,
                origin: floating_ip.at,
            });
        }
    }
    Some(port)
}

/// The network of a port a `networks` entry makes: the one it names,
/// else its subnet's; `None` (reported) when the template does not say.
fn port_network(
    cx: &mut Context<'_, '_>,
    network_ref: Option<Node>,
    subnet_ref: Option<&Node>,
    entry: &Val,
    what: &str,
) -> Option<Node> {
    if network_ref.is_some() {
        return network_ref;
    }
    let Some(subnet_ref) = subnet_ref else {
        cx.report(
            Code::Ambiguous,
            entry.at,
            format!("an entry of {what} names no port, network or subnet"),
        );
        return None;
    };
    // A subnet alone: its network is the subnet object's.
    let network = subnet_ref
        .as_str()
        .and_then(|s| cx.object(s))
        .and_then(|o| o.spec.get("resource"))
        .and_then(|r| r.get("networkRef"))
        .cloned();
    if network.is_none() {
        cx.report(
            Code::Ambiguous,
            entry.at,
            format!("an entry of {what} names a subnet whose network the template does not give: add network"),
        );
    }
    network
}

/// The port Nova would make for a network entry, made explicit.
fn new_port(
    cx: &mut Context<'_, '_>,
    server: &str,
    index: usize,
    entry: &Val,
    what: &str,
    groups: &[Node],
) -> Option<Node> {
    let network = entry
        .get("network")
        .or_else(|| entry.get("uuid"))
        .filter(|n| !n.is_null());
    let subnet = entry.get("subnet").filter(|n| !n.is_null());
    let fixed_ip = entry.get("fixed_ip").filter(|n| !n.is_null());
    let name = cx.new_name(&format!("{server}-port-{index}"));
    let mut object: Object = cx.managed(Kind::Port, &name, None, entry.at);
    let mut resource = Node::map(None);
    let network_ref = match network {
        Some(network) => cx.reference(network, Kind::Network, what, Vec::new()),
        None => None,
    };
    let subnet_ref = match subnet {
        Some(subnet) => cx.reference(subnet, Kind::Subnet, what, Vec::new()),
        None => None,
    };
    resource.set(
        "networkRef",
        port_network(cx, network_ref, subnet_ref.as_ref(), entry, what)?,
    );
    let ip = fixed_ip.and_then(|ip| cx.string(ip, what));
    match subnet_ref {
        Some(subnet_ref) => {
            let mut address = Node::map(Some(entry.at));
            address.set("subnetRef", subnet_ref);
            if let Some(ip) = ip {
                address.set("ip", ip);
            }
            push_item(&mut resource, "addresses", address);
        }
        None => cx.defer(Later::DefaultAddress {
            port: name.clone(),
            origin: entry.at,
            ips: vec![ip],
        }),
    }
    let refs = if !groups.is_empty() {
        groups.to_vec()
    } else if network.is_some_and(|network| port::network_without_port_security(cx, network)) {
        // Nova asks for no group there, and Neutron gives none.
        Vec::new()
    } else {
        port::default_security_group(cx, entry.at)
            .into_iter()
            .collect()
    };
    if !refs.is_empty() {
        resource.set("securityGroupRefs", Node::list(refs, None));
    }
    object.spec.set("resource", resource);
    cx.push(object);
    Some(Node::str(name, Some(entry.at)))
}

/// Volumes attached by ID in a block device mapping.
fn volumes(cx: &mut Context<'_, '_>, mappings: &Val, what: &str, resource: &mut Node) {
    let V::List(items) = &mappings.v else {
        cx.not_a(mappings, what, "a list");
        return;
    };
    for item in items {
        let boots = item
            .get("boot_index")
            .and_then(Val::python_str)
            .and_then(|i| i.parse::<i64>().ok())
            .is_some_and(|i| i >= 0);
        let device = item.get("device_name").and_then(|d| cx.string(d, what));
        match item.get("volume_id").filter(|v| !v.is_null()) {
            Some(volume) if !boots => {
                if let Some(reference) = cx.reference(volume, Kind::Volume, what, Vec::new()) {
                    let mut attachment = Node::map(Some(item.at));
                    attachment.set("volumeRef", reference);
                    if let Some(device) = device {
                        attachment.set("device", device);
                    }
                    push_item(resource, "volumes", attachment);
                    attachment_leftovers(cx, item, what);
                }
            }
            _ => cx.report(
                Code::NoOrcField,
                item.at,
                format!("an entry of {what} is not exported: ORC v2.6.0 attaches existing volumes only, and cannot boot from a volume or make one"),
            ),
        }
    }
}

/// What an attached volume's entry says beyond the volume and its device,
/// which ORC's attachment cannot: reported where it is written.
fn attachment_leftovers(cx: &mut Context<'_, '_>, item: &Val, what: &str) {
    let V::Map(entries) = &item.v else {
        return;
    };
    for (key, value) in entries {
        if value.is_null() || matches!(key.as_str(), "volume_id" | "device_name" | "boot_index") {
            continue;
        }
        let message = if key == "delete_on_termination" && value.truth() == Some(true) {
            format!("delete_on_termination in an entry of {what} is not exported: Nova deletes the volume with the server, while ORC deletes it only with its Volume object")
        } else {
            format!("{key} in an entry of {what} is not exported: ORC's volume attachment has no field for it")
        };
        cx.report(Code::NoOrcField, value.at, message);
    }
}
