//! YAML merge keys (`<<: *defaults`) as Heat's loader applies them
//! (PyYAML's `flatten_mapping`, then `construct_mapping`): the one reading
//! of them for the rules and the ORC export. A mapping's own entries win;
//! among merged mappings the first listed wins; several `<<` keys in one
//! mapping are applied in order, the later winning.
//!
//! Bounded like the rest of the template layer: merges are followed
//! [`MAX_MERGE_DEPTH`] deep, and one question visits at most
//! [`MAX_MERGED_ENTRIES`] mappings and entries, so that aliases merged into
//! each other level after level (a merge bomb) cost no more than that.

use crate::syntax::{Entry, NodeId, Tree};

/// Deepest chain of merges followed (a merged mapping may merge others).
pub const MAX_MERGE_DEPTH: usize = 16;

/// Most mappings and entries one question visits; past it, the rest is
/// not read (Heat's loader refuses a text whose merges bring a million).
pub const MAX_MERGED_ENTRIES: usize = 1 << 16;

/// Up to this many pairs, [`flattened`] finds a repeated key by looking
/// through the entries kept so far rather than through a table.
const SMALL_MAPPING: usize = 16;

/// An entry Heat reads in a mapping, and the mapping that writes it (the
/// mapping itself, or one merged into it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergedEntry {
    pub holder: NodeId,
    pub entry: Entry,
}

/// The mappings a merge key's value names: a mapping, or a list of them,
/// written in place or through aliases. Anything else Heat's loader
/// refuses (the `load` module reports it); it merges nothing here.
pub fn merge_sources(tree: &Tree<'_>, value: NodeId) -> Vec<NodeId> {
    let value = tree.alias_target(value).unwrap_or(value);
    let items = if tree.is_sequence(value) {
        tree.items(value)
    } else {
        std::slice::from_ref(&value)
    };
    items
        .iter()
        .map(|&item| tree.alias_target(item).unwrap_or(item))
        .filter(|&item| tree.is_mapping(item))
        .collect()
}

/// Every key written in `mapping` and in the mappings it merges
/// (transitively), shadowed ones too, into `keys`; whether there was any
/// merge. (What Heat reads is [`flattened`]; this is where a key is
/// written, for edits that must not change which one wins.)
pub fn keys_with_merged(tree: &Tree<'_>, mapping: NodeId, keys: &mut Vec<String>) -> bool {
    let mut budget = MAX_MERGED_ENTRIES;
    keys_within(tree, mapping, keys, 0, &mut budget)
}

fn keys_within(
    tree: &Tree<'_>,
    mapping: NodeId,
    keys: &mut Vec<String>,
    depth: usize,
    budget: &mut usize,
) -> bool {
    let mut merged = false;
    for entry in tree.entries(mapping) {
        if !spend(budget) {
            break;
        }
        let Some(key) = tree.scalar(entry.key) else {
            continue;
        };
        if !tree.is_merge_key(entry.key) {
            keys.push(key.to_owned());
            continue;
        }
        merged = true;
        if depth >= MAX_MERGE_DEPTH {
            continue;
        }
        for source in merge_sources(tree, entry.value) {
            if source != mapping {
                keys_within(tree, source, keys, depth + 1, budget);
            }
        }
    }
    merged
}

/// The entry Heat reads for `key` in `mapping`, and the mapping that holds
/// it: the one [`flattened`] keeps.
pub fn merged_entry(tree: &Tree<'_>, mapping: NodeId, key: &str) -> Option<(NodeId, Entry)> {
    // Most mappings merge nothing: the last entry with the key wins, with
    // no list of entries made (the rules ask this of every resource).
    let read = || tree.entries(mapping).take(MAX_MERGED_ENTRIES - 1);
    if !read().any(|entry| tree.is_merge_key(entry.key)) {
        return read()
            .filter(|entry| tree.scalar(entry.key) == Some(key))
            .last()
            .map(|entry| (mapping, entry));
    }
    flattened(tree, mapping)
        .into_iter()
        .find(|merged| tree.scalar(merged.entry.key) == Some(key))
        .map(|merged| (merged.holder, merged.entry))
}

/// Takes one visit from the budget; `false` when it is spent.
fn spend(budget: &mut usize) -> bool {
    *budget = budget.saturating_sub(1);
    *budget > 0
}

/// The entries of `mapping` as the dictionary Heat's loader builds from it:
/// merge keys applied, each key once with the value that wins, in the
/// order Python's `dict` keeps (merged keys first, in the order PyYAML
/// lays them out, then the mapping's own). Keys compare by their text; a
/// key that is not a scalar is kept as it is.
pub fn flattened(tree: &Tree<'_>, mapping: NodeId) -> Vec<MergedEntry> {
    let mut pairs = Vec::new();
    let mut budget = MAX_MERGED_ENTRIES;
    flatten(tree, mapping, &mut pairs, 0, &mut budget);
    // PyYAML builds the dict from `merged + own`: a later pair replaces an
    // earlier one's value and keeps its place.
    let mut entries: Vec<MergedEntry> = Vec::with_capacity(pairs.len());
    if pairs.len() <= SMALL_MAPPING {
        // Looked up among the few kept so far, without a table.
        for pair in pairs {
            let key = tree.scalar(pair.entry.key);
            let earlier = key.and_then(|key| {
                (entries.iter()).position(|kept| tree.scalar(kept.entry.key) == Some(key))
            });
            match earlier {
                Some(at) => entries[at] = pair,
                None => entries.push(pair),
            }
        }
        return entries;
    }
    let mut index: crate::hash::HashMap<&str, usize> = crate::hash::HashMap::default();
    for pair in pairs {
        match tree.scalar(pair.entry.key) {
            Some(key) => match index.get(key) {
                Some(&at) => entries[at] = pair,
                None => {
                    index.insert(key, entries.len());
                    entries.push(pair);
                }
            },
            None => entries.push(pair),
        }
    }
    entries
}

/// `flatten_mapping`: the pairs merges bring (each merge in order; a list
/// of mappings from its last to its first, so that the first wins), then
/// the mapping's own pairs, merge keys left out.
fn flatten(
    tree: &Tree<'_>,
    mapping: NodeId,
    out: &mut Vec<MergedEntry>,
    depth: usize,
    budget: &mut usize,
) {
    let mut own = Vec::new();
    for entry in tree.entries(mapping) {
        if !spend(budget) {
            break;
        }
        if !tree.is_merge_key(entry.key) {
            own.push(MergedEntry {
                holder: mapping,
                entry,
            });
            continue;
        }
        if depth >= MAX_MERGE_DEPTH {
            continue;
        }
        for source in merge_sources(tree, entry.value).into_iter().rev() {
            if source != mapping {
                flatten(tree, source, out, depth + 1, budget);
            }
        }
    }
    out.extend(own);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(text: &str, at: &str) -> Vec<(String, String)> {
        let tree = crate::syntax::parse(text);
        let root = tree.root().unwrap();
        let mapping = tree.get(root, at).unwrap();
        flattened(&tree, mapping)
            .into_iter()
            .map(|e| {
                (
                    tree.source(e.entry.key).to_owned(),
                    tree.source(e.entry.value).to_owned(),
                )
            })
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn own_entries_win_and_merged_keys_come_first() {
        let text = "base: &b {a: 1, b: 2}\nm: {b: 3, <<: *b, c: 4}\n";
        assert_eq!(
            flat(text, "m"),
            pairs(&[("a", "1"), ("b", "3"), ("c", "4")])
        );
    }

    #[test]
    fn among_listed_mappings_the_first_wins() {
        let text = "x: &x {k: 1, x: 1}\ny: &y {k: 2, y: 2}\nm: {<<: [*x, *y]}\n";
        // PyYAML lays out y's pairs, then x's: x's `k` wins, y's keys first.
        assert_eq!(
            flat(text, "m"),
            pairs(&[("k", "1"), ("y", "2"), ("x", "1")])
        );
    }

    #[test]
    fn of_two_merge_keys_the_later_wins() {
        let text = "x: &x {k: 1}\ny: &y {k: 2}\nm:\n  <<: *x\n  <<: *y\n";
        assert_eq!(flat(text, "m"), pairs(&[("k", "2")]));
    }

    #[test]
    fn merges_are_followed_through_merged_mappings() {
        let text = "a: &a {p: 1}\nb: &b {<<: *a, q: 2}\nm: {<<: *b, r: 3}\n";
        assert_eq!(
            flat(text, "m"),
            pairs(&[("p", "1"), ("q", "2"), ("r", "3")])
        );
    }

    #[test]
    fn a_tagged_merge_key_merges_and_a_quoted_one_does_not() {
        let text = "a: &a {p: 1}\nm: {!!merge x: *a, '<<': 2}\n";
        assert_eq!(flat(text, "m"), pairs(&[("p", "1"), ("'<<'", "2")]));
    }

    #[test]
    fn a_merge_bomb_is_bounded() {
        let mut text = String::from("l0: &l0 {a: 1, b: 2}\n");
        // Ten merges a level, sixteen levels: 10^16 visits unbounded.
        for level in 1..40 {
            let previous = level - 1;
            let sources = vec![format!("*l{previous}"); 10].join(", ");
            text.push_str(&format!(
                "l{level}: &l{level} {{<<: [{sources}], k{level}: 1}}\n"
            ));
        }
        text.push_str("m: {<<: *l39}\n");
        let tree = crate::syntax::parse(&text);
        let mapping = tree.get(tree.root().unwrap(), "m").unwrap();
        let entries = flattened(&tree, mapping);
        assert!(entries.len() <= MAX_MERGED_ENTRIES);
        assert!(merged_entry(&tree, mapping, "absent").is_none());
        let mut keys = Vec::new();
        assert!(keys_with_merged(&tree, mapping, &mut keys));
        assert!(keys.len() <= MAX_MERGED_ENTRIES);
    }
}
