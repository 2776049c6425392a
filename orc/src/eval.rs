//! Template values as Heat would compute them before creating anything:
//! literals, parameters (from `-P`, environments, defaults), conditions,
//! and the intrinsic functions whose inputs are all known. What only Heat
//! knows at run time (`get_attr`, `get_file`, the stack's ID, ...) stays
//! [`V::Unknown`] with the reason, for the mapping to report where it
//! matters.
//!
//! Evaluation recurses on the template's nesting, at most
//! [`MAX_EVAL_DEPTH`] deep, and produces at most [`MAX_EVAL_NODES`] values
//! for the whole stack, so that aliases and `repeat` cannot make it blow
//! up.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use heatwise_core::load::{json_string, python_float_repr};
use heatwise_core::syntax::{NodeId, Resolved, Tree};
use heatwise_core::template::merge::flattened;
use heatwise_core::template::{DocumentKind, Template};
use heatwise_core::text::TextRange;

/// How deep evaluation follows nested values and function calls.
pub const MAX_EVAL_DEPTH: usize = 64;
/// How many values evaluation may produce for one stack: far more than a
/// real stack needs (none of the corpora's templates comes near), and at
/// most about 25 MB of them, which matters in a browser, where a
/// WebAssembly module's memory never shrinks.
pub const MAX_EVAL_NODES: usize = 1 << 18;
/// How many values the environment files of one export may give in all
/// (aliases followed): far more than any real environment holds, and few
/// enough that an alias bomb in one costs tens of megabytes, not hundreds.
pub const MAX_ENVIRONMENT_VALUES: usize = 1 << 16;

/// A computed value and the template text it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Val {
    pub v: V,
    pub at: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub enum V {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Val>),
    Map(Vec<(String, Val)>),
    /// `get_resource X` (or `Ref: X` of a resource): the resource X.
    Resource(String),
    /// Known only when Heat runs: why (`None` when already reported, such
    /// as a parameter without a value).
    Unknown(Option<String>),
}

impl Val {
    pub fn new(v: V, at: TextRange) -> Self {
        Self { v, at }
    }

    pub fn unknown(reason: impl Into<String>, at: TextRange) -> Self {
        Self::new(V::Unknown(Some(reason.into())), at)
    }

    pub fn get(&self, key: &str) -> Option<&Val> {
        match &self.v {
            V::Map(entries) => entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// How many values it is made of, itself included.
    pub fn count(&self) -> usize {
        1 + match &self.v {
            V::List(items) => items.iter().map(Val::count).sum(),
            V::Map(entries) => entries.iter().map(|(_, v)| v.count()).sum(),
            _ => 0,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self.v, V::Null)
    }

    /// Heat's truth of a value (Python's `bool`).
    pub fn truth(&self) -> Option<bool> {
        Some(match &self.v {
            V::Null => false,
            V::Bool(b) => *b,
            V::Int(i) => *i != 0,
            V::Float(f) => *f != 0.0,
            V::Str(s) => !s.is_empty(),
            V::List(items) => !items.is_empty(),
            V::Map(entries) => !entries.is_empty(),
            V::Resource(_) => true,
            V::Unknown(_) => return None,
        })
    }

    /// Python's `str()` of a scalar, as Heat turns values into text.
    pub fn python_str(&self) -> Option<String> {
        Some(match &self.v {
            V::Str(s) => s.clone(),
            V::Int(i) => i.to_string(),
            V::Float(f) => python_float_repr(*f),
            V::Bool(true) => "True".to_owned(),
            V::Bool(false) => "False".to_owned(),
            _ => return None,
        })
    }

    /// The value as JSON (`json.dumps` with sorted keys, as Heat writes
    /// maps and lists into strings); `None` when something is unknown.
    pub fn to_json(&self) -> Option<serde_json::Value> {
        Some(match &self.v {
            V::Null => serde_json::Value::Null,
            V::Bool(b) => serde_json::Value::Bool(*b),
            V::Int(i) => serde_json::Value::from(*i),
            V::Float(f) => serde_json::Number::from_f64(*f).map(serde_json::Value::Number)?,
            V::Str(s) => serde_json::Value::String(s.clone()),
            V::List(items) => items.iter().map(Val::to_json).collect::<Option<_>>()?,
            V::Map(entries) => {
                let mut map = serde_json::Map::new();
                for (k, v) in entries {
                    map.insert(k.clone(), v.to_json()?);
                }
                serde_json::Value::Object(map)
            }
            V::Resource(_) | V::Unknown(_) => return None,
        })
    }

    /// Python's `json.dumps` of the value (ASCII only, `", "` and `": "`
    /// between items), as Heat writes maps and lists into strings: with
    /// `sort_keys` where its functions do (`list_join`, `str_replace`),
    /// in the map's order where Nova's metadata does. `None` when
    /// something is unknown.
    pub fn python_json(&self, sort_keys: bool) -> Option<String> {
        let mut out = String::new();
        self.write_python_json(&mut out, sort_keys)?;
        Some(out)
    }

    fn write_python_json(&self, out: &mut String, sort_keys: bool) -> Option<()> {
        match &self.v {
            V::Null => out.push_str("null"),
            V::Bool(true) => out.push_str("true"),
            V::Bool(false) => out.push_str("false"),
            V::Int(i) => out.push_str(&i.to_string()),
            V::Float(f) if f.is_nan() => out.push_str("NaN"),
            V::Float(f) if f.is_infinite() => {
                out.push_str(if *f > 0.0 { "Infinity" } else { "-Infinity" })
            }
            V::Float(f) => out.push_str(&python_float_repr(*f)),
            V::Str(s) => json_string(out, s, true),
            V::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write_python_json(out, sort_keys)?;
                }
                out.push(']');
            }
            V::Map(entries) => {
                let mut order: Vec<&(String, Val)> = entries.iter().collect();
                if sort_keys {
                    order.sort_by(|a, b| a.0.cmp(&b.0));
                }
                out.push('{');
                for (i, (key, value)) in order.into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    json_string(out, key, true);
                    out.push_str(": ");
                    value.write_python_json(out, sort_keys)?;
                }
                out.push('}');
            }
            V::Resource(_) | V::Unknown(_) => return None,
        }
        Some(())
    }

    /// The first unknown part, if any.
    pub fn unknown_part(&self) -> Option<&Val> {
        let mut stack = vec![self];
        while let Some(val) = stack.pop() {
            match &val.v {
                V::Unknown(_) => return Some(val),
                V::List(items) => stack.extend(items.iter().rev()),
                V::Map(entries) => stack.extend(entries.iter().rev().map(|(_, v)| v)),
                _ => {}
            }
        }
        None
    }

    /// Gives the value and everything in it the range `at` (a parameter's
    /// value is reported where the template uses it).
    fn relocated(mut self, at: TextRange) -> Self {
        let mut stack = vec![&mut self];
        while let Some(val) = stack.pop() {
            val.at = at;
            match &mut val.v {
                V::List(items) => stack.extend(items.iter_mut()),
                V::Map(entries) => stack.extend(entries.iter_mut().map(|(_, v)| v)),
                _ => {}
            }
        }
        self
    }

    fn from_json(json: &serde_json::Value, at: TextRange) -> Self {
        let v = match json {
            serde_json::Value::Null => V::Null,
            serde_json::Value::Bool(b) => V::Bool(*b),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(i) => V::Int(i),
                None => V::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            serde_json::Value::String(s) => V::Str(s.clone()),
            serde_json::Value::Array(items) => {
                V::List(items.iter().map(|i| Val::from_json(i, at)).collect())
            }
            serde_json::Value::Object(map) => V::Map(
                map.iter()
                    .map(|(k, v)| (k.clone(), Val::from_json(v, at)))
                    .collect(),
            ),
        };
        Val::new(v, at)
    }
}

/// A parameter's value, converted to its declared type (`None` when it
/// has none, which is reported once where it is declared).
#[derive(Clone, Debug)]
struct Parameter {
    value: Option<Val>,
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
                    target.push((name.to_owned(), literal(tree, entry.value, 0, &budget)));
                }
            }
        }
        self.environment_values = MAX_ENVIRONMENT_VALUES - budget.get();
    }
}

/// A literal YAML value (functions not evaluated; aliases followed).
fn literal(tree: &Tree, node: NodeId, depth: usize, budget: &Cell<usize>) -> Val {
    let at = tree.range(node);
    if depth > MAX_EVAL_DEPTH || budget.get() == 0 {
        return Val::unknown(
            "the value is nested too deeply or is too large to evaluate",
            at,
        );
    }
    budget.set(budget.get() - 1);
    let node = tree.alias_target(node).unwrap_or(node);
    let v = if tree.is_mapping(node) {
        V::Map(
            flattened(tree, node)
                .into_iter()
                .map(|merged| {
                    let e = merged.entry;
                    (
                        key_text(tree, e.key),
                        literal(tree, e.value, depth + 1, budget),
                    )
                })
                .collect(),
        )
    } else if tree.is_sequence(node) {
        V::List(
            tree.items(node)
                .iter()
                .map(|&item| literal(tree, item, depth + 1, budget))
                .collect(),
        )
    } else {
        scalar(tree, node)
    };
    Val::new(v, at)
}

fn key_text(tree: &Tree, key: NodeId) -> String {
    match tree.resolve(key) {
        Some(Resolved::Str(s) | Resolved::Timestamp(s)) => s.to_owned(),
        Some(resolved) => {
            let val = Val::new(scalar_value(resolved), TextRange::empty(0));
            val.python_str().unwrap_or_default()
        }
        None => tree.source(key).to_owned(),
    }
}

fn scalar(tree: &Tree, node: NodeId) -> V {
    match tree.resolve(node) {
        Some(resolved) => scalar_value(resolved),
        None => V::Unknown(Some("not a value Heat reads".to_owned())),
    }
}

fn scalar_value(resolved: Resolved<'_>) -> V {
    match resolved {
        Resolved::Null => V::Null,
        Resolved::Bool(b) => V::Bool(b),
        Resolved::Int(Some(i)) => V::Int(i),
        Resolved::Int(None) => V::Unknown(Some("the integer is too large".to_owned())),
        Resolved::Float(f) => V::Float(f),
        Resolved::Timestamp(s) | Resolved::Str(s) => V::Str(s.to_owned()),
    }
}

/// oslo's `bool_from_string` (strict): Heat's reading of a boolean
/// parameter given as text.
pub fn bool_from_string(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "t" | "true" | "on" | "y" | "yes" => Some(true),
        "0" | "f" | "false" | "off" | "n" | "no" => Some(false),
        _ => None,
    }
}

/// A parameter's value converted to its declared type as Heat converts
/// it; `Err` says why Heat would refuse it.
fn convert(kind: &str, value: Val) -> Result<Val, String> {
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
                        .map(|item| Val::new(V::Str(item.trim().to_owned()), at))
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

/// Evaluates values of one template.
pub struct Evaluator<'a, 't> {
    template: &'a Template<'t>,
    parameters: HashMap<String, Parameter>,
    conditions: HashMap<String, NodeId>,
    condition_values: RefCell<HashMap<String, Option<bool>>>,
    /// Conditions being evaluated, to stop a cycle.
    evaluating: RefCell<Vec<String>>,
    budget: Cell<usize>,
}

impl<'a, 't> Evaluator<'a, 't> {
    /// Reads the template's parameters with the given values, and its
    /// conditions; returns the problems found (a parameter without a
    /// value, a value of the wrong type).
    pub fn new(template: &'a Template<'t>, given: &Given) -> (Self, Vec<ParameterProblem>) {
        let tree = template.tree();
        let budget = Cell::new(MAX_EVAL_NODES);
        let mut problems = Vec::new();
        let mut parameters = HashMap::new();
        let cfn = template.kind() == DocumentKind::CloudFormation;
        for parameter in template.parameters() {
            let declaration = parameter.entry.value;
            let field = |hot: &str, cfn_key: &str| {
                tree.is_mapping(declaration)
                    .then(|| tree.get(declaration, if cfn { cfn_key } else { hot }))
                    .flatten()
            };
            let kind = field("type", "Type")
                .and_then(|n| tree.scalar(n))
                .map(|k| match k {
                    // CloudFormation's names.
                    "String" => "string",
                    "Number" => "number",
                    "CommaDelimitedList" => "comma_delimited_list",
                    "Json" => "json",
                    "Boolean" => "boolean",
                    other => other,
                })
                .unwrap_or("string")
                .to_owned();
            let declared = tree.range(parameter.entry.key);
            let given_value = given
                .texts
                .iter()
                .rev()
                .find(|(n, _)| *n == parameter.name)
                .map(|(_, text)| Val::new(V::Str(text.clone()), declared))
                .or_else(|| {
                    given
                        .parameters
                        .iter()
                        .rev()
                        .find(|(n, _)| *n == parameter.name)
                        .map(|(_, v)| v.clone())
                })
                .or_else(|| {
                    given
                        .defaults
                        .iter()
                        .rev()
                        .find(|(n, _)| *n == parameter.name)
                        .map(|(_, v)| v.clone())
                })
                .or_else(|| {
                    field("default", "Default").map(|node| literal(tree, node, 0, &budget))
                });
            let value = match given_value {
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
        let mut conditions = HashMap::new();
        if let Some(section) = template
            .section(if cfn { "Conditions" } else { "conditions" })
            .filter(|&s| tree.is_mapping(s))
        {
            for merged in flattened(tree, section) {
                if let Some(name) = tree.scalar(merged.entry.key) {
                    conditions.insert(name.to_owned(), merged.entry.value);
                }
            }
        }
        let evaluator = Self {
            template,
            parameters,
            conditions,
            condition_values: RefCell::new(HashMap::new()),
            evaluating: RefCell::new(Vec::new()),
            budget,
        };
        (evaluator, problems)
    }

    pub fn template(&self) -> &'a Template<'t> {
        self.template
    }

    fn tree(&self) -> &'a Tree<'t> {
        self.template.tree()
    }

    /// The value of a node.
    pub fn eval(&self, node: NodeId) -> Val {
        self.eval_at(node, 0)
    }

    /// Whether a resource's `condition` holds: `Some(false)` leaves it out
    /// of the stack, `None` when it depends on what is not known.
    pub fn resource_condition(&self, node: NodeId) -> Option<bool> {
        self.condition(node, 0)
    }

    fn eval_at(&self, node: NodeId, depth: usize) -> Val {
        let tree = self.tree();
        let at = tree.range(node);
        if depth > MAX_EVAL_DEPTH {
            return Val::unknown(
                format!("the value is nested more than {MAX_EVAL_DEPTH} levels deep"),
                at,
            );
        }
        if self.budget.get() == 0 {
            return Val::unknown("the template makes too many values to evaluate", at);
        }
        self.budget.set(self.budget.get() - 1);
        let node = tree.alias_target(node).unwrap_or(node);
        if let Some(call) = self.template.call_at(node) {
            let mut value = self.call(call.name, call.args, at, depth + 1);
            value.at = at;
            return value;
        }
        let v = if tree.is_mapping(node) {
            V::Map(
                flattened(tree, node)
                    .into_iter()
                    .map(|merged| {
                        let e = merged.entry;
                        (key_text(tree, e.key), self.eval_at(e.value, depth + 1))
                    })
                    .collect(),
            )
        } else if tree.is_sequence(node) {
            V::List(
                tree.items(node)
                    .iter()
                    .map(|&item| self.eval_at(item, depth + 1))
                    .collect(),
            )
        } else {
            scalar(tree, node)
        };
        Val::new(v, at)
    }

    fn args(&self, args: NodeId) -> Vec<NodeId> {
        let tree = self.tree();
        let args = tree.alias_target(args).unwrap_or(args);
        if tree.is_sequence(args) {
            tree.items(args).to_vec()
        } else {
            vec![args]
        }
    }

    fn call(&self, name: &str, args: NodeId, at: TextRange, depth: usize) -> Val {
        let tree = self.tree();
        match name {
            "get_param" => {
                let parts = self.args(args);
                let Some((&first, path)) = parts.split_first() else {
                    return Val::unknown("get_param needs a parameter name", at);
                };
                let name_val = self.eval_at(first, depth);
                let Some(param_name) = name_val.python_str() else {
                    return name_val;
                };
                let mut value = match self.parameter(&param_name, at) {
                    Ok(value) => value,
                    Err(unknown) => return unknown,
                };
                for &step in path {
                    let key = self.eval_at(step, depth);
                    value = match (&value.v, &key.v) {
                        (V::Map(_), _) => match key.python_str().and_then(|k| value.get(&k).cloned()) {
                            Some(v) => v,
                            None => Val::new(V::Null, at),
                        },
                        (V::List(items), V::Int(i)) => match usize::try_from(*i).ok().and_then(|i| items.get(i)) {
                            Some(v) => v.clone(),
                            None => Val::new(V::Null, at),
                        },
                        (V::List(items), V::Str(s)) => {
                            match s.parse::<usize>().ok().and_then(|i| items.get(i)) {
                                Some(v) => v.clone(),
                                None => Val::new(V::Null, at),
                            }
                        }
                        (V::Unknown(_), _) => return value,
                        _ => return Val::unknown(format!("get_param cannot look into the parameter {param_name}'s value there"), at),
                    };
                }
                value.relocated(at)
            }
            "get_resource" => match tree.scalar(args) {
                Some(resource) => Val::new(V::Resource(resource.to_owned()), at),
                None => Val::unknown("get_resource needs a resource name", at),
            },
            "Ref" => match tree.scalar(args) {
                Some(resource) if self.template.resource(resource).is_some() => {
                    Val::new(V::Resource(resource.to_owned()), at)
                }
                Some(param) => match self.parameter(param, at) {
                    Ok(value) => value.relocated(at),
                    Err(unknown) => unknown,
                },
                None => Val::unknown("Ref needs a name", at),
            },
            "get_attr" | "Fn::GetAtt" => Val::unknown(
                "an attribute (get_attr) is known only once Heat has created the resource, and ORC cannot put one object's status into another's spec",
                at,
            ),
            "get_file" => Val::unknown(
                "get_file reads a file beside the template; put its content in the template or in a parameter",
                at,
            ),
            "str_replace" | "str_replace_strict" | "str_replace_vstrict" => {
                let value = self.eval_at(args, depth);
                let (Some(template), Some(params)) = (value.get("template"), value.get("params")) else {
                    return Val::unknown(format!("{name} needs template and params"), at);
                };
                if let Some(unknown) = template.unknown_part().or_else(|| params.unknown_part()) {
                    return unknown.clone();
                }
                let (V::Str(text), V::Map(entries)) = (&template.v, &params.v) else {
                    return Val::unknown(format!("{name} needs a string template and a map of params"), at);
                };
                let mut mapping = Vec::new();
                for (key, v) in entries {
                    let replacement = match &v.v {
                        V::Null => String::new(),
                        _ => match v.python_str() {
                            Some(s) => s,
                            None => return Val::unknown(format!("{name} params must be strings or numbers"), at),
                        },
                    };
                    mapping.retain(|(k, _): &(String, String)| k != key);
                    mapping.push((key.clone(), replacement));
                }
                mapping.sort_by(|a, b| a.0.cmp(&b.0));
                mapping.sort_by_key(|entry| std::cmp::Reverse(entry.0.len()));
                Val::new(V::Str(replace_all(text, &mapping)), at)
            }
            "list_join" => {
                let value = self.eval_at(args, depth);
                let V::List(items) = &value.v else {
                    return Val::unknown("list_join needs a list", at);
                };
                let Some((delimiter, lists)) = items.split_first() else {
                    return Val::unknown("list_join needs a delimiter", at);
                };
                if let Some(unknown) = value.unknown_part() {
                    return unknown.clone();
                }
                let V::Str(delimiter) = &delimiter.v else {
                    return Val::unknown("list_join's delimiter must be a string", at);
                };
                let mut strings = Vec::new();
                for list in lists {
                    match &list.v {
                        V::List(items) => {
                            for item in items {
                                strings.push(match &item.v {
                                    V::Null => String::new(),
                                    V::Str(s) => s.clone(),
                                    V::List(_) | V::Map(_) => match item.python_json(true) {
                                        Some(json) => json,
                                        None => return Val::unknown("list_join's items must be known", at),
                                    },
                                    _ => return Val::unknown("list_join's items must be strings, maps or lists", at),
                                });
                            }
                        }
                        V::Null => {}
                        _ => return Val::unknown("list_join joins lists", at),
                    }
                }
                Val::new(V::Str(strings.join(delimiter)), at)
            }
            "Fn::Join" => {
                let value = self.eval_at(args, depth);
                if let Some(unknown) = value.unknown_part() {
                    return unknown.clone();
                }
                match &value.v {
                    V::List(items) if items.len() == 2 => match (&items[0].v, &items[1].v) {
                        (V::Str(delimiter), V::List(strings)) => {
                            let mut parts = Vec::new();
                            for s in strings {
                                match &s.v {
                                    V::Str(s) => parts.push(s.clone()),
                                    V::Null => parts.push(String::new()),
                                    _ => return Val::unknown("Fn::Join joins strings", at),
                                }
                            }
                            Val::new(V::Str(parts.join(delimiter)), at)
                        }
                        _ => Val::unknown("Fn::Join needs a delimiter and a list", at),
                    },
                    _ => Val::unknown("Fn::Join needs a delimiter and a list", at),
                }
            }
            "Fn::Base64" => self.eval_at(args, depth),
            "Fn::Select" => {
                let value = self.eval_at(args, depth);
                match &value.v {
                    V::List(items) if items.len() == 2 => {
                        let index = &items[0];
                        let collection = &items[1];
                        match (&collection.v, index.python_str()) {
                            (V::List(list), Some(i)) => i
                                .parse::<usize>()
                                .ok()
                                .and_then(|i| list.get(i).cloned())
                                .unwrap_or(Val::new(V::Str(String::new()), at)),
                            (V::Map(_), Some(key)) => collection
                                .get(&key)
                                .cloned()
                                .unwrap_or(Val::new(V::Str(String::new()), at)),
                            (V::Unknown(_), _) => collection.clone(),
                            _ => Val::unknown("Fn::Select needs an index and a list", at),
                        }
                    }
                    _ => Val::unknown("Fn::Select needs an index and a list", at),
                }
            }
            "str_split" => {
                let value = self.eval_at(args, depth);
                if let Some(unknown) = value.unknown_part() {
                    return unknown.clone();
                }
                let V::List(items) = &value.v else {
                    return Val::unknown("str_split needs a list", at);
                };
                match (items.first().map(|v| &v.v), items.get(1).map(|v| &v.v)) {
                    (Some(V::Str(delimiter)), Some(V::Str(text))) if !delimiter.is_empty() => {
                        let parts: Vec<Val> = text
                            .split(delimiter.as_str())
                            .map(|s| Val::new(V::Str(s.to_owned()), at))
                            .collect();
                        match items.get(2) {
                            None => Val::new(V::List(parts), at),
                            Some(index) => index
                                .python_str()
                                .and_then(|i| i.parse::<usize>().ok())
                                .and_then(|i| parts.get(i).cloned())
                                .unwrap_or_else(|| Val::unknown("str_split's index is out of range", at)),
                        }
                    }
                    _ => Val::unknown("str_split needs a delimiter and a string", at),
                }
            }
            "list_concat" | "list_concat_unique" => {
                let value = self.eval_at(args, depth);
                if let Some(unknown) = value.unknown_part() {
                    return unknown.clone();
                }
                let V::List(lists) = &value.v else {
                    return Val::unknown(format!("{name} needs a list of lists"), at);
                };
                let mut out: Vec<Val> = Vec::new();
                for list in lists {
                    match &list.v {
                        V::List(items) => {
                            for item in items {
                                if name == "list_concat_unique"
                                    && out.iter().any(|o| o.to_json() == item.to_json())
                                {
                                    continue;
                                }
                                out.push(item.clone());
                            }
                        }
                        V::Null => {}
                        _ => return Val::unknown(format!("{name} concatenates lists"), at),
                    }
                }
                Val::new(V::List(out), at)
            }
            "map_merge" => {
                let value = self.eval_at(args, depth);
                if let Some(unknown) = value.unknown_part() {
                    return unknown.clone();
                }
                let V::List(maps) = &value.v else {
                    return Val::unknown("map_merge needs a list of maps", at);
                };
                let mut out: Vec<(String, Val)> = Vec::new();
                for map in maps {
                    match &map.v {
                        V::Map(entries) => {
                            for (k, v) in entries {
                                out.retain(|(existing, _)| existing != k);
                                out.push((k.clone(), v.clone()));
                            }
                        }
                        V::Null => {}
                        _ => return Val::unknown("map_merge merges maps", at),
                    }
                }
                Val::new(V::Map(out), at)
            }
            "if" | "Fn::If" => {
                let parts = self.args(args);
                if parts.len() != 3 {
                    return Val::unknown(format!("{name} needs a condition and two values"), at);
                }
                match self.condition(parts[0], depth) {
                    Some(true) => self.eval_at(parts[1], depth),
                    Some(false) => self.eval_at(parts[2], depth),
                    None => Val::unknown(
                        "the condition depends on what only Heat knows when it runs",
                        at,
                    ),
                }
            }
            "equals" | "Fn::Equals" | "not" | "Fn::Not" | "and" | "Fn::And" | "or" | "Fn::Or" => {
                match self.condition_call(name, args, depth) {
                    Some(b) => Val::new(V::Bool(b), at),
                    None => Val::unknown("the condition depends on what only Heat knows when it runs", at),
                }
            }
            "contains" => {
                let value = self.eval_at(args, depth);
                if let Some(unknown) = value.unknown_part() {
                    return unknown.clone();
                }
                match &value.v {
                    V::List(items) if items.len() == 2 => match &items[1].v {
                        V::List(list) => {
                            let needle = items[0].to_json();
                            Val::new(V::Bool(list.iter().any(|i| i.to_json() == needle)), at)
                        }
                        _ => Val::unknown("contains needs a list to look in", at),
                    },
                    _ => Val::unknown("contains needs a value and a list", at),
                }
            }
            "repeat" => self.repeat(args, at, depth),
            other => Val::unknown(
                format!("{other} is computed by Heat when it runs; its result cannot be written in advance"),
                at,
            ),
        }
    }

    fn parameter(&self, name: &str, at: TextRange) -> Result<Val, Val> {
        match self.parameters.get(name) {
            Some(Parameter {
                value: Some(value), ..
            }) => Ok(value.clone()),
            Some(Parameter { value: None, .. }) => Err(Val::new(V::Unknown(None), at)),
            None if name.starts_with("OS::") || name.starts_with("AWS::") => Err(Val::unknown(
                format!("{name} is known only to Heat; give it with -P {name}=VALUE"),
                at,
            )),
            None => Err(Val::unknown(
                format!("the template has no parameter {name}"),
                at,
            )),
        }
    }

    /// `repeat: {for_each: {<%var%>: list}, template: ...}` with known
    /// lists (every combination, as `permutations: true`).
    fn repeat(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let tree = self.tree();
        let args = tree.alias_target(args).unwrap_or(args);
        let (Some(for_each), Some(template)) = (
            tree.is_mapping(args)
                .then(|| tree.get(args, "for_each"))
                .flatten(),
            tree.is_mapping(args)
                .then(|| tree.get(args, "template"))
                .flatten(),
        ) else {
            return Val::unknown("repeat needs for_each and template", at);
        };
        let lists = self.eval_at(for_each, depth);
        if let Some(unknown) = lists.unknown_part() {
            return unknown.clone();
        }
        let V::Map(lists) = &lists.v else {
            return Val::unknown("repeat's for_each must be a map", at);
        };
        let pairwise = tree.get(args, "permutations").and_then(|p| tree.resolve(p))
            == Some(Resolved::Bool(false));
        let body = self.eval_at(template, depth);
        let mut combos: Vec<Vec<(String, String)>> = vec![Vec::new()];
        for (index, (key, list)) in lists.iter().enumerate() {
            let V::List(items) = &list.v else {
                return Val::unknown("repeat's for_each values must be lists", at);
            };
            let mut texts = Vec::new();
            for item in items {
                match item.python_str() {
                    Some(s) => texts.push(s),
                    None => return Val::unknown("repeat's values must be strings or numbers", at),
                }
            }
            if pairwise {
                if index == 0 {
                    combos = texts
                        .iter()
                        .map(|t| vec![(key.clone(), t.clone())])
                        .collect();
                } else if texts.len() != combos.len() {
                    return Val::unknown(
                        "repeat's lists must be of equal length without permutations",
                        at,
                    );
                } else {
                    for (combo, t) in combos.iter_mut().zip(texts) {
                        combo.push((key.clone(), t));
                    }
                }
            } else {
                // Checked before the product is built: it is what would
                // take the memory.
                if combos.len().saturating_mul(texts.len()) > self.budget.get() {
                    return Val::unknown("repeat makes too many values to evaluate", at);
                }
                let mut next = Vec::new();
                for combo in &combos {
                    for t in &texts {
                        let mut c = combo.clone();
                        c.push((key.clone(), t.clone()));
                        next.push(c);
                    }
                }
                combos = next;
            }
        }
        // Each copy of the body is made of its values and holds a value
        // per loop variable: all of them count.
        let cost = combos
            .len()
            .saturating_mul(body.count().saturating_add(lists.len()));
        if cost > self.budget.get() {
            return Val::unknown("repeat makes too many values to evaluate", at);
        }
        self.budget.set(self.budget.get() - cost);
        let items = combos
            .iter()
            .map(|combo| substitute(&body, combo))
            .collect();
        Val::new(V::List(items), at)
    }

    /// A condition: a condition's name, a boolean, or an expression.
    fn condition(&self, node: NodeId, depth: usize) -> Option<bool> {
        let tree = self.tree();
        let node = tree.alias_target(node).unwrap_or(node);
        if let Some(call) = self.template.call_at(node) {
            return self.condition_call(call.name, call.args, depth + 1);
        }
        match tree.resolve(node)? {
            Resolved::Bool(b) => Some(b),
            Resolved::Str(name) => self.named_condition(name, depth),
            _ => None,
        }
    }

    fn named_condition(&self, name: &str, depth: usize) -> Option<bool> {
        if let Some(known) = self.condition_values.borrow().get(name) {
            return *known;
        }
        let node = *self.conditions.get(name)?;
        if self.evaluating.borrow().iter().any(|n| n == name) || depth > MAX_EVAL_DEPTH {
            return None;
        }
        self.evaluating.borrow_mut().push(name.to_owned());
        let value = self.condition(node, depth + 1);
        self.evaluating.borrow_mut().pop();
        self.condition_values
            .borrow_mut()
            .insert(name.to_owned(), value);
        value
    }

    fn condition_call(&self, name: &str, args: NodeId, depth: usize) -> Option<bool> {
        let parts = self.args(args);
        match name {
            "equals" | "Fn::Equals" => {
                let [a, b] = parts.as_slice() else {
                    return None;
                };
                let (a, b) = (self.eval_at(*a, depth), self.eval_at(*b, depth));
                if a.unknown_part().is_some() || b.unknown_part().is_some() {
                    return None;
                }
                Some(a.to_json() == b.to_json())
            }
            "not" | "Fn::Not" => {
                let node = if self.tree().is_sequence(args) {
                    *parts.first()?
                } else {
                    args
                };
                self.condition(node, depth).map(|b| !b)
            }
            "and" | "Fn::And" | "or" | "Fn::Or" => {
                let decisive = matches!(name, "or" | "Fn::Or");
                let mut unknown = false;
                for part in parts {
                    match self.condition(part, depth) {
                        Some(b) if b == decisive => return Some(decisive),
                        Some(_) => {}
                        None => unknown = true,
                    }
                }
                (!unknown).then_some(!decisive)
            }
            "get_param" => self.call(name, args, TextRange::empty(0), depth).truth(),
            _ => None,
        }
    }
}

/// `text` with each key replaced by its value, longest keys first, in one
/// pass (as Heat's `str_replace` splits and joins).
fn replace_all(text: &str, mapping: &[(String, String)]) -> String {
    fn go(strings: Vec<String>, mapping: &[(String, String)]) -> Vec<String> {
        let Some(((key, value), rest)) = mapping.split_first() else {
            return strings;
        };
        strings
            .into_iter()
            .map(|s| {
                if key.is_empty() {
                    // Python's str.split refuses an empty separator; Heat
                    // would fail, and the string is left as it is here.
                    return go(vec![s], rest).concat();
                }
                let pieces: Vec<String> = s.split(key.as_str()).map(str::to_owned).collect();
                go(pieces, rest).join(value)
            })
            .collect()
    }
    go(vec![text.to_owned()], mapping).concat()
}

/// A `repeat` template with its variables replaced in strings and keys.
fn substitute(body: &Val, combo: &[(String, String)]) -> Val {
    let replace = |s: &str| {
        let mut out = s.to_owned();
        for (key, value) in combo {
            out = out.replace(key.as_str(), value);
        }
        out
    };
    let v = match &body.v {
        V::Str(s) => V::Str(replace(s)),
        V::List(items) => V::List(items.iter().map(|i| substitute(i, combo)).collect()),
        V::Map(entries) => V::Map(
            entries
                .iter()
                .map(|(k, v)| (replace(k), substitute(v, combo)))
                .collect(),
        ),
        other => other.clone(),
    };
    Val::new(v, body.at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An alias bomb of a few hundred bytes in each of several environment
    /// files gives at most `MAX_ENVIRONMENT_VALUES` values in all, and the
    /// values past the limit say why they are unknown.
    #[test]
    fn environment_values_are_bounded_across_files() {
        let mut bomb =
            String::from("parameter_defaults:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (name, previous) in ["b", "c", "d", "e", "f", "g"]
            .iter()
            .zip(["a", "b", "c", "d", "e", "f"])
        {
            let items = vec![format!("*{previous}"); 10].join(", ");
            bomb.push_str(&format!("  {name}: &{name} [{items}]\n"));
        }
        let environment = heatwise_core::template::parse(&bomb);
        let mut given = Given::default();
        for _ in 0..3 {
            given.add_environment(&environment);
        }
        let total: usize = given.defaults.iter().map(|(_, v)| v.count()).sum();
        // Past the limit, each value still asked for is one placeholder:
        // at most the ten items of each of the bomb's seven levels.
        assert!(total <= MAX_ENVIRONMENT_VALUES + 10 * 7, "{total}");
        assert_eq!(given.environment_values, MAX_ENVIRONMENT_VALUES);
        let (_, last) = given.defaults.last().unwrap();
        assert!(
            matches!(&last.v, V::Unknown(Some(reason)) if reason.contains("too large")),
            "{last:?}"
        );
    }

    /// Floats become text as Python writes them: `str()` where Heat turns
    /// a value into a string, `json.dumps` where it writes a map or list.
    #[test]
    fn floats_are_written_as_python_writes_them() {
        let at = TextRange::empty(0);
        for (float, python) in [
            (1e-05, "1e-05"),
            (0.0001, "0.0001"),
            (1e16, "1e+16"),
            (1.5e300, "1.5e+300"),
            (2.0, "2.0"),
            (0.1, "0.1"),
        ] {
            assert_eq!(
                Val::new(V::Float(float), at).python_str().as_deref(),
                Some(python)
            );
        }
        let map = Val::new(
            V::Map(vec![
                ("b".into(), Val::new(V::Float(1e-05), at)),
                ("a".into(), Val::new(V::Int(3), at)),
            ]),
            at,
        );
        assert_eq!(map.python_json(true).unwrap(), r#"{"a": 3, "b": 1e-05}"#);
        assert_eq!(map.python_json(false).unwrap(), r#"{"b": 1e-05, "a": 3}"#);
    }

    /// `json.dumps` writes every character beyond ASCII escaped, and
    /// booleans and null as JSON does.
    #[test]
    fn python_json_is_ascii_only() {
        let at = TextRange::empty(0);
        let list = Val::new(
            V::List(vec![
                Val::new(V::Str("caf\u{e9} \u{1f600} \"q\"\n".into()), at),
                Val::new(V::Bool(true), at),
                Val::new(V::Null, at),
            ]),
            at,
        );
        assert_eq!(
            list.python_json(true).unwrap(),
            r#"["caf\u00e9 \ud83d\ude00 \"q\"\n", true, null]"#
        );
    }
}
