//! The moment of a lint, for the checks that compare with Heat's clock (a
//! Barbican `expiration` must be later than the validation). The core reads
//! no clock; the command line reads it here, once per run.

use heatwise_core::time::UtcTime;
use std::time::{SystemTime, UNIX_EPOCH};

/// Now, or `None` on a clock set before 1970 (those checks are then not
/// judged).
pub fn now() -> Option<UtcTime> {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).ok()?;
    Some(UtcTime::from_unix_micros(
        i64::try_from(since.as_micros()).ok()?,
    ))
}

/// Now, to the minute: the language server keeps each file's lint across
/// edits, keyed by what it was judged for, and a key that changed every
/// microsecond would keep nothing.
pub fn this_minute() -> Option<UtcTime> {
    now().map(UtcTime::minute)
}
