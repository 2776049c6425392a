//! `heatwise server`: the Language Server Protocol over stdio, on the same
//! core as the CLI. Diagnostics are pushed on open and change, or pulled
//! (`textDocument/diagnostic`) when the client can; hover shows life
//! cycles; code actions carry each finding's fix, a suppression comment
//! and `source.fixAll.heatwise`; completion offers types, properties and
//! attributes at the target release; definition goes from a name to its
//! declaration, or to the file a `type`, `get_file` or registry entry
//! names.
//!
//! Documents are kept whole (full sync) up to the linter's size limit;
//! larger ones get the linter's own finding saying so. A request the
//! server cannot answer gets an LSP error; nothing a client sends makes it
//! panic. It exits on `shutdown` + `exit`, and when its client closes the
//! connection.

mod actions;
mod completion;
mod document;
mod handlers;
mod hover;
mod initialize;
mod navigate;
mod settings;
mod workspace;

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::process::ExitCode;
use std::rc::Rc;

use heatwise_core::catalog::Catalog;
use heatwise_core::lint::LintOptions;
use heatwise_core::stack::symbols::StackSymbols;
use heatwise_core::stack::{Reference, Registry, Stack};
use heatwise_core::template::{self, DocumentKind};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    DidChangeConfigurationParams, DidChangeTextDocumentParams, DidChangeWatchedFilesParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, MessageType, PublishDiagnosticsParams,
    ServerInfo, ShowMessageParams, Uri,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use document::{Document, Encoding, StackContext};
use initialize::{capabilities, Client};
use settings::Settings;
use workspace::Workspace;

pub fn run() -> ExitCode {
    let (connection, io_threads) = Connection::stdio();
    let outcome = serve(&connection);
    // The writer thread ends once every sender is gone.
    drop(connection);
    let joined = io_threads.join();
    match (outcome, joined) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(message), _) => {
            eprintln!("heatwise server: {message}");
            ExitCode::FAILURE
        }
        (Ok(()), Err(error)) => {
            eprintln!("heatwise server: the connection failed: {error}");
            ExitCode::FAILURE
        }
    }
}

struct Server<'c> {
    connection: &'c Connection,
    catalog: &'static Catalog,
    encoding: Encoding,
    /// The client asks for diagnostics (`textDocument/diagnostic`) rather
    /// than being sent them.
    pull: bool,
    /// The client can be asked to pull every document's diagnostics again
    /// (`workspace/diagnostic/refresh`), after a change of settings.
    refresh: bool,
    /// Ids of the requests the server sends.
    next_request: i32,
    settings: Settings,
    /// Type names the configured environments map onto templates.
    registry: Registry,
    /// Where relative environment paths start: the first workspace folder.
    root: Option<std::path::PathBuf>,
    documents: HashMap<Uri, Document>,
    /// The project file at the root, and its stacks.
    workspace: Workspace,
    /// The problems with the project already shown, not to repeat them
    /// at every edit.
    shown: Vec<String>,
}

fn serve(connection: &Connection) -> Result<(), String> {
    let (id, params) = connection
        .initialize_start()
        .map_err(|error| format!("the client did not initialize: {error}"))?;
    let (client, params) = Client::read(params)?;
    let capabilities = capabilities(client.encoding, client.pull);
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": ServerInfo {
            name: "heatwise".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        },
    });
    connection
        .initialize_finish(id, result)
        .map_err(|error| format!("the initialize handshake failed: {error}"))?;
    let (workspace, problems) = Workspace::open(client.root.as_deref());
    let mut server = Server {
        connection,
        catalog: Catalog::builtin(),
        encoding: client.encoding,
        pull: client.pull,
        refresh: client.refresh,
        next_request: 0,
        settings: Settings::default(),
        registry: Registry::default(),
        root: client.root,
        documents: HashMap::new(),
        workspace,
        shown: Vec::new(),
    };
    server.tell(problems);
    if client.watches && server.workspace.project.is_some() {
        // Files of the stacks that are not open change on disk too.
        server.next_request += 1;
        server.send(Request::new(
            RequestId::from(format!("heatwise-{}", server.next_request)),
            "client/registerCapability".into(),
            serde_json::json!({"registrations": [{
                "id": "heatwise-watched-files",
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": {"watchers": [{"globPattern": "**/*.{yaml,yml,template,json}"}]},
            }]}),
        ));
    }
    server.configure(params.initialization_options.as_ref());
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                let shutdown = connection
                    .handle_shutdown(&request)
                    .map_err(|error| format!("shutting down: {error}"))?;
                if shutdown {
                    return Ok(());
                }
                server.request(request);
            }
            Message::Notification(notification) => {
                if notification.method == "exit" {
                    // `exit` without `shutdown`: the protocol's error exit.
                    return Err("exit before shutdown".into());
                }
                server.notification(notification);
            }
            Message::Response(_) => {}
        }
    }
    // The client closed the connection.
    Ok(())
}

/// The local path of a `file:` URI.
fn path_of(uri: &Uri) -> Option<std::path::PathBuf> {
    crate::stack::local_path(uri.as_str())
}

impl Server<'_> {
    fn send(&self, message: impl Into<Message>) {
        // A closed connection ends the receive loop too.
        let _ = self.connection.sender.send(message.into());
    }

    /// Shows each problem with the project once.
    fn tell(&mut self, problems: Vec<String>) {
        for problem in problems {
            if !self.shown.contains(&problem) {
                self.show(MessageType::WARNING, format!("heatwise: {problem}"));
                self.shown.push(problem);
            }
        }
    }

    fn show(&self, kind: MessageType, message: String) {
        self.send(Notification::new(
            "window/showMessage".into(),
            ShowMessageParams { typ: kind, message },
        ));
    }

    /// New settings: read, environments loaded, every document linted
    /// again.
    fn configure(&mut self, value: Option<&Value>) {
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
    fn changed(&mut self, uri: &Uri) {
        if self.workspace.project.is_none() {
            if self.documents.contains_key(uri) {
                self.relint(uri);
            }
            return;
        }
        self.workspace.changed(uri.as_str());
        let problems = self.workspace.gather(&self.documents);
        self.tell(problems);
        let uris: Vec<Uri> = self.documents.keys().cloned().collect();
        for uri in &uris {
            self.relint(uri);
        }
    }

    /// The target and the rules in force: the client's settings, else the
    /// project's.
    fn options(&self) -> LintOptions<'static> {
        let project = self.workspace.project.as_ref();
        let project_target = project.and_then(|p| p.target);
        let project_limits = project.and_then(|p| p.limits);
        LintOptions {
            limits: self.settings.limits.or(project_limits).unwrap_or_default(),
            ..LintOptions::new(self.catalog).with_target(self.settings.target.or(project_target))
        }
    }

    fn shows(&self, rule: heatwise_core::lint::Rule) -> bool {
        self.settings.shows(rule)
            && (self.workspace.project.as_ref()).is_none_or(|project| project.rules.contains(&rule))
    }

    fn relint(&mut self, uri: &Uri) {
        let options = self.options();
        if let Some(found) = self.workspace.findings(uri.as_str(), &options) {
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
                    .map(|file| (file.url.clone(), file.text.clone()))
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
    fn stack_of(&self, uri: &Uri) -> Option<Stack> {
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
        Some(Stack::gather(uri.as_str(), &environments, &files))
    }

    /// An open environment file of no stack, and what its registry
    /// reaches: for navigation.
    fn environment_alone(&self, uri: &Uri) -> Option<Stack> {
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
            &[uri.as_str().to_owned()],
            &files,
        ))
    }

    fn publish(&self, uri: &Uri) {
        let Some(document) = self.documents.get(uri) else {
            return;
        };
        let diagnostics = document.client_diagnostics(self.encoding);
        self.send(Notification::new(
            "textDocument/publishDiagnostics".into(),
            PublishDiagnosticsParams {
                uri: uri.clone(),
                diagnostics,
                version: Some(document.version),
            },
        ));
    }

    fn notification(&mut self, notification: Notification) {
        match notification.method.as_str() {
            "textDocument/didOpen" => {
                let Some(params) = params::<DidOpenTextDocumentParams>(notification.params) else {
                    return;
                };
                let item = params.text_document;
                self.documents
                    .insert(item.uri.clone(), Document::new(item.text, item.version));
                self.changed(&item.uri);
            }
            "textDocument/didChange" => {
                let Some(params) = params::<DidChangeTextDocumentParams>(notification.params)
                else {
                    return;
                };
                let uri = params.text_document.uri;
                // Full sync: the last change holds the whole text.
                let Some(change) = params.content_changes.into_iter().last() else {
                    return;
                };
                if change.range.is_some() {
                    self.show(MessageType::ERROR, "heatwise server: the client sent a partial change; the server asked for full text".into());
                    return;
                }
                self.documents.insert(
                    uri.clone(),
                    Document::new(change.text, params.text_document.version),
                );
                self.changed(&uri);
            }
            "textDocument/didClose" => {
                let Some(params) = params::<DidCloseTextDocumentParams>(notification.params) else {
                    return;
                };
                let uri = params.text_document.uri;
                self.documents.remove(&uri);
                // What the stacks read of it is the disk's again.
                self.changed(&uri);
                if !self.pull {
                    self.send(Notification::new(
                        "textDocument/publishDiagnostics".into(),
                        PublishDiagnosticsParams {
                            uri,
                            diagnostics: Vec::new(),
                            version: None,
                        },
                    ));
                }
            }
            "workspace/didChangeWatchedFiles" => {
                let Some(params) = params::<DidChangeWatchedFilesParams>(notification.params)
                else {
                    return;
                };
                for change in &params.changes {
                    self.workspace.changed(change.uri.as_str());
                }
                if let Some(change) = params.changes.first() {
                    self.changed(&change.uri);
                }
            }
            "workspace/didChangeConfiguration" => {
                if let Some(params) = params::<DidChangeConfigurationParams>(notification.params) {
                    self.configure(Some(&params.settings));
                }
            }
            _ => {}
        }
    }

    fn request(&mut self, request: Request) {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            "textDocument/hover" => self.answer(request, handlers::hover),
            "textDocument/definition" => self.answer(request, handlers::definition),
            "textDocument/references" => self.answer(request, handlers::references),
            "textDocument/rename" => self.answer(request, handlers::rename),
            "textDocument/codeAction" => self.answer(request, handlers::code_action),
            "textDocument/completion" => self.answer(request, handlers::completion),
            "textDocument/diagnostic" => self.answer(request, handlers::diagnostic),
            other => Err((
                ErrorCode::MethodNotFound,
                format!("heatwise does not answer `{other}`"),
            )),
        };
        self.respond(id, result);
    }

    fn respond(&self, id: RequestId, result: Result<Value, (ErrorCode, String)>) {
        let response = match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response);
    }

    /// Decodes a request's parameters and answers it with `handler`.
    fn answer<P: DeserializeOwned>(
        &self,
        request: Request,
        handler: impl FnOnce(&Self, P) -> Result<Value, (ErrorCode, String)>,
    ) -> Result<Value, (ErrorCode, String)> {
        let params = serde_json::from_value::<P>(request.params).map_err(|error| {
            (
                ErrorCode::InvalidParams,
                format!("`{}`: malformed parameters: {error}", request.method),
            )
        })?;
        handler(self, params)
    }

    /// The stack the file at `uri` is read in, with the names of its
    /// files: the project's first that reaches it (its names kept until
    /// it is gathered again), else the one it is the root of.
    fn stack_for(&self, uri: &Uri) -> Option<(Cow<'_, Stack>, Rc<StackSymbols>)> {
        let catalog = self.catalog;
        let known = |name: &str| catalog.resolve_type(name).is_some();
        if let Some((stack, symbols)) = self.workspace.stack_with(uri.as_str(), &known) {
            return Some((Cow::Borrowed(stack), symbols));
        }
        let stack = self.stack_of(uri).or_else(|| self.environment_alone(uri))?;
        let symbols = Rc::new(StackSymbols::new(&stack, &known));
        Some((Cow::Owned(stack), symbols))
    }

    fn document(&self, uri: &Uri) -> Result<&Document, (ErrorCode, String)> {
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

/// A notification's parameters, or `None` when they are malformed (a
/// notification gets no answer; the server carries on).
fn params<P: DeserializeOwned>(value: Value) -> Option<P> {
    serde_json::from_value(value).ok()
}
