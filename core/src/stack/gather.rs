//! The files of a stack, gathered as python-heatclient gathers them for
//! `openstack stack create` (`template_utils.get_template_contents` and
//! `process_multiple_environments_and_files`):
//!
//! - in a template, and in every template reached from it, each mapping
//!   entry `get_file: <string>` and `type: <string ending .yaml or
//!   .template>`, wherever it is (a group's member definition too), joined
//!   onto the template's directory;
//! - in an environment, each `resource_registry` entry whose value is a
//!   string without `::` (not `base_url`, `hooks`, `restricted_actions`),
//!   and each entry of a resource's mapping under `resources`, joined onto
//!   the registry's `base_url` (a resource's own first), else the
//!   environment's directory;
//! - a file that reads as a template (a mapping with a version key) is
//!   gathered in turn; any other is data.
//!
//! A stack Heat already keeps is read as Heat's engine reads it instead
//! ([`Lookup::Stored`]): each name is looked up, as written, among the
//! files the stack was created with (`stack.t.files`), wherever it is
//! written, nested templates included; the registry's `base_url` means
//! nothing there, and a `get_file` target is data whatever it holds.
//!
//! Every file is read once, however many references reach it. Nothing
//! here touches a file system: files come through a [`FileProvider`], so
//! that the CLI, the language server and the browser can each supply them.
//! The walk keeps its own stack (no recursion on the input) and stops at
//! [`MAX_STACK_FILES`] files.

use std::sync::{Arc, Mutex};

use crate::hash::{HashMap, HashMapExt};
use crate::template::{self, Parsed};
use crate::text::TextRange;

use super::names::{apart, registry_references, template_references, Found};

mod cache;

pub use super::names::{Lookup, ReferenceKind};
use super::url;
pub(crate) use cache::sent_len;
use cache::Learned;
pub use cache::SentLengths;

/// Most files one stack gathers (a rendered TripleO tree has about 1,100).
pub const MAX_STACK_FILES: usize = 20_000;

/// Reads the files a stack names, by URL.
pub trait FileProvider {
    /// The content at `url` (`file:` URLs for local files).
    fn read(&self, url: &str) -> Result<Content, ReadError>;
}

/// What a file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    Text(String),
    /// Not UTF-8: heatclient sends it base64-encoded, as data.
    Binary,
}

/// Why a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// There is no such file.
    NotFound,
    /// A URL heatwise does not fetch (it reads nothing from the network).
    Remote,
    /// Not a URL at all, which heatclient cannot open ("unknown url
    /// type"): a `base_url` without a scheme gives such names.
    NotAUrl,
    /// The file is there but cannot be read: why.
    Unreadable(String),
    /// Not read: the name leaves the project's directory, beyond which
    /// heatwise reads nothing of a project.
    OutsideProject,
    /// Not among the files Heat keeps for the stack, which its engine
    /// looks a name up in as written ([`Lookup::Stored`]); it fetches a
    /// template it lacks only over http or https, and a `get_file` target
    /// never.
    NotStored,
    /// A template python-heatclient does not send (a registry value
    /// holding `::`), which Heat's engine fetches itself and refuses to:
    /// Heat's message.
    RefusedByEngine(String),
}

/// What a file is to the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The template the stack is created from.
    Root,
    /// An environment, in the order given.
    Environment,
    /// A template reached from another file.
    Nested,
    /// A `get_file` target or registry target that is not a template.
    Data,
}

/// Index of a file in [`Stack::files`].
pub type FileId = usize;

/// One file of the stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackFile {
    /// Its URL, as heatclient names it in the files it sends. Shared by
    /// every stack built on the same gathering.
    pub url: Arc<str>,
    pub role: Role,
    /// Its text; empty for binary data. Shared by every stack gathered
    /// with the same cache.
    pub text: Arc<str>,
}

/// What a reference reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    File(FileId),
    /// A template that is being gathered when it is reached again: the
    /// templates nest in a cycle.
    Cycle(FileId),
    /// Nothing: why.
    Unread(ReadError),
    /// Not read: the stack already has [`MAX_STACK_FILES`] files.
    OverLimit,
}

/// A file named by another, where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub from: FileId,
    /// The value naming the file, in the referring file.
    pub range: TextRange,
    pub kind: ReferenceKind,
    /// The value as written.
    pub written: Arc<str>,
    /// What heatclient joins it to.
    pub url: Arc<str>,
    pub target: Target,
    /// Whether the file reached is read as a template (a mapping with a
    /// version key), not as data.
    pub reaches_template: bool,
    /// When it reaches a template: at most how long the text heatclient
    /// sends for it is (`sent_bound`; `u64::MAX` when not known).
    pub sent_bound: u64,
    /// When it reaches a template heatclient may send as more than the
    /// lint's `max_template_size`: the length of what it sends
    /// (`sent_len`). Gathering leaves it out; the linter measures it.
    pub sent_len: Option<u64>,
    /// A registry entry Heat's engine would fetch and refuse
    /// ([`ReadError::RefusedByEngine`]) that no resource Heat creates
    /// uses: the engine never reads it. Gathering leaves it false; the
    /// linter decides.
    pub unused: bool,
}

/// A root template, its environments and every file they reach.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stack {
    pub files: Vec<StackFile>,
    pub references: Vec<Reference>,
    /// The root and the environments that could not be read, with why.
    pub unread: Vec<(String, ReadError)>,
    /// The values the create request gives the root's parameters
    /// (`openstack stack create -P NAME=VALUE`): over every environment's.
    /// Gathering leaves it empty; whoever makes the request sets it.
    pub parameters: Vec<(String, String)>,
    /// How its names reached files.
    pub lookup: Lookup,
}

impl Stack {
    /// A copy whose names (URLs, names as written) are its own, each
    /// shared within it as in this one; the texts stay shared (see
    /// [`GatherCache::for_another_thread`]).
    fn apart(&self) -> Stack {
        let mut copies: HashMap<*const u8, Arc<str>> = HashMap::new();
        let mut own = |name: &Arc<str>| {
            Arc::clone(copies.entry(name.as_ptr()).or_insert_with(|| apart(name)))
        };
        let files = (self.files.iter())
            .map(|file| StackFile {
                url: own(&file.url),
                role: file.role,
                text: Arc::clone(&file.text),
            })
            .collect();
        let references = (self.references.iter())
            .map(|reference| Reference {
                written: own(&reference.written),
                url: own(&reference.url),
                target: reference.target.clone(),
                ..*reference
            })
            .collect();
        Stack {
            files,
            references,
            unread: self.unread.clone(),
            parameters: self.parameters.clone(),
            lookup: self.lookup,
        }
    }

    /// Gathers the stack created from `root` with `environments`, in
    /// order, all given as URLs.
    pub fn gather(root: &str, environments: &[String], provider: &dyn FileProvider) -> Stack {
        Stack::gather_with(root, environments, provider, &mut GatherCache::default())
    }

    /// The environments alone, and what they reach, with no root: what an
    /// editor knows of an environment file opened outside a stack.
    pub fn gather_environments(environments: &[String], provider: &dyn FileProvider) -> Stack {
        Stack::gather_with("", environments, provider, &mut GatherCache::default())
    }

    /// [`Stack::gather`], reading each file and finding its names once
    /// across the stacks gathered with the same `cache` (one per
    /// combination of environments, say).
    pub fn gather_with(
        root: &str,
        environments: &[String],
        provider: &dyn FileProvider,
        cache: &mut GatherCache,
    ) -> Stack {
        Stack::gather_looking_up(Lookup::Joined, root, environments, provider, cache)
    }

    /// The stack Heat keeps, created from `root` with `environments` (as
    /// `provider` names them): every other file a name reaches looked up
    /// in `provider` by the name as written, as Heat's engine looks it up
    /// in the stack's stored files.
    pub fn gather_stored(
        root: &str,
        environments: &[String],
        provider: &dyn FileProvider,
        cache: &mut GatherCache,
    ) -> Stack {
        Stack::gather_looking_up(Lookup::Stored, root, environments, provider, cache)
    }

    /// [`Stack::gather`] or [`Stack::gather_stored`], as `lookup` says.
    pub fn gather_looking_up(
        lookup: Lookup,
        root: &str,
        environments: &[String],
        provider: &dyn FileProvider,
        cache: &mut GatherCache,
    ) -> Stack {
        // Gathering reads the root, then each environment in order: the
        // stack of a list of environments is that of the longest list it
        // starts with that was gathered before, followed by the rest.
        let key = |n: usize| (lookup, root.to_owned(), environments[..n].to_vec());
        let known = (0..=environments.len())
            .rev()
            .find_map(|n| Some((n, Arc::clone(cache.gathered.get(&key(n))?))));
        let mut gatherer = Gatherer {
            provider,
            stack: Stack {
                lookup,
                ..Stack::default()
            },
            index: HashMap::new(),
            cache,
        };
        let had_prefix = known.is_some();
        let start = match known {
            Some((n, prefix)) => {
                (gatherer.stack, gatherer.index) = (*prefix).clone();
                n
            }
            None => {
                if root.is_empty() {
                    // No root: the environments alone.
                } else if let Some(root) = gatherer.read_given(root, Role::Root) {
                    gatherer.walk_templates(root);
                }
                0
            }
        };
        for (n, environment) in environments.iter().enumerate().skip(start) {
            // Kept for the lists other stacks build on: the stack with all
            // but the last environment (one combination each), not every
            // combination.
            if n + 1 == environments.len() && !(n == start && had_prefix) {
                gatherer.keep_prefix(key(n));
            }
            if let Some(id) = gatherer.read_given(environment, Role::Environment) {
                gatherer.walk_environment(id);
            }
        }
        gatherer.stack
    }

    /// The file with this URL.
    pub fn file(&self, url: &str) -> Option<FileId> {
        self.files.iter().position(|file| &*file.url == url)
    }

    /// The references written in `file`.
    pub fn references_from(&self, file: FileId) -> impl Iterator<Item = &Reference> {
        self.references.iter().filter(move |r| r.from == file)
    }

    /// The environments, in order.
    pub fn environments(&self) -> impl Iterator<Item = FileId> + '_ {
        (0..self.files.len()).filter(|&id| self.files[id].role == Role::Environment)
    }
}

/// What gathering learns of a file that does not depend on the stack it
/// is in: its content, whether it is a template, the names it holds.
/// A clone shares the texts and interfaces read so far.
#[derive(Clone, Default)]
pub struct GatherCache {
    /// By URL: the text read (`None`: binary), or why not.
    read: HashMap<String, Result<Option<Arc<str>>, ReadError>>,
    /// By URL: the text this cache and its clones read last, so that
    /// threads that each read a file share one copy of it, which the lint
    /// memo recognises by its pointer rather than by comparing the texts.
    texts: Arc<Mutex<HashMap<String, Arc<str>>>>,
    is_template: HashMap<String, bool>,
    /// By URL: the length of the text heatclient sends for a template,
    /// measured when a lint needs it; shared by the clones.
    sent: SentLengths,
    /// By URL: [`sent_bound`] of a template.
    bounds: HashMap<String, u64>,
    /// By whether the file is an environment, how names are looked up and
    /// the file's URL.
    references: HashMap<(bool, Lookup, Arc<str>), Vec<Found>>,
    /// By URL: a nested template's parameters; what an environment gives
    /// parameters; a root template's parameters.
    pub(super) interfaces: HashMap<String, Arc<super::Interface>>,
    pub(super) defaults: HashMap<String, Arc<super::environment_values::EnvironmentValues>>,
    /// By URL: what a nested template passes the templates it uses.
    pub(super) uses: super::uses::UsesCache,
    pub(super) parameters: HashMap<String, Arc<[String]>>,
    /// By the environments' URLs, in order: their registries laid over
    /// each other.
    pub(super) registries: HashMap<Vec<String>, super::Registry>,
    /// By URL: the parameters a template's `parameter_groups` deprecate.
    pub(super) deprecated: HashMap<String, Arc<[String]>>,
    /// By URL: a nested template's or an environment's parse, read once
    /// for the gathering, its uses, its values and its first lint.
    parsed: HashMap<String, Arc<Parsed>>,
    /// By parameter name: the templates of `interfaces` that declare it.
    pub(super) declarations: super::interface::DeclarationIndex,
    /// By how names are looked up, the root and a list of environments:
    /// the stack gathered from them and where each file is, for the
    /// stacks whose environments start with that list.
    gathered: HashMap<GatheredKey, Arc<Gathered>>,
    /// By URL: what [`GatherCache::learn`] read of a file, shared by the
    /// clones, so that threads each reaching a file parse it once.
    learned: Arc<Mutex<HashMap<String, Arc<Learned>>>>,
    /// What the stacks read with this cache and its clones resolved their
    /// types to, for the others whose registries hold the same entries.
    pub(super) resolutions: Arc<super::registry::AcrossStacks>,
}

/// How names are looked up, the root, the environments in order.
type GatheredKey = (Lookup, String, Vec<String>);

/// A stack gathered, and where each of its files is.
type Gathered = (Stack, HashMap<Arc<str>, FileId>);

/// Most gathered stacks a cache keeps to build on.
const MAX_GATHERED: usize = 64;

struct Gatherer<'p, 'c> {
    provider: &'p dyn FileProvider,
    stack: Stack,
    /// By URL, each file gathered: shared names, for a stack built on a
    /// kept one (each combination of environments) copies it whole.
    index: HashMap<Arc<str>, FileId>,
    cache: &'c mut GatherCache,
}

impl Gatherer<'_, '_> {
    /// The text at `url` (`None`: binary), read once per cache.
    fn read(&mut self, url: &str) -> Result<Option<Arc<str>>, ReadError> {
        self.cache.read_once(url, self.provider)
    }

    /// The names a file holds (a template's, or an environment's
    /// registry's), found once per URL.
    fn references_of(&mut self, id: FileId) -> Vec<Found> {
        let file = &self.stack.files[id];
        let lookup = self.stack.lookup;
        let key = (file.role == Role::Environment, lookup, file.url.clone());
        if let Some(known) = self.cache.references.get(&key) {
            return known.clone();
        }
        let found = match file.role {
            Role::Environment => {
                let (url, text) = (file.url.clone(), Arc::clone(&file.text));
                let parsed = self.cache.parse_kept(&url, &text);
                registry_references(parsed.borrow_dependent(), &url, lookup)
            }
            _ => template_references(&template::parse(&file.text), &file.url, lookup),
        };
        self.cache.references.insert(key, found.clone());
        found
    }

    fn add(&mut self, url: &str, role: Role, text: Arc<str>) -> FileId {
        let id = self.stack.files.len();
        let url: Arc<str> = Arc::from(url);
        self.stack.files.push(StackFile {
            url: Arc::clone(&url),
            role,
            text,
        });
        self.index.insert(url, id);
        id
    }

    /// The root or an environment.
    fn read_given(&mut self, url: &str, role: Role) -> Option<FileId> {
        match self.read(url) {
            Ok(Some(text)) => {
                // The root learned as the templates it reaches are: what a
                // clone of this cache learned ahead of the gathering (its
                // parse, references and interface) is taken up, not read
                // again (the root of a TripleO tree is its largest file).
                if role == Role::Root {
                    self.cache.learn(url, &text, self.stack.lookup);
                }
                Some(self.add(url, role, text))
            }
            Ok(None) => {
                let why = ReadError::Unreadable("it is not UTF-8 text".to_owned());
                self.stack.unread.push((url.to_owned(), why));
                None
            }
            Err(why) => {
                self.stack.unread.push((url.to_owned(), why));
                None
            }
        }
    }

    /// Keeps the stack gathered so far, for stacks with more environments.
    fn keep_prefix(&mut self, key: GatheredKey) {
        if self.cache.gathered.len() < MAX_GATHERED {
            let state = (self.stack.clone(), self.index.clone());
            self.cache.gathered.insert(key, Arc::new(state));
        }
    }

    /// The templates reached from `start`, depth first as heatclient
    /// reads them: `open` is the path of templates being gathered.
    fn walk_templates(&mut self, start: FileId) {
        let mut open: Vec<(FileId, std::vec::IntoIter<Found>)> =
            vec![(start, self.references_of(start).into_iter())];
        while let Some((from, pending)) = open.last_mut() {
            let from = *from;
            let Some(found) = pending.next() else {
                open.pop();
                continue;
            };
            let on_path = |id: FileId, open: &[(FileId, _)]| open.iter().any(|(o, _)| *o == id);
            let target = match self.index.get(&*found.url) {
                Some(&id) if on_path(id, &open) => Target::Cycle(id),
                Some(&id) => {
                    if self.becomes_nested(id, found.kind) {
                        let references = self.references_of(id);
                        open.push((id, references.into_iter()));
                    }
                    Target::File(id)
                }
                None => match self.read_reached(&found.url, found.kind) {
                    Ok(id) => {
                        if self.stack.files[id].role == Role::Nested {
                            let references = self.references_of(id);
                            open.push((id, references.into_iter()));
                        }
                        Target::File(id)
                    }
                    Err(target) => target,
                },
            };
            let (reaches_template, sent_bound) = self.reached(&target);
            self.stack.references.push(Reference {
                from,
                range: found.range,
                kind: found.kind,
                written: found.written,
                url: found.url,
                target,
                reaches_template,
                sent_bound,
                sent_len: None,
                unused: false,
            });
        }
    }

    /// Whether `target` is a template, and the bound of what heatclient
    /// sends for it.
    fn reached(&self, target: &Target) -> (bool, u64) {
        match *target {
            Target::File(id) | Target::Cycle(id) => {
                let file = &self.stack.files[id];
                let bound = self.cache.bounds.get(&*file.url).copied();
                (file.role != Role::Data, bound.unwrap_or(u64::MAX))
            }
            _ => (false, u64::MAX),
        }
    }

    /// A file a reference of `kind` reaches, read once: a template or
    /// data.
    fn read_reached(&mut self, url: &str, kind: ReferenceKind) -> Result<FileId, Target> {
        if self.stack.files.len() >= MAX_STACK_FILES {
            return Err(Target::OverLimit);
        }
        let stored = self.stack.lookup == Lookup::Stored;
        if !stored && url::scheme(url).is_none() {
            return Err(Target::Unread(ReadError::NotAUrl));
        }
        match self.read(url) {
            Ok(Some(text)) => {
                let template = match self.cache.is_template.get(url) {
                    Some(&known) => known,
                    None => self.cache.learn(url, &text, self.stack.lookup),
                };
                // The engine reads a `get_file` target as it is, and
                // heatclient gathers what any template it reads names.
                let nested = template && !(stored && kind == ReferenceKind::GetFile);
                let role = if nested { Role::Nested } else { Role::Data };
                Ok(self.add(url, role, text))
            }
            Ok(None) => Ok(self.add(url, Role::Data, Arc::from(""))),
            Err(why) if stored => Err(Target::Unread(not_stored(url, kind, why))),
            Err(why) => Err(Target::Unread(why)),
        }
    }

    /// Whether the file `id`, read so far as data a `get_file` of a
    /// stored stack names, is a template a reference of `kind` makes the
    /// engine read as one: it is nested from now on.
    fn becomes_nested(&mut self, id: FileId, kind: ReferenceKind) -> bool {
        let file = &self.stack.files[id];
        let template = self.cache.is_template.get(&*file.url) == Some(&true);
        if self.stack.lookup == Lookup::Stored
            && kind != ReferenceKind::GetFile
            && file.role == Role::Data
            && template
        {
            self.stack.files[id].role = Role::Nested;
            return true;
        }
        false
    }

    fn walk_environment(&mut self, environment: FileId) {
        for found in self.references_of(environment) {
            let target = match self.index.get(&*found.url) {
                // Not sent, and so not read here: Heat's engine fetches it.
                _ if found.fetched_by_engine => Target::Unread(
                    super::engine_fetch::refusal(&found.written)
                        .map_or(ReadError::Remote, ReadError::RefusedByEngine),
                ),
                Some(&id) => {
                    if self.becomes_nested(id, found.kind) {
                        self.walk_templates(id);
                    }
                    Target::File(id)
                }
                None => match self.read_reached(&found.url, found.kind) {
                    Ok(id) => {
                        if self.stack.files[id].role == Role::Nested {
                            self.walk_templates(id);
                        }
                        Target::File(id)
                    }
                    Err(target) => target,
                },
            };
            let (reaches_template, sent_bound) = self.reached(&target);
            self.stack.references.push(Reference {
                from: environment,
                range: found.range,
                kind: found.kind,
                written: found.written,
                url: found.url,
                target,
                reaches_template,
                sent_bound,
                sent_len: None,
                unused: false,
            });
        }
    }
}

/// Why the engine finds nothing for a name of a stored stack that is not
/// among its files: a template it fetches over http or https (not here),
/// anything else it refuses.
fn not_stored(name: &str, kind: ReferenceKind, why: ReadError) -> ReadError {
    let fetched =
        kind != ReferenceKind::GetFile && matches!(url::scheme(name), Some("http" | "https"));
    match why {
        ReadError::NotFound | ReadError::Remote | ReadError::NotAUrl if fetched => {
            ReadError::Remote
        }
        ReadError::NotFound | ReadError::Remote | ReadError::NotAUrl => ReadError::NotStored,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stack::MemoryFiles as Files;

    fn urls(stack: &Stack) -> Vec<(&str, Role)> {
        stack.files.iter().map(|f| (&*f.url, f.role)).collect()
    }

    /// A stack built on one gathered before (its environments and one
    /// more) is the stack gathered afresh, whichever came first.
    #[test]
    fn a_stack_with_one_more_environment_builds_on_the_one_before() {
        let files = Files(vec![
            ("file:///t/root.yaml", "heat_template_version: 2018-08-31\nresources:\n  a: {type: My::A}\n  b: {type: b.yaml}\n"),
            ("file:///t/b.yaml", "heat_template_version: 2018-08-31\n"),
            ("file:///t/a1.yaml", "heat_template_version: 2018-08-31\n"),
            ("file:///t/a2.yaml", "heat_template_version: 2018-08-31\nresources:\n  c: {type: b.yaml}\n"),
            ("file:///t/e1.yaml", "resource_registry:\n  My::A: a1.yaml\n"),
            ("file:///t/e2.yaml", "parameter_defaults: {x: 1}\n"),
            ("file:///t/e3.yaml", "resource_registry:\n  My::A: a2.yaml\n"),
        ]);
        let envs = |names: &[&str]| -> Vec<String> {
            names
                .iter()
                .map(|n| format!("file:///t/{n}.yaml"))
                .collect()
        };
        let root = "file:///t/root.yaml";
        let mut cache = GatherCache::default();
        for list in [
            &["e1", "e2"][..],
            &["e1", "e2", "e3"],
            &["e1", "e2", "e1"],
            &["e1"],
            &[],
        ] {
            let built = Stack::gather_with(root, &envs(list), &files, &mut cache);
            let fresh = Stack::gather(root, &envs(list), &files);
            assert_eq!(built, fresh, "{list:?}");
        }
        // The lists the combinations build on were kept, not each one.
        assert!(cache.gathered.len() <= 3, "{:?}", cache.gathered.keys());
    }

    /// A copy of the cache for another thread gathers the stacks the
    /// cache does, built on the stacks it kept, with names of its own and
    /// the texts shared.
    #[test]
    fn a_copy_for_another_thread_gathers_alike_with_names_of_its_own() {
        let files = Files(vec![
            ("file:///t/root.yaml", "heat_template_version: 2018-08-31\nresources:\n  a: {type: My::A}\n  b: {type: b.yaml}\n"),
            ("file:///t/b.yaml", "heat_template_version: 2018-08-31\n"),
            ("file:///t/a1.yaml", "heat_template_version: 2018-08-31\nresources:\n  c: {type: b.yaml}\n"),
            ("file:///t/e1.yaml", "resource_registry:\n  My::A: a1.yaml\n"),
            ("file:///t/e2.yaml", "resource_registry:\n  My::A: OS::Heat::None\n"),
        ]);
        let root = "file:///t/root.yaml";
        let base = ["file:///t/e1.yaml".to_owned()];
        let mut cache = GatherCache::default();
        let first = Stack::gather_with(root, &base, &files, &mut cache);
        let mut copy = cache.for_another_thread();
        for extra in ["e1", "e2"] {
            let envs = [base[0].clone(), format!("file:///t/{extra}.yaml")];
            let here = Stack::gather_with(root, &envs, &files, &mut cache);
            let there = Stack::gather_with(root, &envs, &files, &mut copy);
            assert_eq!(there, here, "{extra}");
            assert_eq!(there, Stack::gather(root, &envs, &files), "{extra}");
            for (theirs, first) in there.files.iter().zip(&first.files) {
                assert!(!Arc::ptr_eq(&theirs.url, &first.url), "{}", first.url);
                assert!(Arc::ptr_eq(&theirs.text, &first.text), "{}", first.url);
            }
            for theirs in &there.references {
                let alike = |r: &Reference| Arc::ptr_eq(&r.written, &theirs.written);
                assert!(!here.references.iter().any(alike), "{}", theirs.written);
            }
        }
    }

    /// An environment kept ahead (read and parsed to tell it apart) is
    /// gathered as one read afresh, and not read again: its text is the
    /// one kept, whatever the files say later.
    #[test]
    fn an_environment_kept_ahead_is_not_read_again() {
        let root_text = "heat_template_version: 2018-08-31\nresources:\n  a: {type: My::A}\n";
        let env_text = "resource_registry:\n  My::A: a.yaml\n";
        let files = |env: &'static str| {
            Files(vec![
                ("file:///t/root.yaml", root_text),
                ("file:///t/a.yaml", "heat_template_version: 2018-08-31\n"),
                ("file:///t/b.yaml", "heat_template_version: 2018-08-31\n"),
                ("file:///t/env.yaml", env),
            ])
        };
        let (root, envs) = ("file:///t/root.yaml", ["file:///t/env.yaml".to_owned()]);
        let kept: Arc<str> = Arc::from(env_text);
        let mut cache = GatherCache::default();
        cache.keep_environment(&envs[0], Arc::new(Parsed::of(Arc::clone(&kept))));
        // On disk the environment has changed since: what was kept is read.
        let changed = files("resource_registry:\n  My::A: b.yaml\n");
        let built = Stack::gather_with(root, &envs, &changed, &mut cache);
        assert_eq!(built, Stack::gather(root, &envs, &files(env_text)));
        let env = built.file(&envs[0]).unwrap();
        assert!(Arc::ptr_eq(&built.files[env].text, &kept));
        let parsed = cache.parsed(&envs[0], &built.files[env].text);
        assert!(parsed.is_some_and(|parsed| Arc::ptr_eq(parsed.borrow_owner(), &kept)));
    }

    #[test]
    fn gathers_nested_templates_get_file_and_registry_targets_once() {
        let files = Files(vec![
            (
                "file:///t/root.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  a: {type: nested/a.yaml}\n  b: {type: nested/a.yaml}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: ../shared/member.yaml}\n  s:\n    type: OS::Heat::SoftwareConfig\n    properties: {config: {get_file: scripts/run.sh}}\n",
            ),
            (
                "file:///t/nested/a.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  x: {type: OS::Heat::SoftwareConfig, properties: {config: {get_file: ../scripts/run.sh}}}\n",
            ),
            ("file:///shared/member.yaml", "heat_template_version: 2018-08-31\n"),
            ("file:///t/scripts/run.sh", "#!/bin/sh\necho hi\n"),
            (
                "file:///t/env/e.yaml",
                "resource_registry:\n  OS::App::Db: ../db.yaml\n  OS::Nova::Server: OS::Heat::None\n  resources:\n    web:\n      OS::App::Web: web.yaml\n",
            ),
            ("file:///t/db.yaml", "heat_template_version: 2018-08-31\n"),
            ("file:///t/env/web.yaml", "heat_template_version: 2018-08-31\n"),
        ]);
        let stack = Stack::gather(
            "file:///t/root.yaml",
            &["file:///t/env/e.yaml".to_owned()],
            &files,
        );
        assert_eq!(
            urls(&stack),
            [
                ("file:///t/root.yaml", Role::Root),
                ("file:///t/nested/a.yaml", Role::Nested),
                ("file:///t/scripts/run.sh", Role::Data),
                ("file:///shared/member.yaml", Role::Nested),
                ("file:///t/env/e.yaml", Role::Environment),
                ("file:///t/db.yaml", Role::Nested),
                ("file:///t/env/web.yaml", Role::Nested),
            ]
        );
        assert_eq!(stack.references.len(), 7);
        assert!(stack
            .references
            .iter()
            .all(|r| matches!(r.target, Target::File(_))));
        assert!(stack.unread.is_empty());
    }

    #[test]
    fn missing_files_cycles_and_remote_urls_are_said() {
        let files = Files(vec![
            (
                "file:///t/root.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  a: {type: a.yaml}\n  m: {type: gone.yaml}\n  r: {type: 'https://example.com/t.yaml'}\n",
            ),
            (
                "file:///t/a.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  back: {type: root.yaml}\n",
            ),
        ]);
        let stack = Stack::gather("file:///t/root.yaml", &[], &files);
        let targets: Vec<(&str, &Target)> = stack
            .references
            .iter()
            .map(|r| (&*r.written, &r.target))
            .collect();
        assert_eq!(
            targets,
            [
                ("a.yaml", &Target::File(1)),
                ("root.yaml", &Target::Cycle(0)),
                ("gone.yaml", &Target::Unread(ReadError::NotFound)),
                (
                    "https://example.com/t.yaml",
                    &Target::Unread(ReadError::Remote)
                ),
            ]
        );
        let missing = Stack::gather("file:///t/none.yaml", &[], &files);
        assert_eq!(
            missing.unread,
            [("file:///t/none.yaml".to_owned(), ReadError::NotFound)]
        );
    }

    /// Stacks gathered with one cache read each file once, and gather what
    /// they would alone.
    #[test]
    fn a_shared_cache_reads_each_file_once() {
        use std::cell::Cell;
        struct Counting(Files, Cell<usize>);
        impl FileProvider for Counting {
            fn read(&self, url: &str) -> Result<Content, ReadError> {
                self.1.set(self.1.get() + 1);
                self.0.read(url)
            }
        }
        let files = Counting(
            Files(vec![
                (
                    "file:///t/root.yaml",
                    "heat_template_version: 2018-08-31\nresources:\n  a: {type: a.yaml}\n",
                ),
                ("file:///t/a.yaml", "heat_template_version: 2018-08-31\n"),
                ("file:///t/e1.yaml", "resource_registry:\n  OS::X: a.yaml\n"),
                ("file:///t/e2.yaml", "parameter_defaults: {x: 1}\n"),
            ]),
            Cell::new(0),
        );
        let mut cache = GatherCache::default();
        let mut stacks = Vec::new();
        for environment in ["file:///t/e1.yaml", "file:///t/e2.yaml"] {
            let environments = [environment.to_owned()];
            let shared =
                Stack::gather_with("file:///t/root.yaml", &environments, &files, &mut cache);
            assert_eq!(
                shared,
                Stack::gather("file:///t/root.yaml", &environments, &files.0)
            );
            stacks.push(shared);
        }
        // root, a, e1, e2: four files, each read once.
        assert_eq!(files.1.get(), 4);
    }

    /// A stack Heat keeps: every name looked up as written, in nested
    /// templates too; a registry entry names a file only when it names a
    /// template; a `get_file` target is data, until a `type` names it.
    #[test]
    fn stored_stacks_find_files_by_the_names_as_written() {
        let files = Files(vec![
            (
                "file:///kept/root.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  t: {type: OS::Heat::SoftwareConfig, properties: {config: {get_file: b.yaml}}}\n  a: {type: tier/a.yaml}\n",
            ),
            (
                "tier/a.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  b: {type: b.yaml}\n  c: {type: c.yaml}\n",
            ),
            (
                "b.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::SoftwareConfig, properties: {config: {get_file: run.sh}}}\n",
            ),
            ("run.sh", "#!/bin/sh\n"),
            (
                "file:///kept/env.yaml",
                "resource_registry:\n  base_url: /elsewhere\n  OS::App: b.yaml\n  OS::Script: run.sh\n  OS::Gone: gone.yaml\n  OS::Far: 'https://example.com/far.yaml'\n",
            ),
        ]);
        let stack = Stack::gather_stored(
            "file:///kept/root.yaml",
            &["file:///kept/env.yaml".to_owned()],
            &files,
            &mut GatherCache::default(),
        );
        assert_eq!(stack.lookup, Lookup::Stored);
        assert_eq!(
            urls(&stack),
            [
                ("file:///kept/root.yaml", Role::Root),
                ("b.yaml", Role::Nested),
                ("tier/a.yaml", Role::Nested),
                ("run.sh", Role::Data),
                ("file:///kept/env.yaml", Role::Environment),
            ]
        );
        let targets: Vec<(&str, &Target)> = stack
            .references
            .iter()
            .map(|r| (&*r.written, &r.target))
            .collect();
        assert_eq!(
            targets,
            [
                // Read as data first, then as the template `a` names.
                ("b.yaml", &Target::File(1)),
                ("tier/a.yaml", &Target::File(2)),
                ("b.yaml", &Target::File(1)),
                ("run.sh", &Target::File(3)),
                ("c.yaml", &Target::Unread(ReadError::NotStored)),
                ("b.yaml", &Target::File(1)),
                ("gone.yaml", &Target::Unread(ReadError::NotStored)),
                (
                    "https://example.com/far.yaml",
                    &Target::Unread(ReadError::Remote)
                ),
            ]
        );
        // The same files gathered as heatclient gathers files on disk
        // reach nothing but the root's own folder.
        let joined = Stack::gather("file:///kept/root.yaml", &[], &files);
        assert!(joined
            .references
            .iter()
            .all(|r| matches!(r.target, Target::Unread(ReadError::NotFound))));
    }

    #[test]
    fn a_base_url_moves_registry_targets() {
        let files = Files(vec![
            ("file:///t/root.yaml", "heat_template_version: 2018-08-31\n"),
            (
                "file:///t/e.yaml",
                "resource_registry:\n  base_url: /opt/tht\n  OS::A: a.yaml\n  resources:\n    r: {base_url: 'file:///elsewhere/', OS::B: b.yaml}\n",
            ),
        ]);
        let stack = Stack::gather(
            "file:///t/root.yaml",
            &["file:///t/e.yaml".to_owned()],
            &files,
        );
        let joined: Vec<&str> = stack.references.iter().map(|r| &*r.url).collect();
        assert_eq!(joined, ["/opt/tht/a.yaml", "file:///elsewhere/b.yaml"]);
    }

    /// What heatclient sends for a nested template, measured as Python's
    /// `json.dumps` writes it (the length checked with Python).
    #[test]
    fn the_length_heatclient_sends() {
        let text = concat!(
            "heat_template_version: 2018-08-31\nresources:\n  x:\n    type: inner.yaml\n",
            "    properties: {a: \"é😀\\x7f\\n\", b: [1, 2.5, null, true, 1.0e+20]}\n",
            "outputs:\n  o: {value: {get_file: data/x.txt}}\n",
        );
        let parsed = Parsed::of(Arc::from(text));
        let tree = parsed.borrow_dependent().tree();
        assert_eq!(sent_len(text, tree, "file:///t/app.yaml"), Some(245));
    }
}
