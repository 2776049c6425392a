//! `heatwise update-preview` against Heat's own update: each case of
//! `fixtures/update/` (NAME.old.yaml, NAME.new.yaml) is a stack adopted
//! into a real Heat 27.0.1 from its old template and updated for real with
//! its new one (`openstack stack update --existing`); what Heat did to each
//! resource — replaced it, updated it in place, left it, added or deleted
//! it — is what heatwise must say, and an update in place with no property
//! changed must send the cloud nothing. The cases of `fixtures/update/
//! migrate/` are heatwise's own migrations: the new template is what
//! `heatwise fix --unsafe` makes of the old one.

use std::path::{Path, PathBuf};
use std::process::Command;

use heatwise_test_support::Cloud;
use serde_json::{json, Value};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/update")
}

/// Every case, by name: its old and new template.
fn cases() -> Vec<(String, PathBuf, PathBuf)> {
    let dir = fixtures();
    let mut cases: Vec<(String, PathBuf, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|entry| {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let case = name.strip_suffix(".old.yaml")?;
            Some((
                case.to_owned(),
                dir.join(&name),
                dir.join(format!("{case}.new.yaml")),
            ))
        })
        .collect();
    let migrated = std::env::temp_dir().join(format!("heatwise-migrated-{}", std::process::id()));
    std::fs::create_dir_all(&migrated).unwrap();
    for entry in std::fs::read_dir(dir.join("migrate")).unwrap() {
        let old = entry.unwrap().path();
        let case = format!("migrate-{}", old.file_stem().unwrap().to_str().unwrap());
        let fixed = Command::new(env!("CARGO_BIN_EXE_heatwise"))
            .args(["fix", "--unsafe"])
            .arg(&old)
            .output()
            .unwrap();
        assert!(
            fixed.status.success(),
            "{}",
            String::from_utf8_lossy(&fixed.stderr)
        );
        assert_ne!(
            fixed.stdout,
            std::fs::read(&old).unwrap(),
            "{case} migrates"
        );
        let new = migrated.join(format!("{case}.yaml"));
        std::fs::write(&new, &fixed.stdout).unwrap();
        cases.push((case, old, new));
    }
    cases.sort();
    cases
}

fn preview(old: &Path, new: &Path) -> Value {
    previewed(
        Command::new(env!("CARGO_BIN_EXE_heatwise"))
            .args(["update-preview", "--format", "json"])
            .args(update_parameters(old))
            .arg(old)
            .arg(new),
    )
}

/// The values a case's update gives (`NAME.update.json`'s `parameters`,
/// as `stack update --existing -P`), as heatwise's `-P` arguments.
fn update_parameters(old: &Path) -> Vec<String> {
    given_to_update(old)
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, value)| format!("-P{name}={}", value.as_str().unwrap()))
        .collect()
}

fn given_to_update(old: &Path) -> Value {
    match sidecar(old)["parameters"].clone() {
        Value::Null => json!({}),
        given => given,
    }
}

/// A case's `NAME.update.json`: the update's `parameters`, and `create`
/// for a stack Heat creates (its own types) rather than adopts.
fn sidecar(old: &Path) -> Value {
    let name = old.file_name().unwrap().to_str().unwrap();
    let Some(case) = name.strip_suffix(".old.yaml") else {
        return json!({});
    };
    match std::fs::read_to_string(old.with_file_name(format!("{case}.update.json"))) {
        Ok(text) => serde_json::from_str::<Value>(&text).unwrap(),
        Err(_) => json!({}),
    }
}

fn previewed(command: &mut Command) -> Value {
    let output = command.output().unwrap();
    assert!(
        output.status.code().unwrap() <= 1,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn every_case_is_what_heat_s_own_update_does() {
    let cases = cases();
    assert!(cases.len() >= 8, "{cases:?}");
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}},
        // Each case twice: one Heat updates, one kept as it was for
        // update-preview --stack to read.
        "stacks": cases.iter().flat_map(|(case, old, _)| {
            let adopt = sidecar(old)["create"] != true;
            [
                json!({"project": "alpha", "user": "alice", "name": case,
                       "template": old, "adopt": adopt}),
                json!({"project": "alpha", "user": "alice", "name": format!("{case}-kept"),
                       "template": old, "adopt": adopt}),
            ]
        }).collect::<Vec<_>>(),
        "updates": cases.iter().map(|(case, old, new)| json!({
            "stack": case, "template": new, "parameters": given_to_update(old),
        })).collect::<Vec<_>>(),
    });
    let Some(cloud) = Cloud::start("update", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let mut disagreements = Vec::new();
    let mut unreached = Vec::new();
    let mut compared = 0;
    for update in ready["updates"].as_array().unwrap() {
        let case = update["stack"].as_str().unwrap();
        let heat = &update["resources"];
        let (_, old, new) = cases.iter().find(|(name, _, _)| name == case).unwrap();
        let ours = preview(old, new);
        // OLD read from the running stack through Heat's API: the same.
        let endpoint = format!("{}/v1/alpha", ready["heat"].as_str().unwrap());
        let from_cloud = previewed(
            Command::new(env!("CARGO_BIN_EXE_heatwise"))
                .args(["update-preview", "--format", "json"])
                .args(update_parameters(old))
                .arg("--stack")
                .arg(format!("{case}-kept"))
                .arg(new)
                .env("OS_AUTH_TYPE", "none")
                .env("OS_ENDPOINT", &endpoint),
        );
        assert_eq!(from_cloud, ours, "{case}");
        for resource in ours["resources"].as_array().unwrap() {
            let name = resource["name"].as_str().unwrap();
            let action = resource["action"].as_str().unwrap();
            let heat_action = heat[name]["action"].as_str().unwrap_or("(none)");
            if heat_action == "unreached" {
                // Heat stopped at an earlier resource (the least cloud here
                // has no Octavia or Designate to create in): not judged.
                unreached.push(format!("{case}/{name}"));
                continue;
            }
            compared += 1;
            if action != heat_action {
                disagreements.push(format!(
                    "{case}/{name}: heatwise says {action}, Heat {heat_action} ({})",
                    heat[name]["events"]
                ));
            }
            // Kept means kept: the same physical resource.
            if matches!(action, "updated" | "unchanged" | "refused") {
                let ids = &heat[name];
                assert_eq!(
                    ids["physical_id_before"], ids["physical_id_after"],
                    "{case}/{name}"
                );
            }
            if action == "refused" {
                assert_eq!(update["stack_status"], "UPDATE_FAILED", "{case}");
            }
            // In place with nothing to send: Heat sent the cloud nothing.
            if action == "updated" && resource["properties"] == json!([]) {
                assert_eq!(update["calls"], json!([]), "{case}/{name}");
            }
        }
        assert_eq!(
            heat.as_object().unwrap().len(),
            ours["resources"].as_array().unwrap().len(),
            "{case}: {heat}"
        );
    }
    assert!(compared >= 10, "{compared}");
    // Only the migrations onto services the least cloud lacks (Octavia,
    // Designate, Magnum, Cinder) stop early.
    let lacking = [
        "OS::Octavia::",
        "OS::Designate::",
        "OS::Magnum::",
        "OS::Cinder::",
    ];
    for name in &unreached {
        let case = name.split('/').next().unwrap();
        let (_, _, new) = cases.iter().find(|(c, _, _)| c == case).unwrap();
        let text = std::fs::read_to_string(new).unwrap();
        assert!(
            lacking.iter().any(|service| text.contains(service)),
            "{name} unreached, though its case needs no service the least cloud lacks"
        );
    }
    eprintln!(
        "{compared} resource verdicts compared, {} not reached by Heat",
        unreached.len()
    );
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    drop(cloud);
}

/// The catalog's value of `schema` as the least template needs it: the
/// first allowed value, an item of a list, a map's required keys.
fn least_value(schema: &Value) -> Value {
    let allowed = (schema["constraints"].as_array().into_iter().flatten())
        .find_map(|c| c["allowed_values"].as_array()?.first().cloned());
    if let Some(value) = allowed {
        return value;
    }
    match schema["type"].as_str() {
        Some("Integer" | "Number") => json!(1),
        Some("Boolean") => json!(true),
        Some("List") => match schema["schema"].get("*") {
            Some(item) => json!([least_value(item)]),
            None => json!(["x"]),
        },
        Some("Map") => json!(required_values(&schema["schema"])),
        Some("Json") => json!({}),
        _ => json!("x"),
    }
}

fn required_values(properties: &Value) -> serde_json::Map<String, Value> {
    (properties.as_object().into_iter().flatten())
        .filter(|(name, p)| *name != "*" && p["required"] == true && in_force(p))
        .map(|(name, p)| (name.clone(), least_value(p)))
        .collect()
}

/// Available at Heat 27.0.1, the release that judges.
fn in_force(entry: &Value) -> bool {
    (entry["available"].as_array().into_iter().flatten()).any(|span| span[1] == "27.0.1")
}

fn retired(entry: &Value) -> bool {
    matches!(
        entry["status"]["status"].as_str(),
        Some("DEPRECATED" | "HIDDEN" | "UNSUPPORTED")
    ) || entry["placeholder"] == true
}

/// One least template for each retired property of each type (nested in
/// lists and maps too) and for each retired type, with its required
/// properties, from the catalog.
fn least_templates() -> Vec<Value> {
    fn walk(properties: &Value, wrap: &dyn Fn(&str, Value) -> Value, out: &mut Vec<Value>) {
        for (name, property) in properties.as_object().into_iter().flatten() {
            if !in_force(property) {
                continue;
            }
            if retired(property) {
                out.push(wrap(name, least_value(property)));
            }
            let schema = &property["schema"];
            if let Some(item) = schema.get("*") {
                let wrap_item = |inner: &str, value: Value| wrap(name, json!([{ inner: value }]));
                walk(&item["schema"], &wrap_item, out);
            } else if schema.is_object() {
                let wrap_key = |inner: &str, value: Value| wrap(name, json!({ inner: value }));
                walk(schema, &wrap_key, out);
            }
        }
    }
    let catalog: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/catalog/heat.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let mut templates = Vec::new();
    for (type_name, resource_type) in catalog["resource_types"].as_object().unwrap() {
        if !in_force(resource_type) {
            continue;
        }
        let mut uses = Vec::new();
        let properties = &resource_type["properties"];
        walk(properties, &|name, value| json!({ name: value }), &mut uses);
        if retired(resource_type) {
            uses.push(Value::Object(required_values(properties)));
        }
        templates.extend(uses.into_iter().map(|properties| {
            json!({"heat_template_version": "2018-08-31",
                   "resources": {"r": {"type": type_name, "properties": properties}}})
        }));
    }
    templates
}

/// What the fixes of `files` migrate: `(code, type, property)` of each
/// finding whose fix changes the text (advice left out).
fn migrations_in(files: &[PathBuf]) -> std::collections::BTreeSet<(String, String, String)> {
    let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(["lint", "--format", "json"])
        .args(files)
        .output()
        .unwrap();
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    (findings.as_array().unwrap().iter())
        .filter(|f| f["fix"].is_object() && f["fix"]["applicability"] != "display-only")
        .map(|f| {
            let subject = &f["subject"];
            let text = |key: &str| subject[key].as_str().unwrap_or_default().to_owned();
            let property = match subject["path"].as_str() {
                Some(path) => path.to_owned(),
                None => text("name"),
            };
            (
                f["code"].as_str().unwrap().to_owned(),
                text("type_name"),
                property,
            )
        })
        .collect()
}

/// Every migration heatwise offers at Heat 27.0.1 — each retired property
/// and type of the catalog in a least template, and each retired type it
/// migrates across — is among those of the cases Heat's real update
/// judges (`every_case_is_what_heat_s_own_update_does`, and the plan's).
#[test]
fn every_migration_heatwise_offers_is_judged_by_heat_s_update() {
    let dir = std::env::temp_dir().join(format!("heatwise-least-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let least: Vec<PathBuf> = (least_templates().iter().enumerate())
        .map(|(index, template)| {
            let path = dir.join(format!("{index:04}.yaml"));
            std::fs::write(&path, template.to_string()).unwrap();
            path
        })
        .collect();
    assert!(least.len() > 60, "{}", least.len());
    let mut offered = migrations_in(&least);
    for type_name in heatwise_core::lint::RETIRED_TYPE_MIGRATIONS {
        let code = if type_name.contains("LBaaS")
            || type_name.starts_with("OS::Neutron::Pool")
            || type_name == "OS::Neutron::HealthMonitor"
        {
            "HW106"
        } else {
            "HW102"
        };
        offered.insert((code.to_owned(), type_name.to_owned(), String::new()));
    }
    // The cases, and the plan's (judged by
    // `the_plan_retains_the_router_gateway_first_...`).
    let mut judged: Vec<PathBuf> = cases().into_iter().map(|(_, old, _)| old).collect();
    judged.push(fixtures().join("plan/router-gateway.yaml"));
    let covered = migrations_in(&judged);
    let missing: Vec<_> = offered.difference(&covered).collect();
    eprintln!(
        "{} migrations offered, each judged by Heat's update",
        offered.len()
    );
    assert!(missing.is_empty(), "no case Heat judges: {missing:#?}");
}

/// Whether a property updates in place is the updating release's: Heat
/// 8.0.0 (Ocata) to 12 (Stein) updated a port's MAC address in place;
/// before, and from 13.0.0 (Train) on (27.0.1 above, judged by the real
/// Heat), it replaces the port.
#[test]
fn the_release_that_carries_out_the_update_decides_what_updates_in_place() {
    let dir = fixtures();
    let (old, new) = (
        dir.join("mac-address.old.yaml"),
        dir.join("mac-address.new.yaml"),
    );
    let action = |target: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_heatwise"));
        command.args(["update-preview", "--format", "json"]);
        if let Some(target) = target {
            command.args(["--target", target]);
        }
        let answer = previewed(command.arg(&old).arg(&new));
        answer["resources"][0]["action"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(action(None), "replaced");
    assert_eq!(action(Some("Queens")), "updated");
    assert_eq!(action(Some("12.0.0")), "updated");
    assert_eq!(action(Some("Stein")), "updated");
    assert_eq!(action(Some("Train")), "replaced");
    assert_eq!(action(Some("Newton")), "replaced");
}

/// `heatwise fix --plan`: a RouterGateway removed by its migration is
/// retained first, so that Heat's second update sets the router's gateway
/// and never clears it; updating straight to the migration both sets and
/// clears it, in no fixed order. Judged on Heat's real updates and on what
/// they sent the cloud.
#[test]
fn the_plan_retains_the_router_gateway_first_so_that_nothing_clears_the_gateway() {
    let old = fixtures().join("plan/router-gateway.yaml");
    let dir = std::env::temp_dir().join(format!("heatwise-plan-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let planned = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(["fix", "--unsafe", "--plan"])
        .arg(&dir)
        .arg(&old)
        .output()
        .unwrap();
    assert!(
        planned.status.success(),
        "{}",
        String::from_utf8_lossy(&planned.stderr)
    );
    let (step1, step2) = (dir.join("1.yaml"), dir.join("2.yaml"));
    assert!(String::from_utf8_lossy(&planned.stdout).contains(&format!(
        "openstack stack update --wait --existing --template {} STACK",
        step1.display()
    )));
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}},
        "stacks": [
            {"project": "alpha", "user": "alice", "name": "planned", "template": old, "adopt": true},
            {"project": "alpha", "user": "alice", "name": "direct", "template": old, "adopt": true},
        ],
        "updates": [
            {"stack": "planned", "template": step1},
            {"stack": "planned", "template": step2},
            {"stack": "direct", "template": step2},
        ],
    });
    let Some(cloud) = Cloud::start("plan", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let updates = ready["updates"].as_array().unwrap();
    // Each step as heatwise previews it.
    for (update, (from, to)) in
        updates
            .iter()
            .zip([(&old, &step1), (&step1, &step2), (&old, &step2)])
    {
        for resource in preview(from, to)["resources"].as_array().unwrap() {
            let name = resource["name"].as_str().unwrap();
            assert_eq!(
                resource["action"], update["resources"][name]["action"],
                "{} {name}: {update}",
                update["stack"]
            );
        }
    }
    let gateway_bodies = |update: &Value| -> Vec<Value> {
        update["calls"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|call| call["path"].as_str().unwrap().starts_with("routers/"))
            .map(|call| call["body"]["router"]["external_gateway_info"].clone())
            .collect()
    };
    let cleared = |info: &Value| info.is_null() || info == &json!({});
    // Retaining sends nothing; the migration then only sets the gateway.
    assert_eq!(updates[0]["calls"], json!([]));
    let planned_calls = gateway_bodies(&updates[1]);
    assert!(
        !planned_calls.is_empty() && !planned_calls.iter().any(cleared),
        "{planned_calls:?}"
    );
    // Straight to the migration, the gateway's deletion clears it too.
    let direct_calls = gateway_bodies(&updates[2]);
    assert!(direct_calls.iter().any(cleared), "{direct_calls:?}");
    drop(cloud);
}

/// `heatwise fix --stack ROOT --plan DIR`: every file of the stack under
/// DIR/1/ and DIR/2/ in its layout; a nested template's removed
/// RouterGateway retained in the first step, the migration in the second.
#[test]
fn a_stack_s_plan_lays_out_every_file_for_each_step() {
    let stack = fixtures().join("plan/stack");
    let dir = std::env::temp_dir().join(format!("heatwise-stack-plan-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let planned = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args([
            "fix",
            "--unsafe",
            "--stack",
            "root.yaml",
            "-e",
            "env.yaml",
            "--plan",
        ])
        .arg(&dir)
        .current_dir(&stack)
        .output()
        .unwrap();
    assert!(
        planned.status.success(),
        "{}",
        String::from_utf8_lossy(&planned.stderr)
    );
    let read = |step: &str, file: &str| std::fs::read_to_string(dir.join(step).join(file)).unwrap();
    for step in ["1", "2"] {
        for file in ["root.yaml", "env.yaml", "nested/edge.yaml"] {
            assert!(dir.join(step).join(file).is_file(), "{step}/{file}");
        }
    }
    assert!(read("1", "nested/edge.yaml").contains("deletion_policy: Retain"));
    assert!(read("1", "nested/edge.yaml").contains("OS::Neutron::RouterGateway"));
    assert!(!read("2", "nested/edge.yaml").contains("RouterGateway"));
    assert!(read("2", "nested/edge.yaml").contains("external_gateway_info"));
    let steps = String::from_utf8_lossy(&planned.stdout);
    assert!(
        steps.contains(&format!(
            "openstack stack update --wait --existing --template {} -e {} STACK",
            dir.join("1/root.yaml").display(),
            dir.join("1/env.yaml").display()
        )),
        "{steps}"
    );
    assert!(steps.contains("nested/edge.yaml: gateway (OS::Neutron::RouterGateway): updated: nothing is sent to the service"), "{steps}");
}
