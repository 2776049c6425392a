//! Every fixture under `fixtures/lint/` is linted against the built-in
//! catalog; the findings must equal the `.snap` file beside it.
//! `HEATWISE_BLESS=1 cargo test -p heatwise-core --test lint_snapshots`
//! rewrites the snapshots. A fixture's first line may say
//! `# target: RELEASE` to lint for that release.
//!
//! Every stack under `fixtures/lint-stack/` (a directory named by the rule
//! code it pins: `root.yaml`, the environments `env*.yaml` in order, and
//! the files they name) is gathered from disk and linted as `heatwise lint
//! --stack` lints it; the findings of every file, with their ranges, stages
//! and messages, must equal `expected.snap` beside them.

use heatwise_test_support as support;

use std::fmt::Write;
use std::path::Path;

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{lint, Diagnostic, LintOptions, StackLinter};
use heatwise_core::release::Release;
use heatwise_core::stack::{Content, FileProvider, GatherCache, ReadError, Stack};
use heatwise_core::text::LineIndex;

/// A finding's line of a snapshot: `line:col-line:col CODE severity
/// [label] message`.
fn head(text: &str, index: &LineIndex, d: &Diagnostic, label: &str) -> String {
    let start = index.position(text, d.range.start);
    let end = index.position(text, d.range.end);
    format!(
        "{}:{}-{}:{} {} {} [{label}] {}",
        start.line,
        start.column,
        end.line,
        end.column,
        d.code(),
        d.severity.as_str(),
        d.message
    )
}

fn render(text: &str, diagnostics: &[Diagnostic]) -> String {
    let index = LineIndex::new(text);
    let mut out = String::new();
    for d in diagnostics {
        let start = index.position(text, d.range.start);
        let end = index.position(text, d.range.end);
        let status = d.status.map_or("-".to_owned(), |s| s.to_string());
        writeln!(out, "{}", head(text, &index, d, &status)).unwrap();
        let line = index.line_range(text, start.line as usize - 1);
        let source = &text[line.as_usize()];
        let width = if end.line == start.line {
            (end.column - start.column).max(1)
        } else {
            1
        };
        writeln!(out, "    | {source}").unwrap();
        writeln!(
            out,
            "    | {}{}",
            " ".repeat(start.column as usize - 1),
            "^".repeat(width as usize)
        )
        .unwrap();
        if let Some(fix) = &d.fix {
            writeln!(
                out,
                "    fix ({}): {}",
                fix.applicability.as_str(),
                fix.title
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
fn lint_fixtures_match_their_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint");
    let mut fixtures: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/lint exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("yaml" | "json" | "template")
            )
        })
        .collect();
    fixtures.sort();
    assert!(
        fixtures.len() >= 20,
        "expected a fixture per rule, found {}",
        fixtures.len()
    );
    for path in fixtures {
        let text = std::fs::read_to_string(&path).expect("readable fixture");
        let target = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# target: "))
            .map(|r| Release::parse(r.trim()).expect("a valid target release"));
        let options = LintOptions::new(Catalog::builtin()).with_target(target);
        let diagnostics = lint(&text, &options);
        let snapshot = path.with_extension(format!(
            "{}.snap",
            path.extension().unwrap().to_str().unwrap()
        ));
        support::assert_snapshot(&snapshot, &render(&text, &diagnostics));
    }
}

/// Every rule's findings are pinned, range and message: by a fixture named
/// by its code (`HW207-invalid-property-value.yaml` here, or a stack under
/// `fixtures/lint-stack/`), or, where a fixture would be too large to keep
/// (a thousand findings, a million nodes), by the rule's own test with
/// `pins` (`core/src/lint/rules/<rule>.rs`).
#[test]
fn every_rule_is_pinned() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let names: Vec<String> = ["lint", "lint-stack"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(fixtures.join(dir)).unwrap())
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lint/rules");
    let mut unpinned = Vec::new();
    for rule in heatwise_core::lint::Rule::ALL {
        let fixture = format!("{}-{}", rule.code(), rule.name());
        let pinned_by_fixture = names
            .iter()
            .any(|n| n == &fixture || n.starts_with(&format!("{fixture}.")));
        let source =
            std::fs::read_to_string(rules.join(format!("{}.rs", rule.name().replace('-', "_"))))
                .unwrap_or_default();
        let pinned_inline = source.contains(&format!("pins(\n            Rule::{rule:?},"))
            || source.contains(&format!("pins(Rule::{rule:?},"));
        if !pinned_by_fixture && !pinned_inline {
            unpinned.push(fixture);
        }
    }
    assert!(
        unpinned.is_empty(),
        "rules whose findings nothing pins: {unpinned:#?}"
    );
}

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

fn render_stack(dir: &Path) -> String {
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
            let stage = d.stage.map_or("-".to_owned(), |s| s.as_str().to_owned());
            writeln!(out, "{shown}:{}", head(&file.text, &index, &d, &stage)).unwrap();
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
        heatwise_test_support::assert_snapshot(&dir.join("expected.snap"), &render_stack(&dir));
    }
}
