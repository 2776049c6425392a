//! Property values as an update compares them, read from the template
//! model: parameters replaced by their values, and references to resources
//! by a token that stays the same while the running resource does. Other
//! functions are kept with their arguments resolved, so that the same call
//! on the same inputs compares equal. Maps compare as Python's dicts do
//! (keys in any order), so each is kept sorted by key.

use std::collections::{BTreeMap, BTreeSet};

use super::side::Side;
use super::Fate;
use crate::syntax::NodeId;
use crate::template::merge::flattened;
use crate::template::value::{key_text, scalar, Val, V};
use crate::template::{FunctionCall, Template};
use crate::text::TextRange;

/// Which template a value is read from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Time {
    Old,
    New,
}

/// The most values walked in one resource's properties, and how deep.
const MAX_VALUES: usize = 1 << 20;
const MAX_DEPTH: usize = 64;

/// The resources a definition refers to (`get_resource`, `get_attr`,
/// `Ref`, `Fn::GetAtt`, `depends_on`), aliases followed.
pub fn references(template: &Template<'_>, body: NodeId) -> BTreeSet<String> {
    let tree = template.tree();
    let mut found = BTreeSet::new();
    let mut pending = vec![body];
    let mut walked = 0;
    while let Some(node) = pending.pop() {
        walked += 1;
        if walked > MAX_VALUES {
            break;
        }
        let node = tree.alias_target(node).unwrap_or(node);
        if let Some(call) = template.call_at(node) {
            let named = match call.name {
                "get_resource" | "Ref" => Some(call.args),
                "get_attr" | "Fn::GetAtt" => tree.items(call.args).first().copied(),
                _ => None,
            };
            if let Some(name) = named.and_then(|node| tree.scalar(node)) {
                found.insert(name.to_owned());
            }
        }
        if tree.is_mapping(node) {
            for merged in flattened(tree, node) {
                let key = tree.scalar(merged.entry.key);
                if matches!(key, Some("depends_on" | "DependsOn")) {
                    let value = merged.entry.value;
                    let names = if tree.is_sequence(value) {
                        tree.items(value).to_vec()
                    } else {
                        vec![value]
                    };
                    found.extend(
                        names
                            .iter()
                            .filter_map(|&n| tree.scalar(n))
                            .map(str::to_owned),
                    );
                }
                pending.push(merged.entry.value);
            }
        } else if tree.is_sequence(node) {
            pending.extend(tree.items(node).iter().copied());
        }
    }
    found
}

/// What a value is resolved against.
pub struct Scope<'s, 'a> {
    pub time: Time,
    pub side: &'s Side<'a>,
    pub fates: &'s BTreeMap<String, Fate>,
}

/// The value at `node` with its functions resolved as far as an update
/// compares them, every range empty (values of both templates compare).
pub fn evaluate(scope: &Scope<'_, '_>, node: NodeId) -> Result<Val, String> {
    let mut budget = MAX_VALUES;
    Ok(walk(scope, node, 0, &mut budget)?.relocated(TextRange::empty(0)))
}

/// A value written as data, functions left as written (metadata, policies).
pub fn written(template: &Template<'_>, node: NodeId) -> Val {
    let budget = std::cell::Cell::new(MAX_VALUES);
    let value = crate::template::value::literal(template.tree(), node, 0, MAX_DEPTH, &budget);
    sorted(value.relocated(TextRange::empty(0)))
}

fn walk(
    scope: &Scope<'_, '_>,
    node: NodeId,
    depth: usize,
    budget: &mut usize,
) -> Result<Val, String> {
    let template = &scope.side.template;
    let tree = template.tree();
    if depth > MAX_DEPTH || *budget == 0 {
        return Err("the properties are nested too deeply or are too large to compare".into());
    }
    *budget -= 1;
    let node = tree.alias_target(node).unwrap_or(node);
    let at = TextRange::empty(0);
    if let Some(call) = template.call_at(node) {
        return function(scope, call, depth, budget);
    }
    let v = if tree.is_mapping(node) {
        let mut entries = Vec::new();
        for merged in flattened(tree, node) {
            let value = walk(scope, merged.entry.value, depth + 1, budget)?;
            entries.push((key_text(tree, merged.entry.key), value));
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        V::Map(entries)
    } else if tree.is_sequence(node) {
        let items = tree.items(node).iter();
        V::List(
            items
                .map(|&item| walk(scope, item, depth + 1, budget))
                .collect::<Result<_, _>>()?,
        )
    } else {
        match scalar(tree, node) {
            V::Unknown(why) => return Err(why.unwrap_or_else(|| "a value is unknown".into())),
            v => v,
        }
    };
    Ok(Val::new(v, at))
}

fn function(
    scope: &Scope<'_, '_>,
    call: &FunctionCall,
    depth: usize,
    budget: &mut usize,
) -> Result<Val, String> {
    let template = &scope.side.template;
    let tree = template.tree();
    let name = |node: NodeId| tree.scalar(node).map(str::to_owned);
    match call.name {
        "get_resource" => {
            if let Some(resource) = name(call.args) {
                return token(scope, &resource, "ref");
            }
        }
        "Ref" => match name(call.args) {
            Some(resource) if template.resource(&resource).is_some() => {
                return token(scope, &resource, "ref")
            }
            Some(parameter) => return scope.side.parameter(&parameter).map(sorted),
            None => {}
        },
        "get_param" => {
            let (first, path) = match tree.items(call.args).split_first() {
                Some((&first, path)) => (first, path),
                None => (call.args, &[][..]),
            };
            if let Some(parameter) = name(first) {
                let mut value = scope.side.parameter(&parameter)?;
                for &step in path {
                    let step = walk(scope, step, depth + 1, budget)?;
                    value = within(value, &step);
                }
                return Ok(sorted(value));
            }
        }
        "if" | "Fn::If" => {
            // The branch Heat takes, where the values decide it.
            if let [_, then, otherwise] = tree.items(call.args) {
                let unread = &scope.side.unread;
                if unread.contains(tree.range(*then)) {
                    return walk(scope, *otherwise, depth + 1, budget);
                }
                if unread.contains(tree.range(*otherwise)) {
                    return walk(scope, *then, depth + 1, budget);
                }
            }
        }
        "get_attr" | "Fn::GetAtt" => {
            if let Some((&first, path)) = tree.items(call.args).split_first() {
                if let Some(resource) = name(first) {
                    let mut parts = Vec::with_capacity(path.len());
                    for &step in path {
                        let step = walk(scope, step, depth + 1, budget)?;
                        parts.push(step.python_str().unwrap_or_else(|| format!("{:?}", step.v)));
                    }
                    return token(scope, &resource, &format!("attr:{}", parts.join(".")));
                }
            }
        }
        _ => {}
    }
    // Kept as the call, its arguments resolved.
    let argument = walk(scope, call.args, depth + 1, budget)?;
    let at = TextRange::empty(0);
    Ok(Val::new(V::Map(vec![(call.name.to_owned(), argument)]), at))
}

/// The part of a parameter's value a `get_param` path names (null where
/// there is none).
fn within(value: Val, step: &Val) -> Val {
    let at = value.at;
    let found = match (&value.v, &step.v) {
        (V::Map(_), V::Str(key)) => value.get(key).cloned(),
        (V::List(items), V::Int(index)) => usize::try_from(*index)
            .ok()
            .and_then(|i| items.get(i).cloned()),
        _ => None,
    };
    found.unwrap_or(Val::new(V::Null, at))
}

/// A token for a running resource (`what` is `ref` or `attr:...`), changed
/// on the new side when the resource will not be the same one.
fn token(scope: &Scope<'_, '_>, name: &str, what: &str) -> Result<Val, String> {
    let at = TextRange::empty(0);
    let old = Val::new(V::Str(format!("\u{1}{what}:{name}")), at);
    if scope.time == Time::Old {
        return Ok(old);
    }
    let Some(fate) = scope.fates.get(name) else {
        // Not a resource of the new template: a name Heat refuses;
        // compared as written.
        return Ok(old);
    };
    let keeps = if what == "ref" {
        fate.keeps_id()
    } else {
        fate.keeps_attributes()
    };
    match keeps {
        Some(true) => Ok(old),
        Some(false) => Ok(Val::new(V::Str(format!("\u{1}{what}:{name}:new")), at)),
        None if what == "ref" => Err(format!("whether {name} is replaced is not known offline")),
        None => Err(format!(
            "{} of {name}, which the update changes in place, is known only once it has run",
            what.trim_start_matches("attr:")
        )),
    }
}

/// Every map in the value with its keys in order (the last of a repeated
/// key kept), so that values compare as Python's dicts do.
pub fn sorted(mut value: Val) -> Val {
    let mut pending = vec![&mut value];
    while let Some(val) = pending.pop() {
        match &mut val.v {
            V::Map(entries) => {
                // A stable sort keeps repeated keys in order: keep the last.
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                let mut kept: Vec<(String, Val)> = Vec::with_capacity(entries.len());
                for entry in entries.drain(..) {
                    match kept.last_mut() {
                        Some(last) if last.0 == entry.0 => *last = entry,
                        _ => kept.push(entry),
                    }
                }
                *entries = kept;
                pending.extend(entries.iter_mut().map(|(_, v)| v));
            }
            V::List(items) => pending.extend(items.iter_mut()),
            _ => {}
        }
    }
    value
}
