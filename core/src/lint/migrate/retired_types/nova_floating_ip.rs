//! nova-network floating IPs to Neutron. Heat's `OS::Nova::FloatingIP`
//! has long been Neutron underneath: it allocates on the network its
//! `pool` names (by name or ID), or on the cloud's only external network
//! without one, and its `pool` attribute is that network's ID. So `pool`
//! becomes `floating_network`, attribute `ip` becomes
//! `floating_ip_address` and `pool` becomes `floating_network_id`.
//!
//! `OS::Nova::FloatingIPAssociation` associated the address with the
//! server's first interface. When the server has one network entry, that
//! is the interface: with a `port`, an `OS::Neutron::FloatingIPAssociation`
//! on that port; without one, the entry's own `floating_ip`, and the
//! association goes.

use crate::fix::translation::merge_touching;
use crate::fix::{Applicability, Fix, NewValue};
use crate::lint::context::Context;
use crate::template::Definition;

use super::{attribute_refs_to, property, references_to, resource_named_by, resource_of};

/// On an existing stack, Heat deletes the old association after making the
/// new one, and deleting it disassociates the address.
const DISASSOCIATES: &str = "on a stack that exists, Heat then deletes the old association, which disassociates the address: check it after the update";

pub(super) fn floating_ip(cx: &Context<'_, '_>, definition: &Definition) -> Option<Fix> {
    let new = "OS::Neutron::FloatingIP";
    if !cx.type_is_supported(cx.catalog.resource_type(new)?) {
        return None;
    }
    let tree = cx.tree;
    let pool = property(cx, definition, "pool")
        .filter(|entry| cx.template.truthiness(entry.value) != Some(false));
    let Some(pool) = pool else {
        return Some(Fix::display_only(format!(
            "`{new}` needs `floating_network`: Heat allocated this address on the cloud's only external network; name that network in `floating_network`, then use `{new}`"
        )));
    };
    let mut edits = vec![
        cx.editor
            .replace_scalar(definition.type_entry?.value, new)?,
        cx.editor.rename_key(pool, "floating_network")?,
    ];
    if let Some(resource) = resource_of(cx, definition) {
        for reference in attribute_refs_to(cx, &resource.name) {
            let Some(attribute) = reference.attribute else {
                continue;
            };
            let renamed = match tree.scalar(attribute) {
                Some("ip") => "floating_ip_address",
                Some("pool") => "floating_network_id",
                _ => continue,
            };
            edits.push(cx.editor.replace_scalar(attribute, renamed)?);
        }
    }
    Fix::new(
        format!(
            "Replace `OS::Nova::FloatingIP` with `{new}`, `pool` as `floating_network` (unsafe: a stack update allocates a new address; update what uses the old one)"
        ),
        edits,
        Applicability::Unsafe,
    )
}

pub(super) fn association(cx: &Context<'_, '_>, definition: &Definition) -> Option<Fix> {
    let tree = cx.tree;
    let advice = |why: &str| {
        Some(Fix::display_only(format!(
            "Heat's Nova association used the server's first interface and its first IPv4 address; {why}"
        )))
    };
    let (Some(server_id), Some(floating_ip)) = (
        property(cx, definition, "server_id"),
        property(cx, definition, "floating_ip"),
    ) else {
        return advice("use `OS::Neutron::FloatingIPAssociation` with that interface's port");
    };
    let server = resource_named_by(cx, server_id.value)
        .filter(|s| s.definition.type_name.as_deref() == Some("OS::Nova::Server"));
    let Some(server) = server else {
        return advice("use `OS::Neutron::FloatingIPAssociation` with that interface's port");
    };
    let networks = property(cx, &server.definition, "networks").map(|e| e.value);
    let items = networks
        .filter(|&n| tree.is_sequence(n))
        .map(|n| tree.items(n))
        .unwrap_or_default();
    let [item] = items else {
        return advice(&format!(
            "server `{}` has no single network entry to tell which: use `OS::Neutron::FloatingIPAssociation` with the port, or `floating_ip` in the server's network entry",
            server.name
        ));
    };
    let item = *item;
    if !tree.is_mapping(item) || cx.template.is_call(item) {
        return advice("use `OS::Neutron::FloatingIPAssociation` with that interface's port");
    }
    if let Some(port) = tree.get(item, "port") {
        let new = "OS::Neutron::FloatingIPAssociation";
        if !cx.type_is_supported(cx.catalog.resource_type(new)?) {
            return None;
        }
        let mut edits = vec![
            cx.editor
                .replace_scalar(definition.type_entry?.value, new)?,
            cx.editor.rename_key(floating_ip, "floatingip_id")?,
        ];
        edits.extend(
            cx.editor
                .replace_entry(server_id, "port_id", &NewValue::Source(port))?,
        );
        return Fix::new(
            format!(
                "Replace `OS::Nova::FloatingIPAssociation` with `{new}` on server `{}`'s port (unsafe: the association is made anew; check that the port has one IPv4 address; {DISASSOCIATES})",
                server.name
            ),
            edits,
            Applicability::Unsafe,
        );
    }
    // The entry's own floating IP: Heat's server has it since Mitaka.
    let server_type = cx.catalog.resource_type("OS::Nova::Server")?;
    if tree.get(item, "floating_ip").is_some()
        || !cx.is_supported(server_type, &["networks", "*", "floating_ip"])
    {
        return advice("use `OS::Neutron::FloatingIPAssociation` with that interface's port");
    }
    let resource = resource_of(cx, definition)?;
    let (by_function, depends_on) = references_to(cx, &resource.name);
    if by_function || !depends_on.is_empty() {
        return advice(&format!(
            "`{}` is referred to, so it cannot go: give server `{}`'s network entry `floating_ip` and move what refers to it",
            resource.name, server.name
        ));
    }
    let mut edits =
        vec![cx
            .editor
            .insert_entry(item, "floating_ip", &NewValue::Source(floating_ip.value))?];
    edits.extend(cx.editor.delete_entry(resource.entry)?);
    // The insertion may end where the deleted lines start.
    let edits = merge_touching(edits);
    Fix::new(
        format!(
            "Associate the address through server `{}`'s network entry (`floating_ip`) and remove `{}` (unsafe: a stack update updates the server's networks; {DISASSOCIATES})",
            server.name, resource.name
        ),
        edits,
        Applicability::Unsafe,
    )
}
