//! Every file of the template corpus parses, without panic, into a tree
//! that keeps the invariants; the summary is a snapshot
//! (`HEATWISE_BLESS=1` rewrites it).

mod common;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Instant;

use heatwise_core::template::{self, DocumentKind, ProblemKind};

#[test]
fn every_corpus_file_parses_and_matches_the_summary() {
    for corpus in common::corpora() {
        parses_and_matches_the_summary(&corpus);
    }
}

fn parses_and_matches_the_summary(corpus: &heatwise_test_support::Corpus) {
    let root = &corpus.root;
    let files = common::files_under(root);
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut errors = String::new();
    let mut error_files = 0;
    let (mut resources, mut calls, mut attributes, mut registry, mut comments) = (0, 0, 0, 0, 0);
    let started = Instant::now();
    let mut bytes = 0;
    for relative in &files {
        let raw = std::fs::read(root.join(relative)).expect("readable corpus file");
        let Ok(text) = String::from_utf8(raw) else {
            *kinds.entry("not UTF-8".into()).or_default() += 1;
            continue;
        };
        bytes += text.len();
        let outcome = std::panic::catch_unwind(|| {
            let template = template::parse(&text);
            common::check_invariants(template.tree());
            let syntax: Vec<String> = template
                .problems()
                .iter()
                .filter(|d| d.kind == ProblemKind::Syntax)
                .map(|d| {
                    let at = template.tree().line_index().position(&text, d.range.start);
                    format!("{}:{} {}", at.line, at.column, d.message)
                })
                .collect();
            (
                template.kind(),
                syntax,
                template.resources().len(),
                template.function_calls().len(),
                template.attribute_refs().count(),
                template.registry().len(),
                template.tree().comments().len(),
            )
        });
        let Ok((kind, syntax, r, c, a, g, m)) = outcome else {
            panic!("parsing {} panicked", relative.display());
        };
        *kinds.entry(format!("{kind:?}")).or_default() += 1;
        resources += r;
        calls += c;
        attributes += a;
        registry += g;
        comments += m;
        if !syntax.is_empty() {
            error_files += 1;
            let _ = writeln!(errors, "  {} {}", relative.display(), syntax.join("; "));
        }
        if kind == DocumentKind::Unknown && relative.extension().is_some_and(|e| e == "yaml") {
            let _ = writeln!(
                errors,
                "  {} is neither a template nor an environment",
                relative.display()
            );
        }
    }
    eprintln!(
        "parsed {} files, {bytes} bytes, in {:?}",
        files.len(),
        started.elapsed()
    );
    let mut summary = format!("files {}\n", files.len());
    for (kind, count) in &kinds {
        let _ = writeln!(summary, "kind {kind} {count}");
    }
    let _ = writeln!(summary, "resources {resources}");
    let _ = writeln!(summary, "function calls {calls}");
    let _ = writeln!(summary, "attribute references {attributes}");
    let _ = writeln!(summary, "registry entries {registry}");
    let _ = writeln!(summary, "comments {comments}");
    let _ = writeln!(summary, "files with syntax errors {error_files}");
    summary.push_str(&errors);
    common::assert_snapshot(&format!("{}.snap", corpus.snapshot), &summary);
}
