//! What the text says of a resource's properties, as a type's own
//! `validate()` reads them: absent (or null), written, computed by a
//! function, or left to an `if` to decide.

use crate::syntax::{NodeId, Resolved, Tree};
use crate::template::merge::merged_entry;
use crate::template::Template;

/// A resource's properties as Heat's validate() reads them.
pub(crate) struct Props<'a, 't> {
    pub template: &'a Template<'t>,
    pub tree: &'a Tree<'t>,
    pub mapping: NodeId,
}

/// What the text says of a value: absent or null, written, or computed by
/// a function (`if` may leave it out: nothing is decided then).
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Given {
    Absent,
    Written(NodeId),
    Computed,
    Undecided,
}

impl Props<'_, '_> {
    pub(crate) fn in_map(&self, mapping: NodeId, key: &str) -> Given {
        let Some((_, entry)) = merged_entry(self.tree, mapping, key) else {
            return Given::Absent;
        };
        let value = self.tree.alias_target(entry.value).unwrap_or(entry.value);
        match self.template.call_at(value) {
            Some(call) if matches!(call.name, "if" | "Fn::If") => Given::Undecided,
            Some(_) => Given::Computed,
            None if matches!(self.tree.resolve(value), Some(Resolved::Null)) => Given::Absent,
            None => Given::Written(value),
        }
    }

    pub(crate) fn get(&self, key: &str) -> Given {
        self.in_map(self.mapping, key)
    }

    /// The items of a list property written as a list of maps.
    pub(crate) fn items(&self, key: &str) -> Option<Vec<NodeId>> {
        match self.get(key) {
            Given::Absent => Some(Vec::new()),
            Given::Written(list) if self.tree.is_sequence(list) => {
                let items = self.tree.items(list).to_vec();
                items
                    .iter()
                    .all(|&i| self.tree.is_mapping(i))
                    .then_some(items)
            }
            _ => None,
        }
    }

    /// Whether the property has a value; `None` when an `if` decides.
    pub(crate) fn set(&self, key: &str) -> Option<bool> {
        match self.get(key) {
            Given::Absent => Some(false),
            Given::Written(node) => {
                Some(!self.tree.is_sequence(node) || !self.tree.items(node).is_empty())
            }
            Given::Computed => Some(true),
            Given::Undecided => None,
        }
    }

    /// `message` at the property's key, when it is written.
    pub(crate) fn at(&self, key: &str, message: &str) -> Option<(NodeId, String)> {
        merged_entry(self.tree, self.mapping, key).map(|(_, e)| (e.key, message.to_owned()))
    }

    pub(crate) fn text(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Given::Written(node) => self.tree.scalar(node),
            _ => None,
        }
    }

    pub(crate) fn int(&self, key: &str) -> Option<i64> {
        let Given::Written(node) = self.get(key) else {
            return None;
        };
        match self.tree.resolve(node)? {
            Resolved::Int(i) => i,
            Resolved::Str(s) => s.trim().parse().ok(),
            _ => None,
        }
    }
}
