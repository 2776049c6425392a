//! The project of the workspace (`heatwise.toml` at its root): its stacks
//! as Heat receives them, each with the environments the project lists,
//! gathered from the editor's open documents and, for the rest, the disk.
//!
//! Each stack keeps what it learnt of every file (a `GatherCache` of its
//! own: path maps differ between stacks) and forgets only the files that
//! change; every file's lint is kept across stacks and edits (`LintMemo`),
//! so an edit re-lints the file edited and the files whose questions to
//! the stack it answers differently, not the tree.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use heatwise_core::lint::{Diagnostic, LintMemo, LintOptions, StackLinter};
use heatwise_core::stack::symbols::StackSymbols;
use heatwise_core::stack::{Content, FileProvider, GatherCache, ReadError, Stack};
use lsp_types::Uri;

use crate::project::{self, Project, ProjectStack};
use crate::stack::FsFiles;

use super::document::Document;

pub struct Workspace {
    pub project: Option<Project>,
    stacks: Vec<ProjectStackState>,
    memo: LintMemo,
}

struct ProjectStackState {
    given: ProjectStack,
    cache: GatherCache,
    /// The last gathering; `None` when its root or an environment cannot
    /// be read.
    gathered: Option<Stack>,
    /// Where its files name their parameters, resources and outputs,
    /// worked out when first asked for (navigation, completion) and again
    /// after the next gathering.
    symbols: RefCell<Option<Rc<StackSymbols>>>,
}

/// The files of a stack as the editor has them: open documents' texts,
/// else the disk's.
pub struct OpenFiles<'a> {
    pub documents: &'a HashMap<Uri, Document>,
    pub disk: FsFiles,
}

impl FileProvider for OpenFiles<'_> {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        // Found by the name the stacks give it: the editor may have
        // opened it through a link.
        let open = (self.documents.values())
            .find(|document| document.url == url)
            .map(|document| Content::Text(document.text.clone()));
        match open {
            Some(content) => Ok(content),
            None => self.disk.read(url),
        }
    }
}

/// What linting one file of the workspace's stacks found, with the texts
/// of the other files its findings point at.
pub struct Found {
    pub diagnostics: Vec<Diagnostic>,
    pub related: Vec<(String, Arc<str>)>,
}

impl Workspace {
    /// The workspace with its root at `root`: the project file there, if
    /// there is one. What is wrong with it is in the messages returned.
    pub fn open(root: Option<&Path>) -> (Workspace, Vec<String>) {
        let mut problems = Vec::new();
        let project = root
            .map(|root| root.join(project::FILE_NAME))
            .filter(|path| path.is_file())
            .and_then(|path| match project::read(&path) {
                Ok(project) => Some(project),
                Err(message) => {
                    problems.push(message);
                    None
                }
            });
        let stacks = project.iter().flat_map(|project| &project.stacks);
        let stacks = stacks
            .map(|given| ProjectStackState {
                given: given.clone(),
                cache: GatherCache::default(),
                gathered: None,
                symbols: RefCell::new(None),
            })
            .collect();
        let workspace = Workspace {
            project,
            stacks,
            memo: LintMemo::default(),
        };
        (workspace, problems)
    }

    /// The file at `url` changed (in the editor or on disk): every stack
    /// reads it again when next gathered.
    pub fn changed(&mut self, url: &str) {
        for stack in &mut self.stacks {
            stack.cache.forget(url);
        }
    }

    /// Gathers every stack again, from the open documents and the disk;
    /// what cannot be read, with why.
    // `Uri` caches its parsed parts in a cell; its hash never changes.
    #[allow(clippy::mutable_key_type)]
    pub fn gather(&mut self, documents: &HashMap<Uri, Document>) -> Vec<String> {
        let mut problems = Vec::new();
        for stack in &mut self.stacks {
            stack.symbols = RefCell::new(None);
            stack.gathered = match stack.given.urls() {
                Ok(urls) => {
                    let files = OpenFiles {
                        documents,
                        disk: stack.given.files(&urls),
                    };
                    let gathered =
                        Stack::gather_with(&urls[0], &urls[1..], &files, &mut stack.cache);
                    Some(gathered)
                }
                Err(error) => {
                    problems.push(format!("{}: {}", error.path, error.message));
                    None
                }
            };
        }
        problems
    }

    /// The first stack of the project that reaches the file at `url`,
    /// with the names of its files; `known` tells Heat's own types.
    pub fn stack_with(
        &self,
        url: &str,
        known: &dyn Fn(&str) -> bool,
    ) -> Option<(&Stack, Rc<StackSymbols>)> {
        let state = self.stacks.iter().find(|state| {
            (state.gathered.as_ref()).is_some_and(|stack| stack.file(url).is_some())
        })?;
        let stack = state.gathered.as_ref()?;
        let symbols = state
            .symbols
            .borrow_mut()
            .get_or_insert_with(|| Rc::new(StackSymbols::new(stack, known)))
            .clone();
        Some((stack, symbols))
    }

    /// The findings of the file at `url` in every stack of the project
    /// that reaches it, each once; `None` when none does.
    pub fn findings(&mut self, url: &str, options: &LintOptions<'_>) -> Option<Found> {
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let mut related: Vec<(String, Arc<str>)> = Vec::new();
        let mut reached = false;
        for state in &mut self.stacks {
            let Some(stack) = &state.gathered else {
                continue;
            };
            let Some(id) = stack.file(url) else {
                continue;
            };
            reached = true;
            let linter = StackLinter::new(stack, &mut state.cache);
            for diagnostic in linter.lint_with(id, options, &self.memo) {
                for place in &diagnostic.related {
                    let known = related.iter().any(|(url, _)| *url == place.url);
                    if let (false, Some(file)) = (known, stack.file(&place.url)) {
                        related.push((place.url.clone(), stack.files[file].text.clone()));
                    }
                }
                if !diagnostics.contains(&diagnostic) {
                    diagnostics.push(diagnostic);
                }
            }
        }
        diagnostics.sort_by(|a, b| {
            (a.range.start, a.range.end, a.rule).cmp(&(b.range.start, b.range.end, b.rule))
        });
        reached.then_some(Found {
            diagnostics,
            related,
        })
    }
}
