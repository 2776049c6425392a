//! `heatwise scan` against a real Heat 27.0.1 (and a real Keystone 30.0.0)
//! that the test starts on 127.0.0.1 and seeds with stacks as their users
//! make them (`openstack stack create`'s gathering; stacks of the cloud's
//! types adopted): every stack reported with the findings `heatwise lint
//! --stack` gives its files, live and from its dump; logged in as
//! openstackclient would be, with a password, an application credential,
//! a token or a clouds.yaml; refusals said in words, secrets never shown.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use heatwise_test_support::Cloud;
use serde_json::{json, Value};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scan")
}

fn fixture(relative: &str) -> String {
    fixtures().join(relative).display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heatwise-scan-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `heatwise ARGS` with only these variables (and a HOME of its own, so
/// that no clouds.yaml of the machine's is read), in `dir`.
fn heatwise(args: &[&str], variables: &[(&str, &str)], dir: &Path) -> Output {
    let home = scratch("home");
    Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(args)
        .env_clear()
        .env("HOME", &home)
        .envs(variables.iter().copied())
        .current_dir(dir)
        .output()
        .expect("heatwise runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn seed() -> Value {
    json!({
        "projects": {"alpha": {"alice": "member", "rita": "reader"}, "beta": {"bob": "member"}},
        "stacks": [
            {"project": "alpha", "user": "alice", "name": "random",
             "template": fixture("plain/random.yaml")},
            {"project": "beta", "user": "bob", "name": "network",
             "template": fixture("network/root.yaml"),
             "environments": [fixture("network/env.yaml")], "adopt": true},
        ],
        "application_credentials": [{"project": "alpha", "user": "alice", "name": "scan"}],
        "tokens": [{"project": "alpha", "user": "alice"}],
    })
}

/// `(path, code, message)` of every finding in a lint or scan JSON list.
fn findings(list: &Value, path_of: impl Fn(&str) -> String) -> BTreeSet<(String, String, String)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                path_of(f["path"].as_str().unwrap()),
                f["code"].as_str().unwrap().to_owned(),
                f["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// `(path, code, line, column)` of every finding in a lint or scan JSON
/// list.
fn placed(list: &Value) -> BTreeSet<(String, String, u64, u64)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_owned(),
                f["code"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// What `heatwise lint --stack` finds in the seeded stack's own files,
/// each file named as the scan names it: the root `template.yaml`, the
/// others by their path under `files/`.
fn lint_of_files(spec: &Value) -> BTreeSet<(String, String, String)> {
    lint_of_files_in(spec, &fixtures())
}

/// [`lint_of_files`] run in `dir`.
fn lint_of_files_in(spec: &Value, dir: &Path) -> BTreeSet<(String, String, String)> {
    let root = spec["template"].as_str().unwrap();
    let mut args = vec!["lint", "--format", "json", "--stack", root];
    if let Some(target) = spec["target"].as_str() {
        args.extend(["--target", target]);
    }
    for environment in spec["environments"].as_array().into_iter().flatten() {
        args.extend(["-e", environment.as_str().unwrap()]);
    }
    let output = heatwise(&args, &[], dir);
    assert!(output.status.code().unwrap() <= 1, "{}", stderr(&output));
    let list: Value = serde_json::from_str(&stdout(&output)).unwrap();
    findings(&list, |path| {
        let path = std::fs::canonicalize(dir.join(path)).unwrap();
        if path == std::fs::canonicalize(root).unwrap() {
            "template.yaml".to_owned()
        } else {
            format!("files{}", path.display())
        }
    })
}

/// The report of a real scan kept in `tests/contracts/scan.json`, which the
/// editor's Cloud tab reads in its tests, so that a field renamed on one
/// side fails the other: every run must give the committed report's shape
/// (its fields and their kinds, at every depth); `HEATWISE_BLESS=1` writes
/// it again, its stacks' IDs (new at each run) and this checkout's path
/// made stable.
fn check_contract(report: &Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/contracts/scan.json");
    if std::env::var_os("HEATWISE_BLESS").is_some() {
        let mut report = report.clone();
        for (index, stack) in report["stacks"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .enumerate()
        {
            stack["id"] = json!(format!("stack-{index}"));
        }
        let root = std::fs::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
            .unwrap()
            .display()
            .to_string();
        let text = serde_json::to_string_pretty(&report).unwrap() + "\n";
        let text = text
            .replace(&root, "/checkout")
            .replace(root.trim_start_matches('/'), "checkout");
        std::fs::write(&path, text).unwrap();
        return;
    }
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        shape(report),
        shape(&kept),
        "the scan report's fields changed: bless {}",
        path.display()
    );
}

/// A JSON value's fields and the kinds of their values, at every depth (a
/// list by the fields of all its items).
fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.clone(), shape(v))).collect())
        }
        Value::Array(items) => {
            let mut merged = serde_json::Map::new();
            let mut kinds = BTreeSet::new();
            for item in items {
                match shape(item) {
                    Value::Object(fields) => merged.extend(fields),
                    other => {
                        kinds.insert(other.to_string());
                    }
                }
            }
            json!({"items": merged, "kinds": kinds})
        }
        Value::Null => json!("null"),
        Value::Bool(_) => json!("bool"),
        Value::Number(_) => json!("number"),
        Value::String(_) => json!("string"),
    }
}

#[test]
fn every_project_s_stacks_are_found_with_the_findings_of_their_files_live_and_from_the_dump() {
    let seed = seed();
    let Some(cloud) = Cloud::start("noauth", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let endpoint = format!("{}/v1/admin", ready["heat"].as_str().unwrap());
    let noauth = [("OS_AUTH_TYPE", "none"), ("OS_ENDPOINT", endpoint.as_str())];
    let dump = scratch("dump");
    let dump_arg = dump.display().to_string();
    let here = scratch("cwd");

    let live = heatwise(
        &[
            "scan",
            "--all-projects",
            "--format",
            "json",
            "--dump",
            &dump_arg,
        ],
        &noauth,
        &here,
    );
    assert_eq!(live.status.code(), Some(1), "{}", stderr(&live));
    let report: Value = serde_json::from_str(&stdout(&live)).unwrap();
    check_contract(&report);

    // Every stack Heat made, as Heat lists it.
    let listed: BTreeSet<(String, String, String, String)> = report["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let field = |k: &str| s[k].as_str().unwrap().to_owned();
            (
                field("project"),
                field("name"),
                field("id"),
                field("status"),
            )
        })
        .collect();
    let seeded: BTreeSet<(String, String, String, String)> = ready["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let field = |k: &str| s[k].as_str().unwrap().to_owned();
            (
                field("project"),
                field("name"),
                field("id"),
                field("status"),
            )
        })
        .collect();
    assert_eq!(listed, seeded);
    assert!(
        seeded.iter().all(|s| s.3.ends_with("_COMPLETE")),
        "{seeded:?}"
    );

    // Each with the findings lint --stack gives its files.
    for spec in seed["stacks"].as_array().unwrap() {
        let stack = report["stacks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == spec["name"])
            .unwrap();
        assert_eq!(
            findings(&stack["findings"], str::to_owned),
            lint_of_files(spec),
            "{}",
            spec["name"]
        );
    }
    // The deprecated and hidden usages, summed up for the operator.
    let usages: Vec<&str> = report["summary"]["usages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["subject"].as_str().unwrap())
        .collect();
    assert_eq!(
        usages,
        [
            "OS::Neutron::Port.network_id",
            "OS::Neutron::Subnet.network_id",
            "OS::Nova::FloatingIP"
        ]
    );

    // The dump scans offline to the same report.
    let offline = heatwise(&["scan", &dump_arg, "--format", "json"], &[], &here);
    assert_eq!(stdout(&offline), stdout(&live), "{}", stderr(&offline));

    // And `heatwise lint` in a stack's dump finds what the scan found there.
    let network = report["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "network")
        .unwrap();
    let linted = heatwise(
        &["lint", "--format", "json"],
        &[],
        &dump.join("beta/network"),
    );
    let linted: Value = serde_json::from_str(&stdout(&linted)).unwrap();
    assert_eq!(placed(&linted), placed(&network["findings"]));

    // The text report starts with the summary an operator reads.
    let text = heatwise(&["scan", "--all-projects"], &noauth, &here);
    let text = stdout(&text);
    assert!(
        text.starts_with("2 stacks in 2 projects, judged for Heat 27.0.1"),
        "{text}"
    );
    assert!(text.contains("  errors by stage  statuses\n"), "{text}");
    assert!(text.contains("OS::Nova::FloatingIP (resource type): 1 stack, 1 use\n      hidden since Rocky (11.0.0)"), "{text}");

    // SARIF, for code scanning: valid, each file under PROJECT/STACK/.
    let sarif = heatwise(
        &["scan", "--all-projects", "--format", "sarif"],
        &noauth,
        &here,
    );
    let sarif: Value = serde_json::from_str(&stdout(&sarif)).unwrap();
    let schema_path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sarif-schema-2.1.0.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap();
    let problems: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| e.to_string())
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
    let uris: BTreeSet<&str> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert!(uris.contains("beta/network/template.yaml"), "{uris:?}");
    assert!(
        uris.iter()
            .any(|u| u.starts_with("beta/network/files/") && u.ends_with("/scan/network/app.yaml")),
        "{uris:?}"
    );
    assert_eq!(uris.len(), 2, "{uris:?}");

    // The ORC hand-over of the running stack, read through the API, is the
    // one made from its files and `openstack stack resource list`'s rows.
    hand_over_from_the_cloud(&ready, network["id"].as_str().unwrap(), &here);
    drop(cloud);
}

/// Real service templates of the pinned TripleO tree, nested ones
/// included (two levels), each created for real, as `openstack stack
/// create` makes it, by one of three users in three projects.
const CORPUS_STACKS: [&str; 14] = [
    "deployment/kernel/kernel-baremetal-ansible.yaml",
    "deployment/nova/nova-libvirt-common.yaml",
    "deployment/rhsm/rhsm-baremetal-ansible.yaml",
    "deployment/sshd/sshd-baremetal-ansible.yaml",
    "deployment/time/ptp-baremetal-ansible.yaml",
    "deployment/timemaster/timemaster-baremetal-ansible.yaml",
    "deployment/tripleo-firewall/tripleo-firewall-baremetal-ansible.yaml",
    "deployment/tripleo-packages/tripleo-packages-baremetal-puppet.yaml",
    "deployment/tuned/tuned-baremetal-ansible.yaml",
    "deployment/cephadm/ceph-mon.yaml",
    "deployment/cephadm/ceph-osd.yaml",
    "deployment/cinder/cinder-common-container-puppet.yaml",
    "deployment/neutron/neutron-plugin-ml2-ovn.yaml",
    "deployment/neutron/neutron-ovn-dpdk-config-container-puppet.yaml",
];

/// Heat's verdict on the corpus stacks is heatwise's: where Heat refuses
/// one, `lint --stack` finds the error in its files; where Heat creates
/// one, heatwise finds none, and the scan of every project reports it with
/// the findings `lint --stack` gives its files, live and from its dump.
#[test]
fn corpus_stacks_of_several_projects_are_scanned_as_lint_stack_sees_their_files() {
    let Some(tree) = heatwise_test_support::rendered_corpus("the scan of corpus stacks") else {
        return;
    };
    let owners = [("alpha", "alice"), ("beta", "bob"), ("gamma", "gina")];
    let specs: Vec<Value> = CORPUS_STACKS
        .iter()
        .enumerate()
        .map(|(index, path)| {
            let (project, user) = owners[index % owners.len()];
            let name = Path::new(path).file_stem().unwrap().to_str().unwrap();
            json!({"project": project, "user": user, "name": name,
                   "template": tree.join(path).display().to_string(), "refusable": true})
        })
        .collect();
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}, "beta": {"bob": "member"},
                     "gamma": {"gina": "member"}},
        "stacks": specs,
    });
    let Some(cloud) = Cloud::start("corpus", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let status_of = |name: &Value| -> (String, String) {
        let made = ready["stacks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == *name)
            .unwrap();
        (
            made["status"].as_str().unwrap().to_owned(),
            made["reason"].to_string(),
        )
    };

    let endpoint = format!("{}/v1/admin", ready["heat"].as_str().unwrap());
    let noauth = [("OS_AUTH_TYPE", "none"), ("OS_ENDPOINT", endpoint.as_str())];
    let dump = scratch("corpus-dump");
    let dump_arg = dump.display().to_string();
    let here = scratch("corpus-cwd");
    let live = heatwise(
        &[
            "scan",
            "--all-projects",
            "--format",
            "json",
            "--dump",
            &dump_arg,
        ],
        &noauth,
        &here,
    );
    assert!(live.status.code().unwrap() <= 1, "{}", stderr(&live));
    let report: Value = serde_json::from_str(&stdout(&live)).unwrap();
    let stacks = report["stacks"].as_array().unwrap();
    let projects: BTreeSet<&str> = stacks
        .iter()
        .map(|s| s["project"].as_str().unwrap())
        .collect();
    assert_eq!(projects, BTreeSet::from(["alpha", "beta", "gamma"]));
    let (mut created, mut nested_files) = (0, 0);
    for spec in seed["stacks"].as_array().unwrap() {
        let (status, reason) = status_of(&spec["name"]);
        let stack = stacks.iter().find(|s| s["name"] == spec["name"]);
        if status == "REFUSED" {
            // Heat's verdict is heatwise's: an error in the files, no stack.
            assert!(stack.is_none(), "{}", spec["name"]);
            let found = lint_of_files_in(spec, &tree);
            assert!(
                found.iter().any(|(_, code, _)| code.starts_with("HW4")),
                "Heat refused {}: {reason}; heatwise found {found:#?}",
                spec["name"]
            );
            continue;
        }
        assert_eq!(status, "CREATE_COMPLETE", "{}: {reason}", spec["name"]);
        created += 1;
        let stack = stack.unwrap_or_else(|| panic!("{} is scanned", spec["name"]));
        assert_eq!(stack["project"], spec["project"]);
        let found = findings(&stack["findings"], str::to_owned);
        assert_eq!(found, lint_of_files_in(spec, &tree), "{}", spec["name"]);
        nested_files += found
            .iter()
            .filter(|(path, _, _)| path.starts_with("files/"))
            .count();
        let errors: Vec<&Value> = stack["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["severity"] == "error")
            .collect();
        assert!(
            errors.is_empty(),
            "Heat created {}, heatwise says {errors:#?}",
            spec["name"]
        );
    }
    assert_eq!(stacks.len(), created, "{report}");
    assert!(
        created >= 10,
        "{created} of {} created",
        CORPUS_STACKS.len()
    );
    let offline = heatwise(&["scan", &dump_arg, "--format", "json"], &[], &here);
    assert_eq!(stdout(&offline), stdout(&live), "{}", stderr(&offline));

    // Judged for Train, before their template version: findings in every
    // file, nested ones included, as `lint --stack --target Train` has them.
    let train = heatwise(
        &[
            "scan",
            "--all-projects",
            "--format",
            "json",
            "--target",
            "Train",
        ],
        &noauth,
        &here,
    );
    let train: Value = serde_json::from_str(&stdout(&train)).unwrap();
    for stack in train["stacks"].as_array().unwrap() {
        let mut spec = seed["stacks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == stack["name"])
            .unwrap()
            .clone();
        spec["target"] = json!("Train");
        let found = findings(&stack["findings"], str::to_owned);
        assert!(!found.is_empty(), "{}", spec["name"]);
        assert_eq!(found, lint_of_files_in(&spec, &tree), "{}", spec["name"]);
        nested_files += found
            .iter()
            .filter(|(path, _, _)| path.starts_with("files/"))
            .count();
    }
    assert!(
        nested_files > 0,
        "the nested templates' findings are reported: {train}"
    );
    // The summary counts each error by the stage at which Heat refuses it:
    // a template version the release does not know, before anything is
    // created.
    for project in train["summary"]["projects"].as_array().unwrap() {
        let refused_at = project["refused_at"].as_object().unwrap();
        let counted: u64 = refused_at.values().map(|n| n.as_u64().unwrap()).sum();
        assert_eq!(counted, project["errors"].as_u64().unwrap(), "{project}");
        assert!(refused_at["validate"].as_u64().unwrap() > 0, "{project}");
    }
    drop(cloud);
}

fn hand_over_from_the_cloud(ready: &Value, stack_id: &str, here: &Path) {
    let endpoint = format!("{}/v1/beta", ready["heat"].as_str().unwrap());
    let noauth = [("OS_AUTH_TYPE", "none"), ("OS_ENDPOINT", endpoint.as_str())];
    let orc = ["--namespace", "heat", "--credentials", "clouds/openstack"];
    let live = heatwise(
        &[&["orc", "--cloud-stack", "network"][..], &orc].concat(),
        &noauth,
        here,
    );
    let openstack = heatwise_test_support::heat_python()
        .unwrap()
        .with_file_name("openstack");
    let rows = Command::new(openstack)
        .args([
            "stack",
            "resource",
            "list",
            "--nested-depth",
            "5",
            "--long",
            "-f",
            "json",
            stack_id,
        ])
        .env_clear()
        .env("OS_AUTH_TYPE", "none")
        .env("OS_ENDPOINT", &endpoint)
        .output()
        .unwrap();
    assert!(rows.status.success(), "{}", stderr(&rows));
    let rows_path = here.join("rows.json");
    std::fs::write(&rows_path, &rows.stdout).unwrap();
    let from_files = heatwise(
        &[
            &[
                "orc",
                &fixture("network/root.yaml"),
                "-e",
                &fixture("network/env.yaml"),
                "--stack-resources",
                rows_path.to_str().unwrap(),
            ][..],
            &orc,
        ]
        .concat(),
        &[],
        here,
    );
    assert_eq!(
        live.status.code(),
        from_files.status.code(),
        "{}\n{}",
        stderr(&live),
        stderr(&from_files)
    );
    assert!(stdout(&live).contains("import:"), "{}", stdout(&live));
    assert_eq!(stdout(&live), stdout(&from_files));
}

#[test]
fn keystone_users_scan_what_their_roles_let_them_and_no_secret_is_shown() {
    let Some(cloud) = Cloud::start("keystone", true, &seed().to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let keystone = ready["keystone"].as_str().unwrap();
    let password = |user: &str| ready["passwords"][user].as_str().unwrap().to_owned();
    let here = scratch("keystone-cwd");
    let stacks_of = |output: &Output| -> Vec<(String, String)> {
        assert!(output.status.code().unwrap() <= 1, "{}", stderr(output));
        let report: Value = serde_json::from_str(&stdout(output)).unwrap();
        report["stacks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["project"].as_str().unwrap().to_owned(),
                    s["name"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let mut shown = String::new();
    let mut run = |args: &[&str], variables: &[(&str, &str)]| {
        let output = heatwise(args, variables, &here);
        shown.push_str(&stdout(&output));
        shown.push_str(&stderr(&output));
        output
    };
    let both = vec![
        ("alpha".to_owned(), "random".to_owned()),
        ("beta".to_owned(), "network".to_owned()),
    ];
    let alpha = vec![("alpha".to_owned(), "random".to_owned())];

    // An admin with a password: every project, by name.
    let admin = password("admin");
    let as_admin = [
        ("OS_AUTH_URL", keystone),
        ("OS_USERNAME", "admin"),
        ("OS_PASSWORD", admin.as_str()),
        ("OS_PROJECT_NAME", "admin"),
        ("OS_USER_DOMAIN_NAME", "Default"),
        ("OS_PROJECT_DOMAIN_NAME", "Default"),
    ];
    assert_eq!(
        stacks_of(&run(
            &["scan", "--all-projects", "--format", "json"],
            &as_admin
        )),
        both
    );
    assert_eq!(
        stacks_of(&run(
            &[
                "scan",
                "--all-projects",
                "--project",
                "beta",
                "--format",
                "json"
            ],
            &as_admin
        )),
        both[1..]
    );

    // A member's application credential, beside the project name that
    // openstackclient users often leave set: its own project.
    let credential = &ready["application_credentials"][0];
    let (id, secret) = (
        credential["id"].as_str().unwrap(),
        credential["secret"].as_str().unwrap(),
    );
    let as_credential = [
        ("OS_AUTH_URL", keystone),
        ("OS_AUTH_TYPE", "v3applicationcredential"),
        ("OS_APPLICATION_CREDENTIAL_ID", id),
        ("OS_APPLICATION_CREDENTIAL_SECRET", secret),
        ("OS_PROJECT_NAME", "alpha"),
    ];
    assert_eq!(
        stacks_of(&run(&["scan", "--format", "json"], &as_credential)),
        alpha
    );

    // A token.
    let token = ready["tokens"][0]["token"].as_str().unwrap();
    let as_token = [
        ("OS_AUTH_URL", keystone),
        ("OS_AUTH_TYPE", "token"),
        ("OS_TOKEN", token),
        ("OS_PROJECT_NAME", "alpha"),
        ("OS_PROJECT_DOMAIN_NAME", "Default"),
    ];
    assert_eq!(
        stacks_of(&run(&["scan", "--format", "json"], &as_token)),
        alpha
    );

    // A clouds.yaml with its secret in secure.yaml, named by OS_CLOUD.
    std::fs::write(
        here.join("clouds.yaml"),
        format!("clouds:\n  lab:\n    auth:\n      auth_url: {keystone}\n      username: rita\n      project_name: alpha\n      user_domain_name: Default\n      project_domain_name: Default\n    region_name: RegionOne\n"),
    )
    .unwrap();
    std::fs::write(
        here.join("secure.yaml"),
        format!(
            "clouds:\n  lab:\n    auth:\n      password: {}\n",
            password("rita")
        ),
    )
    .unwrap();
    assert_eq!(
        stacks_of(&run(&["scan", "--format", "json"], &[("OS_CLOUD", "lab")])),
        alpha
    );

    // A reader may not list every project: said, with what to do.
    let refused = run(&["scan", "--all-projects"], &[("OS_CLOUD", "lab")]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("stacks:global_index")
            && stderr(&refused).contains("without --all-projects"),
        "{}",
        stderr(&refused)
    );

    // A wrong password: Keystone's 401, in words.
    let wrong = run(
        &["scan"],
        &[
            ("OS_AUTH_URL", keystone),
            ("OS_USERNAME", "rita"),
            ("OS_PASSWORD", "not-the-password"),
            ("OS_PROJECT_NAME", "alpha"),
        ],
    );
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        stderr(&wrong).contains("Keystone refused the credentials (401"),
        "{}",
        stderr(&wrong)
    );

    // Nothing printed holds a secret.
    for secret in [admin.as_str(), secret, token, password("rita").as_str()] {
        assert!(!shown.contains(secret), "a secret was printed");
    }
    drop(cloud);
}

#[test]
fn no_cloud_to_reach_is_said_without_a_cloud() {
    let here = scratch("nowhere");
    let output = heatwise(
        &["scan"],
        &[
            ("OS_AUTH_URL", "http://127.0.0.1:9/v3"),
            ("OS_USERNAME", "u"),
            ("OS_PASSWORD", "p"),
        ],
        &here,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("Keystone did not answer at http://127.0.0.1:9/v3/auth/tokens"),
        "{}",
        stderr(&output)
    );
    let output = heatwise(&["scan"], &[("OS_AUTH_TYPE", "none")], &here);
    assert!(
        stderr(&output).contains("set OS_ENDPOINT"),
        "{}",
        stderr(&output)
    );
    let output = heatwise(&["scan", here.to_str().unwrap()], &[], &here);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no stack dump here"),
        "{}",
        stderr(&output)
    );
}

/// The dumps of `tests/fixtures/dumps/` scanned offline give the findings
/// and usages `tests/fixtures/dumps.findings.json` holds, which the
/// editor's fleet page is held to as well (`web/folder-module/src/fleet.rs`).
#[test]
fn dumps_are_scanned_offline_as_the_fleet_page_scans_them() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let here = scratch("dumps");
    let output = heatwise(
        &[
            "scan",
            shared.join("dumps").to_str().unwrap(),
            "--format",
            "json",
        ],
        &[],
        &here,
    );
    // Findings: exit 1.
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let mut found = Vec::new();
    for stack in report["stacks"].as_array().unwrap() {
        for finding in stack["findings"].as_array().unwrap() {
            let name = format!(
                "{}/{}",
                stack["project"].as_str().unwrap(),
                stack["name"].as_str().unwrap()
            );
            found.push(json!({
                "stack": name, "path": finding["path"], "code": finding["code"], "line": finding["line"],
            }));
        }
    }
    let usages: Vec<&Value> = (report["summary"]["usages"].as_array().unwrap().iter())
        .map(|usage| &usage["subject"])
        .collect();
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(shared.join("dumps.findings.json")).unwrap())
            .unwrap();
    assert_eq!(json!({ "findings": found, "usages": usages }), expected);
}

/// Stacks in every form a client sends them and every state Heat keeps
/// them in: files under the names the templates use (a template
/// resource, a registry entry, nested two levels deep, `get_file` in a
/// nested template), heatclient's URLs, a hidden stack, a failed one and
/// one still in progress. The scan reports every stack Heat lists, hidden
/// ones marked, each with its status; it resolves every file as Heat's
/// engine did (no file said to be missing, every hidden type Heat made
/// found where it is written), live, from the dump, and through `heatwise
/// lint` in the dump; and as CSV and Markdown for the projects' owners.
#[test]
fn stacks_as_heat_keeps_them() {
    let stored = |name: &str| fixture(&format!("stored/{name}"));
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}, "beta": {"bob": "member"}},
        // As the operator configures the engine: Sahara's clusters hidden.
        "hidden_stack_tags": ["data-processing-cluster"],
        "stacks": [
            {"project": "alpha", "user": "alice", "name": "relative",
             "template": stored("relative.yaml"),
             "files": {"watchdog.yaml": stored("watchdog.yaml")}, "resources": true},
            {"project": "alpha", "user": "alice", "name": "registry",
             "template": stored("registry.yaml"),
             "files": {"watchdog.yaml": stored("watchdog.yaml")},
             "environment": {"resource_registry": {"My::Watchdog": "watchdog.yaml"}},
             "resources": true},
            {"project": "beta", "user": "bob", "name": "two-levels",
             "template": stored("two-levels.yaml"),
             "files": {"tier/app.yaml": stored("app.yaml"), "secrets.yaml": stored("secrets.yaml"),
                       "watchdog.yaml": stored("watchdog.yaml"),
                       "scripts/boot.sh": stored("boot.sh")},
             "resources": true},
            {"project": "beta", "user": "bob", "name": "hidden",
             "template": fixture("plain/random.yaml"), "tags": ["data-processing-cluster"]},
            {"project": "beta", "user": "bob", "name": "failed",
             "template": stored("failed.yaml")},
            {"project": "beta", "user": "bob", "name": "slow",
             "template": stored("slow.yaml"), "wait": false},
            {"project": "alpha", "user": "alice", "name": "lbaas", "adopt": true,
             "template": stored("lbaas.yaml"), "files": {}, "outputs": true, "resources": true},
            {"project": "alpha", "user": "alice", "name": "lbaas-gone", "adopt": true,
             "template": stored("lbaas.yaml"), "files": {}, "delete": true},
            {"project": "beta", "user": "bob", "name": "damaged",
             "template": stored("relative.yaml"),
             "files": {"watchdog.yaml": stored("watchdog.yaml")}, "corrupt_template": true},
        ],
    });
    let Some(cloud) = Cloud::start("stored", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let endpoint = format!("{}/v1/admin", ready["heat"].as_str().unwrap());
    let noauth = [("OS_AUTH_TYPE", "none"), ("OS_ENDPOINT", endpoint.as_str())];
    let dump = scratch("stored-dump");
    let dump_arg = dump.display().to_string();
    let here = scratch("stored-cwd");
    let scan = |format: &str| {
        heatwise(
            &["scan", "--all-projects", "--format", format],
            &noauth,
            &here,
        )
    };
    let live = heatwise(
        &[
            "scan",
            "--all-projects",
            "--format",
            "json",
            "--dump",
            &dump_arg,
        ],
        &noauth,
        &here,
    );
    // Exit 2: one stack's template could not be read; said on stderr.
    assert_eq!(live.status.code(), Some(2), "{}", stderr(&live));
    assert!(
        stderr(&live).contains("error: beta/damaged: "),
        "{}",
        stderr(&live)
    );
    let report: Value = serde_json::from_str(&stdout(&live)).unwrap();
    let stacks = report["stacks"].as_array().unwrap();

    // Every stack Heat lists, hidden ones too, with its state; the one
    // whose files Heat cannot give reported with why, not left out.
    let made: Vec<&Value> = ready["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s.get("deleted").is_none())
        .collect();
    let state = |s: &Value| {
        (
            s["name"].as_str().unwrap().to_owned(),
            s["id"].as_str().unwrap().to_owned(),
        )
    };
    assert_eq!(
        stacks.iter().map(state).collect::<BTreeSet<_>>(),
        made.iter().map(|s| state(s)).collect::<BTreeSet<_>>()
    );
    assert_eq!(stacks.len(), made.len());
    assert_eq!(report["summary"]["stacks"], made.len());
    assert_eq!(report["summary"]["hidden"], 1);
    let stack = |name: &str| stacks.iter().find(|s| s["name"] == name).unwrap();
    let hidden: Vec<&str> = stacks
        .iter()
        .filter(|s| s["hidden"] == true)
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(hidden, ["hidden"]);
    assert_eq!(stack("failed")["status"], "CREATE_FAILED");
    assert!(
        stack("failed")["status_reason"]
            .as_str()
            .unwrap()
            .contains("Test Resource failed"),
        "{}",
        stack("failed")
    );
    assert_eq!(stack("slow")["status"], "CREATE_IN_PROGRESS");
    assert_eq!(report["summary"]["unread"], 1);
    assert!(
        stack("damaged")["unread"]
            .as_str()
            .unwrap()
            .contains("answered 400"),
        "{}",
        stack("damaged")
    );
    // A stack in progress is judged as its files stand.
    assert!(
        findings(&stack("slow")["findings"], str::to_owned)
            .iter()
            .any(|(path, code, _)| path == "template.yaml" && code == "HW202"),
        "{}",
        stack("slow")
    );

    // Every file found as Heat's engine found it: nothing said missing,
    // no error in a stack Heat made, and every HARestarter Heat made (a
    // placeholder since Queens) found in the file that declares it.
    for spec in seed["stacks"].as_array().unwrap() {
        let name = spec["name"].as_str().unwrap();
        if name == "damaged" || name == "lbaas-gone" {
            continue;
        }
        let found = findings(&stack(name)["findings"], str::to_owned);
        assert!(
            found.iter().all(|(_, code, _)| code != "HW401"),
            "{name}: {found:#?}"
        );
        if spec["resources"] != true || spec["files"].get("watchdog.yaml").is_none() {
            continue;
        }
        let made = made.iter().find(|s| s["name"] == name).unwrap();
        assert_eq!(made["status"], "CREATE_COMPLETE", "{made}");
        assert!(
            stack(name)["findings"]
                .as_array()
                .unwrap()
                .iter()
                .all(|f| f["severity"] != "error"),
            "Heat made {name}; heatwise says {found:#?}"
        );
        let restarters_made = made["resources"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["type"] == "OS::Heat::HARestarter")
            .count();
        let restarters_found: Vec<&Value> = stack(name)["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| {
                f["subject"]["kind"] == "resource_type"
                    && f["subject"]["type_name"] == "OS::Heat::HARestarter"
            })
            .collect();
        assert!(restarters_made > 0, "{made}");
        assert_eq!(restarters_found.len(), restarters_made, "{name}");
        assert!(restarters_found
            .iter()
            .all(|f| f["path"] == "files/watchdog.yaml"));
    }
    // A placeholder's attributes are null in Heat 27.0.1, and what reads
    // them gets null; deleting its stack asks the cloud to delete nothing
    // of it, while the network beside it is deleted. heatwise says so
    // where each attribute is read, and of the type.
    let lbaas = made.iter().find(|s| s["name"] == "lbaas").unwrap();
    assert_eq!(lbaas["outputs"]["address"], Value::Null, "{lbaas}");
    assert_eq!(lbaas["outputs"]["read"], Value::Null, "{lbaas}");
    let said = |code: &str| -> Vec<String> {
        stack("lbaas")["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["code"] == code)
            .map(|f| f["message"].as_str().unwrap().to_owned())
            .collect()
    };
    let nulls = said("HW310");
    assert_eq!(nulls.len(), 2, "{nulls:#?}");
    assert!(nulls[0].contains("the next update of `reader` sends null for `value`"));
    assert!(nulls[1].contains("the output `address` is null"));
    assert!(said("HW106")[0].contains("deletes nothing"));
    let gone = ready["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "lbaas-gone")
        .unwrap();
    assert_eq!(gone["deleted"], "DELETE_COMPLETE", "{gone}");
    let deleted: Vec<&str> = ready["calls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["method"] == "DELETE")
        .map(|c| c["path"].as_str().unwrap())
        .collect();
    assert!(
        deleted.iter().any(|p| p.starts_with("networks/")),
        "{deleted:?}"
    );
    assert!(
        deleted.iter().all(|p| !p.contains("loadbalancer")),
        "{deleted:?}"
    );

    // Where the cloud is, told by what its Heat lists (the oldest of the
    // releases that list alike, the others named); and from an older
    // release, what each release between does to what the stacks use.
    let upgrade = &report["upgrade"];
    let told: Vec<&str> = std::iter::once(&upgrade["from"]["release"])
        .chain(upgrade["from"]["alike"].as_array().unwrap())
        .map(|r| r.as_str().unwrap())
        .collect();
    assert!(told.contains(&"27.0.1 (2026.2)"), "{upgrade}");
    assert!(!told.contains(&"22.0.0 (2024.1)"), "{upgrade}");
    assert_eq!(
        upgrade["from"]["told_by"],
        "the types and template versions it lists"
    );
    let older = heatwise(
        &[
            "scan",
            "--all-projects",
            "--format",
            "json",
            "--from",
            "2023.1",
        ],
        &noauth,
        &here,
    );
    let older: Value = serde_json::from_str(&stdout(&older)).unwrap();
    let changes: Vec<(String, String, String, Value)> = older["upgrade"]["releases"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|between| {
            between["changes"].as_array().unwrap().iter().map(move |c| {
                (
                    between["release"].as_str().unwrap().to_owned(),
                    c["subject"].as_str().unwrap().to_owned(),
                    c["change"].as_str().unwrap().to_owned(),
                    c["stacks"].clone(),
                )
            })
        })
        .collect();
    for (release, change) in [
        ("21.0.0 (2023.2)", "hidden"),
        ("22.0.0 (2024.1)", "placeholder"),
    ] {
        assert!(
            changes.contains(&(
                release.to_owned(),
                "OS::Neutron::LBaaS::LoadBalancer".to_owned(),
                change.to_owned(),
                json!(["alpha/lbaas"])
            )),
            "{changes:#?}"
        );
    }

    // Two levels down, named as the nested template writes it.
    assert!(
        findings(&stack("two-levels")["findings"], str::to_owned)
            .iter()
            .any(|(path, code, _)| path == "files/secrets.yaml" && code == "HW202"),
        "{}",
        stack("two-levels")
    );

    // The dump scans offline to the same report, and `heatwise lint` in a
    // stack's dump finds what the scan found there.
    let offline = heatwise(&["scan", &dump_arg, "--format", "json"], &[], &here);
    assert_eq!(stdout(&offline), stdout(&live), "{}", stderr(&offline));
    for (project, name) in [("beta", "two-levels"), ("alpha", "registry")] {
        let folder = dump.join(project).join(name);
        let stored = [
            "lint",
            "--format",
            "json",
            "--stack",
            "template.yaml",
            "-e",
            "environment.yaml",
            "--stored-files",
            "stack.json",
        ];
        for args in [&["lint", "--format", "json"][..], &stored[..]] {
            let linted = heatwise(args, &[], &folder);
            assert!(linted.status.code().unwrap() <= 1, "{}", stderr(&linted));
            let linted: Value = serde_json::from_str(&stdout(&linted)).unwrap();
            assert_eq!(placed(&linted), placed(&stack(name)["findings"]), "{name}");
        }
    }

    // For the projects' owners: a CSV row per stack and finding, and a
    // Markdown section per project.
    let csv = scan("csv");
    assert_eq!(csv.status.code(), Some(2), "{}", stderr(&csv));
    let mut reader = csv::Reader::from_reader(csv.stdout.as_slice());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let rows_of = |name: &str| -> Vec<&csv::StringRecord> {
        rows.iter()
            .filter(|r| &r[column("stack")] == name)
            .collect()
    };
    for listed in stacks {
        let name = listed["name"].as_str().unwrap();
        let findings = listed["findings"].as_array().unwrap().len();
        assert_eq!(rows_of(name).len(), findings.max(1), "{name}");
        for row in rows_of(name) {
            assert_eq!(&row[column("status")], listed["status"].as_str().unwrap());
            assert_eq!(&row[column("hidden")], listed["hidden"].to_string());
        }
    }
    assert!(rows_of("two-levels")
        .iter()
        .any(|r| &r[column("path")] == "files/secrets.yaml" && &r[column("code")] == "HW202"));
    let markdown = stdout(&scan("markdown"));
    assert!(
        markdown.starts_with("# Heat stacks, judged for Heat 27.0.1"),
        "{markdown}"
    );
    assert!(markdown.contains("\n## Project alpha\n"), "{markdown}");
    assert!(markdown.contains("\n## Project beta\n"), "{markdown}");
    assert!(
        markdown.contains("\n### hidden (CREATE_COMPLETE, hidden)\n"),
        "{markdown}"
    );
    assert!(markdown.contains("| `files/secrets.yaml:"), "{markdown}");

    // The text report says which stacks are hidden and which are not
    // complete, with Heat's reason.
    let text = stdout(&scan("text"));
    assert!(
        text.starts_with("8 stacks (1 hidden, 1 not read) in 2 projects, judged for Heat 27.0.1"),
        "{text}"
    );
    assert!(
        text.contains("  beta/damaged: CREATE_COMPLETE: Stack CREATE completed successfully\n      not read: "),
        "{text}"
    );
    assert!(text.contains("  beta/failed: CREATE_FAILED: "), "{text}");
    assert!(text.contains("  beta/slow: CREATE_IN_PROGRESS"), "{text}");
    drop(cloud);
}

/// Updates the stack `name` of the running cloud in place (`openstack
/// stack update --existing`), sending `template` and `files` as they are,
/// and waits for the update to end: its status.
fn update_stack(ready: &Value, project: &str, name: &str, template: &str, files: Value) -> String {
    let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/heat_server");
    let spec = json!({"heat": ready["heat"], "project": project, "name": name,
                      "template": template, "files": files});
    let script = r#"
import json, sys, time
sys.path.insert(0, sys.argv[1])
import cloud
spec = json.loads(sys.argv[2])
client = cloud.heat_client(spec["heat"], None, spec["project"], "admin", "")
stack = client.stacks.get(spec["name"])
fields = cloud.sent_as_is(spec)
client.stacks.update(stack.id, existing=True, template=fields["template"], files=fields["files"])
# Generous: seven clouds run side by side on a 2-core machine.
deadline = time.monotonic() + 300
while True:
    time.sleep(0.3)
    # The list, not the stack itself: showing it resolves its outputs,
    # which read what the update stored, where the stack's status is all
    # this waits for.
    listed = [s for s in client.stacks.list() if s.id == stack.id]
    status = listed[0].stack_status if listed else "UPDATE_IN_PROGRESS"
    if status != "UPDATE_IN_PROGRESS" or time.monotonic() > deadline:
        print(status)
        break
"#;
    let python = heatwise_test_support::heat_python().unwrap();
    let output = Command::new(python)
        .args(["-c", script])
        .arg(tools)
        .arg(spec.to_string())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output).trim().to_owned()
}

/// A baseline written after one scan holds every finding, keyed by stack,
/// file, resource, rule and subject: the next scan reports none of them.
/// After a stack changes — a finding fixed, the resources moved, a new
/// hidden type used — the scan reports only the new finding, and the
/// fixed one as stale.
#[test]
fn a_baseline_silences_what_it_holds_and_says_what_was_fixed() {
    let stored = |name: &str| fixture(&format!("stored/{name}"));
    let files = json!({"watchdog.yaml": stored("watchdog.yaml")});
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}},
        "stacks": [
            {"project": "alpha", "user": "alice", "name": "kept",
             "template": stored("relative.yaml"), "files": files},
            {"project": "alpha", "user": "alice", "name": "changing",
             "template": stored("sequence.yaml"), "files": files},
        ],
    });
    let Some(cloud) = Cloud::start("baseline", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let endpoint = format!("{}/v1/admin", ready["heat"].as_str().unwrap());
    let noauth = [("OS_AUTH_TYPE", "none"), ("OS_ENDPOINT", endpoint.as_str())];
    let here = scratch("baseline-cwd");
    let baseline = here.join("known.json");
    let baseline_arg = baseline.display().to_string();
    let scan = |extra: &[&str]| {
        let mut args = vec!["scan", "--all-projects", "--format", "json"];
        args.extend(extra);
        heatwise(&args, &noauth, &here)
    };

    let before: Value = serde_json::from_str(&stdout(&scan(&[]))).unwrap();
    let all = |report: &Value| -> Vec<(String, String, String)> {
        let mut found: Vec<(String, String, String)> = report["stacks"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| {
                s["findings"].as_array().unwrap().iter().map(move |f| {
                    (
                        s["name"].as_str().unwrap().to_owned(),
                        f["code"].as_str().unwrap().to_owned(),
                        f["message"].as_str().unwrap().to_owned(),
                    )
                })
            })
            .collect();
        found.sort();
        found
    };
    let known = all(&before);
    assert_eq!(known.len(), 3, "{known:#?}");

    let written = scan(&["--write-baseline", &baseline_arg]);
    assert_eq!(written.status.code(), Some(0), "{}", stderr(&written));
    assert!(stdout(&written).is_empty());
    assert!(stderr(&written).contains("wrote a baseline of 3 findings"));
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&baseline).unwrap()).unwrap();
    let entries = file["findings"].as_array().unwrap();
    assert!(entries.iter().all(|e| e.get("line").is_none()));
    assert!(entries.iter().any(|e| e["stack"] == "alpha/changing"
        && e["file"] == "template.yaml"
        && e["place"] == "resources.secret"
        && e["code"] == "HW202"
        && e["about"] == "OS::Heat::RandomString.sequence"));

    // The next scan reports none of them.
    let quiet = scan(&["--baseline", &baseline_arg]);
    assert_eq!(quiet.status.code(), Some(0), "{}", stderr(&quiet));
    let quiet: Value = serde_json::from_str(&stdout(&quiet)).unwrap();
    assert!(all(&quiet).is_empty(), "{quiet}");
    assert_eq!(quiet["baseline"]["silenced"], 3);
    assert_eq!(quiet["baseline"]["stale"], json!([]));

    // The stack changes; the scan reports what is new, and what was fixed.
    let status = update_stack(
        &ready,
        "alpha",
        "changing",
        &stored("sequence-fixed.yaml"),
        files,
    );
    let log = cloud.state.join("heat/heat.log");
    assert_eq!(status, "UPDATE_COMPLETE", "Heat's log: {}", log.display());
    let after = scan(&["--baseline", &baseline_arg]);
    assert_eq!(after.status.code(), Some(1), "{}", stderr(&after));
    assert!(
        stderr(&after).contains("1 finding of the baseline is no longer found"),
        "{}",
        stderr(&after)
    );
    let after: Value = serde_json::from_str(&stdout(&after)).unwrap();
    let new = all(&after);
    assert_eq!(new.len(), 1, "{new:#?}");
    assert_eq!(new[0].0, "changing");
    assert!(new[0].2.contains("OS::Heat::HARestarter"), "{new:#?}");
    let stale = after["baseline"]["stale"].as_array().unwrap();
    assert_eq!(stale.len(), 1, "{after}");
    assert_eq!(stale[0]["place"], "resources.secret");
    assert_eq!(stale[0]["about"], "OS::Heat::RandomString.sequence");
    assert_eq!(after["baseline"]["silenced"], 2);
    drop(cloud);
}
