//! heatwise in the tools people use: a real Neovim (headless) running
//! `heatwise server` as the README configures it; the Python wheel
//! installed with pip into a fresh virtualenv, without Rust; the sdist
//! built with only Rust and maturin; and the repository's pre-commit hooks
//! run by the real `pre-commit`, which install heatwise themselves. The
//! tools come from PyPI at pinned versions (`cargo xtask setup`,
//! xtask/src/tools.rs) and the wheel and sdist from `cargo xtask wheel`;
//! without them the tests say so and pass, except under `cargo xtask
//! test`, which requires them where they can be installed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const TEMPLATE: &str = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private # keep this comment\n";

/// A tool of the editor-test virtualenv, or `None` (said) when it is not
/// installed and not required.
fn tool(name: &str) -> Option<PathBuf> {
    let bin = std::env::var_os("HEATWISE_TOOLS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/tools/venv/bin"),
        PathBuf::from,
    );
    let path = bin.join(name);
    if path.is_file() {
        return Some(path);
    }
    let required = std::env::var("HEATWISE_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "{} is missing: run `cargo xtask setup`",
        path.display()
    );
    eprintln!(
        "skipped: {} is not installed (`cargo xtask setup` installs it)",
        path.display()
    );
    None
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heatwise-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A file `cargo xtask wheel` built, named by `variable`, or `None` (said)
/// when the run has none and does not require it.
fn built(variable: &str) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(variable) {
        return Some(PathBuf::from(path));
    }
    let required = std::env::var("HEATWISE_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
    assert!(!required, "{variable} is not set: run `cargo xtask test`");
    eprintln!(
        "skipped: {variable} is not set (`cargo xtask test` builds it with `cargo xtask wheel`)"
    );
    None
}

/// A fresh virtualenv in `dir`, from the Python that runs pre-commit (or
/// the system's); its `bin`.
fn venv(dir: &Path) -> PathBuf {
    let python = tool("python").unwrap_or_else(|| PathBuf::from("python3"));
    let venv = dir.join("venv");
    let made = Command::new(python)
        .args(["-m", "venv"])
        .arg(&venv)
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made));
    venv.join("bin")
}

/// PATH without the directories that hold `cargo`: what a machine with
/// only Python has.
fn path_without_rust() -> std::ffi::OsString {
    let dirs = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .filter(|dir| !dir.join("cargo").exists() && !dir.join("rustc").exists())
        .collect::<Vec<_>>();
    std::env::join_paths(dirs).unwrap()
}

/// What a build of heatwise from source (the sdist, or this repository as
/// pre-commit installs it) runs with here: the build backend from the
/// wheelhouse `cargo xtask setup` fills, where there is one, instead of
/// PyPI; a cargo target directory kept between runs, one per test (maturin
/// moves the binary out of it, so two builds must not share one), so the
/// dependencies compile once; and the speed-tuned profile without its
/// optimisations, since these tests are about what gets installed, not how
/// fast it runs (the wheel test runs the optimised build).
fn from_source<'c>(command: &'c mut Command, test: &str) -> &'c mut Command {
    if let Some(wheelhouse) = std::env::var_os("HEATWISE_WHEELHOUSE") {
        command
            .env("PIP_NO_INDEX", "1")
            .env("PIP_FIND_LINKS", wheelhouse);
    }
    command
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../target/python-builds")
                .join(test),
        )
        .env("CARGO_PROFILE_RELEASE_NATIVE_OPT_LEVEL", "0")
        .env("CARGO_PROFILE_RELEASE_NATIVE_LTO", "off")
        .env("CARGO_PROFILE_RELEASE_NATIVE_CODEGEN_UNITS", "256")
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
}

/// Makes the next build from source in [`from_source`]'s target directory
/// compile heatwise's own crates again. An sdist's files all carry one
/// fixed time (maturin writes it reproducibly), so Cargo, which compares
/// files' times with its last build's, would take a build of older sources
/// for a build of these; the crates heatwise depends on stay built.
fn forget_heatwise_builds(test: &str) {
    let target = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/python-builds")
        .join(test);
    let Ok(profiles) = std::fs::read_dir(&target) else {
        return;
    };
    for profile in profiles.flatten() {
        let Ok(fingerprints) = std::fs::read_dir(profile.path().join(".fingerprint")) else {
            continue;
        };
        for fingerprint in fingerprints.flatten() {
            if fingerprint
                .file_name()
                .to_string_lossy()
                .starts_with("heatwise-")
            {
                let _ = std::fs::remove_dir_all(fingerprint.path());
            }
        }
    }
}

/// What `heatwise --version` says: heatwise's version and the Heat release
/// of its built-in catalog.
fn expected_version() -> String {
    format!(
        "heatwise {} (catalog: Heat {})\n",
        env!("CARGO_PKG_VERSION"),
        heatwise_core::catalog::Catalog::builtin()
            .heat_version()
            .unwrap()
    )
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn the_version_names_the_heat_release_of_the_catalog() {
    let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected_version());
}

#[test]
fn the_wheel_installs_without_rust_and_lints() {
    let Some(wheel) = built("HEATWISE_WHEEL") else {
        return;
    };
    let dir = scratch("wheel");
    let bin = venv(&dir);
    let started = std::time::Instant::now();
    let install = Command::new(bin.join("python"))
        .args(["-m", "pip", "install", "--no-index", "--no-deps", "--quiet"])
        .arg(&wheel)
        .env("PATH", path_without_rust())
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .output()
        .unwrap();
    assert!(install.status.success(), "{}", text(&install));
    eprintln!(
        "pip install of {} ({} KB) took {:.2} s",
        wheel.display(),
        std::fs::metadata(&wheel).unwrap().len() / 1024,
        started.elapsed().as_secs_f64()
    );
    let metadata = Command::new(bin.join("python"))
        .args([
            "-c",
            "import importlib.metadata as m; d = m.metadata('heatwise'); \
             print(d['Name'], d['Version'], d['License-Expression'], d['Requires-Python'])",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&metadata.stdout),
        format!("heatwise {} Apache-2.0 >=3.8\n", env!("CARGO_PKG_VERSION")),
        "{}",
        text(&metadata)
    );

    let heatwise = bin.join("heatwise");
    let version = Command::new(&heatwise).arg("--version").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&version.stdout), expected_version());
    std::fs::write(dir.join("port.yaml"), TEMPLATE).unwrap();
    let lint = Command::new(&heatwise)
        .args(["lint", "port.yaml"])
        .current_dir(&dir)
        .env("PATH", path_without_rust())
        .output()
        .unwrap();
    let said = text(&lint);
    assert_eq!(lint.status.code(), Some(1), "{said}");
    assert!(said.contains("port.yaml:6:7: warning[HW202]"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_sdist_builds_with_only_rust_and_maturin() {
    let Some(sdist) = built("HEATWISE_SDIST") else {
        return;
    };
    let dir = scratch("sdist");
    let bin = venv(&dir);
    forget_heatwise_builds("sdist");
    // pip builds it in isolation: maturin is all the build environment has.
    let build = from_source(
        Command::new(bin.join("python"))
            .args(["-m", "pip", "install", "--no-deps", "--quiet"])
            .arg(&sdist),
        "sdist",
    )
    .output()
    .unwrap();
    assert!(build.status.success(), "{}", text(&build));
    let version = Command::new(bin.join("heatwise"))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&version.stdout), expected_version());
    let _ = std::fs::remove_dir_all(&dir);
}

/// This repository as a hook source, as `pre-commit try-repo` makes it: a
/// clone with the working tree's changes committed (new files that git
/// does not ignore included); and that commit. (try-repo itself installs into a store it throws away, so
/// each hook run would build heatwise again.)
fn hook_repository(dir: &Path) -> (PathBuf, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let hooks = dir.join("hooks");
    let git = |cwd: &Path, args: &[&str], input: Option<&[u8]>| {
        let mut child = Command::new("git")
            .args([
                "-c",
                "user.name=test",
                "-c",
                "user.email=test@example.invalid",
            ])
            .args(args)
            .current_dir(cwd)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        if let Some(input) = input {
            use std::io::Write as _;
            child.stdin.take().unwrap().write_all(input).unwrap();
        }
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "git {args:?}: {}", text(&output));
        output.stdout
    };
    git(
        dir,
        &["clone", "--quiet", &root.display().to_string(), "hooks"],
        None,
    );
    let changes = git(&root, &["diff", "HEAD", "--binary"], None);
    if !changes.is_empty() {
        git(&hooks, &["apply", "--index", "-"], Some(&changes));
    }
    let untracked = git(
        &root,
        &["ls-files", "-z", "--others", "--exclude-standard"],
        None,
    );
    for name in untracked.split(|&b| b == 0).filter(|name| !name.is_empty()) {
        let name = String::from_utf8_lossy(name).into_owned();
        let to = hooks.join(&name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root.join(&name), &to).unwrap();
        git(&hooks, &["add", "--", &name], None);
    }
    if !git(&hooks, &["status", "--porcelain"], None).is_empty() {
        git(&hooks, &["commit", "--quiet", "-m", "working tree"], None);
    }
    let commit = String::from_utf8(git(&hooks, &["rev-parse", "HEAD"], None)).unwrap();
    (hooks, commit.trim().to_owned())
}

#[test]
fn the_pre_commit_hooks_install_heatwise_then_gate_and_fix() {
    let Some(pre_commit) = tool("pre-commit") else {
        return;
    };
    let dir = scratch("pre-commit");
    let (hooks, commit) = hook_repository(&dir);
    let repo = dir.join("project");
    std::fs::create_dir(&repo).unwrap();
    std::fs::write(repo.join("port.yaml"), TEMPLATE).unwrap();
    // Other YAML of the repository (this configuration too) is passed over.
    std::fs::write(repo.join("ci.yaml"), "- name: build\n  run: make\n").unwrap();
    std::fs::write(
        repo.join(".pre-commit-config.yaml"),
        format!(
            "repos:\n  - repo: {}\n    rev: {commit}\n    hooks:\n      - id: heatwise-lint\n      - id: heatwise-fix\n",
            hooks.display()
        ),
    )
    .unwrap();
    for args in [&["init", "-q"][..], &["add", "."]] {
        let status = Command::new("git")
            .args(args)
            .current_dir(&repo)
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    }
    let home = dir.join("pre-commit-home");
    let run = |hook: &str| {
        from_source(
            Command::new(&pre_commit)
                .args(["run", hook, "--all-files", "--color", "never"])
                .current_dir(&repo)
                .env("PRE_COMMIT_HOME", &home),
            "pre-commit",
        )
        .output()
        .unwrap()
    };
    let lint = run("heatwise-lint");
    let said = text(&lint);
    assert_eq!(lint.status.code(), Some(1), "{said}");
    assert!(said.contains("port.yaml:6:7: warning[HW202]"), "{said}");
    assert!(!said.contains("ci.yaml"), "{said}");
    // The heatwise that ran is the one the hook installed into its own
    // environment: nothing was installed beforehand.
    let installed: Vec<PathBuf> = std::fs::read_dir(&home)
        .unwrap()
        .flatten()
        .flat_map(|repo| {
            std::fs::read_dir(repo.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .filter(|entry| entry.file_name().to_string_lossy().starts_with("py_env-"))
        .map(|env| env.path().join("bin/heatwise"))
        .filter(|heatwise| heatwise.is_file())
        .collect();
    assert_eq!(
        installed.len(),
        1,
        "no heatwise in the hook's environment: {said}"
    );
    let version = Command::new(&installed[0])
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&version.stdout), expected_version());

    let fix = run("heatwise-fix");
    // pre-commit fails a hook that changed files.
    assert_eq!(fix.status.code(), Some(1), "{}", text(&fix));
    let fixed = std::fs::read_to_string(repo.join("port.yaml")).unwrap();
    assert_eq!(fixed, TEMPLATE.replace("network_id:", "network:"));

    let again = run("heatwise-lint");
    assert_eq!(again.status.code(), Some(0), "{}", text(&again));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `script` (in `tests/editors/`) in a headless Neovim in `dir`,
/// with `heatwise` and `env`; what the script saw, as it wrote it.
fn run_neovim(nvim: &Path, script: &str, dir: &Path, env: &[(&str, &Path)]) -> Value {
    let out = dir.join("seen.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/editors")
        .join(script);
    let output = Command::new(nvim)
        .args(["--headless", "--clean", "-l"])
        .arg(&script)
        .current_dir(dir)
        .env("HEATWISE", env!("CARGO_BIN_EXE_heatwise"))
        .env("HEATWISE_NVIM_OUT", &out)
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .envs(env.iter().copied())
        .output()
        .unwrap();
    serde_json::from_str(
        &std::fs::read_to_string(&out)
            .unwrap_or_else(|_| panic!("Neovim wrote nothing: {}", text(&output))),
    )
    .unwrap()
}

#[test]
fn neovim_shows_struck_through_findings_hovers_and_fixes_all() {
    let Some(nvim) = tool("nvim") else {
        return;
    };
    let dir = scratch("neovim");
    std::fs::create_dir(dir.join(".git")).unwrap();
    let template = dir.join("port.yaml");
    std::fs::write(&template, TEMPLATE).unwrap();
    let seen = run_neovim(
        &nvim,
        "neovim.lua",
        &dir,
        &[("HEATWISE_TEMPLATE", &template)],
    );
    assert_eq!(seen["attached"], true, "{seen}");
    assert_eq!(seen["encoding"], "utf-8", "{seen}");
    let diagnostics = seen["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{seen}");
    let hidden = &diagnostics[0];
    assert_eq!(hidden["code"], "HW202");
    assert_eq!(
        (
            hidden["lnum"].as_u64(),
            hidden["col"].as_u64(),
            hidden["end_col"].as_u64()
        ),
        (Some(5), Some(6), Some(16))
    );
    assert_eq!(hidden["severity"], 2, "a warning");
    assert_eq!(hidden["deprecated"], true, "struck through");
    let hover = seen["hover"].as_str().unwrap();
    assert!(
        hover.contains("- HIDDEN since Liberty 5.0.0: Use property network."),
        "{hover}"
    );
    assert_eq!(
        seen["fixed"].as_str().unwrap(),
        TEMPLATE.replace("network_id:", "network:").trim_end()
    );
    assert_eq!(seen["after"], 0, "{seen}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Neovim over a project of two templates: the nested one shows a finding
/// with the caller that reaches it, go to definition crosses files, and a
/// rename of a parameter edits both files and leaves the project with the
/// findings it had.
#[test]
fn neovim_navigates_and_renames_across_a_stack() {
    let Some(nvim) = tool("nvim") else {
        return;
    };
    let dir = scratch("neovim-stack");
    std::fs::create_dir(dir.join("nested")).unwrap();
    let files = [
        ("heatwise.toml", "[[stack]]\nroot = \"root.yaml\"\n"),
        ("root.yaml", "heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string, default: m1.small}\nresources:\n  app:\n    type: nested/app.yaml\n    properties:\n      size: {get_param: flavor}\n"),
        ("nested/app.yaml", "heat_template_version: 2018-08-31\nparameters:\n  size: {type: string}\nresources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties: {config: {get_file: missing.sh}}\noutputs:\n  size: {value: {get_param: size}}\n"),
    ];
    for (path, text) in files {
        std::fs::write(dir.join(path), text).unwrap();
    }
    let lint = || {
        let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
            .args(["lint", "--format", "json"])
            .current_dir(&dir)
            .output()
            .unwrap();
        let found: Value = serde_json::from_slice(&output.stdout).unwrap();
        let mut codes: Vec<String> = (found.as_array().unwrap().iter())
            .map(|d| format!("{} {}", d["code"], d["path"]))
            .collect();
        codes.sort();
        codes
    };
    let before = lint();
    let seen = run_neovim(&nvim, "neovim_stack.lua", &dir, &[]);
    let path = |name: &str| dir.join(name).display().to_string();
    assert_eq!(seen["attached"], true, "{seen}");
    assert_eq!(seen["root_dir"], dir.display().to_string(), "{seen}");
    assert_eq!(seen["nested"][0]["code"], "HW401", "{seen}");
    assert_eq!(seen["nested"][0]["related"], path("root.yaml"), "{seen}");
    assert_eq!(
        seen["definition"]["file"],
        path("nested/app.yaml"),
        "{seen}"
    );
    assert_eq!(seen["definition"]["line"], 2, "{seen}");
    assert_eq!(seen["renamed"], true, "{seen}");
    let app = std::fs::read_to_string(dir.join("nested/app.yaml")).unwrap();
    let root = std::fs::read_to_string(dir.join("root.yaml")).unwrap();
    assert!(
        app.contains("  flavor_size: {type: string}") && app.contains("{get_param: flavor_size}"),
        "{app}"
    );
    assert!(
        root.contains("      flavor_size: {get_param: flavor}"),
        "{root}"
    );
    assert_eq!(lint(), before);
    let _ = std::fs::remove_dir_all(&dir);
}
