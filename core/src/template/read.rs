//! Reading a tree as Heat's loader and template classes do, reporting
//! each problem where it is written.

use super::*;

impl Template<'_> {
    fn report(&mut self, kind: ProblemKind, message: String, range: TextRange) {
        match self.problems.len() {
            n if n + 1 < syntax::MAX_DIAGNOSTICS => self.problems.push(Problem {
                kind,
                message,
                range,
            }),
            n if n + 1 == syntax::MAX_DIAGNOSTICS => self.problems.push(Problem {
                kind: ProblemKind::TooManyProblems,
                message: format!(
                    "more problems from here on; only the first {} are reported",
                    syntax::MAX_DIAGNOSTICS - 1
                ),
                range,
            }),
            _ => {}
        }
    }

    pub(super) fn read(&mut self) {
        self.read_model();
        let syntax = self.tree.errors().len().min(self.problems.len());
        self.problems[syntax..].sort_by_key(|d| d.range.start);
    }

    fn read_model(&mut self) {
        for diagnostic in self.tree.errors().to_vec() {
            self.report(ProblemKind::Syntax, diagnostic.message, diagnostic.range);
        }
        self.suppressions = suppress::read(&self.tree);
        self.check_tags();
        let Some(root) = self.tree.root() else {
            if self.tree.errors().is_empty() {
                self.report(
                    ProblemKind::EmptyDocument,
                    "the document is empty".into(),
                    TextRange::empty(0),
                );
            }
            return;
        };
        if !self.tree.is_mapping(root) {
            self.report(
                ProblemKind::NotAMapping,
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
                self.functions = functions::find(&self.tree, root, self.kind, self.version_info);
                self.check_function_arguments();
                self.check_conditions();
            }
            DocumentKind::Environment => {
                self.check_sections();
                let (registry, problems) = registry::read(&self.tree, root);
                self.registry = registry;
                for (message, range) in problems {
                    self.report(ProblemKind::RegistryNotMapping, message, range);
                }
            }
            DocumentKind::Unknown => self.report(
                ProblemKind::UnknownDocument,
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
            self.report(
                ProblemKind::UnknownTag,
                format!("Heat's YAML loader cannot read the tag `{tag}`"),
                range,
            );
        }
    }

    fn check_duplicates(&mut self, mapping: NodeId, what: &str) {
        for (earlier, later) in self.tree.duplicate_keys(mapping) {
            let key = self.tree.scalar(later.key).unwrap_or_default().to_owned();
            let line = self.tree.line_of(self.tree.range(earlier.key).start) + 1;
            self.report(
                ProblemKind::DuplicateKey { earlier, later },
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
            self.report(
                ProblemKind::MissingVersion,
                format!("the template does not say its version (`{}`)", keys[0]),
                TextRange::empty(self.tree.range(root).start),
            );
            return;
        };
        let value = self.tree.scalar(entry.value);
        let known = match (self.kind, self.tree.scalar(entry.key)) {
            (DocumentKind::Hot, _) => {
                self.version_info = value.and_then(hot_template_version);
                self.version_info.is_some()
            }
            (_, Some("AWSTemplateFormatVersion")) => value == Some("2010-09-09"),
            _ => value == Some("2012-12-12"),
        };
        if !known {
            let message = match self.kind {
                DocumentKind::Hot => format!(
                    "unknown heat_template_version; Heat knows {}",
                    template_versions()
                        .iter()
                        .filter(|v| v.key == "heat_template_version")
                        .map(TemplateVersion::display)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => "unknown template format version; Heat knows \
                      AWSTemplateFormatVersion 2010-09-09 and HeatTemplateFormatVersion 2012-12-12"
                    .into(),
            };
            self.report(
                ProblemKind::UnknownVersion,
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
            self.report(ProblemKind::UnknownSection, message, range);
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
            self.report(
                ProblemKind::SectionNotMapping,
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
        self.report(
            ProblemKind::AliasBudget,
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
            self.report(
                ProblemKind::ResourceNotMapping,
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
            None => self.report(
                ProblemKind::MissingType,
                format!("{what} has no `{}`", if cfn { "Type" } else { "type" }),
                self.tree.range(body),
            ),
            Some(entry) => match self.tree.resolve(entry.value) {
                Some(Resolved::Str(value)) if !value.is_empty() => {
                    type_name = Some(value.to_owned());
                }
                _ => self.report(
                    ProblemKind::TypeNotString,
                    format!("the type of {what} must be a string"),
                    self.tree.range(entry.value),
                ),
            },
        }
        let properties_value = properties.and_then(|entry| self.follow_alias(entry.value));
        if let Some(value) = properties_value {
            let null = self.tree.resolve(value) == Some(Resolved::Null);
            if !self.tree.is_mapping(value) && !null && !self.is_written_as_call(value) {
                self.report(
                    ProblemKind::PropertiesNotMapping,
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
            if self.tree.scalar(entry.key).is_some_and(|key| functions::is_function(key, self.kind, self.version_info)))
    }

    fn check_resource_keys(&mut self, body: NodeId) {
        let version = self.version_info;
        let known: Vec<&str> = match (self.kind, version) {
            (DocumentKind::CloudFormation, _) => CFN_RESOURCE_KEYS.to_vec(),
            (_, Some(version)) => version.resource_keys.iter().map(String::as_str).collect(),
            _ => HOT_RESOURCE_KEYS.to_vec(),
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
            let later = later_version(version, |v| &v.resource_keys, &key);
            self.report(
                ProblemKind::UnknownResourceKey,
                format!(
                    "`{key}` is not a resource keyword{later}; Heat accepts {}",
                    known.join(", ")
                ),
                range,
            );
        }
        self.check_duplicates(body, "resource keyword");
        self.check_deletion_policy(body);
    }

    /// `deletion_policy` written as a word: one of the version's policies.
    fn check_deletion_policy(&mut self, body: NodeId) {
        let (Some(version), DocumentKind::Hot) = (self.version_info, self.kind) else {
            return;
        };
        let Some(value) = self.tree.get(body, "deletion_policy") else {
            return;
        };
        let Some(Resolved::Str(policy)) = self.tree.resolve(value) else {
            return;
        };
        if version.deletion_policies.iter().any(|p| p == policy) {
            return;
        }
        let later = later_version(Some(version), |v| &v.deletion_policies, policy);
        let message = format!(
            "invalid deletion policy \"{policy}\"{later}; Heat accepts {}",
            version.deletion_policies.join(", ")
        );
        let range = self.tree.range(value);
        self.report(ProblemKind::InvalidDeletionPolicy, message, range);
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
                self.check_keys(
                    entry.value,
                    |v| &v.output_keys,
                    ProblemKind::UnknownOutputKey,
                    "an output keyword",
                );
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
                self.check_keys(
                    entry.value,
                    |v| &v.parameter_keys,
                    ProblemKind::UnknownParameterKey,
                    "a parameter keyword",
                );
                self.check_constraints(entry.value);
                let name = self.scalar_key(entry.key);
                self.parameters.push(Parameter { name, entry });
            }
        }
    }

    /// The keys of an output's or a parameter's mapping that the declared
    /// HOT version does not know.
    fn check_keys(
        &mut self,
        mapping: NodeId,
        keys: fn(&TemplateVersion) -> &Vec<String>,
        kind: ProblemKind,
        what: &str,
    ) {
        let (Some(version), DocumentKind::Hot) = (self.version_info, self.kind) else {
            return;
        };
        if keys(version).is_empty() {
            return;
        }
        let unknown: Vec<(String, TextRange)> = self
            .tree
            .entries(mapping)
            .filter_map(|entry| {
                let key = self.tree.scalar(entry.key)?;
                (!keys(version).iter().any(|k| k == key))
                    .then(|| (key.to_owned(), self.tree.range(entry.key)))
            })
            .collect();
        for (key, range) in unknown {
            let later = later_version(Some(version), keys, &key);
            let message = format!(
                "`{key}` is not {what}{later}; Heat accepts {}",
                keys(version).join(", ")
            );
            self.report(kind, message, range);
        }
    }

    /// A parameter constraint with no kind the version expresses: Heat
    /// refuses it ("No constraint expressed"). (Beside a kind it does
    /// express, an unknown one is ignored.)
    fn check_constraints(&mut self, parameter: NodeId) {
        let (Some(version), DocumentKind::Hot) = (self.version_info, self.kind) else {
            return;
        };
        let Some(constraints) = self.tree.get(parameter, "constraints") else {
            return;
        };
        let mut problems = Vec::new();
        for &constraint in self.tree.items(constraints) {
            let kinds: Vec<(&str, TextRange)> = self
                .tree
                .entries(constraint)
                .filter_map(|entry| {
                    Some((self.tree.scalar(entry.key)?, self.tree.range(entry.key)))
                })
                .filter(|(key, _)| *key != "description")
                .collect();
            let expressed = kinds
                .iter()
                .any(|(key, _)| version.parameter_constraints.iter().any(|c| c == key));
            if expressed {
                continue;
            }
            for (key, range) in kinds {
                let later = later_version(Some(version), |v| &v.parameter_constraints, key);
                problems.push((
                    format!(
                        "`{key}` is not a parameter constraint{later}; Heat refuses the parameter (\"No constraint expressed\") and accepts {}",
                        version.parameter_constraints.join(", ")
                    ),
                    range,
                ));
            }
        }
        for (message, range) in problems {
            self.report(ProblemKind::UnknownParameterKey, message, range);
        }
    }

    /// The `conditions` section as Heat reads it: each definition a
    /// boolean, a condition's name or a condition function, and no other
    /// function inside ("The function "get_attr" is invalid in this
    /// context").
    fn check_conditions(&mut self) {
        let (Some(version), DocumentKind::Hot) = (self.version_info, self.kind) else {
            return;
        };
        let Some(conditions) = self
            .section("conditions")
            .filter(|&c| self.tree.is_mapping(c))
        else {
            return;
        };
        let tree = &self.tree;
        let mut problems = Vec::new();
        let condition_function = |name: &str| version.condition_functions.iter().any(|f| f == name);
        for entry in tree.entries(conditions) {
            let definition = entry.value;
            if let [key, _] = *tree.children(definition) {
                let written = tree.scalar(key).unwrap_or_default();
                if tree.is_mapping(definition) && !condition_function(written) {
                    problems.push((
                        format!(
                            "the definition of condition `{}` is invalid: `{written}` is not a condition function in heat_template_version {}; Heat accepts {}",
                            tree.scalar(entry.key).unwrap_or_default(),
                            version.display(),
                            version.condition_functions.join(", ")
                        ),
                        tree.range(key),
                    ));
                }
            }
        }
        let range = tree.range(conditions);
        for call in &self.functions {
            let at = tree.range(call.call);
            if at.start < range.start || range.end < at.end || condition_function(call.name) {
                continue;
            }
            if version.removes(call.name) {
                continue;
            }
            problems.push((
                format!(
                    "`{}` is invalid in a condition: Heat refuses it there; conditions take {}",
                    call.name,
                    version.condition_functions.join(", ")
                ),
                tree.range(call.key),
            ));
        }
        for (message, range) in problems {
            self.report(ProblemKind::InvalidCondition, message, range);
        }
    }

    fn check_function_arguments(&mut self) {
        let version = self.version_info;
        let problems: Vec<(String, TextRange)> = self
            .functions
            .iter()
            .filter_map(|call| functions::argument_problem(&self.tree, call, version))
            .collect();
        for (message, range) in problems {
            self.report(ProblemKind::FunctionArguments, message, range);
        }
    }

    /// A key as text: its scalar value, else its source.
    fn scalar_key(&self, key: NodeId) -> String {
        self.tree
            .scalar(key)
            .unwrap_or_else(|| self.tree.source(key))
            .to_owned()
    }
}

/// ` in heat_template_version X: Heat has it from Y` when a later HOT
/// version knows `name`, else ` in heat_template_version X`.
fn later_version(
    version: Option<&'static TemplateVersion>,
    field: fn(&TemplateVersion) -> &Vec<String>,
    name: &str,
) -> String {
    let Some(version) = version else {
        return String::new();
    };
    let first = template_versions().iter().find(|v| {
        v.key == "heat_template_version"
            && v.version > version.version
            && field(v).iter().any(|k| k == name)
    });
    match first {
        Some(first) => format!(
            " in heat_template_version {} (Heat has it from {})",
            version.display(),
            first.display()
        ),
        None => format!(" in heat_template_version {}", version.display()),
    }
}
