#![doc = include_str!("chain_template_file.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::registry::is_template_name;

/// Each member of an `OS::Heat::ResourceChain` named as a template file
/// that Heat would have to fetch itself: python-heatclient does not send
/// it, and Heat refuses the chain.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    for nested in template.nested_definitions() {
        let chain = &template.resources()[nested.group];
        if chain.definition.type_name.as_deref() != Some("OS::Heat::ResourceChain") {
            continue;
        }
        let (Some(name), Some(entry)) = (
            nested.definition.type_name.as_deref(),
            nested.definition.type_entry,
        ) else {
            continue;
        };
        // Heat fetches a web address itself.
        let remote = name.starts_with("http://") || name.starts_with("https://");
        if !is_template_name(name) || remote {
            continue;
        }
        let message = format!(
            "`{name}` in the `resources` of chain `{}`: python-heatclient sends the files a `type` names, not those a ResourceChain lists, so Heat refuses the chain (\"Could not fetch remote template\"); map a type name to the file in an environment's resource_registry and list that name",
            chain.name
        );
        cx.report(Rule::ChainTemplateFile, tree.range(entry.value), message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::ChainTemplateFile,
            &[
                finds("heat_template_version: 2018-08-31\nresources:\n  chain:\n    type: OS::Heat::ResourceChain\n    properties:\n      resources: [member.yaml, OS::Heat::None, other.template]\n", 2),
                // Names the registry maps, and web addresses Heat fetches.
                finds("heat_template_version: 2018-08-31\nresources:\n  chain:\n    type: OS::Heat::ResourceChain\n    properties:\n      resources: [My::Member, 'https://example.org/member.yaml']\n", 0),
                // A list Heat computes is not judged.
                finds("heat_template_version: 2018-08-31\nparameters:\n  members: {type: comma_delimited_list}\nresources:\n  chain:\n    type: OS::Heat::ResourceChain\n    properties:\n      resources: {get_param: members}\n", 0),
                // A group's definition names its template as a `type` does.
                finds("heat_template_version: 2018-08-31\nresources:\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: member.yaml}\n", 0),
            ],
        );
    }
}
