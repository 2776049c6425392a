#![doc = include_str!("type_not_a_template.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::{ReferenceKind, Target};

/// Each resource whose `type` names a file of the stack that is not a
/// template, in a file linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    for reference in cx.file_references {
        if reference.kind != ReferenceKind::Type
            || reference.reaches_template
            || !matches!(reference.target, Target::File(_))
        {
            continue;
        }
        if !cx.in_unconditional_resource(reference.range) {
            continue;
        }
        let message = format!(
            "`{}` is not a template (a mapping with `heat_template_version`): heatclient sends \
             it as a plain file, and Heat refuses the stack when it makes a stack of it (\"The \
             template is not a JSON object or YAML mapping.\", or \"Template format version not \
             found.\")",
            reference.written
        );
        cx.report(Rule::TypeNotATemplate, reference.range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    #[test]
    fn a_type_naming_a_file_that_is_no_template() {
        // A resource's type, and a group's member's, both refused when
        // Heat validates the stack (judged by Heat 27.0.1).
        let root = concat!(
            "heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml}\n",
            "  g:\n    type: OS::Heat::ResourceGroup\n",
            "    properties: {resource_def: {type: app.yaml}}\n",
        );
        for app in ["- a\n", "resources: {}\n", "a: [\n"] {
            let found = nested_findings(Rule::TypeNotATemplate, root, app, None);
            assert_eq!(found, ["app.yaml", "app.yaml"], "{app}");
        }
        let template = "heat_template_version: 2018-08-31\n";
        assert!(nested_findings(Rule::TypeNotATemplate, root, template, None).is_empty());
    }
}
