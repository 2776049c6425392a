//! `cargo xtask vscode`: the VS Code extension (`editors/vscode`) as a
//! `.vsix` in `target/vscode/`: its manifest and README, the licence, and
//! `dist/extension.js` bundled with esbuild (vscode-languageclient
//! included), packed by vsce. The package is then read back to check that
//! it holds what VS Code loads.

use std::path::{Path, PathBuf};

use crate::env::Env;

pub fn run(env: &Env) -> Result<PathBuf, String> {
    let source = env.root.join("editors").join("vscode");
    let out = env.root.join("target").join("vscode");
    let stage = out.join("heatwise");
    if stage.exists() {
        std::fs::remove_dir_all(&stage)
            .map_err(|e| format!("cannot clear {}: {e}", stage.display()))?;
    }
    std::fs::create_dir_all(stage.join("dist"))
        .map_err(|e| format!("cannot create {}: {e}", stage.display()))?;
    for (from, to) in [
        (source.join("package.json"), "package.json"),
        (source.join("README.md"), "README.md"),
        (env.root.join("npm").join("LICENSE"), "LICENSE"),
    ] {
        std::fs::copy(&from, stage.join(to))
            .map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    }
    env.step("bundling the VS Code extension (esbuild)");
    env.run(
        env.command("esbuild")
            .arg(source.join("src").join("extension.js"))
            .args([
                "--bundle",
                "--platform=node",
                "--format=cjs",
                "--target=node18",
                "--minify",
            ])
            .args(["--external:vscode", "--legal-comments=none"])
            .arg(format!(
                "--outfile={}",
                stage.join("dist").join("extension.js").display()
            )),
    )?;
    let version = manifest_version(&source.join("package.json"))?;
    let vsix = out.join(format!("heatwise-{version}.vsix"));
    env.step(&format!("packing {}", vsix.display()));
    env.run(
        env.command("vsce")
            .args(["package", "--no-dependencies", "--skip-license", "--out"])
            .arg(&vsix)
            .current_dir(&stage),
    )?;
    check(env, &vsix)?;
    Ok(vsix)
}

fn manifest_version(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let start = text
        .find("\"version\"")
        .ok_or("the extension's package.json has no version")?;
    let value = text[start..]
        .split('"')
        .nth(3)
        .ok_or("the extension's version is not a string")?;
    Ok(value.to_owned())
}

/// The package holds the manifest, its entry point and README.
fn check(env: &Env, vsix: &Path) -> Result<(), String> {
    let listing = env
        .command("unzip")
        .arg("-Z1")
        .arg(vsix)
        .output()
        .map_err(|e| format!("cannot run unzip: {e}"))?;
    let listing = String::from_utf8_lossy(&listing.stdout);
    for wanted in [
        "extension/package.json",
        "extension/dist/extension.js",
        "extension/readme.md",
        "extension.vsixmanifest",
    ] {
        if !listing
            .lines()
            .any(|line| line.eq_ignore_ascii_case(wanted))
        {
            return Err(format!("{} lacks {wanted}:\n{listing}", vsix.display()));
        }
    }
    let bundle = env
        .command("unzip")
        .args(["-p"])
        .arg(vsix)
        .arg("extension/dist/extension.js")
        .output()
        .map_err(|e| format!("cannot run unzip: {e}"))?;
    let bundle = String::from_utf8_lossy(&bundle.stdout);
    if !(bundle.contains("getConfiguration(\"heatwise\")") && bundle.contains("\"server\"")) {
        return Err("the bundled extension does not start `heatwise server`".into());
    }
    println!("{}: {} entries", vsix.display(), listing.lines().count());
    Ok(())
}
