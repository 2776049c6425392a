//! The document kept in the browser's local storage between visits.

use gloo::storage::{LocalStorage, Storage};

const DOCUMENT_KEY: &str = "heatwise.document";

/// The document saved by an earlier visit, if any.
pub fn load_document() -> Option<String> {
    LocalStorage::get(DOCUMENT_KEY).ok()
}

/// Saves the document; on failure (storage full or disabled) says why.
pub fn save_document(text: &str) -> Result<(), String> {
    LocalStorage::set(DOCUMENT_KEY, text).map_err(|error| error.to_string())
}
