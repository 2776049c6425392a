#![doc = include_str!("deprecated_parameter_set.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::DocumentKind;

/// Each key of an environment's `parameters` or `parameter_defaults` that
/// a template of its stack deprecates, in an environment linted as part
/// of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let (Some(stack), DocumentKind::Environment) = (cx.stack, template.kind()) else {
        return;
    };
    for section in ["parameters", "parameter_defaults"] {
        for (name, entry) in template.section_entries(section) {
            let Some(by) = stack.deprecated_by(name) else {
                continue;
            };
            let message = format!(
                "`{name}` is deprecated: {by} lists it under parameter_groups labelled deprecated; Heat still applies it, until the template drops it"
            );
            cx.report(Rule::DeprecatedParameterSet, tree.range(entry.key), message);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::environment_findings;
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let root = "heat_template_version: 2018-08-31\nparameters:\n  EnablePaunch: {type: boolean, default: true}\n  size: {type: number, default: 1}\nparameter_groups:\n- label: Deprecated\n  parameters: [EnablePaunch]\n";
        let found = |env| environment_findings(Rule::DeprecatedParameterSet, root, env);
        assert_eq!(
            found("parameter_defaults:\n  EnablePaunch: false\n  size: 2\n"),
            ["EnablePaunch"]
        );
        assert_eq!(
            found("parameters:\n  EnablePaunch: false\n"),
            ["EnablePaunch"]
        );
        assert!(found("parameter_defaults:\n  size: 2\n").is_empty());
    }
}
