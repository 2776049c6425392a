//! The `initialize` handshake: what the client says it takes, and what the
//! server offers it.

use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions,
    DiagnosticOptions, DiagnosticServerCapabilities, HoverProviderCapability, InitializeParams,
    OneOf, PositionEncodingKind, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind,
};
use serde_json::Value;

use super::actions;
use super::document::Encoding;
use super::state::path_of;

/// What the client said of itself in `initialize`.
pub(super) struct Client {
    pub encoding: Encoding,
    /// It pulls diagnostics (`textDocument/diagnostic`).
    pub pull: bool,
    /// It takes `workspace/diagnostic/refresh`.
    pub refresh: bool,
    /// It watches files for the server.
    pub watches: bool,
    /// Its (first) folder.
    pub root: Option<std::path::PathBuf>,
    /// All its folders, the first first.
    pub folders: Vec<std::path::PathBuf>,
}

impl Client {
    pub(super) fn read(params: Value) -> Result<(Client, InitializeParams), String> {
        // The protocol names it `workspace.diagnostics`; lsp-types reads
        // `workspace.diagnostic`. Either says the client takes refreshes.
        let refresh = ["diagnostics", "diagnostic"].iter().any(|key| {
            params["capabilities"]["workspace"][key]["refreshSupport"] == Value::Bool(true)
        });
        let params: InitializeParams = serde_json::from_value(params)
            .map_err(|error| format!("the initialize request is malformed: {error}"))?;
        let capabilities = &params.capabilities;
        let encodings = (capabilities.general.as_ref())
            .and_then(|general| general.position_encodings.clone())
            .unwrap_or_default();
        let encoding = if encodings.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        };
        let pull =
            (capabilities.text_document.as_ref()).is_some_and(|text| text.diagnostic.is_some());
        #[allow(deprecated)] // `rootUri`: what clients without folders send.
        let folders: Vec<std::path::PathBuf> = match &params.workspace_folders {
            Some(folders) if !folders.is_empty() => (folders.iter())
                .filter_map(|folder| path_of(&folder.uri))
                .collect(),
            _ => params.root_uri.iter().filter_map(path_of).collect(),
        };
        let root = folders.first().cloned();
        let watches = (capabilities.workspace.as_ref())
            .and_then(|workspace| workspace.did_change_watched_files.as_ref())
            .and_then(|watched| watched.dynamic_registration)
            .unwrap_or(false);
        let client = Client {
            encoding,
            pull,
            refresh,
            watches,
            root,
            folders,
        };
        Ok((client, params))
    }
}

/// What the server offers a client that takes `encoding` and pulls
/// diagnostics or not.
pub(super) fn capabilities(encoding: Encoding, pull: bool) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::from(actions::FIX_ALL),
            ]),
            ..CodeActionOptions::default()
        })),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![":".into(), " ".into(), ",".into()]),
            ..CompletionOptions::default()
        }),
        diagnostic_provider: pull.then(|| {
            DiagnosticServerCapabilities::Options(DiagnosticOptions {
                identifier: Some("heatwise".into()),
                inter_file_dependencies: false,
                workspace_diagnostics: false,
                ..DiagnosticOptions::default()
            })
        }),
        ..ServerCapabilities::default()
    }
}
