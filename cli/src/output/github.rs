//! GitHub Actions workflow commands, which the runner turns into
//! annotations: `::warning file=…,line=…,col=…,endLine=…,endColumn=…,
//! title=…::message`. Errors are `::error`, info `::notice`; inputs that
//! could not be read are `::error` on their file.

use std::io::{self, Write};

use heatwise_core::fix::Applicability;
use heatwise_core::lint::Severity;

use heatwise_core::text::Positions;

use super::report::FileReport;
use crate::input::InputError;

pub fn write(reports: &[FileReport], errors: &[InputError], out: &mut dyn Write) -> io::Result<()> {
    for report in reports {
        let positions = Positions::new(&report.text);
        for diagnostic in &report.diagnostics {
            let span = positions.location(diagnostic.range);
            let command = match diagnostic.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "notice",
            };
            let mut message = diagnostic.message.clone();
            if let Some(fix) = &diagnostic.fix {
                let label = match fix.applicability {
                    Applicability::DisplayOnly => "Help".to_owned(),
                    applicability => format!("Fix ({})", applicability.as_str()),
                };
                message.push_str(&format!("\n{label}: {}", fix.title));
            }
            writeln!(
                out,
                "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                escape_property(&report.path),
                span.line,
                span.column,
                span.end_line,
                span.end_column,
                escape_property(&format!("{} {}", diagnostic.code(), diagnostic.rule.name())),
                escape_data(&message)
            )?;
        }
    }
    for error in errors {
        writeln!(
            out,
            "::error file={},title={}::{}",
            escape_property(&error.path),
            escape_property("heatwise: unreadable input"),
            escape_data(&error.message)
        )?;
    }
    Ok(())
}

/// A command's message: `%`, CR and LF escaped, as `@actions/core` does.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: also `:` and `,`, which end a value.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_follow_the_runner_rules() {
        assert_eq!(escape_data("100% a,b: c\r\nd"), "100%25 a,b: c%0D%0Ad");
        assert_eq!(escape_property("C:\\a,b%\n"), "C%3A\\a%2Cb%25%0A");
    }
}
