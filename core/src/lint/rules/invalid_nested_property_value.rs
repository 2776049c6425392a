#![doc = include_str!("invalid_nested_property_value.md")]

use crate::lint::context::Context;
use crate::lint::schema::{as_parameter, given_value, has_call, problem};
use crate::lint::{Related, Rule};

/// Each property of a template resource whose value the nested template's
/// parameter refuses, in a file linted as part of its stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    for (interface, entry, member_of) in cx.nested_properties() {
        let value = entry.value;
        let Some(parameter) = tree
            .scalar(entry.key)
            .and_then(|key| interface.parameters.iter().find(|p| p.name == key))
        else {
            continue;
        };
        if template.call_at(value).is_none() && has_call(template, value) {
            continue;
        }
        let Some((given, from)) = given_value(template, value) else {
            continue;
        };
        // The property Heat makes of the parameter converts as a
        // property does.
        let Some((kind, given)) = as_parameter(parameter.kind.as_deref(), given) else {
            continue;
        };
        let Some(why) = problem(kind, &parameter.constraints, &given) else {
            continue;
        };
        let whose = format!("parameter `{}` of {}", parameter.name, interface.name);
        // A group builds its members when it is created: Heat accepts the
        // template and fails that create.
        let refuses = match &member_of {
            None => "Heat refuses the resource".to_owned(),
            Some(group) => format!(
                "Heat accepts the template, then fails the create of `{group}` when it builds its members"
            ),
        };
        let message = match from {
            None => format!("{whose} refuses this value: {why}; {refuses}"),
            Some(name) => format!(
                "{whose} refuses the default of `{name}` given through get_param: {why}; {refuses} unless another value is given"
            ),
        };
        let diagnostic = cx.report(Rule::InvalidNestedPropertyValue, tree.range(value), message);
        if member_of.is_some() {
            diagnostic.stage = Some(crate::lint::Stage::Create);
        }
        diagnostic.related.push(Related {
            url: interface.url.clone(),
            range: parameter.range,
            message: format!("`{}` is declared here", parameter.name),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let app = "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: number\n    default: 1\n    constraints:\n    - range: {min: 1, max: 10}\n  flag: {type: boolean, default: false}\n  names: {type: comma_delimited_list, default: []}\n";
        let found =
            |root: &'static str| nested_findings(Rule::InvalidNestedPropertyValue, root, app, None);
        assert_eq!(
            found("heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml, properties: {size: 11, flag: 'yes', names: {a: b}}}\n"),
            ["11", "'yes'", "{a: b}"]
        );
        assert!(found("heat_template_version: 2018-08-31\nparameters:\n  s: {type: string, default: '3'}\nresources:\n  a: {type: app.yaml, properties: {size: {get_param: s}, flag: 'true', names: 'a,b'}}\n").is_empty());
    }
}
