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
    if cx.as_root() {
        requested(cx);
    }
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
                let Some(why) = problem(kind, &parameter.constraints, &value, cx.now) else {
                    continue;
                };
                // Heat judges a nested template's parameters only in the
                // stacks it makes of it.
                if !declared.root && !stack.creates(&declared.interface.url) {
                    continue;
                }
                // Validation judges a nested template's defaults by its
                // constraints, and by their type only where a condition
                // reads them: a value of the wrong type fails otherwise
                // when the create makes that nested stack (judged by Heat
                // 27.0.1).
                let at_create =
                    !declared.root && parameter.constraints.is_empty() && !parameter.in_a_condition;
                let message = if at_create {
                    format!(
                        "parameter `{name}` of {} refuses this default: {why}; Heat accepts the \
                            stack, then fails its create when it makes the nested stack of {} \
                            (\"Parameter '{name}' is invalid\"), after the resources it creates \
                            first",
                        interface.name, interface.name
                    )
                } else if roots_only {
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
                if at_create {
                    diagnostic.stage = Some(crate::lint::Stage::Create);
                }
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

/// Each value the create request gives a parameter of the root (`-P`)
/// that the parameter refuses, reported where the root declares it.
fn requested(cx: &mut Context<'_, '_>) {
    let Some(stack) = cx.stack else { return };
    let requested = stack.requested();
    for (at, (name, given)) in requested.iter().enumerate() {
        // A name given again: Heat takes the last value.
        if requested[at + 1..].iter().any(|(later, _)| later == name) {
            continue;
        }
        let Some(declared) = stack.declarations(name).into_iter().find(|d| d.root) else {
            continue;
        };
        let interface = &declared.interface;
        let Some(parameter) = interface.parameters.iter().find(|p| p.name == *name) else {
            continue;
        };
        let Some((kind, value)) = as_parameter(parameter.kind.as_deref(), given) else {
            continue;
        };
        let Some(why) = problem(kind, &parameter.constraints, &value, cx.now) else {
            continue;
        };
        let shown = given.python_str().unwrap_or_default();
        cx.report(
            Rule::InvalidEnvironmentValue,
            parameter.range,
            format!(
                "parameter `{name}` refuses the value the create request gives it (`-P {name}={shown}`): {why}; Heat refuses the stack (\"Parameter '{name}' is invalid\")"
            ),
        );
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
    fn values_the_create_request_gives() {
        use crate::catalog::Catalog;
        use crate::lint::{LintOptions, StackLinter};
        use crate::stack::{GatherCache, MemoryFiles, Stack};
        let root = "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: number\n    default: 1\n    constraints: [{range: {min: 1, max: 10}}]\n  name: {type: string}\n";
        let found = |parameters: &[(&str, &str)]| {
            let files = vec![("file:///t/root.yaml", root)];
            let mut stack = Stack::gather("file:///t/root.yaml", &[], &MemoryFiles(files));
            stack.parameters = (parameters.iter())
                .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
                .collect();
            let linter = StackLinter::new(&stack, &mut GatherCache::default());
            (linter
                .lint(0, &LintOptions::new(Catalog::builtin()))
                .into_iter())
            .filter(|d| d.rule == Rule::InvalidEnvironmentValue)
            .map(|d| (root[d.range.as_usize()].to_owned(), d.message))
            .collect::<Vec<_>>()
        };
        assert_eq!(
            found(&[("size", "11"), ("name", "web")]),
            [(
                "size".to_owned(),
                "parameter `size` refuses the value the create request gives it (`-P size=11`): 11 is out of range (min 1, max 10); Heat refuses the stack (\"Parameter 'size' is invalid\")".to_owned()
            )]
        );
        assert!(found(&[("size", "4")]).is_empty());
        // The last value given for a name is the one Heat takes.
        assert!(found(&[("size", "11"), ("size", "4")]).is_empty());
    }

    /// A nested template's default is judged at validate by its
    /// constraints, and by its type only when the create makes the stack.
    #[test]
    fn a_nested_default_of_the_wrong_type_fails_the_create() {
        use crate::lint::rules::test_support::stack_diagnostics;
        use crate::lint::Stage;
        let app = "heat_template_version: 2018-08-31\nparameters:\
            \n  data: {type: json, default: {}}\n  text: {type: json, default: {}}\
            \n  free: {type: number, default: 1}\n  ranged:\n    type: number\n    default: 1\
            \n    constraints: [{range: {min: 1, max: 10}}]\n  on: {type: boolean, default: true}\
            \noutputs:\n  o: {value: {if: [{get_param: on}, 1, 2]}}\n";
        let root = "heat_template_version: 2018-08-31\nresources:\n  app: {type: app.yaml}\n";
        let env = "parameter_defaults: {free: many, ranged: many, data: not json, text: '[1]', on: maybe}\
            \n";
        let files = vec![
            ("file:///t/root.yaml", root),
            ("file:///t/app.yaml", app),
            ("file:///t/env.yaml", env),
        ];
        let found = stack_diagnostics(
            Rule::InvalidEnvironmentValue,
            files,
            &["file:///t/env.yaml"],
            "file:///t/env.yaml",
        );
        let stages: Vec<(String, Option<Stage>)> =
            found.into_iter().map(|(text, d)| (text, d.stage)).collect();
        // `free` and `ranged` are given `many`; `text` is JSON; an `if`
        // reads `on` while Heat validates.
        assert_eq!(
            stages,
            [
                ("many", Some(Stage::Create)),
                ("many", Some(Stage::Validate)),
                ("not json", Some(Stage::Create)),
                ("maybe", Some(Stage::Validate))
            ]
            .map(|(text, stage)| (text.to_owned(), stage))
        );
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
