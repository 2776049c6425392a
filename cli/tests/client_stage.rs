//! The errors heatwise says python-heatclient refuses (stage `client`) are
//! exactly those `openstack stack create` stops at before it sends the
//! stack: each fixture of `fixtures/client-stage/` (with `NAME.env.yaml`
//! beside it as its environment) is handed to heatclient 5.3.0's own
//! gathering (`template_utils`), in the Heat virtualenv the tests use.
//! The fixtures that reach Heat are refused there (stage `validate`), as
//! `verdicts.rs` judges with the real server.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/client-stage");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| !path.to_string_lossy().ends_with(".env.yaml"))
        .collect();
    found.sort();
    found
}

fn environment_of(template: &Path) -> Option<PathBuf> {
    let environment = template.with_extension("env.yaml");
    environment.is_file().then_some(environment)
}

/// The stages of heatwise's errors on the stack of `template`.
fn stages(template: &Path) -> Vec<String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_heatwise"));
    command
        .args(["lint", "--format", "json", "--stack"])
        .arg(template);
    if let Some(environment) = environment_of(template) {
        command.arg("-e").arg(environment);
    }
    let output = command.output().unwrap();
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    findings
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| f["stage"].as_str().unwrap_or("(none)").to_owned())
        .collect()
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
    for template in fixtures() {
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
        let ours = stages(&template);
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
