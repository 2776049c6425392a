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
//! A question is written down once per lint: the stack's answers do not
//! change while a file is linted, and the linter asks most of them again
//! and again (a chain's hundred members, each rule that reads them). Only
//! the registry's answers may depend on what it resolved before; a repeat
//! of one is replayed unless the registry resolves by name alone.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::hash::{HashMap, HashSet};
use crate::heat_conf::EngineLimits;
use crate::release::Release;
use crate::stack::{
    Declared, Interface, Nesting, Passing, Reference, Resolution, Resolver, Role, StackFacts,
    StackFile, Target, TypeMapping,
};
use crate::template::{self, Parsed, Template};
use crate::text::TextRange;

use super::Diagnostic;

/// Most lints kept for one file (one per distinct set of answers); the
/// oldest goes first.
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
    by_url: Mutex<HashMap<String, Vec<Arc<Kept>>>>,
    parsed: Mutex<HashMap<String, Arc<Parsed>>>,
}

/// One lint of a file: what it depended on and what it found.
struct Kept {
    text: Arc<str>,
    /// An environment is linted as one whatever its keys.
    role: Role,
    judged_for: (Option<Release>, EngineLimits),
    references: Vec<Reference>,
    questions: Vec<Question>,
    /// What the catalog answered the registry about Heat's own types.
    known: HashMap<String, bool>,
    found: Vec<Diagnostic>,
}

/// A question the linter asked its stack, with the answer it got.
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
    Depth(Option<usize>),
    ReadAtCreate(String, Option<String>),
    Declarations(String, Vec<Declared>),
    MapsNothing(bool),
    /// A new resolver, numbered in the order they were made.
    NewResolver,
    Resolve {
        resolver: usize,
        type_name: String,
        resource: Option<String>,
        answer: Resolution,
        /// Asked of this resolver before, with this answer, before any
        /// type named like a pattern: where the registry resolves a type
        /// by its name alone, its answer is the earlier one's.
        repeat: bool,
    },
}

/// The questions whose answer follows from the stack alone, whenever
/// they are asked: asked again in one lint, one gets the same answer, and
/// is written down once (by its kind, and the name or text it is about).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Asked {
    ByType,
    ByRegistry,
    HasDefault,
    Given,
    Requested,
    RootParameters,
    ClosestParameters,
    Declares,
    IsComplete,
    DeprecatedBy,
    Creates,
    Passing,
    Depth,
    ReadAtCreate,
    Declarations,
    MapsNothing,
}

/// Where a question is about no text.
const NO_TEXT: TextRange = TextRange { start: 0, end: 0 };

impl LintMemo {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Vec<Arc<Kept>>>> {
        // A panic while holding the lock is a bug already surfacing; what
        // is kept is whole either way.
        self.by_url.lock().unwrap_or_else(PoisonError::into_inner)
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

    /// The findings of `file`, from an earlier lint whose
    /// answers still hold, or from `lint` run on its parse (`parsed`, when
    /// the stack's gathering kept it) with a [`Recording`].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn findings(
        &self,
        file: &StackFile,
        parsed: Option<&Arc<Parsed>>,
        judged_for: (Option<Release>, EngineLimits),
        references: &[Reference],
        facts: &Nesting<'_>,
        registry: &dyn TypeMapping,
        lint: impl FnOnce(&Template<'_>, &Recording<'_>) -> Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        let (url, text) = (&file.url, &file.text);
        let kept: Vec<Arc<Kept>> = self.lock().get(url).cloned().unwrap_or_default();
        let same_input = |kept: &Kept| {
            (Arc::ptr_eq(&kept.text, text) || kept.text == *text)
                && kept.role == file.role
                && kept.judged_for == judged_for
                && same_references(&kept.references, references)
        };
        if let Some(kept) = kept
            .iter()
            .find(|kept| same_input(kept) && kept.still_holds(facts, registry))
        {
            return kept.found.clone();
        }
        let recording = Recording {
            facts,
            registry,
            log: Mutex::new(Log::default()),
        };
        // Linted before with other answers: likely again, so its parse is
        // kept (unless its gathering keeps one).
        let found = match parsed {
            Some(parsed) => lint(parsed.borrow_dependent(), &recording),
            None if kept.is_empty() => lint(&template::parse(text), &recording),
            None => lint(self.parsed(url, text).borrow_dependent(), &recording),
        };
        let log = recording
            .log
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let kept = Arc::new(Kept {
            text: Arc::clone(text),
            role: file.role,
            judged_for,
            references: references.to_vec(),
            questions: log.questions,
            known: log.known,
            found: found.clone(),
        });
        let mut by_url = self.lock();
        if by_url.len() < MAX_KEPT_FILES || by_url.contains_key(url) {
            let lints = by_url.entry(url.clone()).or_default();
            if lints.len() >= MAX_KEPT_PER_FILE {
                lints.remove(0);
            }
            lints.push(kept);
        }
        found
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
                && target(&a.target) == target(&b.target)
        })
}

fn same_interface(kept: &Option<Arc<Interface>>, now: Option<&Arc<Interface>>) -> bool {
    match (kept, now) {
        (None, None) => true,
        (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
        _ => false,
    }
}

impl Kept {
    /// Whether `facts` and `registry` answer every question as before.
    fn still_holds(&self, facts: &Nesting<'_>, registry: &dyn TypeMapping) -> bool {
        let mut resolvers: Vec<Resolver<'_>> = Vec::new();
        let alike = registry.resolves_alike();
        // A question about Heat's own types not asked before means the
        // registry went another way: the answers differ.
        let asked_anew = std::cell::Cell::new(false);
        let known = |name: &str| {
            self.known.get(name).copied().unwrap_or_else(|| {
                asked_anew.set(true);
                false
            })
        };
        self.questions.iter().all(|question| match question {
            Question::ByType(range, answer) => same_interface(answer, facts.shared_by_type(*range)),
            Question::ByRegistry(name, answer) => {
                same_interface(answer, facts.shared_by_registry(name))
            }
            Question::HasDefault(name, answer) => facts.has_default(name) == *answer,
            Question::Given(name, answer) => match (facts.given(name), answer) {
                (Some(now), Some(then)) => Arc::ptr_eq(&now, then) || now == *then,
                (now, then) => now.is_none() && then.is_none(),
            },
            Question::Requested(answer) => facts.requested() == answer.as_slice(),
            Question::RootParameters(answer) => facts.root_parameters() == answer.as_deref(),
            Question::ClosestParameters(name, answer) => facts.closest_parameters(name) == *answer,
            Question::Declares(name, answer) => facts.declares(name) == *answer,
            Question::IsComplete(answer) => facts.is_complete() == *answer,
            Question::DeprecatedBy(name, answer) => facts.deprecated_by(name) == answer.as_deref(),
            Question::Creates(url, answer) => facts.creates(url) == *answer,
            Question::Passing(name, answer) => facts.passes(name, answer),
            Question::Depth(answer) => facts.depth() == *answer,
            Question::ReadAtCreate(name, answer) => facts.read_at_create(name) == *answer,
            Question::Declarations(name, answer) => facts.declared(name) == *answer,
            Question::MapsNothing(answer) => registry.maps_nothing() == *answer,
            Question::NewResolver => {
                resolvers.push(registry.resolver());
                true
            }
            Question::Resolve { repeat: true, .. } if alike => true,
            Question::Resolve {
                resolver,
                type_name,
                resource,
                answer,
                ..
            } => resolvers.get_mut(*resolver).is_some_and(|resolve| {
                resolve(type_name, resource.as_deref(), &known) == *answer && !asked_anew.get()
            }),
        })
    }
}

/// What one resolver answered, by type and resource.
type Resolved = HashMap<(String, Option<String>), Resolution>;

/// What a [`Recording`] wrote down.
#[derive(Default)]
struct Log {
    questions: Vec<Question>,
    known: HashMap<String, bool>,
    resolvers: usize,
    /// The questions written down ([`Asked`]): the names each kind asked
    /// about, by kind and text.
    asked: HashMap<(Asked, TextRange), HashSet<String>>,
    /// By resolver: each type (and resource) resolved, with its answer;
    /// `None` once it resolved a type named like a pattern.
    resolved: Vec<Option<Resolved>>,
}

/// A file's stack and registry, answering the linter and writing down
/// each question with its answer.
pub(super) struct Recording<'a> {
    facts: &'a Nesting<'a>,
    registry: &'a dyn TypeMapping,
    log: Mutex<Log>,
}

impl Recording<'_> {
    /// Writes down the question `question` makes (about `name`, or the
    /// text at `range`), unless this lint asked it already: its answer is
    /// the same, and is not copied again.
    fn note(
        &self,
        asked: Asked,
        name: &str,
        range: TextRange,
        question: impl FnOnce() -> Question,
    ) {
        let mut log = self.log();
        let log = &mut *log;
        let names = log.asked.entry((asked, range)).or_default();
        if !names.contains(name) {
            names.insert(name.to_owned());
            log.questions.push(question());
        }
    }

    fn log(&self) -> MutexGuard<'_, Log> {
        self.log.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl StackFacts for Recording<'_> {
    fn by_type(&self, range: TextRange) -> Option<&Interface> {
        let answer = self.facts.shared_by_type(range);
        self.note(Asked::ByType, "", range, || {
            Question::ByType(range, answer.cloned())
        });
        answer.map(|shared| &**shared)
    }

    fn by_registry(&self, written: &str) -> Option<&Interface> {
        let answer = self.facts.shared_by_registry(written);
        self.note(Asked::ByRegistry, written, NO_TEXT, || {
            Question::ByRegistry(written.to_owned(), answer.cloned())
        });
        answer.map(|shared| &**shared)
    }

    fn has_default(&self, name: &str) -> bool {
        let answer = self.facts.has_default(name);
        self.note(Asked::HasDefault, name, NO_TEXT, || {
            Question::HasDefault(name.to_owned(), answer)
        });
        answer
    }

    fn given(&self, name: &str) -> Option<Arc<template::value::Val>> {
        let answer = self.facts.given(name);
        self.note(Asked::Given, name, NO_TEXT, || {
            Question::Given(name.to_owned(), answer.clone())
        });
        answer
    }

    fn requested(&self) -> &[(String, Arc<template::value::Val>)] {
        let answer = self.facts.requested();
        self.note(Asked::Requested, "", NO_TEXT, || {
            Question::Requested(answer.to_vec())
        });
        answer
    }

    fn passing(&self, name: &str) -> Passing {
        let answer = self.facts.passing(name);
        self.note(Asked::Passing, name, NO_TEXT, || {
            Question::Passing(name.to_owned(), answer.clone())
        });
        answer
    }

    fn depth(&self) -> Option<usize> {
        let answer = self.facts.depth();
        self.note(Asked::Depth, "", NO_TEXT, || Question::Depth(answer));
        answer
    }

    fn read_at_create(&self, output: &str) -> Option<String> {
        let answer = self.facts.read_at_create(output);
        self.note(Asked::ReadAtCreate, output, NO_TEXT, || {
            Question::ReadAtCreate(output.to_owned(), answer.clone())
        });
        answer
    }

    fn creates(&self, url: &str) -> bool {
        let answer = self.facts.creates(url);
        self.note(Asked::Creates, url, NO_TEXT, || {
            Question::Creates(url.to_owned(), answer)
        });
        answer
    }

    fn root_parameters(&self) -> Option<&[String]> {
        let answer = self.facts.root_parameters();
        self.note(Asked::RootParameters, "", NO_TEXT, || {
            Question::RootParameters(answer.map(<[String]>::to_vec))
        });
        answer
    }

    fn closest_parameters(&self, name: &str) -> Vec<String> {
        let answer = self.facts.closest_parameters(name);
        self.note(Asked::ClosestParameters, name, NO_TEXT, || {
            Question::ClosestParameters(name.to_owned(), answer.clone())
        });
        answer
    }

    fn declares(&self, name: &str) -> bool {
        let answer = self.facts.declares(name);
        self.note(Asked::Declares, name, NO_TEXT, || {
            Question::Declares(name.to_owned(), answer)
        });
        answer
    }

    fn is_complete(&self) -> bool {
        let answer = self.facts.is_complete();
        self.note(Asked::IsComplete, "", NO_TEXT, || {
            Question::IsComplete(answer)
        });
        answer
    }

    fn declarations(&self, name: &str) -> Vec<Declared> {
        let answer = self.facts.declarations(name);
        self.note(Asked::Declarations, name, NO_TEXT, || {
            Question::Declarations(name.to_owned(), answer.clone())
        });
        answer
    }

    fn deprecated_by(&self, name: &str) -> Option<&str> {
        let answer = self.facts.deprecated_by(name);
        self.note(Asked::DeprecatedBy, name, NO_TEXT, || {
            Question::DeprecatedBy(name.to_owned(), answer.map(str::to_owned))
        });
        answer
    }
}

impl TypeMapping for Recording<'_> {
    fn resolves_alike(&self) -> bool {
        self.registry.resolves_alike()
    }

    fn maps_nothing(&self) -> bool {
        let answer = self.registry.maps_nothing();
        self.note(Asked::MapsNothing, "", NO_TEXT, || {
            Question::MapsNothing(answer)
        });
        answer
    }

    fn resolver(&self) -> Resolver<'_> {
        let number = {
            let mut log = self.log();
            log.questions.push(Question::NewResolver);
            log.resolved.push(Some(HashMap::default()));
            log.resolvers += 1;
            log.resolvers - 1
        };
        let mut inner = self.registry.resolver();
        Box::new(move |type_name, resource, known| {
            let noted_known = |name: &str| {
                let answer = known(name);
                self.log().known.insert(name.to_owned(), answer);
                answer
            };
            let answer = inner(type_name, resource, &noted_known);
            let mut log = self.log();
            let key = (type_name.to_owned(), resource.map(str::to_owned));
            let repeat = match &mut log.resolved[number] {
                Some(_) if type_name.ends_with('*') => {
                    log.resolved[number] = None;
                    false
                }
                Some(resolved) => match resolved.get(&key) {
                    Some(earlier) => *earlier == answer,
                    None => {
                        resolved.insert(key.clone(), answer.clone());
                        false
                    }
                },
                None => false,
            };
            log.questions.push(Question::Resolve {
                resolver: number,
                type_name: key.0,
                resource: key.1,
                answer: answer.clone(),
                repeat,
            });
            answer
        })
    }
}
