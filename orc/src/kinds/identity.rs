//! Identity: domains, projects, roles, groups, users, services and
//! endpoints (Keystone), each to the ORC kind of the same name.

use super::{copy_simple, new_object, reference_field, write, Source};
use crate::context::Context;
use crate::eval::V;
use crate::manifest::{Kind, Node};

/// Keystone's ID of its default domain, Heat's default for `domain`.
const DEFAULT_DOMAIN: &str = "default";
/// Its name, as `keystone-manage bootstrap` creates it.
const DEFAULT_DOMAIN_NAME: &str = "Default";

pub(super) fn identity(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let heat_type = source.mapping.heat_type;
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    match heat_type {
        "OS::Keystone::Project" | "OS::Keystone::Group" | "OS::Keystone::User" => {
            domain_ref(cx, source, &mut resource, true);
        }
        "OS::Keystone::Role" => domain_ref(cx, source, &mut resource, false),
        _ => {}
    }
    if heat_type == "OS::Keystone::User" {
        reference_field(
            cx,
            source,
            &["default_project"],
            Kind::Project,
            &mut resource,
            "defaultProjectRef",
        );
        password(cx, source, &object.name, &mut resource);
    }
    if heat_type == "OS::Keystone::Endpoint" {
        reference_field(
            cx,
            source,
            &["service"],
            Kind::Service,
            &mut resource,
            "serviceRef",
        );
    }
    write(cx, object, resource);
}

/// A user's password as a Secret: ORC reads it from the key `password`.
fn password(cx: &mut Context<'_, '_>, source: &mut Source<'_>, user: &str, resource: &mut Node) {
    let Some(password) = source.take(cx, &["password"]) else {
        return;
    };
    let Some(text) = cx.string(&password, &source.what("password")) else {
        return;
    };
    let name = cx.new_name(&format!("{user}-password"));
    let mut secret = cx.managed(Kind::Secret, &name, None, password.at);
    secret.spec.set("password", text);
    cx.push(secret);
    resource.set("passwordRef", Node::str(name, Some(password.at)));
}

/// `domain` as `domainRef`. Where Heat's default is Keystone's default
/// domain (projects, groups, users), that domain is left out: Keystone then
/// creates in the domain the credentials are scoped to, which is the
/// default domain unless they say otherwise. A role's `default` is not
/// Heat's default (a role without a domain is global): it is imported by
/// the default domain's name, `Default`.
fn domain_ref(
    cx: &mut Context<'_, '_>,
    source: &mut Source<'_>,
    resource: &mut Node,
    default_is_heats: bool,
) {
    let Some(value) = source.take(cx, &["domain"]) else {
        return;
    };
    if matches!(&value.v, V::Str(id) if id == DEFAULT_DOMAIN) {
        if !default_is_heats {
            let mut filter = Node::map(Some(value.at));
            filter.set("name", Node::str(DEFAULT_DOMAIN_NAME, Some(value.at)));
            let mut what = Node::map(Some(value.at));
            what.set("filter", filter);
            let name = cx.import_as(
                Kind::Domain,
                DEFAULT_DOMAIN.to_owned(),
                "domain-default",
                what,
                value.at,
            );
            resource.set("domainRef", Node::str(name, Some(value.at)));
        }
        return;
    }
    let what = source.what("domain");
    if let Some(reference) = cx.reference(&value, Kind::Domain, &what, Vec::new()) {
        resource.set("domainRef", reference);
    }
}
