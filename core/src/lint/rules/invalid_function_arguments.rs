#![doc = include_str!("invalid_function_arguments.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::syntax::Resolved;
use crate::template::arguments::{argument_problem, cfn_result_class};
use crate::template::result_problem;
use crate::text::TextRange;

/// A function call whose arguments Heat refuses: when it reads the
/// template, or, for literal arguments in a resource's properties, when it
/// resolves them while validating the stack.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let version = template.hot_template_version();
    let is_call = |node| template.is_call(node);
    let properties: Vec<TextRange> = template
        .resources()
        .iter()
        .filter_map(|r| r.definition.properties.map(|e| tree.range(e.value)))
        .collect();
    for call in template.function_calls() {
        let mut found = argument_problem(tree, call, version, &is_call);
        let range = tree.range(call.call);
        let in_properties = properties
            .iter()
            .any(|p| p.start <= range.start && range.end <= p.end);
        if found.is_none() && in_properties {
            let class = match version {
                Some(version) => version.functions.get(call.name).map(String::as_str),
                None => cfn_result_class(call.name),
            };
            found = class.and_then(|class| result_problem(tree, call, class, &is_call));
            if found.is_none() && call.name == "Fn::FindInMap" && version.is_none() {
                found = unknown_mapping(template, call);
            }
        }
        let yaql = || {
            let class = version.and_then(|v| v.functions.get(call.name));
            class.is_some_and(|class| class == "Yaql")
        };
        if found.is_none() && call.name == "yaql" && yaql() {
            found = yaql_syntax(cx, call).filter(|(_, range)| {
                // Heat validates the functions of what it creates.
                !cx.unread().contains(*range) && !cx.is_inert(*range)
            });
        }
        if let Some((message, range)) = found {
            cx.report(Rule::InvalidFunctionArguments, range, message);
        }
    }
}

/// `yaql` whose `expression` yaql's parser refuses: Heat parses it when it
/// validates the stack ("Bad expression").
fn yaql_syntax(
    cx: &Context<'_, '_>,
    call: &crate::template::FunctionCall,
) -> Option<(String, TextRange)> {
    let tree = cx.tree;
    let expression = tree.get(call.args, "expression")?;
    if cx.template.is_call(expression) || tree.tag(expression) == Some("tag:yaml.org,2002:binary") {
        return None;
    }
    let text = match tree.resolve(expression)? {
        Resolved::Str(text) | Resolved::Timestamp(text) => text,
        _ => return None,
    };
    let error = crate::lint::yaql::parse(text).err()?;
    Some((
        format!(
            "the `expression` of {} is not yaql that parses: {error}; Heat refuses the stack \
             (\"Bad expression\")",
            call.name
        ),
        tree.range(expression),
    ))
}

/// `Fn::FindInMap` of a mapping `Mappings` does not define: Heat's lookup
/// fails (a `KeyError`) when it resolves the call.
fn unknown_mapping(
    template: &crate::template::Template<'_>,
    call: &crate::template::FunctionCall,
) -> Option<(String, TextRange)> {
    let tree = template.tree();
    let &first = tree.items(call.args).first()?;
    if template.is_call(first) {
        return None;
    }
    let name = tree.scalar(first)?;
    let defined = template
        .section("Mappings")
        .is_some_and(|mappings| tree.get(mappings, name).is_some());
    (!defined).then(|| {
        (
            format!(
                "Fn::FindInMap names mapping `{name}`, which `Mappings` does not define: Heat \
                 refuses the stack"
            ),
            tree.range(first),
        )
    })
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidFunctionArguments,
            &[
                finds("heat_template_version: 2013-05-23\noutputs:\n  o: {value: {get_resource: [a]}}\n", 1),
                finds("heat_template_version: 2013-05-23\nresources:\n  a: {type: OS::Heat::None}\noutputs:\n  o: {value: {get_resource: a}}\n", 0),
                // When Heat reads the template, wherever the call is.
                finds("heat_template_version: 2021-04-16\noutputs:\n  a: {value: {str_replace: {template: a}}}\n  b: {value: {str_replace: {template: a, params: [a]}}}\n  c: {value: {list_join: ','}}\n  d: {value: {yaql: {data: {}}}}\n  e: {value: {make_url: {host: a, bogus: b}}}\n  f: {value: {contains: [a]}}\n  g: {value: {filter: a}}\n  h: {value: {str_split: 'a,b'}}\n", 8),
                // When Heat resolves literal arguments in properties only.
                finds("heat_template_version: 2021-04-16\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: [{list_join: [[','], [a]]}, {map_merge: [a]}, {list_concat: [a, [b]]}, {digest: [sha999, a]}, {str_replace: {template: {a: b}, params: {}}}, {get_param: {a: b}}]\noutputs:\n  o: {value: {map_merge: [a]}}\n", 6),
                finds("heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: ','}\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: [{list_join: [{get_param: p}, [a]]}, {str_replace: {template: a, params: {a: {b: c}}, extra: 1}}, {digest: [SHA256, a]}, {make_url: {host: a, port: '443'}}]\n", 0),
                // CloudFormation's own functions.
                finds(
                    concat!(
                        "AWSTemplateFormatVersion: 2010-09-09\nResources:\n  V:\n",
                        "    Type: OS::Heat::Value\n    Properties:\n      value:\n",
                        "      - {'Fn::Join': ','}\n      - {'Fn::Split': [',']}\n",
                        "      - {'Fn::Replace': a}\n      - {'Fn::Select': [x, [a, b]]}\n",
                        "      - {'Fn::Base64': [a]}\n      - {'Fn::MemberListToMap': [Name]}\n",
                        "      - {'Fn::Select': [a]}\n",
                    ),
                    7,
                ),
                finds(
                    concat!(
                        "AWSTemplateFormatVersion: 2010-09-09\nResources:\n  V:\n",
                        "    Type: OS::Heat::Value\n    Properties:\n      value:\n",
                        "      - {'Fn::Join': [',', [a, b]]}\n      - {'Fn::Split': [',', 'a,b']}\n",
                        "      - {'Fn::Replace': [{$a: b}, $a]}\n      - {'Fn::Select': ['1', [a, b]]}\n",
                        "      - {'Fn::Base64': a}\n",
                        "      - {'Fn::MemberListToMap': [Name, Value, ['.member.0.Name=k']]}\n",
                    ),
                    0,
                ),
                // What Heat refuses when it resolves the arguments.
                finds(
                    concat!(
                        "heat_template_version: 2021-04-16\nresources:\n  v:\n",
                        "    type: OS::Heat::Value\n    properties:\n      value:\n",
                        "      - {get_param: []}\n      - {get_file: [a]}\n",
                        "      - {str_replace_strict: {template: a, params: {b: c}}}\n",
                        "      - {str_replace_vstrict: {template: a, params: {a: ''}}}\n",
                        "      - {str_replace: {template: a1, params: {1: b}}}\n",
                        "      - {map_replace: [{a: b, c: d}, {keys: {a: c}}]}\n",
                        "      - {map_replace: [{a: b}, {bogus: {}}]}\n",
                        "      - {map_replace: [{a: 1, b: 2}, {keys: {a: c, b: c}}]}\n",
                        "      - {str_split: [',', 'a,b', 5]}\n      - {filter: [[a], b]}\n",
                        "      - {contains: [a, {b: c}]}\n",
                        "      - {make_url: {scheme: 'http:', host: h}}\n",
                        "      - {resource_facade: bogus}\n",
                    ),
                    13,
                ),
                finds(
                    concat!(
                        "heat_template_version: 2021-04-16\nresources:\n  v:\n",
                        "    type: OS::Heat::Value\n    properties:\n      value:\n",
                        "      - {str_replace_strict: {template: ab, params: {b: c}}}\n",
                        "      - {map_replace: [{a: b, c: d}, {keys: {a: e}, values: {b: x}}]}\n",
                        "      - {map_replace: [{a: 1, b: 2}, {keys: {a: a, c: b}}]}\n",
                        "      - {str_split: [',', 'a,b', 1]}\n      - {contains: [a, abc]}\n",
                    ),
                    0,
                ),
                finds(
                    concat!(
                        "AWSTemplateFormatVersion: 2010-09-09\nMappings: {m: {a: {b: 1}}}\n",
                        "Conditions:\n  C: {'Fn::Not': [true, false]}\nResources:\n  V:\n",
                        "    Type: OS::Heat::Value\n    Properties:\n      value:\n",
                        "      - {'Fn::FindInMap': [n, a, b]}\n",
                        "      - {'Fn::FindInMap': [m, a, b]}\n",
                        "      - {'Fn::MemberListToMap': [1, Value, []]}\n",
                        "      - {'Fn::Select': [1, {a: b}]}\n      - {'Fn::Split': [',', [a]]}\n",
                    ),
                    5,
                ),
            ],
        );
    }
}
