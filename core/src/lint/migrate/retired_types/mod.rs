//! Migrations across retired resource types, where Heat's own data names a
//! successor but no translation rule carries the template there: LBaaS v2
//! to Octavia (`lbaas`), LBaaS v1 rebuilt for Octavia (`lbaas_v1`), nova-network floating IPs to Neutron
//! (`nova_floating_ip`), `OS::Neutron::RouterGateway` to the router's
//! `external_gateway_info` (`router_gateway`). Each is attached, where the
//! finding is made, to the type's HIDDEN (HW102) or placeholder (HW106)
//! finding; each is Unsafe (a stack update replaces or removes resources)
//! and its title says what to check. Where the template cannot say what
//! Heat did (a floating IP without a pool, a listener without its load
//! balancer), the fix is advice that names what is missing.
//! `docs/migrations.md` lists every retired type and what is done for it.

mod lbaas;
mod lbaas_v1;
mod nova_floating_ip;
mod router_gateway;

use crate::catalog::ResourceType;
use crate::fix::Fix;
use crate::lint::context::Context;
use crate::syntax::{Entry, NodeId};
use crate::template::{AttributeRef, Definition, Resource};

/// The retired types heatwise migrates across (beyond Heat's substitute
/// classes and translation rules): what `cli/tests/update_preview.rs`
/// enumerates and has Heat's real update judge.
pub const RETIRED_TYPE_MIGRATIONS: [&str; 13] = [
    "OS::Neutron::LBaaS::LoadBalancer",
    "OS::Neutron::LBaaS::Listener",
    "OS::Neutron::LBaaS::Pool",
    "OS::Neutron::LBaaS::PoolMember",
    "OS::Neutron::LBaaS::HealthMonitor",
    "OS::Neutron::LBaaS::L7Policy",
    "OS::Neutron::LBaaS::L7Rule",
    "OS::Nova::FloatingIP",
    "OS::Nova::FloatingIPAssociation",
    "OS::Neutron::RouterGateway",
    "OS::Neutron::Pool",
    "OS::Neutron::PoolMember",
    "OS::Neutron::HealthMonitor",
];

/// The migration of a resource of a retired type, when heatwise has one
/// for the type: `None` for other types.
pub(crate) fn migration(
    cx: &Context<'_, '_>,
    resource_type: ResourceType<'_>,
    definition: &Definition,
) -> Option<Fix> {
    let name = resource_type.name();
    if let Some(role) = name.strip_prefix("OS::Neutron::LBaaS::") {
        return lbaas::v2(cx, role, definition);
    }
    match name {
        "OS::Nova::FloatingIP" => nova_floating_ip::floating_ip(cx, definition),
        "OS::Nova::FloatingIPAssociation" => nova_floating_ip::association(cx, definition),
        "OS::Neutron::RouterGateway" => router_gateway::gateway(cx, definition),
        "OS::Neutron::Pool"
        | "OS::Neutron::PoolMember"
        | "OS::Neutron::HealthMonitor"
        | "OS::Neutron::LoadBalancer" => lbaas_v1::v1(cx, name, definition),
        _ => None,
    }
}

/// The resource whose definition this is (a group's member definition has
/// none).
fn resource_of<'c>(cx: &'c Context<'_, '_>, definition: &Definition) -> Option<&'c Resource> {
    cx.references().resource_of(cx.template, definition)
}

/// A property's entry, by name.
fn property(cx: &Context<'_, '_>, definition: &Definition, name: &str) -> Option<Entry> {
    cx.tree
        .get_entry(definition.properties_mapping(cx.tree)?, name)
}

/// The resource a value names with `get_resource: name` (`Ref: name` in
/// CloudFormation-format templates).
fn resource_named_by<'c>(cx: &'c Context<'_, '_>, value: NodeId) -> Option<&'c Resource> {
    let tree = cx.tree;
    let [key, name] = *tree.children(value) else {
        return None;
    };
    if !tree.is_mapping(value) || !matches!(tree.scalar(key), Some("get_resource" | "Ref")) {
        return None;
    }
    cx.template.resource(tree.scalar(name)?)
}

/// Every `get_attr` of the resource `name`.
fn attribute_refs_to<'c>(
    cx: &'c Context<'_, '_>,
    name: &str,
) -> impl Iterator<Item = AttributeRef> + 'c {
    cx.references().attribute_refs_to(name).iter().cloned()
}

/// Whether a function refers to the resource `name` (`get_resource`,
/// `Ref`, `get_attr`), and the `depends_on` items that name it, for a
/// migration that can move them.
fn references_to(cx: &Context<'_, '_>, name: &str) -> (bool, Vec<NodeId>) {
    let references = cx.references();
    (
        references.by_function(name),
        references.depends_on(name).to_vec(),
    )
}

#[cfg(test)]
mod tests;
