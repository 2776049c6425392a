//! What `heatwise scan` prints: first the summary an operator reads (stacks
//! per project with their findings by severity and their statuses; the
//! types, properties and attributes in use that the target release
//! deprecates, hides or does not support), then every finding.

use std::io::{self, Write};
use std::sync::Arc;

use heatwise_core::kept::summary::{self, StackFindings, Summary};
use heatwise_core::release::Release;
use serde::Serialize;

use crate::input::InputError;
use crate::kept::ScannedStack;
use crate::output::{self, FileReport, Format};

/// A stack and its files' findings, paths relative to the stack.
pub struct Scanned<'a> {
    pub stack: &'a ScannedStack,
    pub reports: Vec<FileReport>,
}

/// The fleet's summary, from each stack's findings.
fn summarize(scanned: &[Scanned<'_>]) -> Summary {
    let stacks: Vec<StackFindings<'_>> = scanned
        .iter()
        .map(|entry| StackFindings {
            project: &entry.stack.project,
            status: &entry.stack.status,
            hidden: entry.stack.hidden,
            unread: entry.stack.unread.is_some(),
            diagnostics: entry.reports.iter().flat_map(|r| &r.diagnostics).collect(),
        })
        .collect();
    summary::summarize(&stacks)
}

/// The reports with each path under `PROJECT/STACK/`, for the formats
/// that list files.
fn prefixed(scanned: &[Scanned<'_>]) -> Vec<FileReport> {
    scanned
        .iter()
        .flat_map(|entry| {
            let prefix = format!("{}/{}/", entry.stack.project, entry.stack.name);
            let stack = entry
                .reports
                .first()
                .and_then(|r| r.stack.clone())
                .map(|files| {
                    Arc::new(output::StackFiles {
                        by_url: (files.files().into_iter())
                            .map(|(url, (path, text))| {
                                (url.clone(), (format!("{prefix}{path}"), text.clone()))
                            })
                            .collect(),
                        beneath: None,
                    })
                });
            entry.reports.iter().map(move |report| FileReport {
                path: format!("{prefix}{}", report.path),
                text: report.text.clone(),
                diagnostics: report.diagnostics.clone(),
                stack: stack.clone(),
            })
        })
        .collect()
}

/// The release the stacks are judged for, in words.
pub fn judged(target: Option<Release>) -> String {
    match target {
        Some(release) => format!("Heat {release}"),
        None => format!(
            "Heat {} (the newest the catalog knows)",
            heatwise_core::catalog::BUILTIN_HEAT_VERSION
        ),
    }
}

pub fn text(
    scanned: &[Scanned<'_>],
    target: Option<Release>,
    upgrade: Option<&super::upgrade::Upgrade>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let summary = summarize(scanned);
    let judged = judged(target);
    let mut asides = Vec::new();
    if summary.hidden > 0 {
        asides.push(format!("{} hidden", summary.hidden));
    }
    if summary.unread > 0 {
        asides.push(format!("{} not read", summary.unread));
    }
    let asides = match asides.is_empty() {
        true => String::new(),
        false => format!(" ({})", asides.join(", ")),
    };
    writeln!(
        out,
        "{}{asides} in {}, judged for {judged}",
        count(summary.stacks, "stack", "stacks"),
        count(summary.projects.len(), "project", "projects"),
    )?;
    if !summary.projects.is_empty() {
        let width = summary
            .projects
            .iter()
            .map(|p| p.project.chars().count())
            .max()
            .unwrap_or(0)
            .max("project".len());
        writeln!(
            out,
            "\n  {:width$}  stacks  errors  warnings  info  errors by stage  statuses",
            "project"
        )?;
        for project in &summary.projects {
            let listed = |counts: Vec<String>| match counts.is_empty() {
                true => "-".to_owned(),
                false => counts.join(", "),
            };
            let statuses = project.statuses.iter();
            let statuses = listed(
                statuses
                    .map(|(status, n)| format!("{status} {n}"))
                    .collect(),
            );
            let stages = project.refused_at.iter();
            let stages = listed(stages.map(|(stage, n)| format!("{stage} {n}")).collect());
            writeln!(
                out,
                "  {:width$}  {:>6}  {:>6}  {:>8}  {:>4}  {stages:<15}  {statuses}",
                project.project, project.stacks, project.errors, project.warnings, project.info,
            )?;
        }
    }
    let unsettled: Vec<&Scanned<'_>> = scanned
        .iter()
        .filter(|s| s.stack.unread.is_some() || !s.stack.status.ends_with("_COMPLETE"))
        .collect();
    if !unsettled.is_empty() {
        writeln!(out, "\n  Stacks not complete, or not read:")?;
        for entry in unsettled {
            let stack = entry.stack;
            let hidden = if stack.hidden { " (hidden)" } else { "" };
            let reason = stack
                .status_reason
                .as_deref()
                .filter(|r| !r.is_empty())
                .map(|r| format!(": {r}"))
                .unwrap_or_default();
            writeln!(
                out,
                "  {}/{}{hidden}: {}{reason}",
                stack.project, stack.name, stack.status
            )?;
            if let Some(why) = &stack.unread {
                writeln!(out, "      not read: {why}")?;
            }
        }
    }
    if !summary.usages.is_empty() {
        writeln!(out, "\n  In use, and what the release makes of it:")?;
        for usage in &summary.usages {
            writeln!(
                out,
                "  {} ({}): {}, {}",
                usage.subject,
                usage.kind,
                count(usage.stacks, "stack", "stacks"),
                count(usage.uses, "use", "uses"),
            )?;
            for step in &usage.lifecycle {
                writeln!(out, "      {step}")?;
            }
        }
    }
    if let Some(upgrade) = upgrade {
        super::upgrade::text(upgrade, out)?;
    }
    writeln!(out)?;
    output::write(Format::Text, &prefixed(scanned), &[], 0, out)
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[derive(Serialize)]
struct StackJson<'a> {
    project: &'a str,
    project_id: &'a str,
    name: &'a str,
    id: &'a str,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    status_reason: Option<&'a str>,
    /// Listed by Heat only when hidden stacks are asked for.
    hidden: bool,
    /// Why Heat's copy of the stack could not be read (it has no findings
    /// then).
    #[serde(skip_serializing_if = "Option::is_none")]
    unread: Option<&'a str>,
    findings: Vec<output::json::FindingInFile<'a>>,
}

#[derive(Serialize)]
struct ScanJson<'a> {
    stacks: Vec<StackJson<'a>>,
    summary: Summary,
    /// With `--baseline`: how many findings it kept out of the report, and
    /// its entries no finding matched any more.
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<&'a crate::baseline::Applied>,
    /// Where the cloud is, where it goes, and what each release between
    /// changes of what the stacks use.
    #[serde(skip_serializing_if = "Option::is_none")]
    upgrade: Option<&'a super::upgrade::Upgrade>,
}

pub fn json(
    scanned: &[Scanned<'_>],
    baseline: Option<&crate::baseline::Applied>,
    upgrade: Option<&super::upgrade::Upgrade>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let document = ScanJson {
        stacks: scanned
            .iter()
            .map(|entry| StackJson {
                project: &entry.stack.project,
                project_id: &entry.stack.project_id,
                name: &entry.stack.name,
                id: &entry.stack.id,
                status: &entry.stack.status,
                status_reason: entry.stack.status_reason.as_deref(),
                hidden: entry.stack.hidden,
                unread: entry.stack.unread.as_deref(),
                findings: output::json::findings(&entry.reports),
            })
            .collect(),
        summary: summarize(scanned),
        baseline,
        upgrade,
    };
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)
}

pub fn sarif(
    scanned: &[Scanned<'_>],
    errors: &[InputError],
    out: &mut dyn Write,
) -> io::Result<()> {
    output::write(Format::Sarif, &prefixed(scanned), errors, 0, out)
}
