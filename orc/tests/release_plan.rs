//! The release plans of the ORC fixtures (`heatwise orc --release-plan`)
//! against Heat 27.0.1's reading of them, recorded by
//! `tools/heat_oracle/record_release_plan.py` in
//! `fixtures/release-plan.heat.json`: every resource means the same to
//! Heat as in the template but for its deletion policy, and the resources
//! Heat reads as retained are those the plan says. The record holds the
//! hashes of the template and of the plan Heat read: a change to either
//! without a new recording fails here.

mod common;

use heatwise_orc::release::release_plan;
use heatwise_test_support::fnv1a64;
use serde_json::Value;

#[test]
fn release_plans_mean_the_same_to_heat_but_for_their_policies() {
    let dir = common::root().join("tests/fixtures");
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("release-plan.heat.json")).unwrap())
            .unwrap();
    let cases = record["cases"].as_array().unwrap();
    assert!(cases.len() >= 10, "{record}");
    let rerecord =
        "run .venv/bin/python tools/heat_oracle/record_release_plan.py target/debug/heatwise";
    for case in cases {
        let name = case["fixture"].as_str().unwrap();
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(
            fnv1a64(text.as_bytes()),
            case["template_fnv1a64"].as_str().unwrap(),
            "{name} changed since Heat read its plan: {rerecord}"
        );
        let plan = release_plan(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            fnv1a64(plan.template.as_bytes()),
            case["plan_fnv1a64"].as_str().unwrap(),
            "the plan of {name} is not the one Heat read: {rerecord}"
        );
        assert_eq!(case["same_but_policies"], true, "{name}: {case}");
        let retained = case["retained"].as_array().unwrap().len();
        assert!(retained >= plan.retained, "{name}: {case}");
    }
}
