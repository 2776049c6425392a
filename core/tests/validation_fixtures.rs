//! What Heat rejects, heatwise reports as an error; what Heat accepts, it
//! does not. Each fixture under `fixtures/validation/` carries Heat
//! 27.0.1's own verdict (`Stack.validate`), recorded by
//! `tools/heat_oracle/record_validation.py` with the fixture's hash, so
//! that a changed fixture without a new recording fails here. A fixture
//! named `*-as-data-*` is one where Heat keeps a would-be function call as
//! plain data: heatwise must warn about it (HW022); one named `*-ignored-*`
//! holds an argument Heat accepts and ignores (HW028).

use std::path::Path;

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{lint, LintOptions, Rule, Severity, Stage};
use heatwise_core::time::UtcTime;
use serde_json::Value;

#[test]
fn heatwise_reports_an_error_exactly_where_heat_refuses() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validation");
    let mut fixtures: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/validation exists")
        .map(|entry| entry.expect("readable").path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .collect();
    fixtures.sort();
    assert!(!fixtures.is_empty());
    let options = judged_at(LintOptions::new(Catalog::builtin()));
    let mut disagreements = Vec::new();
    for path in &fixtures {
        let bytes = std::fs::read(path).unwrap();
        let recorded = path.with_file_name(format!(
            "{}.heat.json",
            path.file_name().unwrap().to_string_lossy()
        ));
        let heat: Value =
            serde_json::from_str(&std::fs::read_to_string(&recorded).unwrap_or_else(|_| {
                panic!(
                    "{} has no recorded verdict: run record_validation.py",
                    path.display()
                )
            }))
            .unwrap();
        assert_eq!(
            heat["fnv1a64"].as_str(),
            Some(heatwise_test_support::fnv1a64(&bytes).as_str()),
            "{}: the fixture changed since Heat's verdict was recorded",
            path.display()
        );
        let text = String::from_utf8(bytes).unwrap();
        let found = lint(&text, &options);
        let name = path.file_name().unwrap().to_string_lossy();
        // What Heat keeps as plain data or ignores, heatwise warns about.
        for (marker, rule, what) in [
            (
                "-as-data-",
                Rule::FunctionUnknownToVersion,
                "keeps a mapping as data",
            ),
            (
                "-ignored-",
                Rule::IgnoredFunctionArgument,
                "ignores an argument",
            ),
        ] {
            assert!(
                !name.contains(marker) || found.iter().any(|d| d.rule == rule),
                "{name}: Heat {what} and heatwise does not warn"
            );
        }
        let errors: Vec<String> = found
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| format!("{} {}", d.code(), d.message))
            .collect();
        let accepted = heat["accepted"].as_bool().unwrap();
        if accepted != errors.is_empty() {
            disagreements.push(format!(
                "{}: Heat {}, heatwise {:?}",
                path.file_name().unwrap().to_string_lossy(),
                if accepted {
                    "accepts".to_owned()
                } else {
                    format!("refuses ({})", heat["error"])
                },
                errors
            ));
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

/// The generated cases of `fixtures/validation/generated.json`: for every
/// resource type Heat 27.0.1 registers, its properties set to values of
/// every kind its schema refuses or converts; parameter definitions,
/// references, dependencies and function arguments Heat refuses or takes.
/// Heat's verdict on each was recorded with the cases' hash by
/// `tools/heat_oracle/generate_cases.py`. heatwise must report no error
/// where Heat accepts; the refusals it misses are listed, by class, in
/// `generated.snap` with the agreement (`HEATWISE_BLESS=1` rewrites it).
#[test]
fn generated_cases_against_heat() {
    use std::collections::BTreeMap;
    use std::fmt::Write;

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validation");
    let raw = std::fs::read(dir.join("generated.json")).expect("generated cases");
    let verdicts: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("generated.heat.json")).expect("recorded verdicts"),
    )
    .unwrap();
    assert_eq!(
        verdicts["cases_fnv1a64"].as_str(),
        Some(heatwise_test_support::fnv1a64(&raw).as_str()),
        "generated.json changed since Heat's verdicts were recorded: run tools/heat_oracle/generate_cases.py"
    );
    let cases: Vec<Value> = serde_json::from_slice(&raw).unwrap();
    let options = judged_at(LintOptions::new(Catalog::builtin()));
    // class → [refused & reported, refused & missed, accepted & error, accepted & clean]
    let mut table: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    let mut false_errors = Vec::new();
    let mut misses: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (case, verdict) in cases.iter().zip(verdicts["verdicts"].as_array().unwrap()) {
        let refused = match verdict["verdict"].as_str() {
            Some("refused") => true,
            Some("accepted") => false,
            _ => continue,
        };
        let class = case["class"].as_str().unwrap().to_owned();
        let name = case["name"].as_str().unwrap();
        // Heat's verdict here is its validation's: an error Heat raises
        // only in the create is outside it.
        let errors: Vec<String> = lint(case["text"].as_str().unwrap(), &options)
            .into_iter()
            .filter(|d| d.severity == Severity::Error && d.refused_at() != Some(Stage::Create))
            .map(|d| format!("{} {}", d.code(), d.message))
            .collect();
        let row = table.entry(class.clone()).or_default();
        match (refused, errors.is_empty()) {
            (true, false) => row[0] += 1,
            (true, true) => {
                row[1] += 1;
                let error = verdict["error"].as_str().unwrap_or_default();
                misses.entry(class).or_default().push(format!(
                    "{name}: {}",
                    error.lines().next().unwrap_or_default()
                ));
            }
            (false, false) => {
                row[2] += 1;
                false_errors.push(format!("{name}: {}", errors.join("; ")));
            }
            (false, true) => row[3] += 1,
        }
    }
    let mut out = String::from("class: refusals reported / refused; errors where Heat accepts\n");
    let mut total = [0; 4];
    for (class, row) in &table {
        writeln!(
            out,
            "  {class}: {} / {}; {}",
            row[0],
            row[0] + row[1],
            row[2]
        )
        .unwrap();
        for (sum, n) in total.iter_mut().zip(row) {
            *sum += n;
        }
    }
    writeln!(
        out,
        "  all: {} / {} ({:.1}%); {} (of {} accepted)",
        total[0],
        total[0] + total[1],
        100.0 * total[0] as f64 / (total[0] + total[1]).max(1) as f64,
        total[2],
        total[2] + total[3]
    )
    .unwrap();
    for (class, lines) in &misses {
        writeln!(out, "\nmissed, {class}:").unwrap();
        for line in lines {
            writeln!(out, "  {line}").unwrap();
        }
    }
    heatwise_test_support::assert_snapshot(&dir.join("generated.snap"), &out);
    assert!(
        false_errors.is_empty(),
        "heatwise reports errors where Heat 27.0.1 accepts:\n{}",
        false_errors.join("\n")
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
