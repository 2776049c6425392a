//! Fix primitives: what a fix is, text edits on the tree, and Heat's
//! translation semantics. Rules build their fixes from these where they
//! detect a problem; [`crate::fixer`] applies them.
//!
//! The shapes follow ruff: an [`Edit`] replaces a byte range of the
//! original text; a [`Fix`] is a titled, sorted, non-overlapping set of
//! edits with an [`Applicability`] that says whether it may be applied
//! without a person looking.

pub mod edit;
mod suppression;
#[cfg(test)]
mod tests;
pub(crate) mod translation;

use crate::text::TextRange;

pub use edit::{Editor, NewValue};
pub use suppression::suppression;

/// One replacement of a byte range of the original text.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// Heat reads the result exactly as the original, stack updates included.
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
#[derive(Clone, Debug, PartialEq, Eq)]
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

    /// Whether an edit of this fix overlaps or touches one of `taken`: two
    /// fixes clash when an edit of one overlaps, starts at or ends where an
    /// edit of the other is (the order of text inserted at one offset
    /// would be ambiguous).
    pub fn clashes_with(&self, taken: &[TextRange]) -> bool {
        self.edits.iter().any(|edit| {
            let range = edit.range;
            taken.iter().any(|t| {
                range.start < t.end && t.start < range.end
                    || range.start == t.start
                    || range.end == t.start
                    || t.end == range.start
            })
        })
    }
}

/// The items whose fixes clash with no earlier chosen one, in order: the
/// one rule for which fixes go together in one round.
pub fn non_clashing<'a, T>(items: &[&'a T], fix: impl Fn(&T) -> Option<&Fix>) -> Vec<&'a T> {
    let mut taken: Vec<TextRange> = Vec::new();
    let mut chosen = Vec::new();
    for &item in items {
        let Some(found) = fix(item) else {
            continue;
        };
        if found.clashes_with(&taken) {
            continue;
        }
        taken.extend(found.edits.iter().map(|e| e.range));
        chosen.push(item);
    }
    chosen
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

#[cfg(test)]
mod fix_tests {
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
    fn fixes_that_overlap_or_touch_clash() {
        let first = fix(vec![Edit::replace(TextRange::new(0, 4), "x")]);
        let touching = fix(vec![Edit::insert(4, "y")]);
        let inside = fix(vec![Edit::replace(TextRange::new(2, 3), "!")]);
        let apart = fix(vec![Edit::replace(TextRange::new(6, 7), "z")]);
        let advice = Fix::display_only("read the docs");
        let items = [&first, &touching, &inside, &advice, &apart];
        let chosen = non_clashing(&items, |f| Some(f));
        assert_eq!(chosen.len(), 3);
        assert!(std::ptr::eq(chosen[0], &first));
        assert!(std::ptr::eq(chosen[1], &advice));
        assert!(std::ptr::eq(chosen[2], &apart));
    }
}
