#![doc = include_str!("unavailable_attribute.md")]

use crate::lint::context::Context;
use crate::lint::lifecycle::{report_unavailable, AttributeUse};
use crate::lint::Rule;

pub(crate) fn check<'a>(cx: &mut Context<'a, '_>, used: &AttributeUse<'a>) {
    report_unavailable(cx, Rule::UnavailableAttribute, used, |_| None);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let port = "heat_template_version: 2015-04-30\nresources:\n  port: {type: OS::Neutron::Port, properties: {network: n}}\noutputs:\n  dns: {value: {get_attr: [port, dns_assignment]}}\n";
        check(
            Rule::UnavailableAttribute,
            &[
                // dns_assignment arrived in Newton.
                finds(port, 1).at("Mitaka"),
                finds(port, 0).at("Newton"),
                finds(port, 0),
            ],
        );
    }
}
