//! The report formats of `heatwise lint`: findings arrive as byte ranges;
//! each format turns them into the lines and columns its readers count in.

mod changes;
mod github;
mod gitlab;
pub(crate) mod json;
mod junit;
mod report;
mod rule_docs;
mod sarif;
pub(crate) mod text;

pub use changes::ChangeJson;
pub use report::{plural, FileReport, ShownFile, StackFiles};
pub(crate) use rule_docs::summary;

use std::collections::HashMap;
use std::io::{self, IsTerminal, Write};

use clap::ValueEnum;

use crate::input::InputError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Compiler-style lines with the source line underlined.
    Text,
    /// A pretty-printed JSON array, one object per finding.
    Json,
    /// SARIF 2.1.0, as GitHub code scanning and other tools read it.
    Sarif,
    /// GitHub Actions workflow commands: annotations on the pull request.
    Github,
    /// GitLab's code-quality report (`artifacts:reports:codequality`).
    Gitlab,
    /// JUnit XML, for CI dashboards: a failing test case per finding.
    Junit,
}

/// Writes the whole report. Read errors are already on standard error;
/// formats that can carry them (SARIF, GitHub) carry them too. `skipped`:
/// files found in directories that were not Heat documents (the text
/// summary counts them).
pub fn write(
    format: Format,
    reports: &[FileReport],
    errors: &[InputError],
    skipped: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    write_coloured(format, reports, errors, skipped, colour_wanted(), out)
}

/// [`write()`], in colour or not.
pub fn write_coloured(
    format: Format,
    reports: &[FileReport],
    errors: &[InputError],
    skipped: usize,
    colour: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Text => text::write(reports, errors, skipped, colour, out),
        Format::Json => json::write(reports, out),
        Format::Sarif => sarif::write(reports, errors, out),
        Format::Github => github::write(reports, errors, out),
        Format::Gitlab => gitlab::write(reports, errors, out),
        Format::Junit => junit::write(reports, errors, out),
    }
}

/// Where a report goes: standard output, or the file `--output-file`
/// names (created, or emptied). Buffered: standard output writes each
/// line at once by itself.
pub fn open(path: Option<&std::path::Path>) -> Result<Box<dyn Write>, String> {
    Ok(match path {
        Some(path) => Box::new(io::BufWriter::new(std::fs::File::create(path).map_err(
            |error| format!("cannot write the report to {}: {error}", path.display()),
        )?)),
        None => Box::new(io::BufWriter::with_capacity(64 * 1024, io::stdout().lock())),
    })
}

/// How many findings of each rule the reports hold, the most first:
/// `  12  HW202  hidden-property  (12 with a safe fix)`, or in JSON
/// `[{"code", "name", "count", "safe_fixes"}]`.
pub fn statistics(format: Format, reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
    statistics_of(format, &reports.iter().collect::<Vec<_>>(), out)
}

/// [`statistics`] of reports gathered from several stacks.
pub fn statistics_of(
    format: Format,
    reports: &[&FileReport],
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut counts: HashMap<heatwise_core::lint::Rule, (usize, usize)> = HashMap::new();
    for diagnostic in reports.iter().flat_map(|r| &r.diagnostics) {
        let count = counts.entry(diagnostic.rule).or_default();
        count.0 += 1;
        let safe = diagnostic
            .fix
            .as_ref()
            .is_some_and(|fix| fix.applicability == heatwise_core::fix::Applicability::Safe);
        count.1 += usize::from(safe);
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
    if format == Format::Json {
        let rows: Vec<serde_json::Value> = counts
            .iter()
            .map(|(rule, (count, safe))| {
                serde_json::json!({"code": rule.code(), "name": rule.name(),
                                   "count": count, "safe_fixes": safe})
            })
            .collect();
        serde_json::to_writer_pretty(&mut *out, &rows)?;
        return writeln!(out);
    }
    for (rule, (count, safe)) in &counts {
        let fixable = match safe {
            0 => String::new(),
            n => format!("  ({n} with a safe fix)"),
        };
        writeln!(out, "{count:>6}  {}  {}{fixable}", rule.code(), rule.name())?;
    }
    let total: usize = counts.iter().map(|(_, (n, _))| n).sum();
    writeln!(out, "Found {}", plural(total, "problem", "problems"))
}

/// Colour only for a person at a terminal who has not asked for none
/// (<https://no-color.org>: any non-empty `NO_COLOR`).
pub fn colour_wanted() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use heatwise_core::fix::{Applicability, Edit, Fix};
    use heatwise_core::lint::Diagnostic;
    use heatwise_core::lint::Rule;
    use heatwise_core::lint::Severity;
    use heatwise_core::text::{Positions, TextRange};

    /// No rule offers fixes yet; these findings carry one of each kind so
    /// that every format shows how it reports them.
    fn report_with_fixes() -> FileReport {
        let text = "resources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n";
        let start = text.find("network_id").unwrap() as u32;
        let range = TextRange::new(start, start + "network_id".len() as u32);
        let finding = |fix: Fix| Diagnostic {
            rule: Rule::HiddenProperty,
            severity: Severity::Warning,
            range,
            message: "`network_id` is HIDDEN".into(),
            status: None,
            lifecycle: Vec::new(),
            subject: None,
            fix: Some(fix),
            related: Vec::new(),
            stage: None,
        };
        let rename = Fix::new(
            "Rename to `network`",
            vec![Edit::replace(range, "network")],
            Applicability::Safe,
        )
        .unwrap();
        let line_start = text[..start as usize].rfind('\n').unwrap() as u32 + 1;
        let rename_and_note = Fix::new(
            "Rename to `network` and say so",
            vec![
                Edit::replace(range, "network"),
                Edit::insert(line_start, "      # was network_id\n"),
            ],
            Applicability::Unsafe,
        );
        let advice = Fix::display_only("Look at the subnet too");
        FileReport {
            path: "fixes.yaml".into(),
            text: text.into(),
            diagnostics: [Some(rename), Some(advice), rename_and_note]
                .into_iter()
                .flatten()
                .map(finding)
                .collect(),
            stack: None,
        }
    }

    fn render(format: Format, colour: bool) -> String {
        let mut out = Vec::new();
        let reports = [report_with_fixes()];
        match format {
            Format::Text => text::write(&reports, &[], 0, colour, &mut out).unwrap(),
            _ => write(format, &reports, &[], 0, &mut out).unwrap(),
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn text_shows_each_kind_of_fix() {
        let text = render(Format::Text, false);
        assert!(text.contains("5 |       network_id: net\n  |       ^^^^^^^^^^\n  = fix (safe): Rename to `network`\n"), "{text}");
        assert!(
            text.contains("  = help: Look at the subnet too\n"),
            "{text}"
        );
        let coloured = render(Format::Text, true);
        assert!(
            coloured.contains("\x1b[1;33mwarning[HW202]\x1b[0m"),
            "{coloured}"
        );
    }

    #[test]
    fn json_gives_each_edit_its_offsets_and_position() {
        let findings: serde_json::Value =
            serde_json::from_str(&render(Format::Json, false)).unwrap();
        let fix = &findings[0]["fix"];
        assert_eq!(fix["applicability"], "safe");
        assert_eq!(fix["edits"][0]["content"], "network");
        assert_eq!(
            (
                fix["edits"][0]["line"].as_u64(),
                fix["edits"][0]["column"].as_u64()
            ),
            (Some(5), Some(7))
        );
        assert_eq!(
            fix["edits"][0]["end_offset"].as_u64().unwrap()
                - fix["edits"][0]["offset"].as_u64().unwrap(),
            10
        );
        assert_eq!(findings[1]["fix"]["applicability"], "display-only");
        assert_eq!(findings[1]["fix"]["edits"], serde_json::json!([]));
    }

    #[test]
    fn sarif_fixes_are_replacements_and_valid() {
        let log: serde_json::Value = serde_json::from_str(&render(Format::Sarif, false)).unwrap();
        let results = &log["runs"][0]["results"];
        let replacement = &results[0]["fixes"][0]["artifactChanges"][0]["replacements"][0];
        assert_eq!(replacement["insertedContent"]["text"], "network");
        assert_eq!(
            replacement["deletedRegion"],
            serde_json::json!({"startLine": 5, "startColumn": 7, "endLine": 5, "endColumn": 17})
        );
        assert_eq!(
            results[0]["fixes"][0]["properties"]["applicability"],
            "safe"
        );
        let replacements = &results[2]["fixes"][0]["artifactChanges"][0]["replacements"];
        assert_eq!(replacements.as_array().unwrap().len(), 2);
        assert_eq!(
            replacements[0]["deletedRegion"]["startColumn"],
            replacements[0]["deletedRegion"]["endColumn"]
        );
        // Advice without edits is no SARIF fix.
        assert!(results[1].get("fixes").is_none());
        let schema_path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/sarif-schema-2.1.0.json"
        );
        let schema: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .unwrap();
        let problems: Vec<String> = validator
            .iter_errors(&log)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn github_appends_the_fix_on_a_new_line() {
        let commands = render(Format::Github, false);
        assert!(
            commands.contains("::`network_id` is HIDDEN%0AFix (safe): Rename to `network`\n"),
            "{commands}"
        );
        assert!(
            commands.contains("%0AHelp: Look at the subnet too\n"),
            "{commands}"
        );
    }

    #[test]
    fn spans_count_characters_and_utf16_units() {
        // `é` is one character, two bytes, one UTF-16 unit; `😀` is one
        // character, four bytes, two UTF-16 units.
        let text = "a: é😀x\r\nb: y\n";
        let positions = Positions::new(text);
        let x = text.find('x').unwrap() as u32;
        let span = positions.location(TextRange::new(x, x + 1));
        assert_eq!((span.line, span.column, span.end_column), (1, 6, 7));
        assert_eq!((span.utf16_column, span.end_utf16_column), (7, 8));
        let y = text.find('y').unwrap() as u32;
        let span = positions.location(TextRange::new(y, y + 1));
        assert_eq!((span.line, span.column, span.utf16_column), (2, 4, 4));
        assert_eq!(positions.line(1), "a: é😀x");
    }
}
