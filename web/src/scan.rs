//! A cloud scan's report (`heatwise scan --format json`), opened in the
//! page like any file: read here, nothing sent anywhere.

use std::collections::BTreeMap;

use serde::Deserialize;

/// The largest report read.
pub const MAX_SCAN_BYTES: usize = 64 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ScanReport {
    pub stacks: Vec<ScannedStack>,
    pub summary: Summary,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ScannedStack {
    pub project: String,
    pub name: String,
    pub id: String,
    pub status: String,
    #[serde(default)]
    pub findings: Vec<ScanFinding>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ScanFinding {
    pub path: String,
    pub code: String,
    pub severity: String,
    pub message: String,
    pub line: u32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Summary {
    pub stacks: usize,
    pub projects: Vec<ProjectRow>,
    pub usages: Vec<Usage>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ProjectRow {
    pub project: String,
    pub stacks: usize,
    pub errors: usize,
    pub warnings: usize,
    pub info: usize,
    pub statuses: BTreeMap<String, usize>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Usage {
    pub subject: String,
    pub kind: String,
    #[serde(default)]
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
        serde_json::from_str(text).ok()
    }
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
