//! The `resource_registry` of a stack's environments, as Heat's
//! `ResourceRegistry` (heat/engine/environment.py) holds and reads it:
//! environments laid one over the other in the order given (a later entry
//! replaces an earlier one, `null` removes one, and `prefix*: null` every
//! entry the prefix matches); entries scoped to one resource under
//! `resources:`; a type mapped to another type, to a template, or by a
//! wildcard (`OS::Networking::*: OS::Neutron::*`, `OS::*: OS::Heat::None`).
//!
//! [`Registry::resolve`] follows Heat's order: the template a type names
//! itself, the resource's scoped entry, the type's own entry, then the
//! wildcards that match, longest path first and then by name; each
//! mapping followed to its end, and a mapping whose end nothing provides
//! passed over for the next. What no environment decides is Heat's own
//! registry's: the catalog's. Chains are followed [`MAX_CHAIN`] deep; a
//! longer one is a loop (Heat overflows its stack on it).

use std::cmp::Ordering;
use std::sync::Arc;

use crate::hash::HashMap;
use crate::syntax::Resolved;
use crate::template::{DocumentKind, Template};

mod shared;

pub use shared::{AcrossStacks, Resolutions, SharedResolutions, MAX_NUMBERED};

/// Deepest chain of mappings followed.
pub const MAX_CHAIN: usize = 64;

/// Most entries read from all environments together.
pub const MAX_ENTRIES: usize = 100_000;

/// What a registry entry maps its type to.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Info {
    /// A template resource: the template's name as written.
    Template(Arc<str>),
    /// Another type.
    Map(String),
    /// `prefix*` to a type, or to `other_prefix*`.
    Glob { prefix: String, value: String },
}

impl Info {
    fn new(name: &str, value: &str) -> Info {
        if is_template_name(name) {
            Info::Template(name.into())
        } else if is_template_name(value) {
            Info::Template(value.into())
        } else if let Some(prefix) = name.strip_suffix('*') {
            Info::Glob {
                prefix: prefix.to_owned(),
                value: value.to_owned(),
            }
        } else {
            Info::Map(value.to_owned())
        }
    }
}

/// The endings that make a resource type or a registry value a template
/// file (or URL) to Heat (`environment.py`'s `endswith(('.yaml',
/// '.template'))`): the one list of them.
pub const TEMPLATE_SUFFIXES: [&str; 2] = [".yaml", ".template"];

/// A name Heat takes for a template file (or URL).
pub fn is_template_name(name: &str) -> bool {
    TEMPLATE_SUFFIXES
        .iter()
        .any(|suffix| name.ends_with(suffix))
}

/// What provides a resource's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// A type of Heat's own registry (the catalog): a plugin, or one of
    /// Heat's own aliases of one. `OS::Heat::None` makes nothing.
    Type(Arc<str>),
    /// A template resource: the template's name as written.
    Template(Arc<str>),
    /// Nothing provides it: Heat refuses the resource.
    NotFound,
    /// The environments map types onto each other in a loop.
    Loop,
}

/// An entry and where Heat files it: under `[resources, scope, name]` for
/// an entry scoped to the resource `scope`, else under `[name]`. That path
/// orders the candidates for a type.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Slot {
    info: Info,
    scope: Option<String>,
    name: String,
}

impl Slot {
    /// Heat's order of candidates: the longer path first, then by path.
    fn order(&self, other: &Slot) -> Ordering {
        match (&self.scope, &other.scope) {
            (Some(a), Some(b)) => (a, &self.name).cmp(&(b, &other.name)),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => self.name.cmp(&other.name),
        }
    }
}

/// The environments' registries, laid over each other: hundreds of
/// entries (TripleO's), whose types are looked up for every resource of
/// every template of a stack.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    /// Top-level entries, by the key they are filed under, in the order
    /// filed (the order Heat's dictionary keeps). The keys are shared:
    /// each combination of environments copies its registry.
    entries: Vec<(Arc<str>, Arc<Slot>)>,
    /// Where each key is in `entries`.
    index: HashMap<Arc<str>, usize>,
    /// Where the keys ending in `*` are in `entries`, in order.
    globs: Vec<usize>,
    /// `resources:` entries.
    scoped: Vec<Arc<Slot>>,
    read: usize,
}

impl Registry {
    /// The top-level entry filed under `key`.
    fn entry(&self, key: &str) -> Option<&Arc<Slot>> {
        (self.index.get(key)).map(|&at| &self.entries[at].1)
    }

    /// A copy whose entries are its own (see
    /// [`super::GatherCache::for_another_thread`]).
    pub(super) fn apart(&self) -> Registry {
        let own = |slot: &Arc<Slot>| Arc::new(Slot::clone(slot));
        let mut apart = Registry {
            entries: (self.entries.iter())
                .map(|(key, slot)| (Arc::from(&**key), own(slot)))
                .collect(),
            index: HashMap::default(),
            globs: Vec::new(),
            scoped: self.scoped.iter().map(own).collect(),
            read: self.read,
        };
        apart.reindex();
        apart
    }
}

impl super::Stack {
    /// The registry of the stack's environments, laid over each other in
    /// order. `cache` keeps the registry of each list of environments a
    /// longer list starts with, so stacks that share their first
    /// environments (one combination each) read those once.
    pub fn registry_with(&self, cache: &mut super::GatherCache) -> Registry {
        let environments: Vec<String> = self
            .environments()
            .map(|id| self.files[id].url.to_string())
            .collect();
        // The longest list already read, then each environment after it.
        let known = (0..=environments.len())
            .rev()
            .find(|&n| n == 0 || cache.registries.contains_key(&environments[..n]))
            .unwrap_or(0);
        let mut registry = match known {
            0 => Registry::default(),
            n => cache.registries[&environments[..n]].clone(),
        };
        for (n, url) in environments.iter().enumerate().skip(known) {
            if let Some(id) = self.file(url) {
                let parsed = cache.parse_kept(url, &self.files[id].text);
                registry.load(parsed.borrow_dependent());
            }
            // Only the lists other stacks build on: a cache that grew by
            // one registry per combination would hold hundreds.
            if n + 1 < environments.len() {
                cache
                    .registries
                    .insert(environments[..=n].to_vec(), registry.clone());
            }
        }
        registry
    }
}

impl Registry {
    /// The types the top-level entries map to the template `written` (as
    /// the entry writes it).
    pub fn types_naming<'r>(&'r self, written: &'r str) -> impl Iterator<Item = &'r str> + 'r {
        (self.entries.iter())
            .filter(
                move |(_, slot)| matches!(&slot.info, Info::Template(name) if **name == *written),
            )
            .map(|(key, _)| &**key)
    }

    /// The registry of these environments, in the order given.
    pub fn of<'t>(environments: impl IntoIterator<Item = &'t Template<'t>>) -> Registry {
        let mut registry = Registry::default();
        for environment in environments {
            registry.load(environment);
        }
        registry
    }

    /// The registry a nested stack made from the template `template` (its
    /// name as the registry writes it) is created with, as Heat's
    /// `get_child_environment` builds it: the parent's entries without the
    /// one that maps a type to this template (so that a template standing
    /// in for a type may use that type itself), and without the entries
    /// scoped to the parent's resources (their deeper levels name the
    /// child's resources; heatwise reads one level of `resources`).
    pub fn for_nested(&self, template: &str) -> Registry {
        let mut child = Registry {
            scoped: Vec::new(),
            ..self.clone()
        };
        let maps_to_it =
            |slot: &Slot| matches!(&slot.info, Info::Template(name) if **name == *template);
        if child.entries.iter().any(|(_, slot)| maps_to_it(slot)) {
            child.entries.retain(|(_, slot)| !maps_to_it(slot));
            child.reindex();
        }
        child
    }

    /// Whether no environment maps anything.
    /// Whether an entry may be scoped to the resource `name` (`resources:
    /// {name: ...}`, or a pattern ending in `*`): a type may then resolve
    /// otherwise for it than for other resources.
    pub fn has_scoped_for(&self, name: &str) -> bool {
        self.scoped.iter().any(|slot| {
            slot.scope
                .as_deref()
                .is_some_and(|scope| match scope.strip_suffix('*') {
                    Some(prefix) => name.starts_with(prefix),
                    None => scope == name,
                })
        })
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.scoped.is_empty()
    }

    /// Lays an environment's `resource_registry` over what is there. A
    /// template (not an environment) has none.
    pub fn load(&mut self, environment: &Template<'_>) {
        if environment.kind() != DocumentKind::Environment {
            return;
        }
        let tree = environment.tree();
        for entry in environment.registry() {
            if self.read >= MAX_ENTRIES {
                return;
            }
            self.read += 1;
            let Some(name) = tree.scalar(entry.entry.key) else {
                continue;
            };
            let scope = match entry.scope.map(|scope| tree.scalar(scope)) {
                Some(Some(resource)) => Some(resource),
                Some(None) => continue,
                None => None,
            };
            match entry.target.as_deref() {
                Some(target) => self.file(Slot {
                    info: Info::new(name, target),
                    scope: scope.map(str::to_owned),
                    name: name.to_owned(),
                }),
                None if tree.resolve(entry.entry.value) == Some(Resolved::Null) => {
                    self.remove(scope, name);
                }
                // A mapping beside `resources` is a level Heat never reads;
                // another value is no type Heat can instantiate.
                None => {}
            }
        }
    }

    /// Files an entry, replacing the one of the same name at its level.
    fn file(&mut self, slot: Slot) {
        let slot = Arc::new(slot);
        if slot.scope.is_some() {
            match self
                .scoped
                .iter_mut()
                .find(|s| s.scope == slot.scope && s.name == slot.name)
            {
                Some(old) => *old = slot,
                None => self.scoped.push(slot),
            }
        } else {
            let key = Arc::from(slot.name.as_str());
            self.file_under(key, slot);
        }
    }

    fn file_under(&mut self, key: Arc<str>, slot: Arc<Slot>) {
        match self.index.get(&key) {
            Some(&at) => self.entries[at].1 = slot,
            None => {
                if key.ends_with('*') {
                    self.globs.push(self.entries.len());
                }
                self.index.insert(Arc::clone(&key), self.entries.len());
                self.entries.push((key, slot));
            }
        }
    }

    /// `name: null`: removes the entry of that name at its level, or with
    /// `prefix*`, every entry the prefix matches.
    fn remove(&mut self, scope: Option<&str>, name: &str) {
        let removed = |key: &str| match name.strip_suffix('*') {
            Some(prefix) => key.starts_with(prefix),
            None => key == name,
        };
        match scope {
            Some(scope) => self
                .scoped
                .retain(|s| s.scope.as_deref() != Some(scope) || !removed(&s.name)),
            None => {
                self.entries.retain(|(key, _)| !removed(key));
                self.reindex();
            }
        }
    }

    /// Where each key is, once entries were taken out.
    fn reindex(&mut self) {
        self.index = (self.entries.iter().enumerate())
            .map(|(at, (key, _))| (Arc::clone(key), at))
            .collect();
        self.globs = (0..self.entries.len())
            .filter(|&at| self.entries[at].0.ends_with('*'))
            .collect();
    }

    /// What provides the type `type_name` of the resource `resource` (its
    /// name, for scoped entries). `known` tells whether Heat's own registry
    /// has a type (the catalog's `resolve_type`).
    ///
    /// Like Heat's, this remembers: a mapping that led to one of Heat's own
    /// types is filed under the type asked for, so a resource's scoped
    /// mapping holds for the resources of that type asked for after it.
    /// Ask in the order Heat does (the template's resources in order).
    pub fn resolve(
        &mut self,
        type_name: &str,
        resource: Option<&str>,
        known: &dyn Fn(&str) -> bool,
    ) -> Resolution {
        let mut filed = Filed::default();
        let resolution = Memory {
            registry: self,
            filed: &mut filed,
            looked_up: None,
        }
        .resolve(type_name, resource, known);
        for (key, slot) in filed.entries {
            self.file_under(key.into(), slot);
        }
        resolution
    }
}

/// A registry with what one template's resolutions filed laid over it
/// (see [`Registry::resolve`]), kept apart so that resolving the types of
/// each template of a stack does not copy the registry.
/// A key looked up among a registry's entries, and the entry found.
type LookedUp = (String, Option<Arc<Slot>>);

struct Memory<'r, 'f> {
    registry: &'r Registry,
    /// Entries filed by resolving: each replaces the registry's entry of
    /// that key, if there is one.
    filed: &'f mut Filed,
    /// Where given, each key looked up among the registry's entries, with
    /// the entry found.
    looked_up: Option<&'f std::cell::RefCell<Vec<LookedUp>>>,
}

/// Entries filed by resolving, in the order filed, found by key: a
/// template's resolver files one for nearly every type it resolves, and
/// looks each type up among them.
#[derive(Default)]
struct Filed {
    entries: Vec<(String, Arc<Slot>)>,
    index: HashMap<String, usize>,
    /// Where the keys ending in `*` that the registry has no entry of
    /// are in `entries`.
    new_globs: Vec<usize>,
}

impl Filed {
    fn get(&self, key: &str) -> Option<&Arc<Slot>> {
        self.index.get(key).map(|&at| &self.entries[at].1)
    }

    fn file(&mut self, registry: &Registry, key: &str, slot: Arc<Slot>) {
        match self.index.get(key) {
            Some(&at) => self.entries[at].1 = slot,
            None => {
                let at = self.entries.len();
                if key.ends_with('*') && !registry.index.contains_key(key) {
                    self.new_globs.push(at);
                }
                self.index.insert(key.to_owned(), at);
                self.entries.push((key.to_owned(), slot));
            }
        }
    }
}

impl Memory<'_, '_> {
    fn resolve(
        &mut self,
        type_name: &str,
        resource: Option<&str>,
        known: &dyn Fn(&str) -> bool,
    ) -> Resolution {
        self.resolve_within(type_name, resource, known, 0)
            .unwrap_or(Resolution::NotFound)
    }

    /// `None`: nothing provides the type (Heat's `EntityNotFound`), so the
    /// caller tries its next candidate.
    fn resolve_within(
        &mut self,
        type_name: &str,
        resource: Option<&str>,
        known: &dyn Fn(&str) -> bool,
        depth: usize,
    ) -> Option<Resolution> {
        if depth > MAX_CHAIN {
            return Some(Resolution::Loop);
        }
        for slot in self.candidates(type_name, resource) {
            let next = match &slot.info {
                Info::Template(name) => return Some(Resolution::Template(name.clone())),
                Info::Map(value) => value.clone(),
                Info::Glob { prefix, value } => match value.strip_suffix('*') {
                    Some(new_prefix) => format!("{new_prefix}{}", &type_name[prefix.len()..]),
                    None => value.clone(),
                },
            };
            match self.resolve_within(&next, resource, known, depth + 1) {
                Some(found @ Resolution::Type(_)) => {
                    self.filed.file(self.registry, type_name, slot);
                    return Some(found);
                }
                Some(found) => return Some(found),
                None => {}
            }
        }
        known(type_name).then(|| Resolution::Type(type_name.into()))
    }

    /// The top-level entries whose key ends in `*`, in the registry's
    /// order, each as filed: an entry filed under an existing key takes
    /// its place, one under a new key comes after them.
    fn globs(&self) -> impl Iterator<Item = &Arc<Slot>> {
        let filed = &*self.filed;
        let registry = &self.registry.entries;
        (self.registry.globs.iter())
            .map(move |&at| {
                let (key, slot) = &registry[at];
                filed.get(key).unwrap_or(slot)
            })
            .chain(filed.new_globs.iter().map(|&at| &filed.entries[at].1))
    }

    /// The environments' entries for a type, in the order Heat tries them.
    /// A type that names a template is a template resource of that name
    /// unless an entry of that very name says otherwise.
    fn candidates(&self, type_name: &str, resource: Option<&str>) -> Candidates {
        let exact = match self.filed.get(type_name) {
            Some(slot) => Some(slot),
            None => {
                let entry = self.registry.entry(type_name);
                if let Some(looked_up) = self.looked_up {
                    looked_up
                        .borrow_mut()
                        .push((type_name.to_owned(), entry.cloned()));
                }
                entry
            }
        };
        let exact = match exact {
            Some(slot) => Some(Arc::clone(slot)),
            None if is_template_name(type_name) => Some(Arc::new(Slot {
                info: Info::Template(type_name.into()),
                scope: None,
                name: type_name.to_owned(),
            })),
            None => None,
        };
        let scoped = resource.and_then(|resource| {
            self.registry
                .scoped
                .iter()
                .find(|s| s.scope.as_deref() == Some(resource) && s.name == type_name)
        });
        let mut globbed = (self.globs())
            .filter(|slot| {
                matches!(&slot.info, Info::Glob { prefix, value }
                    if type_name != value && type_name.starts_with(prefix.as_str()))
            })
            .peekable();
        // Most types have their own entry, or none: no list is made (an
        // empty one allocates nothing).
        if scoped.is_none() && globbed.peek().is_none() {
            return exact.into_iter().chain(Vec::new());
        }
        let mut found: Vec<Arc<Slot>> = exact.into_iter().collect();
        found.extend(scoped.cloned());
        found.extend(globbed.cloned());
        // A handful at most: an insertion sort, which also keeps the
        // editor's WebAssembly free of a general sort for these.
        for i in 1..found.len() {
            let mut j = i;
            while j > 0 && found[j].order(&found[j - 1]) == Ordering::Less {
                found.swap(j, j - 1);
                j -= 1;
            }
        }
        None.into_iter().chain(found)
    }
}

/// The entries for a type, in the order Heat tries them: one (or none)
/// for most types, those of patterns and resources with it for some.
type Candidates = std::iter::Chain<std::option::IntoIter<Arc<Slot>>, std::vec::IntoIter<Arc<Slot>>>;

/// Resolves one template's types, remembering as Heat's registry does.
pub type Resolver<'r> =
    Box<dyn FnMut(&str, Option<&str>, &dyn Fn(&str) -> bool) -> Resolution + 'r>;

/// Compares a resolution, and the types it asked Heat about with the
/// answers, with what a caller expects.
pub type CompareResolution<'c> = dyn FnMut(&Resolution, &[(String, bool)]) -> bool + 'c;

/// What the environments make of resource types, for the linter. The
/// linter reaches a registry only through this, so that a build which
/// never reads environments (the browser editor) carries none of it.
pub trait TypeMapping: Sync + std::panic::RefUnwindSafe {
    /// Whether no environment maps anything.
    fn maps_nothing(&self) -> bool;
    /// A resolver for one template, with a memory of its own.
    fn resolver(&self) -> Resolver<'_>;
    /// Whether what a type resolves to depends on its name alone, whatever
    /// the resolver resolved before (no entry is scoped or a pattern).
    fn resolves_alike(&self) -> bool {
        false
    }
    /// Where the registry resolves every type by its name alone and keeps
    /// its resolutions by a number its caller gives each name (`number`,
    /// the same for the same name): `compare` given what `type_name`
    /// resolves to and the types that asked Heat about (through `known`),
    /// with the answers. `None` where it keeps none, or `known` has no
    /// answer for a type it asks about.
    fn compare_alike(
        &self,
        _number: u32,
        _type_name: &str,
        _known: &dyn Fn(&str) -> Option<bool>,
        _compare: &mut CompareResolution<'_>,
    ) -> Option<bool> {
        None
    }
}

impl TypeMapping for Registry {
    fn resolves_alike(&self) -> bool {
        Registry::resolves_alike(self)
    }

    fn maps_nothing(&self) -> bool {
        self.is_empty()
    }

    fn resolver(&self) -> Resolver<'_> {
        let mut filed = Filed::default();
        Box::new(move |type_name, resource, known| {
            Memory {
                registry: self,
                filed: &mut filed,
                looked_up: None,
            }
            .resolve(type_name, resource, known)
        })
    }
}
