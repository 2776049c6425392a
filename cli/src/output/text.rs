//! Compiler-style text: `path:line:column: severity[CODE] message`, the
//! source line with the finding underlined, the fix, and a summary.

use std::io::{self, Write};

use heatwise_core::fix::Applicability;
use heatwise_core::lint::Diagnostic;
use heatwise_core::lint::Severity;

use heatwise_core::text::Positions;

use super::report::{plural, FileReport, RelatedLines};
use crate::input::InputError;

/// Characters of a source line shown at most; longer lines (minified JSON)
/// are cut around the finding.
const MAX_SHOWN_CHARS: usize = 120;
/// Characters kept before the finding when a line is cut.
const CONTEXT_BEFORE: usize = 40;
/// Columns a tab advances in the shown line.
const TAB_WIDTH: usize = 4;

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const CYAN: &str = "\x1b[1;36m";
const BLUE: &str = "\x1b[1;34m";
const GREEN: &str = "\x1b[32m";

struct Style {
    colour: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("{code}{text}{RESET}")
        } else {
            text.to_owned()
        }
    }

    fn severity_colour(severity: Severity) -> &'static str {
        match severity {
            Severity::Error => RED,
            Severity::Warning => YELLOW,
            Severity::Info => CYAN,
        }
    }
}

pub fn write(
    reports: &[FileReport],
    errors: &[InputError],
    skipped: usize,
    colour: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = Style { colour };
    let mut lines = RelatedLines::default();
    for report in reports {
        let positions = Positions::new(&report.text);
        for diagnostic in &report.diagnostics {
            let notes = report
                .related(diagnostic, &mut lines)
                .into_iter()
                .map(|at| {
                    format!(
                        "{}: {}:{}:{}",
                        at.message,
                        sanitize(at.path),
                        at.line,
                        at.column
                    )
                })
                .collect();
            write_diagnostic(&style, &report.path, &positions, diagnostic, notes, out)?;
        }
    }
    writeln!(out, "{}", summary(reports, errors, skipped))
}

fn write_diagnostic(
    style: &Style,
    path: &str,
    positions: &Positions<'_>,
    diagnostic: &Diagnostic,
    mut notes: Vec<String>,
    out: &mut dyn Write,
) -> io::Result<()> {
    if let Some(stage) = diagnostic.refused_at() {
        notes.insert(0, format!("stage {}: {}", stage.as_str(), stage.describe()));
    }
    let help = diagnostic.fix.as_ref().map(|fix| {
        let label = match fix.applicability {
            Applicability::DisplayOnly => "help".to_owned(),
            applicability => format!("fix ({})", applicability.as_str()),
        };
        (label, fix.title.clone())
    });
    let finding = Finding {
        severity: diagnostic.severity,
        code: diagnostic.code(),
        message: &diagnostic.message,
        range: diagnostic.range,
        help,
        notes,
    };
    write_finding(style, path, positions, &finding, out)
}

/// A finding of any command, shown as `heatwise lint` shows its own.
pub struct Finding<'a> {
    pub severity: Severity,
    pub code: &'a str,
    pub message: &'a str,
    pub range: heatwise_core::text::TextRange,
    /// `(label, text)` shown under the source line.
    pub help: Option<(String, String)>,
    /// Other places the finding points at, each a line under it.
    pub notes: Vec<String>,
}

/// Writes findings of one text in the compiler-style format.
pub fn write_findings(
    path: &str,
    text: &str,
    findings: &[Finding<'_>],
    colour: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let style = Style { colour };
    let positions = Positions::new(text);
    for finding in findings {
        write_finding(&style, path, &positions, finding, out)?;
    }
    Ok(())
}

fn write_finding(
    style: &Style,
    path: &str,
    positions: &Positions<'_>,
    finding: &Finding<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let span = positions.location(finding.range);
    let severity_colour = Style::severity_colour(finding.severity);
    writeln!(
        out,
        "{}:{}:{}: {} {}",
        style.paint(BOLD, &sanitize(path)),
        span.line,
        span.column,
        style.paint(
            severity_colour,
            &format!("{}[{}]", finding.severity.as_str(), finding.code)
        ),
        sanitize(finding.message)
    )?;

    let line_number = span.line.to_string();
    let gutter = " ".repeat(line_number.len());
    let bar = style.paint(BLUE, "|");
    let start_char = span.column as usize - 1;
    // A range over several lines is underlined to the end of its first.
    let end_char = if span.end_line == span.line {
        span.end_column as usize - 1
    } else {
        usize::MAX
    };
    let shown = shown_line(positions.line(span.line), start_char, end_char);
    writeln!(out, "{gutter} {bar}")?;
    writeln!(
        out,
        "{} {bar} {}",
        style.paint(BLUE, &line_number),
        shown.text
    )?;
    writeln!(
        out,
        "{gutter} {bar} {}{}",
        " ".repeat(shown.caret_offset),
        style.paint(severity_colour, &"^".repeat(shown.caret_width))
    )?;
    if let Some((label, title)) = &finding.help {
        writeln!(
            out,
            "{gutter} {} {}: {}",
            style.paint(BLUE, "="),
            style.paint(GREEN, label),
            sanitize(title)
        )?;
    }
    for note in &finding.notes {
        writeln!(
            out,
            "{gutter} {} {}: {}",
            style.paint(BLUE, "="),
            style.paint(BLUE, "note"),
            sanitize(note)
        )?;
    }
    writeln!(out)
}

/// `Found 12 problems (1 error, 11 warnings) in 3 files`, or `No problems
/// found`; how many files were skipped and how many inputs failed.
fn summary(reports: &[FileReport], errors: &[InputError], skipped: usize) -> String {
    let count = |severity: Severity| {
        reports
            .iter()
            .flat_map(|r| &r.diagnostics)
            .filter(|d| d.severity == severity)
            .count()
    };
    let (errors_found, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let total = errors_found + warnings + infos;
    let mut text = if total == 0 {
        "No problems found".to_owned()
    } else {
        let mut parts = Vec::new();
        if errors_found > 0 {
            parts.push(plural(errors_found, "error", "errors"));
        }
        if warnings > 0 {
            parts.push(plural(warnings, "warning", "warnings"));
        }
        if infos > 0 {
            parts.push(format!("{infos} info"));
        }
        let files = reports.iter().filter(|r| !r.diagnostics.is_empty()).count();
        format!(
            "Found {} ({}) in {}",
            plural(total, "problem", "problems"),
            parts.join(", "),
            plural(files, "file", "files")
        )
    };
    if skipped > 0 {
        text.push_str(&format!(
            "; skipped {} that {} neither Heat templates nor environments",
            plural(skipped, "file", "files"),
            if skipped == 1 { "is" } else { "are" }
        ));
    }
    if !errors.is_empty() {
        text.push_str(&format!(
            "; {} failed (see the errors above)",
            plural(errors.len(), "input", "inputs")
        ));
    }
    text
}

/// A source line as shown: cut around the finding when long, tabs
/// expanded, control characters replaced; and where the carets go.
struct ShownLine {
    text: String,
    caret_offset: usize,
    caret_width: usize,
}

/// `start` and `end` are 0-based character indices into `line`; `end` may
/// lie past its end.
fn shown_line(line: &str, start: usize, end: usize) -> ShownLine {
    let chars: Vec<char> = line.chars().collect();
    let start = start.min(chars.len());
    let end = end.clamp(start, chars.len());
    let (first, last) = if chars.len() <= MAX_SHOWN_CHARS {
        (0, chars.len())
    } else {
        let first = start.saturating_sub(CONTEXT_BEFORE);
        (first, (first + MAX_SHOWN_CHARS).min(chars.len()))
    };
    let mut text = String::new();
    let mut width = 0;
    if first > 0 {
        text.push('…');
        width += 1;
    }
    let mut caret_offset = width;
    let mut caret_width = 0;
    for (index, &ch) in chars.iter().enumerate().take(last).skip(first) {
        if index == start {
            caret_offset = width;
        }
        let (shown, shown_width) = match ch {
            '\t' => (" ".repeat(TAB_WIDTH), TAB_WIDTH),
            c if c.is_control() => ("\u{FFFD}".to_owned(), 1),
            c => (c.to_string(), char_width(c)),
        };
        text.push_str(&shown);
        if (start..end).contains(&index) {
            caret_width += shown_width;
        }
        width += shown_width;
    }
    if start >= last {
        caret_offset = width;
    }
    if last < chars.len() {
        text.push('…');
    }
    ShownLine {
        text,
        caret_offset,
        caret_width: caret_width.max(1),
    }
}

/// Terminal columns a character takes: 0 for combining marks, 2 for East
/// Asian wide characters and emoji, 1 otherwise.
fn char_width(c: char) -> usize {
    match u32::from(c) {
        0x0300..=0x036F | 0x200B..=0x200F | 0xFE00..=0xFE0F => 0,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

/// Control characters from the template (escape sequences could drive the
/// terminal) shown as escapes.
fn sanitize(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_line_up_under_wide_characters_and_tabs() {
        let shown = shown_line("名前: \tvalue", 5, 10);
        assert_eq!(shown.text, "名前:     value");
        assert_eq!((shown.caret_offset, shown.caret_width), (10, 5));
    }

    #[test]
    fn long_lines_are_cut_around_the_finding() {
        let line = format!("{}target{}", "a".repeat(500), "b".repeat(500));
        let shown = shown_line(&line, 500, 506);
        assert!(shown.text.starts_with('…') && shown.text.ends_with('…'));
        assert_eq!(shown.text.chars().count(), MAX_SHOWN_CHARS + 2);
        let carets = &shown.text[shown.text.char_indices().nth(shown.caret_offset).unwrap().0..];
        assert!(carets.starts_with("target"), "{carets}");
        assert_eq!(shown.caret_width, 6);
    }

    #[test]
    fn empty_ranges_and_ranges_past_the_line_get_one_caret() {
        let at_end = shown_line("key:", 4, 4);
        assert_eq!((at_end.caret_offset, at_end.caret_width), (4, 1));
        let to_next_line = shown_line("key: |", 5, usize::MAX);
        assert_eq!(
            (to_next_line.caret_offset, to_next_line.caret_width),
            (5, 1)
        );
    }

    #[test]
    fn control_characters_cannot_reach_the_terminal() {
        assert_eq!(sanitize("a\x1b[31mb"), "a\\u{1b}[31mb");
        assert_eq!(shown_line("a\x1bb", 0, 1).text, "a\u{FFFD}b");
    }

    #[test]
    fn colour_wraps_the_severity_and_nothing_without_colour() {
        let plain = Style { colour: false };
        let coloured = Style { colour: true };
        assert_eq!(plain.paint(RED, "error"), "error");
        assert_eq!(coloured.paint(RED, "error"), "\x1b[1;31merror\x1b[0m");
    }
}
