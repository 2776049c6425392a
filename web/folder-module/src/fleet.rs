//! The fleet page's data: the stack dumps a folder holds (`heatwise scan
//! --dump DIR`, each `PROJECT/STACK/stack.json` and what it names), each
//! stack gathered as Heat's engine finds its files and linted as `heatwise
//! scan --dumps DIR` lints it, with what `heatwise migrate` would do to it;
//! summarized as `scan` summarizes. Nothing here is sent anywhere.

use std::collections::BTreeMap;

use heatwise_core::catalog::Catalog;
use heatwise_core::fixer::FixOptions;
use heatwise_core::kept::manifest::Manifest;
use heatwise_core::kept::migration::{self, Migration};
use heatwise_core::kept::summary::{self, StackFindings};
use heatwise_core::kept::{shown, KeptDocuments, ENVIRONMENT, MANIFEST, TEMPLATE};
use heatwise_core::lint::{Diagnostic, LintOptions, StackLinter};
use heatwise_core::release::Release;
use heatwise_core::stack::GatherCache;
use heatwise_core::text::Positions;
use heatwise_core::update::Action;
use serde_json::{json, Value};

use crate::Folder;

/// Most stacks one folder's dumps may hold.
pub const MAX_STACKS: usize = 5_000;

/// One dump of the folder: where it is, who the stack is, its documents.
struct Dump {
    /// The dump's folder within the opened one (`""`, or `PROJECT/STACK/`).
    folder: String,
    manifest: Manifest,
    documents: KeptDocuments,
}

/// Whether the folder holds stack dumps (then the page opens it as a
/// fleet).
pub fn holds_dumps(folder: &Folder) -> bool {
    manifests(folder).next().is_some()
}

/// The folder's manifests: `stack.json` at its top or one or two levels
/// down, as `heatwise scan --dumps` finds them, that say they are one.
fn manifests(folder: &Folder) -> impl Iterator<Item = (&str, &str)> {
    folder.files.iter().filter_map(|(path, text)| {
        let dir = path.strip_suffix(MANIFEST)?;
        let depth = dir.matches('/').count();
        let at_a_folder = dir.is_empty() || dir.ends_with('/');
        (at_a_folder && depth <= 2 && Manifest::is_one(text)).then_some((dir, text.as_str()))
    })
}

/// Each dump read, or why it could not be, by its manifest's path.
fn dumps(folder: &Folder) -> (Vec<Dump>, Vec<Value>) {
    let (mut read, mut errors) = (Vec::new(), Vec::new());
    for (dir, _) in manifests(folder) {
        if read.len() >= MAX_STACKS {
            let message = format!("more than {MAX_STACKS} stacks: open a project's folder");
            errors.push(json!({ "path": dir, "message": message }));
            break;
        }
        match read_dump(folder, dir) {
            Ok((manifest, documents)) => read.push(Dump {
                folder: dir.to_owned(),
                manifest,
                documents,
            }),
            Err(why) => errors.push(json!({ "path": format!("{dir}{MANIFEST}"), "message": why })),
        }
    }
    (read, errors)
}

/// The stack dumped in the folder's `dir` (`""` or ending in `/`): its
/// manifest and what Heat keeps of it, or why it cannot be read.
pub(crate) fn read_dump(folder: &Folder, dir: &str) -> Result<(Manifest, KeptDocuments), String> {
    let text_of = |path: &str| {
        let at = folder.files.binary_search_by(|(p, _)| p.as_str().cmp(path));
        at.ok().map(|at| folder.files[at].1.clone())
    };
    let manifest_path = format!("{dir}{MANIFEST}");
    let text =
        text_of(&manifest_path).ok_or_else(|| format!("{manifest_path} is not in the folder"))?;
    let manifest = Manifest::read(&text)?;
    let mut documents = KeptDocuments::default();
    let mut missing = Vec::new();
    let mut take = |place: &str| {
        text_of(&format!("{dir}{place}")).unwrap_or_else(|| {
            missing.push(format!("{dir}{place}"));
            String::new()
        })
    };
    if manifest.unread.is_none() {
        documents.template = take(TEMPLATE);
        documents.environment = take(ENVIRONMENT);
        for (url, place) in &manifest.files {
            documents.files.insert(url.clone(), take(place));
        }
    }
    if !missing.is_empty() {
        return Err(format!("the dump lacks {}", missing.join(", ")));
    }
    Ok((manifest, documents))
}

/// The folder's dumps as the fleet page shows them: `heatwise scan`'s JSON
/// report (`stacks` with their `findings`, `summary`), each stack with its
/// `dump` folder and its `migration` (`safe`, and `unsafe` with every fix:
/// `{files, resources: [{name, type, action, effect}], skipped: [why]}`),
/// and `errors` (`[{path, message}]`) for the dumps that could not be read.
pub fn scan_dumps(folder: &Folder, target: Option<Release>) -> Value {
    let (dumps, errors) = dumps(folder);
    let lint = || LintOptions::new(Catalog::builtin()).with_target(target);
    let mut cache = GatherCache::default();
    let mut stacks = Vec::with_capacity(dumps.len());
    let mut findings: Vec<Vec<Diagnostic>> = Vec::with_capacity(dumps.len());
    for dump in &dumps {
        let mut found = Vec::new();
        let mut shown_findings = Vec::new();
        if dump.manifest.unread.is_none() {
            let stack = dump.documents.gather();
            let linter = StackLinter::new(&stack, &mut cache);
            for id in linter.files() {
                let file = &stack.files[id];
                let positions = Positions::new(&file.text);
                for diagnostic in linter.lint(id, &lint()) {
                    let at = positions.location(diagnostic.range);
                    shown_findings.push(json!({
                        "path": shown(&file.url),
                        "code": diagnostic.code(),
                        "severity": diagnostic.severity.as_str(),
                        "stage": diagnostic.refused_at().map(|stage| stage.as_str()),
                        "message": diagnostic.message,
                        "line": at.line,
                    }));
                    found.push(diagnostic);
                }
            }
        }
        let migrations = (dump.manifest.unread.is_none()).then(|| {
            let plan = |unsafe_fixes: bool| {
                let mut options = FixOptions::new(lint());
                options.unsafe_fixes = unsafe_fixes;
                let plan = migration::plan(&dump.documents, &options, false);
                running_stack(&dump.manifest, &plan, target, unsafe_fixes)
            };
            json!({ "safe": plan(false), "unsafe": plan(true) })
        });
        let manifest = &dump.manifest;
        stacks.push(json!({
            "project": manifest.project,
            "project_id": manifest.project_id,
            "name": manifest.name,
            "id": manifest.id,
            "status": manifest.status,
            "status_reason": manifest.status_reason,
            "hidden": manifest.hidden,
            "unread": manifest.unread,
            "dump": dump.folder,
            "findings": shown_findings,
            "migration": migrations,
        }));
        findings.push(found);
    }
    let summary = summary::summarize(
        &dumps
            .iter()
            .zip(&findings)
            .map(|(dump, found)| StackFindings {
                project: &dump.manifest.project,
                status: &dump.manifest.status,
                hidden: dump.manifest.hidden,
                unread: dump.manifest.unread.is_some(),
                diagnostics: found.iter().collect(),
            })
            .collect::<Vec<_>>(),
    );
    json!({ "stacks": stacks, "summary": summary, "errors": errors })
}

/// What a stack's migration changes and does to each running resource,
/// why it would not be sent as it is, and the command that sends it:
/// `{files, resources: [{name, type, action, effect}], actions: {action:
/// count}, skipped: [why], command}`.
pub fn running_stack(
    manifest: &Manifest,
    migration: &Migration,
    target: Option<Release>,
    unsafe_fixes: bool,
) -> Value {
    let files: Vec<String> = migration.files.keys().map(|url| shown(url)).collect();
    let mut actions: BTreeMap<&str, usize> = BTreeMap::new();
    let resources: Vec<Value> = (migration.resources.iter())
        .filter(|change| change.action != Action::Unchanged)
        .map(|change| {
            *actions.entry(change.action.as_str()).or_default() += 1;
            json!({
                "name": change.name,
                "type": change.resource_type,
                "action": change.action.as_str(),
                "effect": change.effect.as_deref().unwrap_or(&change.why),
            })
        })
        .collect();
    let skipped: Vec<&str> = migration
        .skipped
        .iter()
        .map(|(_, why)| why.as_str())
        .collect();
    let mut command = vec![
        "heatwise migrate".to_owned(),
        format!("--project {}", quoted(&manifest.project)),
        format!("--stack {}", quoted(&manifest.name)),
    ];
    if let Some(target) = target {
        command.push(format!("--target {target}"));
    }
    if unsafe_fixes {
        command.push("--unsafe".to_owned());
    }
    if actions.contains_key(Action::Replaced.as_str()) {
        command.push("--allow-replace".to_owned());
    }
    command.push("--apply".to_owned());
    json!({
        "files": files,
        "resources": resources,
        "actions": actions,
        "skipped": skipped,
        "command": command.join(" "),
    })
}

/// A word as a POSIX shell reads it back.
fn quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.:/@+=,".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::{lint_stack, migrate_stack, with_files, Choice};

    fn fixture() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
    }

    /// The files under `dir`, as the page gives a folder: relative paths.
    fn files_under(dir: &Path) -> String {
        fn walk(dir: &Path, top: &Path, out: &mut Vec<Value>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, top, out);
                } else {
                    let relative = path.strip_prefix(top).unwrap().to_string_lossy();
                    let text = std::fs::read_to_string(&path).unwrap();
                    out.push(json!({ "path": relative, "text": text }));
                }
            }
        }
        let mut out = Vec::new();
        walk(dir, dir, &mut out);
        Value::Array(out).to_string()
    }

    fn actions(resources: &Value) -> Vec<String> {
        (resources.as_array().unwrap().iter())
            .map(|r| {
                format!(
                    "{} {}",
                    r["name"].as_str().unwrap(),
                    r["action"].as_str().unwrap()
                )
            })
            .collect()
    }

    fn scanned() -> Value {
        let files = files_under(&fixture().join("dumps"));
        with_files(&files, |folder| {
            assert!(holds_dumps(folder));
            scan_dumps(folder, None)
        })
    }

    /// The page's scan of the dumps finds what `heatwise scan DIR` finds
    /// (`cli/tests/scan.rs` holds the CLI to the same file).
    #[test]
    fn the_dumps_are_scanned_as_the_cli_scans_them() {
        let scan = scanned();
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(fixture().join("dumps.findings.json")).unwrap(),
        )
        .unwrap();
        let mut found = Vec::new();
        for stack in scan["stacks"].as_array().unwrap() {
            for finding in stack["findings"].as_array().unwrap() {
                found.push(json!({
                    "stack": format!("{}/{}", stack["project"].as_str().unwrap(), stack["name"].as_str().unwrap()),
                    "path": finding["path"], "code": finding["code"], "line": finding["line"],
                }));
            }
        }
        found.sort_by_key(|f| f["stack"].as_str().unwrap().to_owned());
        assert_eq!(Value::Array(found), expected["findings"], "{scan}");
        let usages: Vec<&Value> = (scan["summary"]["usages"].as_array().unwrap().iter())
            .map(|u| &u["subject"])
            .collect();
        assert_eq!(json!(usages), expected["usages"]);
        assert_eq!(scan["summary"]["stacks"], 4);
        assert_eq!(scan["errors"], json!([]));
    }

    #[test]
    fn each_stack_says_what_its_migration_does_to_what_runs() {
        let scan = scanned();
        let stack = |name: &str| {
            (scan["stacks"].as_array().unwrap().iter())
                .find(|s| s["name"] == name)
                .unwrap()
                .clone()
        };
        let web = stack("web");
        assert_eq!(web["dump"], "demo/web/");
        let safe = &web["migration"]["safe"];
        assert_eq!(
            safe["files"],
            json!(["files/srv/stacks/web/app.yaml"]),
            "{web}"
        );
        // The nested stack is updated (Heat always updates a template
        // resource), and the port inside it in place.
        assert_eq!(
            actions(&safe["resources"]),
            ["app updated", "app/port updated"]
        );
        assert_eq!(
            safe["command"],
            "heatwise migrate --project demo --stack web --apply"
        );
        // Heat applies the translation to the old properties: the
        // password is kept.
        let db = stack("db");
        assert_eq!(db["migration"]["safe"]["resources"][0]["action"], "updated");
        // The floating IP's migration needs --unsafe and replaces it.
        let edge = stack("edge");
        assert_eq!(edge["migration"]["safe"]["files"], json!([]));
        let full = &edge["migration"]["unsafe"];
        assert_eq!(full["actions"]["replaced"], 1, "{edge}");
        assert_eq!(
            full["command"],
            "heatwise migrate --project ops --stack edge --unsafe --allow-replace --apply"
        );
        assert!(full["skipped"][0].as_str().unwrap().contains("replaced"));
        assert_eq!(stack("quiet")["migration"]["unsafe"]["files"], json!([]));
    }

    /// A dump opened in the folder view is the stack as Heat keeps it: its
    /// files found as the engine finds them, its migration judged whole.
    #[test]
    fn a_dump_opens_in_the_folder_view_as_heat_keeps_it() {
        let files = files_under(&fixture().join("dumps/demo/web"));
        let choice = Choice::read("template.yaml", r#"["environment.yaml"]"#, "");
        let linted = with_files(&files, |folder| lint_stack(folder, &choice));
        let paths: Vec<&Value> = (linted["files"].as_array().unwrap().iter())
            .filter(|f| !f["findings"].as_array().unwrap().is_empty())
            .map(|f| &f["path"])
            .collect();
        assert_eq!(paths, [&json!("files/srv/stacks/web/app.yaml")], "{linted}");
        assert_eq!(linted["unread"], json!([]), "{linted}");
        let migrated = with_files(&files, |folder| migrate_stack(folder, &choice));
        assert_eq!(
            migrated["changed"][0]["path"],
            "files/srv/stacks/web/app.yaml"
        );
        let stack = &migrated["stack"];
        assert_eq!(
            actions(&stack["resources"]),
            ["app updated", "app/port updated"]
        );
        assert_eq!(
            stack["command"],
            "heatwise migrate --project demo --stack web --apply"
        );
        assert_eq!(quoted("it's"), "'it'\\''s'");
    }
}
