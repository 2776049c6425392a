//! One file per family of Heat types: how each resource becomes its ORC
//! object. `table.rs` says which property goes where; the functions here
//! write it.

mod compute;
mod identity;
mod multipart;
mod network;
mod port;
mod security_group;
mod server;
mod storage;
pub mod table;
mod user_data;

use heatwise_core::template::Resource;

use crate::context::{Context, Later, Properties};
use crate::eval::Val;
use crate::finding::Code;
use crate::manifest::{Kind, Node, Object};
use table::{Conv, TypeMapping};

/// A resource being exported: its properties, taken one by one.
pub(crate) struct Source<'r> {
    pub resource: &'r Resource,
    pub mapping: &'static TypeMapping,
    pub props: Properties,
}

impl Source<'_> {
    /// Takes and evaluates a property (or one of its names).
    pub fn take(&mut self, cx: &Context<'_, '_>, names: &[&str]) -> Option<Val> {
        debug_assert!(
            names.iter().all(|name| self
                .mapping
                .properties
                .iter()
                .any(|p| p.property == *name && p.field.is_some())),
            "{names:?} of {} is taken but the table does not carry it over",
            self.mapping.heat_type
        );
        let node = self.props.take_any(names)?;
        let value = cx.eval.eval(node);
        (!value.is_null()).then_some(value)
    }

    /// `what` for messages: `the property network of web_port`.
    pub fn what(&self, property: &str) -> String {
        format!("the property {property} of {}", self.resource.name)
    }
}

/// The object's `spec.resource` (or its `spec` for a RouterInterface).
pub(crate) fn resource_node(object: &mut Object) -> &mut Node {
    if object.kind.has_envelope() {
        object.spec.child_map("resource", None)
    } else {
        &mut object.spec
    }
}

pub(crate) fn export_resource(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    mapping: &'static TypeMapping,
) {
    let mut source = Source {
        resource,
        mapping,
        props: Properties::read(cx, resource),
    };
    match mapping.heat_type {
        "OS::Neutron::Net" | "OS::Neutron::ProviderNet" => network::net(cx, &mut source),
        "OS::Neutron::Subnet" => network::subnet(cx, &mut source),
        "OS::Neutron::Router" => network::router(cx, &mut source),
        "OS::Neutron::RouterInterface" => network::router_interface(cx, &mut source),
        "OS::Neutron::Trunk" => network::trunk(cx, &mut source),
        "OS::Neutron::FloatingIP" => network::floating_ip(cx, &mut source),
        "OS::Neutron::FloatingIPAssociation" => network::floating_ip_association(cx, &mut source),
        "OS::Nova::FloatingIP" => network::nova_floating_ip(cx, &mut source),
        "OS::Nova::FloatingIPAssociation" => network::nova_floating_ip_association(cx, &mut source),
        "OS::Neutron::Port" => port::port(cx, &mut source),
        "OS::Neutron::SecurityGroup" => security_group::group(cx, &mut source),
        "OS::Neutron::SecurityGroupRule" => security_group::rule_resource(cx, &mut source),
        "OS::Nova::Server" => server::server(cx, &mut source),
        "OS::Nova::ServerGroup" => compute::server_group(cx, &mut source),
        "OS::Nova::KeyPair" => compute::key_pair(cx, &mut source),
        "OS::Nova::Flavor" => compute::flavor(cx, &mut source),
        "OS::Glance::WebImage" => compute::image(cx, &mut source),
        "OS::Cinder::Volume" => storage::volume(cx, &mut source),
        "OS::Cinder::VolumeAttachment" => storage::attachment(cx, &mut source),
        "OS::Cinder::VolumeType" => storage::volume_type(cx, &mut source),
        "OS::Keystone::Domain"
        | "OS::Keystone::Project"
        | "OS::Keystone::Role"
        | "OS::Keystone::Group"
        | "OS::Keystone::User"
        | "OS::Keystone::Service"
        | "OS::Keystone::Endpoint" => identity::identity(cx, &mut source),
        other => unreachable!("{other} is in the table without an export"),
    }
    for (property, range) in source.props.left() {
        let note = mapping
            .properties
            .iter()
            .find(|p| p.property == property && p.field.is_none())
            .map(|p| p.note);
        let message = match note {
            Some(note) => format!(
                "the property {property} of {} is not exported: {note}",
                resource.name
            ),
            None => format!(
                "the property {property} of {} is not exported: {} has no ORC field for it",
                resource.name, mapping.heat_type
            ),
        };
        cx.report(Code::NoOrcField, range, message);
    }
}

/// The new object for a resource, named as decided up front.
pub(crate) fn new_object(cx: &Context<'_, '_>, source: &Source<'_>) -> Option<Object> {
    let (kind, name) = cx.object_of(&source.resource.name)?;
    let origin = source.resource.name_range(cx.tree());
    Some(cx.managed(kind, name, Some(&source.resource.name), origin))
}

/// A reference property (by any of its names) written as `field` of
/// `target`: the object of a `get_resource`, or an import.
pub(crate) fn reference_field(
    cx: &mut Context<'_, '_>,
    source: &mut Source<'_>,
    names: &[&str],
    kind: Kind,
    target: &mut Node,
    field: &str,
) {
    let Some(value) = source.take(cx, names) else {
        return;
    };
    let what = source.what(names[0]);
    if let Some(reference) = cx.reference(&value, kind, &what, Vec::new()) {
        target.set(field, reference);
    }
}

/// Gives the object its `spec.resource` and adds it to the output.
pub(crate) fn write(cx: &mut Context<'_, '_>, mut object: Object, resource: Node) {
    *resource_node(&mut object) = resource;
    cx.push(object);
}

/// The object a folded resource goes into: `value` must be `get_resource`
/// of a resource that became a `kind`; otherwise `message` is reported.
pub(crate) fn fold_target(
    cx: &mut Context<'_, '_>,
    value: &Val,
    kind: Kind,
    message: String,
) -> Option<String> {
    let target = match &value.v {
        crate::eval::V::Resource(name) => match cx.object_of(name) {
            Some((found, object)) if found == kind => Some(object.to_owned()),
            _ => None,
        },
        _ => None,
    };
    if target.is_none() {
        cx.report(Code::MissingObject, value.at, message);
    }
    target
}

/// Copies the properties the table says are copied as they are into
/// `target`, the map at `prefix` of the object's `spec` (`resource.`,
/// `resource.ipv6.`): each row whose field is `prefix` and one more name,
/// converted as the row says.
pub(crate) fn copy_simple(
    cx: &mut Context<'_, '_>,
    source: &mut Source<'_>,
    target: &mut Node,
    prefix: &str,
) {
    let rows = source.mapping.properties.iter().filter_map(|row| {
        let field = row.field?.strip_prefix(prefix)?;
        Some((row.property, field, row.copy?))
    });
    for (property, field, conv) in rows {
        if field.contains('.') {
            continue;
        }
        let Some(value) = source.take(cx, &[property]) else {
            continue;
        };
        let what = source.what(property);
        let node = match conv {
            Conv::Str => cx.string(&value, &what),
            Conv::Int => cx.integer(&value, &what),
            Conv::Bool => cx.boolean(&value, &what),
            Conv::Strings => cx.strings(&value, &what),
        };
        // Heat names a resource `name or physical_resource_name()`: an
        // empty name is the generated one, and ORC's default is the
        // object's name. An empty description is none, and ORC's take at
        // least one character (Heat's default for a project's, a group's
        // and a user's is empty).
        let empty = node.as_ref().and_then(Node::as_str) == Some("");
        if empty && matches!(field, "name" | "description") {
            continue;
        }
        if let Some(node) = node {
            target.set(field, node);
        }
    }
}

/// How a map property's values become the text the service stores.
#[derive(Clone, Copy)]
pub(crate) enum PairText {
    /// Python's `str()`, JSON for maps and lists.
    Str,
    /// Nova's metadata as Heat sends it (`meta_serialize`): a string as it
    /// is, anything else as `json.dumps` writes it (`true`, `null`, `1.5`,
    /// maps in their order).
    NovaMetadata,
}

/// A map property as `[{<key>: k, <value>: v}]`, values as text.
pub(crate) fn pairs(
    cx: &mut Context<'_, '_>,
    value: &Val,
    what: &str,
    (key, value_key): (&str, &str),
    texts: PairText,
) -> Option<Node> {
    let crate::eval::V::Map(entries) = &value.v else {
        cx.not_a(value, what, "a map");
        return None;
    };
    let mut items = Vec::new();
    for (k, v) in entries {
        let text = match (&v.v, texts) {
            (crate::eval::V::Str(s), _) => Some(s.clone()),
            (_, PairText::NovaMetadata) => v.python_json(false),
            (crate::eval::V::List(_) | crate::eval::V::Map(_), PairText::Str) => {
                v.python_json(true)
            }
            (crate::eval::V::Null, PairText::Str) => Some(String::new()),
            (_, PairText::Str) => v.python_str(),
        };
        let Some(text) = text else {
            cx.not_a(v, what, "a known value");
            continue;
        };
        let mut item = Node::map(Some(v.at));
        item.set(key, Node::str(k, Some(v.at)));
        item.set(value_key, Node::str(text, Some(v.at)));
        items.push(item);
    }
    Some(Node::list(items, Some(value.at)))
}

/// Applies what had to wait for every object.
pub(crate) fn finish(cx: &mut Context<'_, '_>) {
    let later = std::mem::take(&mut cx.later);
    let file = cx.frame.file;
    // Rules and associations first: the egress defaults look at all rules.
    for (from, item) in later.iter() {
        cx.frame.file = *from;
        match item {
            Later::Rule { group, rule, .. } => {
                if let Some(object) = cx.object_mut(group) {
                    let resource = resource_node(object);
                    push_item(resource, "rules", rule.clone());
                }
            }
            Later::Association {
                floating_ip,
                port,
                fixed_ip,
                origin,
            } => associate(cx, floating_ip, port.clone(), fixed_ip.clone(), *origin),
            Later::ServerAssociation {
                floating_ip,
                server,
                origin,
            } => {
                if let Some((port, fixed_ip)) = network::first_interface(cx, server, *origin) {
                    associate(cx, floating_ip, Some(port), fixed_ip, *origin);
                }
            }
            Later::Attachment {
                server,
                volume,
                device,
                origin,
            } => {
                if let Some(object) = cx.object_mut(server) {
                    let resource = resource_node(object);
                    let mut item = Node::map(Some(*origin));
                    item.set("volumeRef", volume.clone());
                    if let Some(device) = device {
                        item.set("device", device.clone());
                    }
                    push_item(resource, "volumes", item);
                }
            }
            _ => {}
        }
    }
    for (from, item) in later {
        cx.frame.file = from;
        match item {
            Later::DefaultAddress { port, origin, ips } => {
                port::default_address(cx, &port, origin, ips)
            }
            Later::GroupEgress { group, has_egress } => {
                security_group::finish_group(cx, &group, has_egress)
            }
            _ => {}
        }
    }
    cx.frame.file = file;
}

/// Sets a floating IP's port and fixed address, once.
fn associate(
    cx: &mut Context<'_, '_>,
    floating_ip: &str,
    port: Option<Node>,
    fixed_ip: Option<Node>,
    origin: heatwise_core::text::TextRange,
) {
    let already = cx.object(floating_ip).is_some_and(|o| {
        o.spec
            .get("resource")
            .and_then(|r| r.get("portRef"))
            .is_some()
    });
    if already && port.is_some() {
        cx.report(
            Code::Ambiguous,
            origin,
            format!("the floating IP {floating_ip} is associated twice; ORC takes one port"),
        );
        return;
    }
    if let Some(object) = cx.object_mut(floating_ip) {
        let resource = resource_node(object);
        if let Some(port) = port {
            resource.set("portRef", port);
        }
        if let Some(fixed_ip) = fixed_ip {
            resource.set("fixedIP", fixed_ip);
        }
    }
}

/// Appends to the list `key` of a map, making it when missing.
pub(crate) fn push_item(map: &mut Node, key: &str, item: Node) {
    if map.get(key).is_none() {
        map.set(key, Node::list(Vec::new(), None));
    }
    if let Some(Node {
        value: crate::manifest::Value::List(items),
        ..
    }) = map.get_mut(key)
    {
        items.push(item);
    }
}
