//! The repository's Rust read as the tidy checks need it: whole files
//! without their test modules or comments, the paths they name (grouped
//! imports expanded), and the file each path leads to.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap()
}

/// Every path below the root, with `/` between its parts, leaving out
/// what is built or installed.
pub fn repository_paths() -> Vec<String> {
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

/// The crates' source folders, relative to the root.
pub const CRATES: &[&str] = &[
    "core/src/",
    "orc/src/",
    "cli/src/",
    "web/src/",
    "web/orc-module/src/",
    "web/folder-module/src/",
    "js/src/",
    "xtask/src/",
    "tests/support/src/",
];

/// `text` without its comment lines and without every item under
/// `#[cfg(test)]` (a `mod tests;` line, or a block up to the `}` at its
/// indentation, which rustfmt keeps), wherever the file declares it.
pub fn code_of(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let indent = &line[..line.len() - trimmed.len()];
            let mut item = at + 1;
            while lines
                .get(item)
                .is_some_and(|l| l.trim_start().starts_with("#["))
            {
                item += 1;
            }
            let Some(first) = lines.get(item) else { break };
            at = if first.trim_end().ends_with(';') {
                item + 1
            } else {
                let closing = format!("{indent}}}");
                (item..lines.len())
                    .find(|&end| lines[end].trim_end() == closing)
                    .map_or(lines.len(), |end| end + 1)
            };
            continue;
        }
        if !trimmed.starts_with("//") {
            kept.push(line);
        }
        at += 1;
    }
    kept.join("\n")
}

/// Every path `code` names from `crate`, `super` or `self`, split at
/// `::`: each `use` tree expanded (`use crate::{a::X, b::{Y, Z}}` names
/// `crate::a::X`, `crate::b::Y` and `crate::b::Z`), and each path written
/// in the code itself.
pub fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for statement in use_trees(code) {
        expand(&[], &statement, &mut found);
    }
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let path: Vec<String> = code[at..]
                .split("::")
                .map(|part| {
                    part.chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect::<String>()
                })
                .scan(true, |whole, part| {
                    // A part cut short ends the path after it.
                    let keep = *whole && !part.is_empty();
                    *whole = keep;
                    keep.then_some(part)
                })
                .collect();
            found.push(path);
        }
    }
    found.retain(|path| {
        matches!(
            path.first().map(String::as_str),
            Some("crate" | "super" | "self")
        )
    });
    found
}

/// The trees of the `use` statements, spaces removed.
fn use_trees(code: &str) -> Vec<String> {
    let mut trees = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        let prefix = before[line_start..].trim();
        let statement_start = prefix.is_empty()
            || prefix == "pub"
            || (prefix.starts_with("pub(") && prefix.ends_with(')'));
        let after = &rest[at + 4..];
        match after.find(';') {
            Some(end) if statement_start => {
                trees.push(normalised(&after[..end]));
                rest = &after[end..];
            }
            _ => rest = after,
        }
    }
    trees
}

/// `tree` with no whitespace but one space between two words
/// (`X as Y`).
fn normalised(tree: &str) -> String {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::new();
    let mut space = false;
    for c in tree.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && out.ends_with(word) && word(c) {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}

fn expand(prefix: &[String], tree: &str, found: &mut Vec<Vec<String>>) {
    let Some(open) = tree.find('{') else {
        let mut path = prefix.to_vec();
        let tree = tree.split(" as ").next().unwrap_or(tree);
        path.extend(
            tree.split("::")
                .filter(|p| !p.is_empty())
                .map(str::to_owned),
        );
        found.push(path);
        return;
    };
    let mut head = prefix.to_vec();
    head.extend(
        tree[..open]
            .split("::")
            .filter(|p| !p.is_empty())
            .map(str::to_owned),
    );
    let body = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (at, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&head, &body[start..at], found);
                start = at + 1;
            }
            _ => {}
        }
    }
    if start < body.len() {
        expand(&head, &body[start..], found);
    }
}

/// The module path of the file `path` (relative to its crate's source
/// folder): `stack/gather.rs` is `[stack, gather]`, `stack/mod.rs` and
/// `lib.rs` are `[stack]` and `[]`.
pub fn module_of(path: &str) -> Vec<String> {
    let mut parts: Vec<String> = path
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if parts
        .last()
        .is_some_and(|last| ["mod", "lib", "main"].contains(&last.as_str()))
    {
        parts.pop();
    }
    parts
}

/// The file (relative to the crate's source folder `src`) that the
/// `crate`/`super`/`self` path `path` leads to from the file `from`: the
/// longest module prefix that is a file.
pub fn file_of(src: &Path, from: &str, path: &[String]) -> Option<String> {
    let mut module = module_of(from);
    let mut parts = path.iter().peekable();
    match parts.peek().map(|p| p.as_str()) {
        Some("crate") => {
            module.clear();
            parts.next();
        }
        _ => {
            while let Some(part) = parts.next_if(|p| *p == "super" || *p == "self") {
                if part == "super" {
                    module.pop();
                }
            }
        }
    }
    // `use crate::folder::{self, ...}` names the module itself.
    module.extend(parts.filter(|p| *p != "self").cloned());
    (0..=module.len()).rev().find_map(|length| {
        let prefix = module[..length].join("/");
        let candidates = if length == 0 {
            vec!["lib.rs".to_owned(), "main.rs".to_owned()]
        } else {
            vec![format!("{prefix}.rs"), format!("{prefix}/mod.rs")]
        };
        candidates.into_iter().find(|c| src.join(c).is_file())
    })
}

/// The functions of a file longer than `max` lines: (name, lines). A
/// function runs from its `fn` line to the `}` at its indentation.
pub fn long_functions(text: &str, max: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let signature = [
            "pub(crate) fn ",
            "pub(super) fn ",
            "pub fn ",
            "fn ",
            "const fn ",
        ]
        .iter()
        .find_map(|prefix| trimmed.strip_prefix(prefix));
        let Some(signature) = signature else {
            continue;
        };
        let name: String = signature
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let closing = format!("{indent}}}");
        // A declaration without a body ends at its `;`.
        if lines[start..]
            .iter()
            .map(|l| l.trim_end())
            .find(|l| l.ends_with('{') || l.ends_with(';'))
            .is_some_and(|l| l.ends_with(';'))
        {
            continue;
        }
        let Some(end) = lines[start..].iter().position(|l| *l == closing) else {
            continue;
        };
        let length = end + 1;
        if length > max {
            long.push((name, length));
        }
    }
    long
}
