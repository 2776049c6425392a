#![doc = include_str!("unavailable_property.md")]

use crate::fix::{Applicability, Fix};
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_unavailable, PropertyUse};
use crate::lint::migrate;
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &PropertyUse<'a, '_>) {
    report_unavailable(cx, Rule::UnavailableProperty, used, |cx| fix(cx, used));
}

/// The property's migration, unsafe even where it is safe for a property
/// Heat has: Heat validates the properties as written, and rejects one its
/// schema lacks before any translation rule runs.
fn fix<'a>(cx: &Context<'a, '_>, used: &PropertyUse<'a, '_>) -> Option<Fix> {
    let fix = migrate::property::fix(cx, used.resource_type, used.path, used.entry, used.mapping)?;
    if fix.applicability != Applicability::Safe {
        return Some(fix);
    }
    let release = cx
        .at
        .release()
        .map_or_else(String::new, |release| format!(" {release}"));
    let path = used.path;
    Fix::new(
        format!(
            "{} (unsafe: Heat{release} rejects the template as written, \"Unknown Property {}\")",
            fix.title,
            path.rsplit('.').next().unwrap_or(path)
        ),
        fix.edits,
        Applicability::Unsafe,
    )
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let dns_name = "heat_template_version: 2016-04-08\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties: {network: private, dns_name: web}\n";
        check(
            Rule::UnavailableProperty,
            &[
                // dns_name arrived in Newton.
                finds(dns_name, 1).at("Mitaka"),
                finds(dns_name, 0).at("Newton"),
                finds(dns_name, 0),
            ],
        );
    }

    /// A property Heat drops after a release: the migration Heat's rules
    /// imply is offered, unsafe, since Heat refuses the template as written.
    #[test]
    fn migrations_of_removed_properties_are_unsafe() {
        use crate::catalog::Catalog;
        use crate::fix::Applicability;
        use crate::lint::{lint, LintOptions};
        use crate::release::Release;
        let options = LintOptions::new(Catalog::builtin())
            .with_target(Some(Release::parse("27.0.1").expect("a release")));
        for diagnostic in lint(
            "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties: {network_id: n}\n",
            &options,
        ) {
            if diagnostic.rule == Rule::UnavailableProperty {
                let fix = diagnostic.fix.expect("a fix");
                assert_eq!(fix.applicability, Applicability::Unsafe, "{}", fix.title);
                assert!(fix.title.contains("rejects the template as written"), "{}", fix.title);
            }
        }
    }
}
