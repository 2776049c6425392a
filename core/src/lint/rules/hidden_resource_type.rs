#![doc = include_str!("hidden_resource_type.md")]

use crate::catalog::StatusKind;
use crate::lint::context::Context;
use crate::lint::lifecycle::{report_status, TypeUse};
use crate::lint::migrate;
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &TypeUse<'a, '_>) {
    report_status(
        cx,
        Rule::HiddenResourceType,
        StatusKind::Hidden,
        used,
        |cx| migrate::resource_type::fix(cx, used.resource_type, used.definition),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes, fixes_unsafely};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::HiddenResourceType,
            &[
                // A substitute class: the resource moves in place.
                fixes(
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeployments\n    properties: {config: c, servers: {a: x}}\n",
                    1,
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties: {config: c, servers: {a: x}}\n",
                ),
                // Properties merged in with `<<` are the resource's too:
                // they decide whether the substitute keeps every property.
                fixes(
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeployments\n    properties:\n      <<: {config: c}\n      servers: {a: x}\n",
                    1,
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      <<: {config: c}\n      servers: {a: x}\n",
                ),
                // A merged property the substitute lacks: unsafe.
                finds(
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeployments\n    properties:\n      <<: {config: c, bogus: 1}\n      servers: {a: x}\n",
                    1,
                ),
                fixes_unsafely(
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeployments\n    properties:\n      <<: {config: c, bogus: 1}\n      servers: {a: x}\n",
                    1,
                    "heat_template_version: 2016-10-14\nresources:\n  d:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      <<: {config: c, bogus: 1}\n      servers: {a: x}\n",
                ),
                finds(
                    "heat_template_version: 2016-10-14\nresources:\n  d: {type: OS::Heat::SoftwareDeploymentGroup, properties: {config: c}}\n",
                    0,
                ),
            ],
        );
    }
}
