//! Every fixture under `fixtures/syntax/` is parsed and dumped; the dump
//! must equal the `.snap` file next to it. `HEATWISE_BLESS=1` rewrites the
//! snapshots instead.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use heatwise_core::syntax;
use heatwise_core::template::Template;

#[test]
fn syntax_fixtures_match_their_snapshots() {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/syntax");
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(&directory)
        .expect("fixtures/syntax exists")
        .map(|entry| entry.expect("readable directory").path())
        .filter(|path| path.extension().is_some_and(|ext| ext != "snap"))
        .collect();
    fixtures.sort();
    assert!(
        !fixtures.is_empty(),
        "no fixtures in {}",
        directory.display()
    );
    let bless = std::env::var_os("HEATWISE_BLESS").is_some();
    let mut failures = Vec::new();
    for fixture in &fixtures {
        let text = std::fs::read_to_string(fixture).expect("fixture is UTF-8");
        let actual = render(&text);
        let snapshot = fixture.with_extension(format!(
            "{}.snap",
            fixture.extension().unwrap().to_string_lossy()
        ));
        if bless {
            std::fs::write(&snapshot, &actual).expect("snapshot written");
            continue;
        }
        let expected = std::fs::read_to_string(&snapshot).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "{} differs from its snapshot (HEATWISE_BLESS=1 to accept):\n{}",
                fixture.display(),
                diff(&expected, &actual)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn render(text: &str) -> String {
    let tree = syntax::parse(text);
    let mut out = tree.dump();
    let template = Template::new(tree);
    let _ = write!(out, "{}", template.dump());
    out
}

/// A line diff: `-` expected, `+` actual, with the line numbers.
fn diff(expected: &str, actual: &str) -> String {
    let expected: Vec<&str> = expected.lines().collect();
    let actual: Vec<&str> = actual.lines().collect();
    // Longest common subsequence table; snapshots are small.
    let (n, m) = (expected.len(), actual.len());
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if expected[i] == actual[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut out = String::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && expected[i] == actual[j] {
            i += 1;
            j += 1;
        } else if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
            let _ = writeln!(out, "+{:>4} {}", j + 1, actual[j]);
            j += 1;
        } else {
            let _ = writeln!(out, "-{:>4} {}", i + 1, expected[i]);
            i += 1;
        }
    }
    out
}
