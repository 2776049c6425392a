#![doc = include_str!("invalid_nested_property_value.md")]

use crate::lint::context::Context;
use crate::lint::schema::{as_parameter, given_value, problem, Source};
use crate::lint::{Related, Rule};
use crate::stack::Interface;
use crate::syntax::Entry;
use crate::template::value::{Val, V};
use crate::time::UtcTime;

/// The property `entry` written for a definition made from `interface`
/// (for the members of the group `member_of`).
pub(crate) fn property(
    cx: &mut Context<'_, '_>,
    interface: &Interface,
    entry: Entry,
    member_of: Option<&str>,
) {
    let template = cx.template;
    let tree = cx.tree;
    let value = entry.value;
    let Some(parameter) = tree
        .scalar(entry.key)
        .and_then(|key| interface.parameters.iter().find(|p| p.name == key))
    else {
        return;
    };
    if template.call_at(value).is_none() && template.has_call_within(value) {
        return;
    }
    let Some((given, from)) = given_value(template, value, |name| cx.parameter_value(name)) else {
        return;
    };
    let Some((why, at_create)) = refusal(parameter, given, cx.now) else {
        return;
    };
    let whose = format!("parameter `{}` of {}", parameter.name, interface.name);
    // A group builds its members when it is created, and a nested
    // stack reads its json parameters when it is created: Heat accepts
    // the template and fails that create.
    let refuses = match (&member_of, at_create) {
        (None, false) => "Heat refuses the resource".to_owned(),
        (None, true) => format!(
            "Heat accepts the template, then fails the create of `{}`",
            cx.template
                .resources()
                .iter()
                .find(|r| {
                    let (body, at) = (tree.range(r.definition.body), tree.range(value));
                    body.start <= at.start && at.end <= body.end
                })
                .map_or("the resource", |r| r.name.as_str())
        ),
        (Some(group), _) => format!(
            "Heat accepts the template, then fails the create of `{group}` when it builds its members"
        ),
    };
    let message = match from {
        Source::Written => format!("{whose} refuses this value: {why}; {refuses}"),
        Source::Default(name) => format!(
            "{whose} refuses the default of `{name}` given through get_param: {why}; {refuses} unless another value is given"
        ),
        Source::Environment(name) => format!(
            "{whose} refuses the value the environments give `{name}`, which get_param passes: {why}; {refuses}"
        ),
        Source::Parent(name) => format!(
            "{whose} refuses the value the templates using this one give `{name}`, which get_param passes: {why}; {refuses}"
        ),
    };
    let diagnostic = cx.report(Rule::InvalidNestedPropertyValue, tree.range(value), message);
    if member_of.is_some() || at_create {
        diagnostic.stage = Some(crate::lint::Stage::Create);
    }
    diagnostic.related.push(Related {
        url: interface.url.clone(),
        range: parameter.range,
        message: format!("`{}` is declared here", parameter.name),
    });
}

/// Why the nested template's `parameter` refuses `given`, and whether
/// only the nested stack's create does (else the property's validation).
fn refusal(
    parameter: &crate::stack::NestedParameter,
    given: Val,
    now: Option<UtcTime>,
) -> Option<(String, bool)> {
    // The property Heat makes of a json parameter is a map, which takes
    // text, lists and nothing; the nested stack parses the text when it
    // is created.
    if parameter.kind.as_deref() == Some("json") {
        return match &given.v {
            V::Int(_) | V::Float(_) | V::Bool(_) => Some((
                format!(
                    "\"{}\" is not a map",
                    given.python_str().unwrap_or_default()
                ),
                false,
            )),
            V::Str(text)
                if !text.is_empty() && serde_json::from_str::<serde_json::Value>(text).is_err() =>
            {
                Some((
                    "the text is not valid JSON (\"Value must be valid JSON\")".into(),
                    true,
                ))
            }
            _ => None,
        };
    }
    // The property Heat makes of the parameter converts as a property does.
    let (kind, given) = as_parameter(parameter.kind.as_deref(), &given)?;
    Some((problem(kind, &parameter.constraints, &given, now)?, false))
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let app = "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: number\n    default: 1\n    constraints:\n    - range: {min: 1, max: 10}\n  flag: {type: boolean, default: false}\n  names: {type: comma_delimited_list, default: []}\n  data: {type: json, default: {}}\n";
        let found =
            |root: &'static str| nested_findings(Rule::InvalidNestedPropertyValue, root, app, None);
        assert_eq!(
            found("heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml, properties: {size: 11, flag: 'yes', names: {a: b}}}\n"),
            ["11", "'yes'", "{a: b}"]
        );
        // A json parameter: numbers and booleans are no map; text must
        // be JSON; lists, JSON text, empty text and null are taken.
        assert_eq!(
            found("heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml, properties: {data: 5}}\n  b: {type: app.yaml, properties: {data: not json}}\n  c: {type: app.yaml, properties: {data: true}}\n"),
            ["5", "not json", "true"]
        );
        assert!(found("heat_template_version: 2018-08-31\nresources:\n  a: {type: app.yaml, properties: {data: [1, 2]}}\n  b: {type: app.yaml, properties: {data: '{\"a\": 1}'}}\n  c: {type: app.yaml, properties: {data: ''}}\n  d: {type: app.yaml, properties: {data: null}}\n").is_empty());
        assert!(found("heat_template_version: 2018-08-31\nparameters:\n  s: {type: string, default: '3'}\nresources:\n  a: {type: app.yaml, properties: {size: {get_param: s}, flag: 'true', names: 'a,b'}}\n").is_empty());
    }
}
