//! Linting a file of a stack again only when what it read of its stack
//! changed.
//!
//! The linter is a function: a file's findings follow from its text, the
//! options (release, engine limits), the references gathered from it, and
//! the answers its stack gives to the questions the linter asks
//! ([`StackFacts`] and the registry's resolutions). [`Recording`] answers those questions for a
//! first lint and writes each down with its answer. In another stack of
//! the same files, a file whose questions, asked again in the same order,
//! get the same answers gets the same findings: the linter, given the same
//! answers, asks the same next question. That is how `--each-environment`
//! checks hundreds of combinations of environments in the time of a few:
//! an environment changes the answers of a handful of files. A file linted
//! anew all the same (its answers differ) is parsed once, its parse kept.
//!
//! A file linted anew because an answer changed seldom needs all of it
//! again: an environment maps one of a chain's members elsewhere, or
//! gives a value that one resource's properties read. A lint runs in
//! parts (the structure, each resource's definition, ..., the rules that
//! read the other files, each use of a nested template and each member of
//! a chain apart: [`Split`]); where
//! an earlier lint's answers hold up to the end of a part, the new lint
//! starts after it, from what the parts before found. Where the registry
//! resolves each type by its name alone, the order the questions come in
//! changes no answer, so what the skipped parts kept for the later ones
//! is worked out again with the same result.
//!
//! A question is written down once per lint: the stack's answers do not
//! change while a file is linted, and the linter asks most of them again
//! and again (a chain's hundred members, each rule that reads them). Only
//! the registry's answers may depend on what it resolved before; a repeat
//! of one is replayed unless the registry resolves by name alone.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, Weak};

use crate::hash::HashMap;
use crate::heat_conf::EngineLimits;
use crate::release::Release;
use crate::stack::registry::MAX_NUMBERED;
use crate::stack::{
    Declared, Interface, Nesting, Passing, Reference, Resolution, Role, StackFile, Target,
    TypeMapping,
};
use crate::template::{self, Parsed, Template};
use crate::text::TextRange;
use crate::time::UtcTime;

use super::Diagnostic;

mod asked;
mod earlier;
mod found;
mod holding;
mod log;
mod recording;
#[cfg(all(test, feature = "stack"))]
mod tests;

pub(super) use found::{refused, Found, Shown};
pub use found::{ShownFindings, ShownKey};
pub(super) use recording::Recording;
pub(crate) use recording::Used;

/// Where a lint splits, for a memo that keeps what each part of it found
/// (see the module's documentation): the rules run in parts (the
/// structure, each resource's definition, ..., each nested use's and each
/// chain member's checks), and a file of a stack linted again because one
/// answer changed starts at the part that asked it.
pub(crate) trait Split {
    /// The part to start from, and what the parts before it found, in an
    /// earlier lint of the same input whose answers to them still hold:
    /// they are skipped. `None`: from the first part.
    fn resume(&self) -> Option<(usize, Vec<Diagnostic>)>;
    /// A part ended, with `found` found so far (before the findings are
    /// judged against what Heat reads); `last`: every part ran.
    fn part_ended(&self, found: &[Diagnostic], last: bool);
    /// What part `part` found in the earlier lint taken up, where every
    /// question it used gets the same answer here: it is skipped. With
    /// whether it is the last part.
    fn skip(&self, part: usize) -> Option<(Vec<Diagnostic>, bool)>;
    /// A value kept for later parts (the nested uses, say) is being
    /// worked out: the questions asked until [`Split::kept`] are its own.
    fn keeping(&self);
    /// The value is worked out: the questions it used.
    fn kept(&self) -> Used;
    /// A part read a value worked out before: it used the questions the
    /// value did.
    fn read_kept(&self, used: &Used);
}

/// A kept lint to take up, how many of its questions hold, and how many
/// of its parts from the first.
type TakenUp<'k> = (&'k Arc<Kept>, usize, usize);

/// Most lints kept for one file (one per distinct set of answers); the
/// one reused least lately goes first.
pub const MAX_KEPT_PER_FILE: usize = 16;

/// Most files whose lints are kept; past it, nothing more is kept.
pub const MAX_KEPT_FILES: usize = 20_000;

/// Most files whose parse is kept (those linted anew a second time).
pub const MAX_PARSED_FILES: usize = 1_000;

/// The lints of files of stacks, kept to be reused (see the module's
/// documentation). One memo serves one catalog; share it between the
/// stacks of one run, across threads.
#[derive(Default)]
pub struct LintMemo {
    /// By URL, its kept lints: one list shared, replaced whole when a
    /// lint is kept, so that a lookup counts one user, not each lint's.
    by_url: Mutex<HashMap<String, Arc<[Arc<Kept>]>>>,
    parsed: Mutex<HashMap<String, Arc<Parsed>>>,
    /// A number for each type name a lint resolved, by which a stack's
    /// registry finds its resolution again (`TypeMapping::compare_alike`).
    type_numbers: TypeNumbers,
    /// Ticks once for each lint kept: a reuse reads it, so that the
    /// threads do not all write one counter for each file they reuse.
    clock: AtomicU64,
    counts: Counts,
}

/// [`MemoCounts`] counted apart by groups of threads, each group's on a
/// cache line of its own: every thread counts each file it lints, and one
/// shared counter would move from core to core as often.
#[derive(Default)]
struct Counts([CountsOfThreads; COUNTING_GROUPS]);

#[derive(Default)]
#[repr(align(128))]
struct CountsOfThreads([AtomicU64; 4]);

const COUNTING_GROUPS: usize = 8;

thread_local! {
    /// The group of [`Counts`] this thread counts in.
    static COUNTING_GROUP: usize = {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        usize::try_from(NEXT.fetch_add(1, Relaxed)).unwrap_or(0) % COUNTING_GROUPS
    };
}

/// The group of threads this thread is in.
fn counting_group() -> usize {
    COUNTING_GROUP.with(|group| *group)
}

impl Kept {
    /// What it found, as this thread's group hands it out.
    fn found_here(&self) -> Arc<Found> {
        let copy =
            self.found_by_group[counting_group()].get_or_init(|| Arc::new(self.found.copy()));
        Arc::clone(copy)
    }
}

impl Counts {
    fn of_this_thread(&self) -> &[AtomicU64; 4] {
        &self.0[counting_group()].0
    }

    fn total(&self, what: usize) -> u64 {
        self.0.iter().map(|group| group.0[what].load(Relaxed)).sum()
    }
}

/// How a memo served the lints asked of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoCounts {
    /// Findings of an earlier lint whose answers all hold.
    pub reused: u64,
    /// Lints that took up an earlier one after the parts of it whose
    /// answers hold (see the module's documentation).
    pub taken_up: u64,
    /// Lints run from the start.
    pub linted: u64,
    /// Parts of lints taken from an earlier lint whose answers to them
    /// hold, after a part whose answers did not.
    pub parts_skipped: u64,
}

const REUSED: usize = 0;
const TAKEN_UP: usize = 1;
const LINTED: usize = 2;
const PARTS_SKIPPED: usize = 3;

/// Type names numbered in the order first resolved.
#[derive(Default)]
pub(super) struct TypeNumbers(Mutex<HashMap<String, u32>>);

impl TypeNumbers {
    /// `name`'s number; [`MAX_NUMBERED`] past the last one kept.
    pub(super) fn number(&self, name: &str) -> u32 {
        let mut numbers = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&number) = numbers.get(name) {
            return number;
        }
        let next = u32::try_from(numbers.len()).unwrap_or(MAX_NUMBERED);
        if next >= MAX_NUMBERED {
            return MAX_NUMBERED;
        }
        numbers.insert(name.to_owned(), next);
        next
    }
}

/// One lint of a file: what it depended on and what it found.
struct Kept {
    /// When it was last made or reused, by the memo's clock.
    used: AtomicU64,
    text: Arc<str>,
    /// An environment is linted as one whatever its keys.
    role: Role,
    judged_for: (Option<Release>, EngineLimits, Option<UtcTime>),
    references: Vec<Reference>,
    questions: Vec<Question>,
    /// Where its parts ended, and what they found (see [`Split`]).
    parts: Parts,
    /// What the catalog answered the registry about Heat's own types.
    known: HashMap<String, bool>,
    found: Arc<Found>,
    /// Copies of `found` handed out by each group of threads
    /// ([`Counts`]): each reuse counts a user of what it hands out, and
    /// one count shared by every thread would move from core to core.
    found_by_group: [OnceLock<Arc<Found>>; COUNTING_GROUPS],
    /// The lint it took up, and how many of its first questions are that
    /// lint's: where those of the lint taken up hold, so do these.
    taken_from: Option<(Weak<Kept>, usize)>,
    /// How many resolvers its questions make (room for them when its
    /// answers are checked).
    resolvers: usize,
}

/// Where the parts of a lint's rules before its stack rules ended
/// ([`Split`]): a later lint whose answers to a part's questions, and
/// those before them, hold starts after that part.
#[derive(Clone, Default)]
pub(super) struct Parts {
    /// By part ended, in order: how many questions had been asked, and
    /// how many findings found.
    pub(super) ends: Vec<(usize, usize)>,
    /// What all of them found.
    pub(super) found: Option<Arc<[Diagnostic]>>,
    /// By part ended, the questions it used (where they are in the
    /// lint's questions): those it asked, those asked before that it
    /// asked again, and those the values it read from earlier parts
    /// asked. A part whose questions all hold elsewhere finds the same
    /// there ([`Split::skip`]).
    pub(super) used: Vec<Arc<[u32]>>,
}

impl Parts {
    /// How many parts, from the first, asked no more than the first
    /// `holding` questions: those a lint may skip.
    fn holding(&self, holding: usize) -> usize {
        match self.found {
            Some(_) => (self.ends.iter())
                .take_while(|&&(questions, _)| questions <= holding)
                .count(),
            None => 0,
        }
    }
}

/// A question the linter asked its stack, with the answer it got.
#[derive(Clone)]
enum Question {
    ByType(TextRange, Option<Arc<Interface>>),
    ByRegistry(String, Option<Arc<Interface>>),
    HasDefault(String, bool),
    Given(String, Option<Arc<template::value::Val>>),
    Requested(Vec<(String, Arc<template::value::Val>)>),
    RootParameters(Option<Vec<String>>),
    ClosestParameters(String, Vec<String>),
    Declares(String, bool),
    IsComplete(bool),
    DeprecatedBy(String, Option<String>),
    Creates(String, bool),
    Passing(String, Passing),
    DeepestAt(usize, bool),
    ReadAtCreate(String, Option<String>),
    Declarations(String, Vec<Declared>),
    MapsNothing(bool),
    /// A new resolver, numbered in the order they were made.
    NewResolver,
    Resolve {
        resolver: usize,
        type_name: String,
        /// `type_name`'s number ([`TypeNumbers`]).
        number: u32,
        resource: Option<String>,
        answer: Resolution,
        /// The types the resolution asked Heat about, with the answers.
        asked: Box<[(String, bool)]>,
        /// Asked of this resolver before, with this answer, before any
        /// type named like a pattern: where the registry resolves a type
        /// by its name alone, its answer is the earlier one's.
        repeat: bool,
    },
}

impl LintMemo {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<[Arc<Kept>]>>> {
        // A panic while holding the lock is a bug already surfacing; what
        // is kept is whole either way.
        self.by_url.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Relaxed)
    }

    /// `kept` reused now: marked with the clock's time, written only when
    /// it changes (the lint is read by every thread).
    fn mark_used(&self, kept: &Kept) {
        let now = self.clock.load(Relaxed);
        if kept.used.load(Relaxed) != now {
            kept.used.store(now, Relaxed);
        }
    }

    fn count(&self, what: usize) {
        self.counts.of_this_thread()[what].fetch_add(1, Relaxed);
    }

    /// How it served the lints asked of it so far.
    pub fn counts(&self) -> MemoCounts {
        MemoCounts {
            reused: self.counts.total(REUSED),
            taken_up: self.counts.total(TAKEN_UP),
            linted: self.counts.total(LINTED),
            parts_skipped: self.counts.total(PARTS_SKIPPED),
        }
    }

    /// `file`'s parse, kept for the next lint of the same text.
    fn parsed(&self, url: &str, text: &Arc<str>) -> Arc<Parsed> {
        let lock = || self.parsed.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(parsed) = lock().get(url) {
            let kept = parsed.borrow_owner();
            if Arc::ptr_eq(kept, text) || **kept == **text {
                return Arc::clone(parsed);
            }
        }
        let parsed = Arc::new(Parsed::of(Arc::clone(text)));
        let mut by_url = lock();
        if by_url.len() < MAX_PARSED_FILES || by_url.contains_key(url) {
            by_url.insert(url.to_owned(), Arc::clone(&parsed));
        }
        parsed
    }

    /// The findings of the first of `kept` whose answers all hold here;
    /// else the one to take up, with how many of its questions and parts
    /// hold (see [`LintMemo::findings`]).
    fn holding_best<'k>(
        &self,
        kept: impl Iterator<Item = &'k Arc<Kept>>,
        facts: &Nesting<'_>,
        registry: &dyn TypeMapping,
    ) -> Result<Arc<Found>, Option<TakenUp<'k>>> {
        // Where the registry resolves each type by its name alone, the
        // order of the questions does not change their answers: a lint
        // may take up another's after the rules whose answers hold.
        // The kept lint to take up, and the parts of it to skip: the most.
        // Its later parts may stand for this lint's too, each where the
        // questions it used hold (`Split::skip`): even with no part
        // skipped from the start.
        let mut take_up: Option<TakenUp<'k>> = None;
        let alike = registry.resolves_alike();
        // How many questions of each lint checked hold: a lint that took
        // up another is checked from where their questions part.
        let mut checked: Vec<(*const Kept, usize)> = Vec::new();
        for kept in kept {
            let shared = (kept.taken_from.as_ref())
                .filter(|_| alike)
                .and_then(|(from, asked)| {
                    let from = Weak::as_ptr(from);
                    let &(_, holding) = checked.iter().find(|(checked, _)| *checked == from)?;
                    Some((holding, *asked))
                });
            let holding = match shared {
                // Where the lint taken up holds, so does this one; where
                // it did not, this one is taken not to.
                Some((holding, asked)) if holding < asked => holding,
                Some((_, asked)) => kept.holding(facts, registry, asked),
                None => kept.holding(facts, registry, 0),
            };
            checked.push((Arc::as_ptr(kept), holding));
            if holding == kept.questions.len() {
                self.mark_used(kept);
                self.count(REUSED);
                return Ok(kept.found_here());
            }
            let parts = kept.parts.holding(holding);
            if alike && take_up.is_none_or(|(_, _, most)| parts > most) {
                take_up = Some((kept, holding, parts));
            }
        }
        Err(take_up)
    }

    /// The findings of `file`, from an earlier lint whose
    /// answers still hold, or from `lint` run on its parse (`parsed`, when
    /// the stack's gathering kept it) with a [`Recording`].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn findings(
        &self,
        file: &StackFile,
        parsed: Option<&Arc<Parsed>>,
        judged_for: (Option<Release>, EngineLimits, Option<UtcTime>),
        references: &[Reference],
        facts: &Nesting<'_>,
        registry: &dyn TypeMapping,
        lint: impl FnOnce(&Template<'_>, &Recording<'_>) -> Vec<Diagnostic>,
    ) -> Arc<Found> {
        let (url, text) = (&file.url, &file.text);
        let kept: Arc<[Arc<Kept>]> =
            (self.lock().get(&**url).cloned()).unwrap_or_else(|| Arc::new([]));
        let same_input = |kept: &Kept| {
            (Arc::ptr_eq(&kept.text, text) || kept.text == *text)
                && kept.role == file.role
                && kept.judged_for == judged_for
                && same_references(&kept.references, references)
        };
        let kept_here = kept.iter().filter(|kept| same_input(kept));
        let take_up = match self.holding_best(kept_here, facts, registry) {
            Ok(reused) => return reused,
            Err(take_up) => take_up,
        };
        let skipped = take_up.map_or(0, |(_, _, parts)| parts);
        self.count(if skipped > 0 { TAKEN_UP } else { LINTED });
        let recording = match take_up {
            Some((kept, holding, parts)) => {
                let counted = (&**kept, &self.counts.of_this_thread()[PARTS_SKIPPED]);
                Recording::taking_up(
                    facts,
                    registry,
                    &self.type_numbers,
                    counted,
                    (holding, parts),
                )
            }
            None => {
                let expected = kept.iter().map(|kept| kept.questions.len()).max();
                Recording::new(facts, registry, &self.type_numbers, expected.unwrap_or(0))
            }
        };
        // Linted before with other answers: likely again, so its parse is
        // kept (unless its gathering keeps one).
        let found = match parsed {
            Some(parsed) => lint(parsed.borrow_dependent(), &recording),
            None if kept.is_empty() => lint(&template::parse(text), &recording),
            None => lint(self.parsed(url, text).borrow_dependent(), &recording),
        };
        let log = recording.into_log();
        let resolvers = (log.questions.iter())
            .filter(|question| matches!(question, Question::NewResolver))
            .count();
        let found = Arc::new(Found::new(found));
        let taken_from = take_up
            .filter(|&(_, _, parts)| parts > 0)
            .map(|(kept, _, parts)| (Arc::downgrade(kept), kept.parts.ends[parts - 1].0));
        let kept = Arc::new(Kept {
            used: self.tick().into(),
            text: Arc::clone(text),
            role: file.role,
            judged_for,
            references: references.to_vec(),
            questions: log.questions,
            parts: log.parts,
            known: log.known,
            found: Arc::clone(&found),
            found_by_group: Default::default(),
            taken_from,
            resolvers,
        });
        self.keep(url, kept);
        found
    }

    /// Keeps `kept`, a lint of the file at `url`, beside its others.
    fn keep(&self, url: &str, kept: Arc<Kept>) {
        let mut by_url = self.lock();
        if by_url.len() < MAX_KEPT_FILES || by_url.contains_key(url) {
            let lints = by_url.entry(url.to_owned()).or_insert_with(|| Arc::new([]));
            let mut now = Vec::with_capacity(lints.len() + 1);
            now.extend(lints.iter().cloned());
            if now.len() >= MAX_KEPT_PER_FILE {
                // Some sets of answers come back (another environment that
                // remaps the same service): those reused are kept longer.
                let stale = (0..now.len()).min_by_key(|&at| now[at].used.load(Relaxed));
                now.remove(stale.unwrap_or(0));
            }
            now.push(kept);
            *lints = now.into();
        }
    }
}

/// The same references, but for the numbering of the files they reach,
/// which the linter never sees.
fn same_references(kept: &[Reference], now: &[Reference]) -> bool {
    let target = |target: &Target| match target {
        Target::File(_) => None,
        Target::Cycle(_) => Some(None),
        other => Some(Some(other.clone())),
    };
    kept.len() == now.len()
        && kept.iter().zip(now).all(|(a, b)| {
            (a.range, a.kind, &a.written, &a.url) == (b.range, b.kind, &b.written, &b.url)
                && (a.sent_len, a.unused) == (b.sent_len, b.unused)
                && target(&a.target) == target(&b.target)
        })
}
