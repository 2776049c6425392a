//! The real Heat (and Keystone) the tests run against: PyPI's
//! openstack-heat 27.0.1 and keystone 30.0.0 with every package they pull
//! in, at the versions of `tools/heat_server/requirements.txt`, in a
//! virtualenv of their own (`target/heat-server/venv`). The servers
//! themselves are started by the tests (`tools/heat_server/cloud.py`).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::env::Env;

const REQUIREMENTS: &str = "tools/heat_server/requirements.txt";

/// The virtualenv's Python, which the tests start the servers with.
pub fn python(root: &Path) -> PathBuf {
    venv(root).join("bin").join("python")
}

fn venv(root: &Path) -> PathBuf {
    root.join("target").join("heat-server").join("venv")
}

pub fn install(env: &Env) -> Result<(), String> {
    let requirements_path = env.root.join(REQUIREMENTS);
    let requirements = std::fs::read_to_string(&requirements_path)
        .map_err(|e| format!("cannot read {}: {e}", requirements_path.display()))?;
    let venv = venv(&env.root);
    let stamp = venv.join(".heatwise-requirements");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s == requirements) {
        return Ok(());
    }
    env.step(&format!(
        "installing Heat 27.0.1 and Keystone 30.0.0 into {} (from {REQUIREMENTS}; a few minutes once)",
        venv.display()
    ));
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| env.has(p))
        .ok_or("`python3` is not on PATH: it runs the Heat server the tests judge with")?;
    if venv.exists() {
        std::fs::remove_dir_all(&venv)
            .map_err(|e| format!("cannot remove the old {}: {e}", venv.display()))?;
    }
    env.run(env.command(python).args(["-m", "venv"]).arg(&venv))?;
    env.run(
        env.command(&python_of(&venv))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "-r",
            ])
            .arg(&requirements_path),
    )?;
    std::fs::write(&stamp, requirements)
        .map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

fn python_of(venv: &Path) -> String {
    venv.join("bin").join("python").display().to_string()
}

/// A cloud's Heat started by `tools/heat_server/cloud.py` for a benchmark:
/// seeded with `seed`, its state in `state`; it stops when dropped.
pub struct Cloud {
    child: Child,
    /// The JSON line cloud.py writes once everything is seeded.
    pub ready: String,
}

impl Cloud {
    /// Starts the cloud and waits until it is seeded; its own messages go
    /// to `messages`.
    pub fn start(env: &Env, state: &Path, seed: &Path, messages: Stdio) -> Result<Cloud, String> {
        let python = python(&env.root);
        let mut child = Command::new(&python)
            .arg(env.root.join("tools/heat_server/cloud.py"))
            .arg("--state")
            .arg(state)
            .arg("--seed")
            .arg(seed)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(messages)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", python.display()))?;
        let mut ready = String::new();
        let read = child
            .stdout
            .take()
            .map(|stdout| BufReader::new(stdout).read_line(&mut ready));
        if !matches!(read, Some(Ok(n)) if n > 0) {
            let _ = child.kill();
            return Err("the Heat server did not start".into());
        }
        Ok(Cloud { child, ready })
    }
}

impl Drop for Cloud {
    fn drop(&mut self) {
        // cloud.py stops everything when its standard input closes.
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}
