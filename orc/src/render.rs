//! The export as text: YAML documents separated by `---`, a Kubernetes
//! `List` in JSON, and the plan.

use heatwise_core::syntax::scalar::{self, Resolved};
use heatwise_core::syntax::ScalarStyle;

use crate::export::Export;
use crate::manifest::{Node, Value};

/// Every object as a YAML document.
pub fn yaml(export: &Export) -> String {
    let mut out = String::new();
    for object in &export.objects {
        out.push_str("---\n");
        write_map_body(&object.manifest(&export.namespace), 0, &mut out);
    }
    out
}

/// The documents of [`yaml`]'s output, each without its `---` line. A
/// document starts at each line that is `---` alone, which no value writes:
/// a value's lines are indented or quoted.
pub fn documents(yaml: &str) -> Vec<&str> {
    let mut documents = Vec::new();
    let mut start = None;
    let mut offset = 0;
    for line in yaml.split_inclusive('\n') {
        if line == "---\n" {
            if let Some(start) = start {
                documents.push(&yaml[start..offset]);
            }
            start = Some(offset + line.len());
        }
        offset += line.len();
    }
    if let Some(start) = start {
        documents.push(&yaml[start..]);
    }
    documents
}

/// One Kubernetes `List` holding every object.
pub fn json(export: &Export) -> String {
    let items: Vec<serde_json::Value> = export
        .objects
        .iter()
        .map(|o| o.manifest(&export.namespace).to_json())
        .collect();
    let list = serde_json::json!({
        "apiVersion": "v1",
        "kind": "List",
        "items": items,
    });
    let mut text = serde_json::to_string_pretty(&list).expect("JSON of plain values");
    text.push('\n');
    text
}

/// The plan as text: ORC's waves, then Heat's graph.
pub fn plan(export: &Export) -> String {
    let mut out = String::from("ORC builds the objects in this order: each wave at once, in parallel, once every object it refers to is available.\n");
    let kind_of = |name: &str| {
        export
            .objects
            .iter()
            .find(|o| o.name == name)
            .map_or("", |o| o.kind.as_str())
    };
    for (i, wave) in export.plan.waves.iter().enumerate() {
        let names: Vec<String> = wave.iter().map(|n| format!("{} {n}", kind_of(n))).collect();
        out.push_str(&format!("  wave {}: {}\n", i + 1, names.join(", ")));
    }
    for cycle in &export.plan.cycles {
        out.push_str(&format!("  never built (a cycle): {}\n", cycle.join(" → ")));
    }
    out.push_str("\nHeat's dependency graph of the template (what each resource waits for):\n");
    for (resource, deps) in &export.heat_graph.edges {
        if deps.is_empty() {
            out.push_str(&format!("  {resource}: nothing\n"));
        } else {
            let parts: Vec<String> = deps.iter().map(|(n, how)| format!("{n} ({how})")).collect();
            out.push_str(&format!("  {resource}: {}\n", parts.join(", ")));
        }
    }
    for (i, wave) in export.heat_graph.waves.iter().enumerate() {
        out.push_str(&format!("  Heat's wave {}: {}\n", i + 1, wave.join(", ")));
    }
    for cycle in &export.heat_graph.cycles {
        out.push_str(&format!("  a cycle Heat refuses: {}\n", cycle.join(" → ")));
    }
    out
}

fn write_map_body(node: &Node, indent: usize, out: &mut String) {
    let Value::Map(entries) = &node.value else {
        return;
    };
    for (key, value) in entries {
        out.push_str(&" ".repeat(indent));
        out.push_str(&scalar_text(key, indent));
        out.push(':');
        write_value_after_key(value, indent, out);
    }
}

fn write_value_after_key(value: &Node, indent: usize, out: &mut String) {
    match &value.value {
        Value::Map(entries) if entries.is_empty() => out.push_str(" {}\n"),
        Value::List(items) if items.is_empty() => out.push_str(" []\n"),
        Value::Map(_) => {
            out.push('\n');
            write_map_body(value, indent + 2, out);
        }
        Value::List(items) => {
            out.push('\n');
            write_list(items, indent + 2, out);
        }
        _ => {
            out.push(' ');
            out.push_str(&leaf(value, indent + 2));
            out.push('\n');
        }
    }
}

fn write_list(items: &[Node], indent: usize, out: &mut String) {
    for item in items {
        out.push_str(&" ".repeat(indent));
        out.push('-');
        match &item.value {
            Value::Map(entries) if !entries.is_empty() => {
                // `- key: value` with the rest of the map aligned under it.
                let mut body = String::new();
                write_map_body(item, indent + 2, &mut body);
                out.push(' ');
                out.push_str(&body[indent + 2..]);
            }
            Value::List(inner) if !inner.is_empty() => {
                out.push('\n');
                write_list(inner, indent + 2, out);
            }
            Value::Map(_) => out.push_str(" {}\n"),
            Value::List(_) => out.push_str(" []\n"),
            _ => {
                out.push(' ');
                out.push_str(&leaf(item, indent + 2));
                out.push('\n');
            }
        }
    }
}

fn leaf(node: &Node, indent: usize) -> String {
    match &node.value {
        Value::Str(s) => scalar_text(s, indent),
        Value::Int(i) => i.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => unreachable!("collections are written by their callers"),
    }
}

/// A string as YAML: plain when every YAML reader (1.1 and 1.2) reads it
/// back as this string, a literal block for multi-line text, else double
/// quoted.
fn scalar_text(text: &str, indent: usize) -> String {
    if is_safe_plain(text) {
        return text.to_owned();
    }
    if let Some(block) = literal_block(text, indent) {
        return block;
    }
    serde_json::Value::String(text.to_owned()).to_string()
}

fn is_safe_plain(text: &str) -> bool {
    let Some(first) = text.chars().next() else {
        return false;
    };
    let safe_chars = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/' | ' ' | '+' | '='));
    let safe_ends =
        (first.is_ascii_alphanumeric() || first == '/' || first == '_') && !text.ends_with(' ');
    // YAML 1.1 reads `yes`, `on`, `1_000`, `1:30`, dates... as other types;
    // YAML 1.2 fewer. A string either reads as a string stays plain. The
    // YAML 1.1 booleans `y` and `n` PyYAML leaves out, but go-yaml, which
    // kubectl reads manifests with, does not.
    safe_chars
        && safe_ends
        && !matches!(text, "y" | "Y" | "n" | "N")
        && matches!(
            scalar::resolve(text, ScalarStyle::Plain, None),
            Resolved::Str(_)
        )
        && !looks_like_number_1_2(text)
}

/// YAML 1.2's core schema reads `1e3` and `0o17` as numbers, which YAML
/// 1.1 does not.
fn looks_like_number_1_2(text: &str) -> bool {
    let t = text.trim_start_matches(['-', '+']);
    let digits_e = t.contains(['e', 'E'])
        && t.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, 'e' | 'E' | '.' | '-' | '+'));
    digits_e || t.starts_with("0o") || t.starts_with("0x") || t == ".inf" || t == ".nan"
}

/// `|` text for multi-line strings a block keeps exactly.
fn literal_block(text: &str, indent: usize) -> Option<String> {
    if !text.contains('\n')
        || text.starts_with([' ', '\n'])
        || text
            .chars()
            .any(|c| (c.is_control() && c != '\n') || c == '\u{feff}')
    {
        return None;
    }
    let body = text.trim_end_matches('\n');
    let trailing = text.len() - body.len();
    let chomp = match trailing {
        0 => "-",
        1 => "",
        _ => "+",
    };
    let pad = " ".repeat(indent);
    let mut out = format!("|{chomp}");
    for line in text
        .split('\n')
        .take(body.split('\n').count() + trailing.saturating_sub(1))
    {
        out.push('\n');
        if !line.is_empty() {
            out.push_str(&pad);
            out.push_str(line);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_that_yaml_would_read_as_something_else_are_quoted() {
        for text in [
            "yes",
            "on",
            "y",
            "N",
            "1",
            "1.5",
            "1:30",
            "2026-11-24",
            "",
            "null",
            "~",
            "1e3",
            "a: b",
            "#x",
            " x",
            "x ",
            "-x",
        ] {
            assert!(scalar_text(text, 0).starts_with('"'), "{text:?}");
        }
        for text in [
            "web-port",
            "m1.small",
            "cirros-0.6.2",
            "10.0.0.0/24",
            "default",
            "IPv4",
        ] {
            assert_eq!(scalar_text(text, 0), text);
        }
    }

    #[test]
    fn literal_blocks_keep_the_final_newlines() {
        assert_eq!(literal_block("a\nb\n", 2).unwrap(), "|\n  a\n  b");
        assert_eq!(literal_block("a\nb", 2).unwrap(), "|-\n  a\n  b");
        assert_eq!(literal_block("a\n\nb\n\n", 2).unwrap(), "|+\n  a\n\n  b\n");
        assert!(literal_block(" a\nb", 2).is_none());
    }
}
