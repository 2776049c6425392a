#![doc = include_str!("server_without_networks.md")]

use crate::catalog::ResourceType;
use crate::fix::Fix;
use crate::lint::context::Context;
use crate::lint::written::Props;
use crate::lint::Rule;
use crate::release::Release;
use crate::syntax::NodeId;
use crate::template::merge::merged_entry;
use crate::template::Definition;

/// The first release whose Nova client speaks Nova's newest microversion
/// (`NovaClientPlugin` on `MicroversionMixin`).
const FIRST: &str = "11.0.0";

pub(crate) fn check(
    cx: &mut Context<'_, '_>,
    resource_type: ResourceType<'_>,
    type_value: NodeId,
    properties: NodeId,
) {
    if cx
        .at
        .release()
        .is_some_and(|target| Release::parse(FIRST).is_ok_and(|first| target < first))
    {
        return;
    }
    let props = Props {
        template: cx.template,
        tree: cx.tree,
        mapping: properties,
    };
    let (keys, given): (&[&str], &str) = match resource_type.name() {
        "OS::Nova::Server" => (&["networks"], "no networks"),
        "AWS::EC2::Instance" => (
            &["SubnetId", "NetworkInterfaces"],
            "neither SubnetId nor NetworkInterfaces",
        ),
        _ => return,
    };
    if keys.iter().any(|key| props.set(key) != Some(false)) {
        return;
    }
    // At the empty list where one is written, else at the type.
    let at = (keys.iter())
        .find_map(|key| merged_entry(cx.tree, properties, key).map(|(_, e)| e.key))
        .unwrap_or(type_value);
    let message = format!(
        "a server with {given}: Heat asks Nova for none, which Nova's client refuses past \
microversion 2.36, so the create fails (\"nics are required after microversion 2.36\")"
    );
    let fix = Fix::display_only(
        "Give the server a network or port, or `allocate_network: auto` for the one Nova picks",
    );
    let range = cx.tree.range(at);
    cx.report_with_fix(Rule::ServerWithoutNetworks, range, message, Some(fix));
}

/// Whether Heat makes members of the group `group` defines: a
/// ResourceGroup's `count` (1 when absent), an AutoScalingGroup's
/// `desired_capacity` or else `min_size`, written as a number above 0.
pub(crate) fn has_members(cx: &Context<'_, '_>, group: &Definition) -> bool {
    let above_zero = |node: NodeId| {
        (cx.tree.scalar(node)).is_some_and(|n| n.trim().parse::<i64>().is_ok_and(|n| n > 0))
    };
    let written = |key: &str| {
        let properties = group.properties_mapping(cx.tree)?;
        merged_entry(cx.tree, properties, key).map(|(_, entry)| entry.value)
    };
    match group.type_name.as_deref() {
        Some("OS::Heat::ResourceGroup") => group.group_count(cx.tree).is_none_or(above_zero),
        Some("OS::Heat::AutoScalingGroup") => written("desired_capacity")
            .or_else(|| written("min_size"))
            .is_some_and(above_zero),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, pins};
    use crate::lint::Rule;

    const BARE: &str = "heat_template_version: 2018-08-31\nresources:\n  server:\n    \
type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small}\n";

    #[test]
    fn a_server_nova_is_asked_no_networks_for() {
        let message = "a server with no networks: Heat asks Nova for none, which Nova's client \
refuses past microversion 2.36, so the create fails (\"nics are required after microversion 2.36\")";
        pins(
            Rule::ServerWithoutNetworks,
            BARE,
            &[("OS::Nova::Server", message)],
        );
        let empty = "heat_template_version: 2018-08-31\nresources:\n  server:\n    \
type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small, networks: []}\n";
        pins(Rule::ServerWithoutNetworks, empty, &[("networks", message)]);
        let instance = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  Instance:\n    \
Type: AWS::EC2::Instance\n    Properties: {ImageId: cirros, InstanceType: m1.small}\n";
        check(
            Rule::ServerWithoutNetworks,
            &[finds(BARE, 1), finds(instance, 1)],
        );
    }

    #[test]
    fn members_of_a_group_that_has_some() {
        let group = |count: &str| {
            format!(
                "heat_template_version: 2018-08-31\nparameters:\n  n: {{type: number}}\n\
resources:\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      \
{count}resource_def:\n        type: OS::Nova::Server\n        \
properties: {{image: cirros, flavor: m1.small}}\n"
            )
        };
        let found = |text: &str| {
            crate::lint::lint(
                text,
                &crate::lint::LintOptions::new(crate::catalog::Catalog::builtin()),
            )
            .into_iter()
            .filter(|d| d.rule == Rule::ServerWithoutNetworks)
            .count()
        };
        // Heat's default count is 1; a count of 0 makes no server; a count
        // from a parameter is not decided here.
        for (count, expected) in [
            ("", 1),
            ("count: 2\n      ", 1),
            ("count: 0\n      ", 0),
            ("count: {get_param: n}\n      ", 0),
        ] {
            assert_eq!(found(&group(count)), expected, "{count:?}");
        }
        let scaling = "heat_template_version: 2018-08-31\nresources:\n  group:\n    \
type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 1\n      max_size: 3\n      \
resource:\n        type: OS::Nova::Server\n        properties: {image: cirros, flavor: m1.small}\n";
        assert_eq!(found(scaling), 1);
    }

    #[test]
    fn networks_given_or_computed_or_an_older_heat() {
        let given = [
            "networks: [{network: private}]",
            "networks: [{allocate_network: auto}]",
            "networks: {get_param: networks}",
            "networks: {if: [c, [{network: a}], []]}",
        ];
        for networks in given {
            let text = format!(
                "heat_template_version: 2018-08-31\nparameters:\n  networks: {{type: json}}\n\
conditions:\n  c: true\nresources:\n  server:\n    type: OS::Nova::Server\n    \
properties:\n      image: cirros\n      flavor: m1.small\n      {networks}\n"
            );
            let found = crate::lint::lint(
                &text,
                &crate::lint::LintOptions::new(crate::catalog::Catalog::builtin()),
            );
            assert!(
                !found.iter().any(|d| d.rule == Rule::ServerWithoutNetworks),
                "{networks}: {found:?}"
            );
        }
        let subnet = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  Instance:\n    \
Type: AWS::EC2::Instance\n    Properties: {ImageId: cirros, InstanceType: m1.small, SubnetId: s}\n";
        // Queens' Heat spoke Nova's microversion 2.1, which takes no networks.
        check(
            Rule::ServerWithoutNetworks,
            &[
                finds(subnet, 0),
                finds(BARE, 0).at("Queens"),
                finds(BARE, 1).at("Rocky"),
            ],
        );
    }
}
