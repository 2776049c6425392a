//! `cargo xtask setup`: install what is missing, idempotently, saying what it
//! does. When everything is present it only checks versions.

use std::path::Path;

use crate::env::Env;

/// Tools pinned by the project. The wasm-bindgen CLI follows the crate
/// version in Cargo.lock, so the two never drift.
const TRUNK_VERSION: &str = "0.21.14";
const GECKODRIVER_VERSION: &str = "0.37.1";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Debian packages for the browser tests, and the binaries they provide.
const BROWSER_PACKAGES: &[(&str, &str)] = &[
    ("chromium", "chromium"),
    ("chromium-driver", "chromedriver"),
    ("firefox-esr", "firefox"),
];

pub fn run(env: &Env) -> Result<(), String> {
    require(
        env,
        "rustup",
        "Rust is installed with rustup: see https://rustup.rs",
    )?;
    require(
        env,
        "node",
        "install Node.js 18 or newer (with npm), e.g. `apt-get install nodejs npm`",
    )?;
    require(env, "npm", "install npm, e.g. `apt-get install npm`")?;
    wasm_target(env)?;
    let bindgen = wasm_bindgen_version(&env.root)?;
    cargo_tool(env, "wasm-bindgen", "wasm-bindgen-cli", &bindgen, false)?;
    cargo_tool(env, "trunk", "trunk", TRUNK_VERSION, true)?;
    npm_packages(env)?;
    crate::corpus::install(env)?;
    crate::tools::install(env)?;
    crate::heat_server::install(env)?;
    crate::corpus::render(env)?;
    browsers(env)?;
    cargo_tool(
        env,
        "geckodriver",
        "geckodriver",
        GECKODRIVER_VERSION,
        false,
    )?;
    println!("setup: everything is in place");
    Ok(())
}

fn require(env: &Env, program: &str, how: &str) -> Result<(), String> {
    if env.has(program) {
        Ok(())
    } else {
        Err(format!("`{program}` is not on PATH: {how}"))
    }
}

fn wasm_target(env: &Env) -> Result<(), String> {
    let output = env
        .command("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map_err(|e| format!("cannot run rustup: {e}"))?;
    if String::from_utf8_lossy(&output.stdout)
        .lines()
        .any(|line| line.trim() == WASM_TARGET)
    {
        return Ok(());
    }
    env.step(&format!("installing the Rust target {WASM_TARGET}"));
    env.run(env.command("rustup").args(["target", "add", WASM_TARGET]))
}

/// The wasm-bindgen crate version the workspace is locked to.
fn wasm_bindgen_version(root: &Path) -> Result<String, String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            if let Some(version) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
            {
                return Ok(version.trim_end_matches('"').to_string());
            }
        }
    }
    Err("Cargo.lock has no wasm-bindgen package".into())
}

/// Installs `krate` at exactly `version` unless `program --version` already
/// reports it.
fn cargo_tool(
    env: &Env,
    program: &str,
    krate: &str,
    version: &str,
    locked: bool,
) -> Result<(), String> {
    let found = env.version_of(program);
    if found
        .as_deref()
        .is_some_and(|v| v.split_whitespace().nth(1) == Some(version))
    {
        return Ok(());
    }
    let why = match found {
        Some(other) => format!("found `{other}`"),
        None => "not installed".into(),
    };
    env.step(&format!(
        "installing {krate} {version} into {} ({why}; this takes a few minutes once)",
        env.cargo_bin.display()
    ));
    let mut command = env.command("cargo");
    command.args(["install", krate, "--version", version, "--force"]);
    if locked {
        command.arg("--locked");
    }
    env.run(&mut command)
}

/// `npm ci` from the committed lockfile of the workspace, then of
/// `tests/npm/node18` (Node.js 18 for the npm package's tests, kept apart
/// so that its `node` is on no one's PATH), each skipped when its
/// node_modules was installed from the same lockfile.
fn npm_packages(env: &Env) -> Result<(), String> {
    npm_ci(env, &env.root)?;
    npm_ci(env, &env.root.join(crate::test::NODE18_PACKAGES))
}

fn npm_ci(env: &Env, folder: &Path) -> Result<(), String> {
    let lock_path = folder.join("package-lock.json");
    let lock = std::fs::read(&lock_path)
        .map_err(|e| format!("cannot read {}: {e}", lock_path.display()))?;
    let stamp_path = folder.join("node_modules").join(".heatwise-lock-hash");
    let hash = format!("{:016x}", fnv1a(&lock));
    if std::fs::read_to_string(&stamp_path).is_ok_and(|s| s.trim() == hash) {
        return Ok(());
    }
    env.step(&format!(
        "installing npm packages from {} (npm ci)",
        lock_path.display()
    ));
    env.run(
        env.command("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(folder),
    )?;
    std::fs::create_dir_all(folder.join("node_modules"))
        .map_err(|e| format!("cannot create {}/node_modules: {e}", folder.display()))?;
    std::fs::write(&stamp_path, hash)
        .map_err(|e| format!("cannot write {}: {e}", stamp_path.display()))
}

fn browsers(env: &Env) -> Result<(), String> {
    let missing: Vec<&str> = BROWSER_PACKAGES
        .iter()
        .filter(|(_, binary)| !env.has(binary))
        .map(|(package, _)| *package)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let install = format!("apt-get install -y {}", missing.join(" "));
    if !is_root() {
        return Err(format!(
            "the browser tests need {}; run as root: `sudo apt-get update && sudo {install}`",
            missing.join(", ")
        ));
    }
    env.step(&format!("installing browsers: {}", missing.join(" ")));
    env.run(
        env.command("apt-get")
            .arg("update")
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )?;
    env.run(
        env.command("apt-get")
            .args(["install", "-y"])
            .args(&missing)
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// A stable content hash for the npm stamp (no extra crate for it).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
