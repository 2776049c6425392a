//! A cloud scan's report (`heatwise scan --format json`), opened in the
//! page like any file: read here, nothing sent anywhere.

use std::collections::BTreeMap;

use serde_json::Value;

/// The largest report read.
pub const MAX_SCAN_BYTES: usize = 64 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanReport {
    pub stacks: Vec<ScannedStack>,
    pub summary: Summary,
    /// The dumps that could not be read, and why (a folder of dumps
    /// scanned in the page).
    pub errors: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScannedStack {
    pub project: String,
    pub name: String,
    pub id: String,
    pub status: String,
    pub findings: Vec<ScanFinding>,
    /// Where its dump is in the folder opened (`PROJECT/STACK/`), when
    /// the report was made in the page from dumps.
    pub dump: Option<String>,
    /// What `heatwise migrate` would do to it, when known (from dumps).
    pub migration: Option<Migrations>,
}

/// A stack's migration with safe fixes, and with every fix (`--unsafe`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Migrations {
    pub safe: StackMigration,
    pub with_unsafe: StackMigration,
}

/// What migrating a running stack changes and does, and the command that
/// does it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackMigration {
    /// The files it changes.
    pub files: usize,
    /// Each resource the update touches: name, action, what it means.
    pub resources: Vec<ResourceEffect>,
    /// Why it would not be sent as it is.
    pub skipped: Vec<String>,
    pub command: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceEffect {
    pub name: String,
    pub resource_type: String,
    /// `updated`, `replaced`, `added`, `deleted`, `refused`, `unknown`.
    pub action: String,
    pub effect: String,
}

impl StackMigration {
    /// Whether the update replaces a running resource.
    pub fn replaces(&self) -> bool {
        self.resources.iter().any(|r| r.action == "replaced")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanFinding {
    pub path: String,
    pub code: String,
    pub severity: String,
    pub message: String,
    pub line: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub stacks: usize,
    pub projects: Vec<ProjectRow>,
    pub usages: Vec<Usage>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectRow {
    pub project: String,
    pub stacks: usize,
    pub errors: usize,
    pub warnings: usize,
    pub info: usize,
    pub statuses: BTreeMap<String, usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Usage {
    pub subject: String,
    pub kind: String,
    pub status: Option<String>,
    pub lifecycle: Vec<String>,
    pub stacks: usize,
    pub uses: usize,
}

impl ScanReport {
    /// The report, when `text` is one (a JSON document with `stacks` and
    /// `summary` as `heatwise scan` writes them); `None` for anything else,
    /// which opens as a template.
    pub fn read(text: &str) -> Option<ScanReport> {
        if text.len() > MAX_SCAN_BYTES || !text.trim_start().starts_with('{') {
            return None;
        }
        // Read from the JSON value by hand: derived readers would weigh
        // on the page, which every visitor loads.
        let value: Value = serde_json::from_str(text).ok()?;
        let summary = value.get("summary")?;
        Some(ScanReport {
            stacks: list(value.get("stacks")?, |stack| {
                Some(ScannedStack {
                    project: text_of(stack, "project")?,
                    name: text_of(stack, "name")?,
                    id: text_of(stack, "id")?,
                    status: text_of(stack, "status")?,
                    dump: text_of(stack, "dump"),
                    migration: stack.get("migration").and_then(Migrations::read),
                    findings: stack
                        .get("findings")
                        .and_then(|f| {
                            list(f, |finding| {
                                Some(ScanFinding {
                                    path: text_of(finding, "path")?,
                                    code: text_of(finding, "code")?,
                                    severity: text_of(finding, "severity")?,
                                    message: text_of(finding, "message")?,
                                    line: u32::try_from(number_of(finding, "line")?).ok()?,
                                })
                            })
                        })
                        .unwrap_or_default(),
                })
            })?,
            errors: value
                .get("errors")
                .and_then(|errors| {
                    list(errors, |e| {
                        Some((text_of(e, "path")?, text_of(e, "message")?))
                    })
                })
                .unwrap_or_default(),
            summary: Summary {
                stacks: number_of(summary, "stacks")?,
                projects: list(summary.get("projects")?, |row| {
                    Some(ProjectRow {
                        project: text_of(row, "project")?,
                        stacks: number_of(row, "stacks")?,
                        errors: number_of(row, "errors")?,
                        warnings: number_of(row, "warnings")?,
                        info: number_of(row, "info")?,
                        statuses: row
                            .get("statuses")?
                            .as_object()?
                            .iter()
                            .map(|(k, v)| Some((k.clone(), usize::try_from(v.as_u64()?).ok()?)))
                            .collect::<Option<_>>()?,
                    })
                })?,
                usages: list(summary.get("usages")?, |usage| {
                    Some(Usage {
                        subject: text_of(usage, "subject")?,
                        kind: text_of(usage, "kind")?,
                        status: text_of(usage, "status"),
                        lifecycle: list(usage.get("lifecycle")?, |step| {
                            step.as_str().map(str::to_owned)
                        })?,
                        stacks: number_of(usage, "stacks")?,
                        uses: number_of(usage, "uses")?,
                    })
                })?,
            },
        })
    }
}

impl Migrations {
    fn read(value: &Value) -> Option<Migrations> {
        Some(Migrations {
            safe: StackMigration::read(value.get("safe")?)?,
            with_unsafe: StackMigration::read(value.get("unsafe")?)?,
        })
    }
}

impl StackMigration {
    fn read(value: &Value) -> Option<StackMigration> {
        Some(StackMigration {
            files: value.get("files")?.as_array()?.len(),
            resources: list(value.get("resources")?, |r| {
                Some(ResourceEffect {
                    name: text_of(r, "name")?,
                    resource_type: text_of(r, "type")?,
                    action: text_of(r, "action")?,
                    effect: text_of(r, "effect")?,
                })
            })?,
            skipped: list(value.get("skipped")?, |why| why.as_str().map(str::to_owned))?,
            command: text_of(value, "command")?,
        })
    }
}

fn text_of(value: &Value, key: &str) -> Option<String> {
    value.get(key)?.as_str().map(str::to_owned)
}

fn number_of(value: &Value, key: &str) -> Option<usize> {
    usize::try_from(value.get(key)?.as_u64()?).ok()
}

/// Each item of a JSON list read with `item`; `None` when one is not.
fn list<T>(value: &Value, item: impl Fn(&Value) -> Option<T>) -> Option<Vec<T>> {
    value.as_array()?.iter().map(item).collect()
}

impl Usage {
    /// What the release does that matters most, from its life cycle
    /// (newest first): `hidden since Liberty (5.0.0)`, then unsupported,
    /// then deprecated.
    pub fn release(&self) -> String {
        ["hidden", "unsupported", "deprecated"]
            .iter()
            .find_map(|status| {
                self.lifecycle
                    .iter()
                    .find(|step| step.starts_with(status))
                    .map(|step| step.split(':').next().unwrap_or(step).to_owned())
            })
            .unwrap_or_else(|| self.status.clone().unwrap_or_default().to_lowercase())
    }
}

/// The usages' counts by [`Usage::release`], most first: the chart.
pub fn by_release(usages: &[Usage]) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for usage in usages {
        *counts.entry(usage.release()).or_default() += usage.uses;
    }
    let mut sorted: Vec<(String, usize)> = counts.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    sorted
}
