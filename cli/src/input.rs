//! Every command's input: the paths given (`-` for standard input), the
//! directories walked, each file read once, as UTF-8 text within
//! [`MAX_INPUT_BYTES`], and what cannot be read described for the user.
//! `lint`, `fix`, `orc`, `load` and the language server all read through
//! here.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use heatwise_core::stack::Registry;
use heatwise_core::syntax::MAX_INPUT_BYTES;
use heatwise_core::template::{self, DocumentKind};

/// An input that could not be read or linted, and why.
#[derive(Clone, PartialEq, Eq)]
pub struct InputError {
    pub path: String,
    pub message: String,
}

/// Extensions of the files a directory walk takes (any case).
const HEAT_EXTENSIONS: [&str; 4] = ["yaml", "yml", "template", "json"];

/// Bytes looked at for a NUL byte, which no template has.
const BINARY_SNIFF_BYTES: usize = 8 * 1024;

/// How paths of standard input are shown.
pub const STDIN_NAME: &str = "<stdin>";

pub enum Input {
    Stdin,
    /// `walked`: found in a directory rather than named; `size`: its
    /// length in bytes when it was found (the larger ones are linted
    /// first, so that no thread is left with one alone at the end).
    File {
        path: PathBuf,
        walked: bool,
        size: u64,
    },
}

impl Input {
    /// How the input is named in messages and reports.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => STDIN_NAME.to_owned(),
            Input::File { path, .. } => path.display().to_string(),
        }
    }

    /// Its length in bytes as last seen; `0` for standard input.
    pub fn size(&self) -> u64 {
        match self {
            Input::Stdin => 0,
            Input::File { size, .. } => *size,
        }
    }

    /// Its text, or why it cannot be had.
    pub fn read(&self) -> Result<String, String> {
        match self {
            Input::Stdin => read_text(io::stdin().lock(), MAX_INPUT_BYTES),
            Input::File { path, .. } => read_file(path),
        }
    }
}

/// The text of one path given on the command line: `-` is standard input.
pub fn read_path(path: &Path) -> Result<String, String> {
    if path.as_os_str() == "-" {
        read_text(io::stdin().lock(), MAX_INPUT_BYTES)
    } else {
        read_file(path)
    }
}

/// [`read_path`] for input of another size than a template's (an
/// operator's catalog): at most `limit` bytes.
pub fn read_path_within(path: &Path, limit: usize) -> Result<String, String> {
    if path.as_os_str() == "-" {
        return read_text(io::stdin().lock(), limit);
    }
    let file = fs::File::open(path).map_err(|error| describe_io_error(&error))?;
    let size = file.metadata().map(|m| m.len()).ok();
    read_text_sized(file, limit, size.unwrap_or(0).min(limit as u64) as usize)
}

/// Says on standard error what cannot be read, and keeps it for the report.
pub fn report_error(errors: &mut Vec<InputError>, error: InputError) {
    eprintln!("error: {}: {}", error.path, error.message);
    errors.push(error);
}

/// Lays an environment file's `resource_registry` over `registry`, as
/// `-e` gives it to Heat.
pub fn load_environment(path: &Path, registry: &mut Registry) -> Result<(), InputError> {
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
    registry.load(&environment);
    Ok(())
}

/// The files to read, in the order given, directories walked in sorted
/// order (hidden files and directories passed over); each file once,
/// however many paths and links reach it. What cannot be read is said on
/// standard error and kept in `errors`.
pub fn collect(paths: &[PathBuf], errors: &mut Vec<InputError>) -> Vec<Input> {
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
            // Files named explicitly are read whatever their extension.
            Ok(metadata) => push_file(path.clone(), false, &metadata, &mut inputs, &mut seen_files),
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
    match fs::metadata(path) {
        Ok(metadata) => identity_of(path, &metadata),
        Err(_) => canonical(path),
    }
}

/// [`identity`] of `path`, whose `metadata` (followed through links) was
/// just read: no second `stat`.
#[cfg(unix)]
fn identity_of(_: &Path, metadata: &fs::Metadata) -> Identity {
    use std::os::unix::fs::MetadataExt;
    Identity::Inode {
        device: metadata.dev(),
        inode: metadata.ino(),
    }
}

#[cfg(not(unix))]
fn identity_of(path: &Path, _: &fs::Metadata) -> Identity {
    canonical(path)
}

fn canonical(path: &Path) -> Identity {
    Identity::Path(fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
}

fn push_file(
    path: PathBuf,
    walked: bool,
    metadata: &fs::Metadata,
    inputs: &mut Vec<Input>,
    seen: &mut HashSet<Identity>,
) {
    if seen.insert(identity_of(&path, metadata)) {
        let size = metadata.len();
        inputs.push(Input::File { path, walked, size });
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
                if has_heat_extension(&child) {
                    push_file(child, true, &metadata, inputs, seen_files);
                }
            }
            // Sockets, devices and the like are not templates.
            Ok(_) => {}
            Err(error) => {
                // A dangling link to something that would have been read.
                if has_heat_extension(&child) {
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

fn has_heat_extension(path: &Path) -> bool {
    path.extension()
        .and_then(OsStr::to_str)
        .is_some_and(|ext| HEAT_EXTENSIONS.iter().any(|e| e.eq_ignore_ascii_case(ext)))
}

pub fn read_file(path: &Path) -> Result<String, String> {
    let file = fs::File::open(path).map_err(|error| describe_io_error(&error))?;
    let size = file.metadata().map(|m| m.len()).ok();
    if let Some(size) = size.filter(|&size| size > MAX_INPUT_BYTES as u64) {
        return Err(too_large(size));
    }
    read_text_sized(file, MAX_INPUT_BYTES, size.unwrap_or(0) as usize)
}

/// Reads at most `limit` bytes of UTF-8 text; anything else is an error
/// that says what the input is instead.
pub fn read_text(reader: impl Read, limit: usize) -> Result<String, String> {
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
            "larger than the {} MiB a file may have; not read",
            limit / (1024 * 1024)
        ));
    }
    decode(bytes)
}

fn too_large(size: u64) -> String {
    format!(
        "{size} bytes, larger than the {} MiB a file may have; not read",
        MAX_INPUT_BYTES / (1024 * 1024)
    )
}

fn decode(bytes: Vec<u8>) -> Result<String, String> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err("UTF-16 text; save it as UTF-8 and run heatwise again".into());
    }
    if bytes[..bytes.len().min(BINARY_SNIFF_BYTES)].contains(&0) {
        return Err("a binary file (it holds NUL bytes), not a template".into());
    }
    String::from_utf8(bytes).map_err(|error| {
        let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        format!("not UTF-8 text (invalid byte at line {line}, column {column}); save it as UTF-8 and run heatwise again")
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

/// Writes a temporary file beside `path`, then renames it over `path`. A
/// symbolic link is followed: the file it names is rewritten, and the link
/// stays a link.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let resolved = fs::canonicalize(path)?;
    let path = resolved.as_path();
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
        io::Write::write_all(&mut file, text.as_bytes())?;
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
        assert!(has_heat_extension(Path::new("a/b.YAML")));
        assert!(has_heat_extension(Path::new("b.template")));
        assert!(!has_heat_extension(Path::new("b.txt")));
        assert!(!has_heat_extension(Path::new("yaml")));
    }
}
