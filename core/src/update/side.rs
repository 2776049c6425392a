//! One side of an update read as the rules read templates
//! ([`template::parse`]): its resources, and the value each parameter has
//! as Heat's stack gives it: the command line's, else an environment's
//! `parameters` (the last environment first), else an environment's
//! `parameter_defaults`, else the template's default.

use std::cell::Cell;
use std::collections::BTreeMap;

use super::{StackInput, MAX_RESOURCES};
use crate::stack::registry::is_template_name;
use crate::stack::url;
use crate::syntax::NodeId;
use crate::template::unread::Unread;
use crate::template::value::{bool_from_string, literal, Val, V};
use crate::template::{self, Definition, DocumentKind, ProblemKind, Resource, Template};
use crate::text::TextRange;

/// Parameter values are read this deep, and with this budget of nodes.
const MAX_DEPTH: usize = 32;
const BUDGET: usize = 100_000;

/// Parameters Heat itself gives every stack; the same before and after.
const PSEUDO_PARAMETERS: [&str; 6] = [
    "OS::stack_name",
    "OS::stack_id",
    "OS::project_id",
    "AWS::StackName",
    "AWS::StackId",
    "AWS::Region",
];

pub(super) struct Side<'a> {
    pub template: Template<'a>,
    environments: Vec<Template<'a>>,
    given: &'a [(String, String)],
    /// A nested stack's values: its parent resource's properties.
    values: BTreeMap<String, Val>,
    /// A nested stack reads only the environments' `parameter_defaults`.
    nested: bool,
    /// The stack's other files, by the name its templates use.
    files: &'a [(String, &'a str)],
    /// Where the template is sent from: its relative template types are
    /// joined onto it ([`StackInput::base_url`]).
    base: Option<String>,
    /// What Heat does not read with these values: resources whose
    /// condition is false, branches of an `if` not taken.
    pub unread: Unread,
}

impl<'a> Side<'a> {
    /// `Err` (naming the side as `what`) when a text is not one Heat reads.
    pub fn read(input: &'a StackInput<'a>, what: &str) -> Result<Self, String> {
        let template = template::parse(input.template);
        unreadable(&template).map_or(Ok(()), |why| Err(format!("{what} cannot be read: {why}")))?;
        if !matches!(
            template.kind(),
            DocumentKind::Hot | DocumentKind::CloudFormation
        ) {
            return Err(format!("{what} is not a Heat template"));
        }
        let count = template.resources().len();
        if count > MAX_RESOURCES {
            return Err(format!(
                "{what} has {count} resources; heatwise compares at most {MAX_RESOURCES}"
            ));
        }
        let mut environments = Vec::with_capacity(input.environments.len());
        for text in &input.environments {
            let environment = template::parse(text);
            if let Some(why) = unreadable(&environment) {
                return Err(format!("an environment of {what} cannot be read: {why}"));
            }
            environments.push(environment);
        }
        let side = Side {
            template,
            environments,
            given: &input.parameters,
            values: BTreeMap::new(),
            nested: false,
            files: &input.files,
            base: input.base_url.clone(),
            unread: Unread::default(),
        };
        Ok(side.with_unread())
    }

    fn with_unread(mut self) -> Self {
        let unread = Unread::with_values(&self.template, &|name| self.parameter(name).ok());
        self.unread = unread;
        self
    }

    /// The nested stack a resource of type `type_name` makes, given its
    /// properties as `values`; `None` when its template is not among the
    /// files, or is not one Heat reads.
    pub fn nested(&self, type_name: &str, values: BTreeMap<String, Val>) -> Option<Side<'a>> {
        let name = self.template_of(type_name)?;
        let (_, text) = self.files.iter().find(|(file, _)| *file == name)?;
        let base = self.base.as_ref().map(|_| url::base_of(&name));
        let template = template::parse(text);
        if unreadable(&template).is_some() || template.resources().len() > MAX_RESOURCES {
            return None;
        }
        let environments = (self.environments.iter())
            .map(|environment| template::parse(environment.text()))
            .collect();
        let side = Side {
            template,
            environments,
            given: &[],
            values,
            nested: true,
            files: self.files,
            base,
            unread: Unread::default(),
        };
        Some(side.with_unread())
    }

    /// A resource's type as Heat keeps it: a template file written as a
    /// relative path is joined onto where the template is sent from.
    pub fn type_of(&self, definition: &Definition) -> String {
        let written = definition.type_name.clone().unwrap_or_default();
        match &self.base {
            Some(base) if is_template_name(&written) && url::scheme(&written).is_none() => {
                url::join(base, &written)
            }
            _ => written,
        }
    }

    /// The template file a type names: itself, or what a registry maps it
    /// onto (the last environment's entry winning).
    fn template_of(&self, type_name: &str) -> Option<String> {
        let is_template = |target: &str| is_template_name(target) || target.contains('/');
        if is_template(type_name) {
            return Some(match &self.base {
                Some(base) if url::scheme(type_name).is_none() => url::join(base, type_name),
                _ => type_name.to_owned(),
            });
        }
        self.environments.iter().rev().find_map(|environment| {
            let tree = environment.tree();
            environment.registry().iter().rev().find_map(|entry| {
                let target = entry.target.as_deref()?;
                (entry.scope.is_none()
                    && tree.scalar(entry.entry.key) == Some(type_name)
                    && is_template(target))
                .then(|| target.to_owned())
            })
        })
    }

    /// A resource of the stack: in the template, its condition not false.
    pub fn resource(&self, name: &str) -> Option<&Resource> {
        let resource = self.template.resource(name)?;
        self.unread.disabled_by(name).is_none().then_some(resource)
    }

    /// Whether a resource of type `name` is a nested template: a file or
    /// URL Heat takes for a template, or a type an environment's registry
    /// maps onto one.
    pub fn is_nested_template(&self, name: &str) -> bool {
        self.template_of(name).is_some()
    }

    /// The condition (as written) that leaves resource `name` out.
    pub fn disabled_by(&self, name: &str) -> Option<&str> {
        self.unread.disabled_by(name)
    }

    /// The value of parameter `name` and the keys or indexes of `path`
    /// within it; `Err` says why it is not known here.
    pub fn parameter(&self, name: &str) -> Result<Val, String> {
        let at = TextRange::empty(0);
        if PSEUDO_PARAMETERS.contains(&name) {
            return Ok(Val::new(V::Str(format!("\u{1}param:{name}")), at));
        }
        let declared = self
            .template
            .parameters()
            .iter()
            .rev()
            .find(|parameter| parameter.name == name)
            .map(|parameter| parameter.entry.value);
        if let Some(value) = self.values.get(name) {
            return Ok(self.typed(declared, value.clone()));
        }
        if let Some((_, value)) = self.given.iter().rev().find(|(given, _)| given == name) {
            let value = Val::new(V::Str(value.clone()), at);
            return Ok(self.typed(declared, value));
        }
        let environments = || self.environments.iter().rev();
        // `parameters` are the root stack's; `parameter_defaults` reach
        // every nested stack too.
        let root = !self.nested;
        let written = (environments().filter(|_| root))
            .find_map(|environment| given_by(environment, "parameters", name))
            .or_else(|| {
                environments()
                    .find_map(|environment| given_by(environment, "parameter_defaults", name))
            });
        if let Some(value) = written {
            return value.map(|value| self.typed(declared, value));
        }
        let default = declared
            .filter(|&node| self.template.tree().is_mapping(node))
            .and_then(|node| self.template.field(node, "default"));
        match default {
            Some(entry) => read(&self.template, entry.value).map(|v| self.typed(declared, v)),
            None => Err(format!(
                "the parameter {name} has no value here (give it with -P)"
            )),
        }
    }

    /// A value as the declared type's parameter gives it: a number or a
    /// boolean given as text is the number or the boolean.
    fn typed(&self, declared: Option<NodeId>, value: Val) -> Val {
        let tree = self.template.tree();
        let kind = declared
            .filter(|&node| tree.is_mapping(node))
            .and_then(|node| self.template.field(node, "type"))
            .and_then(|entry| tree.scalar(entry.value));
        let V::Str(text) = &value.v else {
            return value;
        };
        let v = match kind {
            Some("number" | "Number") => match text.trim().parse::<i64>() {
                Ok(number) => V::Int(number),
                Err(_) => match text.trim().parse::<f64>() {
                    Ok(number) => V::Float(number),
                    Err(_) => return value,
                },
            },
            Some("boolean" | "Boolean") => match bool_from_string(text) {
                Some(truth) => V::Bool(truth),
                None => return value,
            },
            _ => return value,
        };
        Val::new(v, value.at)
    }
}

/// What an environment's section gives `name`: `None` when it gives
/// nothing.
fn given_by(environment: &Template<'_>, section: &str, name: &str) -> Option<Result<Val, String>> {
    let node = environment.section(section)?;
    let tree = environment.tree();
    let entry = tree
        .is_mapping(node)
        .then(|| tree.get_entry(node, name))??;
    Some(read(environment, entry.value))
}

/// A value written as data (a parameter's value or default).
fn read(template: &Template<'_>, node: NodeId) -> Result<Val, String> {
    let budget = Cell::new(BUDGET);
    let value = literal(template.tree(), node, 0, MAX_DEPTH, &budget);
    match value.unknown_part() {
        None => Ok(value),
        Some(part) => Err(match &part.v {
            V::Unknown(Some(why)) => why.clone(),
            _ => "a parameter's value is not known offline".to_owned(),
        }),
    }
}

/// Why Heat cannot read the text at all, if it cannot.
fn unreadable(template: &Template<'_>) -> Option<String> {
    template.problems().iter().find_map(|problem| {
        matches!(
            problem.kind,
            ProblemKind::Syntax
                | ProblemKind::EmptyDocument
                | ProblemKind::NotAMapping
                | ProblemKind::AliasBudget
        )
        .then(|| problem.message.clone())
    })
}
