#![doc = include_str!("unsupported_resource_type.md")]

use crate::catalog::StatusKind;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, TypeUse};
use crate::lint::migrate;
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &TypeUse<'a, '_>) {
    report_status(
        cx,
        Rule::UnsupportedResourceType,
        StatusKind::Unsupported,
        used,
        |cx| migrate::resource_type::fix(cx, used.resource_type, used.definition),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnsupportedResourceType,
            &[
                // networking-sfc: experimental in Heat.
                finds(
                    "heat_template_version: 2016-10-14\nresources:\n  pair:\n    type: OS::Neutron::PortPair\n    properties: {ingress: a, egress: b}\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2016-10-14\nresources:\n  port: {type: OS::Neutron::Port, properties: {network: n}}\n",
                    0,
                ),
            ],
        );
    }
}
