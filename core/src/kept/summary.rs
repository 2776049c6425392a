//! A fleet of stacks summarized as `heatwise scan` reports it and the
//! editor's fleet page shows it: per project, the stacks, their findings
//! by severity and stage, and their statuses; what they use that the
//! target release deprecates, hides or does not support.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::catalog::StatusKind;
use crate::lint::{Diagnostic, LifecycleStep, Severity, Subject};

/// One stack's part of the summary: who it is and its findings.
pub struct StackFindings<'a> {
    pub project: &'a str,
    pub status: &'a str,
    /// Heat lists it only when asked for hidden stacks.
    pub hidden: bool,
    /// Its template, environment or files could not be read.
    pub unread: bool,
    pub diagnostics: Vec<&'a Diagnostic>,
}

#[derive(Serialize, Default)]
pub struct ProjectSummary {
    pub project: String,
    pub stacks: usize,
    pub errors: usize,
    pub warnings: usize,
    pub info: usize,
    /// The errors by the stage at which Heat refuses them (`client`,
    /// `validate`, `create`): what an update to the target release meets,
    /// and when.
    pub refused_at: BTreeMap<&'static str, usize>,
    /// Stacks by their status (`CREATE_COMPLETE`, ...).
    pub statuses: BTreeMap<String, usize>,
}

#[derive(Serialize)]
pub struct Usage {
    /// `OS::Neutron::Port`, `OS::Neutron::Port.network_id`,
    /// `OS::Nova::Server.accessIPv4` (an attribute).
    pub subject: String,
    pub kind: &'static str,
    /// Its status at the target release.
    pub status: Option<&'static str>,
    /// What happens to it, newest first: "hidden since Liberty (5.0.0)".
    pub lifecycle: Vec<String>,
    pub stacks: usize,
    pub uses: usize,
}

#[derive(Serialize)]
pub struct Summary {
    pub stacks: usize,
    /// Of them, those Heat lists only when hidden stacks are asked for.
    pub hidden: usize,
    /// Of them, those whose template, environment or files could not be
    /// read.
    pub unread: usize,
    pub projects: Vec<ProjectSummary>,
    pub usages: Vec<Usage>,
}

/// The fleet's summary: stacks per project with their findings by severity
/// and their statuses, and what they use that the target release
/// deprecates, hides or does not support, the most used first.
pub fn summarize(stacks: &[StackFindings<'_>]) -> Summary {
    let mut projects: BTreeMap<&str, ProjectSummary> = BTreeMap::new();
    // By subject: its kind, a finding about it, the stacks and uses.
    let mut usages: BTreeMap<String, (&'static str, &Diagnostic, BTreeSet<usize>, usize)> =
        BTreeMap::new();
    for (index, entry) in stacks.iter().enumerate() {
        let project = projects
            .entry(entry.project)
            .or_insert_with(|| ProjectSummary {
                project: entry.project.to_owned(),
                ..ProjectSummary::default()
            });
        project.stacks += 1;
        *project.statuses.entry(entry.status.to_owned()).or_default() += 1;
        for diagnostic in entry.diagnostics.iter().copied() {
            if let Some(stage) = diagnostic.refused_at() {
                *project.refused_at.entry(stage.as_str()).or_default() += 1;
            }
            match diagnostic.severity {
                Severity::Error => project.errors += 1,
                Severity::Warning => project.warnings += 1,
                Severity::Info => project.info += 1,
            }
            let Some((subject, kind)) = subject_of(diagnostic) else {
                continue;
            };
            if diagnostic.status.is_none() {
                continue;
            }
            let usage = usages
                .entry(subject)
                .or_insert_with(|| (kind, diagnostic, BTreeSet::new(), 0));
            usage.2.insert(index);
            usage.3 += 1;
        }
    }
    let mut usages: Vec<Usage> = usages
        .into_iter()
        .map(|(subject, (kind, diagnostic, stacks, uses))| Usage {
            subject,
            kind,
            status: diagnostic.status.map(StatusKind::as_str),
            lifecycle: diagnostic.lifecycle.iter().map(step_text).collect(),
            stacks: stacks.len(),
            uses,
        })
        .collect();
    // The most used first, then by name.
    usages.sort_by(|a, b| b.stacks.cmp(&a.stacks).then(a.subject.cmp(&b.subject)));
    Summary {
        stacks: stacks.len(),
        hidden: stacks.iter().filter(|s| s.hidden).count(),
        unread: stacks.iter().filter(|s| s.unread).count(),
        projects: projects.into_values().collect(),
        usages,
    }
}

fn subject_of(diagnostic: &Diagnostic) -> Option<(String, &'static str)> {
    Some(match diagnostic.subject.as_ref()? {
        Subject::ResourceType { type_name } => (type_name.clone(), "resource type"),
        Subject::Property { type_name, path } => (format!("{type_name}.{path}"), "property"),
        Subject::Attribute { type_name, name } => (format!("{type_name}.{name}"), "attribute"),
    })
}

/// "hidden since Liberty (5.0.0): use property network".
fn step_text(step: &LifecycleStep) -> String {
    let mut text = step.status.as_str().to_ascii_lowercase();
    match (&step.release_name, &step.version) {
        (Some(name), Some(version)) if name != version => {
            text.push_str(&format!(" since {name} ({version})"))
        }
        (_, Some(version)) => text.push_str(&format!(" since {version}")),
        (Some(name), None) => text.push_str(&format!(" since {name}")),
        (None, None) => {}
    }
    if let Some(message) = step.message.as_deref().filter(|m| !m.is_empty()) {
        text.push_str(": ");
        text.push_str(message);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::lint::{lint, LintOptions};

    #[test]
    fn the_fleet_is_summed_by_project_and_by_what_it_uses() {
        let old = "heat_template_version: 2015-04-30\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties: {network_id: private}\n";
        let new = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties: {network: private}\n";
        let options = LintOptions::new(Catalog::builtin());
        let (a, b) = (lint(old, &options), lint(new, &options));
        let stack = |project, diagnostics: &'static [Diagnostic]| StackFindings {
            project,
            status: "CREATE_COMPLETE",
            hidden: false,
            unread: false,
            diagnostics: diagnostics.iter().collect(),
        };
        let (a, b): (&'static [Diagnostic], &'static [Diagnostic]) = (Vec::leak(a), Vec::leak(b));
        let summary = summarize(&[stack("demo", a), stack("demo", a), stack("ops", b)]);
        assert_eq!(summary.stacks, 3);
        let projects: Vec<(&str, usize)> = (summary.projects.iter())
            .map(|p| (p.project.as_str(), p.stacks))
            .collect();
        assert_eq!(projects, [("demo", 2), ("ops", 1)]);
        assert_eq!(summary.projects[0].statuses["CREATE_COMPLETE"], 2);
        let usage = &summary.usages[0];
        assert_eq!(usage.subject, "OS::Neutron::Port.network_id");
        assert_eq!((usage.stacks, usage.uses), (2, 2));
        assert!(
            usage.lifecycle[0].starts_with("hidden since"),
            "{:?}",
            usage.lifecycle
        );
    }
}
