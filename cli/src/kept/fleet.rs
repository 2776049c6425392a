//! The stacks a cloud runs, as Heat keeps them: listed (hidden ones
//! included), chosen by project and name, and each one's template,
//! environment and files fetched, several at once, with a progress line on
//! a terminal. What `scan` and `migrate` read a cloud with.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::ScannedStack;
use crate::cloud::heat::{Heat, StackSummary};
use crate::input::InputError;

/// The most fetches at once.
pub const MAX_CONCURRENCY: usize = 64;

/// Which stacks to read.
pub struct FleetRequest<'a> {
    /// Every project's (Heat's `stacks:global_index` policy).
    pub all_projects: bool,
    /// Only these projects (ID or name); none: every one listed.
    pub projects: &'a [String],
    /// Only these stacks (name or ID); none: every one listed.
    pub stacks: &'a [String],
    /// Stacks fetched at once (1 to [`MAX_CONCURRENCY`]).
    pub concurrency: usize,
}

/// Every stack the request names, each with its documents (or why they
/// could not be read: reported, never left out), and those failures.
pub fn fetch(
    heat: &Heat,
    request: &FleetRequest<'_>,
) -> Result<(Vec<ScannedStack>, Vec<InputError>), String> {
    let listing = heat.every_stack(request.all_projects)?;
    if listing.truncated {
        eprintln!(
            "warning: the cloud lists more than {} stacks; the rest are not scanned",
            crate::cloud::heat::MAX_STACKS
        );
    }
    let own = heat.own_project().unwrap_or_default().to_owned();
    let names = heat.project_names();
    let project_of = |summary: &StackSummary| summary.project.clone().unwrap_or(own.clone());
    let summaries: Vec<&StackSummary> = listing
        .stacks
        .iter()
        .filter(|s| {
            request.stacks.is_empty()
                || request
                    .stacks
                    .iter()
                    .any(|n| *n == s.stack_name || *n == s.id)
        })
        .filter(|s| {
            let id = project_of(s);
            request.projects.is_empty()
                || request
                    .projects
                    .iter()
                    .any(|p| *p == id || names.get(&id) == Some(p))
        })
        .collect();
    let progress = Progress::new(summaries.len());
    let failures = Mutex::new(Vec::new());
    let threads = request.concurrency.clamp(1, MAX_CONCURRENCY);
    let fetched = crate::parallel::in_parallel_threads(&summaries, threads, |summary| {
        let documents = heat.documents(summary);
        progress.advance();
        match documents {
            Ok(documents) => {
                let id = project_of(summary);
                let name = names.get(&id).map(String::as_str);
                ScannedStack::new(summary, &id, name, documents)
            }
            Err(message) => {
                let id = project_of(summary);
                let name = names.get(&id).map(String::as_str);
                if let Ok(mut failures) = failures.lock() {
                    failures.push(InputError {
                        path: format!("{}/{}", name.unwrap_or(&id), summary.stack_name),
                        message: message.clone(),
                    });
                }
                // Reported with why, never left out.
                ScannedStack::unread(summary, &id, name, message)
            }
        }
    });
    progress.finish();
    let failures = failures.into_inner().unwrap_or_default();
    for failure in &failures {
        eprintln!("error: {}: {}", failure.path, failure.message);
    }
    Ok((fetched, failures))
}

/// `scanning 12/40 stacks` on standard error, when it is a terminal.
pub struct Progress {
    total: usize,
    done: AtomicUsize,
    shown: bool,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            done: AtomicUsize::new(0),
            shown: io::stderr().is_terminal() && total > 0,
        }
    }

    pub fn advance(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if self.shown {
            let width = 30;
            let filled = width * done / self.total.max(1);
            eprint!(
                "\rreading [{}{}] {done}/{} stacks",
                "#".repeat(filled),
                " ".repeat(width - filled),
                self.total
            );
        }
    }

    pub fn finish(&self) {
        if self.shown {
            eprintln!();
        }
    }
}
