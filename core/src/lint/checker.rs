//! One pass over a template: every type, property and attribute it names,
//! asked of the catalog at the target release.

use std::collections::HashMap;

use crate::catalog::{
    Attribute, Catalog, Property, PropertyType, ResourceType, RuleKind, Status, StatusAt,
    StatusKind, TypeResolution,
};
use crate::release::Release;
use crate::syntax::{NodeId, Tree};
use crate::template::{Definition, Template};
use crate::text::TextRange;

use super::lifecycle::{describe, timeline, LifecycleStep};
use super::suggest::closest;
use super::{Diagnostic, LintOptions, Rule, Subject};

pub(super) fn check(template: &Template<'_>, options: &LintOptions<'_>) -> Vec<Diagnostic> {
    let catalog = options.catalog;
    let mut checker = Checker {
        template,
        tree: template.tree(),
        catalog,
        target: options.target.or(catalog.heat_release()),
        options,
        out: Vec::new(),
        lifecycles: HashMap::new(),
    };
    checker.structure();
    for resource in template.resources() {
        checker.definition(&resource.definition);
        checker.depends_on(&resource.definition);
    }
    for nested in template.nested_definitions() {
        checker.definition(&nested.definition);
    }
    checker.attribute_refs();
    checker.resource_refs();
    checker.registry();
    checker.out
}

/// What kind of object a status finding is about.
#[derive(Clone, Copy)]
enum Object {
    ResourceType,
    Property,
    Attribute,
}

impl Object {
    fn rule(self, status: StatusKind) -> Option<Rule> {
        Some(match (self, status) {
            (_, StatusKind::Supported) => return None,
            (Object::ResourceType, StatusKind::Deprecated) => Rule::DeprecatedResourceType,
            (Object::ResourceType, StatusKind::Hidden) => Rule::HiddenResourceType,
            (Object::ResourceType, StatusKind::Unsupported) => Rule::UnsupportedResourceType,
            (Object::Property, StatusKind::Deprecated) => Rule::DeprecatedProperty,
            (Object::Property, StatusKind::Hidden) => Rule::HiddenProperty,
            (Object::Property, StatusKind::Unsupported) => Rule::UnsupportedProperty,
            (Object::Attribute, StatusKind::Deprecated) => Rule::DeprecatedAttribute,
            (Object::Attribute, StatusKind::Hidden) => Rule::HiddenAttribute,
            (Object::Attribute, StatusKind::Unsupported) => Rule::UnsupportedAttribute,
        })
    }

    fn unavailable_rule(self) -> Rule {
        match self {
            Object::ResourceType => Rule::UnavailableResourceType,
            Object::Property => Rule::UnavailableProperty,
            Object::Attribute => Rule::UnavailableAttribute,
        }
    }
}

struct Checker<'a, 't> {
    template: &'a Template<'t>,
    tree: &'a Tree<'t>,
    catalog: &'a Catalog,
    /// `None` only for a catalog that names no release: then each object's
    /// newest status applies.
    target: Option<Release>,
    options: &'a LintOptions<'a>,
    out: Vec<Diagnostic>,
    /// Each status's description and timeline, by status: a template uses
    /// the same deprecated property many times over.
    lifecycles: HashMap<u32, (String, Vec<LifecycleStep>)>,
}

impl<'a> Checker<'a, '_> {
    /// What [`describe`] and [`timeline`] make of `status`.
    fn lifecycle(&mut self, status: Status<'a>) -> (String, Vec<LifecycleStep>) {
        self.lifecycles
            .entry(status.id())
            .or_insert_with(|| (describe(status), timeline(status)))
            .clone()
    }

    fn push(&mut self, rule: Rule, range: TextRange, message: String) -> &mut Diagnostic {
        self.out.push(Diagnostic {
            rule,
            severity: rule.severity(),
            range,
            message,
            status: None,
            lifecycle: Vec::new(),
            subject: None,
            fix: None,
        });
        self.out.last_mut().expect("just pushed")
    }

    /// The template's own findings: syntax and structure.
    fn structure(&mut self) {
        for found in self.template.diagnostics() {
            let rule = match found.code {
                "syntax" => Rule::InvalidSyntax,
                "duplicate-key" => Rule::DuplicateKey,
                _ => Rule::InvalidTemplate,
            };
            let message = found.message.clone();
            self.push(rule, found.range, message).severity = found.severity;
        }
    }

    fn target_text(&self) -> String {
        self.target
            .map_or_else(|| "the catalog's release".to_owned(), |r| r.to_string())
    }

    fn status_at(&self, newest: Status<'a>, at: impl Fn(Release) -> StatusAt<'a>) -> StatusAt<'a> {
        match self.target {
            Some(release) => at(release),
            None => StatusAt::InForce(newest),
        }
    }

    /// Reports a non-SUPPORTED or unavailable object. Returns whether the
    /// object exists at the target release.
    ///
    /// `what` and `subject` are made only for a finding: most objects a
    /// template uses are SUPPORTED and cost no allocation.
    fn object_status(
        &mut self,
        object: Object,
        what: impl FnOnce() -> String,
        subject: impl FnOnce() -> Subject,
        state: StatusAt<'a>,
        range: TextRange,
    ) -> bool {
        let status = match state {
            StatusAt::InForce(status) => status,
            StatusAt::Unrecorded { first_recorded } => first_recorded,
            StatusAt::NotYetAvailable { first } => {
                let since =
                    first.map_or_else(String::new, |first| format!(": Heat has it since {first}"));
                let message = format!(
                    "{} is not available in {}{since}",
                    what(),
                    self.target_text()
                );
                let diagnostic = self.push(object.unavailable_rule(), range, message);
                diagnostic.subject = Some(subject());
                return false;
            }
            StatusAt::Removed { last } => {
                let message = format!(
                    "{} is not available in {}: Heat removed it after {last}",
                    what(),
                    self.target_text()
                );
                let diagnostic = self.push(object.unavailable_rule(), range, message);
                diagnostic.subject = Some(subject());
                return false;
            }
        };
        if let Some(rule) = object.rule(status.kind()) {
            let (description, lifecycle) = self.lifecycle(status);
            let message = format!("{} is {description}", what());
            let diagnostic = self.push(rule, range, message);
            diagnostic.status = Some(status.kind());
            diagnostic.lifecycle = lifecycle;
            diagnostic.subject = Some(subject());
        }
        true
    }

    /// Checks a type name where it is used. Returns the type to check the
    /// rest against, when the catalog knows it and it exists at the target.
    fn type_usage(&mut self, name: &str, range: TextRange) -> Option<ResourceType<'a>> {
        if is_template_resource(name) || self.mapped_by_environment(name) {
            return None;
        }
        let Some(resolution) = self.catalog.resolve_type(name) else {
            self.unknown_type(name, range);
            return None;
        };
        let mut what = format!("`{name}`");
        let resource_type = match resolution {
            TypeResolution::Registered(resource_type) => resource_type,
            TypeResolution::Aliased { resource_type, .. } => {
                let message = format!(
                    "`{name}` is an alias of `{}` in Heat's global environment; use the registered name",
                    resource_type.name()
                );
                let diagnostic = self.push(Rule::ResourceTypeAlias, range, message);
                diagnostic.subject = Some(Subject::ResourceType {
                    type_name: resource_type.name().to_owned(),
                });
                what = format!("`{name}` (an alias of `{}`)", resource_type.name());
                resource_type
            }
            TypeResolution::Template { .. } => return None,
        };
        let subject = || Subject::ResourceType {
            type_name: resource_type.name().to_owned(),
        };
        let state = self.status_at(resource_type.status(), |r| resource_type.status_at(r));
        let placeholder = self.target.map_or(resource_type.is_placeholder(), |r| {
            resource_type.is_placeholder_at(r)
        });
        if placeholder && state.is_available() {
            let status = state.in_force().unwrap_or(resource_type.status());
            let since = resource_type
                .placeholder_since()
                .and_then(|v| Release::parse_version(v).ok())
                .map_or_else(String::new, |r| format!(" since {r}"));
            let message = format!(
                "{what} does nothing{since}: Heat keeps it as a placeholder that accepts and ignores its properties; it is {}",
                describe(status)
            );
            let diagnostic = self.push(Rule::PlaceholderResourceType, range, message);
            diagnostic.status = Some(status.kind());
            diagnostic.lifecycle = timeline(status);
            diagnostic.subject = Some(subject());
            return None;
        }
        self.object_status(Object::ResourceType, || what, subject, state, range)
            .then_some(resource_type)
    }

    fn unknown_type(&mut self, name: &str, range: TextRange) {
        let Some((namespace, _)) = name.rsplit_once("::") else {
            return;
        };
        let namespace = format!("{namespace}::");
        let known_namespace = self
            .catalog
            .types()
            .any(|t| t.name().starts_with(&namespace))
            || self
                .catalog
                .aliases()
                .any(|a| a.name.starts_with(&namespace));
        if !known_namespace {
            // Another namespace: a template resource an environment maps.
            return;
        }
        let target = self.target;
        let names = self
            .catalog
            .types()
            .filter(|t| target.is_none_or(|r| t.is_available_at(r)))
            .map(|t| t.name());
        let message = with_suggestions(
            format!("unknown resource type `{name}`"),
            &closest(name, names),
        );
        self.push(Rule::UnknownResourceType, range, message);
    }

    fn mapped_by_environment(&self, name: &str) -> bool {
        self.options
            .environment_types
            .iter()
            .any(|mapped| match mapped.strip_suffix('*') {
                Some(prefix) => name.starts_with(prefix),
                None => mapped == name,
            })
    }

    fn definition(&mut self, definition: &Definition) {
        let (Some(name), Some(range)) = (
            definition.type_name.as_deref(),
            definition.type_range(self.tree),
        ) else {
            return;
        };
        let Some(resource_type) = self.type_usage(name, range) else {
            return;
        };
        let Some(properties) = definition.properties_mapping(self.tree) else {
            return;
        };
        if self.template.is_call(properties) {
            return;
        }
        self.property_mapping(resource_type, None, properties, "");
        self.conflicts(resource_type, properties);
    }

    /// Checks each entry of a mapping of properties: the top-level
    /// properties (`parent` is `None`) or a `Map` property's keys.
    fn property_mapping(
        &mut self,
        resource_type: ResourceType<'a>,
        parent: Option<Property<'a>>,
        mapping: NodeId,
        prefix: &str,
    ) {
        let tree = self.tree;
        for (earlier, later) in tree.duplicate_keys(mapping) {
            let key = tree.scalar(later.key).unwrap_or_default();
            let line = tree.line_of(tree.range(earlier.key).start) + 1;
            let message = format!(
                "`{key}` is set twice; Heat keeps this value and ignores the one on line {line}"
            );
            self.push(Rule::DuplicateKey, tree.range(later.key), message);
        }
        for entry in tree.entries(mapping) {
            let Some(key) = tree.scalar(entry.key) else {
                continue;
            };
            if key == "<<" {
                continue;
            }
            let path = if prefix.is_empty() {
                key.to_owned()
            } else {
                format!("{prefix}.{key}")
            };
            let key_range = tree.range(entry.key);
            let found = match parent {
                None => resource_type.properties().get(key),
                Some(parent) => parent.children().get(key),
            };
            let Some(property) = found else {
                let siblings: Vec<&str> = match parent {
                    None => resource_type.properties().map(|p| p.name()).collect(),
                    Some(parent) => parent.children().map(|p| p.name()).collect(),
                };
                let message = with_suggestions(
                    format!("`{path}` is not a property of `{}`", resource_type.name()),
                    &closest(key, siblings),
                );
                let diagnostic = self.push(Rule::UnknownProperty, key_range, message);
                diagnostic.subject = Some(Subject::Property {
                    type_name: resource_type.name().to_owned(),
                    path,
                });
                continue;
            };
            let subject = || Subject::Property {
                type_name: resource_type.name().to_owned(),
                path: path.clone(),
            };
            let state = self.status_at(property.status(), |r| property.status_at(r));
            if !self.object_status(
                Object::Property,
                || format!("`{path}`"),
                subject,
                state,
                key_range,
            ) {
                continue;
            }
            self.property_value(resource_type, property, entry.value, &path);
        }
    }

    /// Descends into a property's value where its schema describes it.
    fn property_value(
        &mut self,
        resource_type: ResourceType<'a>,
        property: Property<'a>,
        value: NodeId,
        path: &str,
    ) {
        if self.template.is_call(value) || !property.has_schema() {
            return;
        }
        match property.value_type() {
            PropertyType::Map if self.tree.is_mapping(value) => {
                self.property_mapping(resource_type, Some(property), value, path);
            }
            PropertyType::List if self.tree.is_sequence(value) => {
                let Some(items) = property.children().get("*") else {
                    return;
                };
                let item_path = format!("{path}.*");
                for &item in self.tree.items(value) {
                    self.property_value(resource_type, items, item, &item_path);
                }
            }
            _ => {}
        }
    }

    /// An old property and the new one that replaces it, both set: Heat
    /// refuses the template.
    fn conflicts(&mut self, resource_type: ResourceType<'a>, properties: NodeId) {
        for rule in resource_type.translation_rules() {
            if rule.kind() != RuleKind::Replace {
                continue;
            }
            let path: Vec<&str> = rule.path().collect();
            let Some((new_key, parent_path)) = path.split_last() else {
                continue;
            };
            let old_key: &str = if let Some(value_name) = rule.value_name() {
                value_name
            } else if let Some(value_path) = rule.value_path() {
                let value_path: Vec<&str> = value_path.collect();
                match value_path.split_last() {
                    Some((old, old_parent)) if old_parent == parent_path => old,
                    _ => continue,
                }
            } else {
                continue;
            };
            // The old value may sit inside the old property (Mistral's
            // `policies.retry` for `retry`).
            let inner: Vec<&str> = rule
                .custom_value_path()
                .map(Iterator::collect)
                .unwrap_or_default();
            for mapping in self.mappings_at(properties, parent_path) {
                let Some(new_value) = self.tree.get(mapping, new_key) else {
                    continue;
                };
                let Some(old_entry) = self.tree.get_entry(mapping, old_key) else {
                    continue;
                };
                let mut old_value = Some(old_entry.value);
                for segment in &inner {
                    old_value = old_value.and_then(|value| {
                        self.tree
                            .is_mapping(value)
                            .then(|| self.tree.get(value, segment))
                            .flatten()
                    });
                }
                // Heat refuses only when both values are truthy (Python's
                // `if value and prop_value`): an empty one is overridden.
                let Some(old_value) = old_value else {
                    continue;
                };
                let falsy = |node| self.template.truthiness(node) == Some(false);
                if falsy(new_value) || falsy(old_value) {
                    continue;
                }
                let mut old_path: Vec<&str> = vec![old_key];
                old_path.extend(&inner);
                let written_old = old_path.join(".");
                // As Heat names them in its error: paths without list indices.
                let heat_new = path.join(".");
                let heat_old = parent_path
                    .iter()
                    .chain(&old_path)
                    .copied()
                    .collect::<Vec<_>>()
                    .join(".");
                let message = format!(
                    "`{new_key}` and `{written_old}` cannot both be set: Heat refuses the template \
                     (\"Cannot define the following properties at the same time: {heat_new}, {heat_old}\"); keep one of them"
                );
                // On the old property's key, where its fix is attached.
                let range = self.tree.range(old_entry.key);
                let mut subject_path = parent_path.join(".");
                if !subject_path.is_empty() {
                    subject_path.push('.');
                }
                subject_path.push_str(old_key);
                let diagnostic = self.push(Rule::ConflictingProperties, range, message);
                diagnostic.subject = Some(Subject::Property {
                    type_name: resource_type.name().to_owned(),
                    path: subject_path,
                });
            }
        }
    }

    /// The mappings found by following `path` from `start`, list levels
    /// implicit (each item of a list is followed).
    fn mappings_at(&self, start: NodeId, path: &[&str]) -> Vec<NodeId> {
        let tree = self.tree;
        let mut current = vec![start];
        for segment in path {
            let mut next = Vec::new();
            for node in current {
                let Some(value) = tree.get(node, segment) else {
                    continue;
                };
                if tree.is_sequence(value) {
                    next.extend(
                        tree.items(value)
                            .iter()
                            .copied()
                            .filter(|&item| tree.is_mapping(item)),
                    );
                } else if tree.is_mapping(value) {
                    next.push(value);
                }
            }
            current = next;
        }
        current
    }

    /// The type a resource of this template has, without reporting on it;
    /// `None` where its attributes cannot be checked: unknown types,
    /// template resources, and types that are placeholders or absent at the
    /// target (the type's own finding says so).
    fn resource_type_of(&self, resource_name: &str) -> Option<ResourceType<'a>> {
        let resource = self.template.resource(resource_name)?;
        let name = resource.definition.type_name.as_deref()?;
        let resource_type = self.catalog.resolve_type(name)?.resource_type()?;
        match self.target {
            Some(release)
                if resource_type.is_placeholder_at(release)
                    || !resource_type.is_available_at(release) =>
            {
                None
            }
            None if resource_type.is_placeholder() => None,
            _ => Some(resource_type),
        }
    }

    fn attribute_refs(&mut self) {
        let tree = self.tree;
        for reference in self.template.attribute_refs() {
            let (Some(resource_node), Some(resource_name)) =
                (reference.resource, reference.resource_name(tree))
            else {
                continue;
            };
            if self.template.resource(resource_name).is_none() {
                self.unknown_reference(resource_name, tree.range(resource_node));
                continue;
            }
            let (Some(attribute_node), Some(attribute_name)) =
                (reference.attribute, reference.attribute_name(tree))
            else {
                continue;
            };
            let Some(resource_type) = self.resource_type_of(resource_name) else {
                continue;
            };
            let range = tree.range(attribute_node);
            match resource_type.attribute(attribute_name) {
                Some(attribute) => self.attribute_status(resource_type, attribute, range),
                None if resource_type.has_dynamic_attributes() => {}
                None => {
                    let names = resource_type.attributes().map(|a| a.name());
                    let message = with_suggestions(
                        format!(
                            "`{}` has no attribute `{attribute_name}`",
                            resource_type.name()
                        ),
                        &closest(attribute_name, names),
                    );
                    let diagnostic = self.push(Rule::UnknownAttribute, range, message);
                    diagnostic.subject = Some(Subject::Attribute {
                        type_name: resource_type.name().to_owned(),
                        name: attribute_name.to_owned(),
                    });
                }
            }
        }
    }

    fn attribute_status(
        &mut self,
        resource_type: ResourceType<'a>,
        attribute: Attribute<'a>,
        range: TextRange,
    ) {
        let subject = || Subject::Attribute {
            type_name: resource_type.name().to_owned(),
            name: attribute.name().to_owned(),
        };
        let what = || {
            format!(
                "attribute `{}` of `{}`",
                attribute.name(),
                resource_type.name()
            )
        };
        let state = self.status_at(attribute.status(), |r| attribute.status_at(r));
        self.object_status(Object::Attribute, what, subject, state, range);
    }

    fn unknown_reference(&mut self, name: &str, range: TextRange) {
        let names = self.template.resources().iter().map(|r| r.name.as_str());
        let message = with_suggestions(
            format!("there is no resource `{name}` in this template"),
            &closest(name, names),
        );
        self.push(Rule::UnknownResourceReference, range, message);
    }

    fn resource_refs(&mut self) {
        let tree = self.tree;
        for reference in self.template.resource_refs() {
            let Some(name) = tree.scalar(reference.name) else {
                continue;
            };
            if self.template.resource(name).is_some() {
                continue;
            }
            // `Ref` also names parameters and pseudo parameters.
            let is_parameter = reference.call.name == "Ref"
                && (name.starts_with("AWS::")
                    || self.template.parameters().iter().any(|p| p.name == name));
            if !is_parameter {
                self.unknown_reference(name, tree.range(reference.name));
            }
        }
    }

    fn depends_on(&mut self, definition: &Definition) {
        let Some(entry) = self.template.resource_entry(definition, "depends_on") else {
            return;
        };
        let tree = self.tree;
        let names: Vec<NodeId> = if tree.is_sequence(entry.value) {
            tree.items(entry.value).to_vec()
        } else {
            vec![entry.value]
        };
        for node in names {
            let Some(name) = tree.scalar(node) else {
                continue;
            };
            if self.template.resource(name).is_none() && !name.is_empty() {
                self.unknown_reference(name, tree.range(node));
            }
        }
    }

    /// An environment's registry entries that map onto a type.
    fn registry(&mut self) {
        for entry in self.template.registry() {
            let Some(target) = entry.target.as_deref() else {
                continue;
            };
            if target.contains("::") && !target.contains('*') && !is_template_resource(target) {
                let range = self.tree.range(entry.entry.value);
                self.type_usage(target, range);
            }
        }
    }
}

/// A type that names a template file (or URL) rather than a plugin.
fn is_template_resource(name: &str) -> bool {
    name.contains('/')
        || [".yaml", ".yml", ".template", ".json"]
            .iter()
            .any(|ext| name.ends_with(ext))
        || !name.contains("::")
}

fn with_suggestions(mut message: String, suggestions: &[&str]) -> String {
    match suggestions {
        [] => {}
        [one] => message.push_str(&format!("; did you mean `{one}`?")),
        several => {
            let list: Vec<String> = several.iter().map(|s| format!("`{s}`")).collect();
            message.push_str(&format!("; did you mean one of {}?", list.join(", ")));
        }
    }
    message
}
