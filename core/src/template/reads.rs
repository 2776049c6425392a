//! The parameters that parts of a template read with `get_param`: what
//! decides which resources Heat creates, and what it evaluates while it
//! validates.

use crate::text::TextRange;

use super::Template;

impl Template<'_> {
    /// The conditions Heat evaluates with the stack's values: the
    /// `conditions` section and each resource's `condition`.
    pub fn condition_ranges(&self) -> Vec<TextRange> {
        let tree = self.tree();
        let mut ranges: Vec<TextRange> = self
            .section("conditions")
            .map(|s| tree.range(s))
            .into_iter()
            .collect();
        for resource in self.resources() {
            if let Some(entry) = self.resource_entry(&resource.definition, "condition") {
                ranges.push(tree.range(entry.value));
            }
        }
        ranges
    }

    /// The names `get_param` reads within any of `ranges`, sorted, each
    /// once.
    pub fn parameters_read_in(&self, ranges: &[TextRange]) -> Vec<&str> {
        let tree = self.tree();
        let mut names: Vec<&str> = (self.function_calls().iter())
            .filter(|call| call.name == "get_param")
            .filter(|call| {
                let at = tree.range(call.call);
                ranges
                    .iter()
                    .any(|r| r.start <= at.start && at.end <= r.end)
            })
            .filter_map(|call| tree.scalar(call.args))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }
}
