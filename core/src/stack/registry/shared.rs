//! The resolutions of one registry shared by the resolvers of every file
//! of a stack, when the registry has no entry scoped to a resource and no
//! pattern: then what a type resolves to follows from its name and from
//! which types Heat knows, not from what was resolved before it.

use std::cell::{Cell, RefCell};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::hash::HashMap;

use super::{
    CompareResolution, Filed, LookedUp, Memory, Registry, Resolution, Resolver, TypeMapping,
};

/// The resolutions of one registry (see the module's documentation). Each
/// is kept with the types it asked Heat about, asked again (so that a
/// caller that records them sees them) and compared before it is reused.
#[derive(Default)]
pub struct Resolutions {
    by_name: Mutex<HashMap<String, Kept>>,
    /// The same resolutions by the number a caller gives each type name
    /// ([`TypeMapping::compare_alike`]): the lint memo compares thousands
    /// of recorded answers with this stack's for each combination of
    /// environments, and finds each here without hashing its name.
    by_number: Mutex<Vec<Option<Arc<Followed>>>>,
    /// Those of other stacks, shared with them.
    across: Arc<AcrossStacks>,
}

/// Resolutions by the number of a type name, shared by the stacks of one
/// cache: each with the registry entries it followed, and reused where
/// another stack's registry has the very same entries (an environment
/// added on top changes the entries of the few types it maps).
#[derive(Default)]
pub struct AcrossStacks(Mutex<Vec<Option<Arc<Followed>>>>);

/// A type's resolution, the types it asked Heat about with the answers,
/// and each key it looked up in the registry with the entry found.
struct Followed {
    type_name: String,
    resolution: Resolution,
    asked: Vec<(String, bool)>,
    looked_up: Vec<LookedUp>,
}

impl Resolutions {
    /// Resolutions of a stack's registry that reuse `across`'s.
    pub fn sharing(across: Arc<AcrossStacks>) -> Self {
        Resolutions {
            across,
            ..Resolutions::default()
        }
    }
}

/// A resolution, and the types it asked Heat about with the answers.
type Kept = (Resolution, Vec<(String, bool)>);

/// Most resolutions kept by name.
const MAX_RESOLUTIONS: usize = 20_000;

/// Past this number, type names are not kept by number.
pub const MAX_NUMBERED: u32 = 1 << 16;

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Registry {
    /// Whether what a type resolves to depends on its name alone (see
    /// [`Resolutions`]).
    pub(super) fn resolves_alike(&self) -> bool {
        self.scoped.is_empty() && self.globs.is_empty()
    }

    /// [`TypeMapping::resolver`], reusing `resolutions` where the
    /// registry allows (see [`Resolutions`]).
    pub fn resolver_sharing<'r>(&'r self, resolutions: &'r Resolutions) -> Resolver<'r> {
        if !self.resolves_alike() {
            return self.resolver();
        }
        let mut filed = Filed::default();
        Box::new(move |type_name, resource, known| {
            // A type named like a pattern, once filed, is one for the types
            // this resolver resolves after it: they are its own.
            let alike = filed.new_globs.is_empty() && !type_name.ends_with('*');
            if alike {
                let kept = locked(&resolutions.by_name);
                let reused = (kept.get(type_name))
                    .filter(|(_, asked)| asked.iter().all(|(name, answer)| known(name) == *answer));
                if let Some((resolution, _)) = reused {
                    return resolution.clone();
                }
            }
            let asked = RefCell::new(Vec::new());
            let asking = |name: &str| {
                let answer = known(name);
                asked.borrow_mut().push((name.to_owned(), answer));
                answer
            };
            let resolution = Memory {
                registry: self,
                filed: &mut filed,
                looked_up: None,
            }
            .resolve(type_name, resource, &asking);
            let mut kept = locked(&resolutions.by_name);
            if alike && kept.len() < MAX_RESOLUTIONS {
                kept.insert(
                    type_name.to_owned(),
                    (resolution.clone(), asked.into_inner()),
                );
            }
            resolution
        })
    }
}

/// A registry whose resolvers share their [`Resolutions`].
pub struct SharedResolutions<'r> {
    pub registry: &'r Registry,
    pub resolutions: &'r Resolutions,
}

impl TypeMapping for SharedResolutions<'_> {
    fn maps_nothing(&self) -> bool {
        self.registry.is_empty()
    }

    fn resolver(&self) -> Resolver<'_> {
        self.registry.resolver_sharing(self.resolutions)
    }

    fn resolves_alike(&self) -> bool {
        self.registry.resolves_alike()
    }

    fn compare_alike(
        &self,
        number: u32,
        type_name: &str,
        known: &dyn Fn(&str) -> Option<bool>,
        compare: &mut CompareResolution<'_>,
    ) -> Option<bool> {
        if !self.registry.resolves_alike() || type_name.ends_with('*') || number >= MAX_NUMBERED {
            return None;
        }
        let at = usize::try_from(number).ok()?;
        // Compared where it is kept, not copied out: the kept resolution is
        // shared by the stacks of every thread, and counting its users
        // would send its count from core to core thousands of times.
        if let Some(Some(followed)) = locked(&self.resolutions.by_number).get(at) {
            if followed.type_name == type_name {
                return Some(compare(&followed.resolution, &followed.asked));
            }
        }
        let (followed, before) = match self.followed_before(at, type_name, known) {
            Some(followed) => (followed, true),
            None => (Arc::new(self.follow(type_name, known)?), false),
        };
        let same = compare(&followed.resolution, &followed.asked);
        // Another stack's is shared as it is: written back, its count
        // would move between cores twice more.
        if !before {
            keep(&self.resolutions.across.0, at, Arc::clone(&followed));
        }
        keep(&self.resolutions.by_number, at, followed);
        Some(same)
    }
}

/// `followed` kept in `table` as type number `at`'s.
fn keep(table: &Mutex<Vec<Option<Arc<Followed>>>>, at: usize, followed: Arc<Followed>) {
    let mut table = locked(table);
    if table.len() <= at {
        table.resize_with(at + 1, || None);
    }
    table[at] = Some(followed);
}

impl SharedResolutions<'_> {
    /// Another stack's resolution of type number `at`, where this stack's
    /// registry holds the very entries it followed and `known` answers as
    /// it was answered: then it resolves the same.
    fn followed_before(
        &self,
        at: usize,
        type_name: &str,
        known: &dyn Fn(&str) -> Option<bool>,
    ) -> Option<Arc<Followed>> {
        let before = locked(&self.resolutions.across.0)
            .get(at)
            .cloned()
            .flatten();
        let before = before.filter(|before| before.type_name == type_name)?;
        let same_entry = |(key, then): &LookedUp| match (self.registry.entry(key), then) {
            (None, None) => true,
            (Some(now), Some(then)) => Arc::ptr_eq(now, then),
            _ => false,
        };
        let same_answer = |(name, then): &(String, bool)| known(name) == Some(*then);
        (before.looked_up.iter().all(same_entry) && before.asked.iter().all(same_answer))
            .then_some(before)
    }

    /// `type_name` resolved by its name alone (a memory of its own
    /// changes nothing); `None` where `known` has no answer it needs.
    fn follow(&self, type_name: &str, known: &dyn Fn(&str) -> Option<bool>) -> Option<Followed> {
        let missing = Cell::new(false);
        let asked = RefCell::new(Vec::new());
        let looked_up = RefCell::new(Vec::new());
        let asking = |name: &str| match known(name) {
            Some(answer) => {
                asked.borrow_mut().push((name.to_owned(), answer));
                answer
            }
            None => {
                missing.set(true);
                false
            }
        };
        let resolution = Memory {
            registry: self.registry,
            filed: &mut Filed::default(),
            looked_up: Some(&looked_up),
        }
        .resolve(type_name, None, &asking);
        (!missing.get()).then(|| Followed {
            type_name: type_name.to_owned(),
            resolution,
            asked: asked.into_inner(),
            looked_up: looked_up.into_inner(),
        })
    }
}
