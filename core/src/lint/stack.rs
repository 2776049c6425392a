//! Linting the files of a gathered stack: each template and environment
//! with the files it names, what the stack knows of them, and the
//! registry of the stack's environments, read once for all its files.

use crate::stack::{FileId, GatherCache, Registry, Role, Stack, StackNesting};
use crate::template;

use super::{lint, Diagnostic, LintOptions};

/// What linting every file of one stack shares.
pub struct StackLinter<'s> {
    stack: &'s Stack,
    registry: Registry,
    nesting: StackNesting,
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
        lint(&self.stack.files[file].text, &options)
    }
}
