//! What a template resource's nested template offers it: the parameters
//! Heat turns into the resource's properties (`TemplateResource`: a
//! parameter without a default is a required property, any other key is
//! an unknown property), and what the environments' `parameter_defaults`
//! give. The linter asks through the [`StackFacts`] trait, which
//! [`Stack::nesting`] answers for one file of a gathered stack.

use std::sync::{Arc, OnceLock};

use crate::hash::{HashMap, HashMapExt};
use crate::template;
use crate::template::value::{Val, V};
use crate::text::TextRange;

use super::creation::{Creation, Passing};
use super::environment_values::EnvironmentValues;
use super::gather::{
    FileId, GatherCache, ReadError, Reference, ReferenceKind, Role, Stack, Target,
};
use super::interface::{deprecated_parameters, DeclarationIndex, Declared, Interface};

/// What the stack a file belongs to tells the linter about it: the nested
/// templates its resources use, the parameters its templates declare, what
/// the environments give.
pub trait StackFacts: Sync + std::panic::RefUnwindSafe {
    /// The template a `type` naming a file reaches, by the range of the
    /// name in the file being linted.
    fn by_type(&self, range: TextRange) -> Option<&Interface>;
    /// The template an environment's registry maps a type to, by the name
    /// the registry gives it.
    fn by_registry(&self, written: &str) -> Option<&Interface>;
    /// Whether the environments' `parameter_defaults` give `name`.
    fn has_default(&self, name: &str) -> bool;
    /// The value the environments give the root template's parameter
    /// `name`, when it is written as a literal: a later environment's over
    /// an earlier one's, `parameters` over `parameter_defaults`.
    fn given(&self, name: &str) -> Option<Arc<Val>>;
    /// The values the create request gives the root's parameters (`-P`).
    fn requested(&self) -> &[(String, Arc<Val>)];
    /// The root template's parameters, when it could be read.
    fn root_parameters(&self) -> Option<&[String]>;
    /// Up to three parameters a template of the stack declares whose
    /// names are closest to `name` (a likely typo of one), best first.
    fn closest_parameters(&self, name: &str) -> Vec<String>;
    /// Whether a template of the stack declares `name`.
    fn declares(&self, name: &str) -> bool;
    /// Whether every file the stack names was read: otherwise what the
    /// unread ones declare is not known.
    fn is_complete(&self) -> bool;
    /// The template that lists `name` in a `parameter_groups` entry
    /// labelled `deprecated` (the convention TripleO keeps), if one does.
    fn deprecated_by(&self, name: &str) -> Option<&str>;
    /// The templates that declare `name`: the root's first (when it
    /// does), then the nested ones.
    fn declarations(&self, name: &str) -> Vec<Declared>;
    /// Whether Heat makes a stack of the template at `url` when it creates
    /// this one (see `created.rs`): the root, and each nested template a
    /// resource it creates uses.
    fn creates(&self, url: &str) -> bool;
    /// What the uses that make stacks of this file (a nested template)
    /// pass its parameter `name`.
    fn passing(&self, name: &str) -> Passing;
    /// Whether the deepest level below the root at which Heat makes a
    /// stack of this file is `level` (0 for the root). A yes-or-no answer,
    /// not the depth: another depth changes no finding, and a lint kept
    /// for one stack still holds in another where only that changed.
    fn deepest_at(&self, level: usize) -> bool;
    /// Where the create reads this file's output `output` (a nested
    /// template's): "`reader` in parent.yaml", a resource Heat creates.
    fn read_at_create(&self, output: &str) -> Option<String>;
}

/// What every file of a stack needs to know of its nested templates, read
/// once: each template's interface, the registry's templates, the
/// environments' `parameter_defaults`.
pub struct StackNesting<'s> {
    /// By file: the interface of each nested template, shared with the
    /// other stacks read with the same cache.
    interfaces: Vec<Option<Arc<Interface>>>,
    /// By the name an environment's registry gives a template (the later
    /// environment's entry winning, as the later registry does).
    by_registry: HashMap<&'s str, FileId>,
    /// What each environment gives parameters, in order.
    defaults: Vec<Arc<EnvironmentValues>>,
    /// What the create request gives the root's parameters (`-P`), as
    /// text, as heatclient sends it.
    requested: Vec<(String, Arc<Val>)>,
    root_parameters: Option<Arc<[String]>>,
    /// By parameter name, the templates the cache read that declare it.
    declarations: DeclarationIndex,
    /// By interface (its pointer): where its template comes in the
    /// stack's declarations (the root first, then the nested templates in
    /// the order of the files) and whether it is the root.
    declaring_order: HashMap<usize, (usize, bool)>,
    complete: bool,
    /// Parameter name to the name of a template that deprecates it.
    deprecated: HashMap<String, String>,
    pub(super) stack: &'s Stack,
    /// What Heat creates of the stack, once asked (`created.rs`).
    pub(super) creation: OnceLock<Creation>,
    /// The root's uses, read with the values the environments give.
    pub(super) root_uses: OnceLock<Arc<super::uses::Uses>>,
    /// The other templates' uses, shared by the stacks of one cache.
    pub(super) uses_cache: super::uses::UsesCache,
    /// Those uses by file, once found in the cache (by URL).
    pub(super) uses_by_file: Vec<OnceLock<Arc<super::uses::Uses>>>,
    /// What [`StackNesting::value_in`] found in the stack's creation, by
    /// file and parameter, with how many levels up it looked.
    pub(super) values: std::sync::Mutex<HashMap<FileId, HashMap<String, FollowedValue>>>,
    /// The environments' registry.
    pub(super) registry: super::Registry,
    /// What its types resolve to, shared by the stack's files.
    resolutions: super::registry::Resolutions,
    /// What [`StackNesting::passing`] found, by file, then by parameter
    /// (looked up without making a key).
    pub(super) passings: std::sync::Mutex<HashMap<FileId, HashMap<String, Passing>>>,
}

/// A value [`StackNesting::value_in`] found, with how many levels up it
/// looked.
pub(super) type FollowedValue = (Option<Arc<Val>>, usize);

/// [`StackFacts`] for one file of a stack.
pub struct Nesting<'n> {
    stack: &'n StackNesting<'n>,
    /// The file, when it is one of the stack's.
    file: Option<FileId>,
    by_range: Vec<(TextRange, FileId)>,
}

impl Nesting<'_> {
    /// [`StackFacts::by_type`], shared.
    pub fn shared_by_type(&self, range: TextRange) -> Option<&Arc<Interface>> {
        // The first with that range, as the references are written.
        let at = (self.by_range).partition_point(|(at, _)| *at < range);
        let &(found, id) = self.by_range.get(at)?;
        (found == range).then_some(())?;
        self.stack.interfaces[id].as_ref()
    }

    /// [`StackFacts::by_registry`], shared.
    pub fn shared_by_registry(&self, written: &str) -> Option<&Arc<Interface>> {
        let id = self.stack.by_registry.get(written)?;
        self.stack.interfaces[*id].as_ref()
    }

    /// Whether [`StackFacts::passing`] answers `answer`, without copying
    /// the answer.
    pub fn passes(&self, name: &str, answer: &Passing) -> bool {
        match self.file {
            // Asked once of each file by the memo: worked out, not kept.
            Some(file) => self.stack.passing_anew(file, name) == *answer,
            None => *answer == Passing::Unknown,
        }
    }

    /// [`StackFacts::declarations`].
    pub fn declared(&self, name: &str) -> Vec<Declared> {
        self.stack.declared(name)
    }
}

impl StackFacts for Nesting<'_> {
    fn by_type(&self, range: TextRange) -> Option<&Interface> {
        self.shared_by_type(range).map(|shared| &**shared)
    }

    fn by_registry(&self, written: &str) -> Option<&Interface> {
        self.shared_by_registry(written).map(|shared| &**shared)
    }

    fn has_default(&self, name: &str) -> bool {
        self.stack
            .defaults
            .iter()
            .any(|given| given.gives_default(name))
    }

    fn given(&self, name: &str) -> Option<Arc<Val>> {
        self.stack.given(name)
    }

    fn requested(&self) -> &[(String, Arc<Val>)] {
        &self.stack.requested
    }

    fn root_parameters(&self) -> Option<&[String]> {
        self.stack.root_parameters.as_deref()
    }

    fn closest_parameters(&self, name: &str) -> Vec<String> {
        let stack = self.stack;
        // The names every template the cache read declares, scored once
        // for all the stacks read with it: this stack's are among them.
        let declared = stack.declarations.near(name);
        let mut scored: Vec<(usize, &str)> = (declared.iter())
            .filter(|(_, _, declaring)| declaring.iter().any(|i| stack.declares_in(i)))
            .map(|(distance, candidate, _)| (*distance, candidate.as_str()))
            .collect();
        let root = (stack.root_parameters.iter())
            .flat_map(|names| names.iter())
            .map(String::as_str);
        // Each candidate's score is its own: the two lists scored apart
        // and merged rank as one list scored at once.
        scored.extend(crate::suggest::scored(name, root));
        crate::suggest::sorted(&mut scored);
        (crate::suggest::pick(scored).into_iter())
            .map(str::to_owned)
            .collect()
    }

    fn declarations(&self, name: &str) -> Vec<Declared> {
        self.declared(name)
    }

    fn declares(&self, name: &str) -> bool {
        let stack = self.stack;
        stack
            .root_parameters
            .as_ref()
            .is_some_and(|names| names.iter().any(|n| n == name))
            || (stack.declarations.declaring(name).iter()).any(|i| stack.declares_in(i))
    }

    fn is_complete(&self) -> bool {
        self.stack.complete && !self.stack.misses_a_used_template()
    }

    fn deprecated_by(&self, name: &str) -> Option<&str> {
        self.stack.deprecated.get(name).map(String::as_str)
    }

    fn creates(&self, url: &str) -> bool {
        let files = &self.stack.stack.files;
        let creation = self.stack.creation();
        (0..files.len()).any(|id| creation.may_create(id) && &*files[id].url == url)
    }

    fn deepest_at(&self, level: usize) -> bool {
        self.file
            .is_some_and(|file| self.stack.creation().depth(file) == Some(level))
    }

    fn passing(&self, name: &str) -> Passing {
        match self.file {
            Some(file) => self.stack.passing(file, name),
            None => Passing::Unknown,
        }
    }

    fn read_at_create(&self, output: &str) -> Option<String> {
        let (reader, parent) = self.stack.read_at_create(self.file?, output)?;
        let url = &self.stack.stack.files[parent].url;
        let name = url.rsplit('/').next().unwrap_or(url);
        Some(format!("`{reader}` in {name}"))
    }
}

impl Stack {
    /// The nested templates of the whole stack, read once.
    pub fn nesting(&self) -> StackNesting<'_> {
        self.nesting_with(&mut GatherCache::default())
    }

    /// [`Stack::nesting`], reading each template's parameters and each
    /// environment's defaults once across the stacks that share `cache`.
    pub fn nesting_with(&self, cache: &mut GatherCache) -> StackNesting<'_> {
        let interfaces: Vec<Option<Arc<Interface>>> = self
            .files
            .iter()
            .map(|file| (file.role == Role::Nested).then(|| cache.interface(&file.url, &file.text)))
            .collect();
        let mut by_registry = HashMap::new();
        for environment in self.environments() {
            for reference in self.references_from(environment) {
                if let (ReferenceKind::Registry, Target::File(id)) =
                    (reference.kind, &reference.target)
                {
                    by_registry.insert(&*reference.written, *id);
                }
            }
        }
        let root_file = self.files.iter().find(|file| file.role == Role::Root);
        let root = root_file.map(|file| cache.interface(&file.url, &file.text));
        // The names alone, shared by every stack of this root.
        let root_parameters = root_file.zip(root.as_ref()).map(|(file, root)| {
            known_or(&mut cache.parameters, &file.url, || {
                root.parameters.iter().map(|p| p.name.clone()).collect()
            })
        });
        let defaults = self
            .environments()
            .map(|environment| {
                let file = &self.files[environment];
                if let Some(known) = cache.defaults.get(&*file.url) {
                    return Arc::clone(known);
                }
                let parsed = cache.parse_kept(&file.url, &file.text);
                let values = Arc::new(EnvironmentValues::read(parsed));
                cache
                    .defaults
                    .insert(file.url.to_string(), Arc::clone(&values));
                values
            })
            .collect();
        let mut deprecated = HashMap::new();
        for file in self
            .files
            .iter()
            .filter(|f| matches!(f.role, Role::Root | Role::Nested))
        {
            let names = known_or(&mut cache.deprecated, &file.url, || {
                deprecated_parameters(&template::parse(&file.text)).into()
            });
            for name in names.iter() {
                let by = file.url.rsplit('/').next().unwrap_or(&file.url).to_owned();
                deprecated.entry(name.clone()).or_insert(by);
            }
        }
        let mut declaring_order = HashMap::with_capacity(interfaces.len() + 1);
        let in_order = (root.iter().map(|interface| (interface, true))).chain(
            interfaces
                .iter()
                .flatten()
                .map(|interface| (interface, false)),
        );
        for (interface, is_root) in in_order {
            let order = declaring_order.len();
            (declaring_order.entry(Arc::as_ptr(interface) as usize)).or_insert((order, is_root));
        }
        let requested = (self.parameters.iter())
            .map(|(name, value)| {
                let value = Val::new(V::Str(value.clone()), TextRange::empty(0));
                (name.clone(), Arc::new(value))
            })
            .collect();
        StackNesting {
            interfaces,
            by_registry,
            defaults,
            requested,
            root_parameters,
            declarations: cache.declarations.clone(),
            declaring_order,
            deprecated,
            stack: self,
            creation: OnceLock::new(),
            root_uses: OnceLock::new(),
            uses_cache: cache.uses.clone(),
            uses_by_file: (0..self.files.len()).map(|_| OnceLock::new()).collect(),
            values: Default::default(),
            registry: self.registry_with(cache),
            resolutions: super::registry::Resolutions::sharing(Arc::clone(&cache.resolutions)),
            passings: Default::default(),
            // A file that is not there, or that no URL names, declares
            // nothing to Heat either (heatclient refuses to send the stack):
            // one Heat could read and heatwise did not leaves what the stack
            // declares unknown, and so does a missing one a resource uses
            // (see `is_complete`).
            complete: self.unread.is_empty()
                && self.references.iter().all(|r| {
                    matches!(
                        r.target,
                        Target::File(_)
                            | Target::Cycle(_)
                            | Target::Unread(ReadError::NotFound | ReadError::NotAUrl)
                    )
                }),
        }
    }
}

/// What `cache` keeps for `url`, worked out by `read` the first time.
fn known_or<T: Clone>(cache: &mut HashMap<String, T>, url: &str, read: impl FnOnce() -> T) -> T {
    if let Some(known) = cache.get(url) {
        return known.clone();
    }
    let value = read();
    cache.insert(url.to_owned(), value.clone());
    value
}

impl<'s> StackNesting<'s> {
    /// The registry, its resolutions shared by the files of the stack.
    pub fn type_mapping(&self) -> super::registry::SharedResolutions<'_> {
        super::registry::SharedResolutions {
            registry: &self.registry,
            resolutions: &self.resolutions,
        }
    }

    /// What the environments' `parameter_defaults` give `name`: a nested
    /// template's parameter that its parent does not pass takes it.
    pub(super) fn given_default(&self, name: &str) -> Option<Arc<Val>> {
        (self.defaults.iter().rev()).find_map(|given| given.default(name))
    }

    /// See [`StackFacts::given`].
    pub(super) fn given(&self, name: &str) -> Option<Arc<Val>> {
        if let Some((_, value)) = self.requested.iter().rev().find(|(n, _)| n == name) {
            return Some(Arc::clone(value));
        }
        let environments = || self.defaults.iter().rev();
        (environments().find_map(|given| given.parameter(name)))
            .or_else(|| environments().find_map(|given| given.default(name)))
    }

    /// The template the environments' registry maps the type `name` to.
    pub(super) fn registered(&self, name: &str) -> Option<FileId> {
        self.by_registry.get(name).copied()
    }

    /// Whether a file that is not there is one a resource Heat creates
    /// would be made of: a template a resource's type names, or one an
    /// environment maps a type to that a created template uses (any type,
    /// where one gives its types by a function). What it would declare is
    /// not known.
    fn misses_a_used_template(&self) -> bool {
        let missing = |r: &&Reference| {
            matches!(
                r.target,
                Target::Unread(ReadError::NotFound | ReadError::NotAUrl)
            )
        };
        let mut missing = self.stack.references.iter().filter(missing).peekable();
        if missing.peek().is_none() {
            return false;
        }
        missing.any(|r| match r.kind {
            ReferenceKind::Type => true,
            ReferenceKind::GetFile => false,
            ReferenceKind::Registry => self.creates_a_type_mapped_to(&r.written),
        })
    }

    /// Whether a resource Heat creates has a type the environments map to
    /// the template `written` (any type, where a template it makes a stack
    /// of gives its types by a function).
    pub(crate) fn creates_a_type_mapped_to(&self, written: &str) -> bool {
        let creation = self.creation();
        let used = |name: &str| {
            (creation.uses.iter().flatten())
                .any(|uses| uses.uses.iter().any(|u| !u.skipped && u.type_name == name))
        };
        creation.computed_types || self.registry.types_naming(written).any(used)
    }

    /// The templates of the stack that declare `name`: the root first
    /// (when it does), then the nested templates in the order of the files.
    fn declared(&self, name: &str) -> Vec<Declared> {
        let mut declared: Vec<(usize, Declared)> = (self.declarations.declaring(name).iter())
            .filter_map(|interface| {
                let &(order, root) = self
                    .declaring_order
                    .get(&(Arc::as_ptr(interface) as usize))?;
                Some((
                    order,
                    Declared {
                        root,
                        interface: Arc::clone(interface),
                    },
                ))
            })
            .collect();
        declared.sort_unstable_by_key(|(order, _)| *order);
        declared.into_iter().map(|(_, declared)| declared).collect()
    }

    /// Whether `interface` is one of the stack's templates.
    fn declares_in(&self, interface: &Arc<Interface>) -> bool {
        (self.declaring_order).contains_key(&(Arc::as_ptr(interface) as usize))
    }

    /// What the resources of `file`, whose `references` these are, reach.
    pub fn of(&self, file: Option<FileId>, references: &[Reference]) -> Nesting<'_> {
        let mut by_range: Vec<(TextRange, FileId)> = references
            .iter()
            .filter_map(|r| match (r.kind, &r.target) {
                (ReferenceKind::Type, Target::File(id)) => Some((r.range, *id)),
                _ => None,
            })
            .collect();
        // Stable: of two with one range, the first written comes first.
        by_range.sort_by_key(|(range, _)| *range);
        Nesting {
            stack: self,
            file,
            by_range,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_and_their_defaults() {
        let interface = Interface::read(
            "file:///t/app.yaml",
            "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string}\n  b: {type: string, default: x}\n  c: {type: string, default: null}\n  d:\n    <<: {default: 1}\n    type: number\n",
        );
        let defaults: Vec<(&str, bool)> = interface
            .parameters
            .iter()
            .map(|p| (p.name.as_str(), p.has_default))
            .collect();
        assert_eq!(
            defaults,
            [("a", false), ("b", true), ("c", false), ("d", true)]
        );
        assert_eq!(interface.name, "app.yaml");
    }
}
