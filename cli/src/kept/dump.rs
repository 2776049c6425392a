//! A scanned stack as files: what Heat keeps of it, laid out so that the
//! scan can be repeated offline and `heatwise lint` reads it as a project.
//!
//! ```text
//! DIR/PROJECT/STACK/stack.json      project, name, ID, status; each file's URL and place
//! DIR/PROJECT/STACK/template.yaml   the template, as Heat's API gives it (JSON, indented)
//! DIR/PROJECT/STACK/environment.yaml  the environment Heat merged, likewise
//! DIR/PROJECT/STACK/files/...       every file as Heat stored it, at its URL's path
//! DIR/PROJECT/STACK/heatwise.toml   the stack, for `heatwise lint`
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use heatwise_core::kept::manifest::{Manifest, FORMAT};
use heatwise_core::kept::FILES;
pub use heatwise_core::kept::{indent_json, place_of, ENVIRONMENT, MANIFEST, TEMPLATE};

use crate::cloud::heat::{StackDocuments, StackSummary};
/// The most stack dumps one offline scan reads.
pub const MAX_DUMPS: usize = 100_000;

/// A stack, from the cloud or from its dump: who it is and its texts.
#[derive(Clone, Debug)]
pub struct ScannedStack {
    /// The project's name where Keystone shows it, else its ID.
    pub project: String,
    pub project_id: String,
    pub name: String,
    pub id: String,
    pub status: String,
    pub status_reason: Option<String>,
    /// Heat lists it only when asked for hidden stacks.
    pub hidden: bool,
    /// Why Heat's copy of its template, environment or files could not be
    /// read; its documents are then empty.
    pub unread: Option<String>,
    pub documents: StackDocuments,
}

impl ScannedStack {
    pub fn new(
        summary: &StackSummary,
        project_id: &str,
        project_name: Option<&str>,
        documents: StackDocuments,
    ) -> Self {
        ScannedStack {
            project: project_name.unwrap_or(project_id).to_owned(),
            project_id: project_id.to_owned(),
            name: summary.stack_name.clone(),
            id: summary.id.clone(),
            status: summary.stack_status.clone(),
            status_reason: summary.stack_status_reason.clone(),
            hidden: summary.hidden,
            unread: None,
            documents,
        }
    }

    /// A stack whose documents could not be read, with why.
    pub fn unread(
        summary: &StackSummary,
        project_id: &str,
        project_name: Option<&str>,
        why: String,
    ) -> Self {
        ScannedStack {
            unread: Some(why),
            ..ScannedStack::new(summary, project_id, project_name, StackDocuments::default())
        }
    }
}

/// Writes the stack under `dir/PROJECT/STACK/`.
pub fn write(dir: &Path, stack: &ScannedStack) -> Result<PathBuf, String> {
    let folder = dir
        .join(safe_name(&stack.project))
        .join(safe_name(&stack.name));
    let write = |relative: &str, text: &str| -> Result<(), String> {
        let path = folder.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let documents = &stack.documents;
    let mut places = BTreeMap::new();
    if stack.unread.is_none() {
        write(TEMPLATE, &indent_json(&documents.template))?;
        write(ENVIRONMENT, &indent_json(&documents.environment))?;
        let mut taken = std::collections::BTreeSet::new();
        for (url, text) in &documents.files {
            let mut place = place_of(url);
            // Two names of one place (`a.yaml`, `file:///a.yaml`): the
            // second elsewhere.
            let mut n = 1;
            while !taken.insert(place.clone()) {
                place = format!("{FILES}/_{n}/{}", &place_of(url)[FILES.len() + 1..]);
                n += 1;
            }
            write(&place, text)?;
            places.insert(url.clone(), place);
        }
    }
    let manifest = Manifest {
        format: FORMAT.to_owned(),
        project: stack.project.clone(),
        project_id: stack.project_id.clone(),
        name: stack.name.clone(),
        id: stack.id.clone(),
        status: stack.status.clone(),
        status_reason: stack.status_reason.clone(),
        hidden: stack.hidden,
        unread: stack.unread.clone(),
        files: places,
    };
    let json = serde_json::to_string_pretty(&manifest).map_err(|e| e.to_string())?;
    write(MANIFEST, &(json + "\n"))?;
    if stack.unread.is_none() {
        write("heatwise.toml", &project_file())?;
    }
    Ok(folder)
}

/// `heatwise.toml` for the dump: the root, the environment, and the
/// manifest whose files the names are looked up in, so that `heatwise
/// lint` run there reads the stack as the scan did: as Heat's engine does.
fn project_file() -> String {
    format!(
        "# The stack as Heat keeps it, written by `heatwise scan --dump`.\n[[stack]]\n\
         root = {}\nenvironments = [{}]\nstored-files = {}\n",
        toml_string(TEMPLATE),
        toml_string(ENVIRONMENT),
        toml_string(MANIFEST)
    )
}

fn toml_string(text: &str) -> String {
    // A JSON string is a TOML basic string for everything a path holds.
    serde_json::to_string(text).unwrap_or_default()
}

/// A project's or stack's name as a folder name: what a file system
/// refuses or reads as a path replaced with `_`.
fn safe_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c == '/' || c == '\\' || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    match cleaned.as_str() {
        "" | "." | ".." => format!("_{cleaned}"),
        _ => cleaned,
    }
}

/// The dumps under `dir`: `dir` itself, or folders below it to two levels
/// (`PROJECT/STACK`), each with its `stack.json`.
pub fn find(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    walk(dir, 2, &mut found);
    found
}

fn walk(folder: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    if found.len() >= MAX_DUMPS {
        return;
    }
    if folder.join(MANIFEST).is_file() {
        found.push(folder.to_path_buf());
        return;
    }
    if depth == 0 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let mut children: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    children.sort();
    for child in children {
        walk(&child, depth - 1, found);
    }
}

/// The manifest at `path`, checked: its format, and each file's place
/// inside the dump.
fn manifest(path: &Path) -> Result<Manifest, String> {
    let text = crate::input::read_file(path).map_err(|m| format!("{}: {m}", path.display()))?;
    Manifest::read(&text).map_err(|why| format!("{} is {why}", path.display()))
}

/// Where the dump whose manifest is at `path` holds each file Heat keeps
/// for the stack, by the name the stack was sent with it.
pub fn stored_files(path: &Path) -> Result<BTreeMap<String, PathBuf>, String> {
    let folder = path.parent().unwrap_or(Path::new("."));
    Ok(manifest(path)?
        .files
        .into_iter()
        .map(|(name, place)| (name, folder.join(place)))
        .collect())
}

/// A stack read back from its dump.
pub fn read(folder: &Path) -> Result<ScannedStack, String> {
    let read = |relative: &str| -> Result<String, String> {
        crate::input::read_file(&folder.join(relative))
            .map_err(|message| format!("{}: {message}", folder.join(relative).display()))
    };
    let manifest = manifest(&folder.join(MANIFEST))?;
    let mut files = BTreeMap::new();
    for (url, place) in &manifest.files {
        files.insert(url.clone(), read(place)?);
    }
    let (template, environment) = match manifest.unread {
        Some(_) => (String::new(), String::new()),
        None => (read(TEMPLATE)?, read(ENVIRONMENT)?),
    };
    Ok(ScannedStack {
        project: manifest.project,
        project_id: manifest.project_id,
        name: manifest.name,
        id: manifest.id,
        status: manifest.status,
        status_reason: manifest.status_reason,
        hidden: manifest.hidden,
        unread: manifest.unread,
        documents: StackDocuments {
            template,
            environment,
            files,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_never_leaves_its_folder() {
        assert_eq!(safe_name(".."), "_..");
        assert_eq!(safe_name("a/b"), "a_b");
    }
}
