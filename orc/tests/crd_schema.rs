//! `orc/src/schema/crds.json` is ORC's CRDs (vendored in `orc/crds/`)
//! compiled to what the validator needs; this test compiles them again and
//! fails when the file is stale (`cargo xtask orc-schema`, or
//! HEATWISE_BLESS=1, rewrites it). It also proves that every pattern and
//! every creation rule of the CRDs is one the validator understands.

mod common;

use std::collections::BTreeMap;

use heatwise_orc::schema::{Pattern, Rule};
use serde_json::{Map, Value};

/// Schema keywords the validator reads; descriptions and defaults are
/// left out.
const KEPT: [&str; 18] = [
    "type",
    "properties",
    "required",
    "items",
    "additionalProperties",
    "maxLength",
    "minLength",
    "maxItems",
    "minItems",
    "maxProperties",
    "minProperties",
    "maximum",
    "minimum",
    "enum",
    "pattern",
    "format",
    "x-kubernetes-list-type",
    "x-kubernetes-validations",
];

/// The schema without what the validator does not read, and without the
/// rules that compare with the old object (they apply to updates only).
fn compact(schema: &Value) -> Value {
    let object = schema.as_object().expect("a schema is a mapping");
    let mut out = Map::new();
    for (key, value) in object {
        if !KEPT.contains(&key.as_str()) {
            continue;
        }
        let value = match key.as_str() {
            "properties" => Value::Object(
                value
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| (k.clone(), compact(v)))
                    .collect(),
            ),
            "items" | "additionalProperties" => compact(value),
            "x-kubernetes-validations" => {
                let rules: Vec<Value> = value
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|rule| !rule["rule"].as_str().unwrap().contains("oldSelf"))
                    .map(|rule| {
                        let mut kept = Map::new();
                        kept.insert("rule".into(), rule["rule"].clone());
                        if let Some(message) = rule.get("message") {
                            kept.insert("message".into(), message.clone());
                        }
                        Value::Object(kept)
                    })
                    .collect();
                if rules.is_empty() {
                    continue;
                }
                Value::Array(rules)
            }
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    Value::Object(out)
}

fn compile() -> BTreeMap<String, Value> {
    common::crds()
        .into_iter()
        .map(|(kind, crd)| {
            let versions = crd["spec"]["versions"].as_array().unwrap();
            assert_eq!(versions.len(), 1, "{kind}: one version");
            assert_eq!(versions[0]["name"], "v1alpha1");
            let spec = compact(&versions[0]["schema"]["openAPIV3Schema"]["properties"]["spec"]);
            (kind, spec)
        })
        .collect()
}

/// The distinct patterns of every compiled schema.
fn patterns(kinds: BTreeMap<String, Value>) -> Vec<String> {
    let all = Value::Object(kinds.into_iter().collect());
    let mut found = Vec::new();
    collect(&all, "pattern", &mut found);
    let mut sources: Vec<String> = found
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    sources.sort_unstable();
    sources.dedup();
    sources
}

/// Every value of `key` anywhere in the compiled schemas.
fn collect<'a>(value: &'a Value, key: &str, found: &mut Vec<&'a Value>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k == key {
                    found.push(v);
                }
                collect(v, key, found);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect(v, key, found)),
        _ => {}
    }
}

#[test]
fn compiled_schemas_are_current() {
    let kinds = compile();
    let mut text = String::from("{\n");
    for (i, (kind, schema)) in kinds.iter().enumerate() {
        let comma = if i + 1 < kinds.len() { "," } else { "" };
        text.push_str(&format!(
            "{:?}: {}{comma}\n",
            kind,
            serde_json::to_string(schema).unwrap()
        ));
    }
    text.push_str("}\n");
    heatwise_test_support::assert_snapshot(&common::root().join("src/schema/crds.json"), &text);
}

#[test]
fn every_rule_and_pattern_compiles() {
    let kinds = compile();
    let all = Value::Object(kinds.into_iter().collect());
    let mut rules = Vec::new();
    collect(&all, "x-kubernetes-validations", &mut rules);
    let mut count = 0;
    for list in rules {
        for rule in list.as_array().unwrap() {
            let source = rule["rule"].as_str().unwrap();
            Rule::new(source).unwrap_or_else(|e| panic!("rule {source:?}: {e}"));
            count += 1;
        }
    }
    assert!(count > 100, "{count} rules");
    for source in patterns(compile()) {
        Pattern::new(&source).unwrap_or_else(|e| panic!("pattern {source:?}: {e}"));
    }
}

/// Strings made of the characters a pattern cares about, and a few
/// others, of every length up to a bound: the matcher must agree with the
/// `regex` crate on each.
#[test]
fn the_pattern_matcher_agrees_with_regex() {
    let alphabet = ['a', 'Z', '0', '-', '.', '_', ',', ' ', ':', '/', 'f'];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for source in patterns(compile()) {
        let ours = Pattern::new(&source).unwrap();
        let reference = regex::Regex::new(&source).unwrap();
        let mut agreed = 0;
        for _ in 0..20_000 {
            let length = (next() % 12) as usize;
            let text: String = (0..length)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            assert_eq!(
                ours.is_match(&text),
                reference.is_match(&text),
                "pattern {source:?} on {text:?}"
            );
            agreed += 1;
        }
        assert_eq!(agreed, 20_000);
    }
}

/// The vendored CRDs are ORC v2.6.0's, as `../shared/orc/crds` has them
/// when it is beside the repository.
#[test]
fn vendored_crds_match_the_shared_copy() {
    let shared = common::root().join("../../shared/orc/crds");
    if !shared.is_dir() {
        eprintln!("skipped: {} is not there", shared.display());
        return;
    }
    for path in common::crd_files() {
        let name = path.file_name().unwrap();
        let theirs = std::fs::read(shared.join(name)).unwrap();
        assert!(
            std::fs::read(&path).unwrap() == theirs,
            "{name:?} differs from the shared copy"
        );
    }
}
