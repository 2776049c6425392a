//! `cargo xtask wheel`: the `heatwise` command line as a Python package
//! (pyproject.toml, built by maturin): a wheel that carries the stripped
//! binary of the speed-tuned profile, and an sdist that builds it with
//! Rust and maturin, both into `target/wheels/`.

use std::path::{Path, PathBuf};

use crate::env::Env;

/// What `cargo xtask wheel` leaves in `target/wheels/`.
pub struct Built {
    pub wheel: PathBuf,
    pub sdist: PathBuf,
}

pub fn dir(root: &Path) -> PathBuf {
    root.join("target").join("wheels")
}

pub fn run(env: &Env) -> Result<Built, String> {
    let maturin = crate::tools::bin(&env.root).join("maturin");
    if !maturin.is_file() {
        return Err(format!(
            "{} is missing: run `cargo xtask setup`",
            maturin.display()
        ));
    }
    let out = dir(&env.root);
    // Only this build's files, so that a test never installs a stale one.
    if let Ok(entries) = std::fs::read_dir(&out) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with("heatwise-") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    env.step("building the Python wheel of heatwise (maturin, profile release-native)");
    let maturin = maturin.display().to_string();
    env.run(
        env.command(&maturin)
            .args(["build", "--locked", "--out"])
            .arg(&out),
    )?;
    env.step("building the Python sdist of heatwise (maturin)");
    env.run(env.command(&maturin).args(["sdist", "--out"]).arg(&out))?;
    let built = Built {
        wheel: find(&out, ".whl")?,
        sdist: find(&out, ".tar.gz")?,
    };
    for file in [&built.wheel, &built.sdist] {
        let size = std::fs::metadata(file).map_or(0, |m| m.len());
        println!("{} ({} KB)", file.display(), size.div_ceil(1024));
    }
    Ok(built)
}

fn find(dir: &Path, suffix: &str) -> Result<PathBuf, String> {
    std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .map(|entry| entry.path())
        .find(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("heatwise-") && name.ends_with(suffix))
        })
        .ok_or_else(|| format!("maturin left no heatwise-*{suffix} in {}", dir.display()))
}
