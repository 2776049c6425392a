//! CloudFormation's own functions, as `heat/engine/cfn/functions.py`
//! reads them.

use crate::syntax::{NodeId, Resolved, Tree};
use crate::text::TextRange;

use super::{is_string, parse_problem, FunctionCall};

/// CloudFormation's functions (`heat/engine/cfn/functions.py`) as Heat
/// reads them; `Fn::Join` is HOT's `Join`, `Fn::Replace` its own.
pub(super) fn cfn_problem(
    tree: &Tree,
    call: &FunctionCall,
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, TextRange)> {
    let args = call.args;
    let name = call.name;
    if is_call(args) {
        return None;
    }
    // Python unpacks `a, b = args` from any sequence of that length: a
    // list, or a string of as many characters.
    let length = if tree.is_sequence(args) {
        Some(tree.items(args).len())
    } else {
        tree.scalar(args)
            .filter(|_| is_string(tree, args))
            .map(|s| s.chars().count())
    };
    let example = match name {
        "Fn::Join" | "Fn::Replace" => {
            return parse_problem(tree, call, &name["Fn::".len()..], is_call)
        }
        "Fn::Split" if tree.is_mapping(args) || is_string(tree, args) || length != Some(2) => {
            "[\",\", \"str1,str2\"]"
        }
        "Fn::Select" if length.is_some_and(|n| n != 2) => "[index, collection]",
        "Fn::FindInMap" if length.is_some_and(|n| n != 3) => "[mapping, key, value]",
        "Fn::MemberListToMap"
            if length.is_some_and(|n| n != 3)
                || tree.is_sequence(args)
                    && tree
                        .items(args)
                        .iter()
                        .take(2)
                        .any(|&name| !is_call(name) && !is_string(tree, name)) =>
        {
            "[\"Name\", \"Value\", [\".member.0.Name=key\", \".member.0.Value=value\"]]"
        }
        // `[condition]`: one item, in a list.
        "Fn::Not" if !tree.is_sequence(args) || length != Some(1) => "[condition]",
        _ => return None,
    };
    Some((
        format!("{name} takes {example}: Heat refuses the template"),
        tree.range(args),
    ))
}

/// The class whose result `result_problem` judges for a CloudFormation
/// function, where the template has no version to name it.
pub(crate) fn cfn_result_class(name: &str) -> Option<&'static str> {
    match name {
        "Fn::Join" => Some("Join"),
        "Fn::Replace" => Some("Replace"),
        "Fn::Base64" => Some("CfnBase64"),
        "Fn::Select" => Some("CfnSelect"),
        "Fn::Split" => Some("CfnSplit"),
        "Fn::MemberListToMap" => Some("CfnMemberListToMap"),
        _ => None,
    }
}

/// `Fn::Select` as it resolves: `[index, collection]`; a string collection
/// is read as JSON; a map wants a string index, a list a whole number.
pub(super) fn cfn_select(
    tree: &Tree,
    name: &str,
    items: &[NodeId],
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, TextRange)> {
    let &[index, collection] = items else {
        return None;
    };
    if is_call(index) || is_call(collection) {
        return None;
    }
    let problem = if tree.is_mapping(collection) {
        (!is_string(tree, index))
            .then(|| format!("the index of {name} into a map must be a string"))
    } else if tree.is_sequence(collection) {
        let whole = match tree.resolve(index) {
            Some(Resolved::Int(Some(_))) => true,
            Some(Resolved::Str(s)) => s.trim().parse::<i64>().is_ok(),
            _ => false,
        };
        (!whole).then(|| format!("the index of {name} must be an integer"))
    } else {
        match tree.resolve(collection) {
            Some(Resolved::Str("")) => None,
            Some(Resolved::Str(s)) => serde_json::from_str::<serde_json::Value>(s)
                .is_err()
                .then(|| format!("{name} reads a string collection as JSON, and this is not JSON")),
            Some(Resolved::Null) => None,
            _ => Some(format!(
                "{name} selects from a list, a map or a JSON string"
            )),
        }
    };
    let node = if problem.as_deref().is_some_and(|p| p.contains("index")) {
        index
    } else {
        collection
    };
    problem.map(|p| (p + ": Heat refuses the stack", tree.range(node)))
}
