//! Where the app keeps the document between visits, if anywhere.

use std::rc::Rc;

use gloo::storage::{LocalStorage, Storage};

use crate::state::SaveStatus;

/// The key the site keeps its document under.
pub const SITE_KEY: &str = "heatwise.document";

/// Where the document is kept between visits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Persistence {
    /// In the browser's local storage, under this key.
    LocalStorage(Rc<str>),
    /// Nowhere: the page that embeds the editor keeps the text if it wants.
    Off,
}

impl Persistence {
    /// The site's own: local storage under [`SITE_KEY`].
    pub fn site() -> Self {
        Self::LocalStorage(SITE_KEY.into())
    }

    /// The document kept by an earlier visit, if any.
    pub fn load(&self) -> Option<String> {
        match self {
            Self::LocalStorage(key) => LocalStorage::get(key).ok(),
            Self::Off => None,
        }
    }

    /// Keeps `text`; on failure (storage full or disabled) says why.
    pub fn save(&self, text: &str) -> SaveStatus {
        match self {
            Self::LocalStorage(key) => match LocalStorage::set(key, text) {
                Ok(()) => SaveStatus::Saved,
                Err(error) => SaveStatus::Failed(error.to_string()),
            },
            Self::Off => SaveStatus::Off,
        }
    }

    /// What the status bar says before the first edit.
    pub fn initial_status(&self) -> SaveStatus {
        match self {
            Self::LocalStorage(_) => SaveStatus::Unchanged,
            Self::Off => SaveStatus::Off,
        }
    }
}
