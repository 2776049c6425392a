//! A stack as Heat keeps it: its template, environment and files exactly
//! as Heat stored them, read from the cloud or from a dump
//! ([`dump`]), and gathered as Heat's engine reads them (each name looked
//! up as written among the stack's files), for `scan`, `lint` of a dump
//! and `orc --cloud-stack` alike.

pub mod dump;
pub mod fleet;

use heatwise_core::stack::{GatherCache, Stack, Texts};

use crate::cloud::heat::StackDocuments;
pub use dump::ScannedStack;

/// Where a kept stack's template and environment are said to be, for the
/// linter: URLs no stack's own files use.
const ROOT_URL: &str = "file:///heatwise-kept/template.yaml";
const ENVIRONMENT_URL: &str = "file:///heatwise-kept/environment.yaml";

/// A stack as Heat keeps it, as files by name: each file by the name the
/// stack was sent with it, the template and the environment by URLs of
/// their own ([`urls`]), laid out as their dumps are.
pub fn files(documents: &StackDocuments) -> Texts {
    let mut texts = Texts::default();
    for (name, text) in &documents.files {
        texts.0.insert(name.clone(), text.clone());
    }
    texts
        .0
        .insert(ROOT_URL.to_owned(), dump::indent_json(&documents.template));
    texts.0.insert(
        ENVIRONMENT_URL.to_owned(),
        dump::indent_json(&documents.environment),
    );
    texts
}

/// The root template's and the environment's URLs in [`files`].
pub fn urls() -> Vec<String> {
    vec![ROOT_URL.to_owned(), ENVIRONMENT_URL.to_owned()]
}

/// A file of [`files`] as the reports name it: relative to the stack's
/// dump.
pub fn shown(name: &str) -> String {
    match name {
        ROOT_URL => dump::TEMPLATE.to_owned(),
        ENVIRONMENT_URL => dump::ENVIRONMENT.to_owned(),
        other => dump::place_of(other),
    }
}

/// The stack the documents hold, as Heat's engine finds its files.
pub fn gather(documents: &StackDocuments) -> Stack {
    let urls = urls();
    Stack::gather_stored(
        &urls[0],
        &urls[1..],
        &files(documents),
        &mut GatherCache::default(),
    )
}
