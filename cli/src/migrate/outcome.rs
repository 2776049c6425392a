//! What became of one stack: read, its migration, and what sending it
//! did; what the report and the exit code are made from.

use super::apply::Applied;
use crate::kept::ScannedStack;
use heatwise_core::kept::migration::Migration;

/// One stack: read, its migration, and what sending it did.
pub struct Migrated<'s> {
    pub stack: &'s ScannedStack,
    pub migration: Option<Migration>,
    pub applied: Option<Applied>,
}

impl Migrated<'_> {
    /// Why the stack is not migrated as a whole, if it is not.
    pub fn stack_skipped(&self) -> Option<String> {
        if let Some(why) = &self.stack.unread {
            return Some(format!("Heat could not give its template: {why}"));
        }
        let status = &self.stack.status;
        (status.ends_with("_IN_PROGRESS") || status.ends_with("_FAILED")).then(|| {
            format!(
                "it is {status}{}: update it once it is complete",
                (self.stack.status_reason.as_deref())
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            )
        })
    }

    /// Whether all it needs is done (or, in a dry run, would be).
    pub fn settled(&self, dry_run: bool) -> bool {
        if self.stack_skipped().is_some() {
            return false;
        }
        match (&self.migration, &self.applied) {
            (Some(migration), _) if migration.is_empty() => true,
            (Some(migration), None) => dry_run && migration.skipped.is_empty(),
            (_, Some(applied)) => applied.applied,
            (None, None) => false,
        }
    }
}
