//! Throughput over the tripleo part of the corpus: parse, Heat's model, and
//! the whole lint with its catalog lookups. The lint budget is 30 MB/s on one
//! core natively, growing linearly with template size.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{lint, LintOptions};
use heatwise_core::{syntax, template};

/// The tripleo templates of `../shared/corpus` beside the workspace (the
/// figures reported so far), else the pinned corpus that `cargo xtask
/// setup` installs (`HEATWISE_PINNED_CORPUS`, set by `cargo xtask bench`).
fn corpus_root() -> Option<PathBuf> {
    let shared =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/tripleo-heat-templates");
    let pinned = std::env::var_os("HEATWISE_PINNED_CORPUS").map(PathBuf::from);
    std::iter::once(shared)
        .chain(pinned)
        .find(|root| root.is_dir())
}

fn corpus_texts() -> Vec<String> {
    let Some(root) = corpus_root() else {
        eprintln!(
            "skipped: no corpus of templates (neither ../shared/corpus nor the pinned one: run `cargo xtask bench`)"
        );
        return Vec::new();
    };
    eprintln!("corpus: {}", root.display());
    let mut texts = Vec::new();
    let mut directories = vec![root];
    while let Some(directory) = directories.pop() {
        for entry in std::fs::read_dir(directory).expect("readable corpus") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                directories.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml") {
                if let Ok(text) = std::fs::read_to_string(path) {
                    texts.push(text);
                }
            }
        }
    }
    texts
}

fn corpus(c: &mut Criterion) {
    let texts = corpus_texts();
    if texts.is_empty() {
        return;
    }
    let bytes: usize = texts.iter().map(String::len).sum();
    let mut group = c.benchmark_group("tripleo");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("syntax", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(syntax::parse(black_box(text)).node_count());
            }
        })
    });
    group.bench_function("syntax+template", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(template::parse(black_box(text)).resources().len());
            }
        })
    });
    let options = LintOptions::new(Catalog::builtin());
    group.bench_function("lint", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(lint(black_box(text), &options).len());
            }
        })
    });
    group.finish();
    println!("{} templates, {bytes} bytes in all", texts.len());
}

criterion_group!(benches, corpus);
criterion_main!(benches);
