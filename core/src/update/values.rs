//! Property values as an update compares them: parameters replaced by
//! their values, and references to resources by a token that stays the
//! same while the running resource does. Other functions are kept with
//! their arguments resolved, so that the same call on the same inputs
//! compares equal. Walked with a stack of its own, never by recursion.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::Fate;

/// Which template a value is read from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Old,
    New,
}

/// The most values walked in one resource's properties.
const MAX_VALUES: usize = 1 << 20;

/// Parameters Heat itself gives every stack; the same before and after.
const PSEUDO_PARAMETERS: [&str; 6] = [
    "OS::stack_name",
    "OS::stack_id",
    "OS::project_id",
    "AWS::StackName",
    "AWS::StackId",
    "AWS::Region",
];

/// The resources a definition refers to (`get_resource`, `get_attr`,
/// `Ref`, `Fn::GetAtt`, `depends_on`).
pub fn references(definition: &Value) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut stack = vec![definition];
    let mut walked = 0;
    while let Some(value) = stack.pop() {
        walked += 1;
        if walked > MAX_VALUES {
            break;
        }
        match value {
            Value::Object(map) => {
                if map.len() == 1 {
                    let (key, argument) = map.iter().next().expect("one entry");
                    match (key.as_str(), argument) {
                        ("get_resource" | "Ref", Value::String(name)) => {
                            found.insert(name.clone());
                        }
                        ("get_attr" | "Fn::GetAtt", Value::Array(items)) => {
                            if let Some(Value::String(name)) = items.first() {
                                found.insert(name.clone());
                            }
                        }
                        _ => {}
                    }
                }
                for (key, item) in map {
                    if matches!(key.as_str(), "depends_on" | "DependsOn") {
                        match item {
                            Value::String(name) => {
                                found.insert(name.clone());
                            }
                            Value::Array(names) => found
                                .extend(names.iter().filter_map(Value::as_str).map(str::to_owned)),
                            _ => {}
                        }
                    }
                    stack.push(item);
                }
            }
            Value::Array(items) => stack.extend(items.iter()),
            _ => {}
        }
    }
    found
}

/// A token for a running resource (`what` is `ref` or `attr:...`), changed
/// on the new side when the resource will not be the same one.
fn token(
    name: &str,
    what: &str,
    side: Side,
    fates: &BTreeMap<String, Fate>,
) -> Result<Value, String> {
    let old = Value::String(format!("\u{1}{what}:{name}"));
    if side == Side::Old {
        return Ok(old);
    }
    let Some(fate) = fates.get(name) else {
        // Not a resource of the new template: a parameter (`Ref`) or a
        // name Heat refuses; compared as written.
        return Ok(old);
    };
    let keeps = if what == "ref" {
        fate.keeps_id()
    } else {
        fate.keeps_attributes()
    };
    match keeps {
        Some(true) => Ok(old),
        Some(false) => Ok(Value::String(format!("\u{1}{what}:{name}:new"))),
        None if what == "ref" => Err(format!("whether {name} is replaced is not known offline")),
        None => Err(format!(
            "{} of {name}, which the update changes in place, is known only once it has run",
            what.trim_start_matches("attr:")
        )),
    }
}

/// What a walk step does.
enum Step<'v> {
    Enter(&'v Value),
    /// Builds an array of the last `len` results.
    Array(usize),
    /// Builds an object of these keys from the last results.
    Object(Vec<&'v String>),
    /// Applies a function to the last result.
    Call(&'v str),
}

/// The value with its functions resolved as far as an update compares them.
pub fn evaluate(
    value: &Value,
    side: Side,
    parameters: &BTreeMap<String, Value>,
    resources: &Map<String, Value>,
    fates: &BTreeMap<String, Fate>,
) -> Result<Value, String> {
    let mut steps = vec![Step::Enter(value)];
    let mut results: Vec<Value> = Vec::new();
    let mut walked = 0;
    while let Some(step) = steps.pop() {
        match step {
            Step::Enter(value) => {
                walked += 1;
                if walked > MAX_VALUES {
                    return Err(format!("the properties hold more than {MAX_VALUES} values"));
                }
                match value {
                    Value::Object(map) if map.len() == 1 && is_function(map) => {
                        let (key, argument) = map.iter().next().expect("one entry");
                        steps.push(Step::Call(key));
                        steps.push(Step::Enter(argument));
                    }
                    Value::Object(map) => {
                        steps.push(Step::Object(map.keys().collect()));
                        steps.extend(map.values().rev().map(Step::Enter));
                    }
                    Value::Array(items) => {
                        steps.push(Step::Array(items.len()));
                        steps.extend(items.iter().rev().map(Step::Enter));
                    }
                    other => results.push(other.clone()),
                }
            }
            Step::Array(len) => {
                let items = results.split_off(results.len() - len);
                results.push(Value::Array(items));
            }
            Step::Object(keys) => {
                let values = results.split_off(results.len() - keys.len());
                let map: Map<String, Value> = keys.into_iter().cloned().zip(values).collect();
                results.push(Value::Object(map));
            }
            Step::Call(function) => {
                let argument = results.pop().unwrap_or(Value::Null);
                let context = Context {
                    side,
                    parameters,
                    resources,
                    fates,
                };
                results.push(call(function, argument, &context)?);
            }
        }
    }
    Ok(results.pop().unwrap_or(Value::Null))
}

fn is_function(map: &Map<String, Value>) -> bool {
    map.keys().next().is_some_and(|key| {
        key.starts_with("get_")
            || key.starts_with("Fn::")
            || key == "Ref"
            || matches!(
                key.as_str(),
                "list_join"
                    | "str_replace"
                    | "str_replace_strict"
                    | "str_replace_vstrict"
                    | "str_split"
                    | "repeat"
                    | "digest"
                    | "resource_facade"
                    | "map_merge"
                    | "map_replace"
                    | "yaql"
                    | "if"
                    | "filter"
                    | "make_url"
                    | "list_concat"
                    | "list_concat_unique"
                    | "contains"
                    | "equals"
                    | "not"
                    | "and"
                    | "or"
            )
    })
}

/// What a function is resolved against.
struct Context<'a> {
    side: Side,
    parameters: &'a BTreeMap<String, Value>,
    /// The resources of the side's template.
    resources: &'a Map<String, Value>,
    fates: &'a BTreeMap<String, Fate>,
}

fn call(function: &str, argument: Value, context: &Context<'_>) -> Result<Value, String> {
    let (side, fates) = (context.side, context.fates);
    match (function, &argument) {
        ("get_resource", Value::String(name)) => token(name, "ref", side, fates),
        ("Ref", Value::String(name)) if context.resources.contains_key(name) => {
            token(name, "ref", side, fates)
        }
        ("get_param" | "Ref", _) => parameter(&argument, context.parameters),
        ("get_attr" | "Fn::GetAtt", Value::Array(items)) => {
            let Some(Value::String(name)) = items.first() else {
                return Ok(wrapped(function, argument));
            };
            let path: Vec<String> = items[1..]
                .iter()
                .map(|item| match item {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect();
            token(name, &format!("attr:{}", path.join(".")), side, fates)
        }
        _ => Ok(wrapped(function, argument)),
    }
}

fn wrapped(function: &str, argument: Value) -> Value {
    let mut map = Map::new();
    map.insert(function.to_owned(), argument);
    Value::Object(map)
}

/// `get_param: NAME` or `[NAME, key or index...]`.
fn parameter(argument: &Value, parameters: &BTreeMap<String, Value>) -> Result<Value, String> {
    let (name, path): (&str, &[Value]) = match argument {
        Value::String(name) => (name, &[]),
        Value::Array(items) => match items.split_first() {
            Some((Value::String(name), rest)) => (name, rest),
            _ => return Ok(wrapped("get_param", argument.clone())),
        },
        _ => return Ok(wrapped("get_param", argument.clone())),
    };
    if PSEUDO_PARAMETERS.contains(&name) {
        return Ok(Value::String(format!("\u{1}param:{name}")));
    }
    let Some(mut value) = parameters.get(name).cloned() else {
        return Err(format!(
            "the parameter {name} has no value here (give it with -P)"
        ));
    };
    for step in path {
        value = match (&value, step) {
            (Value::Object(map), Value::String(key)) => {
                map.get(key).cloned().unwrap_or(Value::Null)
            }
            (Value::Array(items), Value::Number(index)) => index
                .as_u64()
                .and_then(|i| items.get(i as usize).cloned())
                .unwrap_or(Value::Null),
            _ => Value::Null,
        };
    }
    Ok(value)
}
