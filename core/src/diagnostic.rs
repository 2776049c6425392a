//! What a check reports, and how a finding can be fixed: byte ranges only.
//!
//! The shapes follow ruff: an [`Edit`] replaces a byte range with new text;
//! a [`Fix`] is a titled, sorted, non-overlapping set of edits with an
//! [`Applicability`] that says whether it may be applied without a person
//! looking.

use serde::Serialize;

use crate::text::TextRange;

/// How serious a finding is. Ordered: `Error` is the most serious.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub const ALL: [Severity; 3] = [Severity::Error, Severity::Warning, Severity::Info];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }

    pub fn parse(text: &str) -> Option<Severity> {
        Severity::ALL
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(text))
    }

    /// Whether a finding of this severity reaches `threshold` (an error
    /// reaches the warning threshold, an info does not).
    pub fn at_least(self, threshold: Severity) -> bool {
        self <= threshold
    }
}

/// One replacement of a byte range of the original text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edit {
    pub range: TextRange,
    pub content: String,
}

impl Edit {
    pub fn replace(range: TextRange, content: impl Into<String>) -> Self {
        Self {
            range,
            content: content.into(),
        }
    }

    pub fn insert(at: u32, content: impl Into<String>) -> Self {
        Self::replace(TextRange::empty(at), content)
    }

    pub fn delete(range: TextRange) -> Self {
        Self::replace(range, String::new())
    }
}

/// Whether a fix may be applied without review.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Applicability {
    /// Heat treats the result exactly as the original, stack updates included.
    Safe,
    /// A sensible migration whose effect differs; the fix title says how.
    Unsafe,
    /// Advice only: no edit is applied.
    DisplayOnly,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
            Applicability::DisplayOnly => "display-only",
        }
    }
}

/// A titled set of edits. Edits are sorted by range and never overlap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
    pub applicability: Applicability,
}

impl Fix {
    /// A fix from edits in any order. Returns `None` when two edits overlap
    /// (two insertions at one offset count as overlapping: their order
    /// would be ambiguous).
    pub fn new(
        title: impl Into<String>,
        mut edits: Vec<Edit>,
        applicability: Applicability,
    ) -> Option<Self> {
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        let overlapping = edits.windows(2).any(|pair| {
            pair[1].range.start < pair[0].range.end || pair[1].range.start == pair[0].range.start
        });
        (!overlapping).then(|| Self {
            title: title.into(),
            edits,
            applicability,
        })
    }

    /// Advice with no edit.
    pub fn display_only(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            edits: Vec::new(),
            applicability: Applicability::DisplayOnly,
        }
    }

    /// The smallest range that covers every edit.
    pub fn range(&self) -> Option<TextRange> {
        let first = self.edits.first()?.range;
        let last = self.edits.last()?.range;
        Some(first.cover(last))
    }
}

/// Applies edits (sorted, non-overlapping) to `text`.
pub fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let grown: usize = edits.iter().map(|e| e.content.len()).sum();
    let mut out = String::with_capacity(text.len() + grown);
    let mut at = 0usize;
    for edit in edits {
        let range = edit.range.as_usize();
        out.push_str(&text[at..range.start]);
        out.push_str(&edit.content);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Applies as many of `fixes` as fit together: in order, each fix whose
/// edits touch no range an earlier applied fix touched. Returns the new text
/// and how many fixes were applied. Callers repeat (re-lint, re-fix) until
/// nothing is applied; the rest of the fixes come in the next round.
pub fn apply_fixes<'a>(text: &str, fixes: impl IntoIterator<Item = &'a Fix>) -> (String, usize) {
    let mut taken: Vec<TextRange> = Vec::new();
    let mut edits: Vec<Edit> = Vec::new();
    let mut applied = 0;
    for fix in fixes {
        if fix.applicability == Applicability::DisplayOnly || fix.edits.is_empty() {
            continue;
        }
        let clashes = fix.edits.iter().any(|edit| {
            taken.iter().any(|t| {
                edit.range.start < t.end && t.start < edit.range.end
                    || edit.range.start == t.start
                    || (edit.range.is_empty() && t.contains(edit.range.start))
                    || (t.is_empty() && edit.range.contains(t.start))
            })
        });
        if clashes {
            continue;
        }
        taken.extend(fix.edits.iter().map(|e| e.range));
        edits.extend(fix.edits.iter().cloned());
        applied += 1;
    }
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    (apply_edits(text, &edits), applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(edits: Vec<Edit>) -> Fix {
        Fix::new("t", edits, Applicability::Safe).expect("edits do not overlap")
    }

    #[test]
    fn overlapping_edits_make_no_fix() {
        let a = Edit::replace(TextRange::new(0, 4), "x");
        let b = Edit::replace(TextRange::new(3, 6), "y");
        assert!(Fix::new("t", vec![a.clone(), b], Applicability::Safe).is_none());
        let c = Edit::insert(0, "z");
        assert!(Fix::new("t", vec![a, c], Applicability::Safe).is_none());
    }

    #[test]
    fn edits_apply_in_order_of_position() {
        let f = fix(vec![
            Edit::replace(TextRange::new(6, 11), "there"),
            Edit::delete(TextRange::new(0, 1)),
            Edit::insert(5, ","),
        ]);
        assert_eq!(apply_edits("hello world", &f.edits), "ello, there");
        assert_eq!(f.range(), Some(TextRange::new(0, 11)));
    }

    #[test]
    fn clashing_fixes_wait_for_the_next_round() {
        let first = fix(vec![Edit::replace(TextRange::new(0, 5), "HELLO")]);
        let clash = fix(vec![Edit::replace(TextRange::new(2, 3), "!")]);
        let later = fix(vec![Edit::replace(TextRange::new(6, 11), "WORLD")]);
        let advice = Fix::display_only("read the docs");
        let (text, applied) = apply_fixes("hello world", [&first, &clash, &advice, &later]);
        assert_eq!(text, "HELLO WORLD");
        assert_eq!(applied, 2);
    }

    #[test]
    fn severities_order_from_most_serious() {
        assert!(Severity::Error.at_least(Severity::Warning));
        assert!(!Severity::Info.at_least(Severity::Warning));
        assert_eq!(Severity::parse("WARNING"), Some(Severity::Warning));
    }
}
