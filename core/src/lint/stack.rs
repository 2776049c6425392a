//! Linting the files of a gathered stack: each template and environment
//! with the files it names, what the stack knows of them, and the
//! registry of the stack's environments, read once for all its files.

use crate::stack::{FileId, GatherCache, Registry, Role, Stack, StackNesting, Target};
use crate::template;

use super::{lint, Diagnostic, LintOptions, Related};

/// What linting every file of one stack shares.
pub struct StackLinter<'s> {
    stack: &'s Stack,
    registry: Registry,
    nesting: StackNesting,
    /// How each file is first reached (see [`first_reached_by`]).
    via: Vec<Option<usize>>,
}

impl<'s> StackLinter<'s> {
    /// Reads the stack's environments and nested templates once; `cache`
    /// keeps what other stacks of the same files read already.
    pub fn new(stack: &'s Stack, cache: &mut GatherCache) -> Self {
        let mut registry = Registry::default();
        for id in stack.environments() {
            registry.load(&template::parse(&stack.files[id].text));
        }
        Self {
            stack,
            registry,
            nesting: stack.nesting_with(cache),
            via: first_reached_by(stack),
        }
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
        let references: Vec<_> = self.stack.references_from(file).cloned().collect();
        let facts = self.nesting.of(self.stack, file);
        let options = LintOptions {
            references: &references,
            stack: Some(&facts),
            registry: Some(&self.registry),
            ..*options
        };
        let mut found = lint(&self.stack.files[file].text, &options);
        let callers = self.callers(file);
        if !callers.is_empty() {
            for diagnostic in &mut found {
                diagnostic.related.extend(callers.iter().cloned());
            }
        }
        found
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
                url: stack.files[reference.from].url.clone(),
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
