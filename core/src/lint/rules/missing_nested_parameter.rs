#![doc = include_str!("missing_nested_parameter.md")]

use crate::lint::context::{Context, NestedUse};
use crate::lint::{Related, Rule};

/// The parameters without a default of the template `used` makes a
/// stack of that nothing gives.
pub(crate) fn check_use(cx: &mut Context<'_, '_>, used: &NestedUse<'_>) {
    let template = cx.template;
    let tree = cx.tree;
    let Some(nested) = cx.stack else {
        return;
    };
    let in_the_root = cx.as_root();
    let interface = used.interface;
    let properties = used.definition.properties_mapping(tree);
    if properties.is_some_and(|p| template.is_call(p)) {
        return;
    }
    let given: Vec<&str> = properties
        .map(|p| {
            (cx.flattened(p).iter())
                .filter_map(|merged| tree.scalar(merged.entry.key))
                .collect()
        })
        .unwrap_or_default();
    let Some(type_entry) = used.definition.type_entry else {
        return;
    };
    for parameter in &interface.parameters {
        let name = &parameter.name;
        if parameter.has_default || given.contains(&name.as_str()) || nested.has_default(name) {
            continue;
        }
        let message = match &used.member_of {
            None => format!(
                "{}'s parameter `{name}` has no default and `{}` does not pass it (nor do the environments' parameter_defaults): Heat refuses the stack (\"Property {name} not assigned\")",
                interface.name, used.user
            ),
            Some(group) => format!(
                "{}'s parameter `{name}` has no default and the members of `{group}` are not given it (nor do the environments' parameter_defaults): Heat accepts the template, then fails the create of `{group}` when it builds its members (\"Property {name} not assigned\")",
                interface.name
            ),
        };
        let diagnostic = cx.report(
            Rule::MissingNestedParameter,
            tree.range(type_entry.value),
            message,
        );
        // A group's members are built when the group is created; a
        // nested template's uses, when the stack of that template is.
        // But where the template used reads the parameter in a
        // condition, Heat evaluates it, missing, while it validates
        // ("Unrecognized value 'None'"; judged by Heat 27.0.1 on
        // TripleO's chains).
        let built_at_create = used.member_of.is_some() || !in_the_root;
        if built_at_create && !parameter.in_a_condition {
            diagnostic.stage = Some(crate::lint::Stage::Create);
        }
        diagnostic.related.push(Related {
            url: interface.url.clone(),
            range: parameter.range,
            message: format!("`{name}` is declared here, without a default"),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    /// In a nested template, a use that leaves out a parameter fails when
    /// the create makes that stack; but Heat evaluates a condition that
    /// reads it, missing, while it validates (judged by Heat 27.0.1 on
    /// TripleO's services, tests/fixtures/heat-verdicts/).
    #[test]
    fn the_stage_in_a_nested_template() {
        use crate::lint::rules::test_support::stack_diagnostics;
        use crate::lint::Stage;
        let stage = |inner: &'static str| {
            let files = vec![
                (
                    "file:///t/root.yaml",
                    "heat_template_version: 2018-08-31\nresources:\n  m: {type: mid.yaml}\n",
                ),
                (
                    "file:///t/mid.yaml",
                    "heat_template_version: 2018-08-31\nresources:\n  i: {type: inner.yaml}\n",
                ),
                ("file:///t/inner.yaml", inner),
            ];
            let found = stack_diagnostics(
                Rule::MissingNestedParameter,
                files,
                &[],
                "file:///t/mid.yaml",
            );
            found.into_iter().map(|(_, d)| d.stage).collect::<Vec<_>>()
        };
        let plain = "heat_template_version: 2018-08-31\nparameters:\n  on: {type: boolean}\n";
        assert_eq!(stage(plain), [Some(Stage::Create)]);
        let read = "heat_template_version: 2018-08-31\nparameters:\n  on: {type: boolean}\
            \noutputs:\n  o: {value: {if: [{get_param: on}, 1, 2]}}\n";
        assert_eq!(stage(read), [Some(Stage::Validate)]);
    }

    #[test]
    fn cases() {
        let app = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\n  colour: {type: string, default: red}\n";
        let found = |root: &'static str, env: Option<&'static str>| {
            nested_findings(Rule::MissingNestedParameter, root, app, env)
        };
        let bare = "heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml}\n";
        assert_eq!(found(bare, None), ["app.yaml"]);
        // A group's members, built from resource_def when the group is created.
        assert_eq!(
            found("heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: app.yaml, properties: {colour: blue}}\n", None),
            ["app.yaml"]
        );
        assert!(found(
            "heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml, properties: {size: 2}}\n",
            None
        )
        .is_empty());
        // parameter_defaults reach nested templates too.
        assert!(found(bare, Some("parameter_defaults:\n  size: 3\n")).is_empty());
    }
}
