//! Every template under `fixtures/fix/` is migrated with the safe fixes;
//! the result must equal the `.fixed` file beside it, and what was applied
//! and what remains must equal the `.fixes` file.
//! `HEATWISE_BLESS=1 cargo test -p heatwise-core --test fix_fixtures`
//! rewrites both.
//!
//! Each fixture's `.heat.json` holds what Heat 27.0.1's translation makes
//! of the original and of the fixed text (recorded by
//! `tools/heat_oracle/record_fixtures.py`): both must give every resource
//! the same properties, and the recorded texts must still be the current
//! ones.

mod common;

use common::{comments, fixtures, with_suffix};
use heatwise_test_support as support;

use std::fmt::Write;
use std::path::Path;

use heatwise_core::catalog::Catalog;
use heatwise_core::fix::Applicability;
use heatwise_core::fixer::{fix_all, FixOptions};
use heatwise_core::lint::{lint, LintOptions};
use heatwise_core::syntax;
use serde_json::Value;

const RECORD_COMMAND: &str = ".venv/bin/python tools/heat_oracle/record_fixtures.py";

fn options() -> FixOptions<'static> {
    FixOptions::new(LintOptions::new(Catalog::builtin()))
}

#[test]
fn fixtures_migrate_to_their_snapshots() {
    for path in fixtures("fix") {
        let text = std::fs::read_to_string(&path).expect("fixture is readable");
        let outcome = fix_all(&text, &options());
        assert!(outcome.converged, "{}: did not converge", path.display());
        assert!(outcome.refused.is_none(), "{}: refused", path.display());
        support::assert_snapshot(&with_suffix(&path, ".fixed"), &outcome.text);

        let mut log = String::new();
        for applied in &outcome.applied {
            writeln!(log, "applied {} {}", applied.rule.code(), applied.title).unwrap();
        }
        for skipped in &outcome.skipped {
            writeln!(
                log,
                "skipped {} {}: {}",
                skipped.rule.code(),
                skipped.title,
                skipped.reason
            )
            .unwrap();
        }
        for d in &outcome.remaining {
            let fix = d.fix.as_ref().map_or_else(String::new, |f| {
                format!(" => {} fix: {}", f.applicability.as_str(), f.title)
            });
            writeln!(log, "remains {} {}{fix}", d.code(), d.message).unwrap();
        }
        writeln!(log, "rounds {}", outcome.rounds).unwrap();
        support::assert_snapshot(&with_suffix(&path, ".fixes"), &log);

        let fixed = &outcome.text;
        assert!(
            syntax::parse(fixed).errors().is_empty(),
            "{}: the fixed text does not parse",
            path.display()
        );
        let safe_left: Vec<String> = lint(fixed, &options().lint)
            .into_iter()
            .filter(|d| {
                d.fix
                    .as_ref()
                    .is_some_and(|f| f.applicability == Applicability::Safe)
            })
            .map(|d| d.message)
            .collect();
        assert!(
            safe_left.is_empty(),
            "{}: safe fixes left: {safe_left:?}",
            path.display()
        );
        assert_eq!(
            &fix_all(fixed, &options()).text,
            fixed,
            "{}: fixing twice differs from fixing once",
            path.display()
        );
        assert_eq!(
            comments(&text),
            comments(fixed),
            "{}: comments differ",
            path.display()
        );
        let crlf = text.contains("\r\n");
        assert_eq!(
            fixed.matches('\n').count(),
            fixed.matches("\r\n").count() * usize::from(crlf)
                + fixed.matches('\n').count() * usize::from(!crlf),
            "{}: line breaks are mixed",
            path.display()
        );
    }
}

/// Whether Heat moves a resource from `old` to `new` in place on update:
/// the same class under an alias, or the old type's substitute class.
fn same_class(old: &str, new: &str) -> bool {
    let catalog = Catalog::builtin();
    let resolve = |name: &str| {
        catalog
            .resolve_type(name)
            .and_then(|r| r.resource_type())
            .map(|t| t.name().to_owned())
    };
    let (Some(old_registered), Some(new_registered)) = (resolve(old), resolve(new)) else {
        return false;
    };
    old_registered == new_registered
        || catalog
            .resource_type(&old_registered)
            .is_some_and(|t| t.status().substitute_types().any(|s| s == new_registered))
}

/// A group keeps its member definition as written; Heat translates the
/// member when it builds the nested stack, and the record holds that as
/// `<group>/<key>`, compared on its own.
fn without_members(
    name: &str,
    old: &Value,
    new: &Value,
    recorded: &serde_json::Map<String, Value>,
) -> (Value, Value) {
    let (mut old, mut new) = (old.clone(), new.clone());
    for key in ["resource_def", "resource"] {
        if recorded.contains_key(&format!("{name}/{key}")) {
            for side in [&mut old, &mut new] {
                if let Some(properties) = side.get_mut("properties").and_then(Value::as_object_mut)
                {
                    properties.remove(key);
                }
            }
        }
    }
    (old, new)
}

#[test]
fn heat_translates_fixed_fixtures_as_the_originals() {
    for path in fixtures("fix") {
        let record_path = with_suffix(&path, ".heat.json");
        let record: Value =
            serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap_or_else(|_| {
                panic!(
                    "{} is missing; record it with {RECORD_COMMAND}",
                    record_path.display()
                )
            }))
            .expect("the record is JSON");
        let original = std::fs::read(&path).expect("fixture is readable");
        let fixed = std::fs::read(with_suffix(&path, ".fixed")).expect(".fixed is readable");
        for (side, bytes) in [("original", &original), ("fixed", &fixed)] {
            assert_eq!(
                record[side]["fnv1a64"].as_str(),
                Some(heatwise_test_support::fnv1a64(bytes).as_str()),
                "{}: the {side} text changed since it was recorded; re-record with {RECORD_COMMAND}",
                record_path.display()
            );
        }
        let before = record["original"]["resources"]
            .as_object()
            .expect("recorded resources");
        let after = record["fixed"]["resources"]
            .as_object()
            .expect("recorded resources");
        assert!(!before.is_empty(), "{}: nothing recorded", path.display());
        assert_eq!(
            before.keys().collect::<Vec<_>>(),
            after.keys().collect::<Vec<_>>(),
            "{}: the resources differ",
            path.display()
        );
        for (name, old) in before {
            let (old, new) = without_members(name, old, &after[name], before);
            let (old_type, new_type) = (old["type"].as_str(), new["type"].as_str());
            assert!(
                old_type == new_type
                    || same_class(old_type.unwrap_or_default(), new_type.unwrap_or_default()),
                "{}: `{name}` changed type from {old_type:?} to {new_type:?}",
                path.display()
            );
            for field in ["properties", "error", "unknown_properties"] {
                assert_eq!(
                    old.get(field),
                    new.get(field),
                    "{}: Heat's {field} of `{name}` differ",
                    path.display()
                );
            }
        }
        assert_eq!(
            record["original"]["skipped"],
            record["fixed"]["skipped"],
            "{}: skipped resources differ",
            path.display()
        );
    }
}

/// Every lint fixture, every oracle fixture and every line-prefix of the
/// migration fixtures, with unsafe fixes too: no panic, a text that parsed
/// still parses, and a second run changes nothing.
#[test]
fn fixing_any_text_keeps_it_parsing_and_settles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts: Vec<(String, String)> = Vec::new();
    for dir in ["tests/fixtures/lint", "../tools/heat_oracle/fixtures"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("readable directory").path();
            if path.extension().is_some_and(|e| e == "yaml" || e == "json") {
                if let Ok(text) = std::fs::read_to_string(&path) {
                    texts.push((path.display().to_string(), text));
                }
            }
        }
    }
    for path in fixtures("fix") {
        let text = std::fs::read_to_string(&path).expect("fixture is readable");
        let mut end = 0;
        for line in text.split_inclusive('\n') {
            end += line.len();
            texts.push((
                format!("{}:..{end}", path.display()),
                text[..end].to_owned(),
            ));
            let trimmed = text[..end].trim_end_matches(['\r', '\n']);
            texts.push((
                format!("{}:..{end} (no break)", path.display()),
                trimmed.to_owned(),
            ));
        }
    }
    let options = FixOptions {
        unsafe_fixes: true,
        ..options()
    };
    for (name, text) in &texts {
        let once = fix_all(text, &options);
        if syntax::parse(text).errors().is_empty() {
            assert!(
                syntax::parse(&once.text).errors().is_empty(),
                "{name}: the fixed text does not parse:\n{}",
                once.text
            );
            assert!(once.converged, "{name}: did not converge");
        } else {
            assert_eq!(
                &once.text, text,
                "{name}: a text that does not parse was changed"
            );
        }
        let twice = fix_all(&once.text, &options);
        assert_eq!(
            twice.text, once.text,
            "{name}: a second run changed the text"
        );
    }
}

/// Mutations of the migration fixtures (a line dropped, doubled, indented
/// or dedented, a byte removed), with unsafe fixes: no panic, and a text
/// that parsed still parses. Deterministic: the mutations come from a
/// fixed seed.
#[test]
fn fixing_mutated_fixtures_never_breaks_them() {
    let options = FixOptions {
        unsafe_fixes: true,
        ..options()
    };
    let mut seed: u64 = 0x5eed;
    let mut next = move |bound: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % bound.max(1)
    };
    for path in fixtures("fix") {
        let text = std::fs::read_to_string(&path).expect("fixture is readable");
        assert!(
            text.is_ascii(),
            "{}: mutations assume ASCII",
            path.display()
        );
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for round in 0..60 {
            let at = next(lines.len());
            let mut mutated: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
            match round % 5 {
                0 => {
                    mutated.remove(at);
                }
                1 => mutated.insert(at, lines[at].to_owned()),
                2 => mutated[at].insert_str(0, "  "),
                3 => {
                    let line = mutated[at].trim_start_matches(' ').to_owned();
                    let indent = mutated[at].len() - line.len();
                    mutated[at] = format!("{}{line}", " ".repeat(indent.saturating_sub(2)));
                }
                _ => {
                    if !mutated[at].is_empty() {
                        let byte = next(mutated[at].len());
                        mutated[at].remove(byte);
                    }
                }
            }
            let mutated = mutated.concat();
            let outcome = fix_all(&mutated, &options);
            if syntax::parse(&mutated).errors().is_empty() {
                assert!(
                    syntax::parse(&outcome.text).errors().is_empty(),
                    "{} (mutation {round}): the fixed text does not parse:\n{mutated}\n---\n{}",
                    path.display(),
                    outcome.text
                );
            }
        }
    }
}
