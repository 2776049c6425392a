//! The linter: every use of a resource type, property or attribute whose
//! status is not SUPPORTED at the target release, and every use Heat would
//! reject, each at its exact byte range with its life cycle and, where one
//! exists, the fix that migrates it.
//!
//! [`lint`] never fails: a template that does not parse still gets the
//! findings of what could be read, plus the syntax error. `check` walks
//! the template once and calls each rule of [`rules`] where its input is;
//! a rule reports through `context::Context` and attaches its fix there,
//! with the nodes in hand. Layers, each importing only those below it:
//! `check` (the traversal) → `rules` (one file per rule) → `migrate` (fixes
//! several rules offer) and `lifecycle` (what the status rules share) →
//! `context` (reporting, and the guards every fix passes).

mod check;
mod compared_properties;
mod context;
mod lifecycle;
mod memo;
mod migrate;
mod references;
mod rule;
pub mod rules;
mod schema;
mod selection;
mod stack;
mod stage;
mod timeline;
mod written;
mod yaql;

use crate::stack::{Reference, StackFacts, TypeMapping};
use serde::Serialize;

use crate::catalog::{Catalog, StatusKind};
use crate::fix::Fix;
use crate::heat_conf::EngineLimits;
use crate::release::Release;
use crate::template::{self, Template};
use crate::text::TextRange;
use crate::time::UtcTime;

pub use crate::severity::Severity;
pub use memo::{LintMemo, MemoCounts, ShownFindings, ShownKey, MAX_KEPT_FILES, MAX_KEPT_PER_FILE};
pub use migrate::RETIRED_TYPE_MIGRATIONS;
pub use rule::{Retired, Rule, RETIRED};
pub use selection::Selection;
pub use stack::StackLinter;
pub use stage::Stage;
pub use timeline::{describe, timeline, LifecycleStep};

/// Most findings reported for one text; the rest are counted in one last
/// finding.
pub const MAX_DIAGNOSTICS: usize = 1_000;

/// What to check against.
#[derive(Clone, Copy)]
pub struct LintOptions<'a> {
    pub catalog: &'a Catalog,
    /// The release whose statuses apply; `None` for the catalog's own
    /// (newest) release.
    pub target: Option<Release>,
    /// The `resource_registry` of the environments the template is
    /// deployed with: a type they map is checked as the type Heat creates
    /// (a template resource is not checked; `OS::Heat::None` takes
    /// anything).
    pub registry: Option<&'a dyn TypeMapping>,
    /// The files this one names, as the stack it belongs to gathered
    /// them (`stack::Stack::references_from`): a name that reaches no
    /// file, or nests templates in a cycle, is reported where it is
    /// written. Empty for a file linted alone.
    pub references: &'a [Reference],
    /// The nested templates this file's resources use, when it is linted
    /// as part of a stack: their properties are checked against the
    /// templates' parameters.
    pub stack: Option<&'a dyn StackFacts>,
    /// The file is one of its stack's environments (given with `-e`),
    /// whatever its keys say: python-heatclient reads it as one.
    pub as_environment: bool,
    /// The file is its stack's root template: its parameters have the
    /// values the environments give them (see [`StackFacts::given`]).
    pub as_root: bool,
    /// The engine's limits: Heat's defaults, or the operator's heat.conf.
    pub limits: EngineLimits,
    /// The moment Heat would validate the stack, for the checks that
    /// compare with its clock (a Barbican `expiration` must be later).
    /// `None` leaves them undecided: the core reads no clock.
    pub now: Option<UtcTime>,
}

impl<'a> LintOptions<'a> {
    pub fn new(catalog: &'a Catalog) -> Self {
        Self {
            catalog,
            target: None,
            registry: None,
            references: &[],
            stack: None,
            as_environment: false,
            as_root: false,
            limits: EngineLimits::default(),
            now: None,
        }
    }

    pub fn with_target(mut self, target: Option<Release>) -> Self {
        self.target = target;
        self
    }
}

/// What a finding is about, for looking it up in the catalog.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Subject {
    ResourceType { type_name: String },
    Property { type_name: String, path: String },
    Attribute { type_name: String, name: String },
}

/// One finding.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub rule: Rule,
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
    /// The status of the object the finding is about, when it is about one.
    pub status: Option<StatusKind>,
    /// That object's life cycle, newest first (empty when not about one).
    pub lifecycle: Vec<LifecycleStep>,
    pub subject: Option<Subject>,
    pub fix: Option<Fix>,
    /// Other places the finding points at: in another file of the stack
    /// (a nested template's parameter, the template a cycle closes on).
    pub related: Vec<Related>,
    /// For an error, where Heat refuses (the rule's [`Rule::stage`] unless
    /// the finding says otherwise).
    pub stage: Option<Stage>,
}

/// A place a finding points at besides its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    /// The file, by the URL its stack names it by.
    pub url: String,
    pub range: TextRange,
    /// What is there, e.g. "`size` is declared here without a default".
    pub message: String,
}

impl Diagnostic {
    /// A finding of `rule` at `range`, with the rule's severity and stage
    /// and nothing more said (no status, fix or related places).
    pub(crate) fn of(rule: Rule, range: TextRange, message: String) -> Diagnostic {
        Diagnostic {
            rule,
            severity: rule.severity(),
            range,
            message,
            status: None,
            lifecycle: Vec::new(),
            subject: None,
            fix: None,
            related: Vec::new(),
            stage: rule.stage(),
        }
    }

    pub fn code(&self) -> &'static str {
        self.rule.code()
    }

    /// Where Heat refuses what the finding reports, while it is an error
    /// (a severity a user lowered refuses nothing).
    pub fn refused_at(&self) -> Option<Stage> {
        self.stage.filter(|_| self.severity == Severity::Error)
    }
}

/// Lints a template or environment file.
pub fn lint(text: &str, options: &LintOptions<'_>) -> Vec<Diagnostic> {
    lint_template(&template::parse(text), options)
}

/// Lints an already parsed template: findings sorted by position,
/// suppressed ones left out.
pub fn lint_template(template: &Template<'_>, options: &LintOptions<'_>) -> Vec<Diagnostic> {
    lint_split(template, options, None)
}

/// [`lint_template`], split where a memo asks ([`memo::Split`]).
pub(crate) fn lint_split(
    template: &Template<'_>,
    options: &LintOptions<'_>,
    split: Option<&dyn memo::Split>,
) -> Vec<Diagnostic> {
    let mut diagnostics = check::check(template, options, split);
    let unused = rules::unused_suppression::find(template, &diagnostics, options.stack.is_some());
    diagnostics.retain(|d| !template.is_suppressed(d.range.start, |word| d.rule.is_called(word)));
    diagnostics.extend(unused);
    diagnostics.sort_by(|a, b| {
        (a.range.start, a.range.end, a.rule, &a.message).cmp(&(
            b.range.start,
            b.range.end,
            b.rule,
            &b.message,
        ))
    });
    // A definition that aliases refer to is checked once per alias: the
    // same finding at the same place is reported once.
    diagnostics.dedup();
    rules::too_many_findings::cap(&mut diagnostics);
    diagnostics
}

/// How many findings of each code, for summaries.
pub fn count_by_code(diagnostics: &[Diagnostic]) -> Vec<(Rule, usize)> {
    let mut counts: Vec<(Rule, usize)> = Vec::new();
    for diagnostic in diagnostics {
        match counts.iter_mut().find(|(rule, _)| *rule == diagnostic.rule) {
            Some((_, count)) => *count += 1,
            None => counts.push((diagnostic.rule, 1)),
        }
    }
    counts.sort();
    counts
}
