//! SARIF 2.1.0 (OASIS), one run, as GitHub code scanning reads it: every
//! rule in `tool.driver.rules`, each finding a result with a location
//! relative to `%SRCROOT%`, a line-content fingerprint that survives lines
//! moving, and its fix as replacements. Columns are UTF-16 code units
//! (`columnKind`), as GitHub counts them.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::Path;

use heatwise_core::json::Step;
use heatwise_core::lint::Severity;
use heatwise_core::lint::{Diagnostic, Rule};
use heatwise_core::text::TextRange;
use serde::Serialize;

use heatwise_core::text::Positions;

use super::report::{FileReport, RelatedLines};
use super::rule_docs::{section, summary};
use crate::input::InputError;

const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
const SOURCE_ROOT: &str = "%SRCROOT%";

#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run<'a>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    tool: Tool,
    invocations: [Invocation; 1],
    column_kind: &'static str,
    results: Vec<SarifResult<'a>>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    information_uri: &'static str,
    rules: Vec<ReportingDescriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportingDescriptor {
    id: &'static str,
    name: &'static str,
    short_description: Message,
    full_description: Message,
    help: MultiformatMessage,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Message {
    text: String,
}

#[derive(Serialize)]
struct MultiformatMessage {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
struct Notification {
    level: &'static str,
    message: Message,
    locations: [Location; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Message,
    locations: [Location; 1],
    partial_fingerprints: Fingerprints,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix<'a>>,
    /// Places in other files of the stack the finding points at.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<RelatedSarif>,
    properties: ResultProperties<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RelatedSarif {
    id: usize,
    message: Message,
    physical_location: PhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    physical_location: PhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fingerprints {
    primary_location_line_hash: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix<'a> {
    description: Message,
    artifact_changes: [ArtifactChange<'a>; 1],
    properties: FixProperties,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange<'a> {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement<'a> {
    deleted_region: Region,
    #[serde(skip_serializing_if = "Option::is_none")]
    inserted_content: Option<Content<'a>>,
}

#[derive(Serialize)]
struct Content<'a> {
    text: &'a str,
}

#[derive(Serialize)]
struct FixProperties {
    applicability: &'static str,
}

#[derive(Serialize)]
struct ResultProperties<'a> {
    name: &'static str,
    status: Option<&'static str>,
    lifecycle: Vec<Step<'a>>,
}

pub fn write(reports: &[FileReport], errors: &[InputError], out: &mut dyn Write) -> io::Result<()> {
    let current_dir = std::env::current_dir().ok();
    let mut results = Vec::new();
    let mut lines = RelatedLines::default();
    for report in reports {
        let artifact = artifact_location(&report.path, current_dir.as_deref());
        let positions = Positions::new(&report.text);
        let mut occurrences: HashMap<(Rule, u64), usize> = HashMap::new();
        for diagnostic in &report.diagnostics {
            let mut found = result(diagnostic, &positions, &artifact, &mut occurrences);
            found.related_locations = report
                .related(diagnostic, &mut lines)
                .into_iter()
                .enumerate()
                .map(|(id, at)| RelatedSarif {
                    id,
                    message: Message {
                        text: at.message.to_owned(),
                    },
                    physical_location: PhysicalLocation {
                        artifact_location: artifact_location(at.path, current_dir.as_deref()),
                        region: Some(Region {
                            start_line: at.line,
                            start_column: at.utf16_column,
                            end_line: at.end_line,
                            end_column: at.end_utf16_column,
                        }),
                    },
                })
                .collect();
            results.push(found);
        }
    }
    let notifications = errors
        .iter()
        .map(|error| Notification {
            level: "error",
            message: Message {
                text: format!("{}: {}", error.path, error.message),
            },
            locations: [Location {
                physical_location: PhysicalLocation {
                    artifact_location: artifact_location(&error.path, current_dir.as_deref()),
                    region: None,
                },
            }],
        })
        .collect();
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: [Run {
            tool: Tool { driver: driver() },
            invocations: [Invocation {
                execution_successful: errors.is_empty(),
                tool_execution_notifications: notifications,
            }],
            column_kind: "utf16CodeUnits",
            results,
        }],
    };
    serde_json::to_writer_pretty(&mut *out, &log)?;
    writeln!(out)
}

fn driver() -> Driver {
    Driver {
        name: "heatwise",
        version: env!("CARGO_PKG_VERSION"),
        semantic_version: env!("CARGO_PKG_VERSION"),
        information_uri: env!("CARGO_PKG_REPOSITORY"),
        rules: Rule::ALL
            .iter()
            .map(|&rule| {
                let documentation = rule.documentation();
                let what = section(documentation, "What it does");
                let why = section(documentation, "Why is this bad?");
                ReportingDescriptor {
                    id: rule.code(),
                    name: rule.name(),
                    short_description: Message {
                        text: summary(rule),
                    },
                    full_description: Message {
                        text: format!("{what}\n\n{why}").trim().to_owned(),
                    },
                    help: MultiformatMessage {
                        text: documentation.to_owned(),
                        markdown: documentation.to_owned(),
                    },
                    default_configuration: Configuration {
                        level: level(rule.severity()),
                    },
                }
            })
            .collect(),
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn result<'a>(
    diagnostic: &'a Diagnostic,
    positions: &Positions<'_>,
    artifact: &ArtifactLocation,
    occurrences: &mut HashMap<(Rule, u64), usize>,
) -> SarifResult<'a> {
    let span = positions.location(diagnostic.range);
    let line_hash = line_hash(positions.line(span.line));
    let occurrence = occurrences.entry((diagnostic.rule, line_hash)).or_insert(0);
    *occurrence += 1;
    let fixes = diagnostic
        .fix
        .iter()
        .filter(|fix| !fix.edits.is_empty())
        .map(|fix| SarifFix {
            description: Message {
                text: fix.title.clone(),
            },
            artifact_changes: [ArtifactChange {
                artifact_location: artifact.clone(),
                replacements: fix
                    .edits
                    .iter()
                    .map(|edit| Replacement {
                        deleted_region: region(positions, edit.range),
                        inserted_content: (!edit.content.is_empty()).then_some(Content {
                            text: &edit.content,
                        }),
                    })
                    .collect(),
            }],
            properties: FixProperties {
                applicability: fix.applicability.as_str(),
            },
        })
        .collect();
    SarifResult {
        rule_id: diagnostic.rule.code(),
        rule_index: Rule::ALL
            .iter()
            .position(|&rule| rule == diagnostic.rule)
            .expect("every rule is in Rule::ALL"),
        level: level(diagnostic.severity),
        message: Message {
            text: diagnostic.message.clone(),
        },
        locations: [Location {
            physical_location: PhysicalLocation {
                artifact_location: artifact.clone(),
                region: Some(region(positions, diagnostic.range)),
            },
        }],
        partial_fingerprints: Fingerprints {
            primary_location_line_hash: format!("{line_hash:016x}:{occurrence}"),
        },
        fixes,
        related_locations: Vec::new(),
        properties: ResultProperties {
            name: diagnostic.rule.name(),
            status: diagnostic.status.map(|s| s.as_str()),
            lifecycle: diagnostic.lifecycle.iter().map(Step::from).collect(),
        },
    }
}

fn region(positions: &Positions<'_>, range: TextRange) -> Region {
    let span = positions.location(range);
    Region {
        start_line: span.line,
        start_column: span.utf16_column,
        end_line: span.end_line,
        end_column: span.end_utf16_column,
    }
}

/// FNV-1a (64 bits) of a line without its white space: the same for the
/// same line wherever it moves and however it is indented.
pub(super) fn line_hash(line: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in line.bytes().filter(|b| !b.is_ascii_whitespace()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A path as a URI: relative to `%SRCROOT%` (the current directory) when
/// it lies under it, an absolute `file://` URI otherwise.
fn artifact_location(path: &str, current_dir: Option<&Path>) -> ArtifactLocation {
    let as_path = Path::new(path);
    let relative = if as_path.is_absolute() {
        current_dir
            .and_then(|dir| as_path.strip_prefix(dir).ok())
            .map(|p| p.to_string_lossy().into_owned())
    } else {
        Some(path.to_owned())
    };
    match relative {
        Some(relative) => {
            let mut relative = normalize_separators(&relative);
            while let Some(rest) = relative.strip_prefix("./") {
                relative = rest.trim_start_matches('/').to_owned();
            }
            ArtifactLocation {
                uri: crate::stack::encode(&relative),
                uri_base_id: Some(SOURCE_ROOT),
            }
        }
        None => {
            let absolute = normalize_separators(path);
            let rooted = if absolute.starts_with('/') {
                absolute
            } else {
                format!("/{absolute}")
            };
            ArtifactLocation {
                uri: format!("file://{}", crate::stack::encode(&rooted)),
                uri_base_id: None,
            }
        }
    }
}

fn normalize_separators(path: &str) -> String {
    if cfg!(windows) {
        path.replace('\\', "/")
    } else {
        path.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uris_relative_to_the_source_root() {
        let here = Path::new("/home/user/repo");
        let uri = |path: &str| {
            let location = artifact_location(path, Some(here));
            (location.uri, location.uri_base_id)
        };
        assert_eq!(
            uri("./a b/c:d.yaml"),
            ("a%20b/c%3Ad.yaml".into(), Some(SOURCE_ROOT))
        );
        assert_eq!(
            uri("/home/user/repo/x/é.yaml"),
            ("x/%C3%A9.yaml".into(), Some(SOURCE_ROOT))
        );
        assert_eq!(
            uri("/elsewhere/y.yaml"),
            ("file:///elsewhere/y.yaml".into(), None)
        );
        assert_eq!(uri("<stdin>"), ("%3Cstdin%3E".into(), Some(SOURCE_ROOT)));
    }

    #[test]
    fn line_hashes_ignore_white_space_only() {
        assert_eq!(line_hash("  network_id: x"), line_hash("network_id:   x\r"));
        assert_ne!(line_hash("network_id: x"), line_hash("network_id: y"));
    }
}
