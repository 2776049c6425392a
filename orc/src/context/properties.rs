//! A resource's properties as the kinds take them, so that what no
//! mapping took is reported.

use heatwise_core::syntax::NodeId;
use heatwise_core::template::{self, Resource};
use heatwise_core::text::TextRange;

use super::Context;

/// A resource's properties, each taken by the mapping that writes it; what
/// is left is reported as not carried over.
pub(crate) struct Properties {
    entries: Vec<(String, NodeId, TextRange)>,
    taken: Vec<bool>,
}

impl Properties {
    pub(crate) fn read(cx: &Context<'_, '_>, resource: &Resource) -> Self {
        let tree = cx.tree();
        let mut entries = Vec::new();
        if let Some(mapping) = resource.definition.properties_mapping(tree) {
            // Properties merged in with `<<` are Heat's like any other.
            for merged in template::merge::flattened(tree, mapping) {
                let entry = merged.entry;
                if let Some(name) = tree.scalar(entry.key) {
                    entries.push((name.to_owned(), entry.value, tree.range(entry.key)));
                }
            }
        }
        let taken = vec![false; entries.len()];
        Self { entries, taken }
    }

    /// The value node of a property (the last, if repeated), marked taken.
    pub(crate) fn take(&mut self, name: &str) -> Option<NodeId> {
        let index = self.entries.iter().rposition(|(n, _, _)| n == name)?;
        for (i, (n, _, _)) in self.entries.iter().enumerate() {
            if n == name {
                self.taken[i] = true;
            }
        }
        Some(self.entries[index].1)
    }

    /// The value node of a property (the last, if repeated), left untaken.
    pub(crate) fn peek(&self, name: &str) -> Option<NodeId> {
        let index = self.entries.iter().rposition(|(n, _, _)| n == name)?;
        Some(self.entries[index].1)
    }

    /// The first of several names (a property and its deprecated alias).
    pub(crate) fn take_any(&mut self, names: &[&str]) -> Option<NodeId> {
        let mut found = None;
        for name in names {
            if let Some(node) = self.take(name) {
                found = found.or(Some(node));
            }
        }
        found
    }

    /// What no mapping took: `(name, key range)`.
    pub(crate) fn left(&self) -> Vec<(String, TextRange)> {
        self.entries
            .iter()
            .zip(&self.taken)
            .filter(|(_, taken)| !**taken)
            .map(|((name, _, range), _)| (name.clone(), *range))
            .collect()
    }
}
