//! The stack's answers to one file's lint, each question written down
//! with its answer (see [`super::LintMemo`]).

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::hash::HashMap;
use crate::stack::{Declared, Interface, Nesting, Passing, Resolver, StackFacts, TypeMapping};
use crate::template;
use crate::text::TextRange;

use super::asked::{Asked, NO_TEXT};
use super::earlier::Earlier;
use super::log::Log;
use super::{Kept, Parts, Question, Split, TypeNumbers};
use crate::lint::Diagnostic;

/// A file's stack and registry, answering the linter and writing down
/// each question with its answer.
pub(crate) struct Recording<'a> {
    facts: &'a Nesting<'a>,
    registry: &'a dyn TypeMapping,
    type_numbers: &'a TypeNumbers,
    log: Mutex<Log>,
    /// The lint taken up, whose parts can stand for this lint's where the
    /// questions each used get the same answers here ([`Split::skip`]).
    earlier: Option<Earlier<'a>>,
}

/// The questions a value kept for later parts used, by where they are in
/// the lint's questions ([`Split::keeping`]).
pub(crate) type Used = Arc<[u32]>;

impl<'a> Recording<'a> {
    /// `expected`: how many questions a lint of the same input asked
    /// before, room made for them at once (a role's lint asks hundreds,
    /// and growing the list step by step copies each many times).
    pub(super) fn new(
        facts: &'a Nesting<'a>,
        registry: &'a dyn TypeMapping,
        type_numbers: &'a TypeNumbers,
        expected: usize,
    ) -> Self {
        let log = Log {
            questions: Vec::with_capacity(expected),
            ..Log::default()
        };
        Recording {
            facts,
            registry,
            type_numbers,
            log: Mutex::new(log),
            earlier: None,
        }
    }

    /// A recording that takes up an earlier lint of the same input after
    /// its first `skipped` parts (`parts`, [`Split`]), whose answers (the
    /// first of `questions`) hold here. Those questions are written down
    /// again, each resolver's with no memory of what it resolved: only a
    /// registry that resolves by name alone is taken up (see
    /// [`super::LintMemo::findings`]).
    pub(super) fn taking_up(
        facts: &'a Nesting<'a>,
        registry: &'a dyn TypeMapping,
        type_numbers: &'a TypeNumbers,
        (kept, counted): (&'a Kept, &'a AtomicU64),
        (holding, skipped): (usize, usize),
    ) -> Self {
        let parts = &kept.parts;
        let (asked, found) = match skipped {
            0 => (0, 0),
            _ => parts.ends[skipped - 1],
        };
        // Room for as many questions as the lint taken up asked: this one
        // asks about as many.
        let mut questions = Vec::with_capacity(kept.questions.len());
        questions.extend_from_slice(&kept.questions[..asked]);
        let resume = (parts.found.as_deref())
            .filter(|_| skipped > 0)
            .map(|all| (skipped, all[..found].to_vec()));
        let resolvers = (questions.iter())
            .filter(|question| matches!(question, Question::NewResolver))
            .count();
        let log = Log {
            questions,
            known: kept.known.clone(),
            resolved: vec![None; resolvers],
            parts: Parts {
                ends: parts.ends[..skipped].to_vec(),
                found: None,
                used: parts.used[..skipped].to_vec(),
            },
            resume,
            ..Log::default()
        };
        Recording {
            facts,
            registry,
            type_numbers,
            log: Mutex::new(log),
            // A type named like a pattern is one for the resolutions after
            // it (`Kept::holding`): a part's are then not checked alone.
            earlier: (!patterned(kept)).then(|| Earlier {
                kept,
                skipped: counted,
                holding,
                every_part: (0..kept.questions.len())
                    .filter(|&at| matches!(kept.questions[at], Question::MapsNothing(_)))
                    .filter_map(|at| u32::try_from(at).ok())
                    .collect(),
                checked: Mutex::new(vec![None; kept.questions.len()]),
            }),
        }
    }

    /// What was written down.
    pub(super) fn into_log(self) -> Log {
        self.log
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }

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
        let at = log.note(asked, name, range, question);
        log.used(at);
    }

    /// `answer` to a question about `name`, once it is written down (see
    /// [`Self::note`]): it is copied only for a question not asked before.
    fn noted<T: Clone>(
        &self,
        asked: Asked,
        name: &str,
        answer: T,
        question: fn(String, T) -> Question,
    ) -> T {
        self.note(asked, name, NO_TEXT, || {
            question(name.to_owned(), answer.clone())
        });
        answer
    }

    fn log(&self) -> MutexGuard<'_, Log> {
        self.log.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Split for Recording<'_> {
    fn resume(&self) -> Option<(usize, Vec<Diagnostic>)> {
        self.log().resume.take()
    }

    fn part_ended(&self, found: &[Diagnostic], last: bool) {
        let mut log = self.log();
        let questions = log.questions.len();
        log.parts.ends.push((questions, found.len()));
        let mut used = std::mem::take(&mut log.part_used);
        used.sort_unstable();
        log.parts.used.push(used.into());
        log.read_this_part.clear();
        if last {
            log.parts.found = Some(found.into());
        }
    }

    fn skip(&self, part: usize) -> Option<(Vec<Diagnostic>, bool)> {
        let earlier = self.earlier.as_ref()?;
        let parts = &earlier.kept.parts;
        let (used, found) = (parts.used.get(part)?, parts.found.as_deref()?);
        let start = match part {
            0 => 0,
            _ => parts.ends[part - 1].1,
        };
        let end = parts.ends[part].1;
        if !earlier.holds(&earlier.every_part, self.facts, self.registry)
            || !earlier.holds(used, self.facts, self.registry)
        {
            return None;
        }
        earlier.skipped.fetch_add(1, Relaxed);
        let mut log = self.log();
        let mut resolver = None;
        for &at in used.iter() {
            log.replay(&earlier.kept.questions[at as usize], &mut resolver);
        }
        Some((found[start..end].to_vec(), part + 1 == parts.ends.len()))
    }

    fn keeping(&self) {
        self.log().keeping.push(Vec::new());
    }

    fn kept(&self) -> Used {
        let mut used = self.log().keeping.pop().unwrap_or_default();
        used.sort_unstable();
        used.dedup();
        used.into()
    }

    fn read_kept(&self, used: &Used) {
        let mut log = self.log();
        // Read again in the same part, outside any value being worked
        // out: its questions are counted already.
        let address = used.as_ptr() as usize;
        if log.keeping.is_empty() && !log.read_this_part.insert(address) {
            return;
        }
        for &at in used.iter() {
            log.used(at);
        }
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
        self.noted(Asked::HasDefault, name, answer, Question::HasDefault)
    }

    fn given(&self, name: &str) -> Option<Arc<template::value::Val>> {
        let answer = self.facts.given(name);
        self.noted(Asked::Given, name, answer, Question::Given)
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
        self.noted(Asked::Passing, name, answer, Question::Passing)
    }

    fn deepest_at(&self, level: usize) -> bool {
        let answer = self.facts.deepest_at(level);
        self.note(Asked::Depth, &level.to_string(), NO_TEXT, || {
            Question::DeepestAt(level, answer)
        });
        answer
    }

    fn read_at_create(&self, output: &str) -> Option<String> {
        let answer = self.facts.read_at_create(output);
        self.noted(Asked::ReadAtCreate, output, answer, Question::ReadAtCreate)
    }

    fn creates(&self, url: &str) -> bool {
        let answer = self.facts.creates(url);
        self.noted(Asked::Creates, url, answer, Question::Creates)
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
        self.noted(
            Asked::ClosestParameters,
            name,
            answer,
            Question::ClosestParameters,
        )
    }

    fn declares(&self, name: &str) -> bool {
        let answer = self.facts.declares(name);
        self.noted(Asked::Declares, name, answer, Question::Declares)
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
        self.noted(Asked::Declarations, name, answer, Question::Declarations)
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
            log.resolved.len() - 1
        };
        let mut inner = self.registry.resolver();
        Box::new(move |type_name, resource, known| {
            let asked = std::cell::RefCell::new(Vec::new());
            let noted_known = |name: &str| {
                let answer = known(name);
                self.log().known.insert(name.to_owned(), answer);
                asked.borrow_mut().push((name.to_owned(), answer));
                answer
            };
            let answer = inner(type_name, resource, &noted_known);
            let type_number = self.type_numbers.number(type_name);
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
                number: type_number,
                resource: key.1,
                answer: answer.clone(),
                asked: asked.into_inner().into_boxed_slice(),
                repeat,
            });
            let at = u32::try_from(log.questions.len() - 1).unwrap_or(u32::MAX);
            log.used(at);
            answer
        })
    }
}

/// Whether `kept` resolved a type named like a pattern.
fn patterned(kept: &Kept) -> bool {
    (kept.questions.iter()).any(|question| {
        matches!(question, Question::Resolve { type_name, .. } if type_name.ends_with('*'))
    })
}
