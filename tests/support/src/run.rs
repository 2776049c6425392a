//! Running a binary as a user does.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `binary` with `args` in `dir` (the current one when `None`),
/// giving it `stdin`, and waits for it.
pub fn run(binary: &str, args: &[&str], dir: Option<&Path>, stdin: &[u8]) -> Output {
    let mut command = Command::new(binary);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("the binary runs");
    // Closed at the end of the block, so that the binary sees the end of
    // its input; one that stops before reading it closes the pipe early.
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(stdin);
    }
    child.wait_with_output().expect("the binary finishes")
}
