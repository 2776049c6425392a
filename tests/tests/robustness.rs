//! Hostile and damaged input: every case returns quickly, with diagnostics
//! where the input is wrong, and keeps the tree's invariants.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{lint_template, LintOptions};
use heatwise_core::syntax::{self, MAX_ALIASES, MAX_DEPTH, MAX_INPUT_BYTES, MAX_NODES};
use heatwise_core::template;

/// Generous for unoptimized test builds; release builds are far faster.
const TIME_LIMIT: Duration = Duration::from_secs(20);

fn parse_checked(text: &str) -> Vec<String> {
    let started = Instant::now();
    let template = template::parse(text);
    let elapsed = started.elapsed();
    assert!(
        elapsed < TIME_LIMIT,
        "took {elapsed:?} for {} bytes",
        text.len()
    );
    common::check_invariants(template.tree());
    template
        .tree()
        .errors()
        .iter()
        .map(|d| d.message.clone())
        .collect()
}

/// xorshift64*: deterministic and small.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every 25th file of each corpus present (HOT, CloudFormation YAML and
/// JSON, environments), and the project's own example templates.
fn sample_files() -> Vec<String> {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/examples");
    let mut samples: Vec<String> = common::files_under(&examples)
        .iter()
        .filter_map(|relative| std::fs::read_to_string(examples.join(relative)).ok())
        .collect();
    for corpus in common::corpora() {
        let files = common::files_under(&corpus.root);
        samples.extend(
            files
                .iter()
                .step_by(25)
                .filter_map(|relative| std::fs::read_to_string(corpus.root.join(relative)).ok()),
        );
    }
    samples
}

#[test]
fn truncated_corpus_files() {
    for text in sample_files() {
        let step = (text.len() / 40).max(1);
        for end in (0..text.len()).step_by(step) {
            let end = (0..=end).rev().find(|&e| text.is_char_boundary(e)).unwrap();
            parse_checked(&text[..end]);
        }
    }
}

#[test]
fn mutated_corpus_files() {
    const NOISE: &[u8] = b"{}[]:,-?&*!|>'\"#% \t\n\r\\\x00ab";
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for text in sample_files() {
        for _ in 0..30 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..1 + rng.below(8) {
                if bytes.is_empty() {
                    break;
                }
                let at = rng.below(bytes.len());
                match rng.below(3) {
                    0 => bytes[at] = NOISE[rng.below(NOISE.len())],
                    1 => bytes.insert(at, NOISE[rng.below(NOISE.len())]),
                    _ => {
                        bytes.remove(at);
                    }
                }
            }
            let mutated = String::from_utf8_lossy(&bytes);
            parse_checked(&mutated);
        }
    }
}

#[test]
fn deep_nesting_stops_with_a_diagnostic() {
    let depth = 100_000;
    for text in [
        "[".repeat(depth),
        "{a: ".repeat(depth),
        "- ".repeat(depth) + "x",
        "[".repeat(depth) + &"]".repeat(depth),
    ] {
        let diagnostics = parse_checked(&text);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    }
    let block = "- ".repeat(MAX_DEPTH + 10) + "x";
    let tree = syntax::parse(&block);
    assert_eq!(
        tree.errors()[0].message,
        format!("nesting deeper than {MAX_DEPTH} levels; the rest is not read")
    );
    assert_eq!(tree.errors()[0].range.start, 2 * MAX_DEPTH as u32);
    let fine = "- ".repeat(MAX_DEPTH) + "x";
    assert!(syntax::parse(&fine).errors().is_empty());
}

#[test]
fn alias_bomb_is_not_expanded() {
    let mut text = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (name, previous) in ('b'..='z').zip('a'..) {
        let refs = vec![format!("*{previous}"); 9].join(", ");
        text.push_str(&format!("{name}: &{name} [{refs}]\n"));
    }
    // 9^26 copies if expanded.
    let started = Instant::now();
    let tree = syntax::parse(&text);
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(tree.errors().is_empty());
    assert!(tree.node_count() < 400);

    let many = format!("a: &a x\nb: [{}]\n", vec!["*a"; MAX_ALIASES + 1].join(", "));
    let diagnostics = parse_checked(&many);
    assert_eq!(
        diagnostics,
        [format!(
            "more than {MAX_ALIASES} aliases; the rest is not read"
        )]
    );
}

/// Aliases to a large resource definition would make the linter walk it
/// once per alias: followed only within [`template::MAX_ALIASED_NODES`].
#[test]
fn aliased_definitions_are_followed_within_a_budget() {
    let networks = "        - network: private\n".repeat(2_000);
    let mut text = format!(
        "heat_template_version: 2016-10-14\nresources:\n  base: &base\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      networks:\n{networks}"
    );
    // About 6,000 nodes behind each alias: 1,000 aliases exceed the budget.
    for copy in 0..1_000 {
        text.push_str(&format!("  copy_{copy}: *base\n"));
    }
    let started = Instant::now();
    let template = template::parse(&text);
    let options = LintOptions::new(Catalog::builtin());
    let findings = lint_template(&template, &options);
    let elapsed = started.elapsed();
    assert!(elapsed < TIME_LIMIT, "took {elapsed:?}");
    let followed = template
        .resources()
        .iter()
        .filter(|resource| resource.definition.type_name.is_some())
        .count();
    let budget = template::MAX_ALIASED_NODES / 6_000;
    assert!(
        (budget - 5..=budget + 1).contains(&followed),
        "{followed} definitions read, about {budget} expected"
    );
    let skipped: Vec<_> = findings
        .iter()
        .filter(|d| d.message.contains("are not checked"))
        .collect();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(
        skipped[0].message,
        format!(
            "aliases to resource definitions and properties expand to more than {} nodes; \
             this one and later ones are not checked",
            template::MAX_ALIASED_NODES
        )
    );
}

#[test]
fn size_and_node_limits() {
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/examples/web-tier-legacy.yaml"),
    )
    .expect("the example template");
    // Just under the limit: one big mapping of copies of a real file.
    let mut big = String::with_capacity(MAX_INPUT_BYTES);
    let mut copy = 0;
    while big.len() + sample.len() + 32 < MAX_INPUT_BYTES {
        big.push_str(&format!("copy{copy}:\n"));
        for line in sample.lines() {
            big.push_str("  ");
            big.push_str(line);
            big.push('\n');
        }
        copy += 1;
    }
    let started = Instant::now();
    let diagnostics = parse_checked(&big);
    eprintln!(
        "{} bytes in {:?}: {diagnostics:?}",
        big.len(),
        started.elapsed()
    );
    assert!(diagnostics.len() <= 1, "{diagnostics:?}");

    let too_big = " ".repeat(MAX_INPUT_BYTES + 1);
    let tree = syntax::parse(&too_big);
    assert!(tree.root().is_none());
    assert!(tree.errors()[0].message.contains("at most"));

    let nodes = format!("[{}]", "1,".repeat(MAX_NODES));
    let tree = syntax::parse(&nodes);
    assert_eq!(tree.node_count(), MAX_NODES);
    assert_eq!(
        tree.errors()[0].message,
        format!("more than {MAX_NODES} nodes; the rest is not read")
    );
}
