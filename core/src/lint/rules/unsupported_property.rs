#![doc = include_str!("unsupported_property.md")]

use crate::catalog::StatusKind;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, PropertyUse};
use crate::lint::migrate;
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &PropertyUse<'a, '_>) {
    report_status(
        cx,
        Rule::UnsupportedProperty,
        StatusKind::Unsupported,
        used,
        |cx| migrate::property::fix(cx, used.resource_type, used.path, used.entry, used.mapping),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnsupportedProperty,
            &[
                // A property Heat never implemented.
                finds(
                    "heat_template_version: 2016-04-08\nresources:\n  fw:\n    type: OS::Neutron::Firewall\n    properties: {firewall_policy_id: p, shared: true}\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2016-04-08\nresources:\n  fw:\n    type: OS::Neutron::Firewall\n    properties: {firewall_policy_id: p}\n",
                    0,
                ),
            ],
        );
    }
}
