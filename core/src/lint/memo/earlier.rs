//! An earlier lint of the same input taken up, and which of its
//! questions hold in the stack linted now: each of its parts whose
//! questions all hold stands for this lint's (see [`super::Split::skip`]).

use std::sync::atomic::AtomicU64;
use std::sync::{Mutex, PoisonError};

use crate::stack::{Nesting, TypeMapping};

use super::Kept;

/// An earlier lint of the same input, and what is known of its answers
/// here.
pub(super) struct Earlier<'a> {
    pub(super) kept: &'a Kept,
    /// Counts the parts it stands for.
    pub(super) skipped: &'a AtomicU64,
    /// How many of its questions, from the first, hold here.
    pub(super) holding: usize,
    /// Those every part depends on: whether the registry maps anything
    /// (asked before the first part: without, no type is resolved).
    pub(super) every_part: Vec<u32>,
    /// By question, whether it holds here, once checked.
    pub(super) checked: Mutex<Vec<Option<bool>>>,
}

impl Earlier<'_> {
    /// Whether the questions of the earlier lint at `used` all get the
    /// same answers here.
    pub(super) fn holds(
        &self,
        used: &[u32],
        facts: &Nesting<'_>,
        registry: &dyn TypeMapping,
    ) -> bool {
        let kept = self.kept;
        let mut checked = self.checked.lock().unwrap_or_else(PoisonError::into_inner);
        used.iter().all(|&at| {
            let at = at as usize;
            if at < self.holding {
                return true;
            }
            *checked[at]
                .get_or_insert_with(|| kept.holds_alone(&kept.questions[at], facts, registry))
        })
    }
}
