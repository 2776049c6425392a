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

/// Both names of the open documents' files, and of the workspace's.
pub(super) struct Names<'a> {
    pub(super) documents: &'a HashMap<Uri, Document>,
    /// The workspace folders as the stacks name them and as the editor
    /// does (through a link, perhaps), where the two differ.
    pub(super) folders: &'a [(String, String)],
}

/// The workspace folder at `folder` (as the editor gave it) as the stacks
/// name it and as the editor does, where the two differ.
pub(super) fn folder_names(folder: &std::path::Path) -> Option<(String, String)> {
    let real = crate::stack::url_of(folder).ok()?;
    let given = format!("file://{}", crate::stack::encode(&folder.to_string_lossy()));
    (real != given).then_some((real, given))
}

impl Names<'_> {
    /// The URL the stacks name the file the editor names `uri` by.
    pub(super) fn stack_url(&self, uri: &Uri) -> String {
        match self.documents.get(uri) {
            Some(document) => document.url.clone(),
            None => stack_url(uri),
        }
    }

    /// The URI the editor names the file at the stacks' `url` by: that of
    /// the document open at it (the URL itself where it is open by that
    /// name too); else, in a workspace folder, by the folder's name as the
    /// editor gave it (the innermost folder's, where folders nest); else
    /// the URL itself.
    pub(super) fn client_uri(&self, url: &str) -> Option<Uri> {
        let open = (self.documents.iter())
            .filter(|(_, document)| document.url == url)
            .map(|(uri, _)| uri)
            .min_by_key(|uri| (uri.as_str() != url, uri.as_str()));
        if let Some(uri) = open {
            return Some(uri.clone());
        }
        let in_folder = (self.folders.iter())
            .filter_map(|(real, given)| {
                let rest = url.strip_prefix(real.as_str())?;
                rest.starts_with('/').then_some((real.len(), given, rest))
            })
            .max_by_key(|(depth, _, _)| *depth)
            .map(|(_, given, rest)| format!("{given}{rest}"));
        in_folder.as_deref().unwrap_or(url).parse().ok()
    }
}
