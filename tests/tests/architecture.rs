//! ARCHITECTURE.md and the README stay true: every file or folder the map
//! names is in the repository, every `cargo xtask` command is on the map,
//! and every `cargo xtask` command the README shows exists.

mod source;

use std::collections::BTreeSet;

use source::{read, repository_paths, root};

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

#[test]
fn the_architecture_is_short() {
    let text = read("ARCHITECTURE.md");
    let lines = text.lines().count();
    assert!(lines <= 120, "ARCHITECTURE.md has {lines} lines; keep it at most 120, details go beside the code they describe");
    let wide: Vec<&str> = text
        .lines()
        .filter(|line| line.chars().count() > 100)
        .collect();
    assert!(
        wide.is_empty(),
        "ARCHITECTURE.md's lines are at most 100 columns: {wide:#?}"
    );
}

/// The README is a front door: what heatwise does, the two set-up
/// commands first, how to install and use it; contributors' set-up and
/// every command are in CONTRIBUTING.md.
#[test]
fn the_readme_is_a_front_door() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 150,
        "README.md has {lines} lines; keep it at most 150"
    );
    let commands: Vec<&str> = (readme.lines())
        .filter(|line| line.starts_with("cargo ") || line.starts_with("$ "))
        .take(2)
        .collect();
    assert!(commands[0].starts_with("cargo xtask serve"), "{commands:?}");
    assert!(commands[1].starts_with("cargo xtask test"), "{commands:?}");
    for command in ["lint", "fix", "lint --stack", "scan", "migrate"] {
        assert!(
            readme.contains(&format!("heatwise {command} ")),
            "the README shows {command}"
        );
    }
    assert!(read("CONTRIBUTING.md").contains("cargo xtask test"));
}

/// Every `.rs` file below `dir` (relative to the root), with its code
/// outside tests and comments (`source::code_of`): a `tests.rs` file or a
/// `tests/` folder is left out, and so is each `#[cfg(test)]` module
/// wherever the file declares it.
fn code_below(dir: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = repository_paths()
        .into_iter()
        .filter(|path| path.starts_with(dir) && path.ends_with(".rs"))
        .filter(|path| !path.ends_with("/tests.rs") && !path.contains("/tests/"))
        .map(|path| {
            let code = source::code_of(&read(&path));
            (path, code)
        })
        .collect();
    found.sort();
    found
}

/// The names `prefix` is followed by in the paths `code` names, grouped
/// imports expanded (`crate::` gives `lint`, `template`, ...).
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let prefix: Vec<&str> = prefix.split("::").filter(|p| !p.is_empty()).collect();
    source::paths(code)
        .into_iter()
        .filter(|path| path.len() > prefix.len() && path.iter().zip(&prefix).all(|(a, b)| a == b))
        .map(|path| path[prefix.len()].clone())
        .collect()
}

/// Each module of the crate under `dir` imports only modules of the
/// levels below its own (`crate::` paths in its code).
fn check_levels(dir: &str, levels: &[&[&str]]) {
    let level_of = |name: &str| levels.iter().position(|level| level.contains(&name));
    let mut wrong = Vec::new();
    for (path, code) in code_below(dir) {
        let module = path
            .trim_start_matches(dir)
            .split(['/', '.'])
            .next()
            .unwrap_or_default();
        let Some(own) = level_of(module) else {
            continue;
        };
        for used in names_after(&code, "crate::") {
            if used != module && level_of(&used).is_some_and(|level| level >= own) {
                wrong.push(format!(
                    "{path} imports `{used}`, which is not below `{module}`"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The core's layers, lowest first: the one list, which the code map of
/// ARCHITECTURE.md must give in the same order.
const CORE_LEVELS: &[&[&str]] = &[
    &[
        "text",
        "pattern",
        "hash",
        "project",
        "heat_conf",
        "suggest",
        "time",
    ],
    &["severity"],
    &["release"],
    &["syntax"],
    &["load"],
    &["template"],
    &["stack"],
    &["catalog"],
    &["update"],
    &["fix"],
    &["lint"],
    &["fixer", "baseline"],
    &["json", "kept"],
];

/// The core's modules import downward only, in the order of the code map.
#[test]
fn core_modules_import_downward_only() {
    check_levels("core/src/", CORE_LEVELS);
}

/// The code map names the core's modules (each `` `name`: `` of its list)
/// in the order of [`CORE_LEVELS`].
#[test]
fn the_code_map_lists_the_core_s_layers_in_order() {
    let map = read("ARCHITECTURE.md");
    let start = map
        .find("`core/` — crate")
        .expect("the core in the code map");
    let end = start
        + map[start..]
            .find("Inside `core/src/lint/`")
            .expect("the lint's layers");
    let listed: Vec<&str> = map[start..end]
        .match_indices("`:")
        .filter_map(|(at, _)| {
            let open = map[start..start + at].rfind('`')?;
            let name = &map[start + open + 1..start + at];
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c == '_')
                .then_some(name)
        })
        .collect();
    let levels: Vec<&str> = CORE_LEVELS
        .iter()
        .flat_map(|level| level.iter().copied())
        .collect();
    assert_eq!(listed, levels);
}

/// An update is judged on the template model the rules read (`template`,
/// `stack`): never on a second reading through JSON.
#[test]
fn the_update_reads_the_one_template_model() {
    let update = code_below("core/src/update/");
    assert!(update.len() >= 4, "{update:?}");
    for (path, code) in update {
        assert!(!code.contains("serde_json"), "{path} uses serde_json");
        assert!(
            !names_after(&code, "crate::").contains("load"),
            "{path} reads through load"
        );
    }
}

/// The ORC export is one-way: the kinds and sections write through the
/// context and never call back into the export that drives them.
#[test]
fn orc_modules_import_downward_only() {
    check_levels(
        "orc/src/",
        &[
            &["manifest"],
            &["schema", "yaml"],
            &["finding", "names", "stack_resources"],
            &["options"],
            &["eval"],
            &["plan", "frames"],
            &["context"],
            &["kinds", "sections"],
            &["groups"],
            &["nested"],
            &["export"],
            &["render", "release"],
        ],
    );
}

/// The rules' layers: `check` (the traversal) above `rules` above
/// `migrate` above `lifecycle` above the reporting context. A rule imports
/// no other rule and never the traversal.
#[test]
fn lint_layers_import_downward_only() {
    let rules: BTreeSet<String> = repository_paths()
        .into_iter()
        .filter_map(|path| {
            let name = path
                .strip_prefix("core/src/lint/rules/")?
                .strip_suffix(".rs")?;
            (!name.contains('/') && name != "mod").then(|| name.to_owned())
        })
        .collect();
    let layer = |path: &str| -> usize {
        let file = path.trim_start_matches("core/src/lint/");
        match file.split(['/', '.']).next().unwrap_or_default() {
            "mod" => 5,
            "check" => 4,
            "rules" => 3,
            "migrate" => 2,
            "lifecycle" => 1,
            _ => 0,
        }
    };
    let layer_of_name = |name: &str| match name {
        "check" => Some(4),
        "rules" => Some(3),
        "migrate" => Some(2),
        "lifecycle" => Some(1),
        _ => None,
    };
    let mut wrong = Vec::new();
    for (path, code) in code_below("core/src/lint/") {
        let own = layer(&path);
        let in_rules = path.starts_with("core/src/lint/rules/") && !path.ends_with("/mod.rs");
        let mut used: BTreeSet<String> = names_after(&code, "crate::lint::");
        // `super::` from a file of `lint/` itself names a module of `lint`.
        if path.matches('/').count() == 3 {
            used.extend(names_after(&code, "super::"));
        }
        used.extend(names_after(&code, "super::super::"));
        for name in &used {
            if layer_of_name(name).is_some_and(|layer| layer > own) {
                wrong.push(format!("{path} imports `{name}`, a layer above it"));
            }
        }
        if in_rules {
            let own_name = path
                .trim_start_matches("core/src/lint/rules/")
                .trim_end_matches(".rs");
            let mut named = names_after(&code, "crate::lint::rules::");
            named.extend(names_after(&code, "super::"));
            for other in named
                .iter()
                .filter(|n| rules.contains(*n) && *n != own_name)
            {
                wrong.push(format!("{path} imports the rule `{other}`"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The rules, as `rule.rs` declares them: (variant, documentation file).
fn declared_rules() -> Vec<(String, String)> {
    read("core/src/lint/rule.rs")
        .lines()
        .filter_map(|line| {
            let (variant, rest) = line.trim().split_once(" = \"HW")?;
            let doc = rest.split('"').nth(4)?;
            Some((variant.to_owned(), doc.to_owned()))
        })
        .collect()
}

/// A newcomer finds any rule's check, fix, tests and docs in one file,
/// named by the rule: `core/src/lint/rules/<rule>.rs`, which includes its
/// `<rule>.md` as its doc and is the only code that reports the rule.
#[test]
fn each_rule_is_one_file() {
    let rules = declared_rules();
    assert!(rules.len() >= 40, "{rules:?}");
    let code = code_below("core/src/");
    let mut wrong = Vec::new();
    for (variant, doc) in &rules {
        let file = format!("core/src/lint/rules/{doc}.rs");
        let Ok(text) = std::fs::read_to_string(root().join(&file)) else {
            wrong.push(format!("{variant}: no {file}"));
            continue;
        };
        if !text.starts_with(&format!("#![doc = include_str!(\"{doc}.md\")]")) {
            wrong.push(format!(
                "{file} does not start with its documentation, {doc}.md"
            ));
        }
        let mention = format!("Rule::{variant}");
        let named_by: Vec<&String> = code
            .iter()
            .filter(|(path, code)| {
                path != "core/src/lint/rule.rs"
                    && code.match_indices(&mention).any(|(at, _)| {
                        !code[at + mention.len()..]
                            .starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
            })
            .map(|(path, _)| path)
            .collect();
        if named_by != [&file] {
            wrong.push(format!(
                "{mention} is used by {named_by:?}, not by {file} alone"
            ));
        }
        if !text.contains("#[cfg(test)]") {
            wrong.push(format!("{file} has no tests"));
        }
        // The `.md` is the one text of the rule: no `//!` restating it.
        if text.lines().any(|line| line.starts_with("//!")) {
            wrong.push(format!("{file} documents itself beside {doc}.md"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
