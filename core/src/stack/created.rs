//! The nested stacks Heat makes when it creates a stack, and the values
//! their parameters get. A template is made a stack of when a created
//! template uses it through a resource Heat creates: not one whose
//! condition is false with the stack's values (the root's from its
//! environments and the create request, a nested template's from what
//! its uses pass, else `parameter_defaults`, else its own defaults), nor
//! a member of a ResourceGroup with `count: 0`; Heat judges nothing of
//! what only they would nest. A nested template's parameter has the value every use of
//! it passes, followed up through `get_param` to the root.

use std::sync::{Arc, PoisonError};

use crate::hash::{HashMap, HashMapExt};
use crate::template::value::Val;
use crate::text::TextRange;

use super::creation::{Creation, Passing};
use super::gather::{FileId, ReferenceKind, Role, Target};
use super::nesting::StackNesting;
use super::registry::{Registry, Resolution, TypeMapping};
use super::uses::{Passed, Uses};

/// The templates a file's uses name: (index of the use, the file).
type Children = Vec<(usize, FileId)>;

/// What every round of reading the creation finds the same: the
/// templates each file's types name, what the registry maps each type to,
/// and the templates each file's uses name.
struct Named {
    /// By file, the templates its types name, sorted by range (for
    /// `children` to find a use's by halving: a chain's template uses a
    /// hundred services, each looked up). Small lists: one large table for
    /// every stack of a tree costs more than it saves.
    by_type: Vec<Vec<(TextRange, FileId)>>,
    /// What the registry maps each type to (by name).
    resolved: HashMap<String, Option<FileId>>,
    /// By file, the templates its uses name, read with its defaults.
    by_defaults: Vec<Option<Children>>,
    /// By file, the templates its uses name, read with the values passed
    /// to it, and those uses.
    with_values: HashMap<FileId, (Arc<Uses>, Children)>,
}

impl Named {
    /// The templates `file`'s uses name with its defaults, once read
    /// (`read_by_defaults`).
    fn by_defaults(&self, file: FileId) -> &[(usize, FileId)] {
        self.by_defaults[file].as_deref().unwrap_or_default()
    }

    fn new(nesting: &StackNesting<'_>) -> Named {
        let files = nesting.stack.files.len();
        let mut by_type: Vec<Vec<(TextRange, FileId)>> = vec![Vec::new(); files];
        for reference in &nesting.stack.references {
            if let (ReferenceKind::Type, Target::File(id)) = (reference.kind, &reference.target) {
                by_type[reference.from].push((reference.range, *id));
            }
        }
        for named in &mut by_type {
            named.sort_by_key(|(range, _)| *range);
        }
        Named {
            by_type,
            resolved: HashMap::new(),
            by_defaults: vec![None; files],
            with_values: HashMap::new(),
        }
    }
}

/// By file, its deepest level below the root along the uses that create
/// it, the files read in `order`: each after every template that uses it
/// (the gathering left out cycles), so one reading settles each.
fn depths(files: usize, creation: &Creation, order: &[FileId]) -> Vec<Option<usize>> {
    let mut depth: Vec<Option<usize>> = (0..files)
        .map(|file| (creation.created[file] && creation.parents(file).is_none()).then_some(0))
        .collect();
    for &child in order {
        let Some(parents) = creation.parents(child) else {
            continue;
        };
        let deepest = (parents.iter())
            .filter_map(|&(parent, index)| Some(depth[parent]? + levels(creation, parent, index)))
            .max();
        if let Some(level) = deepest {
            if depth[child].is_none_or(|known| known < level) {
                depth[child] = Some(level);
            }
        }
    }
    depth
}

/// How many levels below `parent` its use `index` makes a stack: one for
/// a template resource; two for a member of a group or a chain, whose
/// resource is a nested stack of its own that holds the member.
fn levels(creation: &Creation, parent: FileId, index: usize) -> usize {
    let member = (creation.uses[parent].as_ref())
        .and_then(|uses| uses.uses.get(index))
        .is_some_and(|used| used.resource.is_none());
    if member {
        2
    } else {
        1
    }
}

/// How deep [`StackNesting::value_in`] follows `get_param` up the stack.
const MAX_DEPTH: usize = 16;

thread_local! {
    /// The deepest level [`StackNesting::value_in`] reached while
    /// following one value, and whether it reached [`MAX_DEPTH`]: a value
    /// found short of it is the same wherever it is asked from, as long
    /// as that is as far from the limit.
    static FOLLOWED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    static LIMITED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl StackNesting<'_> {
    /// What Heat creates of this stack, worked out once asked.
    pub(super) fn creation(&self) -> &Creation {
        self.creation.get_or_init(|| self.follow_creation())
    }

    fn follow_creation(&self) -> Creation {
        let files = &self.stack.files;
        let roots: Vec<FileId> = (0..files.len())
            .filter(|&id| files[id].role == Role::Root)
            .collect();
        // The templates a file uses only with the values its uses pass it
        // (a chain's members a parameter lists): found as the files are
        // read, then read again in an order that has them, until no more
        // are found. Each round finds one more level at least.
        let mut extra: Vec<Vec<(usize, FileId)>> = vec![Vec::new(); files.len()];
        let mut named = Named::new(self);
        let (mut creation, mut found_more) = self.creation_round(&roots, &mut named, &mut extra);
        for _ in 0..files.len() {
            if !found_more {
                break;
            }
            (creation, found_more) = self.creation_round(&roots, &mut named, &mut extra);
        }
        creation
    }

    /// One reading of what Heat creates, and whether it found uses that
    /// only the values make (added to `extra`): then read it again.
    fn creation_round(
        &self,
        roots: &[FileId],
        named: &mut Named,
        extra: &mut [Vec<(usize, FileId)>],
    ) -> (Creation, bool) {
        let files = &self.stack.files;
        let mut creation = Creation {
            created: vec![false; files.len()],
            named: vec![false; files.len()],
            computed_types: false,
            depths: Vec::new(),
            by_child: vec![Vec::new(); files.len()],
            uses: vec![None; files.len()],
        };
        let order = self.in_order_of_use(roots, named, extra);
        for &root in roots {
            creation.created[root] = true;
        }
        let mut found_more = false;
        // Each template after every one that uses it: the values its
        // conditions read are known (what its uses pass) when it is read.
        // Only created templates are read: what the others use is decided
        // by whether they are created.
        for &file in &order {
            if !creation.created[file] {
                continue;
            }
            let Some(uses) = self.uses_created(&creation, file) else {
                continue;
            };
            creation.computed_types |= uses.computed_types;
            let by_defaults = self.uses(file);
            if by_defaults.is_some_and(|d| !Arc::ptr_eq(d, &uses) && d.uses.len() < uses.uses.len())
            {
                // What the defaults name and earlier rounds found (`extra`)
                // is known: the rest is new.
                let with_values = self.children_with_values(file, &uses, named);
                let known = named.by_defaults(file);
                for found in with_values {
                    if !known.contains(&found) && !extra[file].contains(&found) {
                        extra[file].push(found);
                        found_more = true;
                    }
                }
            }
            for &(index, child) in named.by_defaults(file).iter().chain(&extra[file]) {
                creation.named[child] = true;
                if uses.uses[index].skipped {
                    continue;
                }
                creation.by_child[child].push((file, index));
                creation.created[child] = true;
            }
            creation.uses[file] = Some(uses);
        }
        // Read again when it found more: only the last reading's depths
        // are asked.
        if !found_more {
            creation.depths = depths(files.len(), &creation, &order);
        }
        (creation, found_more)
    }

    /// Every template the `roots` reach through their uses (those the
    /// defaults name, then those `extra`), each after all that use it (the
    /// gathering left out cycles).
    fn in_order_of_use(
        &self,
        roots: &[FileId],
        named: &mut Named,
        extra: &[Vec<(usize, FileId)>],
    ) -> Vec<FileId> {
        let count = self.stack.files.len();
        let mut seen = vec![false; count];
        let mut finished = Vec::new();
        for &root in roots {
            if seen[root] {
                continue;
            }
            seen[root] = true;
            let mut open: Vec<(FileId, usize)> = vec![(root, 0)];
            self.read_by_defaults(root, named);
            while let Some(&mut (file, ref mut next)) = open.last_mut() {
                let by_defaults = named.by_defaults(file);
                let used = match by_defaults.get(*next) {
                    Some(used) => Some(used),
                    None => extra[file].get(*next - by_defaults.len()),
                };
                let Some(&(_, child)) = used else {
                    finished.push(file);
                    open.pop();
                    continue;
                };
                *next += 1;
                if !seen[child] {
                    seen[child] = true;
                    self.read_by_defaults(child, named);
                    open.push((child, 0));
                }
            }
        }
        finished.reverse();
        finished
    }

    /// Works out the templates `file` uses, its uses read with its
    /// parameters' defaults (the same in every round), into
    /// `named.by_defaults`.
    fn read_by_defaults(&self, file: FileId, named: &mut Named) {
        if named.by_defaults[file].is_some() {
            return;
        }
        let found = match self.uses(file) {
            Some(uses) => self.children(file, uses, named),
            None => Vec::new(),
        };
        named.by_defaults[file] = Some(found);
    }

    /// The templates `file` uses, its uses read with the values passed to
    /// it (the same in a later round that passes the same values: the
    /// same uses).
    fn children_with_values(&self, file: FileId, uses: &Arc<Uses>, named: &mut Named) -> Children {
        if let Some((read, known)) = named.with_values.get(&file) {
            if Arc::ptr_eq(read, uses) {
                return known.clone();
            }
        }
        let found = self.children(file, uses, named);
        (named.with_values).insert(file, (Arc::clone(uses), found.clone()));
        found
    }

    /// The templates `file` uses: (index of the use, the file it names).
    fn children(&self, file: FileId, uses: &Uses, named: &mut Named) -> Children {
        let Named {
            by_type, resolved, ..
        } = named;
        let registry: &Registry = &self.registry;
        // Made when a use first needs it: most uses name their file.
        let maps_something = !registry.maps_nothing();
        let mut resolver = None;
        (uses.uses.iter().enumerate())
            .filter_map(|(index, used)| {
                let written = (used.type_range).and_then(|range| {
                    let named = &by_type[file];
                    let at = named.partition_point(|(at, _)| *at < range);
                    let &(found, child) = named.get(at)?;
                    (found == range).then_some(child)
                });
                if let Some(child) = written {
                    return Some((index, child));
                }
                // A type the environments map to a template (the same for
                // every resource, unless entries are scoped to some).
                if !maps_something {
                    return None;
                }
                let mut resolve = || {
                    let resolver = resolver.get_or_insert_with(|| registry.resolver());
                    match resolver(&used.type_name, used.resource.as_deref(), &|_| false) {
                        Resolution::Template(name) => self.registered(&name),
                        _ => None,
                    }
                };
                let scoped = used
                    .resource
                    .as_deref()
                    .is_some_and(|r| registry.has_scoped_for(r));
                let child = if scoped {
                    resolve()
                } else if let Some(&known) = resolved.get(&used.type_name) {
                    known
                } else {
                    let child = resolve();
                    resolved.insert(used.type_name.clone(), child);
                    child
                };
                Some((index, child?))
            })
            .collect()
    }

    /// Whether Heat makes a stack of `file` when it creates this one, or
    /// may: `false` only where every use of it is decidedly left out.
    pub fn may_create(&self, file: FileId) -> bool {
        self.creation().may_create(file)
    }

    /// A resource Heat creates that reads the output `output` of `file`
    /// (a nested template) with `get_attr`, and the template it is in:
    /// the create resolves the output when it creates that resource.
    pub fn read_at_create(&self, file: FileId, output: &str) -> Option<(&str, FileId)> {
        let creation = self.creation();
        let parents = creation.parents(file)?;
        parents.iter().find_map(|&(parent, index)| {
            let used = creation.uses[parent].as_ref()?.uses.get(index)?;
            let (_, reader) = used.reads.iter().find(|(read, _)| read == output)?;
            Some((reader.as_str(), parent))
        })
    }

    /// Whether a template Heat creates names a type that is `file`
    /// (written, or mapped by the environments); `false` for a template
    /// only the registry maps a type to that no resource has.
    pub fn named_by_a_use(&self, file: FileId) -> bool {
        self.creation().named[file]
    }

    /// What the uses that create `file` pass its parameter `name`, worked
    /// out once for each (the linter asks again for every file it could
    /// reuse the findings of).
    pub(super) fn passing(&self, file: FileId, name: &str) -> Passing {
        self.with_passing(file, name, Passing::clone)
    }

    /// `read` of what [`StackNesting::passing`] answers, without copying
    /// it: the lint memo compares it with an earlier answer.
    pub(super) fn with_passing<R>(
        &self,
        file: FileId,
        name: &str,
        read: impl FnOnce(&Passing) -> R,
    ) -> R {
        let lock = || self.passings.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(known) = lock().get(&file).and_then(|by_name| by_name.get(name)) {
            return read(known);
        }
        let passing = self.passing_anew(file, name);
        let answer = read(&passing);
        let mut passings = lock();
        // Most files are asked of a few parameters: room for them from
        // the start, rather than growing the table step by step.
        passings
            .entry(file)
            .or_insert_with(|| HashMap::with_capacity(8))
            .insert(name.to_owned(), passing);
        answer
    }

    pub(super) fn passing_anew(&self, file: FileId, name: &str) -> Passing {
        match self.passing_at(self.creation(), file, name, 0) {
            Passing::Nothing => match self.given_default(name) {
                Some(given) => Passing::Default(given),
                None => Passing::Nothing,
            },
            passing => passing,
        }
    }

    fn passing_at(&self, creation: &Creation, file: FileId, name: &str, depth: usize) -> Passing {
        if !creation.named[file] {
            // Used some other way: nothing known passes it anything.
            return Passing::Nothing;
        }
        let Some(edges) = creation.parents(file) else {
            return Passing::Unknown;
        };
        let mut found: Option<Passing> = None;
        for &(parent, index) in edges {
            // Borrowed, not counted: the uses are shared by every thread's
            // stacks, and counting their users moves the count from core
            // to core.
            let Some(uses) = creation.uses[parent].as_ref().or_else(|| self.uses(parent)) else {
                return Passing::Unknown;
            };
            let this = match uses.uses[index].passes.as_ref() {
                None => Passing::Unknown,
                Some(passes) => match passes.iter().rev().find(|(n, _)| n == name) {
                    None => Passing::Nothing,
                    Some((_, Passed::Literal(value))) => Passing::Value(Arc::clone(value)),
                    Some((_, Passed::Parameter(own))) => {
                        match self.value_in(creation, parent, own, depth + 1) {
                            Some(value) => Passing::Value(value),
                            None => Passing::Unknown,
                        }
                    }
                    Some((_, Passed::Computed)) => Passing::Unknown,
                },
            };
            match &found {
                None => found = Some(this),
                Some(earlier) if *earlier == this => {}
                Some(_) => return Passing::Unknown,
            }
            if found == Some(Passing::Unknown) {
                return Passing::Unknown;
            }
        }
        found.unwrap_or(Passing::Unknown)
    }

    /// The value parameter `name` has in the stacks Heat makes of `file`,
    /// as written (its type's reading is the linter's). Kept for the
    /// stack's creation: a chain's hundred members each follow the same
    /// `get_param` up through their role to the root.
    fn value_in(
        &self,
        creation: &Creation,
        file: FileId,
        name: &str,
        depth: usize,
    ) -> Option<Arc<Val>> {
        let kept_for = self
            .creation
            .get()
            .is_some_and(|c| std::ptr::eq(c, creation));
        let lock = || self.values.lock().unwrap_or_else(PoisonError::into_inner);
        if kept_for {
            let known = lock()
                .get(&file)
                .and_then(|by_name| by_name.get(name))
                .cloned();
            // Found without reaching the limit, `levels` up from where it
            // was asked: from here too, unless that reaches it.
            if let Some((value, levels)) = known.filter(|(_, levels)| depth + levels <= MAX_DEPTH) {
                FOLLOWED.with(|followed| followed.set(followed.get().max(depth + levels)));
                return value;
            }
        }
        let outer = FOLLOWED.with(|followed| followed.replace(depth));
        let limited = LIMITED.with(|limited| limited.replace(false));
        let value = self.value_followed(creation, file, name, depth);
        let deepest = FOLLOWED.with(|followed| followed.replace(outer.max(followed.get())));
        let reached_limit = LIMITED.with(|reached| reached.replace(limited || reached.get()));
        if kept_for && !reached_limit {
            let levels = deepest - depth;
            (lock().entry(file).or_default()).insert(name.to_owned(), (value.clone(), levels));
        }
        value
    }

    fn value_followed(
        &self,
        creation: &Creation,
        file: FileId,
        name: &str,
        depth: usize,
    ) -> Option<Arc<Val>> {
        if depth > MAX_DEPTH {
            LIMITED.with(|limited| limited.set(true));
            return None;
        }
        let uses = self.uses(file)?;
        let default = || {
            (uses.defaults.iter().rev())
                .find(|(n, _)| n == name)
                .map(|(_, value)| Arc::clone(value))
        };
        if self.stack.files[file].role == Role::Root {
            return self.given(name).or_else(default);
        }
        match self.passing_at(creation, file, name, depth) {
            Passing::Value(value) | Passing::Default(value) => Some(value),
            Passing::Nothing => self.given_default(name).or_else(default),
            Passing::Unknown => None,
        }
    }

    /// The uses of `file`, a template Heat creates, with the values its
    /// conditions read: the root's from its environments, a nested
    /// template's from what the uses that create it pass (worked out in
    /// `creation` so far: every template using it is read), else the
    /// environments' `parameter_defaults`, else its own defaults.
    fn uses_created(&self, creation: &Creation, file: FileId) -> Option<Arc<Uses>> {
        let by_defaults = self.uses(file)?;
        let written = &self.stack.files[file];
        if written.role != Role::Nested || by_defaults.decided_by.is_empty() {
            return Some(Arc::clone(by_defaults));
        }
        let values: Vec<(&str, Arc<Val>)> = (by_defaults.decided_by.iter())
            .filter_map(|name| {
                let value = match self.passing_at(creation, file, name, 0) {
                    Passing::Value(value) | Passing::Default(value) => value,
                    Passing::Nothing => self.given_default(name)?,
                    Passing::Unknown => return None,
                };
                Some((name.as_str(), value))
            })
            .collect();
        if values.is_empty() {
            return Some(Arc::clone(by_defaults));
        }
        let given = |name: &str| {
            (values.iter())
                .find(|(n, _)| *n == name)
                .map(|(_, v)| Arc::clone(v))
        };
        Some(
            self.uses_cache
                .with_values(&written.url, &written.text, &given),
        )
    }

    /// What a template's text says of its uses: the root's read with the
    /// values the environments give (per stack), the others' kept by URL
    /// for every stack of the same files.
    pub(super) fn uses(&self, file: FileId) -> Option<&Arc<Uses>> {
        let written = &self.stack.files[file];
        match written.role {
            Role::Root => Some(self.root_uses.get_or_init(|| {
                let given = |name: &str| self.given(name);
                self.uses_cache
                    .with_values(&written.url, &written.text, &given)
            })),
            Role::Nested => Some(
                self.uses_by_file[file]
                    .get_or_init(|| self.uses_cache.get(&written.url, &written.text)),
            ),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stack::{GatherCache, MemoryFiles, Stack};
    use crate::template::value::V;

    const INNER: &str = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\n";
    const MEMBER: &str = "heat_template_version: 2018-08-31\nparameters:\n  d: {type: number, default: 9}\n  e: {type: string, default: x}\nresources:\n  deep: {type: inner.yaml, properties: {size: {get_param: d}}}\n";

    /// The stack of `root`, with `member` as `member.yaml`, `inner.yaml`
    /// and the environment `env`.
    fn stack_of(root: &'static str, member: &'static str, env: &'static str) -> Stack {
        let files = vec![
            ("file:///t/root.yaml", root),
            ("file:///t/member.yaml", member),
            ("file:///t/inner.yaml", INNER),
            ("file:///t/env.yaml", env),
        ];
        Stack::gather(
            "file:///t/root.yaml",
            &["file:///t/env.yaml".to_owned()],
            &MemoryFiles(files),
        )
    }

    /// What the stack of `root` (see [`stack_of`]) passes each file's
    /// parameter.
    fn passing(root: &'static str, env: &'static str, file: &str, name: &str) -> Passing {
        let stack = stack_of(root, MEMBER, env);
        let nesting = stack.nesting_with(&mut GatherCache::default());
        let id = stack
            .file(&format!("file:///t/{file}"))
            .expect("a file of the stack");
        nesting.passing(id, name)
    }

    #[test]
    fn a_value_kept_is_the_value_followed_from_any_depth() {
        // t0 → t1 → … each passing its `x` on, deeper than `value_in`
        // follows: the deepest are not known. A kept value gives each
        // file what a nesting that kept none gives, whichever is asked
        // first.
        let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
        let last = MAX_DEPTH + 4;
        let files = (0..=last)
            .map(|k| {
                let next = match k < last {
                    true => format!("resources:\n  next: {{type: t{}.yaml, properties: {{x: {{get_param: x}}}}}}\n", k + 1),
                    false => String::new(),
                };
                let text = format!("heat_template_version: 2018-08-31\nparameters:\n  x: {{type: number, default: {k}}}\n{next}");
                (leak(format!("file:///t/t{k}.yaml")), leak(text))
            })
            .collect();
        let stack = Stack::gather("file:///t/t0.yaml", &[], &MemoryFiles(files));
        let ids: Vec<FileId> = (0..=last)
            .map(|k| {
                stack
                    .file(&format!("file:///t/t{k}.yaml"))
                    .expect("a file of the stack")
            })
            .collect();
        let alone = |id: FileId| {
            stack
                .nesting_with(&mut GatherCache::default())
                .passing(id, "x")
        };
        let fresh: Vec<Passing> = ids.iter().map(|&id| alone(id)).collect();
        assert_eq!(
            fresh[1],
            Passing::Value(Arc::new(Val::new(V::Int(0), TextRange::empty(0))))
        );
        assert_eq!(fresh[last], Passing::Unknown);
        let deepest_first: Vec<usize> = (1..=last).rev().collect();
        for order in [(1..=last).collect::<Vec<usize>>(), deepest_first] {
            let nesting = stack.nesting_with(&mut GatherCache::default());
            for k in order {
                assert_eq!(nesting.passing(ids[k], "x"), fresh[k], "t{k}");
            }
        }
    }

    #[test]
    fn values_are_followed_down_through_get_param() {
        let root = "heat_template_version: 2018-08-31\nparameters:\n  r: {type: number, default: 4}\nresources:\n  app: {type: member.yaml, properties: {d: {get_param: r}}}\n";
        // root's default → member's `d` → inner's `size`.
        assert_eq!(
            passing(root, "{}", "inner.yaml", "size"),
            Passing::Value(Arc::new(Val::new(V::Int(4), TextRange::empty(0))))
        );
        // The environment's value wins over the root's default.
        let env = "parameters: {r: 7}\n";
        assert_eq!(
            passing(root, env, "inner.yaml", "size"),
            Passing::Value(Arc::new(Val::new(V::Int(7), TextRange::empty(0))))
        );
        // Not passed: the environments' parameter_defaults, else nothing.
        assert_eq!(passing(root, "{}", "member.yaml", "e"), Passing::Nothing);
        let defaults = "parameter_defaults: {e: y}\n";
        let Passing::Default(given) = passing(root, defaults, "member.yaml", "e") else {
            panic!("parameter_defaults give `e`");
        };
        assert_eq!(given.v, V::Str("y".into()));
    }

    #[test]
    fn uses_that_pass_different_values_leave_it_unknown() {
        let root = "heat_template_version: 2018-08-31\nresources:\n  a: {type: member.yaml, properties: {d: 1}}\n  b: {type: member.yaml, properties: {d: 2}}\n";
        assert_eq!(passing(root, "{}", "member.yaml", "d"), Passing::Unknown);
    }

    #[test]
    fn what_no_created_resource_uses_is_not_created() {
        let creates = |root: &'static str, env: &'static str| {
            let stack = stack_of(root, MEMBER, env);
            let nesting = stack.nesting_with(&mut GatherCache::default());
            let member = stack.file("file:///t/member.yaml").unwrap();
            nesting.may_create(member)
        };
        let conditional = "heat_template_version: 2018-08-31\nparameters:\n  mode: {type: string, default: 'off'}\nconditions:\n  on_mode: {equals: [{get_param: mode}, 'on']}\nresources:\n  app: {type: Member, condition: on_mode}\n";
        let registry = "resource_registry: {Member: member.yaml}\n";
        assert!(!creates(conditional, registry));
        let turned = "resource_registry: {Member: member.yaml}\nparameters: {mode: 'on'}\n";
        assert!(creates(conditional, turned));
        let empty = "heat_template_version: 2018-08-31\nresources:\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 0, resource_def: {type: member.yaml}}}\n";
        assert!(!creates(empty, "{}"));
        // A chain whose members a parameter lists creates what its value
        // lists, and nothing else.
        let listed = "heat_template_version: 2018-08-31\nparameters:\
            \n  services: {type: comma_delimited_list, default: []}\nresources:\
            \n  chain: {type: OS::Heat::ResourceChain, \
            properties: {resources: {get_param: services}}}\
            \n";
        assert!(!creates(listed, registry));
        let listing =
            "resource_registry: {Member: member.yaml}\nparameters: {services: [Member]}\n";
        assert!(creates(listed, listing));
        // One whose list is known only when the stack runs may create
        // anything.
        let computed = "heat_template_version: 2018-08-31\nresources:\
            \n  names: {type: OS::Heat::Value, properties: {value: [Member]}}\
            \n  chain: {type: OS::Heat::ResourceChain, \
            properties: {resources: {get_attr: [names, value]}}}\
            \n";
        assert!(creates(computed, registry));
    }

    #[test]
    fn a_nested_template_decides_what_it_creates_with_the_values_passed_to_it() {
        let member = "heat_template_version: 2018-08-31\nparameters:\n  mode: {type: string, default: 'off'}\nconditions:\n  enabled: {equals: [{get_param: mode}, 'on']}\nresources:\n  deep: {type: inner.yaml, condition: enabled, properties: {size: 1}}\n";
        let creates_inner = |root: &'static str, env: &'static str| {
            let stack = stack_of(root, member, env);
            let nesting = stack.nesting_with(&mut GatherCache::default());
            nesting.may_create(stack.file("file:///t/inner.yaml").unwrap())
        };
        let passes_m = |on: bool| {
            if on {
                "heat_template_version: 2018-08-31\nparameters:\n  m: {type: string, default: 'on'}\nresources:\n  app: {type: member.yaml, properties: {mode: {get_param: m}}}\n"
            } else {
                "heat_template_version: 2018-08-31\nparameters:\n  m: {type: string, default: 'off'}\nresources:\n  app: {type: member.yaml, properties: {mode: {get_param: m}}}\n"
            }
        };
        // Its own default leaves `deep` out; the value passed down (from
        // the root's default, or its environment) or parameter_defaults
        // turn it on.
        let plain = "heat_template_version: 2018-08-31\nresources:\n  app: {type: member.yaml}\n";
        assert!(!creates_inner(plain, "{}"));
        assert!(creates_inner(passes_m(true), "{}"));
        assert!(!creates_inner(passes_m(false), "{}"));
        assert!(creates_inner(passes_m(false), "parameters: {m: 'on'}\n"));
        assert!(creates_inner(plain, "parameter_defaults: {mode: 'on'}\n"));
    }
}
