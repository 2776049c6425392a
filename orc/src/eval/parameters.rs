//! The values given to a template's parameters, converted to their
//! declared types as Heat converts them.

use std::cell::Cell;
use std::collections::HashMap;

use heatwise_core::syntax::NodeId;
use heatwise_core::template::merge::flattened;
use heatwise_core::template::value::{bool_from_string, literal};
use heatwise_core::template::Template;
use heatwise_core::text::TextRange;

use super::{Val, MAX_ENVIRONMENT_VALUES, MAX_EVAL_DEPTH, V};

/// A parameter's value, converted to its declared type (`None` when it
/// has none, which is reported once where it is declared).
#[derive(Clone, Debug)]
pub(super) struct Parameter {
    pub(super) value: Option<Val>,
}

/// Parameter values given to the export, strongest first per name:
/// `-P NAME=VALUE` strings, then environment files.
#[derive(Debug, Default)]
pub struct Given {
    /// From `-P`: text, converted by the parameter's type.
    pub texts: Vec<(String, String)>,
    /// From environments' `parameters`, later files winning.
    pub parameters: Vec<(String, Val)>,
    /// From environments' `parameter_defaults`, later files winning.
    pub defaults: Vec<(String, Val)>,
    /// How many values the environments read so far gave.
    pub(crate) environment_values: usize,
}

impl Given {
    /// Reads an environment file's `parameters` and `parameter_defaults`
    /// (literal values only: environments hold no functions).
    pub fn add_environment(&mut self, environment: &Template<'_>) {
        let tree = environment.tree();
        let Some(root) = tree.root().filter(|&r| tree.is_mapping(r)) else {
            return;
        };
        let budget = Cell::new(MAX_ENVIRONMENT_VALUES.saturating_sub(self.environment_values));
        for (section, target) in [
            ("parameters", &mut self.parameters),
            ("parameter_defaults", &mut self.defaults),
        ] {
            let Some(mapping) = tree.get(root, section).filter(|&m| tree.is_mapping(m)) else {
                continue;
            };
            for merged in flattened(tree, mapping) {
                let entry = merged.entry;
                if let Some(name) = tree.scalar(entry.key) {
                    target.push((
                        name.to_owned(),
                        literal(tree, entry.value, 0, MAX_EVAL_DEPTH, &budget),
                    ));
                }
            }
        }
        self.environment_values = MAX_ENVIRONMENT_VALUES - budget.get();
    }
}

/// A parameter's value converted to its declared type as Heat converts
/// it; `Err` says why Heat would refuse it.
pub(super) fn convert(kind: &str, value: Val) -> Result<Val, String> {
    // What a parent stack passes a nested one may be a resource, or known
    // only when Heat runs: it stays what it is.
    if matches!(value.v, V::Resource(_) | V::Unknown(_)) {
        return Ok(value);
    }
    let at = value.at;
    let text = |v: &Val| v.python_str();
    let v = match kind {
        "number" => match &value.v {
            V::Int(_) | V::Float(_) => return Ok(value),
            V::Str(s) => {
                let s = s.trim();
                if let Ok(i) = s.parse::<i64>() {
                    V::Int(i)
                } else if let Ok(f) = s.parse::<f64>() {
                    V::Float(f)
                } else {
                    return Err(format!("{s:?} is not a number"));
                }
            }
            _ => return Err("a number parameter needs a number".to_owned()),
        },
        "boolean" => match &value.v {
            V::Bool(_) => return Ok(value),
            _ => match text(&value).as_deref().and_then(bool_from_string) {
                Some(b) => V::Bool(b),
                None => return Err("a boolean parameter needs true or false".to_owned()),
            },
        },
        "comma_delimited_list" => match &value.v {
            V::List(_) => return Ok(value),
            V::Null => V::List(Vec::new()),
            _ => match text(&value) {
                Some(s) if s.is_empty() => V::List(Vec::new()),
                Some(s) => V::List(
                    s.split(',')
                        .map(|item| Val::new(V::Str(item.to_owned()), at))
                        .collect(),
                ),
                None => return Err("a comma_delimited_list parameter needs a list".to_owned()),
            },
        },
        "json" => match &value.v {
            V::Map(_) | V::List(_) => return Ok(value),
            V::Str(s) => match serde_json::from_str::<serde_json::Value>(s) {
                Ok(json) => return Ok(Val::from_json(&json, at)),
                Err(e) => return Err(format!("the json parameter's value is not JSON: {e}")),
            },
            _ => return Err("a json parameter needs a map, a list or JSON text".to_owned()),
        },
        // string, and anything Heat would refuse to declare.
        _ => match &value.v {
            V::Str(_) => return Ok(value),
            V::Null => V::Str(String::new()),
            _ => match text(&value) {
                Some(s) => V::Str(s),
                None => return Err("a string parameter needs a string".to_owned()),
            },
        },
    };
    Ok(Val::new(v, at))
}

/// A problem found while reading parameters, to report.
#[derive(Clone, Debug)]
pub struct ParameterProblem {
    pub name: String,
    pub message: String,
    pub at: TextRange,
}

/// Each declared parameter's value (given, else its default) converted to
/// its type, and the pseudo parameters given with `-P`; the problems of
/// those Heat would refuse.
pub(super) fn read(
    template: &Template<'_>,
    given: &Given,
    budget: &Cell<usize>,
) -> (HashMap<String, Parameter>, Vec<ParameterProblem>) {
    let mut problems = Vec::new();
    let mut parameters = HashMap::new();
    for parameter in template.parameters() {
        let declared = template.tree().range(parameter.entry.key);
        let kind = declared_type(template, parameter.entry.value);
        let value = match given_value(template, given, parameter, budget) {
            None => {
                problems.push(ParameterProblem {
                    name: parameter.name.clone(),
                    message: format!(
                        "the parameter {} has no value: give one with -P {}=VALUE or in an environment file's parameters",
                        parameter.name, parameter.name
                    ),
                    at: declared,
                });
                None
            }
            Some(value) => match convert(&kind, value) {
                Ok(value) => Some(value),
                Err(message) => {
                    problems.push(ParameterProblem {
                        name: parameter.name.clone(),
                        message: format!(
                            "the parameter {}'s value does not fit its type {kind}: {message}",
                            parameter.name
                        ),
                        at: declared,
                    });
                    None
                }
            },
        };
        parameters.insert(parameter.name.clone(), Parameter { value });
    }
    // Pseudo parameters Heat fills in; `-P` may give the stack's name.
    // In order, so that the last value given wins.
    for (name, text) in &given.texts {
        if name.starts_with("OS::") || name.starts_with("AWS::") {
            let value = Val::new(V::Str(text.clone()), TextRange::empty(0));
            parameters.insert(name.clone(), Parameter { value: Some(value) });
        }
    }
    (parameters, problems)
}

/// A field of a parameter's declaration, by its HOT name.
fn field(template: &Template<'_>, declaration: NodeId, hot: &str) -> Option<NodeId> {
    let mapping = template
        .tree()
        .is_mapping(declaration)
        .then_some(declaration)?;
    template.field(mapping, hot).map(|entry| entry.value)
}

/// The declared type, with CloudFormation's names read as HOT's.
fn declared_type(template: &Template<'_>, declaration: NodeId) -> String {
    field(template, declaration, "type")
        .and_then(|n| template.tree().scalar(n))
        .map(|k| match k {
            "String" => "string",
            "Number" => "number",
            "CommaDelimitedList" => "comma_delimited_list",
            "Json" => "json",
            "Boolean" => "boolean",
            other => other,
        })
        .unwrap_or("string")
        .to_owned()
}

/// The value a parameter is given, strongest first: `-P`, environments'
/// `parameters`, their `parameter_defaults`, the declared default.
fn given_value(
    template: &Template<'_>,
    given: &Given,
    parameter: &heatwise_core::template::Parameter,
    budget: &Cell<usize>,
) -> Option<Val> {
    let tree = template.tree();
    let named = |values: &[(String, Val)]| {
        values
            .iter()
            .rev()
            .find(|(n, _)| *n == parameter.name)
            .map(|(_, v)| v.clone())
    };
    given
        .texts
        .iter()
        .rev()
        .find(|(n, _)| *n == parameter.name)
        .map(|(_, text)| Val::new(V::Str(text.clone()), tree.range(parameter.entry.key)))
        .or_else(|| named(&given.parameters))
        .or_else(|| named(&given.defaults))
        .or_else(|| {
            field(template, parameter.entry.value, "default")
                .map(|node| literal(tree, node, 0, MAX_EVAL_DEPTH, budget))
        })
}
