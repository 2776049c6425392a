//! `heatwise catalog` end to end: runs the binary for each case of
//! tests/fixtures/catalog/cases.txt and compares exit status, standard
//! output and standard error with NAME.out. `HEATWISE_BLESS=1 cargo test -p
//! heatwise-cli --test catalog` rewrites the .out files (review the diff).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/catalog")
}

fn run_case(arguments: &str) -> String {
    let fixtures = fixtures();
    let fixtures_text = fixtures.to_str().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(
            arguments
                .split_whitespace()
                .map(|argument| argument.replace("{fixtures}", fixtures_text)),
        )
        .output()
        .unwrap();
    let stable = |bytes: &[u8]| String::from_utf8_lossy(bytes).replace(fixtures_text, "{fixtures}");
    let mut text = String::new();
    writeln!(text, "exit: {}", output.status.code().unwrap_or(-1)).unwrap();
    writeln!(text, "--- stdout").unwrap();
    text.push_str(&stable(&output.stdout));
    writeln!(text, "--- stderr").unwrap();
    text.push_str(&stable(&output.stderr));
    text
}

#[test]
fn catalog_commands_match_their_expected_output() {
    let cases = std::fs::read_to_string(fixtures().join("cases.txt")).unwrap();
    let bless = std::env::var_os("HEATWISE_BLESS").is_some();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in cases.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, arguments) = line.split_once(" | ").unwrap();
        let actual = run_case(arguments);
        let path = fixtures().join(format!("{name}.out"));
        count += 1;
        if bless {
            std::fs::write(&path, &actual).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{name} ({arguments}):\n--- expected\n{expected}--- actual\n{actual}"
            )),
            Err(_) => failures.push(format!(
                "{name}: {} is missing (HEATWISE_BLESS=1 creates it)",
                path.display()
            )),
        }
    }
    assert!(count >= 20, "only {count} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn exit_statuses_follow_the_documented_contract() {
    let status = |arguments: &str| {
        run_case(arguments)
            .lines()
            .next()
            .unwrap()
            .trim_start_matches("exit: ")
            .to_owned()
    };
    assert_eq!(status("catalog check {fixtures}/plugin-good.json"), "0");
    assert_eq!(status("catalog check {fixtures}/plugin-bad.json"), "1");
    assert_eq!(status("catalog check {fixtures}/malformed.json"), "2");
    assert_eq!(status("catalog check {fixtures}/absent.json"), "2");
    assert_eq!(status("catalog show OS::Nope::Thing"), "1");
    assert_eq!(status("catalog list --format yaml"), "2");
}
