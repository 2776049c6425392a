//! The loader against Heat's own answers, recorded by `cargo xtask parity
//! --record` (`tests/fixtures/load/`): the hand-written cases and a sample
//! of the variants must load (or be refused) exactly as Heat 27.0.1 loads
//! them; the known differences, each a text only Heat's fallback to
//! PyYAML's pure-Python reader reads, must still differ, so that closing
//! one moves it to the recorded answers.

use std::path::Path;

use heatwise_tests::canon::{agrees, answer, kind_named};
use serde_json::Value;

fn fixtures(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/load")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

fn check(record: &Value) -> (bool, Value) {
    let text = record["text"].as_str().expect("text");
    let kind = kind_named(record["kind"].as_str().unwrap_or("template"));
    let ours = answer(text, kind);
    (agrees(&record["heat"], &ours), ours)
}

#[test]
fn the_loader_agrees_with_heat_on_the_recorded_inputs() {
    let recorded = fixtures("recorded.jsonl");
    assert!(
        recorded.len() > 100,
        "too few recorded inputs: {}",
        recorded.len()
    );
    let disagreements: Vec<String> = recorded
        .iter()
        .filter_map(|record| {
            let (agree, ours) = check(record);
            (!agree).then(|| {
                format!(
                    "{}\n  Heat: {}\n  heatwise: {ours}",
                    record["name"], record["heat"]
                )
            })
        })
        .collect();
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

#[test]
fn the_recorded_inputs_include_what_only_heats_fallback_reader_reads() {
    let fallback = fixtures("recorded.jsonl")
        .iter()
        .filter(|record| record["heat"]["via"] == "python")
        .count();
    assert!(
        fallback >= 50,
        "only {fallback} recorded inputs were read by Heat's fallback reader"
    );
}

#[test]
fn the_known_differences_are_only_those_of_heats_python_fallback() {
    for record in fixtures("known-differences.jsonl") {
        assert_eq!(
            record["heat"]["via"], "python",
            "{}: a difference outside Heat's fallback reader must be fixed, not recorded",
            record["name"]
        );
        let (agree, _) = check(&record);
        assert!(
            !agree,
            "{} now agrees with Heat: run `cargo xtask parity --record`",
            record["name"]
        );
    }
}
