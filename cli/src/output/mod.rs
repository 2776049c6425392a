//! The report formats of `heatwise lint`: findings arrive as byte ranges;
//! each format turns them into the lines and columns its readers count in.

mod github;
mod json;
mod sarif;
mod text;

use std::io::{self, IsTerminal, Write};

use clap::ValueEnum;
use heatwise_core::lint::{Diagnostic, LifecycleStep};
use heatwise_core::text::{LineColumn, LineIndex, TextRange};
use serde::Serialize;

/// One linted input.
pub struct FileReport {
    /// As the user gave it (directories joined with the names found).
    pub path: String,
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// An input that could not be linted.
pub struct InputError {
    pub path: String,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Compiler-style lines with the source line underlined.
    Text,
    /// A pretty-printed JSON array, one object per finding.
    Json,
    /// SARIF 2.1.0, as GitHub code scanning and other tools read it.
    Sarif,
    /// GitHub Actions workflow commands: annotations on the pull request.
    Github,
}

/// Writes the whole report. Read errors are already on standard error;
/// formats that can carry them (SARIF, GitHub) carry them too.
pub fn write(
    format: Format,
    reports: &[FileReport],
    errors: &[InputError],
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Text => text::write(reports, errors, colour_wanted(), out),
        Format::Json => json::write(reports, out),
        Format::Sarif => sarif::write(reports, errors, out),
        Format::Github => github::write(reports, errors, out),
    }
}

/// Colour only for a person at a terminal who has not asked for none
/// (<https://no-color.org>: any non-empty `NO_COLOR`).
fn colour_wanted() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}

/// Positions in one file, computed from its line index.
struct Positions<'a> {
    text: &'a str,
    index: LineIndex,
}

/// Where a range starts and ends, 1-based, columns in characters and in
/// UTF-16 code units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: LineColumn,
    end: LineColumn,
    start_utf16_column: u32,
    end_utf16_column: u32,
}

impl<'a> Positions<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            index: LineIndex::new(text),
        }
    }

    fn span(&self, range: TextRange) -> Span {
        let start = self.index.position(self.text, range.start);
        let end = self.index.position(self.text, range.end);
        Span {
            start,
            end,
            start_utf16_column: self.utf16_column(start),
            end_utf16_column: self.utf16_column(end),
        }
    }

    /// The 1-based column of a position in UTF-16 code units.
    fn utf16_column(&self, position: LineColumn) -> u32 {
        let line = self.index.line_range(self.text, position.line as usize - 1);
        let line_start = self.index.position(self.text, line.start);
        position.utf16 - line_start.utf16 + 1
    }

    /// The text of a 1-based line, without its line break.
    fn line(&self, line: u32) -> &'a str {
        &self.text[self
            .index
            .line_range(self.text, line as usize - 1)
            .as_usize()]
    }
}

/// One step of a life cycle, statuses in Heat's upper case.
#[derive(Serialize)]
struct Step<'a> {
    status: &'static str,
    version: Option<&'a str>,
    release_name: Option<&'a str>,
    message: Option<&'a str>,
}

fn step(step: &LifecycleStep) -> Step<'_> {
    Step {
        status: step.status.as_str(),
        version: step.version.as_deref(),
        release_name: step.release_name.as_deref(),
        message: step.message.as_deref(),
    }
}

/// How a count of things reads: `1 file`, `3 files`.
fn plural(count: usize, singular: &str, plural: &str) -> String {
    format!("{count} {}", if count == 1 { singular } else { plural })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_count_characters_and_utf16_units() {
        // `é` is one character, two bytes, one UTF-16 unit; `😀` is one
        // character, four bytes, two UTF-16 units.
        let text = "a: é😀x\r\nb: y\n";
        let positions = Positions::new(text);
        let x = text.find('x').unwrap() as u32;
        let span = positions.span(TextRange::new(x, x + 1));
        assert_eq!(
            (span.start.line, span.start.column, span.end.column),
            (1, 6, 7)
        );
        assert_eq!((span.start_utf16_column, span.end_utf16_column), (7, 8));
        let y = text.find('y').unwrap() as u32;
        let span = positions.span(TextRange::new(y, y + 1));
        assert_eq!(
            (span.start.line, span.start.column, span.start_utf16_column),
            (2, 4, 4)
        );
        assert_eq!(positions.line(1), "a: é😀x");
    }
}
