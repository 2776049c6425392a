//! What a lint of a file found, and how a stack shows it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::lint::{Diagnostic, Related, Severity, Stage};

/// What a lint of a file found, kept by the memo and shared by every
/// stack whose answers it holds for.
pub(crate) struct Found {
    /// Its own in the process, never another's.
    id: u64,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl Found {
    /// The same findings, the same lint.
    pub(crate) fn copy(&self) -> Found {
        Found {
            id: self.id,
            diagnostics: self.diagnostics.clone(),
        }
    }

    pub(crate) fn new(diagnostics: Vec<Diagnostic>) -> Self {
        static LINTS: AtomicU64 = AtomicU64::new(0);
        Found {
            id: LINTS.fetch_add(1, Ordering::Relaxed),
            diagnostics,
        }
    }
}

/// What a stack changes of the findings of one of its files.
#[derive(Clone, PartialEq)]
pub(crate) struct Shown {
    /// A nested template: Heat judges at its create what it judges of
    /// the root at validation.
    pub(crate) nested: bool,
    /// Whether the refusals of a nested template no resource of the
    /// stack makes a stack of are told as warnings: `Some(named)`, where
    /// `named` says whether a resource names it.
    pub(crate) warned: Option<bool>,
    /// How the stack reaches the file, outermost first.
    pub(crate) callers: Vec<Related>,
}

/// A file's findings as its stack shows them: what a lint found, shared
/// with the other stacks the memo served, and what this stack changes of
/// it. Two with equal [`ShownFindings::key`]s have the same diagnostics,
/// so `--each-environment` merges a file's findings once for all the
/// combinations that show them alike.
#[derive(Clone)]
pub struct ShownFindings {
    pub(crate) found: Arc<Found>,
    pub(crate) shown: Shown,
}

impl ShownFindings {
    /// The diagnostics, as the stack shows them.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let Shown {
            nested,
            warned,
            callers,
        } = &self.shown;
        let mut found = self.found.diagnostics.clone();
        if *nested {
            // Heat judges what is written here when it creates this
            // nested stack.
            for diagnostic in &mut found {
                if diagnostic.stage == Some(Stage::Validate)
                    && diagnostic.rule.judged_when_created()
                {
                    diagnostic.stage = Some(Stage::Create);
                }
            }
        }
        if let Some(named) = warned {
            let why = if *named {
                "; but with the stack's values Heat makes no stack of this template (every \
                    resource using it is left out: its condition is false, or its group's count \
                    is 0), and accepts the stack: it refuses this only with other values"
            } else {
                "; but no resource of the stack has a type that is this template (only the \
                    environments' registry maps one to it), so Heat makes no stack of it and \
                    accepts the stack: it refuses this only in a stack that uses it"
            };
            for diagnostic in found.iter_mut().filter(|d| refused(d)) {
                diagnostic.severity = Severity::Warning;
                diagnostic.message.push_str(why);
            }
        }
        for diagnostic in &mut found {
            diagnostic.related.extend(callers.iter().cloned());
        }
        found
    }

    /// The lint whose findings these are ([`ShownKey::lint`]).
    pub fn lint(&self) -> u64 {
        self.found.id
    }

    /// Whether `key` is this one's [`ShownFindings::key`].
    pub fn has_key(&self, key: &ShownKey) -> bool {
        key.lint == self.found.id && key.shown == self.shown
    }

    /// What makes these diagnostics: two equal keys, the same
    /// diagnostics. It holds none of them.
    pub fn key(&self) -> ShownKey {
        ShownKey {
            lint: self.found.id,
            shown: self.shown.clone(),
        }
    }
}

/// The lint whose findings a [`ShownFindings`] shows, and how.
#[derive(Clone, PartialEq)]
pub struct ShownKey {
    lint: u64,
    shown: Shown,
}

impl ShownKey {
    /// The same for every way the findings of one lint are shown.
    pub fn lint(&self) -> u64 {
        self.lint
    }
}

/// A refusal Heat makes at validation or create.
pub(crate) fn refused(diagnostic: &Diagnostic) -> bool {
    diagnostic.severity == Severity::Error
        && !matches!(diagnostic.stage, None | Some(Stage::Client))
}
