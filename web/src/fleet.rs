//! The fleet page's model: a cloud scan's stacks (a report opened, or a
//! folder of stack dumps scanned in the page), filtered and sorted as the
//! user asks, each stack's dump opened in the folder view. The page's
//! table shows [`Fleet::rows`]; nothing here is sent anywhere.

use std::collections::BTreeSet;
use std::rc::Rc;

use heatwise_core::release::Release;

use crate::folder::FolderFile;
use crate::scan::{ScanReport, ScannedStack};

/// A fleet opened in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fleet {
    /// The report's file or the dumps' folder.
    pub name: Rc<str>,
    pub report: Rc<ScanReport>,
    /// The dumps' files, when the fleet was opened from them: each stack
    /// opens in the folder view, and a change of the target scans again.
    pub dumps: Option<Rc<[FolderFile]>>,
    /// The release the dumps were scanned for (`None`: the newest).
    pub target: Option<Release>,
    pub query: FleetQuery,
    /// The stack shown in full below the table (an index into the report).
    pub selected: Option<usize>,
}

/// What the table lists, and in which order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FleetQuery {
    /// Words the stack's `project/name` contains, in any case.
    pub text: String,
    pub project: Option<String>,
    pub status: Option<String>,
    /// The stack's most severe finding: `error`, `warning`, `info` or
    /// `none`.
    pub severity: Option<String>,
    /// A rule code one of its findings has.
    pub rule: Option<String>,
    /// Only stacks whose migration (with every fix) replaces a resource.
    pub replacing: bool,
    pub sort: SortKey,
    pub descending: bool,
}

/// The table's columns that sort.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortKey {
    #[default]
    Project,
    Name,
    Status,
    /// Errors, then warnings, then all findings.
    Findings,
    /// The resources the migration (with every fix) touches, replacements
    /// first.
    Migration,
}

impl SortKey {
    pub const ALL: [(SortKey, &'static str); 5] = [
        (SortKey::Project, "Project"),
        (SortKey::Name, "Stack"),
        (SortKey::Status, "Status"),
        (SortKey::Findings, "Findings"),
        (SortKey::Migration, "Migration"),
    ];
}

/// A stack's most severe finding, in words.
pub fn severity_of(stack: &ScannedStack) -> &'static str {
    ["error", "warning", "info"]
        .into_iter()
        .find(|wanted| stack.findings.iter().any(|f| f.severity == *wanted))
        .unwrap_or("none")
}

/// How many of its findings are of `severity`.
pub fn count_of(stack: &ScannedStack, severity: &str) -> usize {
    stack
        .findings
        .iter()
        .filter(|f| f.severity == severity)
        .count()
}

impl Fleet {
    pub fn new(name: Rc<str>, report: Rc<ScanReport>) -> Fleet {
        Fleet {
            name,
            report,
            dumps: None,
            target: None,
            query: FleetQuery::default(),
            selected: None,
        }
    }

    /// Whether the report knows what migrating its stacks does.
    pub fn knows_migrations(&self) -> bool {
        self.report.stacks.iter().any(|s| s.migration.is_some())
    }

    /// The stacks the query lists, as indexes into the report, in its
    /// order.
    pub fn rows(&self) -> Vec<usize> {
        let query = &self.query;
        let words: Vec<String> = query
            .text
            .split_whitespace()
            .map(str::to_lowercase)
            .collect();
        let mut rows: Vec<usize> = (0..self.report.stacks.len())
            .filter(|&index| {
                let stack = &self.report.stacks[index];
                let name = format!("{}/{}", stack.project, stack.name).to_lowercase();
                words.iter().all(|word| name.contains(word))
                    && query.project.as_ref().is_none_or(|p| *p == stack.project)
                    && query.status.as_ref().is_none_or(|s| *s == stack.status)
                    && query
                        .severity
                        .as_deref()
                        .is_none_or(|s| s == severity_of(stack))
                    && (query.rule.as_ref())
                        .is_none_or(|rule| stack.findings.iter().any(|f| f.code == *rule))
                    && (!query.replacing
                        || (stack.migration.as_ref()).is_some_and(|m| m.with_unsafe.replaces()))
            })
            .collect();
        let stacks = &self.report.stacks;
        let findings = |s: &ScannedStack| {
            (
                count_of(s, "error"),
                count_of(s, "warning"),
                s.findings.len(),
            )
        };
        let migration = |s: &ScannedStack| {
            s.migration.as_ref().map(|m| {
                let touched = m.with_unsafe.resources.len();
                let replaced = m
                    .with_unsafe
                    .resources
                    .iter()
                    .filter(|r| r.action == "replaced");
                (replaced.count(), touched)
            })
        };
        rows.sort_by(|&a, &b| {
            let (a, b) = (&stacks[a], &stacks[b]);
            let order = match query.sort {
                SortKey::Project => a.project.cmp(&b.project).then(a.name.cmp(&b.name)),
                SortKey::Name => a.name.cmp(&b.name).then(a.project.cmp(&b.project)),
                SortKey::Status => a.status.cmp(&b.status),
                SortKey::Findings => findings(a).cmp(&findings(b)),
                SortKey::Migration => migration(a).cmp(&migration(b)),
            };
            if query.descending {
                order.reverse()
            } else {
                order
            }
        });
        rows
    }

    /// The values each filter offers, sorted: projects, statuses, rules.
    pub fn choices(&self) -> (Vec<String>, Vec<String>, Vec<String>) {
        let stacks = &self.report.stacks;
        let set = |of: &dyn Fn(&ScannedStack) -> Vec<String>| -> Vec<String> {
            let all: BTreeSet<String> = stacks.iter().flat_map(of).collect();
            all.into_iter().collect()
        };
        (
            set(&|s| vec![s.project.clone()]),
            set(&|s| vec![s.status.clone()]),
            set(&|s| s.findings.iter().map(|f| f.code.clone()).collect()),
        )
    }

    /// The dump of stack `index` as a folder of its own (paths relative
    /// to the dump), when the fleet was opened from dumps.
    pub fn dump_of(&self, index: usize) -> Option<(String, Vec<FolderFile>)> {
        let stack = self.report.stacks.get(index)?;
        let prefix = stack.dump.as_deref()?;
        let files = (self.dumps.as_deref()?.iter())
            .filter_map(|file| {
                Some(FolderFile {
                    path: file.path.strip_prefix(prefix)?.into(),
                    text: file.text.clone(),
                })
            })
            .collect();
        Some((format!("{}/{}", stack.project, stack.name), files))
    }
}
