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
    let placed = |list: &Value| -> BTreeSet<(String, String, u64, u64)> {
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
    };
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
