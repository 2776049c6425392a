//! A rule's documentation, read for the reports that carry it (SARIF's
//! rule descriptions) and for `heatwise rule`.

use heatwise_core::lint::Rule;

/// The first paragraph under `## What it does`, on one line: what the rule
/// finds.
pub fn summary(rule: Rule) -> String {
    section(rule.documentation(), "What it does")
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text under a `## heading` of a rule's documentation, up to the next
/// heading; empty when there is no such heading.
pub fn section(documentation: &str, heading: &str) -> String {
    let mut lines = documentation.lines();
    let marker = format!("## {heading}");
    if !lines.any(|line| line.trim_end() == marker) {
        return String::new();
    }
    lines
        .take_while(|line| !line.starts_with("## "))
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_end_at_the_next_heading() {
        let doc =
            "# x\n\n## What it does\nFinds a.\nAnd b.\n\nMore.\n\n## Why is this bad?\nBecause.\n";
        assert_eq!(section(doc, "What it does"), "Finds a.\nAnd b.\n\nMore.");
        assert_eq!(section(doc, "Why is this bad?"), "Because.");
        assert_eq!(section(doc, "Example"), "");
    }
}
