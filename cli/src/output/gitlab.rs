//! GitLab's code-quality report: a JSON array of issues, each with a
//! `description`, `check_name`, `fingerprint`, `severity` (`info`, `minor`,
//! `major`, `critical`, `blocker`) and `location` (`path`, `lines.begin`),
//! as the merge-request widget reads it from
//! `artifacts:reports:codequality`. Inputs that could not be read are
//! `blocker` issues on their file.

use std::collections::HashMap;
use std::io::{self, Write};

use heatwise_core::fix::Applicability;
use heatwise_core::lint::Severity;
use heatwise_core::text::Positions;
use serde::Serialize;

use super::report::FileReport;
use super::sarif::line_hash;
use crate::input::InputError;

#[derive(Serialize)]
struct Issue {
    description: String,
    check_name: String,
    fingerprint: String,
    severity: &'static str,
    location: Location,
}

#[derive(Serialize)]
struct Location {
    path: String,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: u32,
    end: u32,
}

pub fn write(reports: &[FileReport], errors: &[InputError], out: &mut dyn Write) -> io::Result<()> {
    let mut issues = Vec::new();
    for report in reports {
        let positions = Positions::new(&report.text);
        let path = report.path.trim_start_matches("./").to_owned();
        // The same finding on equal lines: told apart by its occurrence,
        // so that a fingerprint survives lines moving.
        let mut occurrences: HashMap<(&str, u64), u32> = HashMap::new();
        for diagnostic in &report.diagnostics {
            let location = positions.location(diagnostic.range);
            let line = line_hash(positions.line(location.line));
            let occurrence = occurrences.entry((diagnostic.code(), line)).or_insert(0);
            *occurrence += 1;
            let mut description = format!(
                "{} ({}): {}",
                diagnostic.code(),
                diagnostic.rule.name(),
                diagnostic.message
            );
            if let Some(fix) = &diagnostic.fix {
                let label = match fix.applicability {
                    Applicability::DisplayOnly => "Help".to_owned(),
                    applicability => format!("Fix ({})", applicability.as_str()),
                };
                description.push_str(&format!(" {label}: {}", fix.title));
            }
            issues.push(Issue {
                description,
                check_name: format!("heatwise/{}", diagnostic.rule.name()),
                fingerprint: fingerprint(&[
                    &path,
                    diagnostic.code(),
                    &format!("{line:x}:{occurrence}"),
                ]),
                severity: match diagnostic.severity {
                    Severity::Error => "major",
                    Severity::Warning => "minor",
                    Severity::Info => "info",
                },
                location: Location {
                    path: path.clone(),
                    lines: Lines {
                        begin: location.line,
                        end: location.end_line,
                    },
                },
            });
        }
    }
    for error in errors {
        let path = error.path.trim_start_matches("./").to_owned();
        issues.push(Issue {
            description: format!("heatwise could not read the file: {}", error.message),
            check_name: "heatwise/unreadable-input".into(),
            fingerprint: fingerprint(&[&path, "unreadable-input"]),
            severity: "blocker",
            location: Location {
                path,
                lines: Lines { begin: 1, end: 1 },
            },
        });
    }
    serde_json::to_writer_pretty(&mut *out, &issues)?;
    writeln!(out)
}

/// 32 hexadecimal digits from two FNV-1a hashes of the parts.
fn fingerprint(parts: &[&str]) -> String {
    let hash = |seed: u64| {
        parts.iter().fold(seed, |hash, part| {
            part.bytes().chain([0]).fold(hash, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
            })
        })
    };
    format!(
        "{:016x}{:016x}",
        hash(0xcbf2_9ce4_8422_2325),
        hash(0x84222325cbf29ce4)
    )
}
