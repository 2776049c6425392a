//! A template's text kept with its parse, to be read again without
//! parsing it again (the linter's memo, a stack's root read for each set
//! of environments).

use std::sync::Arc;

use super::Template;

self_cell::self_cell!(
    /// A file's text with its parse.
    pub struct Parsed {
        owner: Arc<str>,
        #[covariant]
        dependent: Template,
    }
);

impl Parsed {
    /// Parses `text`, and keeps both.
    pub fn of(text: Arc<str>) -> Parsed {
        Parsed::new(text, |text| super::parse(text))
    }
}
