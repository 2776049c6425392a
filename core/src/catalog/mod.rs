//! What Heat registers: resource types, their properties (nested through
//! lists and maps) and attributes, aliases, translation rules, and the
//! support-status life cycle of each, release by release.
//!
//! A [`Catalog`] is flat and index-based (see `store.rs`): the built-in one
//! ([`Catalog::builtin`]) is decoded once from the embedded `heat.bin`
//! without parsing JSON. Other catalogs are built from the JSON format of
//! docs/catalog-format.md ([`Catalog::from_json`]) or from the output of
//! `openstack orchestration resource type show -f json`
//! ([`Catalog::from_resource_type_show`]), and can be laid over the
//! built-in one ([`Catalog::layered`]).
//!
//! Objects are returned as small `Copy` handles ([`ResourceType`],
//! [`Property`], [`Attribute`], [`Status`], [`TranslationRule`]) that borrow
//! the catalog.

pub mod document;
mod error;
mod lifecycle;
mod store;
pub mod validate;

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use document::Document;
pub use error::CatalogError;
pub use lifecycle::StatusAt;
pub use validate::{validate, Finding, Severity};

use crate::release::Release;
use store::{Span, Store, Str};

/// Upper bounds on what a catalog may hold; inputs beyond them are refused
/// with a [`CatalogError`], never truncated.
pub mod limits {
    /// Bytes of catalog JSON.
    pub const MAX_CATALOG_BYTES: usize = 64 * 1024 * 1024;
    /// Resource types in one catalog.
    pub const MAX_TYPES: usize = 20_000;
    /// Properties and attributes, all types and nesting levels together.
    pub const MAX_OBJECTS: usize = 2_000_000;
    /// Bytes of one string (descriptions, messages, versions, …).
    pub const MAX_STRING_BYTES: usize = 64 * 1024;
    /// Bytes of one name (type, property, attribute, alias).
    pub const MAX_NAME_BYTES: usize = 256;
    /// Items of one list (aliases, constraints, mentions, paths, ranges, …).
    pub const MAX_LIST_LEN: usize = 100_000;
    /// Statuses in one `previous` chain.
    pub const MAX_CHAIN_LEN: usize = 32;
    /// Nesting of JSON objects the reader follows (property schemas, chains).
    pub const MAX_JSON_DEPTH: usize = 96;
    /// Segments of a property path given to [`super::ResourceType::property`].
    pub const MAX_PATH_SEGMENTS: usize = 32;
}

/// The support status of a type, property or attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StatusKind {
    Supported,
    Deprecated,
    Hidden,
    Unsupported,
}

impl StatusKind {
    pub const ALL: [StatusKind; 4] = [
        StatusKind::Supported,
        StatusKind::Deprecated,
        StatusKind::Hidden,
        StatusKind::Unsupported,
    ];

    /// `SUPPORTED`, `DEPRECATED`, `HIDDEN`, `UNSUPPORTED`.
    pub const fn as_str(self) -> &'static str {
        match self {
            StatusKind::Supported => "SUPPORTED",
            StatusKind::Deprecated => "DEPRECATED",
            StatusKind::Hidden => "HIDDEN",
            StatusKind::Unsupported => "UNSUPPORTED",
        }
    }

    /// Accepts any case.
    pub fn parse(text: &str) -> Option<StatusKind> {
        StatusKind::ALL
            .into_iter()
            .find(|kind| kind.as_str().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for StatusKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How an alias maps a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AliasKind {
    /// One type name onto another.
    Type,
    /// A `*` pattern onto another (`OS::Quantum::*` → `OS::Neutron::*`).
    Glob,
    /// A type name onto a template file.
    Template,
}

impl AliasKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            AliasKind::Type => "type",
            AliasKind::Glob => "glob",
            AliasKind::Template => "template",
        }
    }

    pub fn parse(text: &str) -> Option<AliasKind> {
        [AliasKind::Type, AliasKind::Glob, AliasKind::Template]
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }
}

/// A property's value type, as Heat's schema names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PropertyType {
    String,
    Integer,
    Number,
    Boolean,
    List,
    Map,
    Json,
    /// Any value (Heat's `Any`, e.g. the default of a software config input).
    Any,
}

impl PropertyType {
    pub const fn as_str(self) -> &'static str {
        match self {
            PropertyType::String => "String",
            PropertyType::Integer => "Integer",
            PropertyType::Number => "Number",
            PropertyType::Boolean => "Boolean",
            PropertyType::List => "List",
            PropertyType::Map => "Map",
            PropertyType::Json => "Json",
            PropertyType::Any => "Any",
        }
    }

    /// Accepts any case: Heat's API writes `string`, its schema `String`.
    pub fn parse(text: &str) -> Option<PropertyType> {
        [
            PropertyType::String,
            PropertyType::Integer,
            PropertyType::Number,
            PropertyType::Boolean,
            PropertyType::List,
            PropertyType::Map,
            PropertyType::Json,
            PropertyType::Any,
        ]
        .into_iter()
        .find(|kind| kind.as_str().eq_ignore_ascii_case(text))
    }
}

/// The kind of a Heat translation rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleKind {
    Add,
    Replace,
    Delete,
    Resolve,
}

impl RuleKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleKind::Add => "Add",
            RuleKind::Replace => "Replace",
            RuleKind::Delete => "Delete",
            RuleKind::Resolve => "Resolve",
        }
    }

    pub fn parse(text: &str) -> Option<RuleKind> {
        [
            RuleKind::Add,
            RuleKind::Replace,
            RuleKind::Delete,
            RuleKind::Resolve,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == text)
    }
}

/// The compiled built-in catalog: Heat 27.0.1 with the release history
/// 5.0.0 … 27.0.1. Regenerated from `core/catalog/heat.json` by
/// `cargo run -p heatwise-core --example build_catalog`.
pub static BUILTIN_BYTES: &[u8] = include_bytes!("../../catalog/heat.bin");

/// A catalog ready for queries. See the module documentation.
#[derive(Clone, Debug)]
pub struct Catalog {
    store: Store,
    type_index: HashMap<Box<str>, u32>,
    history: Vec<Release>,
    heat_release: Option<Release>,
}

impl Catalog {
    /// The built-in catalog, decoded on first use.
    pub fn builtin() -> &'static Catalog {
        static BUILTIN: OnceLock<Catalog> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            Catalog::from_postcard(BUILTIN_BYTES)
                .unwrap_or_else(|error| panic!("the embedded heat.bin is broken: {error}"))
        })
    }

    /// Reads a catalog in the heatwise JSON format (docs/catalog-format.md).
    pub fn from_json(text: &str) -> Result<Catalog, CatalogError> {
        Catalog::from_document(&Document::from_json(text)?)
    }

    /// Reads the JSON printed by `openstack orchestration resource type show
    /// -f json TYPE`: one type, no property statuses, no history.
    pub fn from_resource_type_show(text: &str) -> Result<Catalog, CatalogError> {
        Catalog::from_document(&Document::from_resource_type_show(text)?)
    }

    /// Reads either JSON shape, telling them apart by their keys.
    pub fn from_any_json(text: &str) -> Result<Catalog, CatalogError> {
        let value = document::parse_json(text)?;
        let document = if value.get("resource_type").is_some() && value.get("format").is_none() {
            Document::from_resource_type_show_value(&value)?
        } else {
            Document::from_value(&value)?
        };
        Catalog::from_document(&document)
    }

    pub fn from_document(document: &Document) -> Result<Catalog, CatalogError> {
        Catalog::from_store(store::Flattener::flatten(document)?)
    }

    /// Decodes a compiled catalog (the bytes [`Catalog::to_postcard`] writes).
    pub fn from_postcard(bytes: &[u8]) -> Result<Catalog, CatalogError> {
        let store: Store = postcard::from_bytes(bytes).map_err(|error| CatalogError::Binary {
            message: error.to_string(),
        })?;
        store
            .check()
            .map_err(|message| CatalogError::Binary { message })?;
        Catalog::from_store(store)
    }

    /// The compiled form, as embedded in the library.
    pub fn to_postcard(&self) -> Vec<u8> {
        postcard::to_allocvec(&self.store).expect("encoding to memory cannot fail")
    }

    /// The catalog as an owned tree (for writing JSON or layering).
    pub fn to_document(&self) -> Document {
        store::unflatten(&self.store)
    }

    /// This catalog with `top` laid over it: types of `top` replace same-named
    /// ones, keeping this catalog's release history where `top` has none.
    /// Typical use: `Catalog::builtin().layered(&operator_catalog)`.
    pub fn layered(&self, top: &Catalog) -> Result<Catalog, CatalogError> {
        Catalog::from_document(&self.to_document().layer(top.to_document()))
    }

    fn from_store(store: Store) -> Result<Catalog, CatalogError> {
        let type_index = store
            .types
            .iter()
            .enumerate()
            .map(|(index, record)| (Box::from(store.str(record.name)), index as u32))
            .collect();
        let history = store
            .history
            .iter()
            .map(|&id| {
                Release::parse_version(store.str(id)).map_err(|error| CatalogError::Invalid {
                    path: "source.history".into(),
                    message: error.to_string(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let heat_release = store
            .heat_version
            .and_then(|id| Release::parse_version(store.str(id)).ok());
        Ok(Catalog {
            store,
            type_index,
            history,
            heat_release,
        })
    }

    fn str(&self, id: Str) -> &str {
        self.store.str(id)
    }

    /// The Heat release this catalog describes, as written.
    pub fn heat_version(&self) -> Option<&str> {
        self.store.heat_version.map(|id| self.str(id))
    }

    /// [`Catalog::heat_version`], parsed.
    pub fn heat_release(&self) -> Option<Release> {
        self.heat_release
    }

    /// What wrote the catalog.
    pub fn generator(&self) -> Option<&str> {
        self.store.generator.map(|id| self.str(id))
    }

    /// The releases whose registries gave the `available` ranges, oldest
    /// first; empty for a catalog from one installation.
    pub fn history(&self) -> &[Release] {
        &self.history
    }

    /// Version → release name pairs, as Heat knows them.
    pub fn release_names(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.store
            .releases
            .iter()
            .map(|&(version, name)| (self.str(version), self.str(name)))
    }

    /// Every type, in name order (HIDDEN and removed ones included).
    pub fn types(&self) -> impl ExactSizeIterator<Item = ResourceType<'_>> + '_ {
        (0..self.store.types.len() as u32).map(|id| ResourceType { catalog: self, id })
    }

    /// The types Heat registers at `target` (the catalog's own release when
    /// `None`), in name order, each with the status in force there: `None`
    /// where the history says the type is registered but its chain does not
    /// reach back that far. A catalog that names no release lists every type
    /// with its newest status.
    pub fn types_at(
        &self,
        target: Option<Release>,
    ) -> impl Iterator<Item = (ResourceType<'_>, Option<Status<'_>>)> + '_ {
        let target = target.or(self.heat_release());
        self.types().filter_map(move |resource_type| {
            let status = match target {
                Some(target) => match resource_type.status_at(target) {
                    StatusAt::InForce(status) => Some(status),
                    StatusAt::Unrecorded { .. } => None,
                    StatusAt::NotYetAvailable { .. } | StatusAt::Removed { .. } => return None,
                },
                None => Some(resource_type.status()),
            };
            Some((resource_type, status))
        })
    }

    /// The type registered under exactly this name (no alias resolution).
    pub fn resource_type(&self, name: &str) -> Option<ResourceType<'_>> {
        self.type_index
            .get(name)
            .map(|&id| ResourceType { catalog: self, id })
    }

    /// Every alias, in the catalog's order.
    pub fn aliases(&self) -> impl ExactSizeIterator<Item = Alias<'_>> + '_ {
        self.store.aliases.iter().map(|record| Alias {
            name: self.str(record.name),
            target: self.str(record.target),
            kind: record.kind,
        })
    }

    /// Finds a type as Heat's registry would: a registered name first, then a
    /// `type` or `template` alias, then the first matching `glob` alias.
    /// A type that the history says is gone by the catalog's Heat release
    /// gives way to an alias of the same name (`OS::Ceilometer::Alarm` was a
    /// type until 6.0.0 and is an alias of `OS::Aodh::Alarm` since), and is
    /// returned only when no alias matches. `None` when nothing matches or an
    /// alias points at an unknown type.
    pub fn resolve_type(&self, name: &str) -> Option<TypeResolution<'_>> {
        let registered = self.resource_type(name);
        let current = |resource_type: &ResourceType<'_>| match self.heat_release() {
            Some(release) => resource_type.is_available_at(release),
            None => true,
        };
        if let Some(resource_type) = registered.filter(current) {
            return Some(TypeResolution::Registered(resource_type));
        }
        self.resolve_alias(name)
            .or_else(|| registered.map(TypeResolution::Registered))
    }

    fn resolve_alias(&self, name: &str) -> Option<TypeResolution<'_>> {
        for alias in self.aliases() {
            if alias.name != name {
                continue;
            }
            return match alias.kind {
                AliasKind::Template => Some(TypeResolution::Template { alias }),
                AliasKind::Type => {
                    self.resource_type(alias.target)
                        .map(|resource_type| TypeResolution::Aliased {
                            alias,
                            resource_type,
                        })
                }
                AliasKind::Glob => continue,
            };
        }
        self.aliases()
            .filter(|alias| alias.kind == AliasKind::Glob)
            .find_map(|alias| {
                let target = alias.apply_glob(name)?;
                let resource_type = self.resource_type(&target)?;
                Some(TypeResolution::Aliased {
                    alias,
                    resource_type,
                })
            })
    }
}

/// How [`Catalog::resolve_type`] found a type.
#[derive(Clone, Copy, Debug)]
pub enum TypeResolution<'a> {
    /// Registered under the name asked for.
    Registered(ResourceType<'a>),
    /// Reached through a `type` or `glob` alias.
    Aliased {
        alias: Alias<'a>,
        resource_type: ResourceType<'a>,
    },
    /// The name maps onto a template file (`alias.target`).
    Template { alias: Alias<'a> },
}

impl<'a> TypeResolution<'a> {
    /// The type reached, unless the name maps onto a template.
    pub fn resource_type(&self) -> Option<ResourceType<'a>> {
        match *self {
            TypeResolution::Registered(resource_type)
            | TypeResolution::Aliased { resource_type, .. } => Some(resource_type),
            TypeResolution::Template { .. } => None,
        }
    }

    /// The alias used, if any.
    pub fn alias(&self) -> Option<Alias<'a>> {
        match *self {
            TypeResolution::Registered(_) => None,
            TypeResolution::Aliased { alias, .. } | TypeResolution::Template { alias } => {
                Some(alias)
            }
        }
    }
}

/// A registry entry mapping a name onto another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias<'a> {
    pub name: &'a str,
    pub target: &'a str,
    pub kind: AliasKind,
}

impl Alias<'_> {
    /// For a glob alias, the name `name` maps to: the part matched by the
    /// first `*` of the pattern replaces the first `*` of the target.
    pub fn apply_glob(&self, name: &str) -> Option<String> {
        let (prefix, suffix) = self.name.split_once('*')?;
        let middle = name
            .strip_prefix(prefix)?
            .strip_suffix(suffix)
            .filter(|_| name.len() >= prefix.len() + suffix.len())?;
        Some(if self.target.contains('*') {
            self.target.replacen('*', middle, 1)
        } else {
            self.target.to_owned()
        })
    }
}

/// A resource type of a [`Catalog`].
#[derive(Clone, Copy)]
pub struct ResourceType<'a> {
    catalog: &'a Catalog,
    id: u32,
}

impl fmt::Debug for ResourceType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ResourceType").field(&self.name()).finish()
    }
}

impl PartialEq for ResourceType<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.catalog, other.catalog) && self.id == other.id
    }
}

impl<'a> ResourceType<'a> {
    fn record(&self) -> &'a store::TypeRecord {
        &self.catalog.store.types[self.id as usize]
    }

    pub fn catalog(&self) -> &'a Catalog {
        self.catalog
    }

    pub fn name(&self) -> &'a str {
        self.catalog.str(self.record().name)
    }

    /// The newest status (the head of the chain).
    pub fn status(&self) -> Status<'a> {
        Status::new(self.catalog, self.record().status)
    }

    pub fn description(&self) -> Option<&'a str> {
        self.record().description.map(|id| self.catalog.str(id))
    }

    /// Whether Heat registers the type as a do-nothing placeholder.
    pub fn is_placeholder(&self) -> bool {
        self.record().placeholder
    }

    /// The first release in which it is a placeholder, as written.
    pub fn placeholder_since(&self) -> Option<&'a str> {
        self.record()
            .placeholder_since
            .map(|id| self.catalog.str(id))
    }

    /// Whether the type is a placeholder at `release`: a placeholder with no
    /// `placeholder_since` is taken to be one at every release. A placeholder
    /// accepts and ignores its properties, so Heat applies none of the
    /// translation rules kept from before.
    pub fn is_placeholder_at(&self, release: Release) -> bool {
        self.is_placeholder()
            && self
                .placeholder_since()
                .and_then(|since| Release::parse_version(since).ok())
                .is_none_or(|since| since.series() <= release.series())
    }

    /// The release ranges in which Heat registers the type, or `None` when
    /// unknown.
    pub fn available(&self) -> Option<Availability<'a>> {
        Availability::new(self.catalog, self.record().available)
    }

    /// Whether Heat registers the type in `release` (see [`StatusAt`]).
    pub fn is_available_at(&self, release: Release) -> bool {
        self.status_at(release).is_available()
    }

    /// The status in force at `release` (see [`StatusAt`]).
    pub fn status_at(&self, release: Release) -> StatusAt<'a> {
        lifecycle::status_at(
            self.catalog,
            self.record().status,
            self.record().available,
            release,
        )
    }

    /// The top-level properties, in name order.
    pub fn properties(&self) -> Properties<'a> {
        Properties::new(self.catalog, Some(self.record().properties))
    }

    /// A property by its path: dot-separated names, where a list's items are
    /// `*` (or an index) or left out: `fixed_ips.*.subnet_id`,
    /// `fixed_ips.0.subnet_id` and `fixed_ips.subnet_id` are one property.
    pub fn property(&self, path: &str) -> Option<Property<'a>> {
        let mut segments = path.split('.');
        let mut current = self.properties().get(segments.next()?)?;
        for (depth, segment) in segments.enumerate() {
            if depth + 1 >= limits::MAX_PATH_SEGMENTS {
                return None;
            }
            current = current.child(segment)?;
        }
        Some(current)
    }

    /// [`ResourceType::property`] with the path already split; at most
    /// [`limits::MAX_PATH_SEGMENTS`] segments.
    pub fn property_at(&self, segments: &[&str]) -> Option<Property<'a>> {
        if segments.is_empty() || segments.len() > limits::MAX_PATH_SEGMENTS {
            return None;
        }
        let mut current = self.properties().get(segments[0])?;
        for segment in &segments[1..] {
            current = current.child(segment)?;
        }
        Some(current)
    }

    /// Every property at every nesting level, parents before children.
    pub fn all_properties(&self) -> impl Iterator<Item = Property<'a>> + 'a {
        let mut stack: Vec<Property<'a>> = self.properties().rev().collect();
        std::iter::from_fn(move || {
            let next = stack.pop()?;
            stack.extend(next.children().rev());
            Some(next)
        })
    }

    pub fn attributes(
        &self,
    ) -> impl ExactSizeIterator<Item = Attribute<'a>> + DoubleEndedIterator + 'a {
        let catalog = self.catalog;
        self.record().attributes.range().map(move |id| Attribute {
            catalog,
            id: id as u32,
        })
    }

    /// Whether Heat's `get_attr` accepts attribute names that are not in
    /// [`ResourceType::attributes`] (`resource.<n>` of a ResourceGroup, a
    /// deployment's outputs, anything on a placeholder).
    pub fn has_dynamic_attributes(&self) -> bool {
        self.record().dynamic_attributes
    }

    pub fn attribute(&self, name: &str) -> Option<Attribute<'a>> {
        let span = self.record().attributes;
        let records = &self.catalog.store.attributes[span.range()];
        records
            .binary_search_by(|record| self.catalog.str(record.name).cmp(name))
            .ok()
            .map(|offset| Attribute {
                catalog: self.catalog,
                id: span.start + offset as u32,
            })
    }

    /// Heat's translation rules of the type, in Heat's order.
    pub fn translation_rules(&self) -> impl ExactSizeIterator<Item = TranslationRule<'a>> + 'a {
        let catalog = self.catalog;
        self.record().rules.range().map(move |id| TranslationRule {
            catalog,
            id: id as u32,
        })
    }

    /// The rules that touch a property: those whose translation path, value
    /// path or `$prop` value starts at `path`, and those that move a list
    /// item's `value_name` key named by `path`. `path` is written as for
    /// [`ResourceType::property`]; list levels do not matter.
    pub fn translation_rules_for(&self, path: &str) -> Vec<TranslationRule<'a>> {
        if path.split('.').count() > limits::MAX_PATH_SEGMENTS {
            return Vec::new();
        }
        let wanted: Vec<&str> = path
            .split('.')
            .filter(|segment| *segment != "*" && !segment.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        let starts_with = |names: &mut dyn Iterator<Item = &str>| {
            let names: Vec<&str> = names.collect();
            names.len() >= wanted.len() && names[..wanted.len()] == wanted[..]
        };
        self.translation_rules()
            .filter(|rule| {
                if starts_with(&mut rule.path()) {
                    return true;
                }
                if rule
                    .value_path()
                    .is_some_and(|mut names| starts_with(&mut names))
                {
                    return true;
                }
                if let Some(value_name) = rule.value_name() {
                    // The key is a sibling of the path's last key.
                    let parent: Vec<&str> = rule.path().collect();
                    let parent = &parent[..parent.len().saturating_sub(1)];
                    let mut full = parent.to_vec();
                    full.push(value_name);
                    if full.len() >= wanted.len() && full[..wanted.len()] == wanted[..] {
                        return true;
                    }
                }
                if let [single] = wanted[..] {
                    if let Some(value) = rule.value_json() {
                        return value.contains(&format!(
                            "{{\"$prop\":{}}}",
                            serde_json::Value::from(single)
                        ));
                    }
                }
                false
            })
            .collect()
    }
}

/// The children of a type or property, in name order.
#[derive(Clone)]
pub struct Properties<'a> {
    catalog: &'a Catalog,
    span: Span,
    range: std::ops::Range<u32>,
}

impl<'a> Properties<'a> {
    fn new(catalog: &'a Catalog, span: Option<Span>) -> Properties<'a> {
        let span = span.unwrap_or_default();
        Properties {
            catalog,
            span,
            range: span.start..span.start + span.len,
        }
    }

    /// The child named `name` (binary search).
    pub fn get(&self, name: &str) -> Option<Property<'a>> {
        let records = &self.catalog.store.properties[self.span.range()];
        records
            .binary_search_by(|record| self.catalog.str(record.name).cmp(name))
            .ok()
            .map(|offset| Property {
                catalog: self.catalog,
                id: self.span.start + offset as u32,
            })
    }
}

impl<'a> Iterator for Properties<'a> {
    type Item = Property<'a>;

    fn next(&mut self) -> Option<Property<'a>> {
        let catalog = self.catalog;
        self.range.next().map(|id| Property { catalog, id })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl DoubleEndedIterator for Properties<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let catalog = self.catalog;
        self.range.next_back().map(|id| Property { catalog, id })
    }
}

impl ExactSizeIterator for Properties<'_> {}

/// A property of a resource type, at any nesting level.
#[derive(Clone, Copy)]
pub struct Property<'a> {
    catalog: &'a Catalog,
    id: u32,
}

impl fmt::Debug for Property<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Property")
            .field(&self.owner().name())
            .field(&self.path())
            .finish()
    }
}

impl PartialEq for Property<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.catalog, other.catalog) && self.id == other.id
    }
}

impl<'a> Property<'a> {
    fn record(&self) -> &'a store::PropertyRecord {
        &self.catalog.store.properties[self.id as usize]
    }

    /// Its own name: a map key, or `*` for a list's items.
    pub fn name(&self) -> &'a str {
        self.catalog.str(self.record().name)
    }

    /// The full path from the type: `fixed_ips.*.subnet`.
    pub fn path(&self) -> String {
        let mut names = vec![self.name()];
        let mut current = *self;
        while let Some(parent) = current.parent() {
            names.push(parent.name());
            current = parent;
        }
        names.reverse();
        names.join(".")
    }

    /// The type it belongs to.
    pub fn owner(&self) -> ResourceType<'a> {
        ResourceType {
            catalog: self.catalog,
            id: self.record().owner,
        }
    }

    /// The enclosing property, for a nested one.
    pub fn parent(&self) -> Option<Property<'a>> {
        self.record().parent.map(|id| Property {
            catalog: self.catalog,
            id,
        })
    }

    pub fn value_type(&self) -> PropertyType {
        self.record().value_type
    }

    pub fn required(&self) -> bool {
        self.record().required
    }

    pub fn update_allowed(&self) -> bool {
        self.record().update_allowed
    }

    pub fn immutable(&self) -> bool {
        self.record().immutable
    }

    /// The default value as JSON text, or `None` when there is none.
    pub fn default_json(&self) -> Option<&'a str> {
        self.record().default.map(|id| self.catalog.str(id))
    }

    /// The default value, parsed.
    pub fn default_value(&self) -> Option<serde_json::Value> {
        self.default_json()
            .and_then(|text| serde_json::from_str(text).ok())
    }

    pub fn description(&self) -> Option<&'a str> {
        self.record().description.map(|id| self.catalog.str(id))
    }

    /// Heat's constraints on the value.
    pub fn constraints(&self) -> impl ExactSizeIterator<Item = Constraint<'a>> + 'a {
        let catalog = self.catalog;
        catalog.store.constraints[self.record().constraints.range()]
            .iter()
            .map(move |&id| Constraint {
                json: catalog.str(id),
            })
    }

    /// The values an `AllowedValues` constraint permits, if there is one.
    pub fn allowed_values(&self) -> Option<Vec<serde_json::Value>> {
        self.constraints()
            .find(|constraint| constraint.kind().as_deref() == Some("AllowedValues"))
            .and_then(|constraint| {
                match constraint
                    .value()
                    .get_mut("allowed_values")
                    .map(serde_json::Value::take)
                {
                    Some(serde_json::Value::Array(values)) => Some(values),
                    _ => None,
                }
            })
    }

    pub fn status(&self) -> Status<'a> {
        Status::new(self.catalog, self.record().status)
    }

    pub fn available(&self) -> Option<Availability<'a>> {
        Availability::new(self.catalog, self.record().available)
    }

    /// The status in force at `release` (see [`StatusAt`]).
    pub fn status_at(&self, release: Release) -> StatusAt<'a> {
        lifecycle::status_at(
            self.catalog,
            self.record().status,
            self.record().available,
            release,
        )
    }

    /// Whether Heat's schema describes the items (list) or keys (map).
    pub fn has_schema(&self) -> bool {
        self.record().children.is_some()
    }

    /// Map keys, or the single `*` entry of a list.
    pub fn children(&self) -> Properties<'a> {
        Properties::new(self.catalog, self.record().children)
    }

    /// One step down a path: a map key; for a list, `*`, an index, or
    /// (the list level left implicit) a key of the items.
    pub fn child(&self, segment: &str) -> Option<Property<'a>> {
        let children = self.children();
        if self.value_type() == PropertyType::List {
            let items = children.get("*")?;
            if segment == "*"
                || (!segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()))
            {
                return Some(items);
            }
            return items.children().get(segment);
        }
        children.get(segment)
    }
}

/// One of Heat's constraints on a property value, kept as JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraint<'a> {
    json: &'a str,
}

impl Constraint<'_> {
    /// The constraint as JSON text: `{"kind":"AllowedValues","allowed_values":[…]}`.
    pub fn json(&self) -> &str {
        self.json
    }

    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.json).unwrap_or(serde_json::Value::Null)
    }

    /// `AllowedValues`, `Length`, `Range`, `AllowedPattern`, `CustomConstraint`, …
    pub fn kind(&self) -> Option<String> {
        self.value()
            .get("kind")
            .and_then(|kind| kind.as_str().map(str::to_owned))
    }
}

/// An attribute of a resource type.
#[derive(Clone, Copy)]
pub struct Attribute<'a> {
    catalog: &'a Catalog,
    id: u32,
}

impl fmt::Debug for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Attribute")
            .field(&self.owner().name())
            .field(&self.name())
            .finish()
    }
}

impl<'a> Attribute<'a> {
    fn record(&self) -> &'a store::AttributeRecord {
        &self.catalog.store.attributes[self.id as usize]
    }

    pub fn name(&self) -> &'a str {
        self.catalog.str(self.record().name)
    }

    pub fn owner(&self) -> ResourceType<'a> {
        ResourceType {
            catalog: self.catalog,
            id: self.record().owner,
        }
    }

    /// Heat's attribute type (`string`, `list`, `map`, …), when known.
    pub fn value_type(&self) -> Option<&'a str> {
        self.record().value_type.map(|id| self.catalog.str(id))
    }

    pub fn description(&self) -> Option<&'a str> {
        self.record().description.map(|id| self.catalog.str(id))
    }

    pub fn status(&self) -> Status<'a> {
        Status::new(self.catalog, self.record().status)
    }

    pub fn available(&self) -> Option<Availability<'a>> {
        Availability::new(self.catalog, self.record().available)
    }

    pub fn status_at(&self, release: Release) -> StatusAt<'a> {
        lifecycle::status_at(
            self.catalog,
            self.record().status,
            self.record().available,
            release,
        )
    }
}

/// One status of a chain: it holds from its version on, and `previous` held
/// before.
#[derive(Clone, Copy)]
pub struct Status<'a> {
    catalog: &'a Catalog,
    id: u32,
}

impl fmt::Debug for Status<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Status")
            .field("kind", &self.kind())
            .field("version", &self.version())
            .field("message", &self.message())
            .finish()
    }
}

impl PartialEq for Status<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.catalog, other.catalog) && self.id == other.id
    }
}

impl<'a> Status<'a> {
    fn new(catalog: &'a Catalog, id: u32) -> Status<'a> {
        Status { catalog, id }
    }

    fn record(&self) -> &'a store::StatusRecord {
        &self.catalog.store.statuses[self.id as usize]
    }

    pub fn kind(&self) -> StatusKind {
        self.record().kind
    }

    /// The version exactly as the catalog writes it (`"2014.2 "` included).
    pub fn version(&self) -> Option<&'a str> {
        self.record().version.map(|id| self.catalog.str(id))
    }

    /// The version parsed; `None` when absent or not a Heat version.
    pub fn release(&self) -> Option<Release> {
        self.record().release
    }

    /// The release name of the version (`Juno`, `2024.1`).
    pub fn release_name(&self) -> Option<String> {
        self.release()
            .and_then(Release::name)
            .map(|name| name.into_owned())
    }

    pub fn message(&self) -> Option<&'a str> {
        self.record().message.map(|id| self.catalog.str(id))
    }

    /// The Python class Heat names as the substitute, if any.
    pub fn substitute_class(&self) -> Option<&'a str> {
        self.record()
            .substitute_class
            .map(|id| self.catalog.str(id))
    }

    /// The type names registered for the substitute class.
    pub fn substitute_types(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        self.catalog.store.names(self.record().substitute_types)
    }

    /// Type names the message mentions.
    pub fn mentions(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        self.catalog.store.names(self.record().mentions)
    }

    /// The status before this one.
    pub fn previous(&self) -> Option<Status<'a>> {
        self.record()
            .previous
            .map(|id| Status::new(self.catalog, id))
    }

    /// This status and all before it, newest first.
    /// Tells statuses of one catalog apart, for caching what is derived
    /// from them.
    pub(crate) fn id(&self) -> u32 {
        self.id
    }

    pub fn chain(&self) -> impl Iterator<Item = Status<'a>> + 'a {
        std::iter::successors(Some(*self), Status::previous)
    }

    /// `HIDDEN since 5.0.0 (Liberty): Use property network.` — this status
    /// only, without the chain.
    pub fn describe(&self) -> String {
        let mut text = self.kind().as_str().to_owned();
        match (self.release(), self.version()) {
            (Some(release), _) => text.push_str(&format!(" since {release}")),
            (None, Some(version)) => text.push_str(&format!(" since {version:?}")),
            (None, None) => {}
        }
        if let Some(message) = self.message() {
            text.push_str(": ");
            text.push_str(message);
        }
        text
    }
}

/// The release ranges in which Heat registers an object.
#[derive(Clone, Copy)]
pub struct Availability<'a> {
    catalog: &'a Catalog,
    span: Span,
}

impl<'a> Availability<'a> {
    fn new(catalog: &'a Catalog, span: Option<Span>) -> Option<Availability<'a>> {
        span.map(|span| Availability { catalog, span })
    }

    /// Inclusive `(first, last)` pairs, oldest first.
    pub fn ranges(&self) -> impl ExactSizeIterator<Item = (Release, Release)> + 'a {
        self.catalog.store.ranges[self.span.range()]
            .iter()
            .map(|range| (range.first, range.last))
    }

    /// Whether `release`'s series lies in one of the ranges.
    pub fn contains(&self, release: Release) -> bool {
        self.ranges().any(|(first, last)| {
            first.series() <= release.series() && release.series() <= last.series()
        })
    }
}

impl fmt::Debug for Availability<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.ranges()).finish()
    }
}

/// What a `Resolve` translation rule looks up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entity<'a> {
    /// A fixed entity, e.g. `network`.
    Named(&'a str),
    /// The value of this property names the entity.
    Property(&'a str),
}

/// One of Heat's translation rules.
#[derive(Clone, Copy)]
pub struct TranslationRule<'a> {
    catalog: &'a Catalog,
    id: u32,
}

impl fmt::Debug for TranslationRule<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranslationRule")
            .field("kind", &self.kind())
            .field("path", &self.path().collect::<Vec<_>>())
            .finish()
    }
}

impl<'a> TranslationRule<'a> {
    fn record(&self) -> &'a store::RuleRecord {
        &self.catalog.store.rules[self.id as usize]
    }

    fn opt(&self, id: Option<Str>) -> Option<&'a str> {
        id.map(|id| self.catalog.str(id))
    }

    pub fn kind(&self) -> RuleKind {
        self.record().kind
    }

    /// The translated property's path; list items without an index.
    pub fn path(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        self.catalog.store.names(self.record().path)
    }

    /// The constant value as JSON text (`{"$prop": NAME}` stands for the
    /// value of property NAME).
    pub fn value_json(&self) -> Option<&'a str> {
        self.opt(self.record().value)
    }

    pub fn value(&self) -> Option<serde_json::Value> {
        self.value_json()
            .and_then(|text| serde_json::from_str(text).ok())
    }

    /// Inside each list item, the sibling key whose value moves to the
    /// path's last key.
    pub fn value_name(&self) -> Option<&'a str> {
        self.opt(self.record().value_name)
    }

    /// The property path whose value moves to [`TranslationRule::path`].
    pub fn value_path(&self) -> Option<impl ExactSizeIterator<Item = &'a str> + 'a> {
        let catalog = self.catalog;
        self.record()
            .value_path
            .map(move |span| catalog.store.names(span))
    }

    pub fn custom_value_path(&self) -> Option<impl ExactSizeIterator<Item = &'a str> + 'a> {
        let catalog = self.catalog;
        self.record()
            .custom_value_path
            .map(move |span| catalog.store.names(span))
    }

    pub fn client_plugin(&self) -> Option<&'a str> {
        self.opt(self.record().client_plugin)
    }

    pub fn finder(&self) -> Option<&'a str> {
        self.opt(self.record().finder)
    }

    /// What a `Resolve` rule looks up: a fixed entity, or the one named by
    /// another property's value.
    pub fn entity(&self) -> Option<Entity<'a>> {
        let name = self.opt(self.record().entity)?;
        Some(if self.record().entity_from_property {
            Entity::Property(name)
        } else {
            Entity::Named(name)
        })
    }

    /// Whether Heat adds the rule only when some property is set.
    pub fn conditional(&self) -> bool {
        self.record().conditional
    }
}
