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
    out.write_all(&pretty_array(&findings(reports))?)?;
    writeln!(out)
}

/// Findings serialized apart on each core: a stack's every environment
/// can have thousands, serialized after every lint is done.
const FINDINGS_PER_PIECE: usize = 256;

/// `items` as `serde_json::to_vec_pretty` writes them, each piece of
/// them serialized on a core of its own: an item alone, each of its lines
/// indented once more, is the item in the array (a JSON string holds no
/// line break of its own).
fn pretty_array<T: Serialize + Sync>(items: &[T]) -> io::Result<Vec<u8>> {
    if items.is_empty() {
        return Ok(b"[]".to_vec());
    }
    let pieces: Vec<&[T]> = items.chunks(FINDINGS_PER_PIECE).collect();
    let written = crate::parallel::in_parallel(&pieces, |piece| {
        let mut written = Vec::new();
        for (at, item) in piece.iter().enumerate() {
            let alone = serde_json::to_vec_pretty(item)?;
            written.extend_from_slice(if at == 0 { b"\n  " } else { b",\n  " });
            for &byte in &alone {
                written.push(byte);
                if byte == b'\n' {
                    written.extend_from_slice(b"  ");
                }
            }
        }
        Ok::<_, serde_json::Error>(written)
    });
    let mut array = b"[".to_vec();
    for (at, piece) in written.into_iter().enumerate() {
        if at > 0 {
            array.push(b',');
        }
        array.extend_from_slice(&piece?);
    }
    array.extend_from_slice(b"\n]");
    Ok(array)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Item {
        path: String,
        line: u32,
        related: Vec<(String, u32)>,
    }

    #[test]
    fn arrays_serialized_in_pieces_are_serde_jsons_own() {
        let item = |k: u32| Item {
            path: format!("t{k}.yaml \"quoted\"\nand a line break"),
            line: k,
            related: (0..k % 3).map(|r| (format!("r{r}"), r)).collect(),
        };
        for count in [
            0,
            1,
            2,
            FINDINGS_PER_PIECE,
            FINDINGS_PER_PIECE + 1,
            3 * FINDINGS_PER_PIECE + 7,
        ] {
            let items: Vec<Item> = (0..u32::try_from(count).unwrap()).map(item).collect();
            let whole = serde_json::to_vec_pretty(&items).unwrap();
            assert_eq!(pretty_array(&items).unwrap(), whole, "{count} items");
        }
    }
}
