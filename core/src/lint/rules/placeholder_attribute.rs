#![doc = include_str!("placeholder_attribute.md")]

use crate::catalog::ResourceType;
use crate::lint::context::Context;
use crate::lint::{Rule, Subject};
use crate::release::Release;
use crate::syntax::Tree;
use crate::text::TextRange;

/// Reports `get_attr` of `attribute` of the resource `resource`, whose
/// type is a placeholder at the target: null, and what reads it.
pub(crate) fn check<'a>(
    cx: &mut Context<'a, '_>,
    resource: &str,
    resource_type: ResourceType<'a>,
    attribute: &str,
    range: TextRange,
) {
    let since = resource_type
        .placeholder_since()
        .and_then(|v| Release::parse_version(v).ok())
        .map_or_else(String::new, |r| format!(" from {r}"));
    let reader = match reader_of(cx.tree, range) {
        Reader::Property {
            resource: reader,
            property,
        } => format!("the next update of `{reader}` sends null for `{property}`"),
        Reader::Output(output) => format!("the output `{output}` is null"),
        Reader::Other => "whatever reads it gets null".to_owned(),
    };
    let message = format!(
        "`{attribute}` of `{resource}` is null{since}: {} is a placeholder there, whose \
         attributes Heat gives as null, and {reader}; deleting the stack leaves \
         `{resource}`'s physical resource behind. Migrate `{resource}` to the type that \
         replaces it",
        resource_type.name()
    );
    let diagnostic = cx.report(Rule::PlaceholderAttribute, range, message);
    diagnostic.subject = Some(Subject::Attribute {
        type_name: resource_type.name().to_owned(),
        name: attribute.to_owned(),
    });
}

/// What reads a value written at `range`.
enum Reader<'t> {
    /// A property (its top-level name) of a resource.
    Property {
        resource: &'t str,
        property: &'t str,
    },
    Output(&'t str),
    Other,
}

/// The resource property or output whose value holds `range`.
fn reader_of<'t>(tree: &'t Tree<'_>, range: TextRange) -> Reader<'t> {
    let holds = |node| {
        let at = tree.range(node);
        at.start <= range.start && range.end <= at.end
    };
    let entry_holding = |mapping| tree.entries(mapping).find(|e| holds(e.value));
    let Some(root) = tree.root() else {
        return Reader::Other;
    };
    let Some(section) = entry_holding(root) else {
        return Reader::Other;
    };
    let Some(entry) = entry_holding(section.value) else {
        return Reader::Other;
    };
    let (Some(section_name), Some(name)) = (tree.scalar(section.key), tree.scalar(entry.key))
    else {
        return Reader::Other;
    };
    match section_name {
        "outputs" | "Outputs" => Reader::Output(name),
        "resources" | "Resources" => {
            let property = ["properties", "Properties"]
                .iter()
                .find_map(|key| tree.get(entry.value, key))
                .and_then(entry_holding)
                .and_then(|property| tree.scalar(property.key));
            match property {
                Some(property) => Reader::Property {
                    resource: name,
                    property,
                },
                None => Reader::Other,
            }
        }
        _ => Reader::Other,
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::{lint, LintOptions, Rule};
    use crate::release::Release;

    const LBAAS: &str = "heat_template_version: 2018-08-31\nresources:\n  lb:\n    type: OS::Neutron::LBaaS::LoadBalancer\n    properties: {vip_subnet: s}\n  vip:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network: public\n      port_id: {get_attr: [lb, vip_port_id]}\noutputs:\n  address:\n    value: {get_attr: [lb, vip_address]}\n";

    const OCTAVIA: &str = "heat_template_version: 2018-08-31\nresources:\n  lb:\n    type: OS::Octavia::LoadBalancer\n    properties: {vip_subnet: s}\noutputs:\n  address:\n    value: {get_attr: [lb, vip_address]}\n";

    #[test]
    fn cases() {
        check(
            Rule::PlaceholderAttribute,
            &[finds(LBAAS, 2), finds(OCTAVIA, 0)],
        );
    }

    #[test]
    fn the_reader_and_the_release_are_said() {
        let messages = |target: Option<Release>| -> Vec<String> {
            lint(
                LBAAS,
                &LintOptions::new(Catalog::builtin()).with_target(target),
            )
            .into_iter()
            .filter(|d| d.rule == Rule::PlaceholderAttribute)
            .map(|d| d.message)
            .collect()
        };
        let now = messages(None);
        assert!(
            now[0].starts_with("`vip_port_id` of `lb` is null from 22.0.0"),
            "{now:?}"
        );
        assert!(now[0].contains("the next update of `vip` sends null for `port_id`"));
        assert!(now[1].contains("the output `address` is null"));
        // Before Antelope the load balancer is still real.
        let zed = Release::parse("Zed").unwrap();
        assert!(messages(Some(zed)).is_empty());
    }
}
