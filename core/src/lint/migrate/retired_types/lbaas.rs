//! LBaaS v2 (`OS::Neutron::LBaaS::*`, placeholders that build nothing
//! since 22.0.0) to the Octavia type of the same role. The property sets
//! match name for name (Octavia adds some, and accepts more protocols and
//! algorithms); the attributes too, except a pool member's `address` and
//! `pool_id`, which Octavia's member does not have: `address` is read from
//! `show`, `pool_id` is the pool the member names with `get_resource`.
//! Names stay, so every `get_resource` keeps working.

use crate::fix::translation::quoted_list;
use crate::fix::{Applicability, Edit, Fix, NewValue};
use crate::lint::context::Context;
use crate::template::Definition;

use super::{attribute_refs_to, property, resource_named_by, resource_of};

pub(super) fn v2(cx: &Context<'_, '_>, role: &str, definition: &Definition) -> Option<Fix> {
    let old = format!("OS::Neutron::LBaaS::{role}");
    let new = format!("OS::Octavia::{role}");
    let octavia = cx.catalog.resource_type(&new)?;
    if !cx.type_is_supported(octavia) {
        return None;
    }
    let tree = cx.tree;
    let set: Vec<String> = definition
        .properties_mapping(tree)
        .map(|m| {
            tree.entries(m)
                .filter_map(|e| tree.scalar(e.key).map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let unknown: Vec<String> = set
        .iter()
        .filter(|name| octavia.properties().get(name).is_none())
        .cloned()
        .collect();
    if !unknown.is_empty() {
        return Some(Fix::display_only(format!(
            "`{new}` has no {}: fix or remove them, then use `{new}`",
            quoted_list(&unknown)
        )));
    }
    let required: Vec<String> = octavia
        .properties()
        .filter(|p| p.required() && !set.iter().any(|s| s == p.name()))
        .map(|p| p.name().to_owned())
        .collect();
    if !required.is_empty() {
        return Some(Fix::display_only(format!(
            "`{new}` requires {}: set {} (for a listener, the load balancer it belongs to), then use `{new}`",
            quoted_list(&required),
            if required.len() == 1 { "it" } else { "them" }
        )));
    }
    let mut edits = vec![cx
        .editor
        .replace_scalar(definition.type_entry?.value, &new)?];
    let mut checks = Vec::new();
    if let Some(resource) = resource_of(cx, definition) {
        for reference in attribute_refs_to(cx, &resource.name) {
            let attribute = reference.attribute.and_then(|a| tree.scalar(a));
            match (role, attribute) {
                ("PoolMember", Some("address")) => {
                    // `[member, address]` → `[member, show, address]`.
                    if reference.call.name != "get_attr" || !reference.path.is_empty() {
                        return Some(member_attribute_advice(&new, "address"));
                    }
                    edits.push(cx.editor.replace_scalar(reference.attribute?, "show")?);
                    edits.push(
                        cx.editor
                            .append_item(reference.call.args, &NewValue::Str("address".into()))?,
                    );
                }
                ("PoolMember", Some("pool_id")) => {
                    // The member's pool, when the template names it.
                    let pool = property(cx, definition, "pool")
                        .and_then(|entry| resource_named_by(cx, entry.value));
                    let (Some(pool), true) = (pool, reference.path.is_empty()) else {
                        return Some(member_attribute_advice(&new, "pool_id"));
                    };
                    let entry = tree.entry_of(reference.call.key)?;
                    edits.push(cx.editor.rename_key(entry, "get_resource")?);
                    edits.push(Edit::replace(
                        tree.range(reference.call.args),
                        pool.name.clone(),
                    ));
                }
                (_, Some("show")) => {
                    let said = "`show` now gives Octavia's representation".to_owned();
                    if !checks.contains(&said) {
                        checks.push(said);
                    }
                }
                _ => {}
            }
        }
    }
    if role == "LoadBalancer" && set.iter().any(|s| s == "provider") {
        checks.push("Octavia names its providers differently (amphora, ovn)".to_owned());
    }
    if role == "LoadBalancer" && !set.iter().any(|s| s == "vip_address") {
        checks.push("the VIP address changes".to_owned());
    }
    let mut title = format!(
        "Replace `{old}` with `{new}` (unsafe: Octavia builds it anew on stack update; migrate the whole load balancer together"
    );
    for check in checks {
        title.push_str("; ");
        title.push_str(&check);
    }
    title.push(')');
    Fix::new(title, edits, Applicability::Unsafe)
}

fn member_attribute_advice(new: &str, attribute: &str) -> Fix {
    Fix::display_only(format!(
        "`{new}` has no `{attribute}` attribute: read `address` from `get_attr: [member, show, address]`, and use the pool's own ID (`get_resource`) for `pool_id`; then use `{new}`"
    ))
}
