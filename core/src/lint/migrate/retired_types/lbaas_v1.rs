//! LBaaS v1 (`OS::Neutron::Pool` with its `vip`, `PoolMember`,
//! `HealthMonitor`: placeholders since 22.0.0) rebuilt for Octavia. A v1
//! pool and its VIP are three Octavia objects:
//!
//! | LBaaS v1 | Octavia |
//! | --- | --- |
//! | pool `subnet` (or `vip.subnet`) | `<pool>_loadbalancer`: `vip_subnet` |
//! | `vip.address`, `vip.name`, `vip.description`, `vip.admin_state_up` | `<pool>_loadbalancer`: `vip_address`, `name`, `description`, `admin_state_up` |
//! | `protocol`, `vip.protocol_port`, `vip.connection_limit` | `<pool>_listener`: `protocol`, `protocol_port`, `connection_limit` |
//! | `lb_method`, `protocol`, `name`, `description`, `admin_state_up`, `vip.session_persistence` | the pool: `lb_algorithm`, `protocol`, `name`, `description`, `admin_state_up`, `session_persistence`, and `listener` |
//! | `monitors: [{get_resource: m}]` | monitor `m`: `OS::Octavia::HealthMonitor` with `pool` |
//! | member `pool_id` | member: `OS::Octavia::PoolMember` with `pool`, and `subnet` (the pool's subnet, where v1 members were) |
//!
//! The pool's `provider` (an LBaaS driver) is left out: Octavia's
//! providers are others. One fix migrates the pool with its members and
//! monitors, offered on each of their findings. Where the template does not
//! say enough (a member or monitor of a pool from elsewhere, a monitor
//! shared by two pools, attributes Octavia has no counterpart for, names
//! already taken), the fix is advice.

use crate::fix::translation::merge_touching;
use crate::fix::{Applicability, Edit, Fix, NewValue};
use crate::lint::context::Context;
use crate::syntax::NodeId;
use crate::template::{Definition, Resource};

use super::{attribute_refs_to, property, resource_named_by, resource_of};

const POOL: &str = "OS::Neutron::Pool";
const MEMBER: &str = "OS::Neutron::PoolMember";
const MONITOR: &str = "OS::Neutron::HealthMonitor";

pub(super) fn v1(cx: &Context<'_, '_>, type_name: &str, definition: &Definition) -> Option<Fix> {
    let advice = |why: &str| Some(Fix::display_only(why.to_owned()));
    match type_name {
        POOL => pool_migration(cx, resource_of(cx, definition)?),
        MEMBER => {
            let pool = property(cx, definition, "pool_id")
                .and_then(|e| resource_named_by(cx, e.value))
                .filter(|p| is_type(p, POOL));
            match pool {
                Some(pool) => pool_migration(cx, pool),
                None => advice("Octavia's member belongs to a pool of this template: migrate the pool it names (`OS::Octavia::PoolMember` with `pool`)"),
            }
        }
        MONITOR => {
            let name = &resource_of(cx, definition)?.name;
            let pools: Vec<&Resource> = cx
                .template
                .resources()
                .iter()
                .filter(|p| is_type(p, POOL) && monitors_of(cx, p).iter().any(|(_, m)| m == name))
                .collect();
            match pools.as_slice() {
                [pool] => pool_migration(cx, pool),
                [] => advice("Octavia's health monitor belongs to one pool: give it `pool` and use `OS::Octavia::HealthMonitor`"),
                _ => advice("Octavia's health monitor belongs to one pool, and this one serves several: make one `OS::Octavia::HealthMonitor` per pool"),
            }
        }
        "OS::Neutron::LoadBalancer" => advice(
            "Make an `OS::Octavia::PoolMember` for each server in `members`, with the server's address on the pool's subnet, and migrate the pool",
        ),
        _ => None,
    }
}

fn is_type(resource: &Resource, name: &str) -> bool {
    resource.definition.type_name.as_deref() == Some(name)
}

/// The monitors a pool lists by `get_resource`: (item node, monitor name).
/// An item of another form gives an empty name.
fn monitors_of(cx: &Context<'_, '_>, pool: &Resource) -> Vec<(NodeId, String)> {
    let tree = cx.tree;
    let Some(monitors) = property(cx, &pool.definition, "monitors") else {
        return Vec::new();
    };
    tree.items(monitors.value)
        .iter()
        .map(|&item| {
            let name = resource_named_by(cx, item)
                .filter(|m| is_type(m, MONITOR))
                .map(|m| m.name.clone())
                .unwrap_or_default();
            (item, name)
        })
        .collect()
}

/// The one fix for a v1 pool, its members and its monitors, made once.
fn pool_migration(cx: &Context<'_, '_>, pool: &Resource) -> Option<Fix> {
    cx.shared_fix(pool.definition.body, || make_pool_migration(cx, pool))
}

fn make_pool_migration(cx: &Context<'_, '_>, pool: &Resource) -> Option<Fix> {
    let tree = cx.tree;
    let advice = |why: String| {
        Some(Fix::display_only(format!(
            "Rebuild the LBaaS v1 pool `{}` for Octavia by hand: {why}",
            pool.name
        )))
    };
    let definition = &pool.definition;
    let properties = definition.properties_mapping(tree)?;
    let get = |name: &str| tree.get(properties, name);
    let (Some(vip), Some(lb_method), Some(protocol)) =
        (get("vip"), get("lb_method"), get("protocol"))
    else {
        return advice("it has no `vip`, `lb_method` or `protocol`".to_owned());
    };
    let subnet = get("subnet").or_else(|| get("subnet_id"));
    let vip_get = |name: &str| tree.is_mapping(vip).then(|| tree.get(vip, name)).flatten();
    let Some(protocol_port) = vip_get("protocol_port") else {
        return advice("its `vip` has no `protocol_port`".to_owned());
    };
    let Some(vip_subnet) = vip_get("subnet").or(subnet) else {
        return advice("it names no subnet".to_owned());
    };
    let load_balancer = format!("{}_loadbalancer", pool.name);
    let listener = format!("{}_listener", pool.name);
    if cx.template.resource(&load_balancer).is_some() || cx.template.resource(&listener).is_some() {
        return advice(format!("`{load_balancer}` or `{listener}` is taken"));
    }
    let source = |node: NodeId| NewValue::Source(node);
    let get_resource = |name: &str| {
        NewValue::Map(vec![(
            "get_resource".to_owned(),
            NewValue::Str(name.to_owned()),
        )])
    };
    let mut lb_properties = vec![("vip_subnet".to_owned(), source(vip_subnet))];
    for (from, to) in [
        ("address", "vip_address"),
        ("name", "name"),
        ("description", "description"),
        ("admin_state_up", "admin_state_up"),
    ] {
        if let Some(node) = vip_get(from) {
            lb_properties.push((to.to_owned(), source(node)));
        }
    }
    let mut listener_properties = vec![
        ("loadbalancer".to_owned(), get_resource(&load_balancer)),
        ("protocol".to_owned(), source(protocol)),
        ("protocol_port".to_owned(), source(protocol_port)),
    ];
    if let Some(node) = vip_get("connection_limit") {
        listener_properties.push(("connection_limit".to_owned(), source(node)));
    }
    let mut pool_properties = vec![
        ("listener".to_owned(), get_resource(&listener)),
        ("lb_algorithm".to_owned(), source(lb_method)),
        ("protocol".to_owned(), source(protocol)),
    ];
    for name in ["name", "description", "admin_state_up"] {
        if let Some(node) = get(name) {
            pool_properties.push((name.to_owned(), source(node)));
        }
    }
    if let Some(node) = vip_get("session_persistence") {
        pool_properties.push(("session_persistence".to_owned(), source(node)));
    }
    let resource = |type_name: &str, properties: Vec<(String, NewValue)>| {
        NewValue::Map(vec![
            ("type".to_owned(), NewValue::Str(type_name.to_owned())),
            ("properties".to_owned(), NewValue::Map(properties)),
        ])
    };
    let resources = cx.template.section("resources")?;
    let mut edits = vec![cx
        .editor
        .replace_scalar(definition.type_entry?.value, "OS::Octavia::Pool")?];
    edits.extend(cx.editor.replace_entry(
        definition.properties?,
        "properties",
        &NewValue::Map(pool_properties),
    )?);
    // The pool's attributes: only the VIP's address has a counterpart.
    for reference in attribute_refs_to(cx, &pool.name) {
        let attribute = reference.attribute.and_then(|a| tree.scalar(a));
        let path: Vec<Option<&str>> = reference.path.iter().map(|&p| tree.scalar(p)).collect();
        match (attribute, path.as_slice()) {
            (Some("vip"), [Some("address")]) if reference.call.name == "get_attr" => {
                edits.push(Edit::replace(
                    tree.range(reference.call.args),
                    format!("[{load_balancer}, vip_address]"),
                ));
            }
            (Some("show"), _) => {}
            _ => {
                return advice(format!(
                    "`get_attr` of `{}` other than `[vip, address]` has no Octavia counterpart",
                    pool.name
                ))
            }
        }
    }
    // Its monitors, each given this pool.
    let mut monitors = Vec::new();
    for (item, name) in monitors_of(cx, pool) {
        let Some(monitor) = cx.template.resource(&name) else {
            return advice(format!(
                "`{}` in `monitors` is not a health monitor of this template",
                tree.source(item)
            ));
        };
        let shared = cx
            .template
            .resources()
            .iter()
            .filter(|p| is_type(p, POOL) && monitors_of(cx, p).iter().any(|(_, m)| *m == name))
            .count()
            > 1;
        if shared {
            return advice(format!(
                "monitor `{name}` serves several pools; Octavia's serves one"
            ));
        }
        let mapping = monitor.definition.properties_mapping(tree)?;
        edits.push(cx.editor.replace_scalar(
            monitor.definition.type_entry?.value,
            "OS::Octavia::HealthMonitor",
        )?);
        edits.push(
            cx.editor
                .insert_entry(mapping, "pool", &get_resource(&pool.name))?,
        );
        monitors.push(name);
    }
    // Its members, on the pool's subnet as v1 members were.
    let mut members = Vec::new();
    for member in cx
        .template
        .resources()
        .iter()
        .filter(|m| is_type(m, MEMBER))
    {
        let Some(pool_id) = property(cx, &member.definition, "pool_id") else {
            continue;
        };
        if resource_named_by(cx, pool_id.value).map(|p| p.name.as_str()) != Some(pool.name.as_str())
        {
            continue;
        }
        if attribute_refs_to(cx, &member.name)
            .any(|r| r.attribute.and_then(|a| tree.scalar(a)) != Some("show"))
        {
            return advice(format!(
                "`get_attr` of member `{}` has no Octavia counterpart",
                member.name
            ));
        }
        let mapping = member.definition.properties_mapping(tree)?;
        edits.push(cx.editor.replace_scalar(
            member.definition.type_entry?.value,
            "OS::Octavia::PoolMember",
        )?);
        edits.push(cx.editor.rename_key(pool_id, "pool")?);
        if let Some(subnet) = subnet {
            edits.push(cx.editor.insert_entry(mapping, "subnet", &source(subnet))?);
        }
        members.push(member.name.clone());
    }
    // The new resources go last: an entry added to the last resource ends
    // where they start.
    edits.push(cx.editor.insert_entry(
        resources,
        &load_balancer,
        &resource("OS::Octavia::LoadBalancer", lb_properties),
    )?);
    edits.push(cx.editor.insert_entry(
        resources,
        &listener,
        &resource("OS::Octavia::Listener", listener_properties),
    )?);
    let dropped = get("provider").map_or_else(String::new, |node| {
        format!(
            "; the LBaaS provider `{}` is left out: Octavia's providers are others",
            tree.source(node)
        )
    });
    let with = |what: &str, names: &[String]| match names {
        [] => String::new(),
        names => format!(
            ", {what} {}",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Fix::new(
        format!(
            "Rebuild LBaaS v1 pool `{}` for Octavia: `{load_balancer}`, `{listener}` and the pool{}{} (unsafe: Octavia builds a new load balancer with a new VIP unless `vip.address` is set; check the listener's protocol and port{dropped})",
            pool.name,
            with("members", &members),
            with("monitors", &monitors),
        ),
        merge_touching(edits),
        Applicability::Unsafe,
    )
}
