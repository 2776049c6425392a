#![doc = include_str!("unknown_parameter_reference.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;
use crate::template::unread::Unread;
use crate::template::DocumentKind;
use crate::text::TextRange;

/// Heat's pseudo parameters, which every HOT template has.
const PSEUDO: [&str; 3] = ["OS::stack_name", "OS::stack_id", "OS::project_id"];

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    if template.kind() != DocumentKind::Hot {
        return;
    }
    let tree = cx.tree;
    let declared: Vec<&str> = template
        .parameters()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let undeclared = undeclared(cx, &declared);
    // Most templates name only parameters they declare: the `if`s are
    // worked out, with the parameters' values, only for those that do not.
    if undeclared.is_empty() {
        return;
    }
    // Heat reads an `if`'s condition apart, and takes a parameter it lacks
    // there; and of its branches it reads only the one the condition
    // picks, which the parameters' values decide unless the text does
    // (checked against Heat on TripleO's `{if: [{not: {equals: [{get_param:
    // [RoleParameters, X]}, '']}}, …]}`). With the values the parameters
    // have here (their defaults, or what the environments give), Heat reads
    // the branch they pick; a branch only other values pick is not judged.
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
    let within = |ranges: &[TextRange], range: TextRange| {
        (ranges.iter()).any(|c| c.start <= range.start && range.end <= c.end)
    };
    for (name, range) in undeclared {
        if unread_with_values(range) || within(&conditions, range) {
            continue;
        }
        let mut message = format!("the template declares no parameter `{name}`: Heat refuses the stack (\"The Parameter ({name}) was not provided\")");
        if within(&by_values, range) {
            message.push_str(
                ", in the branch of an `if` that the parameters' values here (their defaults, \
                 or what the environments give) pick",
            );
        }
        let message = with_suggestions(message, &closest(name, declared.iter().copied()));
        cx.report(Rule::UnknownParameterReference, range, message);
    }
}

/// Each `get_param` in `resources` naming a parameter the template does
/// not declare, where Heat reads it as the text says (not in what it never
/// reads, nor in a type that resolves nothing): its name and range.
fn undeclared<'a>(cx: &Context<'a, '_>, declared: &[&str]) -> Vec<(&'a str, TextRange)> {
    let template = cx.template;
    let tree = cx.tree;
    let Some(resources) = template.section("resources") else {
        return Vec::new();
    };
    let section = tree.range(resources);
    let mut found = Vec::new();
    for call in template.function_calls() {
        if call.name != "get_param" {
            continue;
        }
        let name_node = match tree.is_sequence(call.args) {
            true => match tree.items(call.args).first() {
                Some(&first) => first,
                None => continue,
            },
            false => call.args,
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
        {
            continue;
        }
        found.push((name, range));
    }
    found
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
