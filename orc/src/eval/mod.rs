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
//! up. One `fn` per intrinsic function (`functions.rs`), conditions in
//! `conditions.rs`, the parameters' values in `parameters.rs`; values are
//! core's model of Heat's Python values (`heatwise_core::template::value`).

mod conditions;
mod functions;
mod parameters;
mod references;
#[cfg(test)]
mod tests;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use heatwise_core::syntax::{NodeId, Tree};
use heatwise_core::template::merge::flattened;
use heatwise_core::template::value::{key_text, scalar};
use heatwise_core::template::Template;
use heatwise_core::text::TextRange;

pub use heatwise_core::template::value::{bool_from_string, Val, V};
use parameters::Parameter;
pub use parameters::{Given, ParameterProblem};

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
/// Evaluates values of one template.
pub struct Evaluator<'a, 't> {
    template: &'a Template<'t>,
    parameters: HashMap<String, Parameter>,
    conditions: HashMap<String, NodeId>,
    condition_values: RefCell<HashMap<String, Option<bool>>>,
    /// Conditions being evaluated, to stop a cycle.
    evaluating: RefCell<Vec<String>>,
    /// Values left to make, shared by the evaluators of every template of
    /// one export (a nested stack's evaluates with its parent's budget).
    budget: Rc<Cell<usize>>,
    /// The outputs of the nested stacks of this template's resources, by
    /// resource, each value's references made absolute ([`qualified`]):
    /// what `get_attr: [resource, output]` reads.
    nested_outputs: RefCell<HashMap<String, Vec<(String, Val)>>>,
    /// The members of this template's groups of nested stacks, in index
    /// order, by group: each a key of `nested_outputs`.
    group_members: RefCell<HashMap<String, Vec<String>>>,
    /// The members of this template's groups of plain resources (each an
    /// object of its own), in index order, by group: what `get_attr:
    /// [group, resource.N]`, member N's reference, names.
    plain_members: RefCell<HashMap<String, Vec<String>>>,
    /// While a group's member is exported: its `index_var` and its name,
    /// put in place of the variable in every string evaluated.
    member: RefCell<Option<(String, String)>>,
}

impl<'a, 't> Evaluator<'a, 't> {
    /// Reads the template's parameters with the given values, and its
    /// conditions; returns the problems found (a parameter without a
    /// value, a value of the wrong type).
    pub fn new(template: &'a Template<'t>, given: &Given) -> (Self, Vec<ParameterProblem>) {
        Self::with_budget(template, given, Rc::new(Cell::new(MAX_EVAL_NODES)))
    }

    /// [`Evaluator::new`] for a nested stack's template, making its values
    /// out of the same budget as `parent`.
    pub fn nested(
        template: &'a Template<'t>,
        given: &Given,
        parent: &Evaluator<'_, '_>,
    ) -> (Self, Vec<ParameterProblem>) {
        Self::with_budget(template, given, Rc::clone(&parent.budget))
    }

    fn with_budget(
        template: &'a Template<'t>,
        given: &Given,
        budget: Rc<Cell<usize>>,
    ) -> (Self, Vec<ParameterProblem>) {
        let (parameters, problems) = parameters::read(template, given, &budget);
        let evaluator = Self {
            template,
            parameters,
            conditions: conditions::read(template),
            condition_values: RefCell::new(HashMap::new()),
            evaluating: RefCell::new(Vec::new()),
            budget,
            nested_outputs: RefCell::new(HashMap::new()),
            group_members: RefCell::new(HashMap::new()),
            plain_members: RefCell::new(HashMap::new()),
            member: RefCell::new(None),
        };
        (evaluator, problems)
    }

    /// The outputs of the nested stack `resource` makes, for `get_attr`.
    pub fn set_nested_outputs(&self, resource: &str, outputs: Vec<(String, Val)>) {
        self.nested_outputs
            .borrow_mut()
            .insert(resource.to_owned(), outputs);
    }

    /// The members of the group `resource`, each a nested stack whose
    /// outputs [`Evaluator::set_nested_outputs`] gave, for `get_attr` of
    /// the group.
    pub fn set_group_members(&self, resource: &str, members: Vec<String>) {
        self.group_members
            .borrow_mut()
            .insert(resource.to_owned(), members);
    }

    /// The members of the group `resource`, each a plain resource with an
    /// object of its own, for `get_attr: [group, resource.N]`.
    pub fn set_plain_members(&self, resource: &str, members: Vec<String>) {
        self.plain_members
            .borrow_mut()
            .insert(resource.to_owned(), members);
    }

    pub fn template(&self) -> &'a Template<'t> {
        self.template
    }

    fn tree(&self) -> &'a Tree<'t> {
        self.template.tree()
    }

    /// The value of a node.
    pub fn eval(&self, node: NodeId) -> Val {
        let value = self.eval_at(node, 0);
        match &*self.member.borrow() {
            Some((variable, name)) => substituted(value, variable, name),
            None => value,
        }
    }

    /// While a resource group's member is exported: its group's
    /// `index_var` and the member's name, replaced in every string of the
    /// properties evaluated (`ResourceGroup._handle_repl_val`: in values,
    /// not in keys); `None` after. Returns what was set before.
    pub fn set_member(&self, member: Option<(String, String)>) -> Option<(String, String)> {
        self.member.replace(member)
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
            // What is not known is reported where it is written (the
            // `get_attr` inside a `str_replace`), the rest at the call.
            let inner = matches!(value.v, V::Unknown(_))
                && at.start <= value.at.start
                && value.at.end <= at.end;
            if !inner {
                value.at = at;
            }
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

    /// A function call's value: each function is a `fn` of its own.
    fn call(&self, name: &str, args: NodeId, at: TextRange, depth: usize) -> Val {
        match name {
            "get_param" => self.get_param(args, at, depth),
            "get_resource" => self.get_resource(args, at),
            "Ref" => self.reference(args, at),
            "get_attr" | "Fn::GetAtt" => self.get_attr(args, at, depth),
            "get_file" => Val::unknown(
                "get_file reads a file beside the template; put its content in the template or in a parameter",
                at,
            ),
            "str_replace" | "str_replace_strict" | "str_replace_vstrict" => self.str_replace(name, args, at, depth),
            "list_join" => self.list_join(args, at, depth),
            "Fn::Join" => self.fn_join(args, at, depth),
            "Fn::Base64" => self.eval_at(args, depth),
            "Fn::Select" => self.fn_select(args, at, depth),
            "str_split" => self.str_split(args, at, depth),
            "list_concat" | "list_concat_unique" => self.list_concat(name, args, at, depth),
            "map_merge" => self.map_merge(args, at, depth),
            "if" | "Fn::If" => self.if_(name, args, at, depth),
            "equals" | "Fn::Equals" | "not" | "Fn::Not" | "and" | "Fn::And" | "or" | "Fn::Or" => {
                self.condition_value(name, args, at, depth)
            }
            "contains" => self.contains(args, at, depth),
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
}

/// `value` with its references to resources of the template at `scope`
/// (`""` for the stack's own, `"app/"` for the nested stack of `app`, …)
/// made absolute (`/app/port`), so that they keep naming the same
/// resource once the value is passed to another template of the stack.
pub fn qualified(value: Val, scope: &str) -> Val {
    let v = match value.v {
        V::Resource(name) if !name.starts_with('/') => V::Resource(format!("/{scope}{name}")),
        V::List(items) => V::List(
            items
                .into_iter()
                .map(|item| qualified(item, scope))
                .collect(),
        ),
        V::Map(entries) => V::Map(
            entries
                .into_iter()
                .map(|(key, item)| (key, qualified(item, scope)))
                .collect(),
        ),
        other => other,
    };
    Val::new(v, value.at)
}

/// `value` with `variable` replaced by `name` in every string, as Heat's
/// resource group does for its members' properties.
fn substituted(value: Val, variable: &str, name: &str) -> Val {
    let v = match value.v {
        V::Str(text) => V::Str(text.replace(variable, name)),
        V::List(items) => V::List(
            items
                .into_iter()
                .map(|item| substituted(item, variable, name))
                .collect(),
        ),
        V::Map(entries) => V::Map(
            entries
                .into_iter()
                .map(|(key, item)| (key, substituted(item, variable, name)))
                .collect(),
        ),
        other => other,
    };
    Val::new(v, value.at)
}
