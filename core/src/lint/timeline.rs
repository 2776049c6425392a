//! A life cycle in words and as a timeline: what diagnostics say and what
//! the editor's hover shows.

use crate::catalog::{Status, StatusKind};

/// One step of a life cycle, newest first in a [`Vec`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifecycleStep {
    pub status: StatusKind,
    /// The version as Heat writes it, trimmed.
    pub version: Option<String>,
    /// The release name of that version (`Juno`, `2024.1`).
    pub release_name: Option<String>,
    pub message: Option<String>,
}

/// The timeline of `status` and every status before it, newest first.
pub fn timeline(status: Status<'_>) -> Vec<LifecycleStep> {
    status
        .chain()
        .map(|step| LifecycleStep {
            status: step.kind(),
            version: step.version().map(|v| v.trim().to_owned()),
            release_name: step.release_name(),
            message: step.message().map(str::to_owned),
        })
        .collect()
}

/// `HIDDEN since 5.0.0 (Liberty), deprecated since 2014.2 (Juno): Use
/// property network.` — the status, the earlier non-SUPPORTED steps, and
/// the newest message the chain has.
pub fn describe(status: Status<'_>) -> String {
    let mut text = status.kind().as_str().to_owned();
    push_since(&mut text, status);
    for earlier in status.chain().skip(1) {
        if earlier.kind() == StatusKind::Supported || earlier.kind() == status.kind() {
            continue;
        }
        text.push_str(", ");
        text.push_str(&earlier.kind().as_str().to_lowercase());
        push_since(&mut text, earlier);
    }
    if let Some(message) = status.chain().find_map(|s| s.message()) {
        let message = message.trim();
        if !message.is_empty() {
            text.push_str(": ");
            text.push_str(message);
            if message.ends_with(|c: char| c.is_alphanumeric()) {
                text.push('.');
            }
        }
    }
    text
}

fn push_since(text: &mut String, status: Status<'_>) {
    match (status.release(), status.version()) {
        (Some(release), _) => {
            text.push_str(" since ");
            text.push_str(&release.display_with_name());
        }
        (None, Some(version)) if !version.trim().is_empty() => {
            text.push_str(" since ");
            text.push_str(version.trim());
        }
        _ => {}
    }
}
