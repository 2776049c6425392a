#![doc = include_str!("deprecated_property.md")]

use crate::catalog::StatusKind;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, PropertyUse};
use crate::lint::migrate;
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &PropertyUse<'a, '_>) {
    report_status(
        cx,
        Rule::DeprecatedProperty,
        StatusKind::Deprecated,
        used,
        |cx| migrate::property::fix(cx, used.resource_type, used.path, used.entry, used.mapping),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::DeprecatedProperty,
            &[
                // Designate's `masters` became `primaries`: REPLACE.
                fixes(
                    "heat_template_version: 2018-08-31\nresources:\n  zone:\n    type: OS::Designate::Zone\n    properties:\n      name: example.org.\n      type: SECONDARY\n      # where from\n      masters: [192.0.2.1]\n",
                    1,
                    "heat_template_version: 2018-08-31\nresources:\n  zone:\n    type: OS::Designate::Zone\n    properties:\n      name: example.org.\n      type: SECONDARY\n      # where from\n      primaries: [192.0.2.1]\n",
                ),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  zone: {type: OS::Designate::Zone, properties: {name: example.org., primaries: [192.0.2.1]}}\n",
                    0,
                ),
            ],
        );
    }
}
