//! Sending one stack's migration to Heat: the stack as Heat keeps it
//! written out first (to return to), then each step sent as `openstack
//! stack update --existing` sends it, waited for, and read back: the
//! stack `UPDATE_COMPLETE` and every resource the preview keeps still
//! holding its physical ID. The first failure stops the stack.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use heatwise_core::update::Action;

use crate::cloud::heat::{Heat, StackSummary};
use crate::kept::{dump, ScannedStack};
use heatwise_core::kept::migration::Migration;

/// How often, at most, the stack's state is asked for while it updates.
const MAX_POLL: Duration = Duration::from_secs(5);

/// What sending the migration did.
pub struct Applied {
    /// Every step was sent and completed.
    pub applied: bool,
    /// The stack's status at the end.
    pub status: String,
    /// What went wrong, and how to return.
    pub failure: Option<String>,
    /// Where the stack as it was is kept.
    pub backup: Option<PathBuf>,
}

/// Sends `migration` to the stack, waiting at most `timeout` per step.
pub fn apply(
    heat: &Heat,
    stack: &ScannedStack,
    migration: &Migration,
    backup_dir: &Path,
    timeout: Duration,
) -> Applied {
    let summary = StackSummary {
        id: stack.id.clone(),
        stack_name: stack.name.clone(),
        project: Some(stack.project_id.clone()),
        stack_status: stack.status.clone(),
        stack_status_reason: stack.status_reason.clone(),
        hidden: stack.hidden,
    };
    let mut applied = Applied {
        applied: false,
        status: stack.status.clone(),
        failure: None,
        backup: None,
    };
    let backup = match dump::write(backup_dir, stack) {
        Ok(folder) => folder,
        Err(message) => {
            applied.failure = Some(format!(
                "nothing sent: the stack could not be kept before its update: {message}"
            ));
            return applied;
        }
    };
    applied.backup = Some(backup.clone());
    let returned = format!(
        "the stack as it was is kept in {}: `openstack stack update --existing -t {}` with its \
        files returns to it, or Heat's rollback (`openstack stack update --rollback`) where it is \
        enabled",
        backup.display(),
        backup.join(dump::TEMPLATE).display()
    );
    let result = send(
        heat,
        &summary,
        stack,
        migration,
        timeout,
        &mut applied.status,
    );
    match result {
        Ok(()) => applied.applied = true,
        Err(why) => applied.failure = Some(format!("{why}; {returned}")),
    }
    applied
}

fn send(
    heat: &Heat,
    summary: &StackSummary,
    stack: &ScannedStack,
    migration: &Migration,
    timeout: Duration,
    status: &mut String,
) -> Result<(), String> {
    let now = heat.stack_now(summary)?;
    *status = now.stack_status.clone();
    if now.stack_status.ends_with("_IN_PROGRESS") || now.stack_status.ends_with("_FAILED") {
        return Err(format!(
            "nothing sent: the stack is {} ({})",
            now.stack_status,
            now.stack_status_reason.unwrap_or_default()
        ));
    }
    let before = heat.physical_ids(summary)?;
    let mut ended = heat.last_update_end(summary)?;
    let total = migration.steps.len();
    for index in 0..total {
        let body = migration.body(index)?;
        heat.update_existing(summary, &body)
            .map_err(|why| format!("step {} of {total}: {why}", index + 1))?;
        progress(stack, &format!("step {} of {total} sent", index + 1));
        let (done, end) = wait(heat, summary, ended.as_deref(), timeout)?;
        *status = done.stack_status.clone();
        ended = Some(end);
        if done.stack_status != "UPDATE_COMPLETE" {
            return Err(format!(
                "step {} of {total} ({}): the stack is {}: {}",
                index + 1,
                migration.steps[index].title,
                done.stack_status,
                done.stack_status_reason.unwrap_or_default()
            ));
        }
        progress(stack, &format!("step {} of {total} complete", index + 1));
    }
    kept_ids(migration, &before, &heat.physical_ids(summary)?)
}

/// Waits until the update sent after the update that ended with the
/// event `ended_before` has ended; the stack then, and its ending event.
fn wait(
    heat: &Heat,
    summary: &StackSummary,
    ended_before: Option<&str>,
    timeout: Duration,
) -> Result<(StackSummary, String), String> {
    let started = Instant::now();
    let mut pause = Duration::from_millis(200);
    loop {
        let now = heat.stack_now(summary)?;
        let status = now.stack_status.as_str();
        if status.starts_with("UPDATE_") && !status.ends_with("_IN_PROGRESS") {
            match heat.last_update_end(summary)? {
                Some(end) if Some(end.as_str()) != ended_before => return Ok((now, end)),
                _ => {}
            }
        }
        if started.elapsed() > timeout {
            return Err(format!(
                "the update did not end within {} s (the stack is {status})",
                timeout.as_secs()
            ));
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(MAX_POLL);
    }
}

/// Each resource the preview keeps (unchanged or updated in place) holds
/// the physical ID it had.
fn kept_ids(
    migration: &Migration,
    before: &BTreeMap<String, String>,
    after: &BTreeMap<String, String>,
) -> Result<(), String> {
    let kept = (migration.resources.iter())
        .filter(|change| matches!(change.action, Action::Unchanged | Action::Updated));
    for change in kept {
        let (was, is) = (before.get(&change.name), after.get(&change.name));
        if was != is {
            return Err(format!(
                "{} ({}) was to keep its physical ID {} and has {} now",
                change.name,
                change.resource_type,
                was.map_or("(none)", String::as_str),
                is.map_or("(none)", String::as_str)
            ));
        }
    }
    Ok(())
}

/// `migrate PROJECT/STACK: what happened`, on a terminal.
fn progress(stack: &ScannedStack, what: &str) {
    if std::io::stderr().is_terminal() {
        eprintln!("migrate {}/{}: {what}", stack.project, stack.name);
    }
}
