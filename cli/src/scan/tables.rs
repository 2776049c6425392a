//! The scan as tables for people who own the stacks: CSV (a row per
//! stack and finding, for a spreadsheet) and Markdown (a section per
//! project, ready to send to its owners).

use std::io::{self, Write};

use heatwise_core::lint::Diagnostic;
use heatwise_core::text::Positions;

use super::report::Scanned;
use crate::output::FileReport;

const CSV_HEADER: [&str; 17] = [
    "project",
    "project_id",
    "stack",
    "stack_id",
    "status",
    "status_reason",
    "hidden",
    "not_read",
    "path",
    "line",
    "column",
    "code",
    "rule",
    "severity",
    "stage",
    "support_status",
    "message",
];

/// Each finding of a report, with its line and column (1-based; columns
/// in characters).
fn located(reports: &[FileReport]) -> Vec<(&str, u32, u32, &Diagnostic)> {
    let mut found = Vec::new();
    for report in reports {
        let positions = Positions::new(&report.text);
        for diagnostic in &report.diagnostics {
            let at = positions.location(diagnostic.range);
            found.push((report.path.as_str(), at.line, at.column, diagnostic));
        }
    }
    found
}

/// A row per finding, and one for each stack without any, so that every
/// stack the cloud lists is a row.
pub fn csv(scanned: &[Scanned<'_>], out: &mut dyn Write) -> io::Result<()> {
    let mut writer = ::csv::Writer::from_writer(out);
    writer.write_record(CSV_HEADER)?;
    for entry in scanned {
        let stack = entry.stack;
        let hidden = if stack.hidden { "true" } else { "false" };
        let of_stack = [
            stack.project.as_str(),
            &stack.project_id,
            &stack.name,
            &stack.id,
            &stack.status,
            stack.status_reason.as_deref().unwrap_or(""),
            hidden,
            stack.unread.as_deref().unwrap_or(""),
        ];
        let findings = located(&entry.reports);
        if findings.is_empty() {
            let mut row: Vec<&str> = of_stack.to_vec();
            row.resize(CSV_HEADER.len(), "");
            writer.write_record(&row)?;
        }
        for (path, line, column, diagnostic) in findings {
            let (line, column) = (line.to_string(), column.to_string());
            let mut row: Vec<&str> = of_stack.to_vec();
            row.extend([
                path,
                &line,
                &column,
                diagnostic.rule.code(),
                diagnostic.rule.name(),
                diagnostic.severity.as_str(),
                diagnostic.refused_at().map_or("", |stage| stage.as_str()),
                diagnostic.status.map_or("", |status| status.as_str()),
                &diagnostic.message,
            ]);
            writer.write_record(&row)?;
        }
    }
    writer.flush()
}

/// Text in a Markdown table's cell: pipes escaped, one line.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\n', '\r'], " ")
}

/// A section per project: its stacks, each with its status and a table of
/// its findings.
pub fn markdown(scanned: &[Scanned<'_>], judged: &str, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "# Heat stacks, judged for {judged}")?;
    let mut projects: Vec<&str> = scanned.iter().map(|s| s.stack.project.as_str()).collect();
    projects.dedup();
    for project in projects {
        let stacks: Vec<&Scanned<'_>> = scanned
            .iter()
            .filter(|s| s.stack.project == project)
            .collect();
        let findings: usize = stacks
            .iter()
            .flat_map(|s| &s.reports)
            .map(|r| r.diagnostics.len())
            .sum();
        writeln!(out, "\n## Project {}\n", cell(project))?;
        writeln!(
            out,
            "{} {}, {} {}.",
            stacks.len(),
            if stacks.len() == 1 { "stack" } else { "stacks" },
            findings,
            if findings == 1 { "finding" } else { "findings" }
        )?;
        for entry in stacks {
            let stack = entry.stack;
            let hidden = if stack.hidden { ", hidden" } else { "" };
            writeln!(
                out,
                "\n### {} ({}{hidden})\n",
                cell(&stack.name),
                stack.status
            )?;
            if let Some(reason) = stack.status_reason.as_deref().filter(|r| !r.is_empty()) {
                writeln!(out, "Heat says: {}\n", cell(reason))?;
            }
            if let Some(why) = &stack.unread {
                writeln!(
                    out,
                    "Heat's copy of this stack could not be read: {}\n",
                    cell(why)
                )?;
                continue;
            }
            let findings = located(&entry.reports);
            if findings.is_empty() {
                writeln!(out, "Nothing to change.")?;
                continue;
            }
            writeln!(out, "| where | rule | severity | what |")?;
            writeln!(out, "| --- | --- | --- | --- |")?;
            for (path, line, column, diagnostic) in findings {
                let severity = match diagnostic.refused_at() {
                    Some(stage) => format!("{} ({})", diagnostic.severity.as_str(), stage.as_str()),
                    None => diagnostic.severity.as_str().to_owned(),
                };
                writeln!(
                    out,
                    "| `{}:{line}:{column}` | {} {} | {severity} | {} |",
                    cell(path).replace('`', "'"),
                    diagnostic.rule.code(),
                    diagnostic.rule.name(),
                    cell(&diagnostic.message)
                )?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::cell;

    #[test]
    fn a_cell_keeps_to_one_line_and_its_pipes_are_text() {
        assert_eq!(cell("a | b\nc"), "a \\| b c");
    }
}
