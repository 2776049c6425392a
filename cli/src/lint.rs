//! `heatwise lint`: reads templates and environment files (walking
//! directories), lints each against the catalog, and reports in one of the
//! output formats.
//!
//! A file that cannot be read never stops the run: its error is printed,
//! the other files are linted, and the exit code is 2 at the end.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use clap::Args;
use heatwise_core::lint::Severity;
use heatwise_core::lint::{lint_template, LintOptions};
use heatwise_core::template::{self, DocumentKind, Template};

use crate::args::{parse_severity, CheckArgs};
use crate::input::{self, report_error, Input};
use crate::output::{self, FileReport, Format, InputError};

/// Top-level keys that make a document that is neither a template nor an
/// environment still look like a broken template (linted, not skipped).
const TEMPLATE_KEYS: [&str; 6] = [
    "resources",
    "Resources",
    "parameters",
    "Parameters",
    "outputs",
    "Outputs",
];

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Templates and environment files; directories are walked for
    /// `.yaml`, `.yml`, `.template` and `.json` files (hidden files and
    /// directories skipped; so are well-formed files found there that are
    /// neither templates nor environments, such as Ansible task lists);
    /// `-` reads standard input.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    #[command(flatten)]
    check: CheckArgs,

    /// How to report the findings.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// The least severe finding that makes the exit code 1: error, warning
    /// or info.
    #[arg(long, value_name = "LEVEL", default_value = "warning", value_parser = parse_severity)]
    fail_on: Severity,

    /// Pass over named files that are well-formed but neither templates nor
    /// environments (Ansible task lists, CI configuration), as directory
    /// walking does: for tools such as pre-commit that hand over every
    /// YAML file.
    #[arg(long)]
    heat_only: bool,
}

pub fn run(args: &LintArgs) -> ExitCode {
    let mut errors: Vec<InputError> = Vec::new();
    let checked = match args.check.read(&mut errors) {
        Ok(checked) => checked,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let options = checked.options();
    let inputs = input::collect(&args.paths, &mut errors);
    let heat_only = args.heat_only;
    let outcomes = in_parallel(&inputs, |input| lint_input(input, heat_only, &options));
    let mut reports = Vec::new();
    let mut skipped = 0;
    for outcome in outcomes {
        match outcome {
            Outcome::Linted(report) => reports.push(report),
            Outcome::Skipped => skipped += 1,
            Outcome::Unreadable(error) => report_error(&mut errors, error),
        }
    }

    // Buffered: standard output writes each line at once by itself.
    let mut stdout = io::BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let written = output::write(args.format, &reports, &errors, skipped, &mut stdout)
        .and_then(|()| stdout.flush());
    if let Err(error) = written {
        // A reader that went away (`| head`) is no failure of the lint.
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the report: {error}");
            return ExitCode::from(2);
        }
    }

    if !errors.is_empty() {
        ExitCode::from(2)
    } else if reports
        .iter()
        .flat_map(|r| &r.diagnostics)
        .any(|d| d.severity.at_least(args.fail_on))
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What became of one input.
enum Outcome {
    Linted(FileReport),
    /// Walked into, well-formed, and not a Heat document.
    Skipped,
    Unreadable(InputError),
}

fn lint_input(input: &Input, heat_only: bool, options: &LintOptions<'_>) -> Outcome {
    let walked = matches!(input, Input::File { walked: true, .. });
    let text = match input.read() {
        Ok(text) => text,
        Err(message) => {
            return Outcome::Unreadable(InputError {
                path: input.name(),
                message,
            })
        }
    };
    let template = template::parse(&text);
    if (walked || heat_only) && !is_heat_document(&template) {
        return Outcome::Skipped;
    }
    let diagnostics = lint_template(&template, options);
    drop(template);
    Outcome::Linted(FileReport {
        path: input.name(),
        text,
        diagnostics,
    })
}

/// `work` applied to every item on all the machine's cores, the results in
/// the items' order (so the report does not depend on which thread was
/// faster). Each thread takes the next item when it is free, so one large
/// file does not hold back a batch of small ones.
fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len());
    if threads <= 1 {
        return items.iter().map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(index) else { break };
                        mine.push((index, work(item)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(results) => results,
                // A panic in a worker is a bug; let it surface as one.
                Err(payload) => std::panic::resume_unwind(payload),
            })
            .collect()
    });
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
}

/// Whether a file found in a directory is one to lint: a template, an
/// environment, or something broken that may have been meant as one. A
/// directory of Heat templates often holds other YAML (Ansible task lists,
/// docker-compose files, data for scripts); reporting each as an invalid
/// template would bury the findings.
fn is_heat_document(template: &Template<'_>) -> bool {
    if template.kind() != DocumentKind::Unknown {
        return true;
    }
    let tree = template.tree();
    if !tree.errors().is_empty() {
        return true;
    }
    tree.root().is_some_and(|root| {
        tree.is_mapping(root)
            && TEMPLATE_KEYS
                .iter()
                .any(|key| tree.get(root, key).is_some())
    })
}
