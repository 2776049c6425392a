//! Linting the files of a gathered stack: each template and environment
//! with the files it names, what the stack knows of them, and the
//! registry of the stack's environments, read once for all its files.

use std::sync::{Arc, PoisonError};

use crate::stack::gather::{sent_len, SentLengths};
use crate::stack::{
    FileId, GatherCache, ReadError, Reference, ReferenceKind, Role, Stack, StackNesting, Target,
};
use crate::template::Parsed;

use super::memo::{refused, LintMemo, Shown, ShownFindings};
use super::{lint_split, Diagnostic, LintOptions, Related};

/// What linting every file of one stack shares.
pub struct StackLinter<'s> {
    stack: &'s Stack,
    nesting: StackNesting<'s>,
    /// How each file is first reached (see [`first_reached_by`]).
    via: Vec<Option<usize>>,
    /// By file: the indexes of the references written in it.
    written_in: Vec<Vec<usize>>,
    /// By file: its parse, when the gathering kept it.
    parsed: Vec<Option<Arc<Parsed>>>,
    /// What heatclient sends for a template, measured once for the cache.
    sent: SentLengths,
}

impl<'s> StackLinter<'s> {
    /// Reads the stack's environments and nested templates once; `cache`
    /// keeps what other stacks of the same files read already.
    pub fn new(stack: &'s Stack, cache: &mut GatherCache) -> Self {
        let mut written_in = vec![Vec::new(); stack.files.len()];
        for (index, reference) in stack.references.iter().enumerate() {
            written_in[reference.from].push(index);
        }
        let parsed = (stack.files.iter())
            .map(|file| cache.parsed(&file.url, &file.text).cloned())
            .collect();
        Self {
            stack,
            parsed,
            nesting: stack.nesting_with(cache),
            via: first_reached_by(stack),
            written_in,
            sent: cache.sent_lengths(),
        }
    }

    /// The references written in `file`, each template's length measured
    /// where it may be over `limit` (`max_template_size`).
    fn references_of(&self, file: FileId, limit: i64) -> Vec<Reference> {
        (self.written_in[file].iter())
            .map(|&index| {
                let reference = &self.stack.references[index];
                Reference {
                    sent_len: self.sent_len(reference, limit),
                    unused: matches!(
                        &reference.target,
                        Target::Unread(ReadError::RefusedByEngine(_))
                    ) && !self.nesting.creates_a_type_mapped_to(&reference.written),
                    ..reference.clone()
                }
            })
            .collect()
    }

    /// The length of what heatclient sends for the template a resource's
    /// `type` reaches, when it may be over `limit`. Measuring it means
    /// reading the template as Heat's loader does, so it is done only
    /// when the gathering's bound says it may be over.
    fn sent_len(&self, reference: &Reference, limit: i64) -> Option<u64> {
        let Target::File(id) = reference.target else {
            return None;
        };
        if reference.kind != ReferenceKind::Type || !reference.reaches_template {
            return None;
        }
        if u64::try_from(limit).is_ok_and(|limit| reference.sent_bound <= limit) {
            return None;
        }
        let file = &self.stack.files[id];
        let mut sent = self.sent.lock().unwrap_or_else(PoisonError::into_inner);
        *sent.entry(file.url.to_string()).or_insert_with(|| {
            let read;
            let parsed = match &self.parsed[id] {
                Some(parsed) => parsed,
                None => {
                    read = Parsed::of(Arc::clone(&file.text));
                    &read
                }
            };
            sent_len(&file.text, parsed.borrow_dependent().tree(), &file.url)
        })
    }

    /// The files that are linted: templates and environments, not data.
    pub fn files(&self) -> Vec<FileId> {
        (0..self.stack.files.len())
            .filter(|&id| self.stack.files[id].role != Role::Data)
            .collect()
    }

    /// The findings of one file of the stack, with `options`' catalog and
    /// target.
    pub fn lint(&self, file: FileId, options: &LintOptions<'_>) -> Vec<Diagnostic> {
        self.lint_with(file, options, &LintMemo::default())
    }

    /// [`StackLinter::lint`], reusing the findings `memo` kept of the same
    /// file in another stack when what the file reads of its stack is the
    /// same in this one (see [`LintMemo`]).
    pub fn lint_with(
        &self,
        file: FileId,
        options: &LintOptions<'_>,
        memo: &LintMemo,
    ) -> Vec<Diagnostic> {
        self.lint_shown(file, options, memo).diagnostics()
    }

    /// [`StackLinter::lint_with`], its diagnostics made when asked: what
    /// the lint found is shared with the other stacks `memo` served.
    pub fn lint_shown(
        &self,
        file: FileId,
        options: &LintOptions<'_>,
        memo: &LintMemo,
    ) -> ShownFindings {
        let references = self.references_of(file, options.limits.max_template_size);
        let facts = self.nesting.of(Some(file), &references);
        let written = &self.stack.files[file];
        let found = memo.findings(
            written,
            self.parsed[file].as_ref(),
            (options.target, options.limits, options.now),
            &references,
            &facts,
            &self.nesting.type_mapping(),
            |template, recording| {
                lint_split(
                    template,
                    &LintOptions {
                        references: &references,
                        stack: Some(recording),
                        registry: Some(recording),
                        as_environment: written.role == Role::Environment,
                        as_root: written.role == Role::Root,
                        ..*options
                    },
                    Some(recording),
                )
            },
        );
        let nested = written.role == Role::Nested;
        let warned =
            (nested && found.diagnostics.iter().any(refused) && !self.nesting.may_create(file))
                .then(|| self.nesting.named_by_a_use(file));
        let callers = if found.diagnostics.is_empty() {
            Vec::new()
        } else {
            self.callers(file)
        };
        ShownFindings {
            found,
            shown: Shown {
                nested,
                warned,
                callers,
            },
        }
    }

    /// How the stack reaches `file`, a nested template or a file it reads,
    /// from the root or an environment: each reference on the shortest
    /// way, outermost first, at most [`MAX_CALLERS`] of them.
    fn callers(&self, file: FileId) -> Vec<Related> {
        let stack = self.stack;
        let mut chain = Vec::new();
        let mut at = file;
        while let Some(index) = self.via[at] {
            let reference = &stack.references[index];
            chain.push(Related {
                url: stack.files[reference.from].url.to_string(),
                range: reference.range,
                message: format!(
                    "the stack reaches this file through `{}`",
                    reference.written
                ),
            });
            at = reference.from;
            if chain.len() > MAX_CALLERS {
                break;
            }
        }
        chain.truncate(MAX_CALLERS);
        chain.reverse();
        chain
    }
}

/// For each file, the reference by which the stack first reaches it,
/// breadth first from the root and the environments (`None` for those).
fn first_reached_by(stack: &Stack) -> Vec<Option<usize>> {
    let mut from: Vec<Vec<usize>> = vec![Vec::new(); stack.files.len()];
    for (index, reference) in stack.references.iter().enumerate() {
        from[reference.from].push(index);
    }
    let mut via = vec![None; stack.files.len()];
    let mut seen: Vec<bool> = stack
        .files
        .iter()
        .map(|f| matches!(f.role, Role::Root | Role::Environment))
        .collect();
    let mut queue: std::collections::VecDeque<FileId> =
        (0..stack.files.len()).filter(|&id| seen[id]).collect();
    while let Some(file) = queue.pop_front() {
        for &index in &from[file] {
            if let Target::File(to) = stack.references[index].target {
                if !seen[to] {
                    seen[to] = true;
                    via[to] = Some(index);
                    queue.push_back(to);
                }
            }
        }
    }
    via
}

/// The callers a finding in a nested file names, outermost first.
pub const MAX_CALLERS: usize = 8;
