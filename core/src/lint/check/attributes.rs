//! `get_attr` / `Fn::GetAtt` where they are written: the resource they
//! name, and the attribute's status on that resource's type.

use crate::catalog::ResourceType;
use crate::stack::Resolution;
use crate::template::AttributeRef;

use super::super::context::Context;
use super::super::lifecycle::AttributeUse;
use super::super::rules::*;
use super::takes_anything;

/// The type a resource of this template has, as the registry maps it,
/// without reporting on it.
fn type_of<'a>(cx: &Context<'a, '_>, resource_name: &str) -> Option<ResourceType<'a>> {
    let resource = cx.template.resource(resource_name)?;
    let written = resource.definition.type_name.as_deref()?;
    let mapped = match cx.mapped_type(written, Some(resource_name)) {
        Some(Resolution::Type(name)) => Some(name),
        Some(_) => return None,
        None => None,
    };
    let name = mapped.as_deref().unwrap_or(written);
    cx.catalog.resolve_type(name)?.resource_type()
}

/// [`type_of`], where its attributes can be checked: not for unknown
/// types, template resources, and types that are placeholders or absent
/// at the target (the type's own finding says so).
fn resource_type_of<'a>(cx: &Context<'a, '_>, resource_name: &str) -> Option<ResourceType<'a>> {
    type_of(cx, resource_name)
        .filter(|&t| cx.at.has_type(t) && !cx.at.is_placeholder(t) && !takes_anything(t))
}

/// [`type_of`], when Heat keeps it only as a placeholder at the target.
fn placeholder_of<'a>(cx: &Context<'a, '_>, resource_name: &str) -> Option<ResourceType<'a>> {
    type_of(cx, resource_name).filter(|&t| cx.at.has_type(t) && cx.at.is_placeholder(t))
}

/// `get_attr` of a `ResourceGroup` that reads its members' attribute
/// (`[group, name]`, `[group, attributes, name]`, `[group, resource.0,
/// name]`, `[group, resource.0.name]`): the member type must have it.
fn member_attribute(cx: &mut Context<'_, '_>, group: &str, reference: &AttributeRef) {
    let tree = cx.tree;
    let Some((name, node)) = reference.member_attribute(tree, "OS::Heat::ResourceGroup") else {
        return;
    };
    let template = cx.template;
    let Some(index) = template.resources().iter().position(|r| r.name == group) else {
        return;
    };
    let Some(member) = template
        .nested_definitions()
        .iter()
        .find(|nested| nested.group == index)
        .and_then(|nested| nested.definition.type_name.as_deref())
        .and_then(|name| cx.catalog.resolve_type(name)?.resource_type())
        .filter(|t| cx.at.has_type(*t) && !cx.at.is_placeholder(*t) && !takes_anything(*t))
    else {
        return;
    };
    if member.attribute(name).is_none() {
        unknown_attribute::check_member(cx, member, group, name, tree.range(node));
    }
}

pub(super) fn attribute_refs(cx: &mut Context<'_, '_>) {
    let tree = cx.tree;
    for reference in cx.template.attribute_refs() {
        let (Some(resource_node), Some(resource_name)) =
            (reference.resource, reference.resource_name(tree))
        else {
            continue;
        };
        let range = tree.range(resource_node);
        if cx.template.resource(resource_name).is_none()
            || cx.unread().disabled_by(resource_name).is_some()
        {
            unknown_resource_reference::named(cx, resource_name, range);
            continue;
        }
        let (Some(attribute_node), Some(attribute_name)) =
            (reference.attribute, reference.attribute_name(tree))
        else {
            continue;
        };
        let range = tree.range(attribute_node);
        if let Some(placeholder) = placeholder_of(cx, resource_name) {
            placeholder_attribute::check(cx, resource_name, placeholder, attribute_name, range);
            continue;
        }
        let Some(resource_type) = resource_type_of(cx, resource_name) else {
            continue;
        };
        if resource_type.name() == "OS::Heat::ResourceGroup" {
            member_attribute(cx, resource_name, &reference);
        }
        match resource_type.attribute(attribute_name) {
            Some(attribute) => {
                let used = AttributeUse {
                    resource_type,
                    attribute,
                    range,
                    state: cx.at.state(&attribute),
                };
                deprecated_attribute::check(cx, &used);
                hidden_attribute::check(cx, &used);
                unsupported_attribute::check(cx, &used);
                unavailable_attribute::check(cx, &used);
            }
            None => unknown_attribute::check(cx, resource_type, attribute_name, range),
        }
    }
}
