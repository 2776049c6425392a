//! Problems Heat finds when it resolves a call's literal arguments in a
//! resource's properties, for the functions whose checks need more than
//! their shape.

use crate::syntax::{NodeId, Resolved, Tree};

use super::is_string;

/// `str_replace`'s `params` as each class resolves them: placeholders must
/// be strings; the strict ones must each be in the template, the very
/// strict ones must have a value.
pub(super) fn replace_params(
    tree: &Tree,
    name: &str,
    class: &str,
    args: NodeId,
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, NodeId)> {
    let params = tree.get(args, "params").filter(|&p| !is_call(p))?;
    let template = tree.get(args, "template").filter(|&t| !is_call(t));
    let text = template.and_then(|t| match tree.resolve(t) {
        Some(Resolved::Str(s)) => Some(s),
        _ => None,
    });
    for entry in tree.entries(params) {
        if !is_string(tree, entry.key) {
            return Some((
                format!("the placeholders of {name} must be strings"),
                entry.key,
            ));
        }
        let key = tree.scalar(entry.key)?;
        // `Replace` (before 2016-10-14) takes strings and numbers only.
        if class == "Replace"
            && !is_call(entry.value)
            && (tree.is_sequence(entry.value) || tree.is_mapping(entry.value))
        {
            return Some((
                format!("{name} params must be strings or numbers"),
                entry.value,
            ));
        }
        let strict = matches!(class, "ReplaceJsonStrict" | "ReplaceJsonVeryStrict");
        if strict && text.is_some_and(|t| !t.contains(key)) {
            return Some((
                format!("{name} has a param `{key}` the template does not contain"),
                entry.key,
            ));
        }
        let empty = matches!(
            tree.resolve(entry.value),
            Some(Resolved::Null) | Some(Resolved::Str(""))
        );
        if class == "ReplaceJsonVeryStrict" && empty && !is_call(entry.value) {
            return Some((
                format!("{name} needs a value that is not empty for `{key}`"),
                entry.value,
            ));
        }
    }
    None
}

/// `str_split`'s index: a whole number, below the number of parts.
pub(super) fn str_split_index(
    tree: &Tree,
    name: &str,
    items: &[NodeId],
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, NodeId)> {
    let [delimiter, string, index] = items else {
        return None;
    };
    if is_call(*index) {
        return None;
    }
    let index_value = match tree.resolve(*index) {
        Some(Resolved::Int(i)) => i,
        Some(Resolved::Str(s)) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    let Some(index_value) = index_value else {
        return Some((
            format!("the index of {name} must be a whole number"),
            *index,
        ));
    };
    let (Some(Resolved::Str(delimiter)), Some(Resolved::Str(string))) =
        (tree.resolve(*delimiter), tree.resolve(*string))
    else {
        return None;
    };
    if is_call(items[0]) || is_call(items[1]) || delimiter.is_empty() {
        return None;
    }
    let parts = string.split(delimiter).count() as i64;
    (index_value < 0 || index_value >= parts).then(|| {
        (
            format!("the index of {name} is past its {parts} parts"),
            *index,
        )
    })
}

/// `map_replace`: two maps, the second with `keys` and `values` maps only;
/// a key replaced by another key of the map collides.
pub(super) fn map_replace(
    tree: &Tree,
    name: &str,
    args: NodeId,
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, NodeId)> {
    if is_call(args) {
        return None;
    }
    let shape = || {
        Some((
            format!("{name} takes [{{map}}, {{keys: {{...}}, values: {{...}}}}]"),
            args,
        ))
    };
    if !tree.is_sequence(args) {
        return shape();
    }
    let &[input, replacements] = tree.items(args) else {
        return shape();
    };
    if [input, replacements]
        .iter()
        .any(|&m| !is_call(m) && !tree.is_mapping(m))
    {
        return shape();
    }
    if is_call(replacements) {
        return None;
    }
    for entry in tree.entries(replacements) {
        if !matches!(tree.scalar(entry.key), Some("keys" | "values")) {
            return Some((
                format!("{name} replaces `keys` and `values` only"),
                entry.key,
            ));
        }
        if !is_call(entry.value)
            && !tree.is_mapping(entry.value)
            && tree.resolve(entry.value) != Some(Resolved::Null)
        {
            return Some((
                format!("the `keys` and `values` of {name} must be maps"),
                entry.value,
            ));
        }
    }
    let keys = tree
        .get(replacements, "keys")
        .filter(|&k| tree.is_mapping(k))?;
    if is_call(input) || tree.entries(input).any(|e| is_call(e.key)) {
        return None;
    }
    key_collision(tree, name, input, keys)
}

/// Heat's `MapReplace.result`, key by key in the input's order: a key
/// replaced by another key of the input, or two keys made one.
fn key_collision(tree: &Tree, name: &str, input: NodeId, keys: NodeId) -> Option<(String, NodeId)> {
    let names: Vec<&str> = tree
        .entries(input)
        .filter_map(|e| tree.scalar(e.key))
        .collect();
    let mut made: Vec<&str> = Vec::new();
    for entry in tree.entries(input) {
        let from = tree.scalar(entry.key)?;
        let to = tree
            .get(keys, from)
            .filter(|&to| tree.resolve(to) != Some(Resolved::Null));
        let Some(to_node) = to else {
            made.push(from);
            continue;
        };
        let to = tree.scalar(to_node)?;
        if to != from && names.contains(&to) {
            return Some((
                format!("{name} replaces key `{from}` with `{to}`, which the map already has"),
                to_node,
            ));
        }
        if made.contains(&to) {
            return Some((
                format!("{name} gives two keys the same name, `{to}`"),
                to_node,
            ));
        }
        made.push(to);
    }
    None
}
