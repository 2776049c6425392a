#![doc = include_str!("unavailable_resource_type.md")]

use crate::lint::context::Context;
use crate::lint::lifecycle::{report_unavailable, TypeUse};
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &TypeUse<'a, '_>) {
    report_unavailable(cx, Rule::UnavailableResourceType, used, |_| None);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let group = "heat_template_version: 2015-04-30\nresources:\n  d:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties: {config: c, servers: {}}\n";
        check(
            Rule::UnavailableResourceType,
            &[
                // SoftwareDeploymentGroup arrived in Liberty.
                finds(group, 1).at("2015.1"),
                finds(group, 0).at("Liberty"),
                finds(group, 0),
            ],
        );
    }
}
