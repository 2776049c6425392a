//! The server's state — its connection, settings, open documents and
//! project — and what it does with them for every request: relint, publish,
//! find a document's stack. The requests themselves are answered in
//! `handlers.rs`, dispatched from `mod.rs`.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::LintOptions;
use heatwise_core::stack::symbols::StackSymbols;
use heatwise_core::stack::{Reference, Registry, Stack};
use heatwise_core::template::{self, DocumentKind};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{MessageType, PublishDiagnosticsParams, ShowMessageParams, Uri};
use serde_json::Value;

use super::document::{Document, Encoding, StackContext};
use super::names::Names;
use super::settings::Settings;
use super::workspace::{self, Workspace};

pub(super) struct Server<'c> {
    pub(super) connection: &'c Connection,
    pub(super) catalog: &'static Catalog,
    pub(super) encoding: Encoding,
    /// The client asks for diagnostics (`textDocument/diagnostic`) rather
    /// than being sent them.
    pub(super) pull: bool,
    /// The client can be asked to pull every document's diagnostics again
    /// (`workspace/diagnostic/refresh`), after a change of settings.
    pub(super) refresh: bool,
    /// Ids of the requests the server sends.
    pub(super) next_request: i32,
    pub(super) settings: Settings,
    /// Type names the configured environments map onto templates.
    pub(super) registry: Registry,
    /// Where relative environment paths start: the first workspace folder.
    pub(super) root: Option<std::path::PathBuf>,
    /// The workspace folders as the stacks name them and as the editor
    /// does, where the two differ (opened through a link).
    pub(super) folder_names: Vec<(String, String)>,
    pub(super) documents: HashMap<Uri, Document>,
    /// The project file at the root, and its stacks.
    pub(super) workspace: Workspace,
    /// The problems with the project already shown, not to repeat them
    /// at every edit.
    pub(super) shown: Vec<String>,
}

/// The local path of a `file:` URI.
pub(super) fn path_of(uri: &Uri) -> Option<std::path::PathBuf> {
    crate::stack::local_path(uri.as_str())
}

impl Server<'_> {
    /// How the editor and the stacks name the open documents' files.
    pub(super) fn names(&self) -> Names<'_> {
        Names {
            documents: &self.documents,
            folders: &self.folder_names,
        }
    }

    pub(super) fn send(&self, message: impl Into<Message>) {
        // A closed connection ends the receive loop too.
        let _ = self.connection.sender.send(message.into());
    }

    /// Shows each problem with the project once.
    pub(super) fn tell(&mut self, problems: Vec<String>) {
        for problem in problems {
            if !self.shown.contains(&problem) {
                self.show(MessageType::WARNING, format!("heatwise: {problem}"));
                self.shown.push(problem);
            }
        }
    }

    pub(super) fn show(&self, kind: MessageType, message: String) {
        self.send(Notification::new(
            "window/showMessage".into(),
            ShowMessageParams { typ: kind, message },
        ));
    }

    /// New settings: read, environments loaded, every document linted
    /// again.
    pub(super) fn configure(&mut self, value: Option<&Value>) {
        let (mut settings, mut problems) = Settings::read(value);
        if let Some(path) = &settings.heat_conf {
            let full = match (&self.root, path.is_relative()) {
                (Some(root), true) => root.join(path),
                _ => path.clone(),
            };
            match crate::args::read_heat_conf(&full) {
                Ok(limits) => settings.limits = Some(limits),
                Err(message) => problems.push(format!("heatwise.heatConf: {message}")),
            }
        }
        let mut registry = Registry::default();
        for path in &settings.environments {
            let full = match (&self.root, path.is_relative()) {
                (Some(root), true) => root.join(path),
                _ => path.clone(),
            };
            if let Err(error) = crate::input::load_environment(Path::new(&full), &mut registry) {
                problems.push(format!(
                    "heatwise.environments: {}: {}",
                    error.path, error.message
                ));
            }
        }
        for problem in problems {
            self.show(MessageType::WARNING, problem);
        }
        self.settings = settings;
        self.registry = registry;
        let problems = self.workspace.gather(&self.documents);
        self.tell(problems);
        let uris: Vec<Uri> = self.documents.keys().cloned().collect();
        for uri in &uris {
            self.relint(uri);
        }
        if self.pull && self.refresh && !uris.is_empty() {
            self.next_request += 1;
            self.send(Request::new(
                RequestId::from(format!("heatwise-{}", self.next_request)),
                "workspace/diagnostic/refresh".into(),
                Value::Null,
            ));
        }
    }

    /// The file at `uri` changed, in the editor or on disk: with a project,
    /// its stacks are gathered again and every open document linted again
    /// (each file's lint is kept while what it reads of its stacks is the
    /// same); without one, the document alone.
    pub(super) fn changed(&mut self, uri: &Uri) {
        if self.workspace.project.is_none() {
            if self.documents.contains_key(uri) {
                self.relint(uri);
            }
            return;
        }
        self.workspace.changed(&self.names().stack_url(uri));
        let problems = self.workspace.gather(&self.documents);
        self.tell(problems);
        let uris: Vec<Uri> = self.documents.keys().cloned().collect();
        for uri in &uris {
            self.relint(uri);
        }
    }

    /// The target and the rules in force: the client's settings, else the
    /// project's.
    pub(super) fn options(&self) -> LintOptions<'static> {
        let project = self.workspace.project.as_ref();
        let project_target = project.and_then(|p| p.target);
        let project_limits = project.and_then(|p| p.limits);
        LintOptions {
            limits: self.settings.limits.or(project_limits).unwrap_or_default(),
            now: crate::clock::this_minute(),
            ..LintOptions::new(self.catalog).with_target(self.settings.target.or(project_target))
        }
    }

    pub(super) fn shows(&self, rule: heatwise_core::lint::Rule) -> bool {
        self.settings.shows(rule)
            && (self.workspace.project.as_ref()).is_none_or(|project| project.rules.contains(&rule))
    }

    pub(super) fn relint(&mut self, uri: &Uri) {
        let options = self.options();
        let url = self.names().stack_url(uri);
        if let Some(found) = self.workspace.findings(&url, &options) {
            let mut diagnostics = found.diagnostics;
            diagnostics.retain(|d| self.shows(d.rule));
            if let Some(document) = self.documents.get_mut(uri) {
                document.set(diagnostics, found.related);
            }
            if !self.pull {
                self.publish(uri);
            }
            return;
        }
        let gathered = self.stack_of(uri);
        let Some(document) = self.documents.get_mut(uri) else {
            return;
        };
        match &gathered {
            Some(stack) => {
                let references: Vec<Reference> = stack.references_from(0).cloned().collect();
                let nesting = stack.nesting();
                let facts = nesting.of(Some(0), &references);
                let texts: Vec<(String, std::sync::Arc<str>)> = stack
                    .files
                    .iter()
                    .map(|file| (file.url.to_string(), file.text.clone()))
                    .collect();
                let context = StackContext {
                    references: &references,
                    facts: &facts,
                    texts: &texts,
                };
                document.lint(self.catalog, &self.settings, &self.registry, Some(context));
            }
            None => document.lint(self.catalog, &self.settings, &self.registry, None),
        }
        if !self.pull {
            self.publish(uri);
        }
    }

    /// The stack an open template is the root of, with the settings'
    /// environments: files read from the editor where it has them open,
    /// else from disk. `None` for what is not a local template.
    pub(super) fn stack_of(&self, uri: &Uri) -> Option<Stack> {
        let document = self.documents.get(uri)?;
        path_of(uri)?;
        let kind = template::parse(&document.text).kind();
        if !matches!(kind, DocumentKind::Hot | DocumentKind::CloudFormation) {
            return None;
        }
        let environments: Vec<String> = self
            .settings
            .environments
            .iter()
            .filter_map(|path| {
                let full = match (&self.root, path.is_relative()) {
                    (Some(root), true) => root.join(path),
                    _ => path.clone(),
                };
                crate::stack::url_of(&full).ok()
            })
            .collect();
        let files = workspace::OpenFiles {
            documents: &self.documents,
            disk: crate::stack::FsFiles {
                path_maps: Vec::new(),
                project: None,
            },
        };
        Some(Stack::gather(&document.url, &environments, &files))
    }

    /// An open environment file of no stack, and what its registry
    /// reaches: for navigation.
    pub(super) fn environment_alone(&self, uri: &Uri) -> Option<Stack> {
        let document = self.documents.get(uri)?;
        path_of(uri)?;
        if template::parse(&document.text).kind() != DocumentKind::Environment {
            return None;
        }
        let files = workspace::OpenFiles {
            documents: &self.documents,
            disk: crate::stack::FsFiles {
                path_maps: Vec::new(),
                project: None,
            },
        };
        Some(Stack::gather_environments(
            std::slice::from_ref(&document.url),
            &files,
        ))
    }

    pub(super) fn publish(&self, uri: &Uri) {
        let Some(document) = self.documents.get(uri) else {
            return;
        };
        let names = self.names();
        let diagnostics = document.client_diagnostics(self.encoding, &|url| names.client_uri(url));
        self.send(Notification::new(
            "textDocument/publishDiagnostics".into(),
            PublishDiagnosticsParams {
                uri: uri.clone(),
                diagnostics,
                version: Some(document.version),
            },
        ));
    }

    pub(super) fn respond(&self, id: RequestId, result: Result<Value, (ErrorCode, String)>) {
        let response = match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response);
    }

    /// The stack the file at `uri` is read in, with the names of its
    /// files: the project's first that reaches it (its names kept until
    /// it is gathered again), else the one it is the root of.
    pub(super) fn stack_for(&self, uri: &Uri) -> Option<(Cow<'_, Stack>, Rc<StackSymbols>)> {
        let catalog = self.catalog;
        let known = |name: &str| catalog.resolve_type(name).is_some();
        let url = self.names().stack_url(uri);
        if let Some((stack, symbols)) = self.workspace.stack_with(&url, &known) {
            return Some((Cow::Borrowed(stack), symbols));
        }
        let stack = self.stack_of(uri).or_else(|| self.environment_alone(uri))?;
        let symbols = Rc::new(StackSymbols::new(&stack, &known));
        Some((Cow::Owned(stack), symbols))
    }

    pub(super) fn document(&self, uri: &Uri) -> Result<&Document, (ErrorCode, String)> {
        self.documents.get(uri).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!(
                    "{} is not open: send textDocument/didOpen first",
                    uri.as_str()
                ),
            )
        })
    }
}
