#![doc = include_str!("hidden_attribute.md")]

use crate::catalog::StatusKind;
use crate::fix::translation::advice;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, AttributeUse};
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &AttributeUse<'a>) {
    report_status(cx, Rule::HiddenAttribute, StatusKind::Hidden, used, |cx| {
        advice(cx.at.status_now(&used.attribute))
    });
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::HiddenAttribute,
            &[
                // `first_address` is hidden; `networks` replaces it.
                finds(
                    "heat_template_version: 2013-05-23\nresources:\n  s: {type: OS::Nova::Server, properties: {image: i, flavor: f}}\noutputs:\n  ip: {value: {get_attr: [s, first_address]}}\n  cfn: {value: {'Fn::GetAtt': [s, first_address]}}\n",
                    // `Fn::GetAtt` is no HOT function: data, not a reference.
                    1,
                ),
                finds(
                    "heat_template_version: 2013-05-23\nresources:\n  s: {type: OS::Nova::Server, properties: {image: i, flavor: f}}\noutputs:\n  ip: {value: {get_attr: [s, networks]}}\n",
                    0,
                ),
            ],
        );
    }
}
