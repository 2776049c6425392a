//! ARCHITECTURE.md and the README stay true: every file or folder the map
//! names is in the repository, every `cargo xtask` command is on the map,
//! and every `cargo xtask` command the README shows exists.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap()
}

/// Every path below the root, with `/` between its parts, leaving out
/// what is built or installed.
fn repository_paths() -> Vec<String> {
    let skip = [".git", "target", "node_modules", "dist", ".venv"];
    let mut found = Vec::new();
    let mut pending = vec![PathBuf::new()];
    while let Some(relative) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(root().join(&relative)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if skip.contains(&name.as_str()) {
                continue;
            }
            let path = relative.join(&name);
            let text = path.to_string_lossy().replace('\\', "/");
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                found.push(format!("{text}/"));
                pending.push(path);
            } else {
                found.push(text);
            }
        }
    }
    found
}

/// The names in backquotes that look like a file or a folder.
fn named_paths(markdown: &str) -> BTreeSet<String> {
    let extensions = [
        ".rs", ".md", ".json", ".jsonl", ".toml", ".yaml", ".bin", ".js", ".mjs",
    ];
    markdown
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|word| !word.contains([' ', '<', '*', '=']))
        .filter(|word| word.contains('/') || extensions.iter().any(|e| word.ends_with(e)))
        // Beside the checkout, or a module path of the npm package.
        .filter(|word| !word.starts_with("../") && !word.starts_with("heatwise/"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_path_the_architecture_names_is_there() {
    let paths = repository_paths();
    let missing: Vec<String> = named_paths(&read("ARCHITECTURE.md"))
        .into_iter()
        .filter(|named| {
            let named = named.trim_start_matches("./");
            // A name may be given from its module or crate: it must end a
            // path of the repository at a `/`.
            let folder = format!("{}/", named.trim_end_matches('/'));
            !paths.iter().any(|path| {
                [named, folder.as_str()]
                    .iter()
                    .any(|named| path == named || path.ends_with(&format!("/{named}")))
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what the repository does not have: {missing:?}"
    );
}

/// The commands `cargo xtask` knows, from its usage text.
fn xtask_commands() -> Vec<String> {
    let main = read("xtask/src/main.rs");
    let usage = main
        .split("commands:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("xtask's usage lists its commands");
    usage
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_architecture_lists_every_xtask_command() {
    let commands = xtask_commands();
    assert!(commands.len() >= 10, "{commands:?}");
    let architecture = read("ARCHITECTURE.md");
    let line = architecture
        .split("`xtask/` — ")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("ARCHITECTURE.md has an entry for xtask/")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let missing: Vec<&String> = commands
        .iter()
        .filter(|command| {
            !line.contains(&format!(" {command} "))
                && !line.contains(&format!(" {command}`"))
                && !line.contains(&format!("`cargo xtask {command} "))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's xtask/ entry leaves out {missing:?}"
    );
}

#[test]
fn every_xtask_command_the_readme_shows_exists() {
    let commands = xtask_commands();
    let readme = read("README.md");
    let shown: BTreeSet<&str> = readme
        .split("cargo xtask ")
        .skip(1)
        .filter_map(|rest| {
            rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .next()
        })
        .collect();
    let unknown: Vec<&&str> = shown
        .iter()
        .filter(|command| !commands.iter().any(|known| known == *command))
        .collect();
    assert!(
        unknown.is_empty(),
        "the README shows xtask commands that do not exist: {unknown:?}"
    );
}
