#![doc = include_str!("invalid_condition.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
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
    let Some(conditions) = template
        .section("conditions")
        .filter(|&c| tree.is_mapping(c))
    else {
        return;
    };
    let condition_function = |name: &str| version.condition_functions.iter().any(|f| f == name);
    for entry in tree.entries(conditions) {
        let definition = entry.value;
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
            // Their arguments, as Heat's Equals, And and Or read them.
            let items = tree
                .is_sequence(call.args)
                .then(|| tree.items(call.args).len());
            let name = call.name;
            let heat_says = match (name, items) {
                ("equals", Some(2)) | ("and" | "or", Some(2..)) => continue,
                _ if template.is_call(call.args) => continue,
                ("equals", _) => {
                    format!("Arguments to \"{name}\" must be of the form: [value_1, value_2]")
                }
                ("and" | "or", Some(_)) => {
                    format!("The minimum number of condition arguments to \"{name}\" is 2.")
                }
                ("and" | "or", None) => {
                    format!("Arguments to \"{name}\" must be a list of conditions")
                }
                _ => continue,
            };
            let message = format!("the arguments of `{name}` are not what Heat reads: Heat refuses the template (\"{heat_says}\")");
            cx.report(Rule::InvalidCondition, tree.range(call.args), message);
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

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidCondition,
            &[
                finds("heat_template_version: rocky\nconditions:\n  c: {equals: [{get_attr: [r, a]}, 1]}\n", 1),
                finds("heat_template_version: rocky\nconditions:\n  c: {equals: [1]}\n  d: {and: [c]}\n  e: {or: [c, true]}\n", 2),
                // The definition is no condition function, and the call is
                // refused where it is.
                finds("heat_template_version: rocky\nconditions:\n  c: {list_join: [',', [a]]}\n", 2),
                finds("heat_template_version: rocky\nparameters:\n  p: {type: string}\nconditions:\n  c: {equals: [{get_param: p}, 1]}\n  d: c\n  e: true\n", 0),
            ],
        );
    }
}
