//! Reading a tree as Heat's loader and template classes do, reporting
//! each problem that stops the reading where it is written: the text does
//! not parse or is no template, a section, resource or registry entry is
//! not the mapping it must be, a key is repeated, aliases expand too far.
//! What Heat refuses in what was read is the lint rules' to say, over this
//! model (`lint::rules`).

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
                self.read_version(root);
                self.read_resources();
                self.read_outputs_and_parameters();
                self.check_conditions();
                self.functions = functions::find(&self.tree, root, self.kind, self.version_info);
            }
            DocumentKind::Environment => {
                let (registry, problems) = registry::read(&self.tree, root);
                self.registry = registry;
                for (kind, message, range) in problems {
                    self.report(kind, message, range);
                }
                self.check_empty_sections(root);
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

    /// An environment's section with nothing in it (null): the engine
    /// refuses it when it merges the environment ("environment has empty
    /// section").
    fn check_empty_sections(&mut self, root: NodeId) {
        let empty: Vec<(String, TextRange)> = self
            .tree
            .entries(root)
            .filter(|entry| self.tree.resolve(entry.value) == Some(Resolved::Null))
            .filter_map(|entry| {
                let name = self.tree.scalar(entry.key)?;
                ENVIRONMENT_SECTIONS
                    .contains(&name)
                    .then(|| (name.to_owned(), self.tree.range(entry.key)))
            })
            .collect();
        for (name, range) in empty {
            self.report(
                ProblemKind::SectionNotMapping,
                format!(
                    "`{name}` is empty: Heat refuses an environment with an empty section; remove \
                     it or give it entries"
                ),
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

    fn read_version(&mut self, root: NodeId) {
        let keys = self.version_keys();
        self.version = keys.iter().find_map(|key| self.tree.get_entry(root, key));
        if self.kind == DocumentKind::Hot {
            self.version_info = self
                .version
                .and_then(|entry| self.tree.scalar(entry.value))
                .and_then(hot_template_version);
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
            self.check_duplicates(definition.body, "resource keyword");
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
    /// problem when it is not a mapping. (What its type and properties are
    /// is the lint rules' to judge.)
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
        let type_name = type_entry.and_then(|entry| match self.tree.resolve(entry.value) {
            Some(Resolved::Str(value)) if !value.is_empty() => Some(value.to_owned()),
            _ => None,
        });
        let properties_value = properties.and_then(|entry| self.follow_alias(entry.value));
        Some(Definition {
            body,
            type_entry,
            type_name,
            properties,
            properties_value,
        })
    }

    fn read_nested(&mut self, group: usize) {
        let resource = &self.resources[group];
        let key = match resource.definition.type_name.as_deref() {
            Some("OS::Heat::ResourceGroup") => "resource_def",
            Some("OS::Heat::AutoScalingGroup") => "resource",
            Some("OS::Heat::ResourceChain") => return self.read_chain(group),
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

    /// An `OS::Heat::ResourceChain`'s members: one definition for each
    /// type its `resources` list names, each with the chain's
    /// `resource_properties`, as Heat builds them. A list Heat computes
    /// (`get_param`) is not known here.
    fn read_chain(&mut self, group: usize) {
        let resource = &self.resources[group];
        let Some(properties) = resource.definition.properties_mapping(&self.tree) else {
            return;
        };
        let Some(entry) = self.tree.get_entry(properties, "resources") else {
            return;
        };
        if self.is_written_as_call(entry.value) {
            return;
        }
        let shared = self.tree.get_entry(properties, "resource_properties");
        let properties_value = shared.and_then(|shared| self.follow_alias(shared.value));
        let Some(list) = self
            .follow_alias(entry.value)
            .filter(|&l| self.tree.is_sequence(l))
        else {
            return;
        };
        let items: Vec<NodeId> = self.tree.children(list).to_vec();
        for item in items {
            let type_name = match self.tree.resolve(item) {
                Some(Resolved::Str(value)) if !value.is_empty() => value.to_owned(),
                _ => continue,
            };
            self.nested.push(NestedDefinition {
                group,
                entry,
                definition: Definition {
                    body: item,
                    type_entry: Some(Entry {
                        key: entry.key,
                        value: item,
                    }),
                    type_name: Some(type_name),
                    properties: shared,
                    properties_value,
                },
            });
        }
    }

    /// `conditions` must be a mapping where the version reads it: Heat
    /// refuses anything else, null included ("Condition definitions must
    /// be a map. Found a NoneType instead").
    fn check_conditions(&mut self) {
        let name = match self.kind {
            DocumentKind::CloudFormation => "Conditions",
            DocumentKind::Hot
                if self
                    .version_info
                    .is_some_and(|v| v.version.as_str() >= CONDITIONS_SINCE) =>
            {
                "conditions"
            }
            _ => return,
        };
        let Some(value) = self.section(name) else {
            return;
        };
        if !self.tree.is_mapping(value) {
            self.report(
                ProblemKind::SectionNotMapping,
                format!("`{name}` must be a mapping of condition names to conditions"),
                self.tree.range(value),
            );
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

    /// A key as text: its scalar value, else its source.
    fn scalar_key(&self, key: NodeId) -> String {
        self.tree
            .scalar(key)
            .unwrap_or_else(|| self.tree.source(key))
            .to_owned()
    }
}
