#![doc = include_str!("unknown_parameter_reference.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;
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
    // Heat reads an `if`'s condition apart, and takes a parameter it lacks
    // there; and of its branches it reads only the one the condition
    // picks, which the parameters' values decide unless the text does
    // (checked against Heat on TripleO's `{if: [{not: {equals: [{get_param:
    // [RoleParameters, X]}, '']}}, …]}`).
    let mut conditions = Vec::new();
    for call in template.function_calls() {
        if call.name != "if" || !tree.is_sequence(call.args) {
            continue;
        }
        let items = tree.items(call.args);
        let decided = items
            .iter()
            .skip(1)
            .any(|&b| cx.unread().contains(tree.range(b)));
        let skipped = if decided { &items[..1] } else { items };
        conditions.extend(skipped.iter().map(|&node| tree.range(node)));
    }
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
            || cx.is_inert(range)
            || conditions
                .iter()
                .any(|c| c.start <= range.start && range.end <= c.end)
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
                // Pseudo parameters; outputs (Heat fails only that output);
                // a type whose properties Heat never resolves; an `if`'s
                // condition, and its branches when parameters decide.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  v: {type: OS::Heat::Value, properties: {value: {get_param: OS::stack_name}}}\n  n: {type: OS::Heat::None, properties: {value: {get_param: q}}}\n  d: {type: OS::Designate::Domain, properties: {name: {get_param: q}}}\n  i: {type: OS::Heat::Value, properties: {value: {if: [{equals: [{get_param: q}, '']}, {get_param: r}, 2]}}}\noutputs:\n  o: {value: {get_param: q}}\n",
                    0,
                ),
            ],
        );
    }
}
