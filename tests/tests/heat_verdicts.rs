//! heatwise's errors against Heat 27.0.1's verdicts on real templates.
//!
//! `tools/heat_oracle/judge.py` recorded what Heat says of each template of
//! a corpus as the root of a stack (`openstack stack create -t TEMPLATE`,
//! judged offline: tests/fixtures/heat-verdicts/). Here each template is
//! gathered and linted as a stack the same way, and the two are compared:
//! an error from heatwise where Heat accepts is a failure; what Heat refuses
//! and heatwise lets through is listed, by Heat's reason, in a snapshot with
//! the confusion table (`HEATWISE_BLESS=1` rewrites it). A corpus that is
//! not there is skipped with a line on stderr.

mod common;
#[path = "heat_verdicts/refusal_sites.rs"]
mod refusal_sites;

use common::LocalFiles;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{LintOptions, StackLinter, Stage};
use heatwise_core::severity::Severity;
use heatwise_core::stack::{Content, FileProvider, GatherCache, ReadError, Stack};
use heatwise_core::time::UtcTime;
use heatwise_test_support::{corpora, fnv1a64};
use serde_json::Value;

/// Local files, but one of them with another text: a mutation.
struct Mutated<'a> {
    url: String,
    text: &'a str,
}

impl FileProvider for Mutated<'_> {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        if url == self.url {
            return Ok(Content::Text(self.text.to_owned()));
        }
        LocalFiles.read(url)
    }
}

/// heatwise's first error on the stack rooted at `root`, if any.
fn first_error(root: &Path, cache: &mut GatherCache) -> Option<String> {
    first_error_with(root, cache, &LocalFiles)
}

fn first_error_with(
    root: &Path,
    cache: &mut GatherCache,
    files: &dyn FileProvider,
) -> Option<String> {
    first_error_of_stack(root, &[], cache, files)
}

/// [`first_error_with`] of the stack with these environment files (URLs).
fn first_error_of_stack(
    root: &Path,
    environments: &[String],
    cache: &mut GatherCache,
    files: &dyn FileProvider,
) -> Option<String> {
    // judge.py's verdict is Heat's before it creates anything: an error
    // Heat raises only in the create is outside it.
    first_error_at(root, environments, cache, files, &|stage| {
        stage != Some(Stage::Create)
    })
}

/// [`first_error_of_stack`], of the errors whose stage `judged` takes.
fn first_error_at(
    root: &Path,
    environments: &[String],
    cache: &mut GatherCache,
    files: &dyn FileProvider,
    judged: &dyn Fn(Option<Stage>) -> bool,
) -> Option<String> {
    let url = format!("file://{}", root.display());
    let stack = Stack::gather(&url, environments, files);
    let linter = StackLinter::new(&stack, cache);
    let options = judged_at(LintOptions::new(Catalog::builtin()));
    let base = root
        .parent()
        .map(|dir| format!("file://{}/", dir.display()));
    for id in linter.files() {
        let file = &stack.files[id];
        if let Some(error) = linter.lint(id, &options).into_iter().find(|diagnostic| {
            diagnostic.severity == Severity::Error && judged(diagnostic.refused_at())
        }) {
            let name = base
                .as_deref()
                .and_then(|base| file.url.strip_prefix(base))
                .unwrap_or(&file.url);
            let line = file.text[..error.range.start as usize]
                .lines()
                .count()
                .max(1);
            return Some(format!("{name}:{line} {} {}", error.code(), error.message));
        }
    }
    None
}

#[derive(Default)]
struct Table {
    /// (Heat refuses, heatwise reports an error) → templates.
    counts: BTreeMap<(bool, bool), usize>,
    not_judged: usize,
    absent: usize,
    false_errors: Vec<String>,
    misses: BTreeMap<String, Vec<String>>,
}

/// What a miss is about: Heat's error without the names that vary.
fn reason(error: &str) -> String {
    let text = error.split_once(": ").map_or(error, |(_, rest)| rest);
    let mut out = String::new();
    let mut quoted = None;
    for c in text.chars().take(90) {
        match (quoted, c) {
            (None, '\'' | '"' | '(') => {
                quoted = Some(if c == '(' { ')' } else { c });
                out.push(c);
                out.push('…');
            }
            (Some(close), c) if c == close => {
                quoted = None;
                out.push(c);
            }
            (Some(_), _) => {}
            (None, c) => out.push(c),
        }
    }
    out
}

fn compare(root: &Path, verdicts: &Value) -> Table {
    let mut table = Table::default();
    let mut cache = GatherCache::default();
    for record in verdicts["verdicts"].as_array().expect("verdicts") {
        let name = record["template"].as_str().expect("template");
        let path = root.join(name);
        let Ok(bytes) = std::fs::read(&path) else {
            table.absent += 1;
            continue;
        };
        if fnv1a64(&bytes) != record["fnv1a64"].as_str().unwrap_or_default() {
            table.absent += 1;
            continue;
        }
        let refused = match record["verdict"].as_str() {
            Some("accepted") => false,
            Some("refused") => true,
            _ => {
                table.not_judged += 1;
                continue;
            }
        };
        let error = first_error(&path, &mut cache);
        *table.counts.entry((refused, error.is_some())).or_default() += 1;
        match (refused, error) {
            (false, Some(error)) => table.false_errors.push(format!("{name}: {error}")),
            (true, None) => {
                let heat = record["error"].as_str().unwrap_or_default();
                table
                    .misses
                    .entry(reason(heat))
                    .or_default()
                    .push(name.to_owned());
            }
            _ => {}
        }
    }
    table
}

fn report(table: &Table) -> String {
    let count = |refused, error| table.counts.get(&(refused, error)).copied().unwrap_or(0);
    let refused = count(true, true) + count(true, false);
    let mut out = String::new();
    writeln!(out, "                     heatwise error   no error").unwrap();
    writeln!(
        out,
        "Heat refuses         {:>14}   {:>8}",
        count(true, true),
        count(true, false)
    )
    .unwrap();
    writeln!(
        out,
        "Heat accepts         {:>14}   {:>8}",
        count(false, true),
        count(false, false)
    )
    .unwrap();
    if refused > 0 {
        writeln!(
            out,
            "refusals reported: {:.1}%",
            100.0 * count(true, true) as f64 / refused as f64
        )
        .unwrap();
    }
    writeln!(
        out,
        "not judged (Heat needed the cloud or a made-up parameter value): {}",
        table.not_judged
    )
    .unwrap();
    writeln!(out, "\nerrors where Heat accepts:").unwrap();
    for line in &table.false_errors {
        writeln!(out, "  {line}").unwrap();
    }
    let mut misses: Vec<_> = table.misses.iter().collect();
    misses.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(b.0)));
    writeln!(out, "\nrefusals not reported, by Heat's reason:").unwrap();
    for (reason, templates) in misses {
        writeln!(out, "  {} × {reason}", templates.len()).unwrap();
        for template in templates.iter().take(3) {
            writeln!(out, "      {template}").unwrap();
        }
    }
    out
}

fn check(fixture: &str, root: &Path, snapshot: &str) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/heat-verdicts");
    let text = std::fs::read_to_string(fixtures.join(fixture)).expect("recorded verdicts");
    let verdicts: Value = serde_json::from_str(&text).expect("verdicts JSON");
    let table = compare(root, &verdicts);
    if table.absent > 0 {
        eprintln!(
            "{fixture}: {} recorded templates absent or changed under {}",
            table.absent,
            root.display()
        );
    }
    let report = report(&table);
    common::assert_snapshot(snapshot, &report);
    assert!(
        table.false_errors.is_empty(),
        "heatwise reports errors where Heat 27.0.1 accepts:\n{}",
        table.false_errors.join("\n")
    );
}

/// The recorded mutations of `fixture`: each a text edit of a template Heat
/// accepts (`tools/heat_oracle/mutate_corpus.py`), with Heat's verdict on
/// the mutated stack.
fn check_mutations(fixture: &str, root: &Path, snapshot: &str) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/heat-verdicts");
    let text = std::fs::read_to_string(fixtures.join(fixture)).expect("recorded mutations");
    let recorded: Value = serde_json::from_str(&text).expect("mutations JSON");
    // class → [refused & reported, refused & missed, accepted & error, accepted & clean]
    let mut table: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    let (mut false_errors, mut misses, mut absent) = (Vec::new(), Vec::new(), 0);
    for record in recorded["mutations"].as_array().expect("mutations") {
        let name = record["template"].as_str().expect("template");
        let path = root.join(name);
        let Ok(bytes) = std::fs::read(&path) else {
            absent += 1;
            continue;
        };
        if fnv1a64(&bytes) != record["fnv1a64"].as_str().unwrap_or_default() {
            absent += 1;
            continue;
        }
        let refused = match record["verdict"].as_str() {
            Some("refused") => true,
            Some("accepted") => false,
            _ => continue,
        };
        let (start, end) = (
            record["start"].as_u64().unwrap() as usize,
            record["end"].as_u64().unwrap() as usize,
        );
        let mut mutated = bytes[..start].to_vec();
        mutated.extend_from_slice(record["insert"].as_str().unwrap().as_bytes());
        mutated.extend_from_slice(&bytes[end..]);
        let mutated = String::from_utf8(mutated).expect("an edit on character boundaries");
        let files = Mutated {
            url: format!("file://{}", path.display()),
            text: &mutated,
        };
        // A fresh cache: the mutated file must not be read from another's.
        let error = first_error_with(&path, &mut GatherCache::default(), &files);
        let class = record["class"].as_str().unwrap().to_owned();
        let row = table.entry(class.clone()).or_default();
        let what = format!("{name} ({})", record["name"].as_str().unwrap_or_default());
        match (refused, error) {
            (true, Some(_)) => row[0] += 1,
            (true, None) => {
                row[1] += 1;
                misses.push(format!(
                    "{class}: {what}: {}",
                    record["error"].as_str().unwrap_or_default()
                ));
            }
            (false, Some(error)) => {
                row[2] += 1;
                false_errors.push(format!("{what}: {error}"));
            }
            (false, None) => row[3] += 1,
        }
    }
    if absent > 0 {
        eprintln!(
            "{fixture}: {absent} mutated templates absent or changed under {}",
            root.display()
        );
    }
    let mut out = String::from("class: refusals reported / refused; errors where Heat accepts\n");
    for (class, row) in &table {
        writeln!(
            out,
            "  {class}: {} / {}; {}",
            row[0],
            row[0] + row[1],
            row[2]
        )
        .unwrap();
    }
    writeln!(out, "\nrefusals not reported:").unwrap();
    for line in &misses {
        writeln!(out, "  {line}").unwrap();
    }
    common::assert_snapshot(snapshot, &out);
    assert!(
        false_errors.is_empty(),
        "heatwise reports errors where Heat 27.0.1 accepts the mutation:\n{}",
        false_errors.join("\n")
    );
}

#[test]
fn the_shared_corpus_against_heat() {
    let Some(corpus) = corpora().into_iter().find(|c| c.snapshot == "corpus") else {
        return; // corpora() said it skips
    };
    let root = std::fs::canonicalize(&corpus.root).expect("corpus path");
    check("corpus.json", &root, "heat-verdicts-corpus.snap");
    check_mutations(
        "corpus-mutations.json",
        &root,
        "heat-verdicts-corpus-mutations.snap",
    );
}

#[test]
fn the_rendered_tripleo_templates_against_heat() {
    let dir: PathBuf = std::env::var_os("HEATWISE_RENDERED_CORPUS").map_or_else(
        || {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../target/corpus/tripleo-heat-templates-18.0.0-rendered")
        },
        PathBuf::from,
    );
    let Ok(root) = std::fs::canonicalize(&dir) else {
        eprintln!(
            "skipped: Heat's verdicts on the rendered TripleO templates: {} is not there (run `cargo xtask setup`)",
            dir.display()
        );
        return;
    };
    check(
        "tht-rendered.json",
        &root,
        "heat-verdicts-tht-rendered.snap",
    );
    check_mutations(
        "tht-mutations.json",
        &root,
        "heat-verdicts-tht-mutations.snap",
    );
    check_held_out_stacks(
        "tht-held-out-stacks.json",
        &root,
        "heat-verdicts-tht-held-out-stacks.snap",
    );
}

/// Local files, some with other texts: a held-out stack's own files and
/// the edits of its seeded mistake.
struct Overlaid {
    texts: BTreeMap<String, String>,
}

impl FileProvider for Overlaid {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        match self.texts.get(url) {
            Some(text) => Ok(Content::Text(text.clone())),
            None => LocalFiles.read(url),
        }
    }
}

/// Whether heatwise's errors (their stages) say what Heat's verdict says,
/// as `tools/heat_oracle/differential.py` decides it.
fn agreement(heat: &str, stages: &[String]) -> &'static str {
    let wanted: &[&str] = match heat {
        "accept" => {
            return if stages.is_empty() {
                "agree"
            } else {
                "false error"
            }
        }
        "client" | "validate" => &["client", "validate"],
        _ => &["create"],
    };
    if stages.is_empty() {
        "missed"
    } else if stages.iter().any(|s| wanted.contains(&s.as_str())) {
        "agree"
    } else {
        "wrong stage"
    }
}

/// TripleO's own stacks, each with at most one seeded mistake
/// (`tools/heat_oracle/heldout_stacks.py`): a role's service chain over
/// some of its services, created by a real Heat 27.0.1. None of them was
/// generated by the differential runs.
fn check_held_out_stacks(fixture: &str, root: &Path, snapshot: &str) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/heat-verdicts");
    let text = std::fs::read_to_string(fixtures.join(fixture)).expect("recorded stacks");
    let recorded: Value = serde_json::from_str(&text).expect("stacks JSON");
    let url = |name: &str| format!("file://{}/{name}", root.display());
    let environments: Vec<&str> = recorded["environments"]
        .as_array()
        .expect("environments")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let options = judged_at(LintOptions::new(Catalog::builtin()));
    // class → cases, refused, found, missed, false errors, wrong stage
    let mut table: BTreeMap<String, [usize; 6]> = BTreeMap::new();
    let (mut disagreements, mut absent) = (Vec::new(), 0);
    'cases: for case in recorded["cases"].as_array().expect("cases") {
        let mut texts = BTreeMap::new();
        texts.insert(
            url("heldout.yaml"),
            case["root"].as_str().unwrap().to_owned(),
        );
        texts.insert(
            url("heldout.env.yaml"),
            case["environment"].as_str().unwrap().to_owned(),
        );
        texts.insert(
            url(environments[1]),
            recorded["deployment"].as_str().unwrap().to_owned(),
        );
        for edit in case["edits"].as_array().expect("edits") {
            let file = edit["file"].as_str().unwrap();
            let Ok(bytes) = std::fs::read(root.join(file)) else {
                absent += 1;
                continue 'cases;
            };
            if fnv1a64(&bytes) != edit["fnv1a64"].as_str().unwrap_or_default() {
                absent += 1;
                continue 'cases;
            }
            let (start, end) = (
                edit["start"].as_u64().unwrap() as usize,
                edit["end"].as_u64().unwrap() as usize,
            );
            let mut edited = bytes[..start].to_vec();
            edited.extend_from_slice(edit["insert"].as_str().unwrap().as_bytes());
            edited.extend_from_slice(&bytes[end..]);
            texts.insert(url(file), String::from_utf8(edited).expect("an edit"));
        }
        let files = Overlaid { texts };
        let mut all = vec![url(environments[0]), url(environments[1])];
        all.push(url("heldout.env.yaml"));
        let stack = Stack::gather(&url("heldout.yaml"), &all, &files);
        let linter = StackLinter::new(&stack, &mut GatherCache::default());
        let mut errors = std::collections::BTreeSet::new();
        for id in linter.files() {
            for diagnostic in linter.lint(id, &options) {
                if diagnostic.severity == Severity::Error {
                    let stage = diagnostic.stage.map_or("none", |s| s.as_str());
                    errors.insert(format!("{stage} {}", diagnostic.code()));
                }
            }
        }
        let stages: Vec<String> = errors
            .iter()
            .map(|e| e.split(' ').next().unwrap().to_owned())
            .collect();
        let heat = case["heat"]["stage"].as_str().expect("Heat's stage");
        let outcome = agreement(heat, &stages);
        let class = case["class"].as_str().unwrap().to_owned();
        let row = table.entry(class.clone()).or_default();
        row[0] += 1;
        if heat != "accept" {
            row[1] += 1;
            row[2] += usize::from(matches!(outcome, "agree" | "wrong stage"));
        }
        match outcome {
            "missed" => row[3] += 1,
            "false error" => row[4] += 1,
            "wrong stage" => row[5] += 1,
            _ => continue,
        }
        disagreements.push(format!(
            "{} {class} {outcome}: {} {}; Heat {heat} ({}); heatwise {errors:?}",
            case["name"].as_str().unwrap_or_default(),
            case["root"]
                .as_str()
                .unwrap_or_default()
                .lines()
                .nth(5)
                .unwrap_or("")
                .trim(),
            case["what"].as_str().unwrap_or_default(),
            (case["heat"]["reason"].as_str().unwrap_or_default().chars())
                .take(200)
                .collect::<String>(),
        ));
    }
    if absent > 0 {
        eprintln!(
            "{fixture}: {absent} stacks whose edited files are absent or changed under {}",
            root.display()
        );
    }
    let mut out =
        String::from("class: cases, Heat refuses, found, missed, false errors, wrong stage\n");
    for (class, row) in &table {
        let [cases, refused, found, missed, false_errors, wrong] = row;
        writeln!(
            out,
            "  {class}: {cases}, {refused}, {found}, {missed}, {false_errors}, {wrong}"
        )
        .unwrap();
    }
    writeln!(out, "\ndisagreements:").unwrap();
    for line in &disagreements {
        writeln!(out, "  {line}").unwrap();
    }
    common::assert_snapshot(snapshot, &out);
    let false_errors: Vec<&String> = disagreements
        .iter()
        .filter(|d| d.contains(" false error: "))
        .collect();
    assert!(
        false_errors.is_empty(),
        "heatwise reports errors where Heat 27.0.1 creates the stack:\n{false_errors:#?}"
    );
}

/// The options at the moment the recorded verdicts were judged.
fn judged_at(options: LintOptions<'_>) -> LintOptions<'_> {
    LintOptions {
        now: Some(UtcTime::from_unix_micros(
            heatwise_test_support::JUDGED_AT_UNIX_MICROS,
        )),
        ..options
    }
}
