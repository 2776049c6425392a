//! The folder view's model: a folder opened in the page (nothing leaves
//! it), the stack chosen in it (a root template and its environments), the
//! findings of every file of that stack, and "Migrate all" over the stack.
//! The stack is linted and migrated by a module of its own
//! (`heatwise-folder-module`, loaded by `js/folder.js` the first time a
//! folder is opened), so that it adds nothing to the page's first load.

use std::rc::Rc;

use heatwise_core::lint::{Severity, Stage};
use heatwise_core::release::Release;
use js_sys::Promise;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use crate::orc::{describe, field, items, number, text};
use crate::outline::Utf16Range;
use crate::running::{self, RunningEffects};
use crate::scan::ScanReport;

#[wasm_bindgen(module = "/js/folder.js")]
extern "C" {
    #[wasm_bindgen(js_name = chooseFolder)]
    fn choose_folder() -> Promise;
    #[wasm_bindgen(js_name = isFolderDrop)]
    pub fn is_folder_drop(data: &web_sys::DataTransfer) -> bool;
    #[wasm_bindgen(js_name = folderFromDrop)]
    fn folder_from_drop(data: &web_sys::DataTransfer) -> Promise;
    #[wasm_bindgen(js_name = folderCandidates)]
    fn folder_candidates(files: &str) -> Promise;
    #[wasm_bindgen(js_name = lintFolder)]
    fn lint_folder(files: &str, root: &str, environments: &str, target: &str) -> Promise;
    #[wasm_bindgen(js_name = migrateFolder)]
    fn migrate_folder(files: &str, root: &str, environments: &str, target: &str) -> Promise;
    #[wasm_bindgen(js_name = downloadZip)]
    fn download_zip(name: &str, files: &str);
    #[wasm_bindgen(js_name = scanDumps)]
    fn scan_dumps(files: &str, target: &str) -> Promise;
}

/// The stack chosen in a folder: its root template and its environments,
/// in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackChoice {
    pub root: Option<Rc<str>>,
    pub environments: Rc<[Rc<str>]>,
}

/// One file of the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderFile {
    /// Relative to the folder, `/`-separated.
    pub path: Rc<str>,
    pub text: Rc<str>,
}

/// An opened folder and the stack chosen in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Folder {
    pub name: Rc<str>,
    pub files: Rc<[FolderFile]>,
    /// Files read from the folder but left out (binary, too large).
    pub skipped: usize,
    /// The templates and environment files it holds, for the choice.
    pub templates: Rc<[Rc<str>]>,
    pub environments: Rc<[Rc<str>]>,
    pub root: Option<Rc<str>>,
    /// The environments of the stack, in the order given.
    pub chosen: Rc<[Rc<str>]>,
    /// The file shown in the editor, if one of the folder's is.
    pub open: Option<Rc<str>>,
    /// Bumped at each change of the files or the choice: a view made for
    /// an older revision is dropped.
    pub revision: u32,
    pub view: Option<Rc<FolderView>>,
    pub migration: Option<Rc<FolderMigration>>,
}

/// The findings of the stack, file by file.
#[derive(Clone, Debug, PartialEq)]
pub enum FolderView {
    Linted {
        files: Vec<StackFileFindings>,
        /// The root or environments that could not be read, and why.
        unread: Vec<(String, String)>,
    },
    Failed(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct StackFileFindings {
    pub path: Rc<str>,
    /// `root`, `environment`, `nested` or `data`.
    pub role: Rc<str>,
    pub findings: Vec<FolderFinding>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FolderFinding {
    pub code: Rc<str>,
    pub severity: Severity,
    pub message: String,
    pub range: Utf16Range,
    pub line: u32,
    pub column: u32,
    /// The other places it points at: (path, message, range, line).
    pub related: Vec<(Rc<str>, String, Utf16Range, u32)>,
    /// For an error, where Heat refuses.
    pub stage: Option<Stage>,
}

/// "Migrate all" over the stack, for review.
#[derive(Clone, Debug, PartialEq)]
pub enum FolderMigration {
    Ready {
        /// Each file the migration changes.
        changed: Vec<MigratedFile>,
        /// For a stack as Heat keeps it (a scan's dump): what the update
        /// does to each running resource, and the command that sends it.
        running: Option<RunningStack>,
        /// Files left as they are, and why.
        refused: Vec<(String, String)>,
        /// Cross-file findings the migration would add: path, rule, count.
        /// Not empty: the migration must not be applied.
        broken: Vec<(String, String, u32)>,
    },
    Failed(String),
}

/// What `heatwise migrate` does to a running stack.
#[derive(Clone, Debug, PartialEq)]
pub struct RunningStack {
    pub effects: RunningEffects,
    /// Why it would not be sent as it is.
    pub skipped: Vec<String>,
    /// `heatwise migrate --project P --stack NAME --apply`.
    pub command: String,
}

/// A file "Migrate all" changes.
#[derive(Clone, Debug, PartialEq)]
pub struct MigratedFile {
    pub path: Rc<str>,
    pub before: Rc<str>,
    pub after: Rc<str>,
    /// For a template, what a stack update with it does to a running stack
    /// made from the file before.
    pub effects: Option<RunningEffects>,
}

impl Folder {
    /// The files as the module takes them: JSON `[{path, text}]`.
    pub fn files_json(&self) -> String {
        files_json(self.files.iter().map(|f| (&*f.path, f)))
    }

    /// The text of the file at `path`.
    pub fn text_of(&self, path: &str) -> Option<Rc<str>> {
        self.files
            .iter()
            .find(|f| &*f.path == path)
            .map(|f| f.text.clone())
    }

    /// This folder with `path`'s text replaced, a new revision.
    pub fn with_text(&self, path: &str, text: Rc<str>) -> Folder {
        let files: Rc<[FolderFile]> = self
            .files
            .iter()
            .map(|f| FolderFile {
                path: f.path.clone(),
                text: if &*f.path == path {
                    text.clone()
                } else {
                    f.text.clone()
                },
            })
            .collect();
        Folder {
            files,
            revision: self.revision.wrapping_add(1),
            ..self.clone()
        }
    }

    /// The number of findings of each file of the stack, by path.
    pub fn count_of(&self, path: &str) -> Option<usize> {
        match self.view.as_deref()? {
            FolderView::Linted { files, .. } => files
                .iter()
                .find(|f| &*f.path == path)
                .map(|f| f.findings.len()),
            FolderView::Failed(_) => None,
        }
    }

    /// The stack, as the ORC export takes it, when the file shown in the
    /// editor is the stack's root: JSON `{root, environments: [{path,
    /// text}], files: [{path, text}]}`, the files those the stack reached
    /// when it was last linted (its nested templates); `{}` otherwise.
    pub fn stack_of_root(&self) -> String {
        let (Some(open), true) = (&self.open, self.open == self.root) else {
            return "{}".to_owned();
        };
        let file = |path: &Rc<str>| {
            let file = self.files.iter().find(|f| f.path == *path)?;
            Some((&*file.path, file))
        };
        let reached: Vec<Rc<str>> = match self.view.as_deref() {
            Some(FolderView::Linted { files, .. }) => (files.iter())
                .filter(|f| &*f.role == "nested")
                .map(|f| f.path.clone())
                .collect(),
            _ => Vec::new(),
        };
        serde_json::json!({
            "root": &**open,
            "environments": files_values(self.chosen.iter().filter_map(file)),
            "files": files_values(reached.iter().filter_map(file)),
        })
        .to_string()
    }

    /// Downloads the folder, its texts as they are now, as a `.zip`.
    pub fn download(&self) {
        download_zip(&self.name, &self.files_json());
    }
}

/// Files as the folder's module takes them: JSON `[{path, text}]`.
pub fn files_json_of(files: &[FolderFile]) -> String {
    files_json(files.iter().map(|f| (&*f.path, f)))
}

fn files_json<'a>(files: impl Iterator<Item = (&'a str, &'a FolderFile)>) -> String {
    serde_json::Value::Array(files_values(files)).to_string()
}

fn files_values<'a>(
    files: impl Iterator<Item = (&'a str, &'a FolderFile)>,
) -> Vec<serde_json::Value> {
    files
        .map(|(path, file)| serde_json::json!({ "path": path, "text": &*file.text }))
        .collect()
}

/// A folder opened: a folder of templates, or a cloud's stack dumps
/// scanned at `target`.
pub enum Opened {
    Folder(Folder),
    Dumps {
        name: String,
        files: Rc<[FolderFile]>,
        report: ScanReport,
        target: Option<Release>,
    },
}

/// A folder the user picks, read, with what it offers a stack; `None`
/// when none was picked.
pub async fn choose(target: Option<Release>) -> Result<Option<Opened>, String> {
    let picked = JsFuture::from(choose_folder())
        .await
        .map_err(|e| describe(&e))?;
    if picked.is_null() || picked.is_undefined() {
        return Ok(None);
    }
    opened(&picked, target).await.map(Some)
}

/// Starts reading the folder or `.zip` of a drop (see [`is_folder_drop`]):
/// while the drop event is handled, since its items are out of reach
/// afterwards.
pub fn read_drop(data: &web_sys::DataTransfer) -> Promise {
    folder_from_drop(data)
}

/// The folder a drop's reading (see [`read_drop`]) gives.
pub async fn dropped(reading: Promise, target: Option<Release>) -> Result<Opened, String> {
    let read = JsFuture::from(reading).await.map_err(|e| describe(&e))?;
    opened(&read, target).await
}

/// `{name, files, skipped}` from `js/folder.js`: a fleet when it holds a
/// cloud's stack dumps (scanned at `target`), else a folder with its
/// stack chosen.
async fn opened(read: &JsValue, target: Option<Release>) -> Result<Opened, String> {
    let name = text(&field(read, "name"));
    let files_json = text(&field(read, "files"));
    let skipped = number(&field(read, "skipped")) as usize;
    let parsed: Vec<serde_json::Value> =
        serde_json::from_str(&files_json).map_err(|e| e.to_string())?;
    let files: Rc<[FolderFile]> = parsed
        .iter()
        .filter_map(|f| {
            Some(FolderFile {
                path: f["path"].as_str()?.into(),
                text: f["text"].as_str()?.into(),
            })
        })
        .collect();
    if holds_dumps(&files) {
        let report = scan(&files_json, target).await?;
        return Ok(Opened::Dumps {
            name,
            files,
            report,
            target,
        });
    }
    folder_of(name, files, skipped, &files_json)
        .await
        .map(Opened::Folder)
}

/// Whether the files hold a stack dump (`heatwise scan --dump`): a
/// `stack.json` saying so at the top or one or two folders down.
pub fn holds_dumps(files: &[FolderFile]) -> bool {
    files.iter().any(|file| {
        let Some(dir) = file.path.strip_suffix("stack.json") else {
            return false;
        };
        (dir.is_empty() || dir.ends_with('/'))
            && dir.matches('/').count() <= 2
            && file.text.contains("\"heatwise-stack-dump/")
    })
}

/// The dumps among `files_json` scanned by the folder's module at
/// `target`, as `heatwise scan DIR` scans them.
pub async fn scan(files_json: &str, target: Option<Release>) -> Result<ScanReport, String> {
    let target = target.map(|t| t.to_string()).unwrap_or_default();
    let answer = JsFuture::from(scan_dumps(files_json, &target))
        .await
        .map_err(|e| describe(&e))?;
    let json = answer.as_string().unwrap_or_default();
    ScanReport::read(&json).ok_or_else(|| "the dumps' scan could not be read".to_owned())
}

/// A stack's dump, from the fleet, as a folder of its own.
pub async fn dump_folder(name: String, files: Vec<FolderFile>) -> Result<Folder, String> {
    let files: Rc<[FolderFile]> = files.into();
    let files_json = files_json_of(&files);
    folder_of(name, files, 0, &files_json).await
}

/// The folder with its stack chosen: the project file's first stack, else
/// the first template and no environment.
async fn folder_of(
    name: String,
    files: Rc<[FolderFile]>,
    skipped: usize,
    files_json: &str,
) -> Result<Folder, String> {
    let offered = JsFuture::from(folder_candidates(files_json))
        .await
        .map_err(|e| describe(&e))?;
    let error = field(&offered, "error");
    if !error.is_undefined() {
        return Err(text(&error));
    }
    let paths = |key: &str| -> Rc<[Rc<str>]> {
        items(&field(&offered, key))
            .iter()
            .map(|p| text(p).into())
            .collect()
    };
    let templates = paths("templates");
    let environments = paths("environments");
    let project = field(&offered, "project");
    let (root, chosen) = if project.is_object() {
        let root: Rc<str> = text(&field(&project, "root")).into();
        (Some(root), paths_of(&field(&project, "environments")))
    } else {
        (templates.first().cloned(), Rc::from([]))
    };
    Ok(Folder {
        name: name.into(),
        files,
        skipped,
        templates,
        environments,
        root,
        chosen,
        open: None,
        revision: 0,
        view: None,
        migration: None,
    })
}

fn paths_of(value: &JsValue) -> Rc<[Rc<str>]> {
    items(value).iter().map(|p| text(p).into()).collect()
}

fn choice(folder: &Folder) -> (String, String) {
    let root = folder.root.as_deref().unwrap_or_default().to_owned();
    let environments = serde_json::Value::Array(
        folder
            .chosen
            .iter()
            .map(|e| serde_json::Value::from(&**e))
            .collect(),
    )
    .to_string();
    (root, environments)
}

/// What the folder's module answers `call` (one of its functions) about
/// the folder's stack at `target`, or why it could not.
async fn ask(
    folder: &Folder,
    target: Option<Release>,
    call: fn(&str, &str, &str, &str) -> Promise,
) -> Result<JsValue, String> {
    let (root, environments) = choice(folder);
    let target = target.map(|t| t.to_string()).unwrap_or_default();
    let promise = call(&folder.files_json(), &root, &environments, &target);
    let answer = JsFuture::from(promise).await.map_err(|e| describe(&e))?;
    let error = field(&answer, "error");
    if error.is_undefined() {
        Ok(answer)
    } else {
        Err(text(&error))
    }
}

/// The stack's findings, by the folder's module.
pub async fn lint(folder: &Folder, target: Option<Release>) -> FolderView {
    let view = match ask(folder, target, lint_folder).await {
        Ok(view) => view,
        Err(why) => return FolderView::Failed(why),
    };
    let range = |v: &JsValue| Utf16Range {
        from: number(&field(v, "from")),
        to: number(&field(v, "to")),
    };
    let files = items(&field(&view, "files"))
        .iter()
        .map(|file| StackFileFindings {
            path: text(&field(file, "path")).into(),
            role: text(&field(file, "role")).into(),
            findings: items(&field(file, "findings"))
                .iter()
                .map(|f| FolderFinding {
                    code: text(&field(f, "code")).into(),
                    severity: match text(&field(f, "severity")).as_str() {
                        "error" => Severity::Error,
                        "warning" => Severity::Warning,
                        _ => Severity::Info,
                    },
                    message: text(&field(f, "message")),
                    stage: Stage::parse(&text(&field(f, "stage"))),
                    range: range(f),
                    line: number(&field(f, "line")),
                    column: number(&field(f, "column")),
                    related: items(&field(f, "related"))
                        .iter()
                        .map(|r| {
                            (
                                text(&field(r, "path")).into(),
                                text(&field(r, "message")),
                                range(r),
                                number(&field(r, "line")),
                            )
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    let unread = items(&field(&view, "unread"))
        .iter()
        .map(|u| (text(&field(u, "path")), text(&field(u, "message"))))
        .collect();
    FolderView::Linted { files, unread }
}

/// "Migrate all" over the stack, by the folder's module.
pub async fn migrate(folder: &Folder, target: Option<Release>) -> FolderMigration {
    let view = match ask(folder, target, migrate_folder).await {
        Ok(view) => view,
        Err(why) => return FolderMigration::Failed(why),
    };
    let changed = items(&field(&view, "changed"))
        .iter()
        .filter_map(|c| {
            let path = text(&field(c, "path"));
            let before = folder.text_of(&path)?;
            let effects = field(c, "effects");
            Some(MigratedFile {
                effects: (!effects.is_null() && !effects.is_undefined())
                    .then(|| running::read(&effects)),
                path: path.into(),
                before,
                after: text(&field(c, "text")).into(),
            })
        })
        .collect();
    let refused = items(&field(&view, "refused"))
        .iter()
        .map(|r| (text(&field(r, "path")), text(&field(r, "reason"))))
        .collect();
    let broken = items(&field(&view, "broken"))
        .iter()
        .map(|b| {
            (
                text(&field(b, "path")),
                text(&field(b, "rule")),
                number(&field(b, "count")),
            )
        })
        .collect();
    let stack = field(&view, "stack");
    let running = (stack.is_object()).then(|| RunningStack {
        effects: running::read(&field(&stack, "resources")),
        skipped: items(&field(&stack, "skipped")).iter().map(text).collect(),
        command: text(&field(&stack, "command")),
    });
    FolderMigration::Ready {
        changed,
        running,
        refused,
        broken,
    }
}
