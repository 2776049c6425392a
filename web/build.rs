//! Bundles the editor's JavaScript (`js/editor.js` and CodeMirror from the
//! workspace's `node_modules`) into `js/editor.bundle.js`, which
//! `src/code_mirror.rs` imports at compile time, so that `cargo build`
//! alone builds this crate. The bundle is written beside its source
//! because `#[wasm_bindgen(module = ...)]` takes a path in the crate.
//!
//! Without `node_modules` (before `cargo xtask setup`) an existing bundle is
//! kept; with none at all, a module is written whose loading fails with
//! what to run, so that native builds and `cargo check` still work.

use std::path::Path;
use std::process::Command;

const MISSING: &str = "throw new Error(\"heatwise: the editor's JavaScript was not bundled \
(node_modules is missing): run `cargo xtask setup`, then build again\");\n";

fn main() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = crate_dir
        .parent()
        .expect("the web crate is inside the workspace");
    let bundle = crate_dir.join("js").join("editor.bundle.js");
    for input in ["js/editor.js", "js/share.js"] {
        println!("cargo:rerun-if-changed={}", crate_dir.join(input).display());
    }
    let stamp = root.join("node_modules").join(".heatwise-lock-hash");
    println!("cargo:rerun-if-changed={}", stamp.display());
    println!(
        "cargo:rerun-if-changed={}",
        root.join("package.json").display()
    );

    let esbuild = root.join("node_modules").join(".bin").join("esbuild");
    if !esbuild.is_file() {
        if !bundle.is_file() {
            println!(
                "cargo:warning=node_modules is missing: the editor's JavaScript is not bundled \
                 (run `cargo xtask setup`)"
            );
            std::fs::write(&bundle, MISSING).expect("js/editor.bundle.js is writable");
        }
        return;
    }
    // The same command as `npm run bundle`, from package.json.
    let status = Command::new("npm")
        .args(["run", "--silent", "bundle"])
        .current_dir(root)
        .status();
    match status {
        Ok(status) if status.success() => {}
        Ok(status) => panic!("`npm run bundle` failed ({status})"),
        Err(error) => panic!("cannot run `npm run bundle`: {error}"),
    }
}
