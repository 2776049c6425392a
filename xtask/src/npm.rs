//! `cargo xtask npm`: the npm package `heatwise` in `target/npm/heatwise/`
//! (under `$CARGO_TARGET_DIR` when set), packed by `npm pack` into
//! `target/npm/heatwise-<version>.tgz`.
//!
//! The package is the wasm build of crate `heatwise-js` (through
//! `wasm-bindgen --target web`, then `wasm-opt -Oz`), the hand-written
//! sources in `npm/`, and `editor.js` (`heatwise/editor`) bundled with
//! CodeMirror by esbuild; its version is the workspace's.

use std::fs;
use std::path::{Path, PathBuf};

use crate::env::Env;

/// The name wasm-bindgen gives the glue module and the `.wasm` file.
const WASM_NAME: &str = "heatwise_wasm";
/// The files of `npm/` copied into the package as they are.
const SOURCES: &[&str] = &[
    "index.js",
    "node.js",
    "index.d.ts",
    "editor.d.ts",
    "README.md",
    "LICENSE",
];

/// Builds and packs the package; returns the tarball's path.
pub fn run(env: &Env) -> Result<PathBuf, String> {
    let target = target_dir(&env.root);
    let out = target.join("npm");
    let package = out.join("heatwise");
    env.step("building heatwise-js for wasm32 (release)");
    env.run(env.command("cargo").args([
        "build",
        "-p",
        "heatwise-js",
        "--target",
        "wasm32-unknown-unknown",
        "--release",
    ]))?;
    if package.exists() {
        fs::remove_dir_all(&package)
            .map_err(|e| format!("cannot empty {}: {e}", package.display()))?;
    }
    env.step("wasm-bindgen --target web");
    let wasm = target.join("wasm32-unknown-unknown/release/heatwise_js.wasm");
    env.run(
        env.command("wasm-bindgen")
            .arg(&wasm)
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--out-name",
                WASM_NAME,
            ])
            .arg("--out-dir")
            .arg(&package),
    )?;
    env.step("wasm-opt -Oz");
    let bindgen_wasm = package.join(format!("{WASM_NAME}_bg.wasm"));
    env.run(
        env.command("wasm-opt")
            .arg("-Oz")
            // The features rustc enables for wasm32 by default.
            .args([
                "--enable-bulk-memory",
                "--enable-nontrapping-float-to-int",
                "--enable-sign-ext",
                "--enable-mutable-globals",
                "--enable-reference-types",
                "--enable-multivalue",
            ])
            .arg(&bindgen_wasm)
            .arg("-o")
            .arg(&bindgen_wasm),
    )?;
    report_size(env, &bindgen_wasm);
    let sources = env.root.join("npm");
    for name in SOURCES {
        copy(&sources.join(name), &package.join(name))?;
    }
    env.step("bundling the editor (npm/editor.js and CodeMirror) with esbuild");
    env.run(
        env.command("esbuild")
            .arg(sources.join("editor.js"))
            .args([
                "--bundle",
                "--format=esm",
                "--minify",
                "--target=es2020",
                "--legal-comments=none",
                // The API module stays a module of its own: one wasm instance.
                "--external:./index.js",
            ])
            .arg(format!("--outfile={}", package.join("editor.js").display())),
    )?;
    report_size(env, &package.join("editor.js"));
    let version = workspace_version(&env.root)?;
    let manifest = read(&sources.join("package.json"))?;
    let placeholder = "\"version\": \"0.0.0\"";
    if !manifest.contains(placeholder) {
        return Err(format!(
            "npm/package.json must carry {placeholder}: the workspace's version replaces it"
        ));
    }
    write(
        &package.join("package.json"),
        &manifest.replacen(placeholder, &format!("\"version\": \"{version}\""), 1),
    )?;
    env.step("npm pack");
    env.run(
        env.command("npm")
            .args(["pack", "--silent", "--pack-destination"])
            .arg(&out)
            .current_dir(&package),
    )?;
    let tarball = out.join(format!("heatwise-{version}.tgz"));
    if !tarball.is_file() {
        return Err(format!("npm pack did not write {}", tarball.display()));
    }
    println!("npm package: {}", tarball.display());
    Ok(tarball)
}

/// Where cargo builds: `$CARGO_TARGET_DIR` (relative to the workspace, where
/// cargo runs), else `target/`.
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .filter(|dir| !dir.is_empty())
        .map_or_else(|| root.join("target"), |dir| root.join(dir))
}

/// Prints the file's size, and gzipped (`gzip -9`, when installed): what
/// a browser downloads.
fn report_size(env: &Env, path: &Path) {
    let Ok(bytes) = fs::metadata(path).map(|metadata| metadata.len()) else {
        return;
    };
    let gzipped = env
        .command("gzip")
        .arg("-9c")
        .arg(path)
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| format!(", {} bytes gzipped", output.stdout.len()));
    println!(
        "{}: {bytes} bytes{}",
        path.display(),
        gzipped.unwrap_or_default()
    );
}

/// `version` under `[workspace.package]` in the root Cargo.toml.
fn workspace_version(root: &Path) -> Result<String, String> {
    let manifest = read(&root.join("Cargo.toml"))?;
    let mut in_section = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_section = line == "[workspace.package]";
        } else if in_section {
            if let Some(value) = line
                .strip_prefix("version")
                .map(str::trim_start)
                .and_then(|rest| rest.strip_prefix('='))
            {
                return Ok(value.trim().trim_matches('"').to_string());
            }
        }
    }
    Err("Cargo.toml has no version under [workspace.package]".into())
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}
