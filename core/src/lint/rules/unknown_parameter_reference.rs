#![doc = include_str!("unknown_parameter_reference.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;
use crate::template::unread::Unread;
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
    // With the values the parameters have here (their defaults, or what
    // the environments give), Heat reads the branch they pick; a branch
    // only other values pick is not judged.
    let value_of = |name: &str| cx.parameter_value(name).map(|value| value.value);
    let ifs: Vec<_> = (template.function_calls().iter())
        .filter(|call| call.name == "if" && tree.is_sequence(call.args))
        .collect();
    let with_values = (!ifs.is_empty()).then(|| Unread::with_values(template, &value_of));
    let unread_with_values = |range| with_values.as_ref().is_some_and(|w| w.contains(range));
    let mut conditions = Vec::new();
    // The `if`s whose branch only the parameters' values pick.
    let mut by_values = Vec::new();
    for call in ifs {
        let items = tree.items(call.args);
        let branches = || items.iter().skip(1).map(|&b| tree.range(b));
        let by_text = branches().any(|branch| cx.unread().contains(branch));
        let decided = by_text || branches().any(unread_with_values);
        if decided && !by_text {
            by_values.push(tree.range(call.args));
        }
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
            || unread_with_values(range)
            || cx.is_inert(range)
            || conditions
                .iter()
                .any(|c| c.start <= range.start && range.end <= c.end)
        {
            continue;
        }
        let mut message = format!("the template declares no parameter `{name}`: Heat refuses the stack (\"The Parameter ({name}) was not provided\")");
        if by_values
            .iter()
            .any(|b| b.start <= range.start && range.end <= b.end)
        {
            message.push_str(
                ", in the branch of an `if` that the parameters' values here (their defaults, \
                 or what the environments give) pick",
            );
        }
        let message = with_suggestions(message, &closest(name, declared.iter().copied()));
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
                // The branch the parameters' values pick (here, defaults).
                finds(
                    concat!(
                        "heat_template_version: 2018-08-31\n",
                        "parameters:\n  q: {type: string, default: ''}\n",
                        "  z: {type: string, default: x}\nresources:\n",
                        "  i: {type: OS::Heat::Value, properties: {value: ",
                        "{if: [{equals: [{get_param: q}, '']}, {get_param: r}, 2]}}}\n",
                        "  j: {type: OS::Heat::Value, properties: {value: ",
                        "{if: [{equals: [{get_param: z}, '']}, {get_param: s}, 2]}}}\n",
                    ),
                    1,
                ),
            ],
        );
    }
}
