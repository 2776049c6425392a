//! What Heat reads of a template with the values its parameters have:
//! findings where it reads nothing are no errors.

use crate::lint::schema::{parameter_value, Origin, ParameterValue};
use crate::lint::{Diagnostic, Severity, Stage};
use crate::stack::Passing;
use crate::template::unread::Unread;
use crate::template::value::{Val, V};
use crate::text::TextRange;

use super::Context;

impl Context<'_, '_> {
    /// What the stack knows, when this file is one of its nested templates.
    pub(crate) fn nested_stack(&self) -> Option<&dyn crate::stack::StackFacts> {
        self.stack.filter(|_| !self.as_root && !self.as_environment)
    }

    /// The value parameter `name` of this template has, read as its type
    /// reads it: alone, its default; as the root of a stack, what the
    /// environments give it, else its default; as a nested template, what
    /// every use of it passes, else what the environments'
    /// `parameter_defaults` give, else its default. `None` where that is
    /// not known (uses pass different or computed values).
    pub(crate) fn parameter_value(&self, name: &str) -> Option<ParameterValue> {
        let given = match self.stack {
            None => None,
            Some(_) if self.as_environment => None,
            Some(stack) if self.as_root => stack
                .given(name)
                .map(|v| (Val::clone(&v), Origin::Environment)),
            Some(stack) => match stack.passing(name) {
                Passing::Value(v) => Some((placeless(v.v.clone()), Origin::Parent)),
                Passing::Default(v) => Some((placeless(v.v.clone()), Origin::Environment)),
                Passing::Nothing => None,
                Passing::Unknown => return None,
            },
        };
        parameter_value(self.template, name, given)
    }

    /// The findings. Heat validates no resource whose condition is false,
    /// reads no `if` branch not taken, and never sees a value a later key
    /// replaces: what it would refuse there (anything but what the client
    /// refuses while it gathers the files) is no error. Where the
    /// parameters' values decide it (their defaults here), Heat refuses it
    /// only with other values: a warning that says so.
    pub(crate) fn finish(mut self) -> Vec<Diagnostic> {
        let refused_by_heat = |d: &Diagnostic| {
            d.severity == Severity::Error
                && matches!(d.rule.code().as_bytes()[2], b'1'..=b'4')
                && d.stage != Some(Stage::Client)
        };
        if !self.out.iter().any(refused_by_heat) {
            return self.out;
        }
        let unread = self.unread.get_or_init(|| Unread::new(self.template));
        self.out
            .retain(|d| !(refused_by_heat(d) && unread.contains(d.range)));
        let template = self.template;
        if !Unread::reads_values(template) {
            return self.out;
        }
        let value_of = |name: &str| self.parameter_value(name).map(|value| value.value);
        let with_values = Unread::with_values(template, &value_of);
        let tree = self.tree;
        for diagnostic in self.out.iter_mut().filter(|d| refused_by_heat(d)) {
            let at = diagnostic.range;
            let within = |range: TextRange| range.start <= at.start && at.end <= range.end;
            // A finding on a resource's name (a circle) is the resource's.
            let skipped = template.resources().iter().find_map(|resource| {
                let condition = with_values.disabled_by(&resource.name)?;
                (within(tree.range(resource.definition.body)) || resource.name_range(tree) == at)
                    .then(|| {
                        format!(
                            "Heat does not create `{}` (its condition `{condition}` is false)",
                            resource.name
                        )
                    })
            });
            if skipped.is_none() && !with_values.contains(at) {
                continue;
            }
            let skipped =
                skipped.unwrap_or_else(|| "Heat takes the other branch of this `if`".to_owned());
            diagnostic.severity = Severity::Warning;
            diagnostic.message.push_str(&format!(
                "; but with the parameters' values here (their defaults, or what the environments give) {skipped}, and accepts the stack: it refuses this only with other values"
            ));
        }
        self.out
    }
}

/// A value from another file: it has no place in this one.
fn placeless(v: V) -> Val {
    Val::new(v, TextRange::empty(0))
}
