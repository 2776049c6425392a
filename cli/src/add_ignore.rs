//! `heatwise lint --add-ignore`: each file given rewritten with a
//! `# heatwise: ignore[CODES]` comment for today's findings (core's
//! `fixer::add_ignores`), its layout kept; how many, on standard error.

use std::process::ExitCode;

use heatwise_core::fixer::add_ignores;
use heatwise_core::lint::{LintOptions, Rule};
use heatwise_core::template::{self, DocumentKind};

use crate::exit::Exit;
use crate::input::InputError;
use crate::input::{self, Input};

/// Adds the suppressions to every file of `inputs` that has findings of
/// `rules`; exit 1 when findings are left that no comment can take, 2
/// when a file could not be read or written.
pub fn run(
    inputs: &[Input],
    options: &LintOptions<'_>,
    rules: &[Rule],
    errors: &mut Vec<InputError>,
) -> ExitCode {
    let (mut added, mut files, mut left) = (0, 0, 0);
    for input in inputs {
        let Input::File { path, walked, .. } = input else {
            eprintln!("error: standard input cannot be rewritten; give the file's path");
            return Exit::Failed.into();
        };
        let failed = |errors: &mut Vec<InputError>, message| {
            let path = input.name();
            input::report_error(errors, InputError { path, message });
        };
        let text = match input.read() {
            Ok(text) => text,
            Err(message) => {
                failed(errors, message);
                continue;
            }
        };
        // Found in a directory and no Heat document (Ansible, CI files):
        // not linted, so not suppressed either.
        if *walked && template::parse(&text).kind() == DocumentKind::Unknown {
            continue;
        }
        let ignored = add_ignores(&text, options, rules);
        left += ignored.left;
        if ignored.added == 0 {
            continue;
        }
        if let Err(error) = input::write_atomically(path, &ignored.text) {
            failed(errors, format!("cannot write: {error}"));
            continue;
        }
        added += ignored.added;
        files += 1;
    }
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    eprintln!(
        "Added suppressions for {} in {}",
        plural(added, "finding", "findings"),
        plural(files, "file", "files")
    );
    if left > 0 {
        eprintln!(
            "{} could not be suppressed: no comment can be written there without changing \
             what Heat reads (a JSON template, a multi-line string)",
            plural(left, "finding", "findings")
        );
    }
    match (errors.is_empty(), left) {
        (false, _) => Exit::Failed.into(),
        (true, 0) => Exit::Clean.into(),
        (true, _) => Exit::Findings.into(),
    }
}
