//! One function for each request the language server answers, over the
//! server's state as it stands (open documents, the project's stacks,
//! settings); `mod.rs` decodes each request's parameters and sends back
//! what these return.

use lsp_server::ErrorCode;
use lsp_types::{
    CodeActionParams, CompletionParams, CompletionResponse, DocumentDiagnosticParams,
    DocumentDiagnosticReport, DocumentDiagnosticReportResult, FullDocumentDiagnosticReport,
    GotoDefinitionParams, GotoDefinitionResponse, HoverParams, ReferenceParams,
    RelatedFullDocumentDiagnosticReport, RenameParams,
};
use serde_json::Value;

use super::actions;
use super::completion;
use super::document::Converter;
use super::hover;
use super::navigate;
use super::state::Server;

/// A request's result, or the error the client is sent.
type Answer = Result<Value, (ErrorCode, String)>;

/// `textDocument/hover`: the type, property or attribute under the cursor:
/// its documentation and support status.
pub(super) fn hover(server: &Server<'_>, params: HoverParams) -> Answer {
    let at = params.text_document_position_params;
    let document = server.document(&at.text_document.uri)?;
    let converter = Converter::new(&document.text, server.encoding);
    Ok(serde_json::to_value(hover::hover(
        document,
        &converter,
        server.catalog,
        server.settings.target,
        at.position,
    ))
    .unwrap_or(Value::Null))
}

/// `textDocument/definition`: where the name under the cursor is declared:
/// in the stack, else in the document.
pub(super) fn definition(server: &Server<'_>, params: GotoDefinitionParams) -> Answer {
    let at = params.text_document_position_params;
    let uri = &at.text_document.uri;
    server.document(uri)?;
    let Some((stack, symbols)) = server.stack_for(uri) else {
        return Ok(Value::Null);
    };
    let (names, encoding) = (server.names(), server.encoding);
    let url = names.stack_url(uri);
    if let Some(symbol) = navigate::symbol_at(&stack, &symbols, &url, at.position, encoding) {
        let found = navigate::declarations(&stack, &symbols, &symbol, (&url, &names), encoding);
        if !found.is_empty() {
            let answer = match <[_; 1]>::try_from(found) {
                Ok([one]) => GotoDefinitionResponse::Scalar(one),
                Err(found) => GotoDefinitionResponse::Array(found),
            };
            return Ok(serde_json::to_value(answer).unwrap_or(Value::Null));
        }
    }
    // A name of a file: a type, a `get_file`, a registry entry.
    let answer = navigate::file_named_at(&stack, (&url, &names), at.position, encoding)
        .map(GotoDefinitionResponse::Scalar);
    Ok(serde_json::to_value(answer).unwrap_or(Value::Null))
}

/// `textDocument/references`: every place of the stack that names what the
/// name under the cursor names.
pub(super) fn references(server: &Server<'_>, params: ReferenceParams) -> Answer {
    let at = params.text_document_position;
    let uri = &at.text_document.uri;
    server.document(uri)?;
    let Some((stack, symbols)) = server.stack_for(uri) else {
        return Ok(Value::Null);
    };
    let names = server.names();
    let url = names.stack_url(uri);
    let Some(symbol) = navigate::symbol_at(&stack, &symbols, &url, at.position, server.encoding)
    else {
        return Ok(Value::Null);
    };
    let found = navigate::references(
        &stack,
        &symbols,
        &symbol,
        (params.context.include_declaration, &names),
        server.encoding,
    );
    Ok(serde_json::to_value(found).unwrap_or(Value::Null))
}

/// `textDocument/rename`: the stack's edits that rename what the name under
/// the cursor names.
pub(super) fn rename(server: &Server<'_>, params: RenameParams) -> Answer {
    let at = params.text_document_position;
    let uri = &at.text_document.uri;
    server.document(uri)?;
    let failed = |message: String| (ErrorCode::RequestFailed, message);
    let (stack, symbols) = server
        .stack_for(uri)
        .ok_or_else(|| failed("only a local template or environment is renamed in".into()))?;
    let names = server.names();
    let url = names.stack_url(uri);
    let symbol = navigate::symbol_at(&stack, &symbols, &url, at.position, server.encoding)
        .ok_or_else(|| failed("no parameter, resource or output is named here".into()))?;
    let new_name = (params.new_name.as_str(), &names);
    let edit =
        navigate::rename(&stack, &symbols, &symbol, new_name, server.encoding).map_err(failed)?;
    Ok(serde_json::to_value(edit).unwrap_or(Value::Null))
}

/// `textDocument/codeAction`: the fixes of the findings in the range, one
/// by one and all at once.
pub(super) fn code_action(server: &Server<'_>, params: CodeActionParams) -> Answer {
    let uri = &params.text_document.uri;
    let document = server.document(uri)?;
    let converter = Converter::new(&document.text, server.encoding);
    let actions = actions::code_actions(
        uri,
        document,
        &converter,
        server.catalog,
        &server.settings,
        &server.registry,
        &params,
    );
    Ok(serde_json::to_value(actions).unwrap_or(Value::Null))
}

/// `textDocument/completion`: types, properties, attributes and names that
/// fit at the cursor.
pub(super) fn completion(server: &Server<'_>, params: CompletionParams) -> Answer {
    let at = params.text_document_position;
    let uri = &at.text_document.uri;
    let document = server.document(uri)?;
    let converter = Converter::new(&document.text, server.encoding);
    let navigation = server.stack_for(uri);
    let in_stack = navigation.as_ref().and_then(|(stack, symbols)| {
        Some((&**symbols, stack.file(&server.names().stack_url(uri))?))
    });
    let items = completion::completion(
        document,
        &converter,
        server.catalog,
        server.settings.target,
        at.position,
        in_stack,
    );
    Ok(serde_json::to_value(CompletionResponse::Array(items)).unwrap_or(Value::Null))
}

/// `textDocument/diagnostic`: the document's findings, when the client asks
/// for them (pull).
pub(super) fn diagnostic(server: &Server<'_>, params: DocumentDiagnosticParams) -> Answer {
    let document = server.document(&params.text_document.uri)?;
    let names = server.names();
    let items = document.client_diagnostics(server.encoding, &|url| names.client_uri(url));
    let report = DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
        RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: FullDocumentDiagnosticReport {
                result_id: Some(document.version.to_string()),
                items,
            },
        },
    ));
    Ok(serde_json::to_value(report).unwrap_or(Value::Null))
}
