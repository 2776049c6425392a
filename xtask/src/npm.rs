//! `cargo xtask npm`: the npm package `heatwise` in `target/npm/heatwise/`
//! (under `$CARGO_TARGET_DIR` when set), packed by `npm pack` into
//! `target/npm/heatwise-<version>.tgz`.
//!
//! The package is the wasm build of crate `heatwise-js` (through
//! `wasm-bindgen --target web`, then `wasm-opt -Oz`), the hand-written
//! sources in `npm/`, and under `app/` the editor that `heatwise/editor`
//! loads on its first mount: the web crate's library built the same way
//! (with its JavaScript snippets, CodeMirror's bundle among them) and the
//! site's styles scoped to a shadow root. Its version is the workspace's.

use std::fs;
use std::path::{Path, PathBuf};

use crate::env::Env;

/// The name wasm-bindgen gives the glue module and the `.wasm` file.
const WASM_NAME: &str = "heatwise_wasm";
/// The same for the editor app, in the package's `app/` folder.
const APP_WASM_NAME: &str = "heatwise_web";
/// The editor's ORC export, beside the app: `web/js/orc.js` imports it by
/// this name the first time the ORC view opens.
const ORC_MODULE_NAME: &str = "heatwise-orc-module";
/// The editor's folder view, a module of its own loaded when a folder is
/// first opened.
const FOLDER_MODULE_NAME: &str = "heatwise-folder-module";
/// The files of `npm/` copied into the package as they are.
const SOURCES: &[&str] = &[
    "index.js",
    "node.js",
    "index.d.ts",
    "editor.js",
    "editor.d.ts",
    "describe.js",
    "README.md",
    "LICENSE",
];
/// The features rustc enables for wasm32 by default, for `wasm-opt`.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
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
    let wasm = target.join("wasm32-unknown-unknown/release/heatwise_js.wasm");
    let api_wasm = bindgen(env, &wasm, WASM_NAME, &package)?;
    let sources = env.root.join("npm");
    for name in SOURCES {
        copy(&sources.join(name), &package.join(name))?;
    }

    // The web crate's build script bundles CodeMirror (web/build.rs).
    env.step("building heatwise-web's library for wasm32 (release)");
    // As a cdylib for this build only: the site links the crate into its
    // binary and needs no second artifact.
    env.run(env.command("cargo").args([
        "rustc",
        "-p",
        "heatwise-web",
        "--lib",
        "--crate-type",
        "cdylib",
        "--target",
        "wasm32-unknown-unknown",
        "--release",
    ]))?;
    let app = package.join("app");
    let app_wasm = bindgen(
        env,
        &target.join("wasm32-unknown-unknown/release/heatwise_web.wasm"),
        APP_WASM_NAME,
        &app,
    )?;
    env.step("building the editor's ORC module for wasm32 (release)");
    env.run(env.command("cargo").args([
        "build",
        "-p",
        "heatwise-orc-module",
        "--bin",
        ORC_MODULE_NAME,
        "--target",
        "wasm32-unknown-unknown",
        "--release",
    ]))?;
    let orc_wasm = bindgen(
        env,
        &target.join(format!(
            "wasm32-unknown-unknown/release/{ORC_MODULE_NAME}.wasm"
        )),
        ORC_MODULE_NAME,
        &app,
    )?;
    env.step("building the editor's folder module for wasm32 (release)");
    env.run(env.command("cargo").args([
        "build",
        "-p",
        FOLDER_MODULE_NAME,
        "--bin",
        FOLDER_MODULE_NAME,
        "--target",
        "wasm32-unknown-unknown",
        "--release",
    ]))?;
    let folder_wasm = bindgen(
        env,
        &target.join(format!(
            "wasm32-unknown-unknown/release/{FOLDER_MODULE_NAME}.wasm"
        )),
        FOLDER_MODULE_NAME,
        &app,
    )?;
    let styles = scoped_styles(&read(&env.root.join("static/styles.css"))?)?;
    write(
        &app.join("styles.js"),
        &format!(
            "// The editor's styles: static/styles.css scoped to a shadow root.\nexport default {};\n",
            js_string(&styles)
        ),
    )?;

    println!("\nsizes (gzipped: what a browser downloads):");
    let api = report_size(env, &api_wasm);
    let mut editor_wasm = 0;
    let mut orc_module = 0;
    let mut folder_module = 0;
    let mut editor_js = report_size(env, &package.join("editor.js"));
    for file in app_files(&app)? {
        let gzipped = report_size(env, &file);
        let name = file
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or("");
        if file == orc_wasm || name == format!("{ORC_MODULE_NAME}.js") {
            orc_module += gzipped;
        } else if file == folder_wasm || name == format!("{FOLDER_MODULE_NAME}.js") {
            folder_module += gzipped;
        } else if file == app_wasm {
            editor_wasm += gzipped;
        } else {
            editor_js += gzipped;
        }
    }
    println!("the API's wasm (heatwise): {api} bytes gzipped");
    println!(
        "the editor (heatwise/editor): wasm {editor_wasm} + JavaScript and styles {editor_js} = {} bytes gzipped",
        editor_wasm + editor_js
    );
    println!(
        "the editor's ORC module, loaded when its view first opens: {orc_module} bytes gzipped"
    );
    println!(
        "the editor's folder module, loaded when a folder is first opened: {folder_module} bytes gzipped"
    );

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

/// `wasm-bindgen --target web` on `wasm` into `out` under `name`, then
/// `wasm-opt -Oz`; returns the `.wasm` file written.
fn bindgen(env: &Env, wasm: &Path, name: &str, out: &Path) -> Result<PathBuf, String> {
    env.step(&format!("wasm-bindgen --target web ({name})"));
    env.run(
        env.command("wasm-bindgen")
            .arg(wasm)
            .args(["--target", "web", "--no-typescript", "--out-name", name])
            .arg("--out-dir")
            .arg(out),
    )?;
    env.step(&format!("wasm-opt -Oz ({name})"));
    let bindgen_wasm = out.join(format!("{name}_bg.wasm"));
    env.run(
        env.command("wasm-opt")
            .arg("-Oz")
            .args(WASM_FEATURES)
            .arg(&bindgen_wasm)
            .arg("-o")
            .arg(&bindgen_wasm),
    )?;
    Ok(bindgen_wasm)
}

/// Every file under `folder`, sorted.
fn app_files(folder: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries =
            fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        for entry in entries {
            let path = entry
                .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
                .path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The site's styles (written for a page of its own: custom properties on
/// `:root`, the layout on `body`, narrow layouts by the viewport's width)
/// for the App in a shadow root, where they reach nothing outside it: the
/// properties on `:host`, the layout on the App's element, narrow layouts
/// by the width of the editor. Fails when the page's rules it rewrites
/// are not found, so that a change to them is not missed.
fn scoped_styles(page: &str) -> Result<String, String> {
    let rewrite = |text: String, from: &str, to: &str| {
        if text.contains(from) {
            Ok(text.replace(from, to))
        } else {
            Err(format!(
                "static/styles.css has no `{from}` any more: update scoped_styles in xtask/src/npm.rs"
            ))
        }
    };
    let css = rewrite(page.to_owned(), "html,\nbody {\n  height: 100%;\n}\n", "")?;
    let css = rewrite(css, "\nbody {\n", "\n.heatwise-app {\n")?;
    let css = rewrite(css, "  height: 100dvh;\n", "  height: 100%;\n")?;
    let css = rewrite(css, ":root {", ":host {")?;
    let css = rewrite(
        css,
        "@media (max-width: 760px) {",
        "@container (max-width: 760px) {",
    )?;
    for line in css.lines() {
        let selector = line.trim_start();
        if selector.starts_with("html") || selector.starts_with("body") || line.contains(":root") {
            return Err(format!(
                "static/styles.css styles the page itself (`{}`): scoped_styles in xtask/src/npm.rs must rewrite it for a shadow root",
                line.trim()
            ));
        }
    }
    // The page's inherited styles stop at the host; the host page sizes it.
    let base = ":host {\n  all: initial;\n  display: block;\n  position: relative;\n  height: 36em;\n  overflow: hidden;\n}\n\n\
        .heatwise-app {\n  container-type: inline-size;\n}\n\n";
    Ok(format!("{base}{css}"))
}

/// `text` as a JavaScript string literal.
fn js_string(text: &str) -> String {
    let mut literal = String::with_capacity(text.len() + 2);
    literal.push('"');
    for c in text.chars() {
        match c {
            '"' => literal.push_str("\\\""),
            '\\' => literal.push_str("\\\\"),
            '\n' => literal.push_str("\\n"),
            '\r' => literal.push_str("\\r"),
            // Line and paragraph separators end a line in older engines.
            '\u{2028}' => literal.push_str("\\u2028"),
            '\u{2029}' => literal.push_str("\\u2029"),
            c if c.is_control() => literal.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => literal.push(c),
        }
    }
    literal.push('"');
    literal
}

/// Prints the file's size, and gzipped (`gzip -9`, when installed): what
/// a browser downloads. Returns the gzipped size (0 when unknown).
fn report_size(env: &Env, path: &Path) -> u64 {
    let Ok(bytes) = fs::metadata(path).map(|metadata| metadata.len()) else {
        return 0;
    };
    let gzipped = env
        .command("gzip")
        .arg("-9c")
        .arg(path)
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map_or(0, |output| output.stdout.len() as u64);
    println!("{}: {bytes} bytes, {gzipped} bytes gzipped", path.display());
    gzipped
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
