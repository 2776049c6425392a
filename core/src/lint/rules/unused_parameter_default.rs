#![doc = include_str!("unused_parameter_default.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::template::DocumentKind;

/// Each key of an environment's `parameter_defaults` that no template of
/// the stack declares, in an environment linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let (Some(stack), DocumentKind::Environment) = (cx.stack, template.kind()) else {
        return;
    };
    // A file that could not be read may declare it: nothing is known.
    if !stack.is_complete() {
        return;
    }
    for (name, entry) in template.section_entries("parameter_defaults") {
        if stack.declares(name) {
            continue;
        }
        let closest = stack.closest_parameters(name);
        let message = with_suggestions(
            format!(
                "no template of the stack declares a parameter `{name}`: Heat ignores this default, so the setting never applies"
            ),
            &closest.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        cx.report(Rule::UnusedParameterDefault, tree.range(entry.key), message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::environment_findings;
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let root = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number, default: 1}\nresources:\n  app: {type: app.yaml}\n";
        let found = |env| environment_findings(Rule::UnusedParameterDefault, root, env);
        // `name` is the nested template's (test_support's app.yaml).
        assert_eq!(
            found("parameter_defaults:\n  size: 2\n  name: web\n  sise: 3\n"),
            ["sise"]
        );
        // A template a resource uses that is not there may declare it.
        let broken = "heat_template_version: 2018-08-31\nresources:\n  app: {type: app.yaml}\n  gone: {type: gone.yaml}\n";
        let found = |env| environment_findings(Rule::UnusedParameterDefault, broken, env);
        assert!(found("parameter_defaults:\n  sise: 3\n").is_empty());
        // One only a registry entry no resource uses names declares nothing
        // to Heat either.
        let fine = "heat_template_version: 2018-08-31\nresources:\n  app: {type: app.yaml}\n  used: {type: Used}\n";
        let found = |env| environment_findings(Rule::UnusedParameterDefault, fine, env);
        let unused = "resource_registry:\n  Unused: gone.yaml\n  Used: app.yaml\nparameter_defaults:\n  sise: 3\n";
        assert_eq!(found(unused), ["sise"]);
        let used = "resource_registry:\n  Used: gone.yaml\nparameter_defaults:\n  sise: 3\n";
        assert!(found(used).is_empty());
        // One heatwise does not fetch (a remote URL) may declare it.
        let remote = "heat_template_version: 2018-08-31\nresources:\n  app: {type: app.yaml}\n  far: {type: 'https://example.com/far.yaml'}\n";
        let found = |env| environment_findings(Rule::UnusedParameterDefault, remote, env);
        assert!(found("parameter_defaults:\n  sise: 3\n").is_empty());
    }
}
