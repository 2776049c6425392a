//! The stack Heat deploys: a root template and the environments it is
//! created with, in order, and every file they reach. [`gather`] collects
//! the files as python-heatclient does (through a [`FileProvider`]: no
//! file system here), [`url`] joins the names it finds, [`registry`] reads
//! the environments' `resource_registry` as Heat does, [`symbols`] finds
//! where the files name their parameters, resources and outputs.

mod created;
mod creation;
mod engine_fetch;
mod environment_values;
pub mod gather;
mod interface;
mod links;
mod names;
pub mod nesting;
pub mod registry;
pub mod symbols;
pub mod url;
mod uses;

pub use creation::Passing;
pub use gather::{
    Content, FileId, FileProvider, GatherCache, Lookup, ReadError, Reference, ReferenceKind, Role,
    Stack, StackFile, Target, MAX_STACK_FILES,
};
pub use interface::{Declared, Interface, NestedParameter};
pub use nesting::{Nesting, StackFacts, StackNesting};
pub use registry::{is_template_name, Registry, Resolution, Resolver, TypeMapping};

/// Texts held in memory, by URL, for an edge that is given its files (the
/// JS API, the browser): a `file:` URL without a text is not found, any
/// other URL is remote.
#[derive(Clone, Debug, Default)]
pub struct Texts(pub std::collections::HashMap<String, String>);

impl FileProvider for Texts {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        match self.0.get(url) {
            Some(text) => Ok(Content::Text(text.clone())),
            None if url.starts_with("file:") => Err(ReadError::NotFound),
            None => Err(ReadError::Remote),
        }
    }
}

/// Files in memory, by URL, for tests: a URL that is not `file:` is
/// remote, any other missing one is not found.
#[cfg(test)]
pub(crate) struct MemoryFiles(pub Vec<(&'static str, &'static str)>);

#[cfg(test)]
impl FileProvider for MemoryFiles {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        match self.0.iter().find(|(u, _)| *u == url) {
            Some((_, text)) => Ok(Content::Text((*text).to_owned())),
            None if !url.starts_with("file:") => Err(ReadError::Remote),
            None => Err(ReadError::NotFound),
        }
    }
}
