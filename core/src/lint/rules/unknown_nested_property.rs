#![doc = include_str!("unknown_nested_property.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::{Related, Rule};
use crate::stack::Interface;
use crate::suggest::closest;
use crate::syntax::Entry;

/// The property `entry` written for a definition made from `interface`.
pub(crate) fn property(cx: &mut Context<'_, '_>, interface: &Interface, entry: Entry) {
    let tree = cx.tree;
    let Some(key) = tree.scalar(entry.key) else {
        return;
    };
    if interface.has(key) {
        return;
    }
    let names = interface.parameters.iter().map(|p| p.name.as_str());
    let message = with_suggestions(
        format!(
            "`{key}` is not a parameter of {}: Heat refuses the resource (\"Unknown Property {key}\")",
            interface.name
        ),
        &closest(key, names),
    );
    let diagnostic = cx.report(Rule::UnknownNestedProperty, tree.range(entry.key), message);
    if let Some(first) = interface.parameters.first() {
        diagnostic.related.push(Related {
            url: interface.url.clone(),
            range: first.range,
            message: format!("the parameters {} declares", interface.name),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let app = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\n  colour: {type: string, default: red}\n";
        let found = |root: &'static str, env: Option<&'static str>| {
            nested_findings(Rule::UnknownNestedProperty, root, app, env)
        };
        assert_eq!(
            found(
                "heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml, properties: {size: 1, color: blue}}\n",
                None
            ),
            ["color"]
        );
        assert_eq!(
            found(
                "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: app.yaml, properties: {size: 1, color: blue}}\n",
                None
            ),
            ["color"]
        );
        assert!(found(
            "heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml, properties: {size: 1, colour: blue}}\n",
            None
        )
        .is_empty());
        // Through the registry.
        assert_eq!(
            found(
                "heat_template_version: 2018-08-31\nresources:\n  a: {type: My::App, properties: {size: 1, shape: round}}\n",
                Some("resource_registry:\n  My::App: app.yaml\n")
            ),
            ["shape"]
        );
    }
}
