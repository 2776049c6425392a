#![doc = include_str!("placeholder_resource_type.md")]

use crate::catalog::ResourceType;
use crate::fix::translation::advice;
use crate::lint::context::Context;
use crate::lint::migrate;
use crate::lint::timeline::{describe, timeline};
use crate::lint::{Rule, Subject};
use crate::release::Release;
use crate::template::Definition;
use crate::text::TextRange;

/// Reports `resource_type` when it is a placeholder at the target, and
/// says so: nothing else is checked of a type that does nothing.
pub(crate) fn check<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    what: &str,
    range: TextRange,
    definition: Option<&Definition>,
) -> bool {
    let state = cx.at.state(&resource_type);
    if !cx.at.is_placeholder(resource_type) || !state.is_available() {
        return false;
    }
    let status = state.in_force().unwrap_or(resource_type.status());
    let since = resource_type
        .placeholder_since()
        .and_then(|v| Release::parse_version(v).ok())
        .map_or_else(String::new, |r| format!(" since {r}"));
    let message = format!(
        "{what} does nothing{since}: Heat keeps it as a placeholder that accepts and ignores its properties, gives every attribute as null, and deletes nothing (a resource created before then is left behind when the stack is deleted); it is {}",
        describe(status)
    );
    let now = cx.at.status_now(&resource_type);
    let fix = match definition {
        Some(_) => migrate::resource_type::fix(cx, resource_type, definition),
        None => advice(now),
    };
    let diagnostic = cx.report_with_fix(Rule::PlaceholderResourceType, range, message, fix);
    diagnostic.status = Some(status.kind());
    diagnostic.lifecycle = timeline(status);
    diagnostic.subject = Some(Subject::ResourceType {
        type_name: resource_type.name().to_owned(),
    });
    true
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::fix::Applicability;
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::{lint, LintOptions, Rule};

    const LBAAS: &str = "heat_template_version: 2018-08-31\nresources:\n  lb:\n    type: OS::Neutron::LBaaS::LoadBalancer\n    properties: {vip_subnet: s}\n";

    #[test]
    fn cases() {
        check(
            Rule::PlaceholderResourceType,
            &[
                finds(LBAAS, 1),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  lb: {type: OS::Octavia::LoadBalancer, properties: {vip_subnet: s}}\n",
                    0,
                ),
            ],
        );
    }

    #[test]
    fn the_fix_is_the_migration_or_heats_advice() {
        let fix = |text: &str| {
            lint(text, &LintOptions::new(Catalog::builtin()))
                .into_iter()
                .find(|d| d.rule == Rule::PlaceholderResourceType)
                .and_then(|d| d.fix)
                .expect("a fix")
        };
        // LBaaS v2: Octavia has the same roles (`retired_types`).
        let octavia = fix(LBAAS);
        assert_eq!(octavia.applicability, Applicability::Unsafe);
        assert!(
            octavia.title.starts_with(
                "Replace `OS::Neutron::LBaaS::LoadBalancer` with `OS::Octavia::LoadBalancer`"
            ),
            "{}",
            octavia.title
        );
        // A retired project: no successor.
        let sahara = fix("heat_template_version: 2018-08-31\nresources:\n  c:\n    type: OS::Sahara::Cluster\n    properties: {name: c}\n");
        assert_eq!(sahara.applicability, Applicability::DisplayOnly);
        assert!(sahara.title.starts_with("Heat says: "), "{}", sahara.title);
    }
}
