#![doc = include_str!("invalid_function_arguments.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::functions::argument_problem;

/// A function call whose arguments Heat refuses.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let version = template.hot_template_version();
    for call in template.function_calls() {
        if let Some((message, range)) = argument_problem(cx.tree, call, version) {
            cx.report(Rule::InvalidFunctionArguments, range, message);
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
            Rule::InvalidFunctionArguments,
            &[
                finds("heat_template_version: 2013-05-23\noutputs:\n  o: {value: {get_resource: [a]}}\n", 1),
                finds("heat_template_version: 2013-05-23\nresources:\n  a: {type: OS::Heat::None}\noutputs:\n  o: {value: {get_resource: a}}\n", 0),
            ],
        );
    }
}
