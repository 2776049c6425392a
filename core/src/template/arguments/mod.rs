//! What Heat refuses in the arguments of the HOT functions that compute
//! values, judged as each function class of the template's version judges
//! them: when Heat reads the template (`__init__`, `validate`), wherever
//! the call is; and, for arguments written as literals, when Heat
//! resolves a resource's properties while validating the stack
//! (`result`).

use crate::syntax::{NodeId, Resolved, Tree};
use crate::text::TextRange;

use super::functions::FunctionCall;
use super::TemplateVersion;

mod cfn;
mod resolved;

pub(crate) use cfn::cfn_result_class;
use cfn::{cfn_problem, cfn_select};
use resolved::{map_replace, replace_params, str_split_index};

/// The classes of `str_replace` (and its strict forms) across versions.
const REPLACE: [&str; 4] = [
    "Replace",
    "ReplaceJson",
    "ReplaceJsonStrict",
    "ReplaceJsonVeryStrict",
];

/// `make_url`'s keys.
const URL_KEYS: [&str; 8] = [
    "scheme", "username", "password", "host", "port", "path", "query", "fragment",
];

/// Hash names Python's `hashlib` knows on some build (`digest`): Heat takes
/// those of the machine it runs on; a name none has is refused everywhere.
const ALGORITHMS: [&str; 22] = [
    "blake2b",
    "blake2s",
    "md4",
    "md5",
    "md5-sha1",
    "mdc2",
    "ripemd160",
    "sha1",
    "sha224",
    "sha256",
    "sha384",
    "sha3_224",
    "sha3_256",
    "sha3_384",
    "sha3_512",
    "sha512",
    "sha512_224",
    "sha512_256",
    "shake_128",
    "shake_256",
    "sm3",
    "whirlpool",
];

/// A problem Heat finds when it reads the call; `is_call` tells a nested
/// function call (whose value only Heat knows) from a literal.
pub(crate) fn parse_problem(
    tree: &Tree,
    call: &FunctionCall,
    class: &str,
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, TextRange)> {
    let args = call.args;
    let name = call.name;
    let at = tree.range(args);
    let items = tree.is_sequence(args).then(|| tree.items(args));
    let problem = match class {
        // `Fn::Replace` is CloudFormation's Replace in every version that
        // has it (HOT 2013-05-23 too): `[{"$var": value}, "text"]`.
        "Replace" if name == "Fn::Replace" => match items {
            Some([_, _]) => return None,
            _ if is_call(args) => return None,
            _ => format!(
                "{name} takes a list of two: [{{\"$var\": value, ...}}, \"text with $var\"]"
            ),
        },
        _ if REPLACE.contains(&class) => {
            if !tree.is_mapping(args) {
                format!("{name} takes a map: {{template: ..., params: {{...}}}}")
            } else {
                match (tree.get(args, "template"), tree.get(args, "params")) {
                    (Some(_), Some(params)) if tree.is_mapping(params) || is_call(params) => {
                        return None
                    }
                    (Some(_), Some(params)) => {
                        return Some((
                            format!("the `params` of {name} must be a map"),
                            tree.range(params),
                        ))
                    }
                    _ => format!("{name} needs both `template` and `params`"),
                }
            }
        }
        "Join" | "JoinMultiple" => match items {
            Some(items) if items.len() == 2 || (class == "JoinMultiple" && items.len() > 2) => {
                return None
            }
            _ => format!("{name} takes a list: [delimiter, [items...]]"),
        },
        "Yaql" => {
            if !tree.is_mapping(args) {
                format!("{name} takes a map: {{expression: ..., data: ...}}")
            } else if let Some(key) = tree.entries(args).find_map(|e| {
                tree.scalar(e.key)
                    .filter(|k| !matches!(*k, "expression" | "data"))
                    .map(|_| e.key)
            }) {
                return Some((
                    format!("{name} takes only `expression` and `data`"),
                    tree.range(key),
                ));
            } else {
                match tree.get(args, "expression") {
                    None => format!("{name} needs an `expression`"),
                    Some(expression) if is_call(expression) || is_string(tree, expression) => {
                        return None
                    }
                    Some(expression) => {
                        return Some((
                            format!("the `expression` of {name} must be a string"),
                            tree.range(expression),
                        ))
                    }
                }
            }
        }
        "MakeURL" => return make_url(tree, call, is_call),
        "ResourceFacade" => match tree.scalar(args) {
            Some("metadata" | "deletion_policy" | "update_policy") => return None,
            _ if is_call(args) => return None,
            _ => format!("{name} takes one of metadata, deletion_policy, update_policy"),
        },
        "Contains" | "Filter" => match items {
            Some(items) if items.len() == 2 => return None,
            _ => format!("{name} takes a list of two: [value, list]"),
        },
        "StrSplit" if tree.is_mapping(args) || tree.is_scalar(args) && !is_call(args) => {
            format!("{name} takes a list: [delimiter, string, index]")
        }
        _ => return None,
    };
    Some((problem + ": Heat refuses the template", at))
}

fn make_url(
    tree: &Tree,
    call: &FunctionCall,
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, TextRange)> {
    let args = call.args;
    if is_call(args) {
        return None;
    }
    if !tree.is_mapping(args) {
        return Some((
            "make_url takes a map of URL parts: Heat refuses the template".to_owned(),
            tree.range(args),
        ));
    }
    for entry in tree.entries(args) {
        let Some(key) = tree.scalar(entry.key) else {
            continue;
        };
        let value = entry.value;
        let problem = match key {
            _ if !URL_KEYS.contains(&key) => format!(
                "`{key}` is not a part of make_url (it takes {})",
                URL_KEYS.join(", ")
            ),
            _ if is_call(value) => continue,
            "query" if !tree.is_mapping(value) => {
                "the `query` of make_url must be a map".to_owned()
            }
            "port" => match tree.resolve(value) {
                Some(Resolved::Int(Some(port))) if (1..=65535).contains(&port) => continue,
                Some(Resolved::Str(s))
                    if s.trim()
                        .parse::<i64>()
                        .is_ok_and(|p| (1..=65535).contains(&p)) =>
                {
                    continue
                }
                _ => "the `port` of make_url must be a number from 1 to 65535".to_owned(),
            },
            "query" => continue,
            _ if is_string(tree, value) => continue,
            _ => format!("the `{key}` of make_url must be a string"),
        };
        return Some((
            problem + ": Heat refuses the template",
            tree.range(entry.key),
        ));
    }
    None
}

/// A problem Heat finds when it resolves the call with literal arguments
/// (in a resource's properties, while validating the stack).
pub(crate) fn result_problem(
    tree: &Tree,
    call: &FunctionCall,
    class: &str,
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, TextRange)> {
    let args = call.args;
    let name = call.name;
    let literal = |node: NodeId| !is_call(node);
    let items: &[NodeId] = if tree.is_sequence(args) {
        tree.items(args)
    } else {
        &[]
    };
    let not_list = |node: NodeId| literal(node) && (tree.is_mapping(node) || is_string(tree, node));
    let (problem, node) = match class {
        "Replace" if name == "Fn::Replace" => {
            let (&params, &text) = match items {
                [params, text] => (params, text),
                _ => return None,
            };
            if literal(params) && !tree.is_mapping(params) {
                (
                    format!("the first item of {name} must be a map of the texts to replace"),
                    params,
                )
            } else if literal(text) && !is_string(tree, text) {
                (format!("the second item of {name} must be a string"), text)
            } else {
                return None;
            }
        }
        _ if REPLACE.contains(&class) => {
            let template = tree.get(args, "template")?;
            if literal(template) && !is_string(tree, template) {
                (
                    format!("the `template` of {name} must be a string"),
                    template,
                )
            } else {
                replace_params(tree, name, class, args, is_call)?
            }
        }
        "Join" | "JoinMultiple" => {
            let (&delimiter, lists) = items.split_first()?;
            if literal(delimiter) && !is_string(tree, delimiter) {
                (
                    format!("the delimiter of {name} must be a string"),
                    delimiter,
                )
            } else if let Some(&list) = lists.iter().find(|&&list| not_list(list)) {
                (format!("{name} joins lists; this is not one"), list)
            } else {
                // `Join` (before 2015-10-15) joins strings only; null is ''.
                let &item = lists
                    .iter()
                    .filter(|_| class == "Join")
                    .filter(|&&list| literal(list) && tree.is_sequence(list))
                    .flat_map(|&list| tree.items(list))
                    .find(|&&item| {
                        literal(item)
                            && !is_string(tree, item)
                            && tree.resolve(item) != Some(Resolved::Null)
                    })?;
                (format!("{name} joins strings; this is not one"), item)
            }
        }
        "MapMerge" if literal(args) && !tree.is_sequence(args) => {
            (format!("{name} takes a list of maps"), args)
        }
        "MapMerge" => {
            let &item = items
                .iter()
                .find(|&&i| literal(i) && (tree.is_sequence(i) || is_string(tree, i)))?;
            (format!("{name} merges maps; this is not one"), item)
        }
        "ListConcat" | "ListConcatUnique" if literal(args) && !tree.is_sequence(args) => {
            (format!("{name} takes a list of lists"), args)
        }
        "ListConcat" | "ListConcatUnique" => {
            let &item = items.iter().find(|&&i| not_list(i))?;
            (format!("{name} concatenates lists; this is not one"), item)
        }
        "StrSplit" if tree.is_sequence(args) && items.len() < 2 => (
            format!("{name} takes [delimiter, string] or [delimiter, string, index]"),
            args,
        ),
        "StrSplit" => str_split_index(tree, name, items, is_call)?,
        "MapReplace" => map_replace(tree, name, args, is_call)?,
        "GetFile" if literal(args) && !is_string(tree, args) => {
            (format!("{name} takes a file name"), args)
        }
        "GetParam" if literal(args) && tree.is_sequence(args) => match items.first() {
            None => (format!("{name} needs a parameter name"), args),
            Some(&first) if literal(first) && !is_string(tree, first) => (
                format!("the parameter name of {name} must be a string"),
                first,
            ),
            _ => return None,
        },
        // `if not sequence: return sequence`, then a list; the values too.
        "Filter" => match items {
            [_, list] if literal(*list) && !tree.is_sequence(*list) && truthy(tree, *list) => {
                (format!("{name} only works with lists"), *list)
            }
            [values, list]
                if literal(*values)
                    && !tree.is_sequence(*values)
                    && truthy(tree, *values)
                    && tree.is_sequence(*list)
                    && !tree.items(*list).is_empty() =>
            {
                (
                    format!("{name} filters a list of values; this is not one"),
                    *values,
                )
            }
            _ => return None,
        },
        "Contains" => match items {
            [_, sequence] if literal(*sequence) && tree.is_mapping(*sequence) => (
                format!("the second argument of {name} must be a list or a string"),
                *sequence,
            ),
            _ => return None,
        },
        "MakeURL" => {
            let scheme = tree.get(args, "scheme")?;
            match tree.resolve(scheme) {
                Some(Resolved::Str(s)) if literal(scheme) && s.contains(':') => (
                    format!("the `scheme` of {name} must not contain ':'"),
                    scheme,
                ),
                _ => return None,
            }
        }
        "CfnSplit" => match items {
            [delimiter, _] if literal(*delimiter) && !is_string(tree, *delimiter) => (
                format!("the delimiter of {name} must be a string"),
                *delimiter,
            ),
            [_, string] if literal(*string) && !is_string(tree, *string) => {
                (format!("{name} splits a string; this is not one"), *string)
            }
            _ => return None,
        },
        "CfnMemberListToMap" => match items {
            [_, _, list] if literal(*list) && !tree.is_sequence(*list) => (
                format!("the third argument of {name} must be a list"),
                *list,
            ),
            [_, _, list] if literal(*list) => {
                let &item = tree
                    .items(*list)
                    .iter()
                    .find(|&&i| literal(i) && !is_string(tree, i))?;
                (format!("the members of {name} must be strings"), item)
            }
            _ => return None,
        },
        "CfnBase64" if literal(args) && !is_string(tree, args) => {
            (format!("{name} takes a string"), args)
        }
        "CfnSelect" => return cfn_select(tree, name, items, is_call),
        "GetParam" if tree.is_mapping(args) && literal(args) => (
            format!("{name} takes a parameter name or a list [name, path...]"),
            args,
        ),
        "Digest" if literal(args) => {
            if items.len() != 2 || items.iter().any(|&i| literal(i) && !is_string(tree, i)) {
                (
                    format!("{name} takes [algorithm, value], both strings"),
                    args,
                )
            } else {
                let algorithm = items[0];
                let known = tree
                    .scalar(algorithm)
                    .is_none_or(|a| ALGORITHMS.contains(&a.to_lowercase().as_str()));
                if !literal(algorithm) || known {
                    return None;
                }
                (
                    format!("{name} knows no algorithm `{}`", tree.source(algorithm)),
                    algorithm,
                )
            }
        }
        _ => return None,
    };
    Some((problem + ": Heat refuses the stack", tree.range(node)))
}

/// Whether Python reads the literal as true: not null, empty or zero.
fn truthy(tree: &Tree, node: NodeId) -> bool {
    if tree.is_sequence(node) {
        return !tree.items(node).is_empty();
    }
    if tree.is_mapping(node) {
        return tree.entries(node).next().is_some();
    }
    match tree.resolve(node) {
        Some(Resolved::Null) | Some(Resolved::Bool(false)) | Some(Resolved::Str("")) => false,
        Some(Resolved::Int(Some(0))) => false,
        Some(Resolved::Float(f)) => f != 0.0,
        _ => true,
    }
}

/// A scalar Heat reads as a string (not a number, boolean or null, nor
/// the bytes `!!binary` makes).
fn is_string(tree: &Tree, node: NodeId) -> bool {
    matches!(
        tree.resolve(node),
        Some(Resolved::Str(_) | Resolved::Timestamp(_))
    ) && tree.tag(node) != Some("tag:yaml.org,2002:binary")
}

/// The first HOT version whose `get_attr` takes `[resource]` alone (all
/// attributes: Heat's `GetAttAllAttributes`).
const ALL_ATTRIBUTES_SINCE: &str = "2015-10-15";

/// What is wrong with a call's arguments, for the functions the model
/// reads (attributes and resource references), judged as Heat's function
/// classes of the template's version (`hot_version`, a date; `None` for
/// CloudFormation or an unknown version) judge them.
pub(crate) fn argument_problem(
    tree: &Tree,
    call: &FunctionCall,
    version: Option<&'static TemplateVersion>,
    is_call: &dyn Fn(NodeId) -> bool,
) -> Option<(String, TextRange)> {
    let hot_version = version.map(|v| v.version.as_str());
    let class = version
        .and_then(|v| v.functions.get(call.name))
        .map(String::as_str);
    let items = tree.items(call.args).len();
    let list = tree.is_sequence(call.args);
    let message = match (call.name, class) {
        ("get_attr", _) if hot_version.is_none_or(|v| v >= ALL_ATTRIBUTES_SINCE) => {
            // `if not args`, then any Python sequence: a list, or a string
            // of one character (two or more are refused as "not a list").
            let one_character = matches!(
                tree.resolve(call.args),
                Some(Resolved::Str(s)) if s.chars().count() == 1
            );
            if list && items >= 1 || one_character {
                return None;
            }
            "get_attr takes a list: [resource] (all its attributes) or [resource, attribute, path...]".to_owned()
        }
        ("get_attr", _) if !list || items < 2 => {
            "get_attr takes a list: [resource, attribute, path...] ([resource] alone needs heat_template_version 2015-10-15 or later)".to_owned()
        }
        ("Fn::GetAtt", _) if !list || items != 2 => {
            "Fn::GetAtt takes a list: [resource, attribute]".to_owned()
        }
        ("get_resource" | "Ref", _) if !tree.is_scalar(call.args) => {
            format!("{} takes a resource name", call.name)
        }
        // Heat's `If` (before wallaby) takes three arguments; `IfNullable`
        // also two (the item is left out when the condition is false).
        ("if", Some("If")) if !list || items != 3 => {
            "Arguments to \"if\" must be of the form: [condition_name, value_if_true, value_if_false] (two arguments need heat_template_version 2021-04-16 (wallaby))".to_owned()
        }
        ("if", Some("IfNullable")) if !list || !(2..=3).contains(&items) => {
            "Arguments to \"if\" must be of the form: [condition_name, value_if_true, value_if_false] or [condition_name, value_if_true]".to_owned()
        }
        // Heat's `Join` (before 2015-10-15) takes one list; `JoinMultiple`
        // several.
        ("list_join", Some("Join")) if list && items != 2 => {
            "list_join takes a delimiter and one list: [\", \", [a, b]] (several lists need heat_template_version 2015-10-15 or later)".to_owned()
        }
        ("repeat", Some(class)) => {
            return super::repeat::refusal(tree, call, class, version?);
        }
        (_, Some(class)) => return parse_problem(tree, call, class, is_call),
        (name, None) if name.starts_with("Fn::") => return cfn_problem(tree, call, is_call),
        _ => return None,
    };
    Some((message, tree.range(call.args)))
}
