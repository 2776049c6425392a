//! `heatwise fix`: migrates templates with the fixes the linter attaches,
//! and prints the result, a unified diff, or rewrites the files.
//!
//! Only safe fixes are applied unless `--unsafe` is given. A file is
//! written only when the migrated text parses, through a temporary file in
//! the same directory renamed over it, so that a reader never sees half a
//! template. A summary of what was applied and what remains goes to
//! standard error.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use heatwise_core::catalog::Catalog;
use heatwise_core::fix::Applicability;
use heatwise_core::fixer::{fix_all, FixOptions, FixOutcome};
use heatwise_core::lint::{LintOptions, Rule};
use heatwise_core::release::Release;
use heatwise_core::syntax::{self, MAX_INPUT_BYTES};
use heatwise_core::text::LineIndex;

/// Extensions of the files a directory walk fixes (any case).
const FIXED_EXTENSIONS: [&str; 4] = ["yaml", "yml", "template", "json"];

const STDIN_NAME: &str = "<stdin>";

#[derive(Args, Debug)]
pub struct FixArgs {
    /// Templates and environment files; directories are walked for
    /// `.yaml`, `.yml`, `.template` and `.json` files (hidden ones
    /// skipped); `-` reads standard input. Without --diff or --write, give
    /// exactly one.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Also apply unsafe fixes: migrations whose effect differs from the
    /// original's (each fix's title says how).
    #[arg(long = "unsafe")]
    unsafe_fixes: bool,

    /// Print a unified diff of each file instead of the migrated text.
    #[arg(long, conflicts_with = "write")]
    diff: bool,

    /// Rewrite the files in place.
    #[arg(long)]
    write: bool,

    /// The Heat release to migrate for, as a name or a version: Kilo,
    /// 2015.1, 27.0.1, 2024.1. Default: the catalog's newest.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    target: Option<Release>,

    /// Only fix findings of these rules: codes or names, comma-separated
    /// (HW202,resource-type-alias).
    #[arg(long, value_name = "CODES", value_delimiter = ',', value_parser = parse_rule)]
    select: Vec<Vec<Rule>>,
}

fn parse_release(text: &str) -> Result<Release, String> {
    Release::parse(text).map_err(|error| {
        format!(
            "{error}; give a release name or a Heat version, e.g. Kilo, 2015.1, 27.0.1 or 2024.1"
        )
    })
}

/// A rule's code or name; a retired code stands for the rules it became.
fn parse_rule(text: &str) -> Result<Vec<Rule>, String> {
    let rules = Rule::matching(text.trim());
    if rules.is_empty() {
        return Err(format!("`{text}` is not a rule; `heatwise rule --all` lists them (codes like HW202 or names like hidden-property)"));
    }
    Ok(rules)
}

enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::Stdin => STDIN_NAME.to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

pub fn run(args: &FixArgs) -> ExitCode {
    let mut failed = false;
    let inputs = collect_inputs(&args.paths, &mut failed);
    if !args.diff && !args.write && (inputs.len() != 1 || failed) {
        if !failed {
            eprintln!(
                "error: {} files to fix: give --diff or --write to fix more than one",
                inputs.len()
            );
        }
        return ExitCode::from(2);
    }
    if args.write && inputs.iter().any(|i| matches!(i, Input::Stdin)) {
        eprintln!(
            "error: standard input cannot be rewritten; leave out --write to print the result"
        );
        return ExitCode::from(2);
    }
    let options = FixOptions {
        lint: LintOptions::new(Catalog::builtin()).with_target(args.target),
        unsafe_fixes: args.unsafe_fixes,
        codes: (!args.select.is_empty()).then(|| args.select.concat()),
    };
    let mut stdout = io::stdout().lock();
    for input in &inputs {
        let name = input.name();
        let text = match read_input(input) {
            Ok(text) => text,
            Err(message) => {
                eprintln!("error: {name}: {message}");
                failed = true;
                continue;
            }
        };
        let outcome = fix_all(&text, &options);
        summarize(&name, &outcome, args.unsafe_fixes);
        if let Some(reason) = &outcome.refused {
            eprintln!("error: {name}: not fixed: {reason}");
            failed = true;
            if !args.diff && !args.write {
                // The text goes through unchanged, as a filter would.
                let _ = stdout.write_all(text.as_bytes());
            }
            continue;
        }
        if !syntax::parse(&outcome.text).errors().is_empty() {
            eprintln!("error: {name}: the migrated text would not parse; left as it is");
            failed = true;
            continue;
        }
        let written = if args.write {
            match input {
                Input::File(path) if outcome.text != text => write_atomically(path, &outcome.text),
                _ => Ok(()),
            }
        } else if args.diff {
            stdout.write_all(unified_diff(&name, &text, &outcome.text).as_bytes())
        } else {
            stdout.write_all(outcome.text.as_bytes())
        };
        if let Err(error) = written {
            if error.kind() == io::ErrorKind::BrokenPipe {
                break;
            }
            eprintln!("error: {name}: cannot write: {error}");
            failed = true;
        }
    }
    let _ = stdout.flush();
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// Files named and files found in directories named, in order.
fn collect_inputs(paths: &[PathBuf], failed: &mut bool) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if path.is_dir() {
            let mut found = Vec::new();
            if let Err(error) = walk(path, &mut found) {
                eprintln!("error: {}: {error}", path.display());
                *failed = true;
            }
            found.sort();
            inputs.extend(found.into_iter().map(Input::File));
        } else if path.exists() {
            inputs.push(Input::File(path.clone()));
        } else {
            eprintln!("error: {}: no such file", path.display());
            *failed = true;
        }
    }
    inputs
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let kind = entry.file_type()?;
            if kind.is_dir() {
                pending.push(path);
            } else if kind.is_file()
                && path.extension().is_some_and(|ext| {
                    FIXED_EXTENSIONS
                        .iter()
                        .any(|known| ext.eq_ignore_ascii_case(known))
                })
            {
                found.push(path);
            }
        }
    }
    Ok(())
}

fn read_input(input: &Input) -> Result<String, String> {
    let mut bytes = Vec::new();
    let limit = MAX_INPUT_BYTES as u64 + 1;
    let read = match input {
        Input::Stdin => io::stdin().lock().take(limit).read_to_end(&mut bytes),
        Input::File(path) => {
            fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
        }
    };
    read.map_err(|error| format!("cannot read: {error}"))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(format!("larger than {MAX_INPUT_BYTES} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned())
}

/// Writes a temporary file beside `path`, then renames it over `path`.
fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().map_or_else(
        || "template".to_owned(),
        |n| n.to_string_lossy().into_owned(),
    );
    let temporary = dir.join(format!(".{name}.heatwise-{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        if let Ok(metadata) = fs::metadata(path) {
            fs::set_permissions(&temporary, metadata.permissions())?;
        }
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

fn unified_diff(name: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

/// What was applied and what remains, on standard error.
fn summarize(name: &str, outcome: &FixOutcome, unsafe_fixes: bool) {
    let mut err = io::stderr().lock();
    let applied = outcome.applied.len();
    let _ = writeln!(
        err,
        "{name}: {applied} fix{} applied",
        if applied == 1 { "" } else { "es" }
    );
    for applied in &outcome.applied {
        let _ = writeln!(err, "  fixed {} {}", applied.rule.code(), applied.title);
    }
    for skipped in &outcome.skipped {
        let _ = writeln!(
            err,
            "  not applied {} {}: {}",
            skipped.rule.code(),
            skipped.title,
            skipped.reason
        );
    }
    if !outcome.converged {
        let _ = writeln!(
            err,
            "  stopped after {} rounds with fixes left; run again",
            outcome.rounds
        );
    }
    let index = LineIndex::new(&outcome.text);
    for diagnostic in &outcome.remaining {
        let at = index.position(&outcome.text, diagnostic.range.start);
        let why = match &diagnostic.fix {
            Some(fix) if fix.applicability == Applicability::Unsafe && !unsafe_fixes => {
                format!(" [unsafe fix, with --unsafe: {}]", fix.title)
            }
            Some(fix) if fix.applicability == Applicability::DisplayOnly => {
                format!(" [{}]", fix.title)
            }
            Some(fix) => format!(" [fix not selected: {}]", fix.title),
            None => " [no automatic fix]".to_owned(),
        };
        let _ = writeln!(
            err,
            "  remains {name}:{}:{} {} {}{why}",
            at.line,
            at.column,
            diagnostic.code(),
            diagnostic.message
        );
    }
}
