//! Heat's view of a parsed text: which kind of document it is, its
//! resources, outputs, parameters, intrinsic function calls, group nested
//! definitions and, for environment files, the resource registry.
//!
//! Built on [`crate::syntax`] and sharing its invariants: building a
//! [`Template`] never fails (problems become [`Diagnostic`]s with byte
//! ranges), everything points back into the tree by [`NodeId`] and into the
//! text by byte range, and no code recurses on the input's structure. An
//! alias standing for a resource definition or its properties is followed
//! one level, as Heat's loader would expand it, within
//! [`MAX_ALIASED_NODES`] for the whole text; no other alias is followed.

mod functions;
mod registry;
mod suppress;
#[cfg(test)]
mod tests;
mod walk;

use std::collections::HashMap;
use std::fmt::Write;

use crate::diagnostic::Severity;
use crate::syntax::{self, Entry, NodeId, Resolved, Tree};
use crate::text::TextRange;

pub use functions::{AttributeRef, FunctionCall, ResourceRef};
pub use registry::RegistryEntry;
pub use suppress::Suppression;
pub use walk::{walk, PathSegment, Visit, WalkControl};

/// Heat template versions, oldest first, with their release names.
pub const HOT_VERSIONS: [(&str, Option<&str>); 11] = [
    ("2013-05-23", None),
    ("2014-10-16", None),
    ("2015-04-30", None),
    ("2015-10-15", None),
    ("2016-04-08", None),
    ("2016-10-14", Some("newton")),
    ("2017-02-24", Some("ocata")),
    ("2017-09-01", Some("pike")),
    ("2018-03-02", Some("queens")),
    ("2018-08-31", Some("rocky")),
    ("2021-04-16", Some("wallaby")),
];

/// The first version with `conditions`.
const CONDITIONS_SINCE: &str = "2016-10-14";

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

/// A structural problem, found as Heat would find it when loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable kebab-case name: `syntax`, `unknown-section`, `missing-type`...
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub range: TextRange,
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

/// A parsed document with Heat's model on top.
pub struct Template<'t> {
    tree: Tree<'t>,
    kind: DocumentKind,
    version: Option<Entry>,
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
    diagnostics: Vec<Diagnostic>,
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
            sections: Vec::new(),
            resources: Vec::new(),
            resource_index: HashMap::new(),
            nested: Vec::new(),
            outputs: Vec::new(),
            parameters: Vec::new(),
            functions: Vec::new(),
            registry: Vec::new(),
            suppressions: Vec::new(),
            diagnostics: Vec::new(),
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
        let value = self.tree.scalar(self.version?.value)?;
        hot_version_date(value)
    }

    /// Top-level sections in source order.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The value of a top-level section.
    pub fn section(&self, name: &str) -> Option<NodeId> {
        self.tree.get(self.tree.root()?, name)
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

    pub fn parameters(&self) -> &[Parameter] {
        &self.parameters
    }

    /// A resource's entry by its HOT key name (`depends_on`), read as the
    /// CloudFormation name (`DependsOn`) in CloudFormation templates.
    pub fn resource_entry(&self, definition: &Definition, hot_key: &str) -> Option<Entry> {
        let key = match self.kind {
            DocumentKind::CloudFormation => cfn_key(hot_key),
            _ => hot_key,
        };
        self.tree.get_entry(definition.body, key)
    }

    /// Whether `node` is an intrinsic function call (`{get_param: ...}`),
    /// whose value only Heat knows.
    pub fn is_call(&self, node: NodeId) -> bool {
        self.functions
            .binary_search_by_key(&node, |call| call.call)
            .is_ok()
    }

    /// How Heat's `props.get(...)` reads the value, for rules Heat adds
    /// only when it is truthy: `Some(true)`/`Some(false)` when the text
    /// says, `None` for a function whose result is not known.
    pub fn truthiness(&self, node: NodeId) -> Option<bool> {
        let tree = &self.tree;
        if self.is_call(node) {
            return None;
        }
        if tree.is_mapping(node) || tree.is_sequence(node) {
            return Some(!tree.children(node).is_empty());
        }
        Some(match tree.resolve(node)? {
            Resolved::Null => false,
            Resolved::Bool(b) => b,
            Resolved::Int(n) => n != Some(0),
            Resolved::Float(f) => f != 0.0,
            Resolved::Timestamp(_) => true,
            Resolved::Str(s) => !s.is_empty(),
        })
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

    /// An environment's `resource_registry`, scoped entries included.
    pub fn registry(&self) -> &[RegistryEntry] {
        &self.registry
    }

    /// `# heatwise: ignore[CODE,...]` comments.
    pub fn suppressions(&self) -> &[Suppression] {
        &self.suppressions
    }

    /// Whether a finding with `code` whose range starts at `offset` is
    /// suppressed by a comment on its line or alone on the line above.
    pub fn is_suppressed(&self, code: &str, offset: u32) -> bool {
        // Most templates have no suppression comment: no line lookup then.
        !self.suppressions.is_empty()
            && suppress::is_suppressed(&self.suppressions, code, self.tree.line_of(offset))
    }

    /// Syntax diagnostics first, then structural ones.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    fn diagnose(
        &mut self,
        code: &'static str,
        severity: Severity,
        message: String,
        range: TextRange,
    ) {
        match self.diagnostics.len() {
            n if n + 1 < syntax::MAX_DIAGNOSTICS => self.diagnostics.push(Diagnostic {
                code,
                severity,
                message,
                range,
            }),
            n if n + 1 == syntax::MAX_DIAGNOSTICS => self.diagnostics.push(Diagnostic {
                code: "too-many-problems",
                severity: Severity::Info,
                message: format!(
                    "more problems from here on; only the first {} are reported",
                    syntax::MAX_DIAGNOSTICS - 1
                ),
                range,
            }),
            _ => {}
        }
    }

    fn read(&mut self) {
        self.read_model();
        let syntax = self.tree.diagnostics().len().min(self.diagnostics.len());
        self.diagnostics[syntax..].sort_by_key(|d| d.range.start);
    }

    fn read_model(&mut self) {
        for diagnostic in self.tree.diagnostics().to_vec() {
            self.diagnose(
                "syntax",
                Severity::Error,
                diagnostic.message,
                diagnostic.range,
            );
        }
        self.suppressions = suppress::read(&self.tree);
        self.check_tags();
        let Some(root) = self.tree.root() else {
            if self.tree.diagnostics().is_empty() {
                self.diagnose(
                    "empty-document",
                    Severity::Error,
                    "the document is empty".into(),
                    TextRange::empty(0),
                );
            }
            return;
        };
        if !self.tree.is_mapping(root) {
            self.diagnose(
                "not-a-mapping",
                Severity::Error,
                "a template or environment must be a mapping".into(),
                self.tree.range(root),
            );
            return;
        }
        self.kind = detect_kind(&self.tree, root);
        self.sections = self
            .tree
            .entries(root)
            .map(|entry| Section { entry })
            .collect();
        self.check_duplicates(root, "section");
        match self.kind {
            DocumentKind::Hot | DocumentKind::CloudFormation => {
                self.check_version(root);
                self.check_sections();
                self.read_resources();
                self.read_outputs_and_parameters();
                self.functions = functions::find(&self.tree, root, self.kind);
                self.check_function_arguments();
            }
            DocumentKind::Environment => {
                self.check_sections();
                let (registry, problems) = registry::read(&self.tree, root);
                self.registry = registry;
                for (message, range) in problems {
                    self.diagnose("registry-not-mapping", Severity::Error, message, range);
                }
            }
            DocumentKind::Unknown => self.diagnose(
                "unknown-document",
                Severity::Warning,
                "neither a Heat template (no heat_template_version or \
                 AWSTemplateFormatVersion) nor an environment file"
                    .into(),
                TextRange::empty(self.tree.range(root).start),
            ),
        }
    }

    /// Heat's loader knows only YAML's core tags.
    fn check_tags(&mut self) {
        let tagged: Vec<(String, TextRange)> = self
            .tree
            .node_ids()
            .filter_map(|node| {
                let tag = self.tree.tag(node)?;
                (!tag.starts_with("tag:yaml.org,2002:")).then(|| {
                    (
                        tag.to_owned(),
                        self.tree.tag_range(node).unwrap_or_default(),
                    )
                })
            })
            .collect();
        for (tag, range) in tagged {
            self.diagnose(
                "unknown-tag",
                Severity::Error,
                format!("Heat's YAML loader cannot read the tag `{tag}`"),
                range,
            );
        }
    }

    fn check_duplicates(&mut self, mapping: NodeId, what: &str) {
        for (earlier, later) in self.tree.duplicate_keys(mapping) {
            let key = self.tree.scalar(later.key).unwrap_or_default().to_owned();
            let line = self.tree.line_of(self.tree.range(earlier.key).start) + 1;
            self.diagnose(
                "duplicate-key",
                Severity::Warning,
                format!("{what} `{key}` is repeated; Heat keeps only this one, not the one on line {line}"),
                self.tree.range(later.key),
            );
        }
    }

    fn check_version(&mut self, root: NodeId) {
        let keys: &[&str] = match self.kind {
            DocumentKind::Hot => &["heat_template_version"],
            _ => &["AWSTemplateFormatVersion", "HeatTemplateFormatVersion"],
        };
        self.version = keys.iter().find_map(|key| self.tree.get_entry(root, key));
        let Some(entry) = self.version else {
            self.diagnose(
                "missing-version",
                Severity::Error,
                format!("the template does not say its version (`{}`)", keys[0]),
                TextRange::empty(self.tree.range(root).start),
            );
            return;
        };
        let value = self.tree.scalar(entry.value);
        let known = match (self.kind, self.tree.scalar(entry.key)) {
            (DocumentKind::Hot, _) => value.and_then(hot_version_date).is_some(),
            (_, Some("AWSTemplateFormatVersion")) => value == Some("2010-09-09"),
            _ => value == Some("2012-12-12"),
        };
        if !known {
            let message = match self.kind {
                DocumentKind::Hot => format!(
                    "unknown heat_template_version; Heat knows {}",
                    HOT_VERSIONS
                        .iter()
                        .map(|(date, name)| name
                            .map_or(date.to_string(), |n| format!("{date} ({n})")))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => "unknown template format version; Heat knows \
                      AWSTemplateFormatVersion 2010-09-09 and HeatTemplateFormatVersion 2012-12-12"
                    .into(),
            };
            self.diagnose(
                "unknown-version",
                Severity::Error,
                message,
                self.tree.range(entry.value),
            );
        }
    }

    fn check_sections(&mut self) {
        let known: &[&str] = match self.kind {
            DocumentKind::Hot => &HOT_SECTIONS,
            DocumentKind::CloudFormation => &CFN_SECTIONS,
            _ => &ENVIRONMENT_SECTIONS,
        };
        let hot_version = self.hot_version();
        let mut problems = Vec::new();
        for section in &self.sections {
            let key = section.entry.key;
            let name = self.tree.scalar(key).unwrap_or_default();
            let too_new = name == "conditions"
                && self.kind == DocumentKind::Hot
                && hot_version.is_some_and(|v| v < CONDITIONS_SINCE);
            if !known.contains(&name) || too_new {
                let message = if too_new {
                    format!("`conditions` needs heat_template_version {CONDITIONS_SINCE} or later")
                } else {
                    format!(
                        "unknown section `{name}`; Heat accepts {}",
                        known.join(", ")
                    )
                };
                problems.push((message, self.tree.range(key)));
            }
        }
        for (message, range) in problems {
            self.diagnose("unknown-section", Severity::Error, message, range);
        }
    }

    /// The mapping a section holds; a diagnostic when it holds something
    /// else (an empty section is fine).
    fn section_mapping(&mut self, hot: &str, cfn: &str) -> Option<NodeId> {
        let name = if self.kind == DocumentKind::CloudFormation {
            cfn
        } else {
            hot
        };
        let value = self.section(name)?;
        if self.tree.is_mapping(value) {
            return Some(value);
        }
        if !self
            .tree
            .resolve(value)
            .is_some_and(|r| r == Resolved::Null)
        {
            self.diagnose(
                "section-not-mapping",
                Severity::Error,
                format!("`{name}` must be a mapping"),
                self.tree.range(value),
            );
        }
        None
    }

    fn read_resources(&mut self) {
        let Some(resources) = self.section_mapping("resources", "Resources") else {
            return;
        };
        self.check_duplicates(resources, "resource");
        let entries: Vec<Entry> = self.tree.entries(resources).collect();
        for entry in entries {
            let name = self.scalar_key(entry.key);
            let Some(definition) = self.read_definition(entry.value, &format!("resource `{name}`"))
            else {
                continue;
            };
            self.check_resource_keys(definition.body);
            let group = self.resources.len();
            self.resource_index.insert(name.clone(), group);
            self.resources.push(Resource {
                name,
                entry,
                definition,
            });
            self.read_nested(group);
        }
    }

    /// The node `node` stands for: itself, or the node its alias refers to
    /// (as Heat's YAML loader reads it). `None` for an alias once the
    /// alias budget is spent: it is left unchecked.
    fn follow_alias(&mut self, node: NodeId) -> Option<NodeId> {
        let Some(target) = self.tree.alias_target(node) else {
            return Some(node);
        };
        let budget = self.alias_budget?;
        let size = self.tree.descendants(target).len() + 1;
        if size <= budget {
            self.alias_budget = Some(budget - size);
            return Some(target);
        }
        // Reported once: from here on no alias is followed.
        self.alias_budget = None;
        self.diagnose(
            "alias-budget",
            Severity::Info,
            format!(
                "aliases to resource definitions and properties expand to more than \
                 {MAX_ALIASED_NODES} nodes; this one and later ones are not checked"
            ),
            self.tree.range(node),
        );
        None
    }

    /// Reads a `{type: ..., properties: ...}` mapping; `None` with a
    /// diagnostic when it is not a mapping.
    fn read_definition(&mut self, body: NodeId, what: &str) -> Option<Definition> {
        let body = self.follow_alias(body)?;
        if !self.tree.is_mapping(body) {
            self.diagnose(
                "resource-not-mapping",
                Severity::Error,
                format!("{what} must be a mapping with a type"),
                self.tree.range(body),
            );
            return None;
        }
        let cfn = self.kind == DocumentKind::CloudFormation;
        let type_entry = self.tree.get_entry(body, if cfn { "Type" } else { "type" });
        let properties = self
            .tree
            .get_entry(body, if cfn { "Properties" } else { "properties" });
        let mut type_name = None;
        match type_entry {
            None => self.diagnose(
                "missing-type",
                Severity::Error,
                format!("{what} has no `{}`", if cfn { "Type" } else { "type" }),
                self.tree.range(body),
            ),
            Some(entry) => match self.tree.resolve(entry.value) {
                Some(Resolved::Str(value)) if !value.is_empty() => {
                    type_name = Some(value.to_owned());
                }
                _ => self.diagnose(
                    "type-not-string",
                    Severity::Error,
                    format!("the type of {what} must be a string"),
                    self.tree.range(entry.value),
                ),
            },
        }
        let properties_value = properties.and_then(|entry| self.follow_alias(entry.value));
        if let Some(value) = properties_value {
            let null = self.tree.resolve(value) == Some(Resolved::Null);
            if !self.tree.is_mapping(value) && !null && !self.is_written_as_call(value) {
                self.diagnose(
                    "properties-not-mapping",
                    Severity::Error,
                    format!("the properties of {what} must be a mapping"),
                    self.tree.range(value),
                );
            }
        }
        Some(Definition {
            body,
            type_entry,
            type_name,
            properties,
            properties_value,
        })
    }

    /// Whether `node` is written as a function call: a one-entry mapping
    /// keyed by a function name. For reading the model, before the calls
    /// are collected ([`Self::is_call`] answers from then on).
    fn is_written_as_call(&self, node: NodeId) -> bool {
        let mut entries = self.tree.entries(node);
        matches!((entries.next(), entries.next()), (Some(entry), None)
            if self.tree.scalar(entry.key).is_some_and(|key| functions::is_function(key, self.kind)))
    }

    fn check_resource_keys(&mut self, body: NodeId) {
        let known: &[&str] = if self.kind == DocumentKind::CloudFormation {
            &CFN_RESOURCE_KEYS
        } else {
            &HOT_RESOURCE_KEYS
        };
        let unknown: Vec<(String, TextRange)> = self
            .tree
            .entries(body)
            .filter_map(|entry| {
                let key = self.tree.scalar(entry.key)?;
                (!known.contains(&key)).then(|| (key.to_owned(), self.tree.range(entry.key)))
            })
            .collect();
        for (key, range) in unknown {
            self.diagnose(
                "unknown-resource-key",
                Severity::Error,
                format!(
                    "`{key}` is not a resource keyword; Heat accepts {}",
                    known.join(", ")
                ),
                range,
            );
        }
        self.check_duplicates(body, "resource keyword");
    }

    fn read_nested(&mut self, group: usize) {
        let resource = &self.resources[group];
        let key = match resource.definition.type_name.as_deref() {
            Some("OS::Heat::ResourceGroup") => "resource_def",
            Some("OS::Heat::AutoScalingGroup") => "resource",
            _ => return,
        };
        let Some(properties) = resource.definition.properties_mapping(&self.tree) else {
            return;
        };
        let Some(entry) = self.tree.get_entry(properties, key) else {
            return;
        };
        let what = format!("`{key}` of `{}`", resource.name);
        if self.is_written_as_call(entry.value) {
            return;
        }
        if let Some(definition) = self.read_definition(entry.value, &what) {
            self.nested.push(NestedDefinition {
                group,
                entry,
                definition,
            });
        }
    }

    fn read_outputs_and_parameters(&mut self) {
        if let Some(outputs) = self.section_mapping("outputs", "Outputs") {
            self.check_duplicates(outputs, "output");
            let value_key = if self.kind == DocumentKind::CloudFormation {
                "Value"
            } else {
                "value"
            };
            let entries: Vec<Entry> = self.tree.entries(outputs).collect();
            for entry in entries {
                let output = Output {
                    name: self.scalar_key(entry.key),
                    entry,
                    value: self.tree.get_entry(entry.value, value_key),
                };
                self.outputs.push(output);
            }
        }
        if let Some(parameters) = self.section_mapping("parameters", "Parameters") {
            self.check_duplicates(parameters, "parameter");
            let entries: Vec<Entry> = self.tree.entries(parameters).collect();
            for entry in entries {
                let name = self.scalar_key(entry.key);
                self.parameters.push(Parameter { name, entry });
            }
        }
    }

    fn check_function_arguments(&mut self) {
        let problems: Vec<(String, TextRange)> = self
            .functions
            .iter()
            .filter_map(|call| functions::argument_problem(&self.tree, call))
            .collect();
        for (message, range) in problems {
            self.diagnose("function-arguments", Severity::Error, message, range);
        }
    }

    /// A key as text: its scalar value, else its source.
    fn scalar_key(&self, key: NodeId) -> String {
        self.tree
            .scalar(key)
            .unwrap_or_else(|| self.tree.source(key))
            .to_owned()
    }

    /// Renders the model as text, for snapshot tests and debugging.
    pub fn dump(&self) -> String {
        let tree = &self.tree;
        let range = |node: NodeId| {
            let r = tree.range(node);
            format!("{}..{}", r.start, r.end)
        };
        let mut out = format!("kind {:?}", self.kind);
        if let Some(entry) = self.version {
            let _ = write!(
                out,
                " version {} at {}",
                tree.source(entry.value),
                range(entry.value)
            );
        }
        out.push('\n');
        for resource in &self.resources {
            let _ = write!(
                out,
                "resource {} at {}",
                resource.name,
                range(resource.entry.key)
            );
            dump_definition(tree, &mut out, &resource.definition);
        }
        for nested in &self.nested {
            let _ = write!(
                out,
                "nested in {} at {}",
                self.resources[nested.group].name,
                range(nested.entry.key)
            );
            dump_definition(tree, &mut out, &nested.definition);
        }
        for output in &self.outputs {
            let _ = writeln!(out, "output {} at {}", output.name, range(output.entry.key));
        }
        for parameter in &self.parameters {
            let _ = writeln!(
                out,
                "parameter {} at {}",
                parameter.name,
                range(parameter.entry.key)
            );
        }
        for call in &self.functions {
            let _ = writeln!(
                out,
                "call {} at {} args {}",
                call.name,
                range(call.call),
                range(call.args)
            );
        }
        for attribute in self.attribute_refs() {
            let name = |node: Option<NodeId>| {
                node.map_or("?".to_string(), |n| {
                    format!("{}@{}", tree.source(n), range(n))
                })
            };
            let path: Vec<String> = attribute.path.iter().map(|&n| name(Some(n))).collect();
            let _ = writeln!(
                out,
                "attribute {} {} path [{}]",
                name(attribute.resource),
                name(attribute.attribute),
                path.join(", ")
            );
        }
        for reference in self.resource_refs() {
            let _ = writeln!(
                out,
                "reference {}@{}",
                tree.source(reference.name),
                range(reference.name)
            );
        }
        for entry in &self.registry {
            let _ = writeln!(
                out,
                "registry {}{} -> {} at {}",
                entry
                    .scope
                    .map_or(String::new(), |s| format!("[{}] ", tree.source(s))),
                tree.source(entry.entry.key),
                entry.target.as_deref().unwrap_or("?"),
                range(entry.entry.key),
            );
        }
        for suppression in &self.suppressions {
            let _ = writeln!(
                out,
                "suppression line {} [{}]",
                suppression.line + 1,
                suppression.codes.join(",")
            );
        }
        for diagnostic in &self.diagnostics {
            let at = tree
                .line_index()
                .position(tree.text(), diagnostic.range.start);
            let _ = writeln!(
                out,
                "{} {} {}:{} {}..{} {}",
                diagnostic.severity.as_str(),
                diagnostic.code,
                at.line,
                at.column,
                diagnostic.range.start,
                diagnostic.range.end,
                diagnostic.message
            );
        }
        out
    }
}

fn dump_definition(tree: &Tree, out: &mut String, definition: &Definition) {
    if let (Some(name), Some(range)) = (&definition.type_name, definition.type_range(tree)) {
        let _ = write!(out, " type {name} at {}..{}", range.start, range.end);
    }
    if let Some(properties) = definition.properties {
        let r = tree.entry_range(properties);
        let _ = write!(out, " properties {}..{}", r.start, r.end);
    }
    out.push('\n');
}

/// The date of a HOT version written as a date or a release name.
pub fn hot_version_date(value: &str) -> Option<&'static str> {
    HOT_VERSIONS
        .iter()
        .find(|(date, name)| *date == value || *name == Some(value))
        .map(|(date, _)| *date)
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
