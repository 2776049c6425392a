#![doc = include_str!("hidden_property.md")]

use crate::catalog::StatusKind;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, PropertyUse};
use crate::lint::migrate;
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &PropertyUse<'a, '_>) {
    report_status(cx, Rule::HiddenProperty, StatusKind::Hidden, used, |cx| {
        migrate::property::fix(cx, used.resource_type, used.path, used.entry, used.mapping)
    });
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::HiddenProperty,
            &[
                // `network_id` became `network`: REPLACE.
                fixes(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private # the tenant's\n",
                    1,
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: private # the tenant's\n",
                ),
                // Inside a list item: a subnet of a fixed IP.
                fixes(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: n\n      fixed_ips:\n        - subnet_id: s\n",
                    1,
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: n\n      fixed_ips:\n        - subnet: s\n",
                ),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p: {type: OS::Neutron::Port, properties: {network: n}}\n",
                    0,
                ),
            ],
        );
    }
}
