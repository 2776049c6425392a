//! Heat's view of a parsed text: which kind of document it is, its
//! resources, outputs, parameters, intrinsic function calls, group nested
//! definitions and, for environment files, the resource registry.
//!
//! Built on [`crate::syntax`] and sharing its invariants: building a
//! [`Template`] never fails (problems become [`Problem`]s with byte
//! ranges), everything points back into the tree by [`NodeId`] and into the
//! text by byte range, and no code recurses on the input's structure. An
//! alias standing for a resource definition or its properties is followed
//! one level, as Heat's loader would expand it, within
//! [`MAX_ALIASED_NODES`] for the whole text; no other alias is followed.

pub(crate) mod arguments;
mod chains;
mod dump;
pub(crate) mod functions;
mod heat_name;
mod kept;
pub mod merge;
mod problem;
mod read;
mod reads;
mod registry;
pub(crate) mod repeat;
mod suppress;
#[cfg(test)]
mod tests;
pub mod unread;
pub mod value;
pub mod versions;

use crate::hash::{HashMap, HashMapExt};
use crate::syntax::{self, Entry, NodeId, Resolved, Tree};
use crate::text::TextRange;

pub(crate) use arguments::result_problem;
pub use chains::{listed_types, ListedChain};
pub use functions::{function_names, AttributeRef, FunctionCall, ResourceRef};
pub use heat_name::HeatName;
pub use kept::Parsed;
pub use problem::{Problem, ProblemKind};
pub use registry::RegistryEntry;
pub use suppress::Suppression;
pub use versions::{
    function_history, hot_template_version, template_version, template_versions, FunctionChange,
    FunctionReading, FunctionStep, TemplateVersion,
};

/// The first version with `conditions`.
pub const CONDITIONS_SINCE: &str = "2016-10-14";

pub const HOT_SECTIONS: [&str; 7] = [
    "heat_template_version",
    "description",
    "parameter_groups",
    "parameters",
    "resources",
    "outputs",
    "conditions",
];

pub const CFN_SECTIONS: [&str; 8] = [
    "AWSTemplateFormatVersion",
    "HeatTemplateFormatVersion",
    "Description",
    "Mappings",
    "Parameters",
    "Resources",
    "Outputs",
    "Conditions",
];

pub const ENVIRONMENT_SECTIONS: [&str; 6] = [
    "resource_registry",
    "parameter_defaults",
    "parameters",
    "event_sinks",
    "encrypted_param_names",
    "parameter_merge_strategies",
];

const HOT_RESOURCE_KEYS: [&str; 9] = [
    "type",
    "properties",
    "metadata",
    "depends_on",
    "deletion_policy",
    "update_policy",
    "description",
    "condition",
    "external_id",
];

const CFN_RESOURCE_KEYS: [&str; 8] = [
    "Type",
    "Properties",
    "Metadata",
    "DependsOn",
    "DeletionPolicy",
    "UpdatePolicy",
    "Description",
    "Condition",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DocumentKind {
    /// A HOT template: `heat_template_version`.
    Hot,
    /// A CloudFormation-format template: `AWSTemplateFormatVersion` or
    /// `HeatTemplateFormatVersion`.
    CloudFormation,
    /// An environment file: only environment sections.
    Environment,
    /// Empty, not a mapping, or none of the above.
    Unknown,
}

/// A top-level section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    pub entry: Entry,
}

/// One resource of `resources` / `Resources`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    pub name: String,
    /// The `name: {...}` entry in the resources mapping.
    pub entry: Entry,
    pub definition: Definition,
}

impl Resource {
    pub fn name_range(&self, tree: &Tree) -> TextRange {
        tree.range(self.entry.key)
    }
}

/// What a resource or a group's nested definition declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The definition's mapping (or whatever node stands there).
    pub body: NodeId,
    /// The `type` / `Type` entry.
    pub type_entry: Option<Entry>,
    /// The type's value, when it is a scalar string.
    pub type_name: Option<String>,
    /// The `properties` / `Properties` entry.
    pub properties: Option<Entry>,
    /// What the properties entry's value stands for: the value, or the
    /// node its alias refers to.
    pub properties_value: Option<NodeId>,
}

impl Definition {
    /// The range of the type's value.
    pub fn type_range(&self, tree: &Tree) -> Option<TextRange> {
        self.type_entry.map(|entry| tree.range(entry.value))
    }

    /// The properties mapping, when there is one.
    pub fn properties_mapping(&self, tree: &Tree) -> Option<NodeId> {
        self.properties_value
            .filter(|&value| tree.is_mapping(value))
    }

    /// The `count` of a ResourceGroup, where it is written.
    pub fn group_count(&self, tree: &Tree) -> Option<NodeId> {
        if self.type_name.as_deref() != Some("OS::Heat::ResourceGroup") {
            return None;
        }
        tree.get(self.properties_mapping(tree)?, "count")
    }
}

/// The definition a group resource makes copies of: `resource_def` of
/// `OS::Heat::ResourceGroup`, `resource` of `OS::Heat::AutoScalingGroup`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedDefinition {
    /// Index of the group in [`Template::resources`].
    pub group: usize,
    /// The `resource_def: {...}` property entry.
    pub entry: Entry,
    pub definition: Definition,
}

/// How a message names a resource definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefinitionName<'t> {
    /// A resource, by its name.
    Resource(&'t str),
    /// A group's member definition: its property (`resource_def`) and the
    /// group's name.
    Member { key: &'t str, group: &'t str },
}

impl std::fmt::Display for DefinitionName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DefinitionName::Resource(name) => write!(f, "resource `{name}`"),
            DefinitionName::Member { key, group } => write!(f, "`{key}` of `{group}`"),
        }
    }
}

/// One entry of `outputs` / `Outputs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub name: String,
    pub entry: Entry,
    /// The `value` / `Value` entry.
    pub value: Option<Entry>,
}

/// One entry of `parameters` / `Parameters`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    pub name: String,
    pub entry: Entry,
}

/// How deep, and over how many nodes, [`Template::plain_literal`] reads.
const PLAIN_LITERAL_DEPTH: usize = 32;
const PLAIN_LITERAL_BUDGET: usize = 10_000;

/// A parsed document with Heat's model on top.
pub struct Template<'t> {
    tree: Tree<'t>,
    kind: DocumentKind,
    version: Option<Entry>,
    /// The declared HOT version, when Heat knows it.
    version_info: Option<&'static TemplateVersion>,
    sections: Vec<Section>,
    resources: Vec<Resource>,
    /// Resource name → index in `resources`; a repeated name maps to its
    /// last definition, the one Heat keeps.
    resource_index: HashMap<String, usize>,
    nested: Vec<NestedDefinition>,
    outputs: Vec<Output>,
    parameters: Vec<Parameter>,
    functions: Vec<FunctionCall>,
    registry: Vec<RegistryEntry>,
    suppressions: Vec<Suppression>,
    problems: Vec<Problem>,
    /// How many more nodes followed aliases may bring into the model;
    /// `None` once exceeded (and reported).
    alias_budget: Option<usize>,
}

/// Most nodes that aliases standing for a resource definition or its
/// properties bring into the model, all aliases together: the model and
/// the linter walk an aliased node once per alias, so without a bound a
/// small text of aliases to a large definition would cost what its
/// expansion costs.
pub const MAX_ALIASED_NODES: usize = syntax::MAX_NODES;

/// Parses a text and reads it as Heat does.
pub fn parse(text: &str) -> Template<'_> {
    Template::new(syntax::parse(text))
}

impl<'t> Template<'t> {
    pub fn new(tree: Tree<'t>) -> Self {
        let mut template = Template {
            tree,
            kind: DocumentKind::Unknown,
            version: None,
            version_info: None,
            sections: Vec::new(),
            resources: Vec::new(),
            resource_index: HashMap::new(),
            nested: Vec::new(),
            outputs: Vec::new(),
            parameters: Vec::new(),
            functions: Vec::new(),
            registry: Vec::new(),
            suppressions: Vec::new(),
            problems: Vec::new(),
            alias_budget: Some(MAX_ALIASED_NODES),
        };
        template.read();
        template
    }

    pub fn tree(&self) -> &Tree<'t> {
        &self.tree
    }

    pub fn text(&self) -> &'t str {
        self.tree.text()
    }

    pub fn kind(&self) -> DocumentKind {
        self.kind
    }

    /// The version entry (`heat_template_version: ...` or
    /// `AWSTemplateFormatVersion: ...`).
    pub fn version_entry(&self) -> Option<Entry> {
        self.version
    }

    /// The HOT version as its date (release names resolved), when it is a
    /// known one. Dates compare in release order.
    pub fn hot_version(&self) -> Option<&'static str> {
        if self.kind != DocumentKind::Hot {
            return None;
        }
        self.version_info.map(|v| v.version.as_str())
    }

    /// What Heat registers for the declared HOT version, when it knows it.
    pub fn hot_template_version(&self) -> Option<&'static TemplateVersion> {
        self.version_info
    }

    /// The keys that say a document's version: the first is the one to
    /// write.
    pub fn version_keys(&self) -> &'static [&'static str] {
        match self.kind {
            DocumentKind::Hot => &["heat_template_version"],
            _ => &["AWSTemplateFormatVersion", "HeatTemplateFormatVersion"],
        }
    }

    /// The top-level sections Heat reads in a document of this kind.
    pub fn known_sections(&self) -> &'static [&'static str] {
        match self.kind {
            DocumentKind::Hot => &HOT_SECTIONS,
            DocumentKind::CloudFormation => &CFN_SECTIONS,
            _ => &ENVIRONMENT_SECTIONS,
        }
    }

    /// The keys Heat reads in a resource definition, by the declared
    /// version.
    pub fn resource_keys(&self) -> Vec<&'static str> {
        match (self.kind, self.version_info) {
            (DocumentKind::CloudFormation, _) => CFN_RESOURCE_KEYS.to_vec(),
            (_, Some(version)) => version.resource_keys.iter().map(String::as_str).collect(),
            _ => HOT_RESOURCE_KEYS.to_vec(),
        }
    }

    /// Whether `node` is written as a function call: a one-entry mapping
    /// keyed by a function name of this document's version. For reading
    /// the model before the calls are collected, and for judging what is
    /// not read as data ([`Self::is_call`] answers for the calls found).
    pub fn is_written_as_call(&self, node: NodeId) -> bool {
        let mut entries = self.tree.entries(node);
        matches!((entries.next(), entries.next()), (Some(entry), None)
            if self.tree.scalar(entry.key).is_some_and(|key| functions::is_function(key, self.kind, self.version_info)))
    }

    /// Every resource definition read, with how a message names it: the
    /// resources, then the member definitions of groups.
    pub fn definitions(&self) -> impl Iterator<Item = (DefinitionName<'_>, &Definition)> {
        let resources = self
            .resources
            .iter()
            .map(|r| (DefinitionName::Resource(&r.name), &r.definition));
        let members = self.nested.iter().map(|nested| {
            let name = DefinitionName::Member {
                key: self.tree.scalar(nested.entry.key).unwrap_or_default(),
                group: &self.resources[nested.group].name,
            };
            (name, &nested.definition)
        });
        resources.chain(members)
    }

    /// Top-level sections in source order.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The value of a top-level section.
    pub fn section(&self, name: &str) -> Option<NodeId> {
        self.tree.get(self.tree.root()?, name)
    }

    /// The entries of a top-level section that is a mapping, as Heat's
    /// loader reads them (merge keys applied), with their keys' text.
    pub fn section_entries(&self, name: &str) -> Vec<(&str, Entry)> {
        let tree = &self.tree;
        let Some(section) = self.section(name).filter(|&node| tree.is_mapping(node)) else {
            return Vec::new();
        };
        merge::flattened(tree, section)
            .into_iter()
            .filter_map(|merged| Some((tree.scalar(merged.entry.key)?, merged.entry)))
            .collect()
    }

    pub fn resources(&self) -> &[Resource] {
        &self.resources
    }

    pub fn resource(&self, name: &str) -> Option<&Resource> {
        self.resource_index
            .get(name)
            .map(|&index| &self.resources[index])
    }

    /// Nested definitions of group resources.
    pub fn nested_definitions(&self) -> &[NestedDefinition] {
        &self.nested
    }

    pub fn outputs(&self) -> &[Output] {
        &self.outputs
    }

    /// The output whose value holds `range`, if any.
    pub fn output_containing(&self, range: TextRange) -> Option<&Output> {
        self.outputs.iter().find(|output| {
            let value = self.tree.range(output.entry.value);
            value.start <= range.start && range.end <= value.end
        })
    }

    pub fn parameters(&self) -> &[Parameter] {
        &self.parameters
    }

    /// A resource's entry by its HOT key name (`depends_on`), read as the
    /// CloudFormation name (`DependsOn`) in CloudFormation templates.
    pub fn resource_entry(&self, definition: &Definition, hot_key: &str) -> Option<Entry> {
        self.field(definition.body, hot_key)
    }

    /// A mapping's entry by its HOT key name (`default`), read as the
    /// CloudFormation name (`Default`) in CloudFormation templates: the one
    /// reading of the two spellings.
    pub fn field(&self, mapping: NodeId, hot_key: &str) -> Option<Entry> {
        let key = match self.kind {
            DocumentKind::CloudFormation => cfn_key(hot_key),
            _ => hot_key,
        };
        self.tree.get_entry(mapping, key)
    }

    /// The nodes a resource's `depends_on` (`DependsOn`) names resources
    /// with: one name or a list of them; none without the section.
    pub fn depends_on(&self, definition: &Definition) -> Vec<NodeId> {
        let Some(entry) = self.resource_entry(definition, "depends_on") else {
            return Vec::new();
        };
        if self.tree.is_sequence(entry.value) {
            self.tree.items(entry.value).to_vec()
        } else {
            vec![entry.value]
        }
    }

    /// Whether `node` is an intrinsic function call (`{get_param: ...}`),
    /// whose value only Heat knows.
    pub fn is_call(&self, node: NodeId) -> bool {
        self.functions
            .binary_search_by_key(&node, |call| call.call)
            .is_ok()
    }

    /// Whether an intrinsic function is called at or inside `node`.
    pub fn has_call_within(&self, node: NodeId) -> bool {
        let range = self.tree.range(node);
        // Calls are in node order, which is source order: the first at or
        // after `node` is inside it if any is.
        let first = self.functions.partition_point(|call| call.call < node);
        self.functions.get(first).is_some_and(|call| {
            let call = self.tree.range(call.call);
            range.start <= call.start && call.end <= range.end
        })
    }

    /// The value written at `node` when no function is called in it.
    pub fn plain_literal(&self, node: NodeId) -> Option<value::Val> {
        if self.has_call_within(node) {
            return None;
        }
        let budget = std::cell::Cell::new(PLAIN_LITERAL_BUDGET);
        let value = value::literal(&self.tree, node, 0, PLAIN_LITERAL_DEPTH, &budget);
        value.unknown_part().is_none().then_some(value)
    }

    /// The intrinsic function call `node` is, if it is one.
    pub fn call_at(&self, node: NodeId) -> Option<&FunctionCall> {
        self.functions
            .binary_search_by_key(&node, |call| call.call)
            .ok()
            .map(|index| &self.functions[index])
    }

    /// How Heat's `props.get(...)` reads the value, for rules Heat adds
    /// only when it is truthy: `Some(true)`/`Some(false)` when the text
    /// says, `None` for a function whose result is not known.
    pub fn truthiness(&self, node: NodeId) -> Option<bool> {
        let tree = &self.tree;
        let node = tree.alias_target(node).unwrap_or(node);
        if self.is_call(node) {
            return None;
        }
        if tree.is_mapping(node) {
            // As the loaded dict: merge keys applied.
            return Some(!merge::flattened(tree, node).is_empty());
        }
        if tree.is_sequence(node) {
            return Some(!tree.items(node).is_empty());
        }
        value::Val::new(value::scalar(tree, node), tree.range(node)).truth()
    }

    /// Every intrinsic function call, in source order.
    pub fn function_calls(&self) -> &[FunctionCall] {
        &self.functions
    }

    /// Every `get_attr` / `Fn::GetAtt`, with its resource, attribute and
    /// path nodes.
    pub fn attribute_refs(&self) -> impl Iterator<Item = AttributeRef> + '_ {
        self.functions
            .iter()
            .filter_map(|call| AttributeRef::read(&self.tree, call))
    }

    /// Every `get_resource` / `Ref` with a scalar argument. `Ref` also names
    /// parameters.
    pub fn resource_refs(&self) -> impl Iterator<Item = ResourceRef> + '_ {
        self.functions
            .iter()
            .filter_map(|call| ResourceRef::read(&self.tree, call))
    }

    /// The `get_resource` / `Ref` calls that name no resource of this
    /// template, with the name (a `Ref` to a parameter or a pseudo
    /// parameter names something).
    pub fn dangling_resource_refs(&self) -> impl Iterator<Item = (ResourceRef, &str)> + '_ {
        self.resource_refs().filter_map(|reference| {
            let name = self.tree.scalar(reference.name)?;
            let is_parameter = reference.call.name == "Ref"
                && (name.starts_with("AWS::") || self.parameters.iter().any(|p| p.name == name));
            (self.resource(name).is_none() && !is_parameter).then_some((reference, name))
        })
    }

    /// An environment's `resource_registry`, scoped entries included.
    pub fn registry(&self) -> &[RegistryEntry] {
        &self.registry
    }

    /// `# heatwise: ignore[CODE,...]` comments.
    pub fn suppressions(&self) -> &[Suppression] {
        &self.suppressions
    }

    /// Whether a finding whose range starts at `offset` is suppressed by a
    /// comment on its line or alone on the line above, naming it as
    /// `names_it` recognises (a rule's code, name or retired code).
    pub fn is_suppressed(&self, offset: u32, names_it: impl Fn(&str) -> bool) -> bool {
        // Most templates have no suppression comment: no line lookup then.
        !self.suppressions.is_empty()
            && suppress::is_suppressed(&self.suppressions, self.tree.line_of(offset), names_it)
    }

    /// Syntax errors first, then structural problems in source order.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }
}

fn cfn_key(hot_key: &str) -> &str {
    match hot_key {
        "type" => "Type",
        "properties" => "Properties",
        "metadata" => "Metadata",
        "depends_on" => "DependsOn",
        "deletion_policy" => "DeletionPolicy",
        "update_policy" => "UpdatePolicy",
        "description" => "Description",
        "condition" => "Condition",
        "default" => "Default",
        other => other,
    }
}

fn detect_kind(tree: &Tree, root: NodeId) -> DocumentKind {
    let has = |key: &str| tree.get_entry(root, key).is_some();
    if has("heat_template_version") {
        DocumentKind::Hot
    } else if has("AWSTemplateFormatVersion") || has("HeatTemplateFormatVersion") {
        DocumentKind::CloudFormation
    } else if has("resources") {
        DocumentKind::Hot
    } else if has("Resources") {
        DocumentKind::CloudFormation
    } else if ENVIRONMENT_SECTIONS.iter().any(|section| has(section)) {
        DocumentKind::Environment
    } else {
        DocumentKind::Unknown
    }
}
