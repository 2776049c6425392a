#![doc = include_str!("unknown_environment_parameter.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;
use crate::template::DocumentKind;

/// Each key of an environment's `parameters` the root template does not
/// declare, in an environment linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    if cx.as_root() {
        requested(cx);
    }
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

/// Each name the create request gives a value (`-P`) that the root does
/// not declare, reported on the root's `parameters` key (or its first
/// section, when it has none).
fn requested(cx: &mut Context<'_, '_>) {
    let (template, tree) = (cx.template, cx.tree);
    let (Some(stack), Some(declared)) = (cx.stack, cx.stack.and_then(|s| s.root_parameters()))
    else {
        return;
    };
    let sections = template.sections();
    let Some(at) = (sections.iter())
        .find(|s| tree.scalar(s.entry.key) == Some("parameters"))
        .or(sections.first())
        .map(|s| tree.range(s.entry.key))
    else {
        return;
    };
    let mut reported: Vec<&str> = Vec::new();
    for (name, _) in stack.requested() {
        if declared.iter().any(|d| d == name) || reported.contains(&name.as_str()) {
            continue;
        }
        reported.push(name);
        let message = with_suggestions(
            format!(
                "the create request gives `{name}` a value (`-P {name}=...`), which the root template does not declare: Heat refuses the stack (\"The Parameter ({name}) was not defined in template.\")"
            ),
            &closest(name, declared.iter().map(String::as_str)),
        );
        cx.report(Rule::UnknownEnvironmentParameter, at, message);
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

    #[test]
    fn names_the_create_request_gives() {
        use crate::catalog::Catalog;
        use crate::lint::{LintOptions, StackLinter};
        use crate::stack::{GatherCache, MemoryFiles, Stack};
        let root =
            "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number, default: 1}\n";
        let files = vec![("file:///t/root.yaml", root)];
        let mut stack = Stack::gather("file:///t/root.yaml", &[], &MemoryFiles(files));
        stack.parameters = vec![
            ("sise".to_owned(), "2".to_owned()),
            ("size".to_owned(), "2".to_owned()),
        ];
        let linter = StackLinter::new(&stack, &mut GatherCache::default());
        let found: Vec<(String, String)> = (linter.lint(0, &LintOptions::new(Catalog::builtin())))
            .into_iter()
            .filter(|d| d.rule == Rule::UnknownEnvironmentParameter)
            .map(|d| (root[d.range.as_usize()].to_owned(), d.message))
            .collect();
        assert_eq!(
            found,
            [(
                "parameters".to_owned(),
                "the create request gives `sise` a value (`-P sise=...`), which the root template does not declare: Heat refuses the stack (\"The Parameter (sise) was not defined in template.\"); did you mean `size`?".to_owned()
            )]
        );
    }
}
