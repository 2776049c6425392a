//! `OS::Neutron::RouterGateway` (HIDDEN since Liberty) to its router's
//! `external_gateway_info: {network: ...}`: Heat's gateway resource sets
//! the router's external gateway to that network, as the property does.
//! The gateway resource goes; another resource's `depends_on` on it moves
//! to the router, which now holds the gateway.

use crate::fix::translation::merge_touching;
use crate::fix::{Applicability, Fix, NewValue};
use crate::lint::context::Context;
use crate::template::Definition;

use super::{property, references_to, resource_named_by, resource_of};

pub(super) fn gateway(cx: &Context<'_, '_>, definition: &Definition) -> Option<Fix> {
    let tree = cx.tree;
    let advice = |why: String| {
        Some(Fix::display_only(format!(
            "Set `external_gateway_info: {{network: ...}}` on the router and remove this resource: {why}"
        )))
    };
    let router = property(cx, definition, "router_id")
        .and_then(|entry| resource_named_by(cx, entry.value))
        .filter(|r| r.definition.type_name.as_deref() == Some("OS::Neutron::Router"));
    let Some(router) = router else {
        return advice("`router_id` does not name a router of this template".to_owned());
    };
    let network = property(cx, definition, "network")
        .or_else(|| property(cx, definition, "network_id"))
        .map(|entry| entry.value);
    let Some(network) = network else {
        return advice("this gateway names no network".to_owned());
    };
    if property(cx, &router.definition, "external_gateway_info").is_some() {
        return advice(format!(
            "router `{}` already sets `external_gateway_info`: keep one of the two",
            router.name
        ));
    }
    let gateway = resource_of(cx, definition)?;
    let (by_function, depends_on) = references_to(cx, &gateway.name);
    if by_function {
        return advice(format!(
            "`{}` is referred to with get_resource or get_attr: refer to router `{}` instead",
            gateway.name, router.name
        ));
    }
    let info = NewValue::Map(vec![("network".to_owned(), NewValue::Source(network))]);
    let mut edits = Vec::new();
    match (
        router.definition.properties,
        router.definition.properties_mapping(tree),
    ) {
        (_, Some(properties)) => {
            edits.push(
                cx.editor
                    .insert_entry(properties, "external_gateway_info", &info)?,
            );
        }
        (None, None) => edits.push(cx.editor.insert_entry(
            router.definition.body,
            "properties",
            &NewValue::Map(vec![("external_gateway_info".to_owned(), info)]),
        )?),
        // `properties:` with something else than a mapping.
        (Some(_), None) => return None,
    }
    edits.extend(cx.editor.delete_entry(gateway.entry)?);
    for item in depends_on {
        edits.push(cx.editor.replace_scalar(item, &router.name)?);
    }
    // The insertion may end where the deleted lines start.
    let edits = merge_touching(edits);
    Fix::new(
        format!(
            "Set the gateway in router `{router}`'s `external_gateway_info` and remove `{gateway}` (unsafe: on a stack that exists, Heat deletes `{gateway}` after updating `{router}`, and deleting it clears the router's gateway: check the gateway after the update)",
            router = router.name,
            gateway = gateway.name,
        ),
        edits,
        Applicability::Unsafe,
    )
}
