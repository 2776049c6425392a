//! The names of files a stack's files hold: each `get_file` and template
//! `type` of a template, each file a registry entry names, and where each
//! leads as python-heatclient joins it ([`Lookup::Joined`]) or as Heat's
//! engine looks it up in a stack it keeps ([`Lookup::Stored`]).

use std::sync::Arc;

use crate::syntax::{NodeId, Resolved, Tree};
use crate::template::{merge, DocumentKind, Template};
use crate::text::TextRange;

use super::url;

/// How the names a stack's files hold reach files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lookup {
    /// As python-heatclient gathers files on disk for `openstack stack
    /// create`: joined onto the referring file's directory (or the
    /// registry's `base_url`).
    #[default]
    Joined,
    /// As Heat's engine finds them in a stack it keeps: each name, as
    /// written, a key of the stack's stored `files`.
    Stored,
}

/// How a file names another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReferenceKind {
    /// A resource type (or group member type) that is a template file.
    Type,
    /// `get_file`.
    GetFile,
    /// An environment's `resource_registry` entry.
    Registry,
}

/// A reference found in a file, before it is followed.
#[derive(Clone)]
pub(super) struct Found {
    pub(super) range: TextRange,
    pub(super) kind: ReferenceKind,
    pub(super) written: Arc<str>,
    pub(super) url: Arc<str>,
    /// A template heatclient does not send, which Heat's engine fetches
    /// itself by its written name (`engine_fetch`).
    pub(super) fetched_by_engine: bool,
}

impl Found {
    /// A copy whose names are its own (see
    /// [`super::GatherCache::for_another_thread`]).
    pub(super) fn apart(&self) -> Found {
        Found {
            written: apart(&self.written),
            url: apart(&self.url),
            ..*self
        }
    }
}

/// A copy of `name` of its own, for another thread (see
/// [`super::GatherCache::for_another_thread`]).
pub(super) fn apart(name: &Arc<str>) -> Arc<str> {
    Arc::from(&**name)
}

/// A string as heatclient's loader reads it (timestamps stay strings).
fn string_value<'t>(tree: &'t Tree<'_>, node: NodeId) -> Option<&'t str> {
    match tree.resolve(tree.alias_target(node).unwrap_or(node))? {
        Resolved::Str(text) | Resolved::Timestamp(text) => Some(text),
        _ => None,
    }
}

/// Where a name written in the file at `url` (or under the registry's
/// `base`) leads, as `lookup` finds files.
fn located(lookup: Lookup, base: &str, written: &str) -> String {
    match lookup {
        Lookup::Joined => url::join(base, written),
        Lookup::Stored => written.to_owned(),
    }
}

/// Every `get_file` and template `type` of the template at `url`, in the
/// order of the text.
pub(super) fn template_references(
    template: &Template<'_>,
    url: &str,
    lookup: Lookup,
) -> Vec<Found> {
    let tree = template.tree();
    let base = url::base_of(url);
    let mut found = Vec::new();
    for node in tree.node_ids().filter(|&node| tree.is_mapping(node)) {
        for merged in merge::flattened(tree, node) {
            let entry = merged.entry;
            let kind = match tree.scalar(entry.key) {
                Some("get_file") => ReferenceKind::GetFile,
                Some("type") => ReferenceKind::Type,
                _ => continue,
            };
            let Some(value) = string_value(tree, entry.value) else {
                continue;
            };
            if kind == ReferenceKind::Type && !super::registry::is_template_name(value) {
                continue;
            }
            // An entry merged in or aliased is written once, where it is.
            if merged.holder != node
                && found
                    .iter()
                    .any(|f: &Found| f.range == tree.range(entry.value))
            {
                continue;
            }
            found.push(Found {
                range: tree.range(entry.value),
                kind,
                written: value.into(),
                url: located(lookup, &base, value).into(),
                fetched_by_engine: false,
            });
        }
    }
    found.sort_by_key(|f| f.range.start);
    found.dedup_by(|a, b| a.range == b.range);
    found
}

/// The files an environment's `resource_registry` names.
pub(super) fn registry_references(
    template: &Template<'_>,
    url: &str,
    lookup: Lookup,
) -> Vec<Found> {
    if template.kind() != DocumentKind::Environment {
        return Vec::new();
    }
    let tree = template.tree();
    let Some(registry) = template
        .section("resource_registry")
        .filter(|&node| tree.is_mapping(node))
    else {
        return Vec::new();
    };
    let base = match merge::merged_entry(tree, registry, "base_url") {
        Some((_, entry)) => {
            string_value(tree, entry.value).map_or_else(|| url::base_of(url), with_slash)
        }
        None => url::base_of(url),
    };
    let mut found = Vec::new();
    registry_entries(template, registry, &base, lookup, &mut found);
    if let Some((_, resources)) = merge::merged_entry(tree, registry, "resources") {
        if tree.is_mapping(resources.value) {
            for resource in merge::flattened(tree, resources.value) {
                let scope = resource.entry.value;
                if !tree.is_mapping(scope) {
                    continue;
                }
                let scope_base = match merge::merged_entry(tree, scope, "base_url") {
                    Some((_, entry)) => {
                        string_value(tree, entry.value).map_or_else(|| base.clone(), with_slash)
                    }
                    None => base.clone(),
                };
                registry_entries(template, scope, &scope_base, lookup, &mut found);
            }
        }
    }
    found
}

/// heatclient adds the `/` a base URL lacks before joining onto it.
fn with_slash(base: &str) -> String {
    if base.ends_with('/') {
        base.to_owned()
    } else {
        format!("{base}/")
    }
}

/// The entries of one registry mapping that name files: for heatclient,
/// each value without `::`, and each template name with `::`, which it
/// leaves for Heat's engine to fetch; for the engine, each that names a
/// template (`.yaml`, `.template`), which alone it reads as a file.
fn registry_entries(
    template: &Template<'_>,
    mapping: NodeId,
    base: &str,
    lookup: Lookup,
    found: &mut Vec<Found>,
) {
    let tree = template.tree();
    for merged in merge::flattened(tree, mapping) {
        let entry = merged.entry;
        let key = tree.scalar(entry.key).unwrap_or_default();
        if matches!(
            key,
            "base_url" | "hooks" | "restricted_actions" | "resources"
        ) {
            continue;
        }
        let Some(value) = string_value(tree, entry.value) else {
            continue;
        };
        let template = super::registry::is_template_name(value);
        let fetched_by_engine = lookup == Lookup::Joined && value.contains("::");
        let names_file = match lookup {
            Lookup::Joined => !fetched_by_engine || template,
            Lookup::Stored => template,
        };
        if !names_file {
            continue;
        }
        found.push(Found {
            range: tree.range(entry.value),
            kind: ReferenceKind::Registry,
            written: value.into(),
            url: match fetched_by_engine {
                true => value.into(),
                false => located(lookup, base, value).into(),
            },
            fetched_by_engine,
        });
    }
}
