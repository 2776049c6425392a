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
mod names;
mod navigate;
mod settings;
mod state;
mod workspace;

use std::collections::HashMap;
use std::process::ExitCode;

use heatwise_core::catalog::Catalog;
use heatwise_core::stack::Registry;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId};
use lsp_types::{
    DidChangeConfigurationParams, DidChangeTextDocumentParams, DidChangeWatchedFilesParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, MessageType, PublishDiagnosticsParams,
    ServerInfo,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::exit::Exit;
use document::Document;
use initialize::{capabilities, Client};
use settings::Settings;
use state::Server;
use workspace::Workspace;

pub fn run() -> ExitCode {
    let (connection, io_threads) = Connection::stdio();
    let outcome = serve(&connection);
    // The writer thread ends once every sender is gone.
    drop(connection);
    let joined = io_threads.join();
    match (outcome, joined) {
        (Ok(()), Ok(())) => Exit::Clean.into(),
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
        folder_names: (client.folders.iter())
            .filter_map(|folder| names::folder_names(folder))
            .collect(),
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

impl Server<'_> {
    fn notification(&mut self, notification: Notification) {
        match notification.method.as_str() {
            "textDocument/didOpen" => {
                let Some(params) = params::<DidOpenTextDocumentParams>(notification.params) else {
                    return;
                };
                let item = params.text_document;
                let url = names::stack_url(&item.uri);
                self.documents.insert(
                    item.uri.clone(),
                    Document::new(item.text, item.version, url),
                );
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
                let url = self.names().stack_url(&uri);
                self.documents.insert(
                    uri.clone(),
                    Document::new(change.text, params.text_document.version, url),
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
                    self.workspace.changed(&names::stack_url(&change.uri));
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
}

/// A notification's parameters, or `None` when they are malformed (a
/// notification gets no answer; the server carries on).
fn params<P: DeserializeOwned>(value: Value) -> Option<P> {
    serde_json::from_value(value).ok()
}
