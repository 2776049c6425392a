//! The functions that name resources: `get_resource` and `Ref`, and
//! `get_attr` of a nested stack's outputs, which the export knows.

use heatwise_core::syntax::NodeId;
use heatwise_core::text::TextRange;

use super::{Evaluator, Val, V};

impl Evaluator<'_, '_> {
    /// `get_resource: name`: the resource itself; for a nested stack, its
    /// `OS::stack_id` output when its template has one, which Heat gives
    /// as the resource's ID (`TemplateResource.get_reference_id`).
    pub(super) fn get_resource(&self, args: NodeId, at: TextRange) -> Val {
        let Some(resource) = self.tree().scalar(args) else {
            return Val::unknown("get_resource needs a resource name", at);
        };
        match self.nested_output(resource, "OS::stack_id") {
            Some(id) => id.relocated(at),
            None => Val::new(V::Resource(resource.to_owned()), at),
        }
    }

    fn nested_output(&self, resource: &str, output: &str) -> Option<Val> {
        let outputs = self.nested_outputs.borrow();
        let outputs = outputs.get(resource)?;
        outputs
            .iter()
            .rev()
            .find(|(name, _)| name == output)
            .map(|(_, value)| value.clone())
    }

    /// `get_attr: [resource, output, path...]` of a nested stack the
    /// export expands: the output's value as the nested template computes
    /// it. Any other attribute is known only once Heat made the resource.
    pub(super) fn get_attr(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let unknown = || {
            Val::unknown(
                "an attribute (get_attr) is known only once Heat has created the resource, and ORC cannot put one object's status into another's spec",
                at,
            )
        };
        let parts = self.args(args);
        let (Some(resource), Some(&output)) = (
            parts.first().and_then(|&n| self.tree().scalar(n)),
            parts.get(1),
        ) else {
            return unknown();
        };
        if !self.nested_outputs.borrow().contains_key(resource) {
            return unknown();
        }
        let Some(output) = self.eval_at(output, depth).python_str() else {
            return unknown();
        };
        match self.nested_output(resource, &output) {
            Some(value) => self.walk(value, &parts[2..], at, depth, &output),
            None => Val::unknown(
                format!("the nested template of {resource} has no output {output}, so Heat has no such attribute"),
                at,
            ),
        }
    }

    /// `Ref: name`: a resource, else a parameter's value.
    pub(super) fn reference(&self, args: NodeId, at: TextRange) -> Val {
        match self.tree().scalar(args) {
            Some(resource) if self.template.resource(resource).is_some() => {
                Val::new(V::Resource(resource.to_owned()), at)
            }
            Some(param) => match self.parameter(param, at) {
                Ok(value) => value.relocated(at),
                Err(unknown) => unknown,
            },
            None => Val::unknown("Ref needs a name", at),
        }
    }
}
