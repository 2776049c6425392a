//! The flat, index-based form of a catalog: one string table and vectors of
//! small records that refer to each other by `u32` index. This is what
//! `heat.bin` holds (postcard-encoded), so the built-in catalog is ready
//! after one decode without any JSON parsing.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::document::{
    AliasDoc, AttributeDoc, Document, PropertyDoc, RuleDoc, RuleEntity, StatusDoc, SubstituteDoc,
    TypeDoc,
};
use super::error::CatalogError;
use super::{limits, AliasKind, PropertyType, RuleKind, StatusKind};
use crate::hash::{HashMap, HashMapExt};
use crate::release::Release;

/// Bumped whenever the record layout changes, so that an old `heat.bin`
/// is refused rather than misread.
pub(crate) const STORE_VERSION: u32 = 2;

/// An index into [`Store::text_ends`].
pub(crate) type Str = u32;

/// A run of consecutive records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Span {
    pub start: u32,
    pub len: u32,
}

impl Span {
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Store {
    pub store_version: u32,
    pub heat_version: Option<Str>,
    pub generator: Option<Str>,
    pub history: Vec<Str>,
    pub releases: Vec<(Str, Str)>,
    pub aliases: Vec<AliasRecord>,
    /// All strings, concatenated; string `i` ends at `text_ends[i]`.
    pub text: String,
    pub text_ends: Vec<u32>,
    /// Sorted by name.
    pub types: Vec<TypeRecord>,
    /// Each type's and each property's children are consecutive and sorted by name.
    pub properties: Vec<PropertyRecord>,
    pub attributes: Vec<AttributeRecord>,
    /// Shared between objects with equal chains.
    pub statuses: Vec<StatusRecord>,
    pub rules: Vec<RuleRecord>,
    pub ranges: Vec<RangeRecord>,
    pub constraints: Vec<Str>,
    /// Lists of strings (paths, mentions, substitute types), by span.
    pub names: Vec<Str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct AliasRecord {
    pub name: Str,
    pub target: Str,
    pub kind: AliasKind,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TypeRecord {
    pub name: Str,
    pub status: u32,
    pub description: Option<Str>,
    pub placeholder: bool,
    pub placeholder_since: Option<Str>,
    pub available: Option<Span>,
    pub properties: Span,
    pub attributes: Span,
    pub dynamic_attributes: bool,
    pub rules: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PropertyRecord {
    pub name: Str,
    pub owner: u32,
    pub parent: Option<u32>,
    pub value_type: PropertyType,
    pub required: bool,
    pub update_allowed: bool,
    pub immutable: bool,
    /// JSON text.
    pub default: Option<Str>,
    pub description: Option<Str>,
    pub constraints: Span,
    pub status: u32,
    pub available: Option<Span>,
    /// The releases from which `update_allowed` took each value, as ranges
    /// of one release each; the values alternate and end with
    /// `update_allowed`. `None` where every release agrees.
    pub update_allowed_changes: Option<Span>,
    pub children: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct AttributeRecord {
    pub name: Str,
    pub owner: u32,
    pub value_type: Option<Str>,
    pub description: Option<Str>,
    pub status: u32,
    pub available: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct StatusRecord {
    pub kind: StatusKind,
    pub version: Option<Str>,
    /// The version parsed; `None` when absent or not a Heat version.
    pub release: Option<Release>,
    pub message: Option<Str>,
    pub substitute_class: Option<Str>,
    pub substitute_types: Span,
    pub mentions: Span,
    pub previous: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RuleRecord {
    pub kind: RuleKind,
    pub path: Span,
    /// JSON text.
    pub value: Option<Str>,
    pub value_name: Option<Str>,
    pub value_path: Option<Span>,
    pub custom_value_path: Option<Span>,
    pub client_plugin: Option<Str>,
    pub finder: Option<Str>,
    pub entity: Option<Str>,
    /// The entity is `{"$prop": entity}`.
    pub entity_from_property: bool,
    pub conditional: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RangeRecord {
    pub first: Release,
    pub last: Release,
    pub first_text: Str,
    pub last_text: Str,
}

impl Store {
    pub fn str(&self, id: Str) -> &str {
        let end = self.text_ends[id as usize] as usize;
        let start = match id {
            0 => 0,
            _ => self.text_ends[id as usize - 1] as usize,
        };
        &self.text[start..end]
    }

    pub fn names(&self, span: Span) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.names[span.range()].iter().map(|&id| self.str(id))
    }

    /// Checks every index so that later lookups cannot go out of bounds,
    /// whatever bytes were decoded.
    pub fn check(&self) -> Result<(), String> {
        if self.store_version != STORE_VERSION {
            return Err(format!(
                "layout version {} where {STORE_VERSION} is expected; regenerate it",
                self.store_version
            ));
        }
        let mut previous_end = 0;
        for &end in &self.text_ends {
            if end < previous_end
                || end as usize > self.text.len()
                || !self.text.is_char_boundary(end as usize)
            {
                return Err("the string table is inconsistent".into());
            }
            previous_end = end;
        }
        let strings = self.text_ends.len();
        let str_ok = |id: Str| (id as usize) < strings;
        let opt_ok = |id: Option<Str>| id.is_none_or(str_ok);
        let span_ok = |span: Span, len: usize| {
            (span.start as usize)
                .checked_add(span.len as usize)
                .is_some_and(|end| end <= len)
        };
        let opt_span_ok = |span: Option<Span>, len: usize| span.is_none_or(|s| span_ok(s, len));
        let bad = |what: &str, index: usize| Err(format!("{what} {index} refers outside the data"));
        if !opt_ok(self.heat_version)
            || !opt_ok(self.generator)
            || !self.history.iter().all(|&id| str_ok(id))
            || !self.releases.iter().all(|&(a, b)| str_ok(a) && str_ok(b))
            || !self.names.iter().all(|&id| str_ok(id))
            || !self.constraints.iter().all(|&id| str_ok(id))
        {
            return Err("a header string refers outside the string table".into());
        }
        for (index, alias) in self.aliases.iter().enumerate() {
            if !str_ok(alias.name) || !str_ok(alias.target) {
                return bad("alias", index);
            }
        }
        let names = self.names.len();
        for (index, status) in self.statuses.iter().enumerate() {
            if !opt_ok(status.version)
                || !opt_ok(status.message)
                || !opt_ok(status.substitute_class)
                || !span_ok(status.substitute_types, names)
                || !span_ok(status.mentions, names)
                // Chains point to earlier records only, so they cannot loop.
                || status.previous.is_some_and(|previous| previous as usize >= index)
            {
                return bad("status", index);
            }
        }
        let statuses = self.statuses.len();
        let ranges = self.ranges.len();
        for (index, range) in self.ranges.iter().enumerate() {
            if !str_ok(range.first_text) || !str_ok(range.last_text) {
                return bad("release range", index);
            }
        }
        for (index, record) in self.types.iter().enumerate() {
            if !str_ok(record.name)
                || (record.status as usize) >= statuses
                || !opt_ok(record.description)
                || !opt_ok(record.placeholder_since)
                || !opt_span_ok(record.available, ranges)
                || !span_ok(record.properties, self.properties.len())
                || !span_ok(record.attributes, self.attributes.len())
                || !span_ok(record.rules, self.rules.len())
            {
                return bad("type", index);
            }
        }
        for (index, record) in self.properties.iter().enumerate() {
            if !str_ok(record.name)
                || (record.owner as usize) >= self.types.len()
                || record.parent.is_some_and(|parent| parent as usize >= self.properties.len())
                || !opt_ok(record.default)
                || !opt_ok(record.description)
                || !span_ok(record.constraints, self.constraints.len())
                || (record.status as usize) >= statuses
                || !opt_span_ok(record.available, ranges)
                || !opt_span_ok(record.update_allowed_changes, ranges)
                // Children come after their parent, so walks always end.
                || record.children.is_some_and(|children| {
                    !span_ok(children, self.properties.len())
                        || (children.len > 0 && children.start as usize <= index)
                })
            {
                return bad("property", index);
            }
        }
        for (index, record) in self.attributes.iter().enumerate() {
            if !str_ok(record.name)
                || (record.owner as usize) >= self.types.len()
                || !opt_ok(record.value_type)
                || !opt_ok(record.description)
                || (record.status as usize) >= statuses
                || !opt_span_ok(record.available, ranges)
            {
                return bad("attribute", index);
            }
        }
        for (index, rule) in self.rules.iter().enumerate() {
            if !span_ok(rule.path, names)
                || !opt_ok(rule.value)
                || !opt_ok(rule.value_name)
                || !opt_span_ok(rule.value_path, names)
                || !opt_span_ok(rule.custom_value_path, names)
                || !opt_ok(rule.client_plugin)
                || !opt_ok(rule.finder)
                || !opt_ok(rule.entity)
            {
                return bad("translation rule", index);
            }
        }
        Ok(())
    }
}

/// Turns a [`Document`] into a [`Store`], interning strings and statuses.
pub(crate) struct Flattener {
    store: Store,
    strings: HashMap<String, Str>,
    statuses: HashMap<StatusRecord, u32>,
    /// Equal `available` lists share one span: most objects have the same.
    range_lists: HashMap<Vec<(Str, Str)>, Span>,
}

fn too_many(what: &str) -> CatalogError {
    CatalogError::Invalid {
        path: "(top level)".into(),
        message: format!("too many {what} for one catalog"),
    }
}

fn index(len: usize, what: &str) -> Result<u32, CatalogError> {
    u32::try_from(len).map_err(|_| too_many(what))
}

impl Flattener {
    pub fn flatten(document: &Document) -> Result<Store, CatalogError> {
        let mut flattener = Flattener {
            store: Store {
                store_version: STORE_VERSION,
                ..Store::default()
            },
            strings: HashMap::new(),
            statuses: HashMap::new(),
            range_lists: HashMap::new(),
        };
        flattener.run(document)?;
        Ok(flattener.store)
    }

    fn run(&mut self, document: &Document) -> Result<(), CatalogError> {
        self.store.heat_version = self.opt_str(document.heat_version.as_deref())?;
        self.store.generator = self.opt_str(document.generator.as_deref())?;
        for (position, version) in document.history.iter().enumerate() {
            Release::parse_version(version).map_err(|error| CatalogError::Invalid {
                path: format!("source.history[{position}]"),
                message: error.to_string(),
            })?;
            let id = self.str(version)?;
            self.store.history.push(id);
        }
        for (version, name) in &document.releases {
            let pair = (self.str(version)?, self.str(name)?);
            self.store.releases.push(pair);
        }
        for AliasDoc { name, target, kind } in &document.aliases {
            let record = AliasRecord {
                name: self.str(name)?,
                target: self.str(target)?,
                kind: *kind,
            };
            self.store.aliases.push(record);
        }
        let mut object_count = 0usize;
        self.store.types = vec![TypeRecord::default(); document.types.len()];
        for (type_index, (name, type_doc)) in document.types.iter().enumerate() {
            let record = self.add_type(type_index as u32, name, type_doc)?;
            self.store.types[type_index] = record;
            object_count = self.store.properties.len() + self.store.attributes.len();
            if object_count > limits::MAX_OBJECTS {
                break;
            }
        }
        if object_count > limits::MAX_OBJECTS {
            return Err(CatalogError::Invalid {
                path: "resource_types".into(),
                message: format!(
                    "more than the {} properties and attributes allowed",
                    limits::MAX_OBJECTS
                ),
            });
        }
        Ok(())
    }

    fn add_type(
        &mut self,
        owner: u32,
        name: &str,
        doc: &TypeDoc,
    ) -> Result<TypeRecord, CatalogError> {
        let path = format!("resource_types[{name:?}]");
        Ok(TypeRecord {
            name: self.str(name)?,
            status: self.status(&doc.status)?,
            description: self.opt_str(doc.description.as_deref())?,
            placeholder: doc.placeholder,
            placeholder_since: self.opt_str(doc.placeholder_since.as_deref())?,
            available: self.ranges(doc.available.as_deref(), &path)?,
            properties: self.properties(owner, None, &doc.properties, &path)?,
            attributes: self.attributes(owner, &doc.attributes, &path)?,
            dynamic_attributes: doc.dynamic_attributes,
            rules: self.rules(&doc.translation_rules)?,
        })
    }

    fn properties(
        &mut self,
        owner: u32,
        parent: Option<u32>,
        properties: &BTreeMap<String, PropertyDoc>,
        path: &str,
    ) -> Result<Span, CatalogError> {
        let start = index(self.store.properties.len(), "properties")?;
        let span = Span {
            start,
            len: index(properties.len(), "properties")?,
        };
        // Reserve the siblings' slots first so that they stay consecutive.
        let placeholder = PropertyRecord {
            name: 0,
            owner,
            parent,
            value_type: PropertyType::String,
            required: false,
            update_allowed: false,
            immutable: false,
            default: None,
            description: None,
            constraints: Span::default(),
            status: 0,
            available: None,
            update_allowed_changes: None,
            children: None,
        };
        self.store
            .properties
            .extend(std::iter::repeat_n(placeholder, properties.len()));
        for (offset, (name, doc)) in properties.iter().enumerate() {
            let own_index = start + offset as u32;
            let path = format!("{path}.{name}");
            let constraints_start = index(self.store.constraints.len(), "constraints")?;
            for constraint in &doc.constraints {
                let id = self.str(&constraint.to_string())?;
                self.store.constraints.push(id);
            }
            let record = PropertyRecord {
                name: self.str(name)?,
                owner,
                parent,
                value_type: doc.value_type,
                required: doc.required,
                update_allowed: doc.update_allowed,
                immutable: doc.immutable,
                default: match &doc.default {
                    Some(value) => Some(self.str(&value.to_string())?),
                    None => None,
                },
                description: self.opt_str(doc.description.as_deref())?,
                constraints: Span {
                    start: constraints_start,
                    len: doc.constraints.len() as u32,
                },
                status: self.status(&doc.status)?,
                available: self.ranges(doc.available.as_deref(), &path)?,
                update_allowed_changes: match &doc.update_allowed_changes {
                    Some(changes) => {
                        let points: Vec<(String, String)> = changes
                            .iter()
                            .map(|(since, _)| (since.clone(), since.clone()))
                            .collect();
                        self.ranges(Some(&points), &format!("{path}.update_allowed_changes"))?
                    }
                    None => None,
                },
                children: match &doc.schema {
                    Some(children) => {
                        Some(self.properties(owner, Some(own_index), children, &path)?)
                    }
                    None => None,
                },
            };
            self.store.properties[own_index as usize] = record;
        }
        Ok(span)
    }

    fn attributes(
        &mut self,
        owner: u32,
        attributes: &BTreeMap<String, AttributeDoc>,
        path: &str,
    ) -> Result<Span, CatalogError> {
        let start = index(self.store.attributes.len(), "attributes")?;
        for (name, doc) in attributes {
            let record = AttributeRecord {
                name: self.str(name)?,
                owner,
                value_type: self.opt_str(doc.value_type.as_deref())?,
                description: self.opt_str(doc.description.as_deref())?,
                status: self.status(&doc.status)?,
                available: self.ranges(
                    doc.available.as_deref(),
                    &format!("{path}.attributes.{name}"),
                )?,
            };
            self.store.attributes.push(record);
        }
        Ok(Span {
            start,
            len: attributes.len() as u32,
        })
    }

    fn rules(&mut self, rules: &[RuleDoc]) -> Result<Span, CatalogError> {
        let start = index(self.store.rules.len(), "translation rules")?;
        for rule in rules {
            let record = RuleRecord {
                kind: rule.kind,
                path: self.name_list(&rule.path)?,
                value: match &rule.value {
                    Some(value) => Some(self.str(&value.to_string())?),
                    None => None,
                },
                value_name: self.opt_str(rule.value_name.as_deref())?,
                value_path: self.opt_name_list(rule.value_path.as_deref())?,
                custom_value_path: self.opt_name_list(rule.custom_value_path.as_deref())?,
                client_plugin: self.opt_str(rule.client_plugin.as_deref())?,
                finder: self.opt_str(rule.finder.as_deref())?,
                entity: match &rule.entity {
                    Some(RuleEntity::Named(name) | RuleEntity::Property(name)) => {
                        Some(self.str(name)?)
                    }
                    None => None,
                },
                entity_from_property: matches!(rule.entity, Some(RuleEntity::Property(_))),
                conditional: rule.conditional,
            };
            self.store.rules.push(record);
        }
        Ok(Span {
            start,
            len: rules.len() as u32,
        })
    }

    fn ranges(
        &mut self,
        ranges: Option<&[(String, String)]>,
        path: &str,
    ) -> Result<Option<Span>, CatalogError> {
        let Some(ranges) = ranges else {
            return Ok(None);
        };
        let mut records = Vec::with_capacity(ranges.len());
        for (position, (first, last)) in ranges.iter().enumerate() {
            let parse = |text: &str| {
                Release::parse_version(text).map_err(|error| CatalogError::Invalid {
                    path: format!("{path}.available[{position}]"),
                    message: error.to_string(),
                })
            };
            let (first_release, last_release) = (parse(first)?, parse(last)?);
            if last_release < first_release {
                return Err(CatalogError::Invalid {
                    path: format!("{path}.available[{position}]"),
                    message: format!("the range ends ({last}) before it starts ({first})"),
                });
            }
            records.push(RangeRecord {
                first: first_release,
                last: last_release,
                first_text: self.str(first)?,
                last_text: self.str(last)?,
            });
        }
        let key: Vec<(Str, Str)> = records
            .iter()
            .map(|record| (record.first_text, record.last_text))
            .collect();
        if let Some(&span) = self.range_lists.get(&key) {
            return Ok(Some(span));
        }
        let span = Span {
            start: index(self.store.ranges.len(), "release ranges")?,
            len: index(records.len(), "release ranges")?,
        };
        self.store.ranges.extend(records);
        self.range_lists.insert(key, span);
        Ok(Some(span))
    }

    fn status(&mut self, status: &StatusDoc) -> Result<u32, CatalogError> {
        let previous = match &status.previous {
            Some(previous) => Some(self.status(previous)?),
            None => None,
        };
        let (substitute_class, substitute_types) = match &status.substitute_class {
            Some(SubstituteDoc { class, types }) => {
                (Some(self.str(class)?), self.name_list(types)?)
            }
            None => (None, Span::default()),
        };
        let record = StatusRecord {
            kind: status.kind,
            version: self.opt_str(status.version.as_deref())?,
            release: status
                .version
                .as_deref()
                .and_then(|version| Release::parse_version(version).ok()),
            message: self.opt_str(status.message.as_deref())?,
            substitute_class,
            substitute_types,
            mentions: self.name_list(&status.mentions)?,
            previous,
        };
        if let Some(&id) = self.statuses.get(&record) {
            return Ok(id);
        }
        let id = index(self.store.statuses.len(), "statuses")?;
        self.store.statuses.push(record);
        self.statuses.insert(record, id);
        Ok(id)
    }

    fn name_list(&mut self, names: &[String]) -> Result<Span, CatalogError> {
        let ids = names
            .iter()
            .map(|name| self.str(name))
            .collect::<Result<Vec<_>, _>>()?;
        if ids.is_empty() {
            return Ok(Span::default());
        }
        let start = index(self.store.names.len(), "names")?;
        self.store.names.extend(ids);
        Ok(Span {
            start,
            len: names.len() as u32,
        })
    }

    fn opt_name_list(&mut self, names: Option<&[String]>) -> Result<Option<Span>, CatalogError> {
        names.map(|names| self.name_list(names)).transpose()
    }

    fn str(&mut self, text: &str) -> Result<Str, CatalogError> {
        if let Some(&id) = self.strings.get(text) {
            return Ok(id);
        }
        let id = index(self.store.text_ends.len(), "strings")?;
        self.store.text.push_str(text);
        let end = index(self.store.text.len(), "text")?;
        self.store.text_ends.push(end);
        self.strings.insert(text.to_owned(), id);
        Ok(id)
    }

    fn opt_str(&mut self, text: Option<&str>) -> Result<Option<Str>, CatalogError> {
        text.map(|text| self.str(text)).transpose()
    }
}

/// Rebuilds the owned tree from the flat form.
pub(crate) fn unflatten(store: &Store) -> Document {
    let s = |id: Str| store.str(id).to_owned();
    let opt = |id: Option<Str>| id.map(s);
    let names = |span: Span| store.names(span).map(str::to_owned).collect::<Vec<_>>();
    let ranges = |span: Option<Span>| {
        span.map(|span| {
            store.ranges[span.range()]
                .iter()
                .map(|range| (s(range.first_text), s(range.last_text)))
                .collect()
        })
    };
    let json = |id: Option<Str>| id.and_then(|id| serde_json::from_str(store.str(id)).ok());
    fn status(store: &Store, id: u32) -> StatusDoc {
        let record = &store.statuses[id as usize];
        let s = |id: Str| store.str(id).to_owned();
        StatusDoc {
            kind: record.kind,
            version: record.version.map(s),
            message: record.message.map(s),
            substitute_class: record.substitute_class.map(|class| SubstituteDoc {
                class: s(class),
                types: store
                    .names(record.substitute_types)
                    .map(str::to_owned)
                    .collect(),
            }),
            mentions: store.names(record.mentions).map(str::to_owned).collect(),
            previous: record
                .previous
                .map(|previous| Box::new(status(store, previous))),
        }
    }
    fn properties(store: &Store, span: Span) -> BTreeMap<String, PropertyDoc> {
        store.properties[span.range()]
            .iter()
            .map(|record| {
                let s = |id: Str| store.str(id).to_owned();
                let doc = PropertyDoc {
                    value_type: record.value_type,
                    required: record.required,
                    update_allowed: record.update_allowed,
                    immutable: record.immutable,
                    default: record
                        .default
                        .and_then(|id| serde_json::from_str(store.str(id)).ok()),
                    description: record.description.map(s),
                    constraints: store.constraints[record.constraints.range()]
                        .iter()
                        .filter_map(|&id| serde_json::from_str(store.str(id)).ok())
                        .collect(),
                    status: status(store, record.status),
                    available: record.available.map(|span| {
                        store.ranges[span.range()]
                            .iter()
                            .map(|range| (s(range.first_text), s(range.last_text)))
                            .collect()
                    }),
                    update_allowed_changes: record.update_allowed_changes.map(|span| {
                        let points = &store.ranges[span.range()];
                        points
                            .iter()
                            .enumerate()
                            .map(|(index, point)| {
                                let later = points.len() - 1 - index;
                                (
                                    s(point.first_text),
                                    record.update_allowed ^ (later % 2 == 1),
                                )
                            })
                            .collect()
                    }),
                    schema: record.children.map(|children| properties(store, children)),
                };
                (s(record.name), doc)
            })
            .collect()
    }
    Document {
        heat_version: opt(store.heat_version),
        generator: opt(store.generator),
        history: store.history.iter().map(|&id| s(id)).collect(),
        releases: store.releases.iter().map(|&(v, n)| (s(v), s(n))).collect(),
        aliases: store
            .aliases
            .iter()
            .map(|alias| AliasDoc {
                name: s(alias.name),
                target: s(alias.target),
                kind: alias.kind,
            })
            .collect(),
        types: store
            .types
            .iter()
            .map(|record| {
                let doc = TypeDoc {
                    status: status(store, record.status),
                    description: opt(record.description),
                    placeholder: record.placeholder,
                    placeholder_since: opt(record.placeholder_since),
                    available: ranges(record.available),
                    properties: properties(store, record.properties),
                    attributes: store.attributes[record.attributes.range()]
                        .iter()
                        .map(|attribute| {
                            (
                                s(attribute.name),
                                AttributeDoc {
                                    value_type: opt(attribute.value_type),
                                    description: opt(attribute.description),
                                    status: status(store, attribute.status),
                                    available: ranges(attribute.available),
                                },
                            )
                        })
                        .collect(),
                    dynamic_attributes: record.dynamic_attributes,
                    translation_rules: store.rules[record.rules.range()]
                        .iter()
                        .map(|rule| RuleDoc {
                            kind: rule.kind,
                            path: names(rule.path),
                            value: json(rule.value),
                            value_name: opt(rule.value_name),
                            value_path: rule.value_path.map(names),
                            custom_value_path: rule.custom_value_path.map(names),
                            client_plugin: opt(rule.client_plugin),
                            finder: opt(rule.finder),
                            entity: rule.entity.map(|id| {
                                if rule.entity_from_property {
                                    RuleEntity::Property(s(id))
                                } else {
                                    RuleEntity::Named(s(id))
                                }
                            }),
                            conditional: rule.conditional,
                        })
                        .collect(),
                };
                (s(record.name), doc)
            })
            .collect(),
    }
}
