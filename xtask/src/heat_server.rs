//! The real Heat (and Keystone) the tests run against: PyPI's
//! openstack-heat 27.0.1 and keystone 30.0.0 with every package they pull
//! in, at the versions of `tools/heat_server/requirements.txt`, in a
//! virtualenv of their own (`target/heat-server/venv`). The servers
//! themselves are started by the tests (`tools/heat_server/cloud.py`).

use std::path::{Path, PathBuf};

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
