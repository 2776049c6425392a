//! Walking a subtree with the path to each node.

use crate::syntax::{Entry, NodeId, Tree};

/// One step from a collection to a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathSegment {
    /// Into a mapping entry's value; the key node.
    Key(NodeId),
    /// Into a sequence item.
    Index(u32),
}

/// A node met by [`walk`].
#[derive(Clone, Copy, Debug)]
pub struct Visit<'p> {
    /// From the walk's start to this node, this node's own step last.
    pub path: &'p [PathSegment],
    pub node: NodeId,
    /// The entry whose value this node is, for mapping values.
    pub entry: Option<Entry>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkControl {
    Continue,
    /// Do not descend into this node.
    SkipChildren,
}

/// Visits every value below `start` (mapping values and sequence items, not
/// keys, not `start` itself) in source order, without recursion and without
/// following aliases.
pub fn walk(tree: &Tree, start: NodeId, mut visit: impl FnMut(Visit) -> WalkControl) {
    let mut path: Vec<PathSegment> = Vec::new();
    // (path length before this node's step, step, node, entry)
    let mut stack: Vec<(usize, PathSegment, NodeId, Option<Entry>)> = Vec::new();
    push_children(tree, start, 0, &mut stack);
    while let Some((depth, step, node, entry)) = stack.pop() {
        path.truncate(depth);
        path.push(step);
        let control = visit(Visit {
            path: &path,
            node,
            entry,
        });
        if control == WalkControl::Continue {
            push_children(tree, node, path.len(), &mut stack);
        }
    }
}

fn push_children(
    tree: &Tree,
    node: NodeId,
    depth: usize,
    stack: &mut Vec<(usize, PathSegment, NodeId, Option<Entry>)>,
) {
    if tree.is_mapping(node) {
        let entries: Vec<Entry> = tree.entries(node).collect();
        stack.extend(
            entries
                .into_iter()
                .rev()
                .map(|entry| (depth, PathSegment::Key(entry.key), entry.value, Some(entry))),
        );
    } else {
        let items = tree.items(node);
        stack.extend(
            items
                .iter()
                .enumerate()
                .rev()
                .map(|(index, &item)| (depth, PathSegment::Index(index as u32), item, None)),
        );
    }
}
