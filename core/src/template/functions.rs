//! Intrinsic function calls: single-key mappings whose key names a
//! function, anywhere in a template.

use super::{DocumentKind, TemplateVersion};
use crate::syntax::{NodeId, Tree};

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
