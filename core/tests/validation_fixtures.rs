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
use heatwise_core::lint::{lint, LintOptions, Rule, Severity};
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
    let options = LintOptions::new(Catalog::builtin());
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
