//! JUnit XML, which CI dashboards (Jenkins, GitLab's test reports, Azure
//! Pipelines) show as tests: a test suite per file, a failing test case
//! per finding (`heatwise.HW202`, with its line and column), one passing
//! case for a file without findings, and an erroring case for an input
//! that could not be read.

use std::io::{self, Write};

use heatwise_core::text::Positions;

use super::report::FileReport;
use crate::input::InputError;

/// Text as XML character data or an attribute's value: markup escaped,
/// and the characters XML 1.0 cannot hold at all replaced.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

pub fn write(reports: &[FileReport], errors: &[InputError], out: &mut dyn Write) -> io::Result<()> {
    let findings: usize = reports.iter().map(|r| r.diagnostics.len()).sum();
    let cases: usize = reports.iter().map(|r| r.diagnostics.len().max(1)).sum();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<testsuites name="heatwise" tests="{}" failures="{findings}" errors="{}">"#,
        cases + errors.len(),
        errors.len()
    )?;
    for report in reports {
        let path = escape(&report.path);
        let failures = report.diagnostics.len();
        writeln!(
            out,
            r#"  <testsuite name="{path}" tests="{}" failures="{failures}" errors="0">"#,
            failures.max(1)
        )?;
        if report.diagnostics.is_empty() {
            writeln!(out, r#"    <testcase name="heatwise" classname="{path}"/>"#)?;
        }
        let positions = Positions::new(&report.text);
        for diagnostic in &report.diagnostics {
            let at = positions.location(diagnostic.range);
            let message = escape(&diagnostic.message);
            writeln!(
                out,
                "    <testcase name=\"heatwise.{}\" classname=\"{path}\" file=\"{path}\" \
                 line=\"{}\" column=\"{}\">",
                diagnostic.rule.code(),
                at.line,
                at.column
            )?;
            writeln!(
                out,
                "      <failure type=\"{}\" message=\"{message}\">\
                 {path}:{}:{}: {} {}: {message}</failure>",
                diagnostic.severity.as_str(),
                at.line,
                at.column,
                diagnostic.severity.as_str(),
                diagnostic.rule.code(),
            )?;
            writeln!(out, "    </testcase>")?;
        }
        writeln!(out, "  </testsuite>")?;
    }
    for error in errors {
        let path = escape(&error.path);
        writeln!(
            out,
            r#"  <testsuite name="{path}" tests="1" failures="0" errors="1">"#
        )?;
        writeln!(
            out,
            r#"    <testcase name="heatwise" classname="{path}"><error message="{}"/></testcase>"#,
            escape(&error.message)
        )?;
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_what_xml_cannot_hold_are_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("bell\u{7}"), "bell\u{FFFD}");
    }
}
