//! What every report format reads: a linted file and its findings, the
//! other files of its stack, the places a finding points at.

use foldhash::HashMap;
use std::sync::Arc;

use heatwise_core::lint::Diagnostic;
use heatwise_core::text::Positions;

/// One linted input.
pub struct FileReport {
    /// As the user gave it (directories joined with the names found).
    pub path: String,
    pub text: Arc<str>,
    pub diagnostics: Vec<Diagnostic>,
    /// The other files of its stack, for the places findings point at
    /// there (`None` for a file linted alone).
    pub stack: Option<Arc<StackFiles>>,
}

/// A file of a stack: how it is shown, and its text.
pub type ShownFile = (String, Arc<str>);

/// The files of a stack, by URL: how each is shown, and its text.
#[derive(Default)]
pub struct StackFiles {
    pub by_url: HashMap<Arc<str>, ShownFile>,
    /// The files of another stack, shown alike with the same texts, that
    /// this one has too and does not list again: the stacks of
    /// `--each-environment` share most of their files.
    pub beneath: Option<Arc<StackFiles>>,
}

impl StackFiles {
    /// The file at `url`: its URL as kept, how it is shown and its text.
    pub fn get(&self, url: &str) -> Option<(&Arc<str>, &ShownFile)> {
        (self.by_url.get_key_value(url)).or_else(|| self.beneath.as_deref()?.get(url))
    }

    /// Every file, each once.
    pub fn files(&self) -> Vec<(&Arc<str>, &ShownFile)> {
        let mut all: Vec<_> = self.by_url.iter().collect();
        if let Some(beneath) = &self.beneath {
            let more = beneath.files().into_iter();
            all.extend(more.filter(|(url, _)| !self.by_url.contains_key(&***url)));
        }
        all
    }
}

/// The other files' lines, by URL, worked out once for all the places a
/// report's findings point at: a stack's findings point at its root
/// hundreds of times.
pub type RelatedLines<'a> = HashMap<&'a str, Positions<'a>>;

/// A place a finding points at, in lines and columns (1-based).
pub struct RelatedLocation<'a> {
    pub path: &'a str,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    /// The columns in UTF-16 code units, as SARIF counts them.
    pub utf16_column: u32,
    pub end_utf16_column: u32,
    pub message: &'a str,
}

impl FileReport {
    /// The places `diagnostic` points at besides its own, where the stack
    /// has their files.
    pub fn related<'a>(
        &'a self,
        diagnostic: &'a Diagnostic,
        lines: &mut RelatedLines<'a>,
    ) -> Vec<RelatedLocation<'a>> {
        let Some(stack) = &self.stack else {
            return Vec::new();
        };
        diagnostic
            .related
            .iter()
            .filter_map(|related| {
                let (url, (path, text)) = stack.get(&related.url)?;
                let at = (lines.entry(&**url))
                    .or_insert_with(|| Positions::new(text))
                    .location(related.range);
                Some(RelatedLocation {
                    path,
                    line: at.line,
                    column: at.column,
                    end_line: at.end_line,
                    end_column: at.end_column,
                    utf16_column: at.utf16_column,
                    end_utf16_column: at.end_utf16_column,
                    message: &related.message,
                })
            })
            .collect()
    }
}

/// How a count of things reads: `1 file`, `3 files`.
pub fn plural(count: usize, singular: &str, plural: &str) -> String {
    format!("{count} {}", if count == 1 { singular } else { plural })
}
