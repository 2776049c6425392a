//! `heatwise lint`: reads templates and environment files (walking
//! directories), lints each against the catalog, and reports in one of the
//! output formats.
//!
//! A file that cannot be read never stops the run: its error is printed,
//! the other files are linted, and the exit code is 2 at the end.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use clap::Args;
use heatwise_core::catalog::{limits::MAX_CATALOG_BYTES, Catalog};
use heatwise_core::lint::Severity;
use heatwise_core::lint::{lint_template, LintOptions};
use heatwise_core::release::Release;
use heatwise_core::syntax::MAX_INPUT_BYTES;
use heatwise_core::template::{self, DocumentKind, Template};

use crate::output::{self, FileReport, Format, InputError};

/// Extensions of the files a directory walk lints (any case).
const LINTED_EXTENSIONS: [&str; 4] = ["yaml", "yml", "template", "json"];

/// Bytes looked at for a NUL byte, which no template has.
const BINARY_SNIFF_BYTES: usize = 8 * 1024;

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

/// How paths of standard input are shown.
pub const STDIN_NAME: &str = "<stdin>";

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Templates and environment files; directories are walked for
    /// `.yaml`, `.yml`, `.template` and `.json` files (hidden files and
    /// directories skipped; so are well-formed files found there that are
    /// neither templates nor environments, such as Ansible task lists);
    /// `-` reads standard input.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// The Heat release to check against, as a name or a version: Kilo,
    /// 2015.1, Liberty, 27.0.1, 2024.1. Default: the catalog's newest.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    target: Option<Release>,

    /// How to report the findings.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// The least severe finding that makes the exit code 1: error, warning
    /// or info.
    #[arg(long, value_name = "LEVEL", default_value = "warning", value_parser = parse_severity)]
    fail_on: Severity,

    /// A catalog laid over the built-in one: heatwise catalog JSON, or the
    /// JSON of `openstack orchestration resource type show -f json TYPE`.
    #[arg(long, value_name = "FILE")]
    catalog: Option<PathBuf>,

    /// An environment file, as given to `heat stack-create -e`: the types
    /// its `resource_registry` maps are template resources, never reported
    /// as unknown. Repeatable. Environment files in a linted directory are
    /// linted but not applied.
    #[arg(short = 'e', long = "environment", value_name = "FILE")]
    environments: Vec<PathBuf>,

    /// Pass over named files that are well-formed but neither templates nor
    /// environments (Ansible task lists, CI configuration), as directory
    /// walking does: for tools such as pre-commit that hand over every
    /// YAML file.
    #[arg(long)]
    heat_only: bool,
}

fn parse_release(text: &str) -> Result<Release, String> {
    Release::parse(text).map_err(|error| {
        format!("{error}; give a release name or a Heat version, e.g. Kilo, 2015.1, Liberty, 27.0.1 or 2024.1")
    })
}

fn parse_severity(text: &str) -> Result<Severity, String> {
    Severity::parse(text)
        .ok_or_else(|| format!("`{text}` is not a severity; use error, warning or info"))
}

pub fn run(args: &LintArgs) -> ExitCode {
    let mut errors: Vec<InputError> = Vec::new();
    let catalog = match load_catalog(args.catalog.as_deref()) {
        Ok(catalog) => catalog,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let catalog: &Catalog = catalog.as_ref().unwrap_or_else(|| Catalog::builtin());

    let mut environment_types = Vec::new();
    for path in &args.environments {
        match environment_types_of(path) {
            Ok(types) => environment_types.extend(types),
            Err(error) => report_error(&mut errors, error),
        }
    }

    let options = LintOptions {
        environment_types: &environment_types,
        ..LintOptions::new(catalog).with_target(args.target)
    };
    let inputs = collect_inputs(&args.paths, &mut errors);
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
    let (display, read, walked) = match input {
        Input::Stdin => (
            STDIN_NAME.to_owned(),
            read_text(io::stdin().lock(), MAX_INPUT_BYTES),
            false,
        ),
        Input::File { path, walked } => (path.display().to_string(), read_file(path), *walked),
    };
    let text = match read {
        Ok(text) => text,
        Err(message) => {
            return Outcome::Unreadable(InputError {
                path: display,
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
        path: display,
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

fn report_error(errors: &mut Vec<InputError>, error: InputError) {
    eprintln!("error: {}: {}", error.path, error.message);
    errors.push(error);
}

/// The built-in catalog with the operator's laid over it; `None` for the
/// built-in one alone.
fn load_catalog(path: Option<&Path>) -> Result<Option<Catalog>, String> {
    let Some(path) = path else { return Ok(None) };
    let shown = path.display();
    let file = fs::File::open(path)
        .map_err(|error| format!("cannot read the catalog {shown}: {error}"))?;
    let text = read_text(file, MAX_CATALOG_BYTES)
        .map_err(|message| format!("cannot read the catalog {shown}: {message}"))?;
    let top = Catalog::from_any_json(&text).map_err(|error| {
        format!(
            "{shown} is not a catalog: {error}; give heatwise catalog JSON or the output of `openstack orchestration resource type show -f json TYPE`"
        )
    })?;
    Catalog::builtin().layered(&top).map(Some).map_err(|error| {
        format!("the catalog {shown} cannot be laid over the built-in one: {error}")
    })
}

/// The type names (or `*` patterns) an environment file's
/// `resource_registry` maps.
pub(crate) fn environment_types_of(path: &Path) -> Result<Vec<String>, InputError> {
    let shown = path.display().to_string();
    let text = read_file(path).map_err(|message| InputError {
        path: shown.clone(),
        message,
    })?;
    let environment = template::parse(&text);
    if matches!(
        environment.kind(),
        DocumentKind::Hot | DocumentKind::CloudFormation
    ) {
        return Err(InputError {
            path: shown,
            message: "given with -e but a template, not an environment file; give templates as PATH and environments (resource_registry, parameter_defaults) with -e".into(),
        });
    }
    let tree = environment.tree();
    Ok(environment
        .registry()
        .iter()
        .filter_map(|entry| tree.scalar(entry.entry.key))
        .map(str::to_owned)
        .collect())
}

enum Input {
    Stdin,
    /// `walked`: found in a directory rather than named.
    File {
        path: PathBuf,
        walked: bool,
    },
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

/// The files to lint, in the order given, directories walked in sorted
/// order; each file once.
fn collect_inputs(paths: &[PathBuf], errors: &mut Vec<InputError>) -> Vec<Input> {
    let mut inputs = Vec::new();
    let mut seen_files = HashSet::new();
    let mut seen_dirs = HashSet::new();
    let mut stdin_taken = false;
    for path in paths {
        if path.as_os_str() == "-" {
            if !stdin_taken {
                stdin_taken = true;
                inputs.push(Input::Stdin);
            }
            continue;
        }
        match fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => {
                walk(path, &mut inputs, &mut seen_files, &mut seen_dirs, errors)
            }
            // Files named explicitly are linted whatever their extension.
            Ok(_) => push_file(path.clone(), false, &mut inputs, &mut seen_files),
            Err(error) => report_error(
                errors,
                InputError {
                    path: path.display().to_string(),
                    message: describe_io_error(&error),
                },
            ),
        }
    }
    inputs
}

/// What makes two paths one file or directory, so that each is linted or
/// walked once: its device and inode where the platform has them (one
/// `stat`, where resolving the path costs a `readlink` per component), else
/// its canonical path.
#[derive(Debug, PartialEq, Eq, Hash)]
enum Identity {
    #[cfg(unix)]
    Inode {
        device: u64,
        inode: u64,
    },
    Path(PathBuf),
}

fn identity(path: &Path) -> Identity {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let Ok(metadata) = fs::metadata(path) {
            return Identity::Inode {
                device: metadata.dev(),
                inode: metadata.ino(),
            };
        }
    }
    Identity::Path(fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
}

fn push_file(path: PathBuf, walked: bool, inputs: &mut Vec<Input>, seen: &mut HashSet<Identity>) {
    if seen.insert(identity(&path)) {
        inputs.push(Input::File { path, walked });
    }
}

fn walk(
    dir: &Path,
    inputs: &mut Vec<Input>,
    seen_files: &mut HashSet<Identity>,
    seen_dirs: &mut HashSet<Identity>,
    errors: &mut Vec<InputError>,
) {
    // Symbolic links may loop back to a directory being walked.
    if !seen_dirs.insert(identity(dir)) {
        return;
    }
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) => {
            let message = describe_io_error(&error);
            return report_error(
                errors,
                InputError {
                    path: dir.display().to_string(),
                    message,
                },
            );
        }
    };
    let mut children: Vec<PathBuf> = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => children.push(entry.path()),
            Err(error) => report_error(
                errors,
                InputError {
                    path: dir.display().to_string(),
                    message: describe_io_error(&error),
                },
            ),
        }
    }
    children.sort();
    for child in children {
        let name = child.file_name().unwrap_or_default();
        if name.as_encoded_bytes().starts_with(b".") {
            continue;
        }
        match fs::metadata(&child) {
            Ok(metadata) if metadata.is_dir() => {
                walk(&child, inputs, seen_files, seen_dirs, errors)
            }
            Ok(metadata) if metadata.is_file() => {
                if has_linted_extension(&child) {
                    push_file(child, true, inputs, seen_files);
                }
            }
            // Sockets, devices and the like are not templates.
            Ok(_) => {}
            Err(error) => {
                // A dangling link to something that would have been linted.
                if has_linted_extension(&child) {
                    let dangling = error.kind() == io::ErrorKind::NotFound
                        && fs::symlink_metadata(&child).is_ok();
                    let message = if dangling {
                        "a symbolic link whose target does not exist".to_owned()
                    } else {
                        describe_io_error(&error)
                    };
                    report_error(
                        errors,
                        InputError {
                            path: child.display().to_string(),
                            message,
                        },
                    );
                }
            }
        }
    }
}

fn has_linted_extension(path: &Path) -> bool {
    path.extension().and_then(OsStr::to_str).is_some_and(|ext| {
        LINTED_EXTENSIONS
            .iter()
            .any(|e| e.eq_ignore_ascii_case(ext))
    })
}

pub(crate) fn read_file(path: &Path) -> Result<String, String> {
    let file = fs::File::open(path).map_err(|error| describe_io_error(&error))?;
    let size = file.metadata().map(|m| m.len()).ok();
    if let Some(size) = size.filter(|&size| size > MAX_INPUT_BYTES as u64) {
        return Err(too_large(size));
    }
    read_text_sized(file, MAX_INPUT_BYTES, size.unwrap_or(0) as usize)
}

/// Reads at most `limit` bytes of UTF-8 text; anything else is an error
/// that says what the input is instead.
pub(crate) fn read_text(reader: impl Read, limit: usize) -> Result<String, String> {
    read_text_sized(reader, limit, 0)
}

/// [`read_text`], with room made for `expected` bytes (a file's size) up
/// front, so that reading it takes no more calls than it needs.
fn read_text_sized(reader: impl Read, limit: usize, expected: usize) -> Result<String, String> {
    let mut bytes = Vec::with_capacity(expected.min(limit) + 1);
    reader
        .take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| describe_io_error(&error))?;
    if bytes.len() > limit {
        return Err(format!(
            "larger than the {} MiB a file may have; not linted",
            limit / (1024 * 1024)
        ));
    }
    decode(bytes)
}

fn too_large(size: u64) -> String {
    format!(
        "{size} bytes, larger than the {} MiB a file may have; not linted",
        MAX_INPUT_BYTES / (1024 * 1024)
    )
}

fn decode(bytes: Vec<u8>) -> Result<String, String> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err("UTF-16 text; save it as UTF-8 and lint again".into());
    }
    if bytes[..bytes.len().min(BINARY_SNIFF_BYTES)].contains(&0) {
        return Err("a binary file (it holds NUL bytes), not a template".into());
    }
    String::from_utf8(bytes).map_err(|error| {
        let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        format!("not UTF-8 text (invalid byte at line {line}, column {column}); save it as UTF-8 and lint again")
    })
}

fn describe_io_error(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file or directory".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::IsADirectory => "is a directory".into(),
        _ => format!("cannot read: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undecodable_bytes_are_described_with_their_position() {
        let error = decode(b"a: 1\nb: \xC3\xA9\xFF\n".to_vec()).unwrap_err();
        assert!(error.contains("line 2, column 5"), "{error}");
        assert!(decode(b"\xFF\xFEa\0".to_vec())
            .unwrap_err()
            .contains("UTF-16"));
        assert!(decode(b"PK\x03\x04\0\0".to_vec())
            .unwrap_err()
            .contains("binary"));
        assert_eq!(decode("é: 1".as_bytes().to_vec()).unwrap(), "é: 1");
    }

    #[test]
    fn reading_stops_past_the_limit() {
        let error = read_text(io::repeat(b'a'), 1024 * 1024).unwrap_err();
        assert!(error.contains("larger than the 1 MiB"), "{error}");
    }

    #[test]
    fn extensions_match_in_any_case() {
        assert!(has_linted_extension(Path::new("a/b.YAML")));
        assert!(has_linted_extension(Path::new("b.template")));
        assert!(!has_linted_extension(Path::new("b.txt")));
        assert!(!has_linted_extension(Path::new("yaml")));
    }
}
