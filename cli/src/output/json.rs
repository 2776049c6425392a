//! A pretty-printed JSON array, one object per finding, keys in a fixed
//! order: the `path` of the file, then the fields of
//! [`heatwise_core::json::DiagnosticJson`] (lines and columns 1-based, columns in
//! characters; byte and UTF-16 offsets; ends exclusive).

use std::io::{self, Write};

use heatwise_core::json::{diagnostic_json, DiagnosticJson};
use heatwise_core::text::Positions;
use serde::Serialize;

use super::FileReport;

#[derive(Serialize)]
struct FindingInFile<'a> {
    path: &'a str,
    #[serde(flatten)]
    finding: DiagnosticJson<'a>,
}

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    let mut findings = Vec::new();
    for report in reports {
        let positions = Positions::new(&report.text);
        findings.extend(report.diagnostics.iter().map(|diagnostic| FindingInFile {
            path: &report.path,
            finding: diagnostic_json(&positions, diagnostic),
        }));
    }
    serde_json::to_writer_pretty(&mut *out, &findings)?;
    writeln!(out)
}
