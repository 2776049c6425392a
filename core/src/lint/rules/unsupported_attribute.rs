#![doc = include_str!("unsupported_attribute.md")]

use crate::catalog::StatusKind;
use crate::fix::translation::advice;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, AttributeUse};
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &AttributeUse<'a>) {
    report_status(
        cx,
        Rule::UnsupportedAttribute,
        StatusKind::Unsupported,
        used,
        |cx| advice(cx.at.status_now(&used.attribute)),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnsupportedAttribute,
            &[
                // An attribute Heat never implemented.
                finds(
                    "heat_template_version: 2016-04-08\nresources:\n  fw: {type: OS::Neutron::Firewall, properties: {firewall_policy_id: p}}\noutputs:\n  s: {value: {get_attr: [fw, shared]}}\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2016-04-08\nresources:\n  fw: {type: OS::Neutron::Firewall, properties: {firewall_policy_id: p}}\noutputs:\n  s: {value: {get_attr: [fw, status]}}\n",
                    0,
                ),
            ],
        );
    }
}
