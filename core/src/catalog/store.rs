//! The flat, index-based form of a catalog: one string table and vectors of
//! small records that refer to each other by `u32` index. This is what
//! `heat.bin` holds (postcard-encoded), so the built-in catalog is ready
//! after one decode without any JSON parsing.

use serde::{Deserialize, Serialize};

use super::{AliasKind, PropertyType, RuleKind, StatusKind};
use crate::release::Release;

mod flatten;
mod unflatten;

pub(crate) use flatten::Flattener;
pub(crate) use unflatten::unflatten;

/// Bumped whenever the record layout changes, so that an old `heat.bin`
/// is refused rather than misread.
pub(crate) const STORE_VERSION: u32 = 3;

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
    pub implemented: bool,
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
