//! The fixer: lint, apply every wanted fix that clashes with no other,
//! lint again, until nothing is left to apply. The top of the core: it
//! runs the linter, whose rules attach the fixes.
//!
//! Heat translates old properties in memory each time it reads a template
//! and never touches the file. [`fix_all`] rewrites the text instead, with
//! the same translation rules, so that it means to Heat exactly what the
//! original meant; comments and layout stay.

mod ignore;
mod plan;
mod retain;
mod stack;

use crate::fix::{apply_edits, non_clashing, Applicability, Edit, Fix};
use crate::lint::{lint, Diagnostic, LintOptions, Rule};

pub use ignore::{add_ignores, Ignored};
pub use plan::{migration_plan, migration_plan_of, PlanStep};
pub use retain::retain;
pub use stack::{fix_stack, StackFix};

/// Most rounds of lint-and-fix [`fix_all`] runs.
pub const MAX_ROUNDS: usize = 16;

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

/// A fix that was applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub rule: Rule,
    pub title: String,
    pub applicability: Applicability,
}

/// A fix that was not applied, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub rule: Rule,
    pub title: String,
    pub reason: String,
}

/// What [`fix_all`] did.
#[derive(Clone, Debug)]
pub struct FixOutcome {
    /// The migrated text.
    pub text: String,
    /// Each fix applied, in the order applied.
    pub applied: Vec<Applied>,
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
        let chosen = non_clashing(&wanted, |d| d.fix.as_ref());
        let (text, broken) = apply_parsing(&outcome.text, &chosen);
        for diagnostic in broken {
            let fix = diagnostic.fix.as_ref().expect("chosen fixes exist");
            rejected.push((diagnostic.rule, fix.title.clone()));
            outcome.skipped.push(Skipped {
                rule: diagnostic.rule,
                title: fix.title.clone(),
                reason: "the result would not parse, or would lose a comment".to_owned(),
            });
        }
        let applied: Vec<Applied> = chosen
            .iter()
            .filter_map(|d| {
                let fix = d.fix.as_ref().expect("chosen fixes exist");
                (!rejected.contains(&(d.rule, fix.title.clone()))).then(|| Applied {
                    rule: d.rule,
                    title: fix.title.clone(),
                    applicability: fix.applicability,
                })
            })
            .collect();
        outcome.applied.extend(applied);
        outcome.text = text;
    }
}

/// The first syntax error of a text, if any.
fn syntax_error(text: &str) -> Option<String> {
    crate::syntax::parse(text)
        .errors()
        .first()
        .map(|d| d.message.clone())
}

/// Applies the fixes; when the result does not parse, or loses a comment,
/// adds them back one by one and leaves out each that breaks it. Returns
/// the text and the fixes left out.
fn apply_parsing<'d>(text: &str, chosen: &[&'d Diagnostic]) -> (String, Vec<&'d Diagnostic>) {
    let comments = crate::syntax::parse(text).comment_texts();
    let all = apply_diagnostics(text, chosen);
    if !breaks(&all, &comments) {
        return (all, Vec::new());
    }
    let mut kept: Vec<&Diagnostic> = Vec::new();
    let mut broken = Vec::new();
    for &diagnostic in chosen {
        kept.push(diagnostic);
        if breaks(&apply_diagnostics(text, &kept), &comments) {
            kept.pop();
            broken.push(diagnostic);
        }
    }
    (apply_diagnostics(text, &kept), broken)
}

/// Whether a fixed text fails to parse or lacks one of the `comments` of
/// the text before: fixes keep every comment, and a comment that went
/// missing has usually become part of a neighbouring block scalar.
fn breaks(fixed: &str, comments: &[&str]) -> bool {
    let tree = crate::syntax::parse(fixed);
    if !tree.errors().is_empty() {
        return true;
    }
    let mut left = tree.comment_texts();
    for comment in comments {
        match left.iter().position(|c| c == comment) {
            Some(at) => {
                left.swap_remove(at);
            }
            None => return true,
        }
    }
    false
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::Severity;
    use crate::text::TextRange;

    fn finding(edits: Vec<Edit>) -> Diagnostic {
        Diagnostic {
            rule: Rule::HiddenProperty,
            severity: Severity::Warning,
            range: TextRange::empty(0),
            message: String::new(),
            status: None,
            lifecycle: Vec::new(),
            subject: None,
            fix: Fix::new("t", edits, Applicability::Safe),
            related: Vec::new(),
            stage: None,
        }
    }

    #[test]
    fn a_round_leaves_out_each_fix_that_breaks_the_text() {
        let text = "a: 1\nb: 2\nc: 3\n";
        let rename = finding(vec![Edit::replace(TextRange::new(0, 1), "x")]);
        let breaks = finding(vec![Edit::insert(5, "\"")]);
        let rename_too = finding(vec![Edit::replace(TextRange::new(10, 11), "z")]);
        let chosen = [&rename, &breaks, &rename_too];
        let (out, broken) = apply_parsing(text, &chosen);
        assert_eq!(out, "x: 1\nb: 2\nz: 3\n");
        assert_eq!(broken.len(), 1);
        assert!(std::ptr::eq(broken[0], &breaks));
    }

    #[test]
    fn fixes_that_touch_wait_for_the_next_round() {
        let first = finding(vec![Edit::replace(TextRange::new(0, 4), "x")]);
        let touching = finding(vec![Edit::insert(4, "y")]);
        let apart = finding(vec![Edit::replace(TextRange::new(6, 7), "z")]);
        let chosen = non_clashing(&[&first, &touching, &apart], |d| d.fix.as_ref());
        assert_eq!(chosen.len(), 2);
        assert!(std::ptr::eq(chosen[1], &apart));
    }
}
