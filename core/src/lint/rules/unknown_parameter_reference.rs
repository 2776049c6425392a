#![doc = include_str!("unknown_parameter_reference.md")]
//!
//! HW309 unknown-parameter-reference: `get_param` of a parameter the
//! template does not declare, where Heat resolves it (a resource).

use crate::lint::context::{with_suggestions, Context};
use crate::lint::suggest::closest;
use crate::lint::Rule;
use crate::template::DocumentKind;

/// Heat's pseudo parameters, which every HOT template has.
const PSEUDO: [&str; 3] = ["OS::stack_name", "OS::stack_id", "OS::project_id"];

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    if template.kind() != DocumentKind::Hot {
        return;
    }
    let tree = cx.tree;
    let Some(resources) = template.section("resources") else {
        return;
    };
    let section = tree.range(resources);
    let declared: Vec<&str> = template
        .parameters()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    for call in template.function_calls() {
        if call.name != "get_param" {
            continue;
        }
        let name_node = if tree.is_sequence(call.args) {
            match tree.items(call.args).first() {
                Some(&first) => first,
                None => continue,
            }
        } else {
            call.args
        };
        let Some(name) = tree.scalar(name_node) else {
            continue;
        };
        let range = tree.range(name_node);
        if declared.contains(&name)
            || PSEUDO.contains(&name)
            || !(section.start <= range.start && range.end <= section.end)
            || cx.unread().contains(range)
        {
            continue;
        }
        let message = with_suggestions(
            format!("the template declares no parameter `{name}`: Heat refuses the stack (\"The Parameter ({name}) was not provided\")"),
            &closest(name, declared.iter().copied()),
        );
        cx.report(Rule::UnknownParameterReference, range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownParameterReference,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number, default: 1}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: {get_param: sise}}}\n  w: {type: OS::Heat::Value, properties: {value: {get_param: [conf, a]}}}\n",
                    2,
                ),
                // Pseudo parameters; outputs (Heat fails only that output).
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  v: {type: OS::Heat::Value, properties: {value: {get_param: OS::stack_name}}}\noutputs:\n  o: {value: {get_param: q}}\n",
                    0,
                ),
            ],
        );
    }
}
