//! Values written as text where an edit puts them: an entry, a block
//! value, a sequence item, a flow or JSON value, or a node's own source
//! re-indented, each in the layout of the place it lands.

use super::{Editor, Layout, NewValue};
use crate::syntax::{CollectionStyle, NodeId, ScalarStyle};

impl Editor<'_, '_> {
    /// `key: value` for a new entry.
    pub(super) fn render_entry(
        &self,
        key: &str,
        value: &NewValue,
        layout: Layout,
    ) -> Option<String> {
        let key_text = match layout {
            Layout::Json => json_string(key),
            _ if is_plain_safe(key) => key.to_owned(),
            _ => json_string(key),
        };
        match layout {
            Layout::Block(column) => {
                let value = self.render_block_value(value, column + 2)?;
                Some(format!("{key_text}:{value}"))
            }
            _ => Some(format!("{key_text}: {}", self.render(value, layout)?)),
        }
    }

    /// A value after `key:` in a block mapping whose nested content goes at
    /// `column`: ` scalar`, or a line break and a block collection.
    pub(super) fn render_block_value(&self, value: &NewValue, column: usize) -> Option<String> {
        let indent = " ".repeat(column);
        match value {
            NewValue::List(items) if !items.is_empty() => {
                let mut out = String::new();
                for item in items {
                    out.push_str(self.newline);
                    out.push_str(&indent);
                    out.push_str(&self.render_item(item, column)?);
                }
                Some(out)
            }
            NewValue::Map(entries) if !entries.is_empty() => {
                let mut out = String::new();
                for (key, value) in entries {
                    out.push_str(self.newline);
                    out.push_str(&indent);
                    out.push_str(&self.render_entry(key, value, Layout::Block(column))?);
                }
                Some(out)
            }
            NewValue::Source(node) if self.is_multiline_block(*node) => {
                let source = self.source_at(*node, column)?;
                Some(format!("{}{indent}{source}", self.newline))
            }
            _ => Some(format!(" {}", self.render(value, Layout::Block(column))?)),
        }
    }

    /// `- item` for a block sequence at `column` (the `- ` included).
    pub(super) fn render_item(&self, item: &NewValue, column: usize) -> Option<String> {
        let inner = column + 2;
        match item {
            NewValue::Map(entries) if !entries.is_empty() => {
                let mut out = String::from("- ");
                for (index, (key, value)) in entries.iter().enumerate() {
                    if index > 0 {
                        out.push_str(self.newline);
                        out.push_str(&" ".repeat(inner));
                    }
                    out.push_str(&self.render_entry(key, value, Layout::Block(inner))?);
                }
                Some(out)
            }
            NewValue::List(items) if !items.is_empty() => {
                let mut out = String::from("- ");
                for (index, value) in items.iter().enumerate() {
                    if index > 0 {
                        out.push_str(self.newline);
                        out.push_str(&" ".repeat(inner));
                    }
                    out.push_str(&self.render_item(value, inner)?);
                }
                Some(out)
            }
            NewValue::Source(node) if self.is_multiline_block(*node) => {
                Some(format!("- {}", self.source_at(*node, inner)?))
            }
            _ => Some(format!("- {}", self.render(item, Layout::Block(inner))?)),
        }
    }

    /// A value on one line (flow or JSON), or a single-line node's source.
    pub(super) fn render(&self, value: &NewValue, layout: Layout) -> Option<String> {
        let in_flow = !matches!(layout, Layout::Block(_));
        Some(match value {
            NewValue::Str(s) if layout == Layout::Json || !is_plain_safe(s) => json_string(s),
            NewValue::Str(s) => s.clone(),
            NewValue::Int(n) => n.to_string(),
            NewValue::List(items) => {
                let inner: Option<Vec<String>> = items
                    .iter()
                    .map(|i| self.render(i, self.inline_layout(layout)))
                    .collect();
                format!("[{}]", inner?.join(", "))
            }
            NewValue::Map(entries) => {
                let inner: Option<Vec<String>> = entries
                    .iter()
                    .map(|(k, v)| self.render_entry(k, v, self.inline_layout(layout)))
                    .collect();
                format!("{{{}}}", inner?.join(", "))
            }
            NewValue::Source(node) => {
                let node = *node;
                if self.holds_anchor(node) || self.is_multiline_block(node) {
                    return None;
                }
                let source = self.tree.source(node);
                if source.contains(['\n', '\r']) {
                    return None;
                }
                let plain = self.tree.scalar_style(node) == Some(ScalarStyle::Plain);
                if in_flow && plain && source.contains([',', '[', ']', '{', '}']) {
                    // Flow indicators end a plain scalar inside brackets.
                    json_string(self.tree.scalar(node)?)
                } else {
                    source.to_owned()
                }
            }
        })
    }

    pub(super) fn inline_layout(&self, layout: Layout) -> Layout {
        match layout {
            Layout::Json => Layout::Json,
            _ => Layout::Flow,
        }
    }

    /// A node whose source cannot follow a key on the same line: a block
    /// collection (even of one entry: `type: x` after `key:` would be a
    /// second `: `) or a multi-line block scalar.
    pub(super) fn is_multiline_block(&self, node: NodeId) -> bool {
        let tree = self.tree;
        let range = tree.range(node);
        tree.collection_style(node) == Some(CollectionStyle::Block)
            || tree.scalar_style(node).is_some_and(ScalarStyle::is_block)
                && tree.line_of(range.start) != tree.line_of(range.end)
    }

    /// A multi-line node's source with its lines after the first moved so
    /// that the node's content starts at `column`.
    pub(super) fn source_at(&self, node: NodeId, column: usize) -> Option<String> {
        let tree = self.tree;
        if self.holds_anchor(node) {
            return None;
        }
        if let Some(style) = tree.scalar_style(node) {
            // A block scalar's explicit indentation indicator would no
            // longer match its moved lines.
            let header = tree.source(node).lines().next().unwrap_or_default();
            if style.is_block() && header.contains(|c: char| c.is_ascii_digit()) {
                return None;
            }
        }
        let start = tree.range(node).start;
        let line = tree
            .line_index()
            .line_range(self.text, tree.line_of(start) as usize);
        let old_column = self.text[line.start as usize..start as usize]
            .chars()
            .count();
        let old_column = match tree.indent(node) {
            Some(indent) => indent as usize,
            None => old_column,
        };
        // The first line starts at the node, after its own indentation:
        // shifted with the others, as if that indentation were there.
        let source = format!("{}{}", " ".repeat(old_column), tree.source(node));
        shift_lines(&source, column as isize - old_column as isize).map(|text| {
            // The first line keeps no indentation: it follows a key or `- `.
            text.trim_start_matches(' ').to_owned()
        })
    }
}

/// Moves every non-blank line of `text` by `delta` columns (the first line
/// too). `None` when a line has fewer leading spaces than it would lose.
pub(super) fn shift_lines(text: &str, delta: isize) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        if body.trim().is_empty() {
            out.push_str(line);
            continue;
        }
        if delta >= 0 {
            out.push_str(&" ".repeat(delta as usize));
            out.push_str(line);
        } else {
            let remove = delta.unsigned_abs();
            let leading = line.len() - line.trim_start_matches(' ').len();
            if leading < remove {
                return None;
            }
            out.push_str(&line[remove..]);
        }
    }
    Some(out)
}

/// A JSON string literal, which is also a YAML double-quoted scalar.
pub(super) fn json_string(value: &str) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| format!("\"{value}\""))
}

/// Whether a string can be written as a plain YAML scalar that reads back
/// as the same string, in block and flow context alike.
pub fn is_plain_safe(value: &str) -> bool {
    let Some(first) = value.chars().next() else {
        return false;
    };
    let resolves_to_string = matches!(
        crate::syntax::scalar::resolve(value, ScalarStyle::Plain, None),
        crate::syntax::Resolved::Str(_)
    );
    resolves_to_string
        && (first.is_ascii_alphanumeric() || first == '_' || first == '/' || first == '.')
        && value.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | ':' | '@' | '+')
        })
        && !value.contains(": ")
        && !value.ends_with(':')
}
