//! Values written as YAML that every reader (YAML 1.1, such as PyYAML,
//! cloud-init and go-yaml, and YAML 1.2) reads back as they are: block
//! style, strings plain only where no reader takes them for something else.
//! The manifests are written with it, and so is a cloud-config document.

use heatwise_core::syntax::scalar::{self, Resolved};
use heatwise_core::syntax::ScalarStyle;

use crate::manifest::{Node, Value};

/// The manifest `node` (a map) as YAML.
pub(crate) fn manifest(node: &Node) -> String {
    let mut writer = Writer::default();
    writer.map_body(node, 0);
    writer.out
}

/// A document holding `node`, a map (`{}` when it is empty, as PyYAML
/// writes it), in ASCII as PyYAML writes it by default: other characters
/// are escaped in double quotes.
pub(crate) fn document(node: &Node) -> String {
    match &node.value {
        Value::Map(entries) if !entries.is_empty() => {
            let mut writer = Writer {
                ascii: true,
                out: String::new(),
            };
            writer.map_body(node, 0);
            writer.out
        }
        _ => "{}\n".to_owned(),
    }
}

#[derive(Default)]
struct Writer {
    /// Only ASCII in the text.
    ascii: bool,
    out: String,
}

impl Writer {
    /// A map's entries, one per line at `indent`.
    fn map_body(&mut self, node: &Node, indent: usize) {
        let Value::Map(entries) = &node.value else {
            return;
        };
        for (key, value) in entries {
            self.out.push_str(&" ".repeat(indent));
            let key = self.scalar(key, indent);
            self.out.push_str(&key);
            self.out.push(':');
            self.value_after_key(value, indent);
        }
    }

    fn value_after_key(&mut self, value: &Node, indent: usize) {
        match &value.value {
            Value::Map(entries) if entries.is_empty() => self.out.push_str(" {}\n"),
            Value::List(items) if items.is_empty() => self.out.push_str(" []\n"),
            Value::Map(_) => {
                self.out.push('\n');
                self.map_body(value, indent + 2);
            }
            Value::List(items) => {
                self.out.push('\n');
                self.list(items, indent + 2);
            }
            _ => {
                self.out.push(' ');
                let leaf = self.leaf(value, indent + 2);
                self.out.push_str(&leaf);
                self.out.push('\n');
            }
        }
    }

    fn list(&mut self, items: &[Node], indent: usize) {
        for item in items {
            self.out.push_str(&" ".repeat(indent));
            self.out.push('-');
            match &item.value {
                Value::Map(entries) if !entries.is_empty() => {
                    // `- key: value` with the rest of the map aligned under it.
                    let mut body = Writer {
                        ascii: self.ascii,
                        out: String::new(),
                    };
                    body.map_body(item, indent + 2);
                    self.out.push(' ');
                    self.out.push_str(&body.out[indent + 2..]);
                }
                Value::List(inner) if !inner.is_empty() => {
                    self.out.push('\n');
                    self.list(inner, indent + 2);
                }
                Value::Map(_) => self.out.push_str(" {}\n"),
                Value::List(_) => self.out.push_str(" []\n"),
                _ => {
                    self.out.push(' ');
                    let leaf = self.leaf(item, indent + 2);
                    self.out.push_str(&leaf);
                    self.out.push('\n');
                }
            }
        }
    }

    fn leaf(&self, node: &Node, indent: usize) -> String {
        match &node.value {
            Value::Str(s) => self.scalar(s, indent),
            Value::Int(i) => i.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => unreachable!("collections are written by their callers"),
        }
    }

    fn scalar(&self, text: &str, indent: usize) -> String {
        if self.ascii && !text.is_ascii() {
            return escaped(text);
        }
        scalar_text(text, indent)
    }
}

/// A string double-quoted with everything outside printable ASCII escaped,
/// as PyYAML escapes it (`\xFC`, `\u2019`, `\U0001F600`).
fn escaped(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            ' '..='~' => out.push(c),
            c if u32::from(c) <= 0xFF => out.push_str(&format!("\\x{:02X}", u32::from(c))),
            c if u32::from(c) <= 0xFFFF => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push_str(&format!("\\U{:08X}", u32::from(c))),
        }
    }
    out.push('"');
    out
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
    fn documents_are_ascii_as_pyyaml_writes_them() {
        let mut node = Node::map(None);
        node.set("timezone", Node::str("Europe/Zürich", None));
        node.set("quote", Node::str("say \"hi\"\n", None));
        node.set("smile", Node::str("😀 ’", None));
        assert_eq!(
            document(&node),
            "timezone: \"Europe/Z\\xFCrich\"\nquote: |\n  say \"hi\"\nsmile: \"\\U0001F600 \\u2019\"\n"
        );
        assert_eq!(document(&Node::map(None)), "{}\n");
    }

    #[test]
    fn literal_blocks_keep_the_final_newlines() {
        assert_eq!(literal_block("a\nb\n", 2).unwrap(), "|\n  a\n  b");
        assert_eq!(literal_block("a\nb", 2).unwrap(), "|-\n  a\n  b");
        assert_eq!(literal_block("a\n\nb\n\n", 2).unwrap(), "|+\n  a\n\n  b\n");
        assert!(literal_block(" a\nb", 2).is_none());
    }
}
