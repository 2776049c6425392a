//! Every file of the template corpus is linted against the built-in
//! catalog without a panic; the number of findings per code over the whole
//! corpus, and the most frequent findings, are a snapshot
//! (`HEATWISE_BLESS=1` rewrites it).

mod common;

use std::collections::BTreeMap;
use std::fmt::Write;

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{lint, LintOptions};

#[test]
fn the_whole_corpus_lints_and_matches_the_summary() {
    for corpus in common::corpora() {
        lints_and_matches_the_summary(&corpus);
    }
}

fn lints_and_matches_the_summary(corpus: &heatwise_test_support::Corpus) {
    let root = &corpus.root;
    let files = common::files_under(root);
    let options = LintOptions::new(Catalog::builtin());
    let mut per_code: BTreeMap<String, usize> = BTreeMap::new();
    let mut per_message: BTreeMap<String, usize> = BTreeMap::new();
    let mut files_with_findings = 0;
    for relative in &files {
        let raw = std::fs::read(root.join(relative)).expect("readable corpus file");
        let text = String::from_utf8_lossy(&raw);
        let diagnostics = std::panic::catch_unwind(|| lint(&text, &options))
            .unwrap_or_else(|_| panic!("linting {} panicked", relative.display()));
        if !diagnostics.is_empty() {
            files_with_findings += 1;
        }
        for d in &diagnostics {
            assert!(
                d.range.end as usize <= text.len(),
                "{}: range past the end",
                relative.display()
            );
            assert!(
                text.is_char_boundary(d.range.start as usize)
                    && text.is_char_boundary(d.range.end as usize)
            );
            *per_code
                .entry(format!("{} {}", d.code(), d.rule.name()))
                .or_default() += 1;
            *per_message
                .entry(format!("{} {}", d.code(), d.message))
                .or_default() += 1;
        }
    }
    let mut summary = format!(
        "{} files, {files_with_findings} with findings\n\nfindings per code:\n",
        files.len()
    );
    for (code, count) in &per_code {
        writeln!(summary, "{count:>6}  {code}").unwrap();
    }
    let mut frequent: Vec<(&String, &usize)> = per_message.iter().collect();
    frequent.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    summary.push_str("\nmost frequent findings:\n");
    for (message, count) in frequent.into_iter().take(10) {
        writeln!(summary, "{count:>6}  {message}").unwrap();
    }
    common::assert_snapshot(&format!("{}-lint.snap", corpus.snapshot), &summary);
}
