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

mod at;
mod attribute;
pub mod document;
mod error;
mod kinds;
pub mod known;
mod lifecycle;
mod property;
mod resource_type;
mod status;
mod store;
mod translation;
mod upgrade;
pub mod validate;

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use at::{CatalogAt, HasStatus};
pub use attribute::Attribute;
pub use document::Document;
pub use error::CatalogError;
pub use kinds::{AliasKind, PropertyType, RuleKind, StatusKind};
pub use lifecycle::StatusAt;
pub use property::{Constraint, Properties, Property};
pub use resource_type::ResourceType;
pub use status::{Availability, Status};
pub use translation::{Entity, TranslationRule};
pub use upgrade::{Change, ListedRelease};
pub use validate::{validate, ChainMistake, Severity};

use crate::hash::HashMap;
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

/// The compiled built-in catalog: Heat 27.0.1 with the release history
/// 5.0.0 … 27.0.1. Regenerated from `core/catalog/heat.json` by
/// `cargo run -p heatwise-core --example build_catalog`.
#[cfg(not(feature = "lean-builtin"))]
pub static BUILTIN_BYTES: &[u8] = include_bytes!("../../catalog/heat.bin");

/// The built-in catalog without descriptions (`heat-lean.bin`), for builds
/// with the `lean-builtin` feature: the browser editor embeds this one and
/// fetches `heat.bin` when a view shows descriptions.
#[cfg(feature = "lean-builtin")]
pub static BUILTIN_BYTES: &[u8] = include_bytes!("../../catalog/heat-lean.bin");

/// The Heat release the built-in catalog describes, as `heatwise --version`
/// names it without decoding the catalog; a test holds it to
/// [`Catalog::heat_version`] of [`Catalog::builtin`].
pub const BUILTIN_HEAT_VERSION: &str = "27.0.1";

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

    /// The release a question is answered for: the target asked for, else
    /// the release the catalog describes (`None` for a catalog that names
    /// none: then each object's newest status applies). Every edge that
    /// takes a target asks this, so that none decides differently.
    pub fn release_for(&self, target: Option<Release>) -> Option<Release> {
        target.or(self.heat_release)
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
