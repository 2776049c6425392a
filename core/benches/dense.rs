//! Lint of a finding-dense template: the example template's resources
//! repeated under new names to 100 KB (a finding every ~250 bytes, each
//! with its life cycle and fix), as the editor's browser benchmark builds
//! it. The corpus benchmark has few findings; this one measures the cost
//! per finding.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{lint, LintOptions};

const BYTES: usize = 100 * 1024;

/// `name` followed by `_copy` where it names a resource of the example.
fn renamed(line: &str, copy: usize) -> String {
    let trimmed = line.trim_end();
    // `  name:` at two spaces: a resource.
    if let Some(name) = trimmed.strip_prefix("  ").and_then(|r| r.strip_suffix(':')) {
        if !name.starts_with(' ') && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return format!("  {name}_{copy}:");
        }
    }
    let mut out = String::new();
    let mut rest = line;
    // `[name,` (get_attr) and `get_resource: name`.
    loop {
        let bracket = rest.find('[');
        let resource = rest.find("get_resource: ");
        let (at, skip) = match (bracket, resource) {
            (Some(b), Some(r)) if r < b => (r, "get_resource: ".len()),
            (Some(b), _) => (b, 1),
            (None, Some(r)) => (r, "get_resource: ".len()),
            (None, None) => break,
        };
        out.push_str(&rest[..at + skip]);
        rest = &rest[at + skip..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        let follows = &rest[end..];
        if !name.is_empty() && (skip > 1 || follows.starts_with(',')) {
            out.push_str(&format!("{name}_{copy}"));
        } else {
            out.push_str(name);
        }
        rest = follows;
    }
    out.push_str(rest);
    out
}

fn dense_template() -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/examples/web-tier-legacy.yaml");
    let example = std::fs::read_to_string(path).expect("the example template");
    let (head, rest) = example
        .split_once("\nresources:\n")
        .expect("the example has resources");
    let resources = rest.split_once("\noutputs:\n").map_or(rest, |(r, _)| r);
    let mut text = format!("{head}\nresources:\n");
    let mut copy = 0;
    while text.len() < BYTES {
        for line in resources.lines() {
            text.push_str(&renamed(line, copy));
            text.push('\n');
        }
        copy += 1;
    }
    text
}

fn dense(c: &mut Criterion) {
    let text = dense_template();
    let options = LintOptions::new(Catalog::builtin());
    let findings = lint(&text, &options).len();
    let mut group = c.benchmark_group("dense");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("lint", |b| {
        b.iter(|| black_box(lint(black_box(&text), &options).len()))
    });
    group.finish();
    println!("{} bytes, {findings} findings", text.len());
}

criterion_group!(benches, dense);
criterion_main!(benches);
