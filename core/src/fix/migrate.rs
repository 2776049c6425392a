//! Fixes for lint findings: each migration Heat's translation rules imply,
//! done on the text, and advice where no edit means the same to Heat.
//!
//! Heat translates old properties each time it reads a resource, in
//! memory. A migration here writes what the translation would have made of
//! the entry, so that Heat's translated properties of the new text equal
//! those of the old one (`tools/heat_oracle` checks the fixtures). Only
//! migrations away from a property that is not SUPPORTED are offered.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use crate::catalog::{Catalog, ResourceType, RuleKind, Status, StatusKind, TranslationRule};
use crate::diagnostic::{Applicability, Edit, Fix};
use crate::lint::{Diagnostic, LintOptions, Rule, Subject};
use crate::release::Release;
use crate::syntax::{Entry, NodeId, Tree};
use crate::template::{Definition, Template};
use crate::text::TextRange;

use super::edit::{Editor, NewValue};

/// Why a migration that Heat's conditional rules depend on may differ.
const EMPTY_VALUE_CAVEAT: &str = "unsafe: Heat converts the value only when it is not empty, \
     which is not known until the function is resolved";

/// A mapping's pairs of entries with equal keys: (earlier, later).
type EqualKeys = Rc<[(Entry, Entry)]>;

pub(super) struct Migrator<'a, 't> {
    template: &'a Template<'t>,
    tree: &'a Tree<'t>,
    editor: Editor<'a, 't>,
    catalog: &'a Catalog,
    target: Option<Release>,
    definitions: Vec<&'a Definition>,
    /// The ranges of the nodes that have an anchor.
    anchored: Vec<TextRange>,
    /// Each mapping's pairs of equal keys, once asked for: findings in one
    /// large mapping would otherwise scan it once each.
    duplicates: RefCell<HashMap<NodeId, EqualKeys>>,
}

impl<'a, 't> Migrator<'a, 't> {
    pub(super) fn new(template: &'a Template<'t>, options: &LintOptions<'a>) -> Self {
        let tree = template.tree();
        let mut definitions: Vec<&Definition> =
            template.resources().iter().map(|r| &r.definition).collect();
        definitions.extend(template.nested_definitions().iter().map(|n| &n.definition));
        Self {
            template,
            tree,
            editor: Editor::new(tree),
            catalog: options.catalog,
            target: options.target.or(options.catalog.heat_release()),
            definitions,
            anchored: tree
                .node_ids()
                .filter_map(|node| tree.anchor(node).map(|_| tree.range(node)))
                .collect(),
            duplicates: RefCell::new(HashMap::new()),
        }
    }

    fn duplicates(&self, mapping: NodeId) -> EqualKeys {
        self.duplicates
            .borrow_mut()
            .entry(mapping)
            .or_insert_with(|| self.tree.duplicate_keys(mapping).into())
            .clone()
    }

    /// The fix for one finding, if there is one.
    pub(super) fn fix_for(&self, diagnostic: &Diagnostic) -> Option<Fix> {
        let fix = self.fix_for_subject(diagnostic)?;
        if fix.edits.is_empty() || !self.edits_shared_text(diagnostic.range, &fix.edits) {
            return Some(fix);
        }
        Some(Fix::display_only(format!(
            "{} by hand: the text is shared through a YAML anchor, and an edit would change every place that refers to it",
            fix.title
        )))
    }

    /// Whether the node at `range`, a collection around it or a node an
    /// edit touches has an anchor: what is edited there is also read
    /// wherever an alias points.
    fn edits_shared_text(&self, range: TextRange, edits: &[Edit]) -> bool {
        let tree = self.tree;
        let mut node = tree.node_at(range.start);
        while let Some(current) = node {
            if tree.anchor(current).is_some() {
                return true;
            }
            node = tree.parent(current);
        }
        self.anchored.iter().any(|anchored| {
            edits
                .iter()
                .any(|edit| edit.range.start <= anchored.end && anchored.start <= edit.range.end)
        })
    }

    fn fix_for_subject(&self, diagnostic: &Diagnostic) -> Option<Fix> {
        match (&diagnostic.subject, diagnostic.rule) {
            (_, Rule::DuplicateKey) => self.duplicate_fix(diagnostic.range),
            (Some(Subject::ResourceType { type_name }), Rule::ResourceTypeAlias) => {
                self.alias_fix(type_name, diagnostic.range)
            }
            (
                Some(Subject::ResourceType { type_name }),
                Rule::DeprecatedResourceType
                | Rule::HiddenResourceType
                | Rule::UnsupportedResourceType
                | Rule::PlaceholderResourceType,
            ) => self.type_fix(type_name, diagnostic),
            (
                Some(Subject::Property { type_name, path }),
                Rule::DeprecatedProperty
                | Rule::HiddenProperty
                | Rule::UnsupportedProperty
                | Rule::UnavailableProperty
                | Rule::ConflictingProperties,
            ) => {
                let fix = self.property_fix(type_name, path, diagnostic.range)?;
                if diagnostic.rule != Rule::UnavailableProperty
                    || fix.applicability != Applicability::Safe
                {
                    return Some(fix);
                }
                // Heat validates the properties as written: it rejects one
                // its schema lacks before any translation rule runs.
                let release = self
                    .target
                    .map_or_else(String::new, |release| format!(" {release}"));
                Fix::new(
                    format!(
                        "{} (unsafe: Heat{release} rejects the template as written, \"Unknown Property {}\")",
                        fix.title,
                        path.rsplit('.').next().unwrap_or(path)
                    ),
                    fix.edits,
                    Applicability::Unsafe,
                )
            }
            (
                Some(Subject::Attribute { type_name, name }),
                Rule::DeprecatedAttribute | Rule::HiddenAttribute | Rule::UnsupportedAttribute,
            ) => {
                let attribute = self.catalog.resource_type(type_name)?.attribute(name)?;
                let status = self.status_now(attribute.status(), |r| attribute.status_at(r));
                advice(status)
            }
            _ => None,
        }
    }

    fn status_now(
        &self,
        newest: Status<'a>,
        at: impl Fn(Release) -> crate::catalog::StatusAt<'a>,
    ) -> Status<'a> {
        self.target
            .and_then(|release| at(release).in_force())
            .unwrap_or(newest)
    }

    fn is_supported(&self, resource_type: ResourceType<'a>, path: &[&str]) -> bool {
        resource_type.property_at(path).is_some_and(|property| {
            match self.target {
                Some(release) => property.status_at(release).in_force(),
                None => Some(property.status()),
            }
            .is_some_and(|status| status.kind() == StatusKind::Supported)
        })
    }

    /// The definition whose type value is at `range`.
    fn definition_typed_at(&self, range: TextRange) -> Option<&'a Definition> {
        self.definitions
            .iter()
            .copied()
            .find(|d| d.type_range(self.tree) == Some(range))
    }

    /// A key written twice: Heat's loader keeps the later entry, so the
    /// earlier one can go.
    fn duplicate_fix(&self, range: TextRange) -> Option<Fix> {
        let tree = self.tree;
        let key = tree.node_at(range.start)?;
        if tree.range(key) != range {
            return None;
        }
        let mapping = tree.parent(key)?;
        let name = tree.scalar(key)?;
        if name == "<<" {
            // Merge keys are not a key written twice.
            return None;
        }
        let (earlier, _) = self
            .duplicates(mapping)
            .iter()
            .copied()
            .find(|(_, later)| later.key == key)?;
        let line = tree.line_of(tree.range(earlier.key).start) + 1;
        let edits = self.editor.delete_entry(earlier)?;
        Fix::new(
            format!("Remove the `{name}` on line {line}, which Heat ignores"),
            edits,
            Applicability::Safe,
        )
    }

    // --- Resource types ---

    /// An alias, in a resource's type or an environment's registry: the
    /// registered name is the same class, so a stack update keeps the
    /// resource.
    fn alias_fix(&self, registered: &str, range: TextRange) -> Option<Fix> {
        let node = self.tree.node_at(range.start)?;
        if self.tree.range(node) != range {
            return None;
        }
        let written = self.tree.scalar(node)?;
        let edit = self.editor.replace_scalar(node, registered)?;
        Fix::new(
            format!("Replace the alias `{written}` with `{registered}`"),
            vec![edit],
            Applicability::Safe,
        )
    }

    fn type_fix(&self, type_name: &str, diagnostic: &Diagnostic) -> Option<Fix> {
        let resource_type = self.catalog.resource_type(type_name)?;
        let status = self.status_now(resource_type.status(), |r| resource_type.status_at(r));
        let definition = self.definition_typed_at(diagnostic.range);
        if diagnostic.rule == Rule::PlaceholderResourceType {
            // A placeholder does nothing: any real type would create
            // something new.
            return advice(status);
        }
        let Some(definition) = definition else {
            return advice(status);
        };
        let substitutes: Vec<&str> = status.substitute_types().collect();
        if let Some(fix) = substitutes
            .iter()
            .find_map(|name| self.substitute_fix(definition, resource_type, name))
        {
            return Some(fix);
        }
        let mentioned: Vec<ResourceType<'a>> = status
            .mentions()
            .filter(|&name| name != type_name)
            .filter_map(|name| self.catalog.resource_type(name))
            .filter(|t| self.type_is_supported(*t))
            .collect();
        if let [replacement] = mentioned.as_slice() {
            return self.replacement_fix(definition, resource_type, *replacement, status);
        }
        advice(status)
    }

    fn type_is_supported(&self, resource_type: ResourceType<'a>) -> bool {
        let placeholder = self.target.map_or(resource_type.is_placeholder(), |r| {
            resource_type.is_placeholder_at(r)
        });
        let status = match self.target {
            Some(release) => resource_type.status_at(release).in_force(),
            None => Some(resource_type.status()),
        };
        !placeholder && status.is_some_and(|s| s.kind() == StatusKind::Supported)
    }

    /// The properties a definition sets that `other` does not have.
    fn properties_missing_from(
        &self,
        definition: &Definition,
        other: ResourceType<'a>,
    ) -> Vec<String> {
        let Some(properties) = definition.properties_mapping(self.tree) else {
            return Vec::new();
        };
        self.tree
            .entries(properties)
            .filter_map(|entry| self.tree.scalar(entry.key))
            .filter(|key| other.properties().get(key).is_none())
            .map(str::to_owned)
            .collect()
    }

    /// The properties `other` requires that a definition does not set.
    fn required_missing(&self, definition: &Definition, other: ResourceType<'a>) -> Vec<String> {
        let properties = definition.properties_mapping(self.tree);
        other
            .properties()
            .filter(|p| p.required())
            .filter(|p| properties.is_none_or(|m| self.tree.get_entry(m, p.name()).is_none()))
            .map(|p| p.name().to_owned())
            .collect()
    }

    /// Heat's substitute class: a stack update moves the resource to the
    /// new type in place (`Resource.check_is_substituted`).
    fn substitute_fix(
        &self,
        definition: &Definition,
        resource_type: ResourceType<'a>,
        substitute: &str,
    ) -> Option<Fix> {
        let new_type = self.catalog.resource_type(substitute)?;
        if !self.type_is_supported(new_type) {
            return None;
        }
        let edit = self
            .editor
            .replace_scalar(definition.type_entry?.value, substitute)?;
        let old = resource_type.name();
        let missing = self.properties_missing_from(definition, new_type);
        if missing.is_empty() {
            Fix::new(
                format!("Replace `{old}` with its substitute `{substitute}`"),
                vec![edit],
                Applicability::Safe,
            )
        } else {
            Fix::new(
                format!(
                    "Replace `{old}` with `{substitute}` (unsafe: `{substitute}` has no {})",
                    quoted_list(&missing)
                ),
                vec![edit],
                Applicability::Unsafe,
            )
        }
    }

    /// A type Heat's message names: another class, so a stack update
    /// replaces the resource.
    fn replacement_fix(
        &self,
        definition: &Definition,
        resource_type: ResourceType<'a>,
        replacement: ResourceType<'a>,
        status: Status<'a>,
    ) -> Option<Fix> {
        let old = resource_type.name();
        let new = replacement.name();
        let missing = self.properties_missing_from(definition, replacement);
        let required = self.required_missing(definition, replacement);
        if !required.is_empty() {
            let heat = status
                .message()
                .map_or_else(String::new, |m| format!("Heat says: \"{m}\" "));
            return Some(Fix::display_only(format!(
                "{heat}`{new}` requires {}: rewrite the resource for it by hand",
                quoted_list(&required)
            )));
        }
        if !missing.is_empty() {
            let heat = status
                .message()
                .map_or_else(String::new, |m| format!("Heat says: \"{m}\" "));
            return Some(Fix::display_only(format!(
                "{heat}`{new}` has no {}: rewrite the resource for it by hand",
                quoted_list(&missing)
            )));
        }
        let edit = self
            .editor
            .replace_scalar(definition.type_entry?.value, new)?;
        Fix::new(
            format!(
                "Replace `{old}` with `{new}` (unsafe: changing the type replaces the resource on stack update)"
            ),
            vec![edit],
            Applicability::Unsafe,
        )
    }

    // --- Properties ---

    /// The migration of a property, or Heat's advice about it when no edit
    /// can be written (a comment or layout in the way, a function call).
    fn property_fix(&self, type_name: &str, path: &str, range: TextRange) -> Option<Fix> {
        let resource_type = self.catalog.resource_type(type_name)?;
        self.property_migration(resource_type, path, range)
            .or_else(|| {
                let segments: Vec<&str> = path.split('.').filter(|s| *s != "*").collect();
                let property = resource_type.property_at(&segments)?;
                advice(self.status_now(property.status(), |r| property.status_at(r)))
            })
    }

    fn property_migration(
        &self,
        resource_type: ResourceType<'a>,
        path: &str,
        range: TextRange,
    ) -> Option<Fix> {
        let key_node = self.tree.node_at(range.start)?;
        let entry = self.tree.entry_of(key_node)?;
        if entry.key != key_node || self.tree.range(entry.key) != range {
            return None;
        }
        let mapping = self.tree.parent(entry.key)?;
        if !self.duplicates(mapping).is_empty() {
            // Heat keeps the last of two equal keys: an edit could bring an
            // ignored entry back or hide the one in force.
            return None;
        }
        let segments: Vec<&str> = path.split('.').filter(|s| *s != "*").collect();
        let (key, parent) = segments.split_last()?;
        let rules: Vec<TranslationRule<'a>> = resource_type.translation_rules().collect();
        let rule_parent = |rule: &TranslationRule<'a>| -> Vec<&'a str> {
            let path: Vec<&str> = rule.path().collect();
            path[..path.len().saturating_sub(1)].to_vec()
        };

        // `policies` of a Mistral task: its entries move up into the task.
        let hoisted: Vec<TranslationRule<'a>> = rules
            .iter()
            .copied()
            .filter(|r| {
                r.kind() == RuleKind::Replace
                    && r.value_name() == Some(*key)
                    && r.custom_value_path().is_some()
                    && rule_parent(r) == parent
            })
            .collect();
        if !hoisted.is_empty() {
            return self.hoist_fix(entry, key, &hoisted);
        }

        for rule in &rules {
            if rule.kind() != RuleKind::Replace || rule.custom_value_path().is_some() {
                continue;
            }
            let Some((new_key, old_key)) = replace_pair(rule) else {
                continue;
            };
            if rule_parent(rule) != parent {
                continue;
            }
            let other = if *key == old_key {
                new_key
            } else if *key == new_key {
                old_key
            } else {
                continue;
            };
            let mut other_path = parent.to_vec();
            other_path.push(other);
            let other_supported = self.is_supported(resource_type, &other_path);
            if let Some(other_entry) = self.tree.get_entry(mapping, other) {
                let (old_entry, new_entry) = if *key == old_key {
                    (entry, other_entry)
                } else {
                    (other_entry, entry)
                };
                return self.both_set_fix(old_entry, new_entry, other_supported, key, other);
            }
            if !other_supported {
                continue;
            }
            let edit = self.editor.rename_key(entry, other)?;
            return Fix::new(
                format!("Replace `{key}` with `{other}`"),
                vec![edit],
                Applicability::Safe,
            );
        }

        let deleted = rules
            .iter()
            .any(|r| r.kind() == RuleKind::Delete && r.path().eq(segments.iter().copied()));
        if deleted {
            let added = rules.iter().find(|r| {
                r.kind() == RuleKind::Add
                    && rule_parent(r) == parent
                    && r.value().is_some_and(|v| names_property(&v, key))
            });
            return match added {
                Some(add) => self.add_fix(resource_type, mapping, entry, key, add),
                None => self.delete_fix(entry, key, rules.iter().any(|r| r.conditional())),
            };
        }
        None
    }

    /// The old and the new property of a REPLACE rule both written. Heat
    /// refuses the template when both values are truthy; otherwise the old
    /// value, even an empty one, becomes the new property's.
    fn both_set_fix(
        &self,
        old_entry: Entry,
        new_entry: Entry,
        other_supported: bool,
        key: &str,
        other: &str,
    ) -> Option<Fix> {
        let tree = self.tree;
        let old_name = tree.scalar(old_entry.key)?;
        let new_name = tree.scalar(new_entry.key)?;
        match (
            self.template.truthiness(old_entry.value),
            self.template.truthiness(new_entry.value),
        ) {
            (_, Some(false)) => {
                // What Heat does: the empty new entry gives way to the old
                // one, renamed.
                let mut edits = self.editor.delete_entry(new_entry)?;
                edits.push(self.editor.rename_key(old_entry, new_name)?);
                Fix::new(
                    format!("Remove the empty `{new_name}` and rename `{old_name}` to `{new_name}`"),
                    edits,
                    Applicability::Safe,
                )
            }
            (Some(false), _) => Fix::new(
                format!(
                    "Remove the empty `{old_name}` (unsafe: Heat now gives `{new_name}` its empty value instead of the one written)"
                ),
                self.editor.delete_entry(old_entry)?,
                Applicability::Unsafe,
            ),
            _ => {
                let (keep, drop) = if other_supported {
                    (other, key)
                } else {
                    (key, other)
                };
                Some(Fix::display_only(format!(
                    "Keep `{keep}` and remove `{drop}` once you know which value is meant: Heat refuses the template while both are set, and `{keep}` is the supported one"
                )))
            }
        }
    }

    /// An ADD rule that takes the property's value plus the DELETE rule
    /// that drops the property: the entry becomes the added value.
    fn add_fix(
        &self,
        resource_type: ResourceType<'a>,
        mapping: NodeId,
        entry: Entry,
        key: &str,
        add: &TranslationRule<'a>,
    ) -> Option<Fix> {
        let target_path: Vec<&str> = add.path().collect();
        let target = *target_path.last()?;
        if !self.is_supported(resource_type, &target_path) {
            return None;
        }
        let applicability = match self.template.truthiness(entry.value) {
            Some(true) => Applicability::Safe,
            Some(false) => {
                return Some(Fix::display_only(format!(
                    "Remove `{key}`: Heat ignores it when it is empty"
                )))
            }
            None => Applicability::Unsafe,
        };
        let Some(Value::Array(items)) = add.value() else {
            return None;
        };
        let new_items: Vec<NewValue> = items
            .iter()
            .map(|item| to_new_value(item, key, entry.value))
            .collect::<Option<_>>()?;
        let shape = describe_value(&Value::Array(items.clone()), key);
        let caveat = match applicability {
            Applicability::Unsafe => format!(" ({EMPTY_VALUE_CAVEAT})"),
            _ => String::new(),
        };
        match self.tree.get_entry(mapping, target) {
            Some(existing) => {
                let list = existing.value;
                if !self.tree.is_sequence(list)
                    || self.template.is_call(list)
                    || self.tree.anchor(list).is_some()
                {
                    return Some(Fix::display_only(format!(
                        "Add {shape} to `{target}` and remove `{key}`"
                    )));
                }
                let mut edits = Vec::new();
                for item in &new_items {
                    edits.push(self.editor.append_item(list, item)?);
                }
                edits.extend(self.editor.delete_entry(entry)?);
                // Heat's ADD rule then translates the list's items as if
                // they were lists and fails: the template is refused, and
                // the migrated one is not.
                Fix::new(
                    format!(
                        "Add {shape} to `{target}` and remove `{key}` (unsafe: Heat refuses the template \
                         while both are set, \"cannot resolve Add rule for non-list translation value\")"
                    ),
                    merge_touching(edits),
                    Applicability::Unsafe,
                )
            }
            None => {
                let edits = if let [NewValue::Source(node)] = new_items.as_slice() {
                    let mut edits = vec![self.editor.rename_key(entry, target)?];
                    edits.extend(self.editor.wrap_in_list(*node)?);
                    edits
                } else {
                    self.editor
                        .replace_entry(entry, target, &NewValue::List(new_items))?
                };
                Fix::new(
                    format!("Replace `{key}` with `{target}: {shape}`{caveat}"),
                    edits,
                    applicability,
                )
            }
        }
    }

    /// A DELETE rule alone: Heat drops the property.
    fn delete_fix(&self, entry: Entry, key: &str, conditional: bool) -> Option<Fix> {
        let applicability = match (conditional, self.template.truthiness(entry.value)) {
            (false, _) | (true, Some(true)) => Applicability::Safe,
            (true, Some(false)) => {
                return Some(Fix::display_only(format!(
                    "Remove `{key}`: Heat no longer uses it"
                )))
            }
            (true, None) => Applicability::Unsafe,
        };
        let edits = self.editor.delete_entry(entry)?;
        let title = match applicability {
            Applicability::Unsafe => format!("Remove `{key}` ({EMPTY_VALUE_CAVEAT})"),
            _ => format!("Remove `{key}`, which Heat's translation drops"),
        };
        Fix::new(title, edits, applicability)
    }

    /// REPLACE rules with a custom value path (Mistral's task `policies`):
    /// each named entry of the nested mapping moves up one level, then the
    /// DELETE rule drops the emptied mapping.
    fn hoist_fix(&self, entry: Entry, key: &str, rules: &[TranslationRule<'a>]) -> Option<Fix> {
        let tree = self.tree;
        let inner = entry.value;
        let task = tree.parent(entry.key)?;
        if self.template.is_call(inner) {
            // Heat's rule reads the entries from the template's data, where
            // a function is not yet resolved: it finds none, and its DELETE
            // rule then drops the whole value.
            return Some(Fix::display_only(format!(
                "Write the entries of `{key}` into the task itself: Heat ignores a `{key}` that a function gives"
            )));
        }
        if !tree.is_mapping(inner) {
            return None;
        }
        let moved: Vec<&str> = tree
            .entries(inner)
            .filter_map(|e| tree.scalar(e.key))
            .collect();
        let known: Vec<&str> = rules
            .iter()
            .filter_map(|r| r.custom_value_path().and_then(|mut p| p.next()))
            .collect();
        let unknown: Vec<String> = moved
            .iter()
            .filter(|name| !known.contains(name))
            .map(|s| (*s).to_owned())
            .collect();
        if !unknown.is_empty() {
            return Some(Fix::display_only(format!(
                "Move the entries of `{key}` into the task itself: Heat ignores {}",
                quoted_list(&unknown)
            )));
        }
        let clashing: Vec<String> = moved
            .iter()
            .filter(|name| tree.get_entry(task, name).is_some())
            .map(|s| (*s).to_owned())
            .collect();
        if !clashing.is_empty() {
            return Some(Fix::display_only(format!(
                "Keep either the task's {} or the one in `{key}`: Heat refuses the template while both are set",
                quoted_list(&clashing)
            )));
        }
        if !self.duplicates(inner).is_empty() {
            return None;
        }
        let edits = self.editor.hoist_entries(entry)?;
        let title = if moved.is_empty() {
            format!("Remove the empty `{key}`")
        } else {
            let names: Vec<String> = moved.iter().map(|s| (*s).to_owned()).collect();
            format!("Move {} out of `{key}` into the task", quoted_list(&names))
        };
        Fix::new(title, edits, Applicability::Safe)
    }
}

/// Advice quoting Heat's own message about an object, when it has one.
fn advice(status: Status<'_>) -> Option<Fix> {
    let message = status.message()?.trim();
    if message.is_empty() {
        return None;
    }
    Some(Fix::display_only(format!("Heat says: \"{message}\"")))
}

/// A REPLACE rule's (new key, old key) when both are keys of one mapping.
fn replace_pair<'a>(rule: &TranslationRule<'a>) -> Option<(&'a str, &'a str)> {
    let path: Vec<&str> = rule.path().collect();
    let (new_key, parent) = path.split_last()?;
    if let Some(old) = rule.value_name() {
        return Some((new_key, old));
    }
    let value_path: Vec<&str> = rule.value_path()?.collect();
    let (old, old_parent) = value_path.split_last()?;
    (old_parent == parent).then_some((*new_key, *old))
}

/// Whether a rule's value uses property `name` (`{"$prop": name}`).
fn names_property(value: &Value, name: &str) -> bool {
    match value {
        Value::Object(map) if map.len() == 1 && map.get("$prop").is_some() => {
            map.get("$prop").and_then(Value::as_str) == Some(name)
        }
        Value::Object(map) => map.values().any(|v| names_property(v, name)),
        Value::Array(items) => items.iter().any(|v| names_property(v, name)),
        _ => false,
    }
}

/// A rule's value as text to write, `{"$prop": name}` being `node`.
fn to_new_value(value: &Value, name: &str, node: NodeId) -> Option<NewValue> {
    Some(match value {
        Value::Object(map) if map.len() == 1 && map.contains_key("$prop") => {
            if map.get("$prop").and_then(Value::as_str) != Some(name) {
                return None;
            }
            NewValue::Source(node)
        }
        Value::Object(map) => NewValue::Map(
            map.iter()
                .map(|(k, v)| Some((k.clone(), to_new_value(v, name, node)?)))
                .collect::<Option<_>>()?,
        ),
        Value::Array(items) => NewValue::List(
            items
                .iter()
                .map(|v| to_new_value(v, name, node))
                .collect::<Option<_>>()?,
        ),
        Value::String(s) => NewValue::Str(s.clone()),
        Value::Number(n) => NewValue::Int(n.as_i64()?),
        _ => return None,
    })
}

/// A rule's value for a title: `[{class: <sequence>, min: 1}]`.
fn describe_value(value: &Value, name: &str) -> String {
    match value {
        Value::Object(map) if map.contains_key("$prop") => format!("<{name}>"),
        Value::Object(map) => {
            let inner: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{k}: {}", describe_value(v, name)))
                .collect();
            format!("{{{}}}", inner.join(", "))
        }
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(|v| describe_value(v, name)).collect();
            format!("[{}]", inner.join(", "))
        }
        other => other.to_string(),
    }
}

fn quoted_list(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// Joins an insertion with an edit that starts where it is inserted: a
/// [`Fix`] holds no two edits at one offset.
fn merge_touching(mut edits: Vec<Edit>) -> Vec<Edit> {
    edits.sort_by_key(|e| (e.range.start, !e.range.is_empty(), e.range.end));
    let mut merged: Vec<Edit> = Vec::with_capacity(edits.len());
    for edit in edits {
        match merged.last_mut() {
            Some(last) if last.range.is_empty() && last.range.start == edit.range.start => {
                last.content.push_str(&edit.content);
                last.range = edit.range;
            }
            _ => merged.push(edit),
        }
    }
    merged
}
