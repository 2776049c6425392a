#![doc = include_str!("invalid_parameter.md")]

use serde_json::Value as Json;

use crate::lint::context::{with_suggestions, Context};
use crate::lint::schema::{problem, python_number, Kind};
use crate::lint::Rule;
use crate::stack::Passing;
use crate::suggest::closest;
use crate::syntax::{Entry, NodeId, Resolved, Tree};
use crate::template::value::{bool_from_string, literal, Val, V};
use crate::template::DocumentKind;

const HOT_TYPES: [&str; 5] = [
    "string",
    "number",
    "comma_delimited_list",
    "json",
    "boolean",
];
const CFN_TYPES: [&str; 5] = ["String", "Number", "CommaDelimitedList", "Json", "Boolean"];

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let hot = match template.kind() {
        DocumentKind::Hot => true,
        DocumentKind::CloudFormation => false,
        _ => return,
    };
    let tree = cx.tree;
    for parameter in template.parameters() {
        let name = parameter.name.as_str();
        let definition = tree
            .alias_target(parameter.entry.value)
            .unwrap_or(parameter.entry.value);
        if !tree.is_mapping(definition) {
            let message = format!("parameter `{name}` is not a mapping: Heat refuses it (\"expected a mapping\"); write `{name}: {{type: string}}`");
            cx.report(
                Rule::InvalidParameter,
                tree.range(parameter.entry.value),
                message,
            );
            continue;
        }
        let entry = |key: &str| {
            tree.entries(definition)
                .filter(|e| tree.scalar(e.key) == Some(key))
                .last()
        };
        let Some(type_entry) = entry(if hot { "type" } else { "Type" }) else {
            let message = format!(
                "parameter `{name}` has no `type`: Heat refuses it (\"Missing parameter type\")"
            );
            cx.report(
                Rule::InvalidParameter,
                tree.range(parameter.entry.key),
                message,
            );
            continue;
        };
        let types = if hot { HOT_TYPES } else { CFN_TYPES };
        let Some(kind) = tree
            .scalar(type_entry.value)
            .and_then(|t| types.iter().position(|&k| k == t))
        else {
            let written = tree.source(type_entry.value);
            let message = with_suggestions(
                format!("`{written}` is not a parameter type: Heat refuses it (\"Invalid type\"); the types are {}", types.join(", ")),
                &closest(&written.to_lowercase(), types.iter().copied()),
            );
            cx.report(
                Rule::InvalidParameter,
                tree.range(type_entry.value),
                message,
            );
            continue;
        };
        let kind = HOT_TYPES[kind];
        if let Some(tags) = entry("tags").filter(|e| hot && !tree.is_sequence(e.value)) {
            let message = format!(
                "the `tags` of parameter `{name}` must be a list: Heat refuses the template"
            );
            cx.report(Rule::InvalidParameter, tree.range(tags.value), message);
        }
        let constraints = if hot {
            hot_constraints(cx, kind, entry("constraints"))
        } else {
            cfn_constraints(cx, definition)
        };
        if let Some(default) = entry(if hot { "default" } else { "Default" }) {
            default_value(cx, name, kind, &constraints, default);
        }
    }
}

/// A HOT parameter's constraints as JSON; a kind that does not apply to
/// the type is reported (Heat: "Length constraint invalid for number").
fn hot_constraints(cx: &mut Context<'_, '_>, kind: &str, entry: Option<Entry>) -> Vec<Json> {
    let tree = cx.tree;
    if let Some(entry) = entry
        .filter(|e| !tree.is_sequence(e.value) && tree.resolve(e.value) != Some(Resolved::Null))
    {
        let message = "`constraints` must be a list: Heat refuses the template";
        cx.report(
            Rule::InvalidParameter,
            tree.range(entry.value),
            message.to_owned(),
        );
    }
    let Some(entry) = entry.filter(|e| tree.is_sequence(e.value)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &item in tree.items(entry.value) {
        for e in tree.entries(item) {
            let Some(key) = tree.scalar(e.key) else {
                continue;
            };
            let applies: &[&str] = match key {
                "length" => &["string", "comma_delimited_list", "json"],
                "range" | "modulo" => &["number"],
                "allowed_pattern" => &["string"],
                "allowed_values" | "custom_constraint" => {
                    &["string", "number", "boolean", "comma_delimited_list"]
                }
                _ => continue,
            };
            if !applies.contains(&kind) {
                let message = format!("a `{key}` constraint does not apply to a {kind} parameter: Heat refuses the template");
                cx.report(Rule::InvalidParameter, tree.range(e.key), message);
            } else if let Some(why) = constraint_definition(tree, key, e.value) {
                let message = format!("this `{key}` constraint {why}: Heat refuses the template");
                cx.report(Rule::InvalidParameter, tree.range(e.value), message);
            } else if let Some(item) = (key == "allowed_values")
                .then(|| unreadable_allowed_value(tree, kind, e.value))
                .flatten()
            {
                let text = tree.scalar(item).unwrap_or_default();
                let message = format!(
                    "the allowed value `{text}` is not a {kind}: Heat reads each allowed value \
                     as the parameter's type whenever it checks a value, and refuses the template"
                );
                cx.report(Rule::InvalidParameter, tree.range(item), message);
            }
        }
        let budget = std::cell::Cell::new(10_000);
        if let Some(json) = literal(tree, item, 0, 16, &budget).to_json() {
            out.push(json);
        }
    }
    out
}

/// What Heat's constraint classes refuse in a constraint's own definition
/// (`constraints.Range`, `Length`, `Modulo`, `AllowedValues`,
/// `AllowedPattern`, after `Schema.get_num` reads the numbers).
fn constraint_definition(tree: &Tree<'_>, key: &str, value: NodeId) -> Option<String> {
    // `get_num`: absent or null is None; a number as is; a string must
    // read as an int, else a float.
    let number = |name: &str| -> Result<Option<f64>, String> {
        let Some(node) = tree.get(value, name) else {
            return Ok(None);
        };
        match tree.resolve(node) {
            None | Some(Resolved::Null) => Ok(None),
            Some(Resolved::Int(Some(i))) => Ok(Some(i as f64)),
            Some(Resolved::Float(f)) => Ok(Some(f)),
            Some(Resolved::Bool(b)) => Ok(Some(f64::from(u8::from(b)))),
            Some(Resolved::Str(s)) => s
                .trim()
                .parse::<f64>()
                .map(Some)
                .map_err(|_| format!("has `{name}: {s}`, which is not a number")),
            Some(_) => Err(format!("has a `{name}` that is not a number")),
        }
    };
    match key {
        "range" | "length" | "modulo" if !tree.is_mapping(value) => {
            Some("must be a mapping".to_owned())
        }
        "range" | "length" => {
            let (min, max) = match (number("min"), number("max")) {
                (Ok(min), Ok(max)) => (min, max),
                (Err(why), _) | (_, Err(why)) => return Some(why),
            };
            if min.is_none() && max.is_none() {
                return Some("needs `min` or `max`".to_owned());
            }
            (key == "length" && [min, max].iter().flatten().any(|n| n.fract() != 0.0))
                .then(|| "needs whole numbers".to_owned())
        }
        "modulo" => {
            let (step, offset) = match (number("step"), number("offset")) {
                (Ok(Some(step)), Ok(Some(offset))) => (step, offset),
                (Err(why), _) | (_, Err(why)) => return Some(why),
                _ => return Some("needs both `step` and `offset`".to_owned()),
            };
            if step.fract() != 0.0 || offset.fract() != 0.0 {
                Some("needs whole numbers".to_owned())
            } else if step == 0.0 {
                Some("has `step: 0`".to_owned())
            } else if offset.abs() >= step.abs() {
                Some("needs an `offset` smaller than its `step`".to_owned())
            } else {
                (step * offset < 0.0).then(|| "needs a `step` and an `offset` of one sign".into())
            }
        }
        "allowed_values" => (!tree.is_sequence(value)).then(|| "must be a list".to_owned()),
        "allowed_pattern" => (!matches!(tree.resolve(value), Some(Resolved::Str(_))))
            .then(|| "must be a string".to_owned()),
        _ => None,
    }
}

/// An allowed value a number or boolean parameter cannot read
/// (`Schema.to_schema_type`: `str_to_num`, or `bool_from_string` of its
/// text, strictly).
fn unreadable_allowed_value(tree: &Tree<'_>, kind: &str, values: NodeId) -> Option<NodeId> {
    if !tree.is_sequence(values) {
        return None;
    }
    tree.items(values)
        .iter()
        .copied()
        .find(|&item| match (kind, tree.resolve(item)) {
            ("number", Some(Resolved::Str(s))) => python_number(s).is_none(),
            ("boolean", Some(Resolved::Str(s))) => bool_from_string(s).is_none(),
            ("boolean", Some(Resolved::Int(Some(i)))) => !matches!(i, 0 | 1),
            ("boolean", Some(Resolved::Float(_))) => true,
            _ => false,
        })
}

/// A CloudFormation parameter's constraint keys, as Heat's JSON.
fn cfn_constraints(cx: &Context<'_, '_>, definition: NodeId) -> Vec<Json> {
    let tree = cx.tree;
    let get = |key: &str| {
        let budget = std::cell::Cell::new(10_000);
        tree.get(definition, key)
            .and_then(|node| literal(tree, node, 0, 16, &budget).to_json())
    };
    let one =
        |key: &str, value: Json| Json::Object([(key.to_owned(), value)].into_iter().collect());
    let mut out = Vec::new();
    for (key, hot, min, max) in [
        ("AllowedValues", "allowed_values", "", ""),
        ("AllowedPattern", "allowed_pattern", "", ""),
        ("", "length", "MinLength", "MaxLength"),
        ("", "range", "MinValue", "MaxValue"),
    ] {
        if !key.is_empty() {
            out.extend(get(key).map(|value| one(hot, value)));
            continue;
        }
        let bounds: serde_json::Map<String, Json> = [("min", min), ("max", max)]
            .into_iter()
            .filter_map(|(bound, key)| Some((bound.to_owned(), get(key)?)))
            .collect();
        if !bounds.is_empty() {
            out.push(one(hot, Json::Object(bounds)));
        }
    }
    out
}

/// The default as the parameter's type reads it (the type and the value),
/// or why Heat refuses it; `None` where the type does not read it here.
fn read_default(kind: &str, value: &Val) -> Option<Result<(Kind, Val), String>> {
    let at = value.at;
    let text = value.python_str();
    let refused = |why: String| Err(why);
    Some(match (kind, &value.v) {
        ("string", V::Str(_)) => Ok((Kind::String, value.clone())),
        ("string", _) => return None,
        ("number", V::Int(_) | V::Float(_) | V::Bool(_)) => Ok((Kind::Number, value.clone())),
        ("number", V::Str(s)) => match python_number(s) {
            Some(n) => Ok((Kind::Number, Val::new(V::Float(n), at))),
            None => refused(format!("\"{s}\" is not a number")),
        },
        ("boolean", V::Bool(_) | V::Str(_) | V::Int(_)) => {
            match text.as_deref().and_then(bool_from_string) {
                Some(b) => Ok((Kind::Boolean, Val::new(V::Bool(b), at))),
                None => refused(format!(
                "{} is not a boolean (Heat takes true, false, yes, no, on, off, 1, 0, t, f, y, n)",
                value.python_json(false).unwrap_or_default()
            )),
            }
        }
        ("comma_delimited_list", V::List(_)) => Ok((Kind::List, value.clone())),
        // Heat splits a default that is not a list: `5.split(',')` fails.
        ("comma_delimited_list", V::Int(_) | V::Float(_) | V::Bool(_)) => refused(format!(
            "{} is not a comma-delimited list string",
            value.python_json(false).unwrap_or_default()
        )),
        ("comma_delimited_list", V::Str(s)) => Ok((
            Kind::List,
            Val::new(
                V::List(
                    s.split(',')
                        .filter(|_| !s.is_empty())
                        .map(|i| Val::new(V::Str(i.to_owned()), at))
                        .collect(),
                ),
                at,
            ),
        )),
        ("json", V::Map(_)) => Ok((Kind::Map, value.clone())),
        ("json", V::List(_)) => Ok((Kind::List, value.clone())),
        ("json", V::Str(s))
            if !s.is_empty()
                && serde_json::from_str::<Json>(s).is_err()
                && !s.contains("NaN")
                && !s.contains("Infinity") =>
        {
            refused(format!("\"{s}\" is not JSON"))
        }
        (_, V::Map(_) | V::List(_)) if kind != "json" => refused(format!(
            "a {} is not a {kind}",
            if matches!(value.v, V::Map(_)) {
                "map"
            } else {
                "list"
            }
        )),
        _ => return None,
    })
}

/// The default as the parameter's type reads it, then its constraints.
fn default_value(
    cx: &mut Context<'_, '_>,
    name: &str,
    kind: &str,
    constraints: &[Json],
    default: Entry,
) {
    let tree = cx.tree;
    let budget = std::cell::Cell::new(10_000);
    let value = literal(tree, default.value, 0, 32, &budget);
    if value.unknown_part().is_some() || value.is_null() || cx.template.is_call(default.value) {
        return;
    }
    let Some(read) = read_default(kind, &value) else {
        return;
    };
    let (why, wrong_type) = match read {
        Err(why) => (why, true),
        Ok((kind, converted)) => match problem(kind, constraints, &converted, cx.now) {
            Some(why) => (why, false),
            None => return,
        },
    };
    // In a nested template, the environments' `parameter_defaults` replace
    // the default before Heat judges it.
    if let Some(Passing::Default(_)) = cx.nested_stack().map(|stack| stack.passing(name)) {
        return;
    }
    let nested = cx.nested_stack().is_some();
    let message = format!("the default of parameter `{name}`: {why}; Heat refuses the template (\"Parameter '{name}' is invalid\")");
    let diagnostic = cx.report(Rule::InvalidParameter, tree.range(default.value), message);
    // A nested stack reads its defaults as their types when it is created.
    if nested && wrong_type {
        diagnostic.stage = Some(crate::lint::Stage::Create);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidParameter,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nparameters:\n  a: {type: integer, default: 1}\n  b: {default: x}\n  c: string\n  d:\n    type: number\n    default: 11\n    constraints:\n    - range: {min: 1, max: 10}\n    - length: {max: 2}\n  e: {type: boolean, default: maybe}\n  f:\n    type: string\n    default: abc-\n    constraints:\n    - allowed_pattern: '[a-z]+'\nresources: {}\n",
                    7,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nparameters:\n  a: {type: number, default: '12'}\n  b: {type: boolean, default: 'yes'}\n  c: {type: comma_delimited_list, default: 'a,b'}\n  d: {type: json, default: '{\"a\": 1}'}\n  e:\n    type: string\n    default: b\n    constraints:\n    - allowed_values: [a, b]\n  f: {type: string, default: null}\nresources: {}\n",
                    0,
                ),
                // Allowed values the type cannot read.
                finds(
                    concat!(
                        "heat_template_version: 2018-08-31\nparameters:\n",
                        "  a: {type: number, constraints: [allowed_values: [1, '2.5', abc]]}\n",
                        "  b: {type: boolean, constraints: [allowed_values: [true, 'no', 1, maybe]]}\n",
                        "  c: {type: string, constraints: [allowed_values: [1, abc]]}\n",
                        "resources: {}\n",
                    ),
                    2,
                ),
                // A list's default Heat cannot split.
                finds(
                    concat!(
                        "heat_template_version: 2018-08-31\nparameters:\n",
                        "  a: {type: comma_delimited_list, default: 5}\n",
                        "  b: {type: comma_delimited_list, default: true}\n",
                        "  c: {type: comma_delimited_list, default: [1, 2]}\nresources: {}\n",
                    ),
                    2,
                ),
                finds(
                    "AWSTemplateFormatVersion: 2010-09-09\nParameters:\n  A: {Type: String, Default: abcd, MaxLength: 3}\n  B: {Type: Integer}\nResources: {}\n",
                    2,
                ),
                // The constraints' own definitions, and `tags`.
                finds(
                    concat!(
                        "heat_template_version: 2018-08-31\nparameters:\n",
                        "  a: {type: number, constraints: [range: {min: a}]}\n",
                        "  b: {type: number, constraints: [range: {}]}\n",
                        "  c: {type: string, constraints: [length: {max: 1.5}]}\n",
                        "  d: {type: number, constraints: [modulo: {step: 2}]}\n",
                        "  e: {type: number, constraints: [modulo: {step: 0, offset: 0}]}\n",
                        "  f: {type: number, constraints: [modulo: {step: 2, offset: 2}]}\n",
                        "  g: {type: number, constraints: [modulo: {step: 3, offset: -1}]}\n",
                        "  h: {type: string, constraints: [allowed_values: a]}\n",
                        "  i: {type: string, constraints: [allowed_pattern: [a]]}\n",
                        "  j: {type: string, tags: x}\n",
                        "resources: {}\n",
                    ),
                    10,
                ),
                finds(
                    concat!(
                        "heat_template_version: 2018-08-31\nparameters:\n",
                        "  a: {type: number, constraints: [range: {min: '1'}]}\n",
                        "  c: {type: string, constraints: [length: {max: 2}]}\n",
                        "  d: {type: number, constraints: [modulo: {step: 2, offset: 1}]}\n",
                        "  g: {type: number, constraints: [modulo: {step: -3, offset: -1}]}\n",
                        "  j: {type: string, tags: [x]}\n",
                        "resources: {}\n",
                    ),
                    0,
                ),
            ],
        );
    }
}
