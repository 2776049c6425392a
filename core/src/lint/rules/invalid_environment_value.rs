#![doc = include_str!("invalid_environment_value.md")]

use crate::lint::context::Context;
use crate::lint::schema::{as_parameter, problem};
use crate::lint::{Related, Rule};
use crate::template::value::literal;
use crate::template::DocumentKind;

/// Each value of an environment's `parameters` and `parameter_defaults`
/// that a parameter it applies to refuses, in a file linted as part of
/// its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let (Some(stack), DocumentKind::Environment) = (cx.stack, template.kind()) else {
        return;
    };
    for (section, roots_only) in [("parameters", true), ("parameter_defaults", false)] {
        for (name, entry) in template.section_entries(section) {
            let budget = std::cell::Cell::new(10_000);
            let given = literal(tree, entry.value, 0, 32, &budget);
            if given.unknown_part().is_some() {
                continue;
            }
            for declared in stack.declarations(name) {
                if roots_only && !declared.root {
                    continue;
                }
                let interface = &declared.interface;
                let Some(parameter) = interface.parameters.iter().find(|p| p.name == name) else {
                    continue;
                };
                let Some((kind, value)) = as_parameter(parameter.kind.as_deref(), &given) else {
                    continue;
                };
                let Some(why) = problem(kind, &parameter.constraints, &value) else {
                    continue;
                };
                // Heat judges a nested template's parameters only in the
                // stacks it makes of it.
                if !declared.root && !stack.creates(&declared.interface.url) {
                    continue;
                }
                let message = if roots_only {
                    format!(
                        "parameter `{name}` of {} refuses this value: {why}; Heat refuses the stack (\"Parameter '{name}' is invalid\")",
                        interface.name
                    )
                } else {
                    format!(
                        "parameter `{name}` of {} refuses this default: {why}; Heat refuses the stack (\"Parameter '{name}' is invalid: Invalid default\")",
                        interface.name
                    )
                };
                let diagnostic = cx.report(
                    Rule::InvalidEnvironmentValue,
                    tree.range(entry.value),
                    message,
                );
                diagnostic.related.push(Related {
                    url: interface.url.clone(),
                    range: parameter.range,
                    message: format!("`{name}` is declared here"),
                });
                // One finding per value: the first template that refuses it.
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{environment_findings, stack_findings};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let root = "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: number\n    default: 1\n    constraints: [{range: {min: 1, max: 10}}]\nresources:\n  app: {type: app.yaml}\n";
        let found = |env| environment_findings(Rule::InvalidEnvironmentValue, root, env);
        assert_eq!(found("parameters:\n  size: 11\n"), ["11"]);
        assert_eq!(found("parameter_defaults:\n  size: big\n"), ["big"]);
        assert!(found("parameters:\n  size: 3\nparameter_defaults:\n  size: '4'\n").is_empty());
        // `name` is only the nested template's: parameters do not reach it.
        assert!(found("parameters:\n  name: 3\n").is_empty());
    }

    #[test]
    fn only_in_the_nested_stacks_heat_creates() {
        let app = "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: number\n    default: 1\n    constraints: [{range: {min: 1, max: 10}}]\n";
        let found = |root: &'static str, env: &'static str| {
            let files = vec![
                ("file:///t/root.yaml", root),
                ("file:///t/app.yaml", app),
                ("file:///t/env.yaml", env),
            ];
            let environments = ["file:///t/env.yaml"];
            stack_findings(
                Rule::InvalidEnvironmentValue,
                files,
                &environments,
                "file:///t/env.yaml",
            )
        };
        let conditional = "heat_template_version: 2018-08-31\nparameters:\n  mode: {type: string, default: 'off'}\nconditions:\n  enabled: {equals: [{get_param: mode}, 'on']}\nresources:\n  app: {type: app.yaml, condition: enabled}\n";
        assert!(found(conditional, "parameter_defaults:\n  size: 11\n").is_empty());
        assert_eq!(
            found(
                conditional,
                "parameters:\n  mode: 'on'\nparameter_defaults:\n  size: 11\n"
            ),
            ["11"]
        );
        let empty = "heat_template_version: 2018-08-31\nresources:\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 0, resource_def: {type: app.yaml}}}\n";
        assert!(found(empty, "parameter_defaults:\n  size: 11\n").is_empty());
    }
}
