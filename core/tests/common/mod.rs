//! What the migration fixture tests share.

use std::path::{Path, PathBuf};

use heatwise_core::syntax;

/// The templates under this crate's `tests/fixtures/<dir>`.
pub fn fixtures(dir: &str) -> Vec<PathBuf> {
    heatwise_test_support::fixtures(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(dir),
    )
}

pub use heatwise_test_support::with_suffix;

/// Comment texts, each as often as it occurs.
pub fn comments(text: &str) -> Vec<String> {
    let tree = syntax::parse(text);
    let mut all: Vec<String> = tree
        .comments()
        .iter()
        .map(|c| text[c.range.as_usize()].to_owned())
        .collect();
    all.sort();
    all
}
