//! Every stack under `fixtures/lint-stack/` (a directory named by the rule
//! code it pins: `root.yaml`, the environments `env*.yaml` in order, and
//! the files they name) is gathered from disk and linted as `heatwise lint
//! --stack` lints it; the findings of every file, with their ranges and
//! messages, must equal `expected.snap` beside them.
//! `HEATWISE_BLESS=1 cargo test -p heatwise-core --test stack_lint_snapshots`
//! rewrites the snapshots.

use std::fmt::Write;
use std::path::Path;

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{LintOptions, StackLinter};
use heatwise_core::stack::{Content, FileProvider, GatherCache, ReadError, Stack};
use heatwise_core::text::LineIndex;

/// A project's files, read from disk by their `file://` URLs, as `heatwise
/// lint` reads a project's: none outside its directory; any other URL is
/// remote.
struct Project<'p>(&'p Path);

impl FileProvider for Project<'_> {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        let path = url.strip_prefix("file://").ok_or(ReadError::Remote)?;
        if !Path::new(path).starts_with(self.0) {
            return Err(ReadError::OutsideProject);
        }
        match std::fs::read(path) {
            Ok(bytes) => Ok(String::from_utf8(bytes).map_or(Content::Binary, Content::Text)),
            Err(_) => Err(ReadError::NotFound),
        }
    }
}

fn render(dir: &Path) -> String {
    let url = |name: &str| format!("file://{}", dir.join(name).display());
    let mut environments: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("env") && name.ends_with(".yaml"))
        .collect();
    environments.sort();
    let environments: Vec<String> = environments.iter().map(|e| url(e)).collect();
    let stack = Stack::gather(&url("root.yaml"), &environments, &Project(dir));
    let linter = StackLinter::new(&stack, &mut GatherCache::default());
    let options = LintOptions::new(Catalog::builtin());
    let prefix = format!("file://{}/", dir.display());
    let mut out = String::new();
    for &id in &linter.files() {
        let file = &stack.files[id];
        let shown = file.url.strip_prefix(&prefix).unwrap_or(&file.url);
        let index = LineIndex::new(&file.text);
        for d in linter.lint(id, &options) {
            let start = index.position(&file.text, d.range.start);
            let end = index.position(&file.text, d.range.end);
            let stage = d.stage.map_or("-".to_owned(), |s| s.as_str().to_owned());
            writeln!(
                out,
                "{shown}:{}:{}-{}:{} {} {} [{stage}] {}",
                start.line,
                start.column,
                end.line,
                end.column,
                d.code(),
                d.severity.as_str(),
                d.message
            )
            .unwrap();
        }
    }
    if out.is_empty() {
        out.push_str("no findings\n");
    }
    out
}

#[test]
fn stack_lint_fixtures_match_their_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint-stack");
    let mut stacks: Vec<_> = std::fs::read_dir(&root)
        .expect("fixtures/lint-stack exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.join("root.yaml").is_file())
        .collect();
    stacks.sort();
    assert!(!stacks.is_empty());
    for dir in stacks {
        heatwise_test_support::assert_snapshot(&dir.join("expected.snap"), &render(&dir));
    }
}
