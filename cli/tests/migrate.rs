//! `heatwise migrate` against a real Heat 27.0.1 that the test starts on
//! 127.0.0.1: a dry run sends nothing; `--apply` updates a stack in place
//! with every physical ID and the password a RandomString made kept;
//! a stack with nothing to migrate is left alone; a migration that
//! replaces a resource is not sent without `--allow-replace`, and is with
//! it; a failure in the middle stops the stack and says how to return;
//! and a later scan finds the migrated usage gone.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use heatwise_test_support::Cloud;
use serde_json::{json, Value};

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/migrate")
        .join(name)
        .display()
        .to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heatwise-migrate-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn heatwise(args: &[&str], endpoint: &str, dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(args)
        .env_clear()
        .env("HOME", dir)
        .env("OS_AUTH_TYPE", "none")
        .env("OS_ENDPOINT", endpoint)
        .current_dir(dir)
        .output()
        .expect("heatwise runs")
}

fn report(output: &Output) -> Value {
    let stderr = String::from_utf8_lossy(&output.stderr);
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

fn stack<'r>(report: &'r Value, name: &str) -> &'r Value {
    let stacks = report["stacks"].as_array().unwrap();
    stacks
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name}: {report:#}"))
}

/// Each stack of the project as Heat has it now: status, updated time,
/// template, the physical ID of each resource, and its outputs' values.
fn as_heat_has_them(ready: &Value, project: &str) -> BTreeMap<String, Value> {
    let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/heat_server");
    let script = r#"
import json, sys, time
sys.path.insert(0, sys.argv[1])
import cloud
client = cloud.heat_client(sys.argv[2], None, sys.argv[3], "admin", "")
found = {}
for stack in client.stacks.list():
    outputs = {}
    for attempt in range(20):
        try:
            for output in client.stacks.output_list(stack.id)["outputs"]:
                key = output["output_key"]
                outputs[key] = client.stacks.output_show(stack.id, key)["output"]["output_value"]
            break
        except Exception:
            # Heat 27.0.1 over SQLite now and then fails to load outputs
            # just after an update.
            time.sleep(0.3)
    found[stack.stack_name] = {
        "status": stack.stack_status, "updated_time": stack.updated_time,
        "template": client.stacks.template(stack.id),
        "ids": {r.resource_name: r.physical_resource_id for r in client.resources.list(stack.id)},
        "outputs": outputs}
print(json.dumps(found))
"#;
    let python = heatwise_test_support::heat_python().unwrap();
    let output = Command::new(python)
        .arg("-c")
        .arg(script)
        .arg(&tools)
        .arg(ready["heat"].as_str().unwrap())
        .arg(project)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn stacks_are_migrated_in_place_and_nothing_is_replaced_unasked() {
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}},
        "stacks": [
            {"project": "alpha", "user": "alice", "name": "secret", "template": fixture("secret.yaml")},
            {"project": "alpha", "user": "alice", "name": "clean", "template": fixture("clean.yaml")},
            {"project": "alpha", "user": "alice", "name": "floating",
             "template": fixture("floating.yaml"), "adopt": true},
        ],
    });
    let Some(cloud) = Cloud::start("migrate", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let endpoint = format!("{}/v1/alpha", ready["heat"].as_str().unwrap());
    let here = scratch("cwd");
    let before = as_heat_has_them(&ready, "alpha");
    assert_eq!(before.len(), 3, "{before:#?}");

    // A dry run: what --apply would do, and nothing sent.
    let dry = heatwise(
        &["migrate", "--unsafe", "--format", "json"],
        &endpoint,
        &here,
    );
    assert_eq!(dry.status.code(), Some(1), "the floating IP is skipped");
    let planned = report(&dry);
    let secret = stack(&planned, "secret");
    assert_eq!(secret["applied"], false);
    assert_eq!(secret["skipped"], json!([]), "{secret:#}");
    assert_eq!(secret["files"], json!(["template.yaml"]));
    let actions: Vec<(&str, &str)> = (secret["resources"].as_array().unwrap().iter())
        .map(|r| (r["name"].as_str().unwrap(), r["action"].as_str().unwrap()))
        .collect();
    assert_eq!(actions, [("secret", "updated")], "{secret:#}");
    assert_eq!(stack(&planned, "clean")["files"], json!([]));
    let floating = stack(&planned, "floating");
    let skipped = floating["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{floating:#}");
    assert_eq!(skipped[0]["resource"], "address");
    assert!(
        skipped[0]["why"]
            .as_str()
            .unwrap()
            .contains("--allow-replace"),
        "{floating:#}"
    );
    assert_eq!(
        as_heat_has_them(&ready, "alpha"),
        before,
        "a dry run sends nothing"
    );
    let text = heatwise(&["migrate", "--unsafe"], &endpoint, &here);
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(
        text.starts_with("3 stack(s): 1 to migrate, 1 skipped, 1 with nothing to migrate"),
        "{text}"
    );
    assert!(
        text.contains(
            "alpha/floating: skipped: address (OS::Neutron::FloatingIP) would be replaced"
        ),
        "{text}"
    );

    // Applied: in place, the same resource and the same password.
    let applied = heatwise(
        &["migrate", "--apply", "--unsafe", "--format", "json"],
        &endpoint,
        &here,
    );
    assert_eq!(
        applied.status.code(),
        Some(1),
        "the floating IP is still skipped"
    );
    let done = report(&applied);
    let secret = stack(&done, "secret");
    assert_eq!(secret["applied"], true, "{secret:#}");
    assert_eq!(secret["status"], "UPDATE_COMPLETE");
    let kept = PathBuf::from(secret["kept"].as_str().unwrap());
    let kept = if kept.is_absolute() {
        kept
    } else {
        here.join(kept)
    };
    assert!(kept.join("template.yaml").is_file(), "{}", kept.display());
    let after = as_heat_has_them(&ready, "alpha");
    let (was, is) = (&before["secret"], &after["secret"]);
    assert_eq!(is["status"], "UPDATE_COMPLETE");
    assert_eq!(is["ids"], was["ids"]);
    assert_eq!(is["outputs"]["password"], was["outputs"]["password"]);
    assert!(
        was["outputs"]["password"]
            .as_str()
            .is_some_and(|p| p.len() == 24),
        "{was:#}"
    );
    assert!(
        is["template"]["resources"]["secret"]["properties"]
            .get("sequence")
            .is_none(),
        "{is:#}"
    );
    assert_eq!(
        after["clean"], before["clean"],
        "nothing to migrate: untouched"
    );
    assert_eq!(
        after["floating"], before["floating"],
        "a replacement is not sent unasked"
    );

    // Allowed to replace: sent, and what the cloud did is said.
    let replaced = heatwise(
        &[
            "migrate",
            "--apply",
            "--unsafe",
            "--allow-replace",
            "--format",
            "json",
            "--stack",
            "floating",
        ],
        &endpoint,
        &here,
    );
    assert_eq!(replaced.status.code(), Some(0));
    let replaced = report(&replaced);
    let floating = stack(&replaced, "floating");
    assert_eq!(floating["applied"], true, "{floating:#}");
    assert_eq!(floating["status"], "UPDATE_COMPLETE");
    let actions: Vec<(&str, &str)> = (floating["resources"].as_array().unwrap().iter())
        .map(|r| (r["name"].as_str().unwrap(), r["action"].as_str().unwrap()))
        .collect();
    assert_eq!(actions, [("address", "replaced")], "{floating:#}");
    assert!(here
        .join("heatwise-migrate-kept/alpha/floating/template.yaml")
        .is_file());
    // What the report said happened: a new floating IP, Neutron's.
    let now = &as_heat_has_them(&ready, "alpha")["floating"];
    assert_eq!(now["status"], "UPDATE_COMPLETE");
    assert_ne!(now["ids"]["address"], before["floating"]["ids"]["address"]);
    assert_eq!(
        now["template"]["resources"]["address"]["type"],
        "OS::Neutron::FloatingIP"
    );

    // Scanned again: the migrated usage is gone, nothing left to migrate.
    let again = heatwise(
        &[
            "migrate", "--unsafe", "--format", "json", "--stack", "secret",
        ],
        &endpoint,
        &here,
    );
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(stack(&report(&again), "secret")["files"], json!([]));
    let scanned = heatwise(
        &["scan", "--format", "json", "--stack", "secret"],
        &endpoint,
        &here,
    );
    let findings = report(&scanned)["stacks"][0]["findings"].to_string();
    assert!(!findings.contains("sequence"), "{findings}");
    drop(cloud);
}

/// The cloud refuses a call in the middle of a migration: the RouterGateway
/// is retained (step 1, complete), then Neutron refuses to set the
/// router's gateway (step 2). The stack is left `UPDATE_FAILED`; the
/// report says which step failed, why, the stack's state, and how to
/// return (the template kept before the update, or Heat's rollback); the
/// exit code says so; nothing is retried.
#[test]
fn a_failure_in_the_middle_stops_the_stack_and_says_how_to_return() {
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}},
        "stacks": [
            {"project": "alpha", "user": "alice", "name": "gateway",
             "template": fixture("router-gateway.yaml"), "adopt": true},
        ],
        // Neutron's answer when the external network has no address left
        // for the gateway; Heat fails the resource at once (it retries a
        // 409 instead).
        "refuse": [{"method": "PUT", "path": "routers/", "status": 400,
                    "message": "Bad router request: No more IP addresses available on network public."}],
    });
    let Some(cloud) = Cloud::start("migrate-fails", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let endpoint = format!("{}/v1/alpha", ready["heat"].as_str().unwrap());
    let here = scratch("fails");
    let before = as_heat_has_them(&ready, "alpha");
    let dry = report(&heatwise(
        &["migrate", "--unsafe", "--format", "json"],
        &endpoint,
        &here,
    ));
    let planned = stack(&dry, "gateway");
    assert_eq!(planned["steps"].as_array().unwrap().len(), 2, "{planned:#}");
    assert_eq!(planned["skipped"], json!([]), "{planned:#}");

    let applied = heatwise(
        &["migrate", "--apply", "--unsafe", "--format", "json"],
        &endpoint,
        &here,
    );
    assert_eq!(applied.status.code(), Some(1));
    let done = report(&applied);
    let gateway = stack(&done, "gateway");
    assert_eq!(gateway["applied"], false, "{gateway:#}");
    assert_eq!(gateway["status"], "UPDATE_FAILED", "{gateway:#}");
    let failure = gateway["failure"].as_str().unwrap();
    for said in [
        "step 2 of 2",
        "the stack is UPDATE_FAILED",
        "No more IP addresses available",
        "openstack stack update --existing -t",
        "--rollback",
    ] {
        assert!(failure.contains(said), "{said}: {failure}");
    }
    let kept = here.join("heatwise-migrate-kept/alpha/gateway/template.yaml");
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(kept).unwrap()).unwrap();
    assert_eq!(
        kept, before["gateway"]["template"],
        "the template kept is the one before the update"
    );
    let after = as_heat_has_them(&ready, "alpha");
    assert_eq!(after["gateway"]["status"], "UPDATE_FAILED");
    // Step 1 landed: the gateway is retained, and nothing was replaced.
    assert_eq!(
        after["gateway"]["ids"]["router"], before["gateway"]["ids"]["router"],
        "{after:#?}"
    );
    let text = String::from_utf8_lossy(
        &heatwise(&["migrate", "--apply", "--unsafe"], &endpoint, &here).stdout,
    )
    .into_owned();
    assert!(
        text.contains("alpha/gateway: skipped: it is UPDATE_FAILED"),
        "a failed stack is left alone: {text}"
    );
    drop(cloud);
}

/// `heatwise ARGS` logged in as `variables` say, in `dir`.
fn heatwise_as(args: &[&str], variables: &[(&str, &str)], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(args)
        .env_clear()
        .env("HOME", dir)
        .envs(variables.iter().copied())
        .current_dir(dir)
        .output()
        .expect("heatwise runs")
}

/// A stack's dump (`scan --dump`): each file's text by its place.
fn dumped(dir: &Path, project: &str, stack: &str) -> BTreeMap<String, String> {
    let folder = dir.join(project).join(stack);
    let mut files = BTreeMap::new();
    let mut pending = vec![folder.clone()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let place = path.strip_prefix(&folder).unwrap().display().to_string();
                files.insert(place, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    files
}

#[test]
fn keystone_users_migrate_what_their_roles_let_them() {
    let seeded = |project: &str, user: &str| {
        json!({"project": project, "user": user, "name": "kept", "template": fixture("kept.yaml"),
               "environments": [fixture("kept-env.yaml")]})
    };
    let seed = json!({
        "projects": {"alpha": {"alice": "member", "rita": "reader"}, "beta": {"bob": "member"}},
        "stacks": [seeded("alpha", "alice"), seeded("beta", "bob")],
        "application_credentials": [{"project": "alpha", "user": "alice", "name": "migrate"}],
        "tokens": [{"project": "beta", "user": "bob"}],
    });
    let Some(cloud) = Cloud::start("migrate-keystone", true, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let keystone = ready["keystone"].as_str().unwrap();
    let password = |user: &str| ready["passwords"][user].as_str().unwrap().to_owned();
    let here = scratch("keystone");
    let (admin, rita) = (password("admin"), password("rita"));
    let with_password = |user: &'static str, secret: &'static str, project: &'static str| {
        vec![
            ("OS_AUTH_URL", keystone.to_owned()),
            ("OS_USERNAME", user.to_owned()),
            ("OS_PASSWORD", secret.to_owned()),
            ("OS_PROJECT_NAME", project.to_owned()),
            ("OS_USER_DOMAIN_NAME", "Default".to_owned()),
            ("OS_PROJECT_DOMAIN_NAME", "Default".to_owned()),
        ]
    };
    let run = |args: &[&str], variables: &[(&str, String)]| {
        let variables: Vec<(&str, &str)> =
            variables.iter().map(|(k, v)| (*k, v.as_str())).collect();
        heatwise_as(args, &variables, &here)
    };
    let admin: &'static str = Box::leak(admin.into_boxed_str());
    let rita: &'static str = Box::leak(rita.into_boxed_str());
    let as_admin = with_password("admin", admin, "admin");
    let dump = |name: &str| {
        let dir = here.join(name);
        let output = run(
            &["scan", "--all-projects", "--dump", dir.to_str().unwrap()],
            &as_admin,
        );
        assert!(
            output.status.code().unwrap() <= 1,
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        dir
    };
    let before = dump("before");

    // An admin's dry run sees both projects' stacks and sends nothing.
    let dry = report(&run(
        &["migrate", "--all-projects", "--format", "json"],
        &as_admin,
    ));
    let projects: Vec<&str> = (dry["stacks"].as_array().unwrap().iter())
        .map(|s| s["project"].as_str().unwrap())
        .collect();
    assert_eq!(projects, ["alpha", "beta"], "{dry:#}");
    for stack in dry["stacks"].as_array().unwrap() {
        // The root and the nested template the registry maps My::Side onto.
        let files: Vec<&str> = (stack["files"].as_array().unwrap().iter())
            .map(|f| f.as_str().unwrap())
            .collect();
        assert_eq!(files.len(), 2, "{stack:#}");
        assert!(files.contains(&"template.yaml") && files.iter().any(|f| f.ends_with("side.yaml")));
        assert_eq!(stack["skipped"], json!([]), "{stack:#}");
        // The nested stack's resources, previewed inside their parent.
        let actions: BTreeMap<&str, &str> = (stack["resources"].as_array().unwrap().iter())
            .map(|r| (r["name"].as_str().unwrap(), r["action"].as_str().unwrap()))
            .collect();
        assert_eq!(actions["side"], "updated", "{stack:#}");
        assert_eq!(actions["side/token"], "updated", "{stack:#}");
        assert_eq!(actions["side/nothing"], "unchanged", "{stack:#}");
        assert_eq!(actions["secret"], "updated", "{stack:#}");
    }
    let unchanged = dump("dry");
    for project in ["alpha", "beta"] {
        assert_eq!(
            dumped(&unchanged, project, "kept"),
            dumped(&before, project, "kept")
        );
    }

    // A reader may not update: refused in words, nothing changed.
    let refused = run(
        &["migrate", "--apply", "--format", "json"],
        &with_password("rita", rita, "alpha"),
    );
    assert_eq!(refused.status.code(), Some(1));
    let refused = report(&refused);
    let failure = stack(&refused, "kept")["failure"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        failure.contains("your role in its project may not update stacks"),
        "{failure}"
    );
    assert!(!failure.contains(rita), "no secret shown");

    // A member's application credential, and a member's token.
    let credential = &ready["application_credentials"][0];
    let as_credential = vec![
        ("OS_AUTH_URL", keystone.to_owned()),
        ("OS_AUTH_TYPE", "v3applicationcredential".to_owned()),
        (
            "OS_APPLICATION_CREDENTIAL_ID",
            credential["id"].as_str().unwrap().to_owned(),
        ),
        (
            "OS_APPLICATION_CREDENTIAL_SECRET",
            credential["secret"].as_str().unwrap().to_owned(),
        ),
    ];
    let as_token = vec![
        ("OS_AUTH_URL", keystone.to_owned()),
        ("OS_AUTH_TYPE", "token".to_owned()),
        (
            "OS_TOKEN",
            ready["tokens"][0]["token"].as_str().unwrap().to_owned(),
        ),
        ("OS_PROJECT_NAME", "beta".to_owned()),
        ("OS_PROJECT_DOMAIN_NAME", "Default".to_owned()),
    ];
    for (project, variables) in [("alpha", &as_credential), ("beta", &as_token)] {
        let applied = run(&["migrate", "--apply", "--format", "json"], variables);
        let stderr = String::from_utf8_lossy(&applied.stderr).into_owned();
        assert_eq!(applied.status.code(), Some(0), "{project}: {stderr}");
        let applied = report(&applied);
        assert_eq!(
            applied["stacks"].as_array().unwrap().len(),
            1,
            "{applied:#}"
        );
        assert_eq!(stack(&applied, "kept")["project"], project);
        assert_eq!(stack(&applied, "kept")["applied"], true, "{applied:#}");
    }

    // An admin with a password, across projects: nothing is left to migrate,
    // and nothing is sent.
    let again = run(
        &["migrate", "--apply", "--all-projects", "--format", "json"],
        &as_admin,
    );
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    for stack in report(&again)["stacks"].as_array().unwrap() {
        assert_eq!(stack["files"], json!([]), "{stack:#}");
        assert_eq!(stack["applied"], false, "{stack:#}");
    }

    // Migrated in place: the template changed, the environment (its
    // parameter_defaults and registry) and the nested file kept.
    let after = dump("after");
    for project in ["alpha", "beta"] {
        let (was, is) = (
            dumped(&before, project, "kept"),
            dumped(&after, project, "kept"),
        );
        assert_eq!(
            was.keys().collect::<Vec<_>>(),
            is.keys().collect::<Vec<_>>()
        );
        for (place, text) in &was {
            if place == "template.yaml" || place.ends_with("side.yaml") {
                assert!(
                    text.contains("sequence") && !is[place].contains("sequence"),
                    "{}",
                    is[place]
                );
            } else if place == "stack.json" {
                continue;
            } else {
                assert_eq!(&is[place], text, "{project}/{place}");
            }
        }
        assert!(
            is["environment.yaml"].contains("\"length\": 20"),
            "{}",
            is["environment.yaml"]
        );
    }
    drop(cloud);
}
