//! The linter's findings as the editor shows them: byte ranges turned into
//! the UTF-16 offsets CodeMirror counts in, each fix's edits likewise.

use std::rc::Rc;

use heatwise_core::catalog::{Catalog, StatusKind};
use heatwise_core::fix::Applicability;
use heatwise_core::lint::Severity;
use heatwise_core::lint::{lint_template, LifecycleStep, LintOptions, Stage};
use heatwise_core::release::Release;
use heatwise_core::template::{self, Template};
use heatwise_core::text::{Location, Positions, TextRange};

use yew::AttrValue;

use crate::outline::Utf16Range;

#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// The rule's code, e.g. `HW201` (or the ORC export's, e.g. `ORC001`).
    pub code: AttrValue,
    /// The rule's name, e.g. `deprecated-property`.
    pub rule_name: AttrValue,
    pub severity: Severity,
    /// The status of the type, property or attribute the finding is about.
    pub status: Option<StatusKind>,
    pub message: String,
    pub range: Utf16Range,
    /// 1-based line and column (in characters) of the start.
    pub line: u32,
    pub column: u32,
    /// The life cycle of what the finding is about, newest first.
    pub lifecycle: Vec<LifecycleStep>,
    pub fix: Option<FindingFix>,
    /// For an error, where Heat refuses.
    pub stage: Option<Stage>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FindingFix {
    pub title: String,
    pub applicability: Applicability,
    /// Empty for advice that no edit can carry out.
    pub changes: Rc<[Change]>,
}

impl FindingFix {
    /// Whether there is something to apply.
    pub fn is_applicable(&self) -> bool {
        self.applicability != Applicability::DisplayOnly && !self.changes.is_empty()
    }
}

/// One replacement, in UTF-16 offsets of the text the finding was made for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub range: Utf16Range,
    pub insert: String,
}

/// The moment of a check, from the browser's clock: a Barbican
/// `expiration` must be later than Heat's validation.
pub fn now() -> Option<heatwise_core::time::UtcTime> {
    let micros = js_sys::Date::now() * 1000.0;
    Some(heatwise_core::time::UtcTime::from_unix_micros(
        micros as i64,
    ))
}

/// The findings for `text` checked against `target` (`None`: the
/// catalog's newest release), in document order.
pub fn findings(text: &str, target: Option<Release>) -> Vec<Finding> {
    checked(text, target).1
}

/// [`findings`], with the template parsed for them: what else reads the
/// text (the outline) need not parse it again.
pub fn checked(text: &str, target: Option<Release>) -> (Template<'_>, Vec<Finding>) {
    let options = LintOptions {
        now: now(),
        ..LintOptions::new(Catalog::builtin()).with_target(target)
    };
    let positions = Positions::new(text);
    let utf16 = |start: u32, end: u32| -> (Location, Utf16Range) {
        let at = positions.location(TextRange::new(start, end));
        let range = Utf16Range {
            from: at.from,
            to: at.to,
        };
        (at, range)
    };
    // Parsing is part of linting, as in `heatwise_core::lint::lint`.
    let (template, diagnostics) = crate::timing::measured("heatwise:lint", || {
        let template = template::parse(text);
        let diagnostics = lint_template(&template, &options);
        (template, diagnostics)
    });
    let findings = diagnostics
        .into_iter()
        .map(|diagnostic| {
            let (start, range) = utf16(diagnostic.range.start, diagnostic.range.end);
            let stage = diagnostic.refused_at();
            let fix = diagnostic.fix.map(|fix| FindingFix {
                changes: fix
                    .edits
                    .into_iter()
                    .map(|edit| Change {
                        range: utf16(edit.range.start, edit.range.end).1,
                        insert: edit.content,
                    })
                    .collect(),
                title: fix.title,
                applicability: fix.applicability,
            });
            Finding {
                code: AttrValue::Static(diagnostic.rule.code()),
                rule_name: AttrValue::Static(diagnostic.rule.name()),
                severity: diagnostic.severity,
                status: diagnostic.status,
                message: diagnostic.message,
                range,
                line: start.line,
                column: start.column,
                lifecycle: diagnostic.lifecycle,
                fix,
                stage,
            }
        })
        .collect();
    (template, findings)
}

/// How many findings of each severity, most serious first.
pub fn counts_by_severity(findings: &[Finding]) -> [(Severity, usize); 3] {
    Severity::ALL.map(|severity| {
        let count = findings.iter().filter(|f| f.severity == severity).count();
        (severity, count)
    })
}

/// What the problems panel lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProblemFilter {
    /// Severities left out.
    pub hidden: Vec<Severity>,
    /// Words every listed finding contains (message, code or rule name),
    /// in any case.
    pub text: String,
}

impl ProblemFilter {
    pub fn matches(&self, finding: &Finding) -> bool {
        if self.hidden.contains(&finding.severity) {
            return false;
        }
        let haystack =
            format!("{} {} {}", finding.code, finding.rule_name, finding.message).to_lowercase();
        self.text
            .split_whitespace()
            .all(|word| haystack.contains(&word.to_lowercase()))
    }

    pub fn is_active(&self) -> bool {
        !self.hidden.is_empty() || !self.text.trim().is_empty()
    }
}
