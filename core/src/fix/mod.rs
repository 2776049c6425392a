//! Migration: fixes for lint findings, and applying them until nothing
//! more applies.
//!
//! Heat translates old properties in memory each time it reads a template
//! and never touches the file. [`fix_all`] rewrites the text instead, with
//! the same translation rules, so that it means to Heat exactly what the
//! original meant; comments and layout stay. [`attach`] gives the linter's
//! findings their fixes; [`edit`] holds the text operations they are made
//! of.

pub mod edit;
mod migrate;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::diagnostic::{apply_edits, Applicability, Edit, Fix};
use crate::lint::{lint, Diagnostic, LintOptions, Rule};
use crate::template::Template;
use crate::text::TextRange;

/// Most rounds of lint-and-fix [`fix_all`] runs.
pub const MAX_ROUNDS: usize = 16;

/// Gives each finding the fix that migrates it, or advice, when there is
/// one. Called by the linter on every template it lints.
pub fn attach(template: &Template<'_>, options: &LintOptions<'_>, diagnostics: &mut [Diagnostic]) {
    if !diagnostics
        .iter()
        .any(|d| d.subject.is_some() || d.rule == Rule::DuplicateKey)
    {
        return;
    }
    let migrator = migrate::Migrator::new(template, options);
    for diagnostic in diagnostics.iter_mut() {
        if diagnostic.fix.is_none() {
            diagnostic.fix = migrator.fix_for(diagnostic);
        }
    }
}

/// What [`fix_all`] applies.
#[derive(Clone)]
pub struct FixOptions<'a> {
    pub lint: LintOptions<'a>,
    /// Also apply fixes whose effect differs (their titles say how).
    pub unsafe_fixes: bool,
    /// Only fixes of findings of these rules; `None` for all.
    pub codes: Option<Vec<Rule>>,
}

impl<'a> FixOptions<'a> {
    pub fn new(lint: LintOptions<'a>) -> Self {
        Self {
            lint,
            unsafe_fixes: false,
            codes: None,
        }
    }

    fn wants(&self, diagnostic: &Diagnostic) -> bool {
        let Some(fix) = &diagnostic.fix else {
            return false;
        };
        let applicable = match fix.applicability {
            Applicability::Safe => true,
            Applicability::Unsafe => self.unsafe_fixes,
            Applicability::DisplayOnly => false,
        };
        applicable
            && !fix.edits.is_empty()
            && self
                .codes
                .as_ref()
                .is_none_or(|codes| codes.contains(&diagnostic.rule))
    }
}

/// A fix that was not applied, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Skipped {
    #[serde(serialize_with = "serialize_rule")]
    pub rule: Rule,
    pub title: String,
    pub reason: String,
}

/// What [`fix_all`] did.
#[derive(Clone, Debug, Serialize)]
pub struct FixOutcome {
    /// The migrated text.
    pub text: String,
    /// Each fix applied, in the order applied.
    #[serde(serialize_with = "serialize_applied")]
    pub applied: Vec<(Rule, String)>,
    /// Fixes left out because they would have broken the text.
    pub skipped: Vec<Skipped>,
    /// The findings of the migrated text.
    pub remaining: Vec<Diagnostic>,
    /// Rounds of lint-and-fix run.
    pub rounds: usize,
    /// False when [`MAX_ROUNDS`] rounds still left fixes to apply.
    pub converged: bool,
    /// Set when nothing was tried: the text does not parse.
    pub refused: Option<String>,
}

/// Lints, applies every wanted fix that does not clash with another,
/// lints again, and repeats until no wanted fix is left (at most
/// [`MAX_ROUNDS`] rounds). A round's fixes that would make the text fail
/// to parse are left out one by one and reported in
/// [`FixOutcome::skipped`]. A text that does not parse is left as it is.
pub fn fix_all(text: &str, options: &FixOptions<'_>) -> FixOutcome {
    let mut outcome = FixOutcome {
        text: text.to_owned(),
        applied: Vec::new(),
        skipped: Vec::new(),
        remaining: Vec::new(),
        rounds: 0,
        converged: true,
        refused: None,
    };
    if let Some(error) = syntax_error(text) {
        outcome.refused = Some(format!("the text does not parse: {error}"));
        outcome.remaining = lint(text, &options.lint);
        return outcome;
    }
    // Fixes dropped for breaking the text: not tried again.
    let mut rejected: Vec<(Rule, String)> = Vec::new();
    loop {
        let diagnostics = lint(&outcome.text, &options.lint);
        let wanted: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| options.wants(d))
            .filter(|d| {
                let fix = d.fix.as_ref().expect("wanted fixes exist");
                !rejected.contains(&(d.rule, fix.title.clone()))
            })
            .collect();
        if wanted.is_empty() {
            outcome.remaining = diagnostics;
            return outcome;
        }
        if outcome.rounds == MAX_ROUNDS {
            outcome.converged = false;
            outcome.remaining = diagnostics;
            return outcome;
        }
        outcome.rounds += 1;
        let chosen = non_clashing(&wanted);
        let (text, broken) = apply_parsing(&outcome.text, &chosen);
        for diagnostic in broken {
            let fix = diagnostic.fix.as_ref().expect("chosen fixes exist");
            rejected.push((diagnostic.rule, fix.title.clone()));
            outcome.skipped.push(Skipped {
                rule: diagnostic.rule,
                title: fix.title.clone(),
                reason: "the result would not parse".to_owned(),
            });
        }
        let applied: Vec<(Rule, String)> = chosen
            .iter()
            .filter(|d| {
                let fix = d.fix.as_ref().expect("chosen fixes exist");
                !rejected.contains(&(d.rule, fix.title.clone()))
            })
            .map(|d| (d.rule, d.fix.as_ref().expect("chosen").title.clone()))
            .collect();
        outcome.applied.extend(applied);
        outcome.text = text;
    }
}

/// The first syntax error of a text, if any.
fn syntax_error(text: &str) -> Option<String> {
    crate::syntax::parse(text)
        .diagnostics()
        .first()
        .map(|d| d.message.clone())
}

/// The fixes that touch no range an earlier one touches, in order.
fn non_clashing<'d>(wanted: &[&'d Diagnostic]) -> Vec<&'d Diagnostic> {
    let mut taken: Vec<TextRange> = Vec::new();
    let mut chosen = Vec::new();
    for &diagnostic in wanted {
        let fix = diagnostic.fix.as_ref().expect("wanted fixes exist");
        let clashes = fix.edits.iter().any(|edit| {
            taken.iter().any(|t| {
                edit.range.start < t.end && t.start < edit.range.end
                    || edit.range.start == t.start
                    || edit.range.end == t.start
                    || t.end == edit.range.start
            })
        });
        if clashes {
            continue;
        }
        taken.extend(fix.edits.iter().map(|e| e.range));
        chosen.push(diagnostic);
    }
    chosen
}

/// Applies the fixes; when the result does not parse, adds them back one
/// by one and leaves out each that breaks it. Returns the text and the
/// fixes left out.
fn apply_parsing<'d>(text: &str, chosen: &[&'d Diagnostic]) -> (String, Vec<&'d Diagnostic>) {
    let all = apply_diagnostics(text, chosen);
    if syntax_error(&all).is_none() {
        return (all, Vec::new());
    }
    let mut kept: Vec<&Diagnostic> = Vec::new();
    let mut broken = Vec::new();
    for &diagnostic in chosen {
        kept.push(diagnostic);
        if syntax_error(&apply_diagnostics(text, &kept)).is_some() {
            kept.pop();
            broken.push(diagnostic);
        }
    }
    (apply_diagnostics(text, &kept), broken)
}

fn apply_diagnostics(text: &str, diagnostics: &[&Diagnostic]) -> String {
    let mut edits: Vec<Edit> = diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .flat_map(|fix| fix.edits.iter().cloned())
        .collect();
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    apply_edits(text, &edits)
}

/// The fixes of `diagnostics` that [`FixOptions`] would apply, for callers
/// that show them one by one.
pub fn applicable_fixes<'d>(
    diagnostics: &'d [Diagnostic],
    options: &FixOptions<'_>,
) -> Vec<&'d Fix> {
    diagnostics
        .iter()
        .filter(|d| options.wants(d))
        .filter_map(|d| d.fix.as_ref())
        .collect()
}

fn serialize_rule<S: serde::Serializer>(rule: &Rule, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(rule.code())
}

fn serialize_applied<S: serde::Serializer>(
    applied: &[(Rule, String)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = serializer.serialize_seq(Some(applied.len()))?;
    for (rule, title) in applied {
        seq.serialize_element(&serde_json::json!({"rule": rule.code(), "title": title}))?;
    }
    seq.end()
}
