#![doc = include_str!("invalid_condition.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::lint::Severity;
use crate::syntax::{NodeId, Resolved};
use crate::template::unread::Unread;
use crate::template::DocumentKind;

/// The `conditions` section as Heat reads it: each definition a boolean,
/// a condition's name or a condition function, and no other function
/// inside ("The function "get_attr" is invalid in this context").
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let (Some(version), DocumentKind::Hot) = (template.hot_template_version(), template.kind())
    else {
        return;
    };
    let tree = cx.tree;
    if !version.condition_functions.is_empty() {
        undefined_names(cx, template.section("conditions"));
    }
    let Some(conditions) = template
        .section("conditions")
        .filter(|&c| tree.is_mapping(c))
    else {
        return;
    };
    let condition_function = |name: &str| version.condition_functions.iter().any(|f| f == name);
    for entry in tree.entries(conditions) {
        let definition = tree.alias_target(entry.value).unwrap_or(entry.value);
        let name = tree.scalar(entry.key).unwrap_or_default();
        if !tree.is_mapping(definition)
            && !matches!(tree.resolve(definition), Some(Resolved::Bool(_)))
        {
            // Heat's `_check_condition_type`: a boolean or a function, not
            // even another condition's name.
            let message = format!(
                "the definition of condition `{name}` is invalid: it must be true, false or a condition function ({}), not even another condition's name; Heat refuses the stack (\"The definition of condition \\\"{name}\\\" is invalid\")",
                version.condition_functions.join(", ")
            );
            cx.report(Rule::InvalidCondition, tree.range(definition), message);
            continue;
        }
        let [key, _] = *tree.children(definition) else {
            continue;
        };
        let written = tree.scalar(key).unwrap_or_default();
        if tree.is_mapping(definition) && !condition_function(written) {
            let message = format!(
                "the definition of condition `{}` is invalid: `{written}` is not a condition function in heat_template_version {}; Heat accepts {}",
                tree.scalar(entry.key).unwrap_or_default(),
                version.display(),
                version.condition_functions.join(", ")
            );
            cx.report(Rule::InvalidCondition, tree.range(key), message);
        }
    }
    let range = tree.range(conditions);
    for call in template.function_calls() {
        let at = tree.range(call.call);
        if at.start < range.start || range.end < at.end {
            continue;
        }
        if condition_function(call.name) {
            if let Some(heat_says) = refused_arguments(template, call) {
                let message = format!(
                    "the arguments of `{}` are not what Heat reads: Heat refuses the template \
                     (\"{heat_says}\")",
                    call.name
                );
                cx.report(Rule::InvalidCondition, tree.range(call.args), message);
            }
            continue;
        }
        // A removed function is refused as such (removed-function).
        if version.removes(call.name) {
            continue;
        }
        let message = format!(
            "`{}` is invalid in a condition: Heat refuses it there; conditions take {}",
            call.name,
            version.condition_functions.join(", ")
        );
        cx.report(Rule::InvalidCondition, tree.range(call.key), message);
    }
}

/// What Heat says of a condition function's arguments it refuses, as its
/// Equals, Not, And and Or read them.
fn refused_arguments(
    template: &crate::template::Template<'_>,
    call: &crate::template::FunctionCall,
) -> Option<String> {
    let tree = template.tree();
    let items = (tree.is_sequence(call.args)).then(|| tree.items(call.args).len());
    let name = call.name;
    Some(match (name, items) {
        ("equals", Some(2)) | ("and" | "or", Some(2..)) => return None,
        _ if template.is_call(call.args) => return None,
        ("not", _) if tree.resolve(call.args) == Some(Resolved::Null) => {
            "Argument to \"not\" must be a condition".to_owned()
        }
        // A map that is no function is read as a condition's name.
        ("not", _) if tree.is_mapping(call.args) => "Invalid condition".to_owned(),
        ("equals", _) => {
            format!("Arguments to \"{name}\" must be of the form: [value_1, value_2]")
        }
        ("and" | "or", Some(_)) => {
            format!("The minimum number of condition arguments to \"{name}\" is 2.")
        }
        ("and" | "or", None) => format!("Arguments to \"{name}\" must be a list of conditions"),
        _ => return None,
    })
}

/// A CloudFormation resource's or output's `Condition` naming no condition
/// of `Conditions`: Heat refuses the stack ("Invalid condition").
pub(crate) fn cfn_undefined_names(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    if template.kind() != DocumentKind::CloudFormation {
        return;
    }
    let tree = cx.tree;
    let conditions = template
        .section("Conditions")
        .filter(|&c| tree.is_mapping(c));
    let bodies = template
        .resources()
        .iter()
        .map(|r| r.entry.value)
        .chain(template.outputs().iter().map(|o| o.entry.value));
    for body in bodies {
        let Some(node) = tree.get(body, "Condition") else {
            continue;
        };
        let Some(Resolved::Str(name)) = tree.resolve(node) else {
            continue;
        };
        if let Some(definition) = conditions.and_then(|c| tree.get(c, name)) {
            unknown_parameter_refs(cx, definition);
            continue;
        }
        let message = format!(
            "there is no condition `{name}` in `Conditions`: Heat refuses the stack \
             (\"Invalid condition\")"
        );
        cx.report(Rule::InvalidCondition, tree.range(node), message);
    }
}

/// A used CloudFormation condition's `Ref` to no parameter: Heat refuses
/// the stack when it decides the condition.
fn unknown_parameter_refs(cx: &mut Context<'_, '_>, definition: NodeId) {
    let template = cx.template;
    let tree = cx.tree;
    let range = tree.range(definition);
    for call in template.function_calls() {
        let at = tree.range(call.args);
        if call.name != "Ref" || at.start < range.start || at.end > range.end {
            continue;
        }
        let Some(name) = tree.scalar(call.args) else {
            continue;
        };
        if name.starts_with("AWS::") || template.parameters().iter().any(|p| p.name == name) {
            continue;
        }
        let message = format!(
            "this condition refers to `{name}`, which `Parameters` does not declare: Heat \
             refuses the stack when it decides the condition"
        );
        cx.report(Rule::InvalidCondition, at, message);
    }
}

/// The condition names Heat looks up when it decides a condition: a
/// resource's and an output's `condition`, an `if`'s first argument, and,
/// in each condition so reached, a definition that is a name and the names
/// `not`, `and` and `or` take. A name the `conditions` section lacks makes
/// Heat refuse the stack ("Invalid condition"); one only an unused
/// condition names is never looked up, and Heat accepts it.
fn undefined_names(cx: &mut Context<'_, '_>, conditions: Option<NodeId>) {
    let template = cx.template;
    let tree = cx.tree;
    let defined: Vec<(&str, NodeId)> = conditions
        .filter(|&c| tree.is_mapping(c))
        .map(|c| {
            (tree.entries(c))
                .filter_map(|e| Some((tree.scalar(e.key)?, e.value)))
                .collect()
        })
        .unwrap_or_default();
    // Each use, and whether Heat decides it only with other parameter
    // values than those it has here (an `if` in a branch it does not take).
    let mut uses: Vec<(NodeId, bool)> = Vec::new();
    for resource in template.resources() {
        uses.extend(
            tree.get(resource.entry.value, "condition")
                .map(|n| (n, false)),
        );
    }
    for output in template.outputs() {
        uses.extend(
            tree.get(output.entry.value, "condition")
                .map(|n| (n, false)),
        );
    }
    let value_of = |name: &str| cx.parameter_value(name).map(|value| value.value);
    let ifs: Vec<_> = template
        .function_calls()
        .iter()
        .filter(|c| c.name == "if")
        .collect();
    // Made only for a template with an `if`: most have none.
    let with_values = (!ifs.is_empty()).then(|| Unread::with_values(template, &value_of));
    for call in ifs {
        let at = tree.range(call.call);
        // An `if` in a branch Heat never takes, or in a resource it never
        // creates, is never decided.
        if tree.is_sequence(call.args) && !cx.unread().contains(at) {
            let first = tree.items(call.args).first();
            let other_values = with_values.as_ref().is_some_and(|w| w.contains(at));
            uses.extend(first.map(|&n| (n, other_values)));
        }
    }
    let decided: Vec<NodeId> = uses.iter().filter(|u| !u.1).map(|u| u.0).collect();
    circular(cx, &defined, &decided);
    let mut followed: Vec<NodeId> = Vec::new();
    while let Some((node, other_values)) = uses.pop() {
        let node = tree.alias_target(node).unwrap_or(node);
        if let Some(call) = template.call_at(node) {
            match call.name {
                "not" => uses.push((call.args, other_values)),
                "and" | "or" if tree.is_sequence(call.args) => {
                    uses.extend(tree.items(call.args).iter().map(|&n| (n, other_values)));
                }
                _ => {}
            }
            continue;
        }
        let Some(Resolved::Str(name)) = tree.resolve(node) else {
            continue;
        };
        match defined.iter().find(|(defined, _)| *defined == name) {
            // A definition that is no function is refused as such.
            Some(&(_, definition)) => {
                if template.call_at(definition).is_some() && !followed.contains(&definition) {
                    followed.push(definition);
                    uses.push((definition, other_values));
                }
            }
            None => {
                let mut message = format!(
                    "`{name}` names no condition of the `conditions` section: Heat refuses the stack (\"Invalid condition \\\"{name}\\\"\")"
                );
                if other_values {
                    message.push_str("; but with the parameters' values here (their defaults, or what the environments give) Heat takes the other branch, and accepts the stack: it refuses this only with other values");
                }
                let diagnostic = cx.report(Rule::InvalidCondition, tree.range(node), message);
                if other_values {
                    diagnostic.severity = Severity::Warning;
                }
            }
        }
    }
}

/// A condition that Heat, deciding it, reaches again before it is decided
/// ("Circular definition for condition"). Heat decides a condition when a
/// resource, an output or an `if` uses it, and within it always decides
/// `not`'s argument and the first of `and`'s and `or`'s; the next only when
/// those before do not settle the answer, which is followed here only past
/// a literal boolean: nothing is reported that Heat may never reach.
fn circular(cx: &mut Context<'_, '_>, defined: &[(&str, NodeId)], uses: &[NodeId]) {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        Deciding,
        Decided,
    }
    let template = cx.template;
    let tree = cx.tree;
    let mut states: Vec<Option<State>> = vec![None; defined.len()];
    // (node, the condition whose definition it is in, on leaving)
    let mut stack: Vec<(NodeId, Option<usize>)> = uses.iter().rev().map(|&n| (n, None)).collect();
    while let Some((node, leaving)) = stack.pop() {
        if let Some(index) = leaving {
            states[index] = Some(State::Decided);
            continue;
        }
        let node = tree.alias_target(node).unwrap_or(node);
        if let Some(call) = template.call_at(node) {
            let decided: &[NodeId] = match call.name {
                "not" => std::slice::from_ref(&call.args),
                "and" | "or" if tree.is_sequence(call.args) => {
                    // Past a literal that does not settle the answer (`true`
                    // for `and`, `false` for `or`), Heat reads the next.
                    let goes_on = Resolved::Bool(call.name == "and");
                    let items = tree.items(call.args);
                    let read = items
                        .iter()
                        .position(|&n| tree.resolve(n) != Some(goes_on))
                        .map_or(items.len(), |i| i + 1);
                    &items[..read]
                }
                _ => &[],
            };
            stack.extend(decided.iter().rev().map(|&n| (n, None)));
            continue;
        }
        let Some(Resolved::Str(name)) = tree.resolve(node) else {
            continue;
        };
        let Some(index) = defined.iter().position(|(defined, _)| *defined == name) else {
            continue;
        };
        match states[index] {
            Some(State::Decided) => {}
            Some(State::Deciding) => {
                let message = format!(
                    "condition `{name}` depends on itself: Heat refuses the stack \
                     (\"Circular definition for condition \\\"{name}\\\"\")"
                );
                cx.report(Rule::InvalidCondition, tree.range(node), message);
                return;
            }
            None => {
                let definition = defined[index].1;
                states[index] = Some(State::Deciding);
                stack.push((definition, Some(index)));
                // A definition that is a bare name is refused as such.
                if template
                    .call_at(tree.alias_target(definition).unwrap_or(definition))
                    .is_some()
                {
                    stack.push((definition, None));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidCondition,
            &[
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n",
                        "  c: {equals: [{get_attr: [r, a]}, 1]}\n",
                    ),
                    1,
                ),
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n  c: {equals: [1]}\n",
                        "  d: {and: [c]}\n  e: {or: [c, true]}\n",
                    ),
                    2,
                ),
                // The definition is no condition function, and the call is
                // refused where it is.
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n",
                        "  c: {list_join: [',', [a]]}\n",
                    ),
                    2,
                ),
                finds(
                    concat!(
                        "heat_template_version: rocky\nparameters:\n  p: {type: string}\n",
                        "conditions:\n  c: {equals: [{get_param: p}, 1]}\n  d: {not: c}\n",
                        "  e: true\n",
                    ),
                    0,
                ),
                // Heat takes no name as a whole definition, not even a
                // condition's; nor a number, a list or nothing.
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n  c: true\n  d: c\n  e: 1\n",
                        "  f: [c]\n  g:\n",
                    ),
                    4,
                ),
                // Circular definitions, where Heat decides them: `or`'s
                // first item is, the second only if the first is false.
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n  a: {not: b}\n",
                        "  b: {and: [{not: a}, true]}\nresources:\n",
                        "  r: {type: OS::Heat::None, condition: a}\n",
                    ),
                    1,
                ),
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n",
                        "  a: {and: [true, {not: a}]}\nresources:\n",
                        "  r: {type: OS::Heat::None, condition: a}\n",
                    ),
                    1,
                ),
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n  a: {not: a}\noutputs:\n",
                        "  o: {value: {if: [a, 1, 2]}}\n",
                    ),
                    1,
                ),
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n  a: {or: [true, a]}\n",
                        "  b: {not: c}\n  c: {not: b}\nresources:\n",
                        "  r: {type: OS::Heat::None, condition: a}\n",
                    ),
                    0,
                ),
                // `not` of nothing (Heat's `Not._check_args`).
                finds(
                    concat!(
                        "heat_template_version: rocky\nconditions:\n  c: {not: null}\n",
                        "  d: {not: true}\n  e: {not: {}}\n  f: {not: {equals: [1, 1]}}\n",
                    ),
                    2,
                ),
            ],
        );
    }
}
