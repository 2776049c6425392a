//! A pretty-printed JSON array, one object per finding, keys in a fixed
//! order. Lines and columns are 1-based, columns counted in characters;
//! offsets are bytes; ends are exclusive.

use std::io::{self, Write};

use heatwise_core::lint::{Diagnostic, Subject};
use heatwise_core::text::TextRange;
use serde::Serialize;

use super::{step, FileReport, Positions, Step};

#[derive(Serialize)]
struct Finding<'a> {
    path: &'a str,
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    message: &'a str,
    #[serde(flatten)]
    location: Location,
    status: Option<&'static str>,
    lifecycle: Vec<Step<'a>>,
    subject: Option<&'a Subject>,
    fix: Option<Fix<'a>>,
}

#[derive(Serialize)]
struct Location {
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    offset: u32,
    end_offset: u32,
}

#[derive(Serialize)]
struct Fix<'a> {
    title: &'a str,
    applicability: &'static str,
    edits: Vec<Edit<'a>>,
}

#[derive(Serialize)]
struct Edit<'a> {
    #[serde(flatten)]
    location: Location,
    content: &'a str,
}

pub fn write(reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    let mut findings = Vec::new();
    for report in reports {
        let positions = Positions::new(&report.text);
        findings.extend(
            report
                .diagnostics
                .iter()
                .map(|d| finding(&report.path, &positions, d)),
        );
    }
    serde_json::to_writer_pretty(&mut *out, &findings)?;
    writeln!(out)
}

fn finding<'a>(
    path: &'a str,
    positions: &Positions<'_>,
    diagnostic: &'a Diagnostic,
) -> Finding<'a> {
    Finding {
        path,
        code: diagnostic.rule.code(),
        name: diagnostic.rule.name(),
        severity: diagnostic.severity.as_str(),
        message: &diagnostic.message,
        location: location(positions, diagnostic.range),
        status: diagnostic.status.map(|s| s.as_str()),
        lifecycle: diagnostic.lifecycle.iter().map(step).collect(),
        subject: diagnostic.subject.as_ref(),
        fix: diagnostic.fix.as_ref().map(|fix| Fix {
            title: &fix.title,
            applicability: fix.applicability.as_str(),
            edits: fix
                .edits
                .iter()
                .map(|edit| Edit {
                    location: location(positions, edit.range),
                    content: &edit.content,
                })
                .collect(),
        }),
    }
}

fn location(positions: &Positions<'_>, range: TextRange) -> Location {
    let span = positions.span(range);
    Location {
        line: span.start.line,
        column: span.start.column,
        end_line: span.end.line,
        end_column: span.end.column,
        offset: range.start,
        end_offset: range.end,
    }
}
