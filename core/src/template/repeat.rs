//! `repeat`, judged as Heat's three classes for it judge it: `Repeat`
//! (lists in `for_each`), `RepeatWithMap` (newton: lists or maps) and
//! `RepeatWithNestedLoop` (pike: `permutations`). Heat parses the arguments
//! when it reads the template, checks `for_each` when it validates, and the
//! values of `for_each` when it resolves the call; only literal values are
//! judged here, since a function's value is known at run time only.

use super::functions::{is_function, FunctionCall};
use super::{DocumentKind, TemplateVersion};
use crate::syntax::{NodeId, Resolved, Tree};
use crate::text::TextRange;

/// Heat's class for `repeat` that reads `permutations`.
const NESTED_LOOP: &str = "RepeatWithNestedLoop";

/// What Heat refuses in a `repeat` call's arguments, with Heat's message
/// and what to do, at the node at fault.
pub(super) fn refusal(
    tree: &Tree,
    call: &FunctionCall,
    class: &str,
    version: &'static TemplateVersion,
) -> Option<(String, TextRange)> {
    let args = deref(tree, call.args);
    if !tree.is_mapping(args) {
        return Some((
            "Arguments to \"repeat\" must be a map: {for_each: {\"%var%\": [a, b]}, template: \"... %var% ...\"}".to_owned(),
            tree.range(call.args),
        ));
    }
    let (Some(for_each), Some(_)) = (tree.get(args, "for_each"), tree.get(args, "template")) else {
        return Some((
            "\"repeat\" needs both `for_each` and `template`: {for_each: {\"%var%\": [a, b]}, template: \"... %var% ...\"}".to_owned(),
            tree.range(call.args),
        ));
    };
    let permutations = (class == NESTED_LOOP)
        .then(|| tree.get(args, "permutations"))
        .flatten();
    let nested_loop = match permutations.map(|node| (node, tree.resolve(deref(tree, node)))) {
        None => true,
        Some((_, Some(Resolved::Bool(value)))) => value,
        Some((node, _)) => {
            return Some((
                "\"permutations\" should be boolean type for repeat function: write true or false, unquoted".to_owned(),
                tree.range(node),
            ))
        }
    };
    let for_each_node = deref(tree, for_each);
    if is_call(tree, for_each_node, version) {
        return None;
    }
    if !tree.is_mapping(for_each_node) {
        return Some((
            "The \"for_each\" argument to \"repeat\" must contain a map: {\"%var%\": [a, b]}"
                .to_owned(),
            tree.range(for_each),
        ));
    }
    let maps_allowed = class != "Repeat" && nested_loop;
    let mut lengths = Vec::new();
    for entry in tree.entries(for_each_node) {
        let value = deref(tree, entry.value);
        if is_call(tree, value, version) || matches!(tree.resolve(value), Some(Resolved::Null)) {
            continue;
        }
        if tree.is_sequence(value) {
            lengths.push(tree.items(value).len());
            continue;
        }
        if maps_allowed && tree.is_mapping(value) {
            lengths.push(tree.children(value).len() / 2);
            continue;
        }
        let message = match (class, maps_allowed) {
            (_, true) => "The values of the \"for_each\" argument to \"repeat\" must be lists or maps".to_owned(),
            ("Repeat", _) if tree.is_mapping(value) => {
                "The values of the \"for_each\" argument to \"repeat\" must be lists (maps need heat_template_version 2016-10-14 (newton))".to_owned()
            }
            _ if tree.is_mapping(value) => {
                "The values of the \"for_each\" argument to \"repeat\" must be lists when permutations is false (a map's keys have no order)".to_owned()
            }
            _ => "The values of the \"for_each\" argument to \"repeat\" must be lists".to_owned(),
        };
        return Some((message, tree.range(entry.value)));
    }
    // Heat knows the lengths only of what it resolved: a function's value
    // may differ, so only an all-literal `for_each` is judged.
    let all_literal = lengths.len() == tree.entries(for_each_node).count();
    if !nested_loop && all_literal && lengths.windows(2).any(|pair| pair[0] != pair[1]) {
        return Some((
            format!(
                "For repeat, the length of for_each values should be equal if no nested loop: permutations: false pairs the lists item by item, and these have {} items",
                lengths_said(&lengths)
            ),
            tree.range(for_each),
        ));
    }
    None
}

/// `permutations` in a call of a version whose `repeat` does not read it
/// (Heat accepts the key and still produces every permutation): the
/// key's range, and the first version of the same kind that reads it.
pub(crate) fn ignored_permutations(
    tree: &Tree,
    call: &FunctionCall,
    version: &'static TemplateVersion,
) -> Option<(TextRange, Option<&'static TemplateVersion>)> {
    let class = version.functions.get(call.name)?;
    if call.name != "repeat" || class == NESTED_LOOP {
        return None;
    }
    let entry = tree.get_entry(deref(tree, call.args), "permutations")?;
    let since = super::template_versions().iter().find(|v| {
        v.key == version.key
            && v.functions
                .get("repeat")
                .is_some_and(|class| class == NESTED_LOOP)
    });
    Some((tree.range(entry.key), since))
}

/// `2 and 1`, `3, 3 and 1`.
fn lengths_said(lengths: &[usize]) -> String {
    let words: Vec<String> = lengths.iter().map(usize::to_string).collect();
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn deref(tree: &Tree, node: NodeId) -> NodeId {
    tree.alias_target(node).unwrap_or(node)
}

/// A single-key mapping that calls a function: its value is known when
/// Heat resolves it.
fn is_call(tree: &Tree, node: NodeId, version: &'static TemplateVersion) -> bool {
    tree.is_mapping(node)
        && match *tree.children(node) {
            [key, _] => tree
                .scalar(key)
                .is_some_and(|name| is_function(name, DocumentKind::Hot, Some(version))),
            _ => false,
        }
}
