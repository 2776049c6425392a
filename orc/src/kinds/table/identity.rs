//! Keystone's types in the mapping table.

use super::{copy, no, to, Conv, TypeMapping, DOMAIN, REF, ROLES};
use crate::manifest::Kind;

pub(super) const DOMAIN_TYPE: TypeMapping = TypeMapping {
    heat_type: "OS::Keystone::Domain",
    kind: Some(Kind::Domain),
    summary: "a Domain",
    properties: &[
        copy("name", Conv::Str, "resource.name", ""),
        copy("description", Conv::Str, "resource.description", ""),
        copy("enabled", Conv::Bool, "resource.enabled", ""),
    ],
};

pub(super) const PROJECT_TYPE: TypeMapping = TypeMapping {
    heat_type: "OS::Keystone::Project",
    kind: Some(Kind::Project),
    summary: "a Project",
    properties: &[
        copy("name", Conv::Str, "resource.name", ""),
        copy("description", Conv::Str, "resource.description", ""),
        copy("enabled", Conv::Bool, "resource.enabled", ""),
        to("domain", "resource.domainRef", DOMAIN),
        copy("tags", Conv::Strings, "resource.tags", ""),
        no("parent", "ORC v2.6.0 has no project hierarchy"),
    ],
};

pub(super) const ROLE_TYPE: TypeMapping = TypeMapping {
    heat_type: "OS::Keystone::Role",
    kind: Some(Kind::Role),
    summary: "a Role",
    properties: &[
        copy("name", Conv::Str, "resource.name", ""),
        to("domain", "resource.domainRef", "as a reference; `default`, Keystone's default domain, is imported by its name `Default` (a role without a domain is global)"),
    ],
};

pub(super) const GROUP_TYPE: TypeMapping = TypeMapping {
    heat_type: "OS::Keystone::Group",
    kind: Some(Kind::Group),
    summary: "a Group",
    properties: &[
        copy("name", Conv::Str, "resource.name", ""),
        copy("description", Conv::Str, "resource.description", ""),
        to("domain", "resource.domainRef", DOMAIN),
        no("roles", ROLES),
    ],
};

pub(super) const USER_TYPE: TypeMapping = TypeMapping {
    heat_type: "OS::Keystone::User",
    kind: Some(Kind::User),
    summary: "a User",
    properties: &[
        copy("name", Conv::Str, "resource.name", ""),
        copy("description", Conv::Str, "resource.description", ""),
        copy("enabled", Conv::Bool, "resource.enabled", ""),
        to("domain", "resource.domainRef", DOMAIN),
        to("default_project", "resource.defaultProjectRef", REF),
        to(
            "password",
            "resource.passwordRef",
            "a Secret with the key `password`",
        ),
        no("email", "ORC v2.6.0 users have no email"),
        no("groups", "ORC v2.6.0 has no group membership"),
        no("roles", ROLES),
    ],
};

pub(super) const SERVICE_TYPE: TypeMapping = TypeMapping {
    heat_type: "OS::Keystone::Service",
    kind: Some(Kind::Service),
    summary: "a Service",
    properties: &[
        copy("name", Conv::Str, "resource.name", ""),
        copy("description", Conv::Str, "resource.description", ""),
        copy("type", Conv::Str, "resource.type", ""),
        copy("enabled", Conv::Bool, "resource.enabled", ""),
    ],
};

pub(super) const ENDPOINT_TYPE: TypeMapping = TypeMapping {
    heat_type: "OS::Keystone::Endpoint",
    kind: Some(Kind::Endpoint),
    summary: "an Endpoint",
    properties: &[
        to("service", "resource.serviceRef", REF),
        copy("interface", Conv::Str, "resource.interface", ""),
        copy("url", Conv::Str, "resource.url", ""),
        copy("enabled", Conv::Bool, "resource.enabled", ""),
        no("region", "ORC v2.6.0 endpoints have no region"),
        no("name", "ORC v2.6.0 endpoints have no name"),
    ],
};
