//! The exit codes every command shares: 0 clean, 1 findings (or something
//! skipped), 2 the input, the cloud or the usage did not let it work.

use std::fmt::Display;
use std::process::ExitCode;

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Nothing to report at or above the threshold.
    Clean,
    /// Findings at or above the threshold, or something left undone.
    Findings,
    /// An input, the cloud or the usage stopped the work.
    Failed,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(match exit {
            Exit::Clean => 0,
            Exit::Findings => 1,
            Exit::Failed => 2,
        })
    }
}

/// The exit code of a command that `failed` (an input it could not read,
/// a report it could not write) or found something that counts.
pub fn exit_code(failed: bool, findings: bool) -> ExitCode {
    match (failed, findings) {
        (true, _) => Exit::Failed,
        (false, true) => Exit::Findings,
        (false, false) => Exit::Clean,
    }
    .into()
}

/// Says `message` as an error, and ends the command as [`Exit::Failed`].
pub fn fail(message: impl Display) -> ExitCode {
    eprintln!("error: {message}");
    Exit::Failed.into()
}
