//! "Migrate all": every safe fix applied at once (and, when the user asks,
//! every unsafe one too), previewed as a diff before it is made, with what
//! it leaves for the user to decide.

use std::rc::Rc;

use heatwise_core::catalog::Catalog;
use heatwise_core::fix::Applicability;
use heatwise_core::fixer::{fix_all, FixOptions};
use heatwise_core::lint::LintOptions;
use heatwise_core::release::Release;
use heatwise_core::text::{Positions, TextRange};
use similar::{ChangeTag, DiffOp, TextDiff};

use crate::findings::Change;
use crate::outline::Utf16Range;

/// Lines of context around each change in the preview.
const CONTEXT_LINES: usize = 3;

#[derive(Clone, Debug, PartialEq)]
pub struct Migration {
    /// Whether unsafe fixes were asked for.
    pub with_unsafe: bool,
    /// The titles of the fixes applied, in order.
    pub applied: Vec<String>,
    /// The titles of the unsafe fixes among them: each says what changes
    /// and what to check.
    pub applied_unsafe: Vec<String>,
    /// The preview: hunks of changed lines with some context.
    pub hunks: Vec<Hunk>,
    /// The changes that turn the document into the migrated text, one per
    /// changed run of lines, in UTF-16 offsets of the document.
    pub changes: Rc<[Change]>,
    /// Fixes left for review: they change what Heat does, or are advice.
    pub left: Vec<LeftFix>,
    /// Why nothing could be migrated (the text does not parse).
    pub refused: Option<String>,
    /// The document before and after: what a stack update with the
    /// migration does to a running stack is worked out from them.
    pub original: Rc<str>,
    pub migrated: Rc<str>,
    /// The release migrated for: the one whose update is described.
    pub target: Option<Release>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    pub lines: Vec<DiffLine>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiffLine {
    pub kind: LineKind,
    /// 1-based line numbers in the old and the new text.
    pub old_line: Option<usize>,
    pub new_line: Option<usize>,
    /// Without its line break.
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Context,
    Removed,
    Added,
}

/// A fix "Migrate all" does not make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftFix {
    pub code: &'static str,
    pub title: String,
    /// The finding it is for, which says why.
    pub message: String,
    pub applicability: Applicability,
    pub line: u32,
}

/// What migrating `text` at `target` with every safe fix (and every
/// unsafe one, `with_unsafe`) does.
pub fn migrate(text: &str, target: Option<Release>, with_unsafe: bool) -> Migration {
    let lint = LintOptions {
        now: crate::findings::now(),
        ..LintOptions::new(Catalog::builtin()).with_target(target)
    };
    let options = FixOptions {
        unsafe_fixes: with_unsafe,
        ..FixOptions::new(lint)
    };
    let outcome = fix_all(text, &options);
    let applied_unsafe = outcome
        .applied
        .iter()
        .filter(|applied| applied.applicability == Applicability::Unsafe)
        .map(|applied| applied.title.clone())
        .collect();
    let positions = Positions::new(&outcome.text);
    let left = outcome
        .remaining
        .iter()
        .filter_map(|diagnostic| {
            let fix = diagnostic.fix.as_ref()?;
            (fix.applicability != Applicability::Safe || fix.edits.is_empty()).then(|| LeftFix {
                code: diagnostic.rule.code(),
                title: fix.title.clone(),
                message: diagnostic.message.clone(),
                applicability: fix.applicability,
                line: positions.location(diagnostic.range).line,
            })
        })
        .collect();
    let diff = TextDiff::from_lines(text, outcome.text.as_str());
    Migration {
        with_unsafe,
        applied_unsafe,
        applied: outcome
            .applied
            .into_iter()
            .map(|applied| applied.title)
            .collect(),
        hunks: hunks(&diff),
        changes: changes(text, &outcome.text, &diff).into(),
        left,
        refused: outcome.refused,
        original: text.into(),
        migrated: outcome.text.into(),
        target,
    }
}

/// The changes from `before` to `after`, line by line, with context.
pub fn diff_hunks(before: &str, after: &str) -> Vec<Hunk> {
    hunks(&TextDiff::from_lines(before, after))
}

fn hunks(diff: &TextDiff<'_, '_, '_, str>) -> Vec<Hunk> {
    diff.grouped_ops(CONTEXT_LINES)
        .iter()
        .map(|group| Hunk {
            lines: group
                .iter()
                .flat_map(|op| diff.iter_changes(op))
                .map(|change| DiffLine {
                    kind: match change.tag() {
                        ChangeTag::Equal => LineKind::Context,
                        ChangeTag::Delete => LineKind::Removed,
                        ChangeTag::Insert => LineKind::Added,
                    },
                    old_line: change.old_index().map(|i| i + 1),
                    new_line: change.new_index().map(|i| i + 1),
                    text: change.value().trim_end_matches(['\n', '\r']).to_owned(),
                })
                .collect(),
        })
        .collect()
}

/// Byte offsets where each line of `text` starts, and its end.
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
    if starts.last() != Some(&text.len()) {
        starts.push(text.len());
    }
    starts
}

/// One change per run of changed lines, so that applying them leaves the
/// cursor and the folds of untouched lines where they were.
fn changes(old: &str, new: &str, diff: &TextDiff<'_, '_, '_, str>) -> Vec<Change> {
    let old_starts = line_starts(old);
    let new_starts = line_starts(new);
    let positions = Positions::new(old);
    let at = |starts: &[usize], line: usize| starts[line.min(starts.len() - 1)];
    diff.ops()
        .iter()
        .filter(|op| !matches!(op, DiffOp::Equal { .. }))
        .map(|op| {
            let (old_lines, new_lines) = (op.old_range(), op.new_range());
            let from = at(&old_starts, old_lines.start) as u32;
            let to = at(&old_starts, old_lines.end) as u32;
            let insert = &new[at(&new_starts, new_lines.start)..at(&new_starts, new_lines.end)];
            let place = positions.location(TextRange::new(from, to));
            Change {
                range: Utf16Range {
                    from: place.from,
                    to: place.to,
                },
                insert: insert.to_owned(),
            }
        })
        .collect()
}
