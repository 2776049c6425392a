//! An open document: its text, its findings at the current settings, and
//! the conversions between byte offsets and the client's positions.

use heatwise_core::catalog::{Catalog, StatusKind};
use heatwise_core::fix::Applicability;
use heatwise_core::lint::{lint, Diagnostic, LintOptions, Severity};
use heatwise_core::stack::Registry;
use heatwise_core::text::{Positions, TextRange};
use lsp_types::{
    CodeDescription, DiagnosticSeverity, DiagnosticTag, NumberOrString, Position, Range, TextEdit,
    Uri,
};
use serde_json::{json, Value};

use super::settings::Settings;

/// Where the rules are documented, one anchor per rule.
const RULES_URL: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/rules.md");

pub struct Document {
    pub text: String,
    pub version: i32,
    /// Findings of `text` at the settings in force, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
}

impl Document {
    pub fn new(text: String, version: i32) -> Self {
        Self {
            text,
            version,
            diagnostics: Vec::new(),
        }
    }

    /// Lints the text again with `settings`.
    pub fn lint(&mut self, catalog: &Catalog, settings: &Settings, registry: &Registry) {
        let options = LintOptions {
            registry: Some(registry),
            ..LintOptions::new(catalog).with_target(settings.target)
        };
        let mut found = lint(&self.text, &options);
        found.retain(|d| settings.shows(d.rule));
        self.diagnostics = found;
    }
}

/// How the client counts characters in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

/// Byte offsets of one text to the client's positions and back.
pub struct Converter<'a> {
    positions: Positions<'a>,
    utf8: bool,
}

impl<'a> Converter<'a> {
    pub fn new(text: &'a str, encoding: Encoding) -> Self {
        Self {
            positions: Positions::new(text),
            utf8: encoding == Encoding::Utf8,
        }
    }

    pub fn position(&self, offset: u32) -> Position {
        let (line, character) = self.positions.line_offset(offset, self.utf8);
        Position { line, character }
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range {
            start: self.position(range.start),
            end: self.position(range.end),
        }
    }

    pub fn offset(&self, position: Position) -> u32 {
        self.positions
            .offset_at(position.line, position.character, self.utf8)
    }

    pub fn text_range(&self, range: Range) -> TextRange {
        let start = self.offset(range.start);
        TextRange::new(start, self.offset(range.end).max(start))
    }

    /// A finding as the client shows it. `data` carries the fix's edits,
    /// so that a code action needs no new lint.
    pub fn diagnostic(&self, diagnostic: &Diagnostic) -> lsp_types::Diagnostic {
        let rule = diagnostic.rule;
        let anchor = format!("{}-{}", rule.name(), rule.code()).to_lowercase();
        let deprecated = matches!(
            diagnostic.status,
            Some(StatusKind::Deprecated | StatusKind::Hidden)
        );
        let fix = diagnostic.fix.as_ref().map(|fix| {
            json!({
                "title": fix.title,
                "applicability": fix.applicability.as_str(),
                "edits": fix.edits.iter().map(|edit| json!({
                    "range": self.range(edit.range),
                    "newText": edit.content,
                })).collect::<Vec<_>>(),
            })
        });
        lsp_types::Diagnostic {
            range: self.range(diagnostic.range),
            severity: Some(match diagnostic.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
                Severity::Info => DiagnosticSeverity::INFORMATION,
            }),
            code: Some(NumberOrString::String(rule.code().to_owned())),
            code_description: format!("{RULES_URL}#{anchor}")
                .parse::<Uri>()
                .ok()
                .map(|href| CodeDescription { href }),
            source: Some("heatwise".to_owned()),
            message: diagnostic.message.clone(),
            related_information: None,
            tags: deprecated.then(|| vec![DiagnosticTag::DEPRECATED]),
            data: Some(json!({"rule": rule.code(), "fix": fix})),
        }
    }
}

/// A fix carried in a diagnostic's `data`: title, applicability, edits.
pub struct CarriedFix {
    pub title: String,
    pub applicability: Applicability,
    pub edits: Vec<TextEdit>,
}

impl CarriedFix {
    pub fn read(data: Option<&Value>) -> Option<CarriedFix> {
        let fix = data?.get("fix")?;
        let applicability = match fix.get("applicability")?.as_str()? {
            "safe" => Applicability::Safe,
            "unsafe" => Applicability::Unsafe,
            "display-only" => Applicability::DisplayOnly,
            _ => return None,
        };
        let edits: Vec<TextEdit> = serde_json::from_value(fix.get("edits")?.clone()).ok()?;
        Some(CarriedFix {
            title: fix.get("title")?.as_str()?.to_owned(),
            applicability,
            edits,
        })
    }
}
