#![doc = include_str!("deprecated_attribute.md")]

use crate::catalog::StatusKind;
use crate::fix::translation::advice;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, AttributeUse};
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &AttributeUse<'a>) {
    report_status(
        cx,
        Rule::DeprecatedAttribute,
        StatusKind::Deprecated,
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
            Rule::DeprecatedAttribute,
            &[
                // `attachments` is deprecated for `attachments_list`.
                finds(
                    "heat_template_version: 2017-09-01\nresources:\n  v: {type: OS::Cinder::Volume, properties: {size: 1}}\noutputs:\n  a: {value: {get_attr: [v, attachments]}}\n",
                    1,
                ),
                finds(
                    "heat_template_version: 2017-09-01\nresources:\n  v: {type: OS::Cinder::Volume, properties: {size: 1}}\noutputs:\n  a: {value: {get_attr: [v, attachments_list]}}\n",
                    0,
                ),
            ],
        );
    }
}
