//! The editor names a file by the path it opened it at, through symbolic
//! links perhaps; the stacks name it as heatclient does, by its real path
//! (`Path(path).resolve().as_uri()`). A project opened through a link
//! names every file both ways: the names cross here.

use std::collections::HashMap;

use lsp_types::Uri;

use super::document::Document;

/// The URL the stacks name the file at `uri` by: its real path's, where
/// it is a local file that exists; else `uri` as written.
pub(super) fn stack_url(uri: &Uri) -> String {
    (crate::stack::local_path(uri.as_str()))
        .and_then(|path| crate::stack::url_of(&path).ok())
        .unwrap_or_else(|| uri.as_str().to_owned())
}

/// Both names of the open documents' files.
pub(super) struct Names<'a>(pub(super) &'a HashMap<Uri, Document>);

impl Names<'_> {
    /// The URL the stacks name the file the editor names `uri` by.
    pub(super) fn stack_url(&self, uri: &Uri) -> String {
        match self.0.get(uri) {
            Some(document) => document.url.clone(),
            None => stack_url(uri),
        }
    }

    /// The URI the editor names the file at the stacks' `url` by: that of
    /// the document open at it (the URL itself where it is open by that
    /// name too), else the URL itself.
    pub(super) fn client_uri(&self, url: &str) -> Option<Uri> {
        (self.0.iter())
            .filter(|(_, document)| document.url == url)
            .map(|(uri, _)| uri)
            .min_by_key(|uri| (uri.as_str() != url, uri.as_str()))
            .cloned()
            .or_else(|| url.parse().ok())
    }
}
