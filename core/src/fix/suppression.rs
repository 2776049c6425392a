//! The edit that suppresses a finding with `# heatwise: ignore[CODE]`:
//! the code added to such a comment on the finding's line (or alone on the
//! line above), else the comment appended to the line, else, where the
//! line already holds another comment, on a line of its own above.

use crate::syntax;
use crate::template::{DocumentKind, Template};
use crate::text::TextRange;

use super::{apply_edits, Edit};

const MARKER: &str = "heatwise: ignore[";

/// The edit that suppresses `code` for a finding at `range`. `None` for a
/// JSON text (Heat reads it with a JSON parser, which has no comments) or
/// where no comment can be written without changing what the text means.
pub fn suppression(template: &Template<'_>, range: TextRange, code: &str) -> Option<Edit> {
    let tree = template.tree();
    let text = template.text();
    if text.trim_start().starts_with('{') || template.kind() == DocumentKind::Unknown {
        return None;
    }
    let line = tree.line_of(range.start);
    let existing = template
        .suppressions()
        .iter()
        .find(|s| s.line == line || (s.own_line && s.line + 1 == line));
    let edit = match existing {
        Some(found) => {
            let comment = &text[found.range.as_usize()];
            let start = comment.find(MARKER)? + MARKER.len();
            let close = start + comment[start..].find(']')?;
            let separator = if close == start { "" } else { "," };
            Edit::insert(
                found.range.start + close as u32,
                format!("{separator}{code}"),
            )
        }
        None => {
            let lines = tree.line_index();
            let span = lines.line_range(text, line as usize);
            let has_comment = tree.comments().iter().any(|c| c.line == line);
            let ends_in_scalar = tree
                .node_at(span.end)
                .is_some_and(|node| tree.is_scalar(node) && tree.range(node).end > span.end);
            if has_comment || ends_in_scalar {
                let source = &text[span.as_usize()];
                let indent = &source[..source.len() - source.trim_start().len()];
                let newline = if text[span.end as usize..].starts_with("\r\n") {
                    "\r\n"
                } else {
                    "\n"
                };
                Edit::insert(span.start, format!("{indent}# {MARKER}{code}]{newline}"))
            } else {
                Edit::insert(span.end, format!("  # {MARKER}{code}]"))
            }
        }
    };
    // A comment never changes what Heat reads, unless it breaks the text.
    let after = apply_edits(text, std::slice::from_ref(&edit));
    (syntax::parse(&after).errors().len() <= tree.errors().len()).then_some(edit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template;

    fn suppressed(text: &str, needle: &str, code: &str) -> Option<String> {
        let template = template::parse(text);
        let start = text.find(needle).unwrap() as u32;
        let range = TextRange::new(start, start + needle.len() as u32);
        let edit = suppression(&template, range, code)?;
        Some(apply_edits(text, &[edit]))
    }

    #[test]
    fn appends_adds_to_or_writes_above() {
        let hot = "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network_id: n\n";
        assert_eq!(
            suppressed(hot, "network_id", "HW202").unwrap(),
            hot.replace("network_id: n", "network_id: n  # heatwise: ignore[HW202]")
        );
        let with = hot.replace("network_id: n", "network_id: n # heatwise: ignore[HW201]");
        assert_eq!(
            suppressed(&with, "network_id", "HW202").unwrap(),
            hot.replace(
                "network_id: n",
                "network_id: n # heatwise: ignore[HW201,HW202]"
            )
        );
        let commented = hot.replace("network_id: n", "network_id: n # the old one");
        assert_eq!(
            suppressed(&commented, "network_id", "HW202").unwrap(),
            hot.replace(
                "      network_id: n",
                "      # heatwise: ignore[HW202]\n      network_id: n # the old one"
            )
        );
        let crlf = hot
            .replace('\n', "\r\n")
            .replace("network_id: n", "network_id: n # x");
        assert!(suppressed(&crlf, "network_id", "HW202")
            .unwrap()
            .contains("      # heatwise: ignore[HW202]\r\n      network_id"));
    }

    #[test]
    fn json_has_no_comments() {
        let json = "{\"heat_template_version\": \"2018-08-31\", \"resources\": {}}";
        assert_eq!(suppressed(json, "resources", "HW010"), None);
    }
}
