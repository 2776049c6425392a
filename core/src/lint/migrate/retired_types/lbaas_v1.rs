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

/// Why a pool is not migrated: advice to say, or (`None`) no fix at all
/// (an edit that cannot be made without losing something).
type Stop = Option<String>;

/// The pool's properties read for its three Octavia objects.
struct Plan {
    load_balancer: String,
    listener: String,
    lb_properties: Vec<(String, NewValue)>,
    listener_properties: Vec<(String, NewValue)>,
    pool_properties: Vec<(String, NewValue)>,
    /// The pool's subnet, which its v1 members were on.
    subnet: Option<NodeId>,
}

fn make_pool_migration(cx: &Context<'_, '_>, pool: &Resource) -> Option<Fix> {
    let advice = |why: String| {
        Some(Fix::display_only(format!(
            "Rebuild the LBaaS v1 pool `{}` for Octavia by hand: {why}",
            pool.name
        )))
    };
    let stopped = |stop: Stop| stop.and_then(advice);
    let plan = match plan(cx, pool) {
        Ok(plan) => plan,
        Err(stop) => return stopped(stop),
    };
    let tree = cx.tree;
    let definition = &pool.definition;
    let resources = cx.template.section("resources")?;
    let mut edits = vec![cx
        .editor
        .replace_scalar(definition.type_entry?.value, "OS::Octavia::Pool")?];
    edits.extend(cx.editor.replace_entry(
        definition.properties?,
        "properties",
        &NewValue::Map(plan.pool_properties.clone()),
    )?);
    let found = attribute_edits(cx, pool, &plan)
        .and_then(|more| {
            edits.extend(more);
            monitor_edits(cx, pool)
        })
        .and_then(|(more, monitors)| {
            edits.extend(more);
            member_edits(cx, pool, &plan).map(|(more, members)| (monitors, more, members))
        });
    let (monitors, more, members) = match found {
        Ok(found) => found,
        Err(stop) => return stopped(stop),
    };
    edits.extend(more);
    // The new resources go last: an entry added to the last resource ends
    // where they start.
    let resource = |type_name: &str, properties: Vec<(String, NewValue)>| {
        NewValue::Map(vec![
            ("type".to_owned(), NewValue::Str(type_name.to_owned())),
            ("properties".to_owned(), NewValue::Map(properties)),
        ])
    };
    let (load_balancer, listener) = (&plan.load_balancer, &plan.listener);
    edits.push(cx.editor.insert_entry(
        resources,
        load_balancer,
        &resource("OS::Octavia::LoadBalancer", plan.lb_properties),
    )?);
    edits.push(cx.editor.insert_entry(
        resources,
        listener,
        &resource("OS::Octavia::Listener", plan.listener_properties),
    )?);
    let properties = definition.properties_mapping(tree)?;
    let dropped = tree
        .get(properties, "provider")
        .map_or_else(String::new, |node| {
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

/// `{get_resource: name}`.
fn get_resource(name: &str) -> NewValue {
    NewValue::Map(vec![(
        "get_resource".to_owned(),
        NewValue::Str(name.to_owned()),
    )])
}

/// What the pool and its `vip` give each of the three Octavia objects.
fn plan(cx: &Context<'_, '_>, pool: &Resource) -> Result<Plan, Stop> {
    let tree = cx.tree;
    let properties = pool.definition.properties_mapping(tree).ok_or(None)?;
    let get = |name: &str| tree.get(properties, name);
    let (Some(vip), Some(lb_method), Some(protocol)) =
        (get("vip"), get("lb_method"), get("protocol"))
    else {
        return Err(Some(
            "it has no `vip`, `lb_method` or `protocol`".to_owned(),
        ));
    };
    let subnet = get("subnet").or_else(|| get("subnet_id"));
    let vip_get = |name: &str| tree.is_mapping(vip).then(|| tree.get(vip, name)).flatten();
    let Some(protocol_port) = vip_get("protocol_port") else {
        return Err(Some("its `vip` has no `protocol_port`".to_owned()));
    };
    let Some(vip_subnet) = vip_get("subnet").or(subnet) else {
        return Err(Some("it names no subnet".to_owned()));
    };
    let load_balancer = format!("{}_loadbalancer", pool.name);
    let listener = format!("{}_listener", pool.name);
    if cx.template.resource(&load_balancer).is_some() || cx.template.resource(&listener).is_some() {
        return Err(Some(format!("`{load_balancer}` or `{listener}` is taken")));
    }
    let source = NewValue::Source;
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
    Ok(Plan {
        load_balancer,
        listener,
        lb_properties,
        listener_properties,
        pool_properties,
        subnet,
    })
}

/// The pool's attributes read elsewhere: only the VIP's address has a
/// counterpart (the load balancer's `vip_address`).
fn attribute_edits(cx: &Context<'_, '_>, pool: &Resource, plan: &Plan) -> Result<Vec<Edit>, Stop> {
    let tree = cx.tree;
    let mut edits = Vec::new();
    for reference in attribute_refs_to(cx, &pool.name) {
        let attribute = reference.attribute.and_then(|a| tree.scalar(a));
        let path: Vec<Option<&str>> = reference.path.iter().map(|&p| tree.scalar(p)).collect();
        match (attribute, path.as_slice()) {
            (Some("vip"), [Some("address")]) if reference.call.name == "get_attr" => {
                edits.push(Edit::replace(
                    tree.range(reference.call.args),
                    format!("[{}, vip_address]", plan.load_balancer),
                ));
            }
            (Some("show"), _) => {}
            _ => {
                return Err(Some(format!(
                    "`get_attr` of `{}` other than `[vip, address]` has no Octavia counterpart",
                    pool.name
                )))
            }
        }
    }
    Ok(edits)
}

/// The pool's monitors, each made Octavia's and given this pool; with their
/// names.
fn monitor_edits(cx: &Context<'_, '_>, pool: &Resource) -> Result<(Vec<Edit>, Vec<String>), Stop> {
    let tree = cx.tree;
    let (mut edits, mut monitors) = (Vec::new(), Vec::new());
    for (item, name) in monitors_of(cx, pool) {
        let Some(monitor) = cx.template.resource(&name) else {
            return Err(Some(format!(
                "`{}` in `monitors` is not a health monitor of this template",
                tree.source(item)
            )));
        };
        let shared = cx
            .template
            .resources()
            .iter()
            .filter(|p| is_type(p, POOL) && monitors_of(cx, p).iter().any(|(_, m)| *m == name))
            .count()
            > 1;
        if shared {
            return Err(Some(format!(
                "monitor `{name}` serves several pools; Octavia's serves one"
            )));
        }
        let mapping = monitor.definition.properties_mapping(tree).ok_or(None)?;
        let type_value = monitor.definition.type_entry.ok_or(None)?.value;
        edits.push(
            (cx.editor)
                .replace_scalar(type_value, "OS::Octavia::HealthMonitor")
                .ok_or(None)?,
        );
        edits.push(
            (cx.editor)
                .insert_entry(mapping, "pool", &get_resource(&pool.name))
                .ok_or(None)?,
        );
        monitors.push(name);
    }
    Ok((edits, monitors))
}

/// The pool's members, made Octavia's on the pool's subnet (where v1
/// members were); with their names.
fn member_edits(
    cx: &Context<'_, '_>,
    pool: &Resource,
    plan: &Plan,
) -> Result<(Vec<Edit>, Vec<String>), Stop> {
    let tree = cx.tree;
    let (mut edits, mut members) = (Vec::new(), Vec::new());
    for member in (cx.template.resources().iter()).filter(|m| is_type(m, MEMBER)) {
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
            return Err(Some(format!(
                "`get_attr` of member `{}` has no Octavia counterpart",
                member.name
            )));
        }
        let mapping = member.definition.properties_mapping(tree).ok_or(None)?;
        let type_value = member.definition.type_entry.ok_or(None)?.value;
        edits.push(
            (cx.editor)
                .replace_scalar(type_value, "OS::Octavia::PoolMember")
                .ok_or(None)?,
        );
        edits.push(cx.editor.rename_key(pool_id, "pool").ok_or(None)?);
        if let Some(subnet) = plan.subnet {
            let subnet = NewValue::Source(subnet);
            edits.push(
                cx.editor
                    .insert_entry(mapping, "subnet", &subnet)
                    .ok_or(None)?,
            );
        }
        members.push(member.name.clone());
    }
    Ok((edits, members))
}
