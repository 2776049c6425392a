//! An open document: its text, its findings at the current settings, and
//! the conversions between byte offsets and the client's positions.

use std::sync::Arc;

use heatwise_core::catalog::{Catalog, StatusKind};
use heatwise_core::fix::Applicability;
use heatwise_core::lint::{lint, Diagnostic, LintOptions, Severity};
use heatwise_core::stack::{Reference, Registry, StackFacts};
use heatwise_core::text::{Positions, TextRange};
use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location,
    NumberOrString, Position, Range, TextEdit, Uri,
};
use serde_json::{json, Value};

use super::settings::Settings;

/// Where the rules are documented, one anchor per rule.
const RULES_URL: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/rules.md");

pub struct Document {
    pub text: String,
    pub version: i32,
    /// The URL the stacks name its file by ([`super::names`]).
    pub url: String,
    /// Findings of `text` at the settings in force, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The texts of the other files the findings point at, by URL.
    pub related: Vec<(String, Arc<str>)>,
}

/// What a document's stack tells its linting: the files it names, what
/// the stack knows of them, and the texts of the files reached.
pub struct StackContext<'a> {
    pub references: &'a [Reference],
    pub facts: &'a dyn StackFacts,
    pub texts: &'a [(String, Arc<str>)],
}

impl Document {
    pub fn new(text: String, version: i32, url: String) -> Self {
        Self {
            text,
            version,
            url,
            diagnostics: Vec::new(),
            related: Vec::new(),
        }
    }

    /// Lints the text again with `settings`, as the root of its stack when
    /// there is one.
    pub fn lint(
        &mut self,
        catalog: &Catalog,
        settings: &Settings,
        registry: &Registry,
        stack: Option<StackContext<'_>>,
    ) {
        let options = LintOptions {
            registry: Some(registry),
            references: stack.as_ref().map_or(&[], |s| s.references),
            stack: stack.as_ref().map(|s| s.facts),
            // An open template is linted as the root of its stack.
            as_root: stack.is_some(),
            limits: settings.limits.unwrap_or_default(),
            now: crate::clock::this_minute(),
            ..LintOptions::new(catalog).with_target(settings.target)
        };
        let mut found = lint(&self.text, &options);
        found.retain(|d| settings.shows(d.rule));
        self.related = match &stack {
            Some(stack) => stack
                .texts
                .iter()
                .filter(|(url, _)| {
                    found
                        .iter()
                        .any(|d| d.related.iter().any(|r| &r.url == url))
                })
                .cloned()
                .collect(),
            None => Vec::new(),
        };
        self.diagnostics = found;
    }

    /// Findings worked out elsewhere (in the project's stacks), with the
    /// texts of the other files they point at.
    pub fn set(&mut self, diagnostics: Vec<Diagnostic>, related: Vec<(String, Arc<str>)>) {
        self.diagnostics = diagnostics;
        self.related = related;
    }

    /// The findings as the client shows them, with the places they point
    /// at in other files, each file named by `uri_of` (from the name the
    /// stacks give it).
    pub fn client_diagnostics(
        &self,
        encoding: Encoding,
        uri_of: &dyn Fn(&str) -> Option<Uri>,
    ) -> Vec<lsp_types::Diagnostic> {
        let converter = Converter::new(&self.text, encoding);
        self.diagnostics
            .iter()
            .map(|d| {
                let mut diagnostic = converter.diagnostic(d);
                diagnostic.related_information = self.related_information(d, encoding, uri_of);
                diagnostic
            })
            .collect()
    }

    /// The places `diagnostic` points at in other files, for the client.
    fn related_information(
        &self,
        diagnostic: &Diagnostic,
        encoding: Encoding,
        uri_of: &dyn Fn(&str) -> Option<Uri>,
    ) -> Option<Vec<DiagnosticRelatedInformation>> {
        let found: Vec<DiagnosticRelatedInformation> = diagnostic
            .related
            .iter()
            .filter_map(|related| {
                let (url, text) = self.related.iter().find(|(url, _)| *url == related.url)?;
                Some(DiagnosticRelatedInformation {
                    location: Location {
                        uri: uri_of(url)?,
                        range: Converter::new(text, encoding).range(related.range),
                    },
                    message: related.message.clone(),
                })
            })
            .collect();
        (!found.is_empty()).then_some(found)
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
        let stage = diagnostic.refused_at();
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
            message: match stage {
                // Where Heat refuses, as `heatwise lint` notes it.
                Some(stage) => format!(
                    "{}\n(stage {}: {})",
                    diagnostic.message,
                    stage.as_str(),
                    stage.describe()
                ),
                None => diagnostic.message.clone(),
            },
            related_information: None,
            tags: deprecated.then(|| vec![DiagnosticTag::DEPRECATED]),
            data: Some(
                json!({"rule": rule.code(), "fix": fix, "stage": stage.map(|s| s.as_str())}),
            ),
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
