//! Conditions: a condition's name, a boolean, or an expression of the
//! condition functions; `None` where the answer depends on what only Heat
//! knows when it runs.

use std::collections::HashMap;

use heatwise_core::syntax::{NodeId, Resolved};
use heatwise_core::template::merge::flattened;
use heatwise_core::template::{DocumentKind, Template};
use heatwise_core::text::TextRange;

use super::{Evaluator, Val, MAX_EVAL_DEPTH, V};

/// The template's named conditions (merge keys applied).
pub(super) fn read(template: &Template<'_>) -> HashMap<String, NodeId> {
    let tree = template.tree();
    let section = match template.kind() {
        DocumentKind::CloudFormation => "Conditions",
        _ => "conditions",
    };
    let mut conditions = HashMap::new();
    if let Some(section) = template.section(section).filter(|&s| tree.is_mapping(s)) {
        for merged in flattened(tree, section) {
            if let Some(name) = tree.scalar(merged.entry.key) {
                conditions.insert(name.to_owned(), merged.entry.value);
            }
        }
    }
    conditions
}

impl Evaluator<'_, '_> {
    /// A condition function called where a value is wanted.
    pub(super) fn condition_value(
        &self,
        name: &str,
        args: NodeId,
        at: TextRange,
        depth: usize,
    ) -> Val {
        match self.condition_call(name, args, depth) {
            Some(b) => Val::new(V::Bool(b), at),
            None => Val::unknown(
                "the condition depends on what only Heat knows when it runs",
                at,
            ),
        }
    }

    /// A condition: a condition's name, a boolean, or an expression.
    pub(super) fn condition(&self, node: NodeId, depth: usize) -> Option<bool> {
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

    pub(super) fn condition_call(&self, name: &str, args: NodeId, depth: usize) -> Option<bool> {
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
