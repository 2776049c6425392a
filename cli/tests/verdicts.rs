//! heatwise's verdict is Heat's, judged by the real Heat 27.0.1 the test
//! starts: each template of `fixtures/verdicts/` is sent to Heat's preview
//! (`openstack stack create --dry-run`: the stack validated as the engine
//! validates it before a create, constraints asked of the cloud), and
//! heatwise must report an error exactly when Heat refuses. These are the
//! cases an in-process Heat cannot judge: types of the cloud's services,
//! whose `validate()` Heat runs only where the service is in the catalog,
//! and stacks: `NAME.env.yaml` beside `NAME.yaml` is its environment
//! (`-e`), and heatwise lints the two as `lint --stack` does. Those of
//! `create/` and `differential/` are judged by the create itself, as
//! `openstack stack create` meets them: refused by the request
//! (`validate`), or failed while creating (`create`; some refusals come
//! only when a resource or a nested stack is created).
//!
//! The errors heatwise says python-heatclient refuses (stage `client`) are
//! exactly those `openstack stack create` stops at before it sends the
//! stack: each fixture of `fixtures/client-stage/` is handed to heatclient
//! 5.3.0's own gathering (`template_utils`) in the Heat virtualenv.

use std::path::{Path, PathBuf};
use std::process::Command;

use heatwise_test_support::Cloud;
use serde_json::{json, Value};

/// The templates of a folder of fixtures (not their environments, nor the
/// nested templates in folders below).
fn fixtures_in(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .filter(|path| !path.to_string_lossy().ends_with(".env.yaml"))
        .collect();
    found.sort();
    found
}

/// The stacks the differential runs found (`cargo xtask oracle
/// --differential N --record`): the `root.yaml` of each folder, beside its
/// `member.yaml`, `root.env.yaml` and Heat's recorded verdict, `heat.json`.
fn differential_cases() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(fixtures_dir().join("differential"))
        .unwrap()
        .map(|entry| entry.unwrap().path().join("root.yaml"))
        .filter(|root| root.is_file())
        .collect();
    found.sort();
    found
}

/// Heat's verdict as recorded beside a differential case: `accept`,
/// `validate` or `create`.
fn recorded_stage(root: &Path) -> Option<String> {
    let recorded = std::fs::read_to_string(root.with_file_name("heat.json")).ok()?;
    let recorded: Value = serde_json::from_str(&recorded).ok()?;
    recorded["heat"]["stage"].as_str().map(str::to_owned)
}

/// A fixture's path below the fixtures' folder.
fn shown(template: &Path) -> String {
    let dir = fixtures_dir();
    template
        .strip_prefix(&dir)
        .unwrap_or(template)
        .display()
        .to_string()
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/verdicts")
}

/// The environment beside a template, if it has one.
fn environment_of(template: &Path) -> Option<PathBuf> {
    let environment = template.with_extension("env.yaml");
    environment.is_file().then_some(environment)
}

/// The values the create request gives a template's parameters (`-P`):
/// `NAME=VALUE` lines of the `.params` file beside it.
fn parameters_of(template: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(template.with_extension("params")).unwrap_or_default();
    text.lines()
        .filter_map(|line| line.split_once('='))
        .map(|(name, value)| (name.to_owned(), value.to_owned()))
        .collect()
}

/// heatwise's errors in the stack of a template (with its environment and
/// its parameters' values): code and stage.
fn errors(template: &Path) -> Vec<(String, String)> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_heatwise"));
    command
        .args(["lint", "--format", "json", "--stack"])
        .arg(template);
    if let Some(environment) = environment_of(template) {
        command.arg("-e").arg(environment);
    }
    for (name, value) in parameters_of(template) {
        command.arg("-P").arg(format!("{name}={value}"));
    }
    let output = command.output().unwrap();
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    findings
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            let field = |key: &str| f[key].as_str().unwrap_or("(none)").to_owned();
            (field("code"), field("stage"))
        })
        .collect()
}

#[test]
fn heatwise_reports_an_error_exactly_where_heat_refuses() {
    let validated = fixtures_in(&fixtures_dir());
    let created = fixtures_in(&fixtures_dir().join("create"));
    let found = differential_cases();
    assert!(
        validated.len() >= 10 && created.len() >= 3 && found.len() >= 5,
        "{validated:?} {created:?} {found:?}"
    );
    let spec = |t: &PathBuf, create: bool| {
        json!({
            "project": "alpha", "user": "alice", "template": t, "create": create,
            "environments": environment_of(t).into_iter().collect::<Vec<_>>(),
            "parameters": parameters_of(t)
                .into_iter()
                .map(|(name, value)| (name, Value::String(value)))
                .collect::<serde_json::Map<_, _>>(),
        })
    };
    // Those Heat creates are judged as `openstack stack create` meets them,
    // without the preview first: the create request's validation, then the
    // create (the preview validates nested stacks further than the create
    // request does).
    let straight = |t: &PathBuf| {
        let mut spec = spec(t, true);
        spec["dry_run"] = json!(false);
        spec
    };
    let seed = json!({
        "projects": {"alpha": {"alice": "member"}},
        "previews": validated.iter().map(|t| spec(t, false))
            .chain(created.iter().chain(&found).map(straight))
            .collect::<Vec<_>>(),
    });
    let Some(cloud) = Cloud::start("verdicts", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let mut disagreements = Vec::new();
    let (mut refused, mut accepted) = (0, 0);
    for verdict in ready["previews"].as_array().unwrap() {
        let template = Path::new(verdict["template"].as_str().unwrap());
        let heat_refuses = verdict["accepted"] == false
            || verdict["create"]["status"]
                .as_str()
                .is_some_and(|status| status != "CREATE_COMPLETE");
        if heat_refuses {
            refused += 1;
        } else {
            accepted += 1;
        }
        let mut ours = errors(template);
        if verdict["create"].is_null() {
            // Judged by the preview alone: what Heat refuses only in the
            // create is outside its verdict.
            ours.retain(|(_, stage)| stage != "create");
        }
        // The stage: refused by the preview is `validate` (or the client's,
        // which the preview's own gathering would meet); refused only by
        // the create is `create`.
        let stage = if verdict["accepted"] == false {
            "validate"
        } else {
            "create"
        };
        // A differential case still means to Heat what it meant when it
        // was recorded.
        let live = if heat_refuses { stage } else { "accept" };
        if let Some(recorded) = recorded_stage(template).filter(|r| r != live) {
            disagreements.push(format!(
                "{}: Heat's verdict was {recorded} when recorded, is {live} now",
                shown(template)
            ));
        }
        let stage_right = ours
            .iter()
            .any(|(_, ours)| ours == stage || (stage == "validate" && ours == "client"));
        if heat_refuses && !ours.is_empty() && !stage_right {
            disagreements.push(format!(
                "{}: Heat refuses at {stage}, heatwise says {ours:?}",
                shown(template)
            ));
        }
        if heat_refuses == ours.is_empty() {
            disagreements.push(format!(
                "{}: Heat {} ({}), heatwise's errors {ours:?}",
                shown(template),
                if heat_refuses { "refuses" } else { "accepts" },
                if verdict["error"].is_null() {
                    &verdict["create"]
                } else {
                    &verdict["error"]
                }
            ));
        }
    }
    // Both kinds of verdict are there to be judged.
    assert!(
        refused >= 4 && accepted >= 4,
        "{refused} refused, {accepted} accepted"
    );
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    drop(cloud);
}

/// What heatclient's gathering says of the stack: `None` when it would
/// send it, else its error.
const GATHER: &str = r#"
import sys
from heatclient.common import template_utils
template, environments = sys.argv[1], sys.argv[2:]
try:
    template_utils.get_template_contents(template_file=template)
    template_utils.process_multiple_environments_and_files(env_paths=environments)
except BaseException as error:  # heatclient's refusal, whatever its class
    print(type(error).__name__, str(error)[:200])
"#;

#[test]
fn heatwise_says_client_exactly_where_heatclient_refuses_before_sending() {
    let Some(python) = heatwise_test_support::heat_python() else {
        return;
    };
    let mut disagreements = Vec::new();
    let (mut refused, mut sent) = (0, 0);
    for template in fixtures_in(&fixtures_dir().join("../client-stage")) {
        let mut command = Command::new(&python);
        command.args(["-c", GATHER]).arg(&template);
        command.args(environment_of(&template));
        let output = command.output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let heatclient = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        let ours: Vec<String> = errors(&template)
            .into_iter()
            .map(|(_, stage)| stage)
            .collect();
        let name = template.file_name().unwrap().to_string_lossy().into_owned();
        if heatclient.is_empty() {
            sent += 1;
            // Sent to Heat, which refuses it: heatwise says so, at validate.
            if ours.is_empty() || ours.iter().any(|stage| stage == "client") {
                disagreements.push(format!(
                    "{name}: heatclient sends it, heatwise says {ours:?}"
                ));
            }
        } else {
            refused += 1;
            if !ours.iter().any(|stage| stage == "client") {
                disagreements.push(format!(
                    "{name}: heatclient refuses ({heatclient}), heatwise says {ours:?}"
                ));
            }
        }
    }
    assert!(refused >= 8 && sent >= 3, "{refused} refused, {sent} sent");
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

/// The engine as its operator configured it: a Heat started with
/// `max_nested_stack_depth = 7` (TripleO's undercloud's) accepts a stack
/// nested seven deep and refuses one nested eight deep; heatwise given
/// the same heat.conf says the same, and without it judges by Heat's
/// default of 5.
#[test]
fn nesting_is_judged_by_the_operator_s_heat_conf() {
    let dir = std::env::temp_dir().join(format!("heatwise-heat-conf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A chain of templates: `name`0.yaml nests `name`1.yaml ... down to
    // `levels` below the root.
    let chain = |name: &str, levels: usize| -> PathBuf {
        for n in 0..=levels {
            let text = match n == levels {
                true => "heat_template_version: 2018-08-31\n".to_owned(),
                false => format!(
                    "heat_template_version: 2018-08-31\nresources:\n  next: {{type: {name}{}.yaml}}\n",
                    n + 1
                ),
            };
            std::fs::write(dir.join(format!("{name}{n}.yaml")), text).unwrap();
        }
        dir.join(format!("{name}0.yaml"))
    };
    let seven = chain("seven", 7);
    let eight = chain("eight", 8);
    let conf = dir.join("heat.conf");
    std::fs::write(
        &conf,
        "[DEFAULT]\n# as TripleO's undercloud\nmax_nested_stack_depth = 7\n",
    )
    .unwrap();
    let seed = json!({
        "projects": {"alpha": {}},
        "max_nested_stack_depth": 7,
        "previews": [
            {"project": "alpha", "template": seven.display().to_string(), "dry_run": false, "create": true},
            {"project": "alpha", "template": eight.display().to_string(), "dry_run": false, "create": true},
        ],
    });
    let Some(cloud) = Cloud::start("heat-conf", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let previews = ready["previews"].as_array().unwrap();
    assert_eq!(previews[0]["accepted"], true, "{}", previews[0]);
    assert_eq!(
        previews[0]["create"]["status"], "CREATE_COMPLETE",
        "{}",
        previews[0]
    );
    assert_eq!(previews[1]["accepted"], false, "{}", previews[1]);
    assert!(
        previews[1]["error"]
            .as_str()
            .unwrap()
            .contains("Recursion depth exceeds 7"),
        "{}",
        previews[1]
    );
    let too_deep = |root: &Path, heat_conf: Option<&Path>| -> Vec<(String, String)> {
        let mut command = Command::new(env!("CARGO_BIN_EXE_heatwise"));
        command
            .args(["lint", "--format", "json", "--stack"])
            .arg(root);
        if let Some(conf) = heat_conf {
            command.arg("--heat-conf").arg(conf);
        }
        let output = command.output().unwrap();
        let found: Value = serde_json::from_slice(&output.stdout).unwrap();
        found
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["code"] == "HW413")
            .map(|f| {
                let path = Path::new(f["path"].as_str().unwrap());
                let file = path.file_name().unwrap().to_string_lossy().into_owned();
                (file, f["message"].as_str().unwrap().to_owned())
            })
            .collect()
    };
    // Heat's verdicts, with the operator's heat.conf.
    assert!(too_deep(&seven, Some(&conf)).is_empty());
    let refused = too_deep(&eight, Some(&conf));
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].0, "eight7.yaml");
    assert!(refused[0]
        .1
        .contains("max_nested_stack_depth = 7, the cloud's heat.conf"));
    // Without it, Heat's default: the seven-deep stack is too deep.
    let by_default = too_deep(&seven, None);
    assert_eq!(by_default.len(), 1, "{by_default:?}");
    assert_eq!(by_default[0].0, "seven5.yaml");
    assert!(by_default[0].1.contains("--heat-conf"));
    drop(cloud);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Heat 27.0.1 started with `max_template_size = 2000` and
/// `max_resources_per_stack = 5` refuses a nested template that heatclient
/// sends as more than 2000 characters of JSON and a template (root or
/// nested) of six resources, and
/// creates the stacks under both limits, a tree of 13 resources whose
/// templates each hold five or fewer among them (the create counts each
/// template's own); heatwise given the same heat.conf reports an error on
/// exactly the stacks Heat refuses.
#[test]
fn sizes_and_counts_are_judged_by_the_operator_s_heat_conf() {
    let dir = std::env::temp_dir().join(format!("heatwise-heat-limits-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let version = "heat_template_version: 2018-08-31\n";
    let resources = |count: usize| -> String {
        let mut text = format!("{version}resources:\n");
        for n in 0..count {
            text.push_str(&format!("  r{n}: {{type: OS::Heat::None}}\n"));
        }
        text
    };
    // heatclient sends a nested template as JSON, 'é' as `\u00e9`: this
    // one's JSON is 58 characters and 6 for each 'é' (its file, 48 bytes
    // and 2 for each).
    let described = |e: usize| format!("{version}description: {}\n", "é".repeat(e));
    let write = |name: &str, text: String| -> PathBuf {
        std::fs::write(dir.join(name), text).unwrap();
        dir.join(name)
    };
    let uses = |nested: &str| format!("{version}resources:\n  a: {{type: {nested}}}\n");
    write("fits.yaml", described(323)); // 1996 characters of JSON
    write("over.yaml", described(324)); // 2002, from a file of 696 bytes
    write("many.yaml", resources(6));
    write("pair.yaml", resources(2));
    let tree = format!(
        "{version}resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    \
         properties: {{count: 3, resource_def: {{type: pair.yaml}}}}\n  p: {{type: pair.yaml}}\n"
    );
    let cases: Vec<(PathBuf, &str)> = vec![
        (write("fits-root.yaml", uses("fits.yaml")), ""),
        (write("over-root.yaml", uses("over.yaml")), "HW416"),
        (write("five.yaml", resources(5)), ""),
        (write("six.yaml", resources(6)), "HW037"),
        (write("many-root.yaml", uses("many.yaml")), "HW037"),
        (write("tree.yaml", tree), ""),
    ];
    let conf = write(
        "heat.conf",
        "[DEFAULT]\nmax_template_size = 2000\nmax_resources_per_stack = 5\n".to_owned(),
    );
    let previews: Vec<Value> = (cases.iter())
        .map(|(root, _)| {
            json!({"project": "alpha", "template": root.display().to_string(),
                   "dry_run": false, "create": true})
        })
        .collect();
    let seed = json!({
        "projects": {"alpha": {}},
        "heat_conf": {"max_template_size": 2000, "max_resources_per_stack": 5},
        "previews": previews,
    });
    let Some(cloud) = Cloud::start("heat-limits", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let judged = ready["previews"].as_array().unwrap();
    for ((root, code), heat) in cases.iter().zip(judged) {
        let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
            .args(["lint", "--format", "json", "--stack"])
            .arg(root)
            .arg("--heat-conf")
            .arg(&conf)
            .output()
            .unwrap();
        let found: Value = serde_json::from_slice(&output.stdout).unwrap();
        let errors: Vec<&str> = (found.as_array().unwrap().iter())
            .filter(|f| f["severity"] == "error")
            .map(|f| f["code"].as_str().unwrap())
            .collect();
        let name = root.file_name().unwrap().to_string_lossy();
        if code.is_empty() {
            assert_eq!(heat["accepted"], true, "{name}: {heat}");
            assert_eq!(
                heat["create"]["status"], "CREATE_COMPLETE",
                "{name}: {heat}"
            );
            assert!(errors.is_empty(), "{name}: {errors:?}");
        } else {
            assert_eq!(heat["accepted"], false, "{name}: {heat}");
            let said = heat["error"].as_str().unwrap();
            let expected = match *code {
                "HW416" => "exceeds maximum allowed size (2000 bytes)",
                _ => "Maximum resources per stack exceeded",
            };
            assert!(said.contains(expected), "{name}: {said}");
            assert_eq!(errors, [*code], "{name}");
        }
    }
    drop(cloud);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Heat 27.0.1 validates a wait condition whose `handle` is not a wait
/// condition handle, creates what comes before it, and fails its create
/// ("… is not a valid wait condition handle."); with a handle, the same
/// wait condition fails only because no signal comes before its timeout.
/// heatwise reports HW211 at the create stage on the first alone.
#[test]
fn a_wait_condition_s_handle_is_judged_by_heat_s_create() {
    let dir = std::env::temp_dir().join(format!("heatwise-wait-handle-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let wait = |name: &str, handle_type: &str| -> PathBuf {
        let text = format!(
            "heat_template_version: 2018-08-31\nresources:\n  h: {{type: {handle_type}}}\n  w:\n    \
             type: OS::Heat::WaitCondition\n    properties: {{handle: {{get_resource: h}}, timeout: 1}}\n"
        );
        std::fs::write(dir.join(name), text).unwrap();
        dir.join(name)
    };
    let cases = [
        (wait("none.yaml", "OS::Heat::None"), true),
        (wait("handle.yaml", "OS::Heat::WaitConditionHandle"), false),
    ];
    let previews: Vec<Value> = (cases.iter())
        .map(|(root, _)| {
            json!({"project": "alpha", "template": root.display().to_string(),
                   "dry_run": false, "create": true})
        })
        .collect();
    let seed = json!({"projects": {"alpha": {}}, "previews": previews});
    let Some(cloud) = Cloud::start("wait-handle", false, &seed.to_string()) else {
        return;
    };
    let ready: Value = serde_json::from_str(&cloud.ready).unwrap();
    let judged = ready["previews"].as_array().unwrap();
    for ((root, refused), heat) in cases.iter().zip(judged) {
        let name = root.file_name().unwrap().to_string_lossy();
        assert_eq!(heat["accepted"], true, "{name}: {heat}");
        assert_eq!(heat["create"]["status"], "CREATE_FAILED", "{name}: {heat}");
        let reason = heat["create"]["reason"].as_str().unwrap();
        assert_eq!(
            reason.contains("h is not a valid wait condition handle"),
            *refused,
            "{name}: {reason}"
        );
        let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
            .args(["lint", "--format", "json"])
            .arg(root)
            .output()
            .unwrap();
        let found: Value = serde_json::from_slice(&output.stdout).unwrap();
        let handles: Vec<&Value> = (found.as_array().unwrap().iter())
            .filter(|f| f["code"] == "HW211")
            .collect();
        assert_eq!(handles.len(), usize::from(*refused), "{name}: {found}");
        if let Some(finding) = handles.first() {
            assert_eq!(finding["severity"], "error");
            assert_eq!(finding["stage"], "create", "{finding}");
        }
    }
    drop(cloud);
    std::fs::remove_dir_all(&dir).unwrap();
}
