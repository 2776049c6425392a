//! The editor's folder view, computed: a folder's files (given by the page,
//! nothing read from elsewhere) as the stack of a root template and its
//! environments, linted file by file as `heatwise lint --stack` lints
//! them, and migrated as `heatwise fix --stack` migrates them. Results are
//! JSON with positions in the editor's UTF-16 offsets.
//!
//! A module of its own so that the stack rules, the gathering and the
//! catalog's descriptions load only when someone opens a folder.

use heatwise_core::catalog::Catalog;
use heatwise_core::fixer::{fix_stack, FixOptions};
use heatwise_core::heat_conf::{self, EngineLimits};
use heatwise_core::kept::{self, manifest::Manifest, KeptDocuments};
use heatwise_core::lint::{Diagnostic, LintOptions, StackLinter};
use heatwise_core::release::Release;
use heatwise_core::stack::{Content, FileProvider, GatherCache, ReadError, Role, Stack};
use heatwise_core::template::{self, DocumentKind};
use heatwise_core::text::{Positions, TextRange};
use heatwise_core::update::{self, Action, StackInput};
use serde_json::{json, Value};

pub mod fleet;

/// Most files a folder may hold.
pub const MAX_FILES: usize = 10_000;
/// Most bytes of all its files together.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;

/// The URL a folder's files are named under: heatclient joins names onto
/// the referring file's URL, so `../` past it leaves the folder.
const BASE: &str = "file:///folder/";

/// A folder's files: paths relative to it, `/`-separated, and texts.
pub struct Folder {
    files: Vec<(String, String)>,
}

impl FileProvider for Folder {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        let Some(path) = url.strip_prefix(BASE) else {
            return Err(if url.starts_with("file:") {
                ReadError::OutsideProject
            } else {
                ReadError::Remote
            });
        };
        self.files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, text)| Content::Text(text.clone()))
            .ok_or(ReadError::NotFound)
    }
}

/// What the stack is made of in the folder: the root, the environments in
/// order, the release to check against.
pub struct Choice {
    pub root: String,
    pub environments: Vec<String>,
    pub target: Option<Release>,
}

impl Choice {
    /// From the page: a path, a JSON list of paths, a release (`""` for
    /// the newest). What does not read is left out.
    pub fn read(root: &str, environments: &str, target: &str) -> Choice {
        let environments = serde_json::from_str::<Vec<String>>(environments).unwrap_or_default();
        Choice {
            root: root.to_owned(),
            environments,
            target: Release::parse(target).ok(),
        }
    }
}

/// `work` on the folder given as JSON (`[{"path", "text"}]`), or
/// `{"error"}` when it is not one heatwise takes.
pub fn with_files(json: &str, work: impl FnOnce(&Folder) -> Value) -> Value {
    let items: Vec<Value> = match serde_json::from_str(json) {
        Ok(Value::Array(items)) => items,
        _ => return json!({ "error": "the folder's files did not arrive" }),
    };
    if items.len() > MAX_FILES {
        let error =
            format!("the folder has more than {MAX_FILES} files: open the stack's own folder");
        return json!({ "error": error });
    }
    let mut files = Vec::with_capacity(items.len());
    let mut bytes = 0;
    for item in items {
        let (Some(path), Some(text)) = (item["path"].as_str(), item["text"].as_str()) else {
            continue;
        };
        bytes += text.len();
        if bytes > MAX_BYTES {
            let megabytes = MAX_BYTES / 1024 / 1024;
            let error = format!(
                "the folder's files hold more than {megabytes} MB: open the stack's own folder"
            );
            return json!({ "error": error });
        }
        files.push((path.to_owned(), text.to_owned()));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    work(&Folder { files })
}

/// What the folder offers a stack: its templates and environment files,
/// and the first stack of its `heatwise.toml`, if it has one.
pub fn candidates(folder: &Folder) -> Value {
    let mut templates = Vec::new();
    let mut environments = Vec::new();
    for (path, text) in &folder.files {
        if !is_yaml(path) {
            continue;
        }
        match template::parse(text).kind() {
            DocumentKind::Hot | DocumentKind::CloudFormation => templates.push(path),
            DocumentKind::Environment => environments.push(path),
            DocumentKind::Unknown => {}
        }
    }
    let project = folder
        .files
        .iter()
        .find(|(path, _)| path == "heatwise.toml")
        .and_then(|(_, text)| project_stack(text));
    json!({
        "templates": templates,
        "environments": environments,
        "project": project.map(|(root, environments)| {
            json!({ "root": root, "environments": environments })
        }),
    })
}

fn is_yaml(path: &str) -> bool {
    [".yaml", ".yml", ".template", ".json"]
        .iter()
        .any(|suffix| path.ends_with(suffix))
}

/// The `root` and `environments` of the first `[[stack]]` of a project
/// file, read as `heatwise lint` reads it; none where it cannot be read
/// (the view offers the choice itself).
fn project_stack(text: &str) -> Option<(String, Vec<String>)> {
    let file = heatwise_core::project::parse(text).ok()?;
    let stack = file.stacks.into_iter().next()?;
    Some((stack.root, stack.environments))
}

/// The engine's limits the heat.conf the folder's `heatwise.toml` names
/// (`heat-conf`, a file of the folder) sets; Heat's defaults without one.
fn limits(folder: &Folder) -> EngineLimits {
    let file = |wanted: &str| {
        let wanted = wanted.trim_start_matches("./");
        folder.files.iter().find(|(path, _)| path == wanted)
    };
    file("heatwise.toml")
        .and_then(|(_, text)| heatwise_core::project::parse(text).ok()?.heat_conf)
        .and_then(|conf| heat_conf::parse(&file(&conf)?.1).ok())
        .unwrap_or_default()
}

/// The stack the choice makes of the folder: a stack as Heat keeps it
/// when the choice is the stack of the folder's `heatwise.toml` and that
/// names a dump's manifest (`stored-files`), its files then looked up as
/// Heat's engine looks them up; else the files as heatclient gathers them.
struct Gathered {
    stack: Stack,
    kept: Option<(Manifest, KeptDocuments)>,
}

impl Gathered {
    fn of(folder: &Folder, choice: &Choice) -> Result<Gathered, String> {
        if let Some(manifest) = stored_files(folder, choice) {
            let dir = manifest.rsplit_once('/').map_or("", |(dir, _)| dir);
            let dir = if dir.is_empty() {
                String::new()
            } else {
                format!("{dir}/")
            };
            let (manifest, documents) = fleet::read_dump(folder, &dir)?;
            return Ok(Gathered {
                stack: documents.gather(),
                kept: Some((manifest, documents)),
            });
        }
        let url = |path: &str| format!("{BASE}{path}");
        let environments: Vec<String> = choice.environments.iter().map(|e| url(e)).collect();
        Ok(Gathered {
            stack: Stack::gather(&url(&choice.root), &environments, folder),
            kept: None,
        })
    }

    /// A file's URL as the folder names it.
    fn path_of(&self, url: &str) -> String {
        match &self.kept {
            Some(_) => kept::shown(url),
            None => url.strip_prefix(BASE).unwrap_or(url).to_owned(),
        }
    }
}

/// The manifest the folder's `heatwise.toml` names for the chosen stack,
/// if it names one.
fn stored_files(folder: &Folder, choice: &Choice) -> Option<String> {
    let (_, text) = folder
        .files
        .iter()
        .find(|(path, _)| path == "heatwise.toml")?;
    let stack = heatwise_core::project::parse(text)
        .ok()?
        .stacks
        .into_iter()
        .next()?;
    let manifest = stack.stored_files?;
    (stack.root == choice.root).then(|| manifest.trim_start_matches("./").to_owned())
}

/// Every file of the stack with its findings, as `heatwise lint --stack`
/// finds them: `{"files": [{path, role, findings: [{code, name, severity,
/// message, from, to, line, column, related: [{path, message, from, to,
/// line, column}]}]}], "unread": [{path, message}]}`.
pub fn lint_stack(folder: &Folder, choice: &Choice) -> Value {
    let gathered = match Gathered::of(folder, choice) {
        Ok(gathered) => gathered,
        Err(why) => return json!({ "error": why }),
    };
    let stack = &gathered.stack;
    let linter = StackLinter::new(stack, &mut GatherCache::default());
    let options = LintOptions {
        limits: limits(folder),
        ..LintOptions::new(Catalog::builtin()).with_target(choice.target)
    };
    let files: Vec<Value> = linter
        .files()
        .into_iter()
        .map(|id| {
            let file = &stack.files[id];
            let found: Vec<Value> = linter
                .lint(id, &options)
                .iter()
                .map(|d| finding(&gathered, &file.text, d))
                .collect();
            let role = match file.role {
                Role::Root => "root",
                Role::Environment => "environment",
                Role::Nested => "nested",
                Role::Data => "data",
            };
            json!({ "path": gathered.path_of(&file.url), "role": role, "findings": found })
        })
        .collect();
    let unread: Vec<Value> = stack
        .unread
        .iter()
        .map(|(url, why)| {
            let message = match why {
                ReadError::NotFound => "the folder has no such file".to_owned(),
                other => format!("{other:?}"),
            };
            json!({ "path": gathered.path_of(url), "message": message })
        })
        .collect();
    json!({ "files": files, "unread": unread })
}

fn finding(gathered: &Gathered, text: &str, diagnostic: &Diagnostic) -> Value {
    let stack = &gathered.stack;
    let mut out = place(text, diagnostic.range);
    out["code"] = json!(diagnostic.code());
    out["name"] = json!(diagnostic.rule.name());
    out["severity"] = json!(diagnostic.severity.as_str());
    out["stage"] = json!(diagnostic.refused_at().map(|stage| stage.as_str()));
    out["message"] = json!(diagnostic.message);
    let related: Vec<Value> = diagnostic
        .related
        .iter()
        .filter_map(|related| {
            let other = &stack.files[stack.file(&related.url)?];
            let mut at = place(&other.text, related.range);
            at["path"] = json!(gathered.path_of(&related.url));
            at["message"] = json!(related.message);
            Some(at)
        })
        .collect();
    out["related"] = json!(related);
    out
}

/// A range as the editor takes it: UTF-16 offsets, 1-based line and
/// column.
fn place(text: &str, range: TextRange) -> Value {
    let at = Positions::new(text).location(range);
    json!({ "from": at.from, "to": at.to, "line": at.line, "column": at.column })
}

/// The stack migrated as `heatwise fix --stack` migrates it (safe fixes):
/// `{"changed": [{path, text, effects}], "refused": [{path, reason}], "broken":
/// [{path, rule, count}]}`; with `broken` not empty, the migration would
/// break what the files rely on of each other and must not be used.
pub fn migrate_stack(folder: &Folder, choice: &Choice) -> Value {
    let gathered = match Gathered::of(folder, choice) {
        Ok(gathered) => gathered,
        Err(why) => return json!({ "error": why }),
    };
    let stack = &gathered.stack;
    let options = FixOptions::new(LintOptions {
        limits: limits(folder),
        ..LintOptions::new(Catalog::builtin()).with_target(choice.target)
    });
    let migration = fix_stack(stack, &options);
    let changed: Vec<Value> = migration
        .changed()
        .map(|(url, text)| {
            // An environment changes no resource by itself; a kept stack's
            // update is judged whole (`stack`).
            let effects = match stack.file(url).map(|id| &stack.files[id]) {
                Some(file) if file.role != Role::Environment && gathered.kept.is_none() => {
                    running_effects(&file.text, text, choice.target)
                }
                _ => Value::Null,
            };
            json!({ "path": gathered.path_of(url), "text": text, "effects": effects })
        })
        .collect();
    let refused: Vec<Value> = migration
        .outcomes
        .iter()
        .filter_map(|(url, outcome)| {
            let reason = outcome.refused.as_ref()?;
            Some(json!({ "path": gathered.path_of(url), "reason": reason }))
        })
        .collect();
    let broken: Vec<Value> = migration
        .broken
        .iter()
        .map(|(url, rule, count)| {
            json!({ "path": gathered.path_of(url), "rule": rule, "count": count })
        })
        .collect();
    let mut out = json!({ "changed": changed, "refused": refused, "broken": broken });
    if let Some((manifest, documents)) = &gathered.kept {
        let plan = kept::migration::plan(documents, &options, false);
        out["stack"] = fleet::running_stack(manifest, &plan, choice.target, false);
    }
    out
}

/// What `openstack stack update --existing` with `after`, carried out by
/// Heat `target` (`None`: the newest), does to each resource of a running
/// stack made from `before` (both templates alone), as `heatwise fix` says
/// it: `[{name, type, action, effect}]`, the resources it leaves alone not
/// named; `{"error"}` when either template cannot be read.
pub fn running_effects(before: &str, after: &str, target: Option<Release>) -> Value {
    if before.len() + after.len() > MAX_BYTES {
        return json!({ "error": "the templates are too large to compare" });
    }
    let changes = match update::preview(
        &StackInput::template(before),
        &StackInput::template(after),
        Catalog::builtin().at(target),
    ) {
        Ok(changes) => changes,
        Err(why) => return json!({ "error": why }),
    };
    changes
        .iter()
        .filter(|change| change.action != Action::Unchanged)
        .map(|change| {
            json!({
                "name": change.name,
                "type": change.resource_type,
                "action": change.action.as_str(),
                "effect": change.effect.as_deref().unwrap_or(&change.why),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: &str = r##"[
      {"path": "heatwise.toml", "text": "target = \"2024.1\"\n[[stack]]\nroot = \"root.yaml\"\nenvironments = [\"env/registry.yaml\"]\n"},
      {"path": "root.yaml", "text": "heat_template_version: 2018-08-31\nresources:\n  app:\n    type: nested/app.yaml\n    properties: {flavor: m1.small}\n  web: {type: OS::App::Web}\n"},
      {"path": "nested/app.yaml", "text": "heat_template_version: 2018-08-31\nparameters:\n  key_name: {type: string}\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private\n"},
      {"path": "env/registry.yaml", "text": "resource_registry:\n  OS::App::Web: ../web.yaml\n"},
      {"path": "notes.md", "text": "# notes\n"}
    ]"##;

    #[test]
    fn the_folder_offers_its_templates_environments_and_project() {
        let view = with_files(FILES, candidates);
        assert_eq!(view["templates"], json!(["nested/app.yaml", "root.yaml"]));
        assert_eq!(view["environments"], json!(["env/registry.yaml"]));
        assert_eq!(
            view["project"],
            json!({"root": "root.yaml", "environments": ["env/registry.yaml"]})
        );
    }

    #[test]
    fn the_stack_is_linted_file_by_file_with_its_callers() {
        let choice = Choice::read("root.yaml", r#"["env/registry.yaml"]"#, "");
        let view = with_files(FILES, |folder| lint_stack(folder, &choice));
        let codes = |path: &str| -> Vec<String> {
            let file = view["files"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["path"] == path)
                .unwrap_or_else(|| panic!("{path} in {view}"));
            let mut codes: Vec<String> = file["findings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f["code"].as_str().unwrap().to_owned())
                .collect();
            codes.sort();
            codes
        };
        assert_eq!(codes("root.yaml"), ["HW403", "HW404"], "{view}");
        assert_eq!(codes("nested/app.yaml"), ["HW202"], "{view}");
        assert_eq!(codes("env/registry.yaml"), ["HW401"], "{view}");
        let hidden = &view["files"][1]["findings"][0];
        assert_eq!(hidden["related"][0]["path"], "root.yaml", "{view}");
        // An error says where Heat refuses it; a warning says nothing.
        assert_eq!(hidden["stage"], Value::Null, "{view}");
        let root = view["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["path"] == "root.yaml");
        let stages: Vec<&Value> = root.unwrap()["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| &f["stage"])
            .collect();
        assert_eq!(stages, [&json!("validate"), &json!("validate")], "{view}");
        assert_eq!(hidden["line"], 8);
    }

    #[test]
    fn the_stack_migrates_without_breaking_its_interfaces() {
        let choice = Choice::read("root.yaml", "[]", "");
        let view = with_files(FILES, |folder| migrate_stack(folder, &choice));
        assert_eq!(view["broken"], json!([]), "{view}");
        assert_eq!(view["changed"][0]["path"], "nested/app.yaml", "{view}");
        assert!(view["changed"][0]["text"]
            .as_str()
            .unwrap()
            .contains("      network: private\n"));
        assert!(with_files("{}", candidates)["error"].is_string());
        // A renamed property: Heat updates the port in place and sends
        // nothing.
        assert_eq!(view["changed"][0]["effects"][0]["name"], "port", "{view}");
        assert_eq!(
            view["changed"][0]["effects"][0]["action"], "updated",
            "{view}"
        );
    }

    #[test]
    fn a_migration_says_what_a_stack_update_does_to_each_running_resource() {
        let before = "heat_template_version: 2018-08-31\nresources:\n  ip:\n    type: OS::Nova::FloatingIP\n    properties: {pool: public}\n  port:\n    type: OS::Neutron::Port\n    properties: {network_id: private}\n  other:\n    type: OS::Neutron::Net\n";
        let after = "heat_template_version: 2018-08-31\nresources:\n  ip:\n    type: OS::Neutron::FloatingIP\n    properties: {floating_network: public}\n  port:\n    type: OS::Neutron::Port\n    properties: {network: private}\n  other:\n    type: OS::Neutron::Net\n";
        let effects = running_effects(before, after, None);
        let effects = effects.as_array().unwrap_or_else(|| panic!("{effects}"));
        let of = |name: &str| effects.iter().find(|e| e["name"] == name).cloned();
        assert_eq!(of("ip").unwrap()["action"], "replaced", "{effects:?}");
        assert!(
            of("ip").unwrap()["effect"]
                .as_str()
                .unwrap()
                .contains("new"),
            "{effects:?}"
        );
        assert_eq!(of("port").unwrap()["action"], "updated", "{effects:?}");
        assert_eq!(of("other"), None, "a resource left alone is not named");
        assert!(running_effects("[", after, None)["error"].is_string());
    }

    /// The folder's heatwise.toml names the cloud's heat.conf, and the
    /// nesting is judged by its limit.
    #[test]
    fn the_folder_s_heat_conf_sets_the_engine_s_limits() {
        let level = |n: usize| {
            json!({
                "path": format!("n{n}.yaml"),
                "text": format!(
                    "heat_template_version: 2018-08-31\nresources:\n  next: {{type: n{}.yaml}}\n",
                    n + 1
                )
            })
        };
        let mut files: Vec<Value> = (0..6).map(level).collect();
        files.push(json!({"path": "n6.yaml", "text": "heat_template_version: 2018-08-31\n"}));
        let choice = Choice::read("n0.yaml", "[]", "");
        let too_deep = |files: &[Value]| -> usize {
            let view = with_files(&Value::Array(files.to_vec()).to_string(), |folder| {
                lint_stack(folder, &choice)
            });
            view["files"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|f| f["findings"].as_array().unwrap())
                .filter(|f| f["code"] == "HW413")
                .count()
        };
        assert_eq!(too_deep(&files), 1);
        files.push(json!({
            "path": "heatwise.toml",
            "text": "heat-conf = \"etc/heat.conf\"\n[[stack]]\nroot = \"n0.yaml\"\n"
        }));
        files.push(json!({
            "path": "etc/heat.conf",
            "text": "[DEFAULT]\nmax_nested_stack_depth = 7\n"
        }));
        assert_eq!(too_deep(&files), 0);
    }
}
