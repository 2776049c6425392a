#![doc = include_str!("unknown_environment_parameter.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::suggest::closest;
use crate::lint::Rule;
use crate::template::DocumentKind;

/// Each key of an environment's `parameters` the root template does not
/// declare, in an environment linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let (Some(stack), DocumentKind::Environment) = (cx.stack, template.kind()) else {
        return;
    };
    let Some(declared) = stack.root_parameters() else {
        return;
    };
    for (name, entry) in template.section_entries("parameters") {
        if declared.iter().any(|d| d == name) {
            continue;
        }
        let message = with_suggestions(
            format!(
                "the root template declares no parameter `{name}`: Heat refuses the stack (\"The Parameter ({name}) was not defined in template.\"); give it under parameter_defaults if a nested template declares it"
            ),
            &closest(name, declared.iter().map(String::as_str)),
        );
        cx.report(
            Rule::UnknownEnvironmentParameter,
            tree.range(entry.key),
            message,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::environment_findings;
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let root =
            "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number, default: 1}\n";
        let found = |env| environment_findings(Rule::UnknownEnvironmentParameter, root, env);
        assert_eq!(found("parameters:\n  size: 2\n  colour: red\n"), ["colour"]);
        assert!(found("parameters:\n  size: 2\nparameter_defaults:\n  colour: red\n").is_empty());
    }
}
