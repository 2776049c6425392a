//! Fixture templates and the files recorded beside them.

use std::path::{Path, PathBuf};

/// The templates (`.yaml`, `.json`) in `dir`, sorted;
/// the files recorded beside them (`.fixed`, `.fixes`, `.heat.json`) are
/// not templates.
pub fn fixtures(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|_| panic!("{} exists", dir.display()))
        .map(|entry| entry.expect("readable directory").path())
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ext == "yaml" || ext == "json")
                && !path.to_string_lossy().ends_with(".heat.json")
        })
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no fixtures in {}", dir.display());
    paths
}

/// `path` with `suffix` after its whole name: `a.yaml.fixed`.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
