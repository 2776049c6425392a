//! Server groups, key pairs, flavors and images.

use super::{copy_simple, new_object, write, Source};
use crate::context::Context;
use crate::eval::V;
use crate::finding::Code;
use crate::manifest::Node;

pub(super) fn server_group(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    match source.take(cx, &["policies"]) {
        Some(policies) => {
            let what = source.what("policies");
            match &policies.v {
                V::List(items) if items.len() == 1 => {
                    if let Some(policy) = cx.string(&items[0], &what) {
                        resource.set("policy", policy);
                    }
                }
                V::List(_) => cx.report(
                    Code::NoOrcField,
                    policies.at,
                    format!("{what} is not exported: ORC takes exactly one policy"),
                ),
                _ => cx.not_a(&policies, &what, "a list"),
            }
        }
        // Heat's default policy.
        None => resource.set("policy", Node::str("anti-affinity", None)),
    }
    if let Some(rules) = source.take(cx, &["rules"]) {
        let what = source.what("rules");
        match &rules.v {
            V::Map(entries) => {
                let mut out = Node::map(Some(rules.at));
                for (key, value) in entries {
                    if key == "max_server_per_host" {
                        if let Some(n) = cx.integer(value, &what) {
                            out.set("maxServerPerHost", n);
                        }
                    } else {
                        cx.report(
                            Code::NoOrcField,
                            value.at,
                            format!("{key} in {what} is not exported: ORC has no field for it"),
                        );
                    }
                }
                if !out.is_empty_map() {
                    resource.set("rules", out);
                }
            }
            _ => cx.not_a(&rules, &what, "a map"),
        }
    }
    write(cx, object, resource);
}

pub(super) fn key_pair(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    if resource.get("publicKey").is_none() {
        cx.report(
            Code::NoOrcField,
            object.origin,
            format!(
                "the key pair {} has no public_key: Heat generates the key, ORC cannot; give public_key",
                source.resource.name
            ),
        );
    }
    write(cx, object, resource);
}

pub(super) fn flavor(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let private_at = source
        .props
        .peek("is_public")
        .map(|node| cx.tree().range(node));
    let tenants = source.props.peek("tenants").is_some();
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    if resource.get("disk").is_none() {
        resource.set("disk", Node::int(0, None));
    }
    let private = resource.get("isPublic").and_then(Node::as_bool) == Some(false);
    if let (true, Some(at), false) = (private, private_at, tenants) {
        // Flavor.handle_create: a private flavor without `tenants` is
        // given to the stack's project.
        cx.report(
            Code::MeaningDiffers,
            at,
            format!("the private flavor {} is usable by the stack's project in Heat, which gives that project access to it; ORC v2.6.0 gives no project access, so only an admin can use it: run `openstack flavor set --project PROJECT` once it is made", source.resource.name),
        );
    }
    write(cx, object, resource);
}

pub(super) fn image(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    if resource.get("visibility").is_none() {
        // Heat's default; Glance's, when none is sent, is `shared`.
        resource.set("visibility", Node::str("private", None));
    }
    let mut download = Node::map(None);
    copy_simple(cx, source, &mut download, "resource.content.download.");
    let mut content = Node::map(None);
    copy_simple(cx, source, &mut content, "resource.content.");
    if !download.is_empty_map() {
        content.set("download", download);
    }
    if !content.is_empty_map() {
        resource.set("content", content);
    }
    let mut properties = Node::map(None);
    enumerated(
        cx,
        source,
        &mut properties,
        "architecture",
        "architecture",
        "resource.properties.architecture",
    );
    for (property, field) in [("min_disk", "minDiskGB"), ("min_ram", "minMemoryMB")] {
        if let Some(value) = source.take(cx, &[property]) {
            let what = source.what(property);
            // 0 is Glance's "no minimum"; ORC's minimum is 1.
            if let Some(n) = cx
                .integer(&value, &what)
                .filter(|n| n.value != crate::manifest::Value::Int(0))
            {
                properties.set(field, n);
            }
        }
    }
    let mut system = Node::map(None);
    enumerated(
        cx,
        source,
        &mut system,
        "os_distro",
        "distro",
        "resource.properties.operatingSystem.distro",
    );
    copy_simple(
        cx,
        source,
        &mut system,
        "resource.properties.operatingSystem.",
    );
    if !system.is_empty_map() {
        properties.set("operatingSystem", system);
    }
    if !properties.is_empty_map() {
        resource.set("properties", properties);
    }
    if let Some(active) = source.take(cx, &["active"]) {
        if active.truth() == Some(false) {
            cx.report(
                Code::NoOrcField,
                active.at,
                format!(
                    "{} is not exported: ORC's images are always active",
                    source.what("active")
                ),
            );
        }
    }
    write(cx, object, resource);
}

/// A property whose ORC field takes only some values: written when ORC
/// knows the value, else reported (the image is still made).
fn enumerated(
    cx: &mut Context<'_, '_>,
    source: &mut Source<'_>,
    target: &mut Node,
    property: &str,
    field: &str,
    path: &str,
) {
    let Some(value) = source.take(cx, &[property]) else {
        return;
    };
    let what = source.what(property);
    let Some(node) = cx.string(&value, &what) else {
        return;
    };
    let allowed = crate::schema::allowed_values("Image", path);
    if allowed.iter().any(|a| Some(a.as_str()) == node.as_str()) {
        target.set(field, node);
    } else {
        cx.report(
            Code::NoOrcField,
            value.at,
            format!(
                "{what} is not exported: ORC knows only {}",
                allowed.join(", ")
            ),
        );
    }
}
