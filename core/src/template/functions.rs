//! Intrinsic function calls: single-key mappings whose key names a
//! function, anywhere in a template.

use super::{DocumentKind, TemplateVersion};
use crate::syntax::{NodeId, Resolved, Tree};
use crate::text::TextRange;

/// Functions of CloudFormation-format templates (HOT 2013-05-23 reads them
/// too; later HOT versions reject them, which is for the linter to say).
const CFN_FUNCTIONS: [&str; 16] = [
    "Ref",
    "Fn::FindInMap",
    "Fn::GetAtt",
    "Fn::Join",
    "Fn::Select",
    "Fn::Base64",
    "Fn::GetAZs",
    "Fn::Split",
    "Fn::Replace",
    "Fn::MemberListToMap",
    "Fn::ResourceFacade",
    "Fn::Equals",
    "Fn::If",
    "Fn::Not",
    "Fn::And",
    "Fn::Or",
];

/// Functions of HOT templates, every version together.
const HOT_FUNCTIONS: [&str; 25] = [
    "get_attr",
    "get_file",
    "get_param",
    "get_resource",
    "list_join",
    "repeat",
    "resource_facade",
    "str_replace",
    "str_replace_strict",
    "str_replace_vstrict",
    "str_split",
    "digest",
    "map_merge",
    "map_replace",
    "yaql",
    "equals",
    "if",
    "not",
    "and",
    "or",
    "contains",
    "filter",
    "make_url",
    "list_concat",
    "list_concat_unique",
];

/// `{name: args}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FunctionCall {
    pub name: &'static str,
    /// The single-entry mapping.
    pub call: NodeId,
    /// The function name's node.
    pub key: NodeId,
    pub args: NodeId,
}

/// `get_attr: [resource, attribute, path...]` or `Fn::GetAtt: [resource,
/// attribute]`. Each part may be missing or be a node other than a scalar
/// (a nested function call).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeRef {
    pub call: FunctionCall,
    pub resource: Option<NodeId>,
    pub attribute: Option<NodeId>,
    /// Keys and indexes into the attribute's value (HOT only).
    pub path: Vec<NodeId>,
}

impl AttributeRef {
    pub(super) fn read(tree: &Tree, call: &FunctionCall) -> Option<Self> {
        if !matches!(call.name, "get_attr" | "Fn::GetAtt") || !tree.is_sequence(call.args) {
            return None;
        }
        let items = tree.items(call.args);
        Some(AttributeRef {
            call: *call,
            resource: items.first().copied(),
            attribute: items.get(1).copied(),
            path: items.get(2..).unwrap_or_default().to_vec(),
        })
    }

    pub fn resource_name<'a>(&self, tree: &'a Tree) -> Option<&'a str> {
        tree.scalar(self.resource?)
    }

    pub fn attribute_name<'a>(&self, tree: &'a Tree) -> Option<&'a str> {
        tree.scalar(self.attribute?)
    }

    /// The members' attribute this `get_attr` of a group of type `group`
    /// asks for, and where it is written: a ResourceGroup's or
    /// ResourceChain's `[g, NAME]` (each member's), `[g, resource.N,
    /// NAME]`, `[g, resource.N.NAME]`, `[g, attributes, NAME]`; an
    /// AutoScalingGroup's `[g, outputs | outputs_list, NAME]`. `None` for
    /// the group's own attributes.
    pub fn member_attribute<'a>(&self, tree: &'a Tree, group: &str) -> Option<(&'a str, NodeId)> {
        let written = self.attribute_name(tree)?;
        let next = || {
            let node = *self.path.first()?;
            Some((tree.scalar(node)?, node))
        };
        if group == "OS::Heat::AutoScalingGroup" {
            return matches!(written, "outputs" | "outputs_list")
                .then(next)
                .flatten();
        }
        match written {
            "refs" | "refs_map" | "removed_rsrc_list" | "show" | "OS::stack_id" => None,
            "attributes" => next(),
            _ => match written.strip_prefix("resource.") {
                Some(rest) => match rest.split_once('.') {
                    Some((_, name)) => Some((name, self.attribute?)),
                    None => next(),
                },
                None => Some((written, self.attribute?)),
            },
        }
    }
}

/// `get_resource: name` or `Ref: name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceRef {
    pub call: FunctionCall,
    /// The scalar naming the resource (or, for `Ref`, maybe a parameter).
    pub name: NodeId,
}

impl ResourceRef {
    pub(super) fn read(tree: &Tree, call: &FunctionCall) -> Option<Self> {
        (matches!(call.name, "get_resource" | "Ref") && tree.is_scalar(call.args)).then_some(
            ResourceRef {
                call: *call,
                name: call.args,
            },
        )
    }
}

pub(super) fn is_function(
    name: &str,
    kind: DocumentKind,
    version: Option<&'static TemplateVersion>,
) -> bool {
    function_name(name, kind, version).is_some()
}

/// The function a single-key mapping keyed `name` calls, as Heat reads it:
/// in a HOT template of a known version, only that version's functions
/// (active, removed or condition ones; any other key is plain data);
/// otherwise every name Heat has.
fn function_name(
    name: &str,
    kind: DocumentKind,
    version: Option<&'static TemplateVersion>,
) -> Option<&'static str> {
    let cfn = CFN_FUNCTIONS.iter().find(|&&f| f == name).copied();
    match (kind, version) {
        (DocumentKind::CloudFormation, _) => cfn,
        (DocumentKind::Hot, Some(version)) => version.function_name(name),
        (DocumentKind::Hot, None) => {
            cfn.or_else(|| HOT_FUNCTIONS.iter().find(|&&f| f == name).copied())
        }
        _ => None,
    }
}

/// Every function name of every HOT version and of CloudFormation.
pub fn function_names() -> impl Iterator<Item = &'static str> {
    CFN_FUNCTIONS.iter().chain(&HOT_FUNCTIONS).copied()
}

/// Whether `name` is a function of some HOT version or of CloudFormation.
pub(crate) fn is_any_function(name: &str) -> bool {
    CFN_FUNCTIONS.contains(&name) || HOT_FUNCTIONS.contains(&name)
}

/// Every call under `root`, in source order; aliases are not followed.
pub(super) fn find(
    tree: &Tree,
    root: NodeId,
    kind: DocumentKind,
    version: Option<&'static TemplateVersion>,
) -> Vec<FunctionCall> {
    tree.descendants(root)
        .filter_map(|node| {
            let [key, args] = *tree.children(node) else {
                return None;
            };
            if !tree.is_mapping(node) {
                return None;
            }
            let name = function_name(tree.scalar(key)?, kind, version)?;
            Some(FunctionCall {
                name,
                call: node,
                key,
                args,
            })
        })
        .collect()
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
        (_, Some(class)) => return super::arguments::parse_problem(tree, call, class, is_call),
        _ => return None,
    };
    Some((message, tree.range(call.args)))
}
