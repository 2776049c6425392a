//! A pretty-printed JSON array, one object per finding, keys in a fixed
//! order: the `path` of the file, then the fields of
//! [`heatwise_core::json::DiagnosticJson`] (lines and columns 1-based, columns in
//! characters; byte and UTF-16 offsets; ends exclusive).

use std::io::{self, Write};

use heatwise_core::json::{diagnostic_json, DiagnosticJson};
use heatwise_core::text::Positions;
use serde::Serialize;

use super::report::{FileReport, RelatedLines};

#[derive(Serialize)]
pub(crate) struct FindingInFile<'a> {
    path: &'a str,
    #[serde(flatten)]
    finding: DiagnosticJson<'a>,
    /// Other places the finding points at, in other files of the stack.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<RelatedJson<'a>>,
}

#[derive(Serialize)]
struct RelatedJson<'a> {
    path: &'a str,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    message: &'a str,
}

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &findings(reports))?;
    writeln!(out)
}

/// Every finding of the reports, in the shape of the JSON report.
pub(crate) fn findings(reports: &[FileReport]) -> Vec<FindingInFile<'_>> {
    let mut findings = Vec::new();
    let mut lines = RelatedLines::default();
    for report in reports {
        let positions = Positions::new(&report.text);
        findings.extend(report.diagnostics.iter().map(|diagnostic| {
            FindingInFile {
                path: &report.path,
                finding: diagnostic_json(&positions, diagnostic),
                related: report
                    .related(diagnostic, &mut lines)
                    .into_iter()
                    .map(|at| RelatedJson {
                        path: at.path,
                        line: at.line,
                        column: at.column,
                        end_line: at.end_line,
                        end_column: at.end_column,
                        message: at.message,
                    })
                    .collect(),
            }
        }));
    }
    findings
}
