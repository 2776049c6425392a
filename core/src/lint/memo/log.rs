//! What a [`super::Recording`] writes down: each question the stack
//! answered one file's lint, once, with its answer, and which part of the
//! lint used it.

use crate::hash::{HashMap, HashSet};
use crate::lint::Diagnostic;
use crate::stack::Resolution;
use crate::text::TextRange;

use super::asked::Asked;
use super::{Parts, Question};

/// What one resolver answered, by type and resource.
pub(super) type Resolved = HashMap<(String, Option<String>), Resolution>;

/// What a [`super::Recording`] wrote down.
#[derive(Default)]
pub(super) struct Log {
    pub(super) questions: Vec<Question>,
    pub(super) known: HashMap<String, bool>,
    /// The questions written down ([`Asked`]): the names each kind asked
    /// about, by kind and text, with where each is in `questions`.
    pub(super) asked: HashMap<(Asked, TextRange), HashMap<String, u32>>,
    /// The questions the part under way used, by where they are in
    /// `questions`: those it asked first, those asked again, and those a
    /// value it read from an earlier part had asked ([`super::Split::read_kept`]).
    pub(super) part_used: Vec<u32>,
    /// By question, the number of the last part that used it, plus one:
    /// a part reads the same values many times.
    pub(super) used_by: Vec<u32>,
    /// The values kept for later parts the part under way has read (their
    /// questions, by address: kept alive by the values).
    pub(super) read_this_part: HashSet<usize>,
    /// The questions used by each value being worked out to be kept for
    /// later parts, innermost last ([`super::Split::keeping`]).
    pub(super) keeping: Vec<Vec<u32>>,
    /// By resolver, in the order they were made: each type (and resource)
    /// resolved, with its answer; `None` once it resolved a type named
    /// like a pattern.
    pub(super) resolved: Vec<Option<Resolved>>,
    /// Where the parts of the lint ended ([`super::Split`]), and what they
    /// found.
    pub(super) parts: Parts,
    /// The part to start from, and what those before it found, when the
    /// lint takes up another.
    pub(super) resume: Option<(usize, Vec<Diagnostic>)>,
}

impl Log {
    /// Where the question about `name` (or the text at `range`) of kind
    /// `asked` is in `questions`, written down first if this lint had not
    /// asked it.
    pub(super) fn note(
        &mut self,
        asked: Asked,
        name: &str,
        range: TextRange,
        question: impl FnOnce() -> Question,
    ) -> u32 {
        let next = u32::try_from(self.questions.len()).unwrap_or(u32::MAX);
        let names = self.asked.entry((asked, range)).or_default();
        if let Some(&at) = names.get(name) {
            return at;
        }
        names.insert(name.to_owned(), next);
        self.questions.push(question());
        next
    }

    /// The question at `at` was used: by the part under way, and by every
    /// value being worked out to be kept.
    pub(super) fn used(&mut self, at: u32) {
        let part = u32::try_from(self.parts.ends.len() + 1).unwrap_or(u32::MAX);
        let index = at as usize;
        if self.used_by.len() <= index {
            self.used_by.resize(index + 1, 0);
        }
        if self.used_by[index] != part {
            self.used_by[index] = part;
            self.part_used.push(at);
        }
        for keeping in &mut self.keeping {
            keeping.push(at);
        }
    }

    /// Writes down `question`, of a part of an earlier lint that stands
    /// for this lint's (see [`super::Split::skip`]); `resolver`: the resolver
    /// made for that part's resolutions, once made.
    pub(super) fn replay(&mut self, question: &Question, resolver: &mut Option<usize>) {
        let at = match question {
            Question::NewResolver => return,
            Question::Resolve { .. } => {
                let number = *resolver.get_or_insert_with(|| {
                    self.questions.push(Question::NewResolver);
                    self.resolved.push(None);
                    self.resolved.len() - 1
                });
                let mut question = question.clone();
                if let Question::Resolve {
                    resolver, repeat, ..
                } = &mut question
                {
                    // Checked on its own wherever it is replayed: the
                    // resolution it repeats may be in another part.
                    (*resolver, *repeat) = (number, false);
                }
                self.questions.push(question);
                u32::try_from(self.questions.len() - 1).unwrap_or(u32::MAX)
            }
            _ => {
                let (asked, name, range) = question.key();
                self.note(asked, &name, range, || question.clone())
            }
        };
        self.used(at);
    }
}
