//! `# heatwise: ignore[CODE,...]` comments.

use crate::syntax::Tree;
use crate::text::TextRange;

const MARKER: &str = "heatwise: ignore[";

/// One suppression comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suppression {
    /// 0-based line of the comment.
    pub line: u32,
    /// Whether the comment is alone on its line (then it covers the next
    /// line too).
    pub own_line: bool,
    pub codes: Vec<String>,
    /// The comment's range.
    pub range: TextRange,
}

impl Suppression {
    /// Whether a finding on the 0-based `line` is one it covers: its own
    /// line, and for a comment alone on its line, the next.
    pub fn covers(&self, line: u32) -> bool {
        self.line == line || (self.own_line && self.line + 1 == line)
    }
}

pub(super) fn read(tree: &Tree) -> Vec<Suppression> {
    tree.comments()
        .iter()
        .filter_map(|comment| {
            let body = comment.body(tree.text());
            let start = body.find(MARKER)? + MARKER.len();
            let end = start + body[start..].find(']')?;
            let codes = body[start..end]
                .split(',')
                .map(str::trim)
                .filter(|code| !code.is_empty())
                .map(str::to_owned)
                .collect();
            Some(Suppression {
                line: comment.line,
                own_line: comment.own_line,
                codes,
                range: comment.range,
            })
        })
        .collect()
}

pub(super) fn is_suppressed(
    suppressions: &[Suppression],
    line: u32,
    names_it: impl Fn(&str) -> bool,
) -> bool {
    suppressions
        .iter()
        .any(|s| s.covers(line) && s.codes.iter().any(|c| names_it(c)))
}
