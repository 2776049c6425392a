//! The migrate report: JSON for tools, text for the operator (first the
//! count of stacks migrated and skipped, then each stack that needs a
//! look, then what each update does).

use std::io::{self, Write};

use heatwise_core::update::Action;
use serde::Serialize;

use super::outcome::Migrated;
use crate::output::ChangeJson;

#[derive(Serialize)]
struct SkipJson<'a> {
    resource: Option<&'a str>,
    why: String,
}

#[derive(Serialize)]
struct StepJson<'a> {
    title: &'a str,
    resources: Vec<ChangeJson<'a>>,
}

#[derive(Serialize)]
struct StackJson<'a> {
    project: &'a str,
    name: &'a str,
    id: &'a str,
    status: &'a str,
    applied: bool,
    /// The files the migration changes, as the stack's dump names them.
    files: Vec<String>,
    resources: Vec<ChangeJson<'a>>,
    skipped: Vec<SkipJson<'a>>,
    steps: Vec<StepJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    kept: Option<String>,
}

fn stack_json<'a>(one: &'a Migrated<'a>) -> StackJson<'a> {
    let stack = one.stack;
    let mut skipped: Vec<SkipJson<'a>> = Vec::new();
    if let Some(why) = one.stack_skipped() {
        skipped.push(SkipJson {
            resource: None,
            why,
        });
    }
    let (mut files, mut resources, mut steps) = (Vec::new(), Vec::new(), Vec::new());
    if let Some(migration) = &one.migration {
        files = migration
            .files
            .keys()
            .map(|url| crate::kept::shown(url))
            .collect();
        resources = migration.resources.iter().map(ChangeJson::of).collect();
        steps = (migration.steps.iter())
            .map(|step| StepJson {
                title: &step.title,
                resources: step.changes.iter().map(ChangeJson::of).collect(),
            })
            .collect();
        skipped.extend(migration.skipped.iter().map(|(resource, why)| SkipJson {
            resource: resource.as_deref(),
            why: why.clone(),
        }));
    }
    let applied = one.applied.as_ref();
    StackJson {
        project: &stack.project,
        name: &stack.name,
        id: &stack.id,
        status: applied.map_or(stack.status.as_str(), |a| a.status.as_str()),
        applied: applied.is_some_and(|a| a.applied),
        files,
        resources,
        skipped,
        steps,
        failure: applied.and_then(|a| a.failure.as_deref()),
        kept: applied
            .and_then(|a| a.backup.as_ref())
            .map(|p| p.display().to_string()),
    }
}

pub fn json(migrated: &[Migrated<'_>], out: &mut dyn Write) -> io::Result<()> {
    #[derive(Serialize)]
    struct Report<'a> {
        stacks: Vec<StackJson<'a>>,
    }
    let report = Report {
        stacks: migrated.iter().map(stack_json).collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &report)?;
    writeln!(out)
}

pub fn text(migrated: &[Migrated<'_>], applied: bool, out: &mut dyn Write) -> io::Result<()> {
    let stacks: Vec<StackJson<'_>> = migrated.iter().map(stack_json).collect();
    let nothing = stacks
        .iter()
        .filter(|s| s.files.is_empty() && s.skipped.is_empty())
        .count();
    let skipped = stacks.iter().filter(|s| !s.skipped.is_empty()).count();
    let failed = stacks.iter().filter(|s| s.failure.is_some()).count();
    let done = stacks.iter().filter(|s| s.applied).count();
    let ready = stacks.len() - nothing - skipped;
    if applied {
        writeln!(
            out,
            "{} stack(s): {done} migrated, {failed} failed, {skipped} skipped, {nothing} with \
            nothing to migrate",
            stacks.len()
        )?;
    } else {
        writeln!(
            out,
            "{} stack(s): {ready} to migrate, {skipped} skipped, {nothing} with nothing to \
            migrate (a dry run: nothing was sent; --apply sends it)",
            stacks.len()
        )?;
    }
    for stack in &stacks {
        let name = format!("{}/{}", stack.project, stack.name);
        if let Some(failure) = stack.failure {
            writeln!(
                out,
                "\n{name}: FAILED, the stack is {}: {failure}",
                stack.status
            )?;
        }
        for skip in &stack.skipped {
            writeln!(out, "\n{name}: skipped: {}", skip.why)?;
        }
        if stack.files.is_empty() || !stack.skipped.is_empty() {
            continue;
        }
        let state = match (applied, stack.applied) {
            (true, true) => "migrated",
            (true, false) => "not migrated",
            (false, _) => "to migrate",
        };
        writeln!(
            out,
            "\n{name}: {state} in {} step(s), changing {}",
            stack.steps.len(),
            stack.files.join(", ")
        )?;
        for change in &stack.resources {
            if change.action == Action::Unchanged.as_str() {
                continue;
            }
            let effect = change.effect.map(|e| format!(": {e}")).unwrap_or_default();
            writeln!(
                out,
                "  {} ({}): {}{effect}",
                change.name, change.resource_type, change.action
            )?;
        }
        if let Some(kept) = &stack.kept {
            writeln!(out, "  kept as it was in {kept}")?;
        }
    }
    Ok(())
}
