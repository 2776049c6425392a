//! Text edits on a parsed tree: rename a key, delete an entry, insert an
//! entry, append a sequence item, wrap a value into a list, move a nested
//! mapping's entries up one level.
//!
//! Each operation returns the [`Edit`]s that do it on the original text, or
//! `None` when it cannot be done without losing something (a comment it
//! would have to drop, an anchor it would have to copy, a layout it does
//! not understand): a missing fix is better than a wrong one. Block
//! collections stay block, flow collections stay flow, JSON stays JSON with
//! its own indentation, and new lines use the text's own line break.

mod render;

use super::Edit;
use crate::syntax::{CollectionStyle, Entry, NodeId, ScalarStyle, Tree};
use crate::text::TextRange;
pub use render::is_plain_safe;
use render::{json_string, shift_lines};

/// A value to write: new text, or a copy of a node of the tree.
#[derive(Clone, Debug, PartialEq)]
pub enum NewValue {
    /// A node's source text, re-indented where it lands.
    Source(NodeId),
    Str(String),
    Int(i64),
    List(Vec<NewValue>),
    Map(Vec<(String, NewValue)>),
}

/// Where a rendered value goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Inside a block collection whose entries start at this column.
    Block(usize),
    /// Inside a YAML flow collection.
    Flow,
    /// Inside a JSON document.
    Json,
}

/// Edits for one parsed text.
pub struct Editor<'a, 't> {
    tree: &'a Tree<'t>,
    text: &'t str,
    newline: &'static str,
    json: bool,
}

impl<'a, 't> Editor<'a, 't> {
    pub fn new(tree: &'a Tree<'t>) -> Self {
        let text = tree.text();
        let newline = match text.find('\n') {
            Some(at) if at > 0 && text.as_bytes()[at - 1] == b'\r' => "\r\n",
            _ => "\n",
        };
        let json = tree
            .root()
            .is_some_and(|root| tree.collection_style(root) == Some(CollectionStyle::Flow))
            && text
                .trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with('{');
        Self {
            tree,
            text,
            newline,
            json,
        }
    }

    pub fn tree(&self) -> &'a Tree<'t> {
        self.tree
    }

    /// Whether the text is a JSON document (all of it flow, keys quoted).
    pub fn is_json(&self) -> bool {
        self.json
    }

    /// Replaces a key's name, keeping its quoting.
    pub fn rename_key(&self, entry: Entry, new_name: &str) -> Option<Edit> {
        self.replace_scalar(entry.key, new_name)
    }

    /// Replaces a scalar's string, keeping its quoting (plain stays plain
    /// when the new string allows it).
    pub fn replace_scalar(&self, node: NodeId, new_value: &str) -> Option<Edit> {
        let tree = self.tree;
        let style = tree.scalar_style(node)?;
        let start = tree.content_start(node);
        let range = TextRange::new(start, tree.range(node).end);
        let content = match style {
            ScalarStyle::DoubleQuoted => json_string(new_value),
            ScalarStyle::SingleQuoted => format!("'{}'", new_value.replace('\'', "''")),
            ScalarStyle::Plain if is_plain_safe(new_value) => new_value.to_owned(),
            ScalarStyle::Plain => json_string(new_value),
            ScalarStyle::Literal | ScalarStyle::Folded => return None,
        };
        Some(Edit::replace(range, content))
    }

    /// Deletes an entry of a mapping. A block entry goes with its whole
    /// lines; a comment at the end of them stays, on a line of its own. A
    /// flow entry goes with one adjacent comma. The last entry of a mapping
    /// leaves `{}` behind, so that the mapping stays a mapping.
    pub fn delete_entry(&self, entry: Entry) -> Option<Vec<Edit>> {
        let tree = self.tree;
        let mapping = tree.parent(entry.key)?;
        if self.holds_anchor(entry.value) {
            return None;
        }
        let entries: Vec<Entry> = tree.entries(mapping).collect();
        let index = entries.iter().position(|&e| e == entry)?;
        match tree.collection_style(mapping)? {
            CollectionStyle::Flow => {
                let range = if let Some(next) = entries.get(index + 1) {
                    TextRange::new(tree.range(entry.key).start, tree.range(next.key).start)
                } else if index > 0 {
                    let previous = entries[index - 1];
                    TextRange::new(tree.range(previous.value).end, tree.range(entry.value).end)
                } else {
                    tree.entry_range(entry)
                };
                if self.has_comment_in(range) {
                    return None;
                }
                Some(vec![Edit::delete(range)])
            }
            CollectionStyle::Block => {
                if entries.len() == 1 {
                    return self.empty_block_mapping(mapping);
                }
                let span = tree.entry_lines(entry);
                let key_start = tree.range(entry.key).start;
                let before = &self.text[span.lines.start as usize..key_start as usize];
                if !span.alone {
                    return None;
                }
                if before.contains('-') || before.contains('?') {
                    // The first entry of a sequence item: the next entry
                    // moves up behind the `- `.
                    let next = entries.get(index + 1)?;
                    let range = TextRange::new(key_start, tree.range(next.key).start);
                    if self.has_comment_in(range) {
                        return None;
                    }
                    return Some(vec![Edit::delete(range)]);
                }
                let lines = self.with_indented_comments_after(span.lines, before.len());
                let kept = self.comments_as_lines(lines, before.len());
                Some(vec![Edit::replace(lines, kept)])
            }
        }
    }

    /// `lines` extended over the comment lines right after them (blank
    /// lines between) that are indented deeper than `column`: written under
    /// a key with an empty value, they read as part of its entry. Left in
    /// place when the entry goes, they would follow whatever precedes it,
    /// and after a block scalar become part of its text.
    fn with_indented_comments_after(&self, lines: TextRange, column: usize) -> TextRange {
        let mut end = lines.end as usize;
        let mut cursor = end;
        while cursor < self.text.len() {
            let line_end = self.text[cursor..]
                .find('\n')
                .map_or(self.text.len(), |at| cursor + at + 1);
            let line = &self.text[cursor..line_end];
            let content = line.trim_start_matches(' ');
            let indent = line.len() - content.len();
            if content.trim().is_empty() {
                cursor = line_end;
                continue;
            }
            if content.starts_with('#') && indent > column {
                cursor = line_end;
                end = line_end;
                continue;
            }
            break;
        }
        TextRange::new(lines.start, end as u32)
    }

    /// Replaces a block mapping's content with `{}`.
    fn empty_block_mapping(&self, mapping: NodeId) -> Option<Vec<Edit>> {
        let tree = self.tree;
        let range = TextRange::new(tree.content_start(mapping), tree.range(mapping).end);
        let lines = tree.node_lines(mapping);
        let column = tree.indent(mapping)? as usize;
        let last_line_end = lines.lines.end as usize;
        // Comments inside the mapping are kept as lines after the `{}`.
        let inner = TextRange::new(range.start, range.end);
        let comments: Vec<&str> = tree
            .comments()
            .iter()
            .filter(|c| inner.contains(c.range.start))
            .map(|c| &self.text[c.range.as_usize()])
            .collect();
        let mut edits = vec![Edit::replace(range, "{}")];
        if !comments.is_empty() {
            let mut tail = String::new();
            if !self.text[..last_line_end].ends_with('\n') {
                tail.push_str(self.newline);
            }
            for comment in comments {
                tail.push_str(&" ".repeat(column));
                tail.push_str(comment);
                tail.push_str(self.newline);
            }
            edits.push(Edit::insert(last_line_end as u32, tail));
        }
        Some(edits)
    }

    /// The comments inside `lines`, each on a line of its own at `column`.
    fn comments_as_lines(&self, lines: TextRange, column: usize) -> String {
        let mut out = String::new();
        for comment in self.tree.comments() {
            if lines.contains(comment.range.start) {
                out.push_str(&" ".repeat(column));
                out.push_str(&self.text[comment.range.as_usize()]);
                out.push_str(self.newline);
            }
        }
        if !out.is_empty() && !self.text[..lines.end as usize].ends_with('\n') {
            // The deleted lines ended the text without a line break.
            out.truncate(out.len() - self.newline.len());
        }
        out
    }

    /// Adds `key: value` as the last entry of a mapping.
    pub fn insert_entry(&self, mapping: NodeId, key: &str, value: &NewValue) -> Option<Edit> {
        let tree = self.tree;
        if !tree.is_mapping(mapping) {
            return None;
        }
        let last = tree.entries(mapping).last();
        match tree.collection_style(mapping)? {
            CollectionStyle::Block => {
                let last = last?;
                let column = tree.indent(mapping)? as usize;
                let rendered = self.render_entry(key, value, Layout::Block(column))?;
                let span = tree.entry_lines(last);
                if !span.alone {
                    return None;
                }
                let at = span.lines.end;
                let indent = " ".repeat(column);
                if self.text[..at as usize].ends_with('\n') {
                    Some(Edit::insert(
                        at,
                        format!("{indent}{rendered}{}", self.newline),
                    ))
                } else {
                    Some(Edit::insert(
                        at,
                        format!("{}{indent}{rendered}", self.newline),
                    ))
                }
            }
            CollectionStyle::Flow => {
                let layout = self.flow_layout();
                let rendered = self.render_entry(key, value, layout)?;
                Some(self.flow_append(mapping, last.map(|e| (e.key, e.value)), rendered))
            }
        }
    }

    /// Adds an item at the end of a sequence.
    pub fn append_item(&self, sequence: NodeId, item: &NewValue) -> Option<Edit> {
        let tree = self.tree;
        if !tree.is_sequence(sequence) {
            return None;
        }
        let last = tree.items(sequence).last().copied();
        match tree.collection_style(sequence)? {
            CollectionStyle::Block => {
                let last = last?;
                let column = tree.indent(sequence)? as usize;
                let rendered = self.render_item(item, column)?;
                let span = tree.node_lines(last);
                if !span.alone {
                    return None;
                }
                let at = span.lines.end;
                let indent = " ".repeat(column);
                if self.text[..at as usize].ends_with('\n') {
                    Some(Edit::insert(
                        at,
                        format!("{indent}{rendered}{}", self.newline),
                    ))
                } else {
                    Some(Edit::insert(
                        at,
                        format!("{}{indent}{rendered}", self.newline),
                    ))
                }
            }
            CollectionStyle::Flow => {
                let rendered = self.render(item, self.flow_layout())?;
                Some(self.flow_append(sequence, last.map(|l| (l, l)), rendered))
            }
        }
    }

    /// `, new` after a flow collection's last child (on a line of its own
    /// when the last child is on one), or `new` inside an empty one.
    fn flow_append(&self, collection: NodeId, last: Option<(NodeId, NodeId)>, new: String) -> Edit {
        let tree = self.tree;
        let Some((first_node, last_node)) = last else {
            let open = tree.content_start(collection) + 1;
            return Edit::insert(open, new);
        };
        let open_line = tree.line_of(tree.content_start(collection));
        let first_line = tree.line_of(tree.range(first_node).start);
        let at = tree.range(last_node).end;
        if first_line != open_line {
            let line = tree.line_index().line_range(self.text, first_line as usize);
            let column = tree.range(first_node).start - line.start;
            let indent = &self.text[line.start as usize..(line.start + column) as usize];
            Edit::insert(at, format!(",{}{indent}{new}", self.newline))
        } else {
            Edit::insert(at, format!(", {new}"))
        }
    }

    fn flow_layout(&self) -> Layout {
        if self.json {
            Layout::Json
        } else {
            Layout::Flow
        }
    }

    /// Makes a value a one-item list: `x` becomes `[x]`; a block
    /// collection becomes the only item of a block sequence.
    pub fn wrap_in_list(&self, node: NodeId) -> Option<Vec<Edit>> {
        let tree = self.tree;
        let range = tree.range(node);
        let block_collection = tree.collection_style(node) == Some(CollectionStyle::Block);
        if !block_collection {
            if tree.scalar_style(node).is_some_and(ScalarStyle::is_block) {
                return None;
            }
            if range.is_empty() {
                // `key:` with no value is null; `[null]` is not.
                return None;
            }
            let source = tree.source(node);
            if tree.scalar_style(node) == Some(ScalarStyle::Plain)
                && source.contains([',', '[', ']', '{', '}'])
            {
                // Flow indicators would end the plain scalar inside `[]`.
                if tree.anchor(node).is_some() || tree.tag_range(node).is_some() {
                    return None;
                }
                let quoted = json_string(tree.scalar(node)?);
                return Some(vec![Edit::replace(range, format!("[{quoted}]"))]);
            }
            return Some(vec![
                Edit::insert(range.start, "["),
                Edit::insert(range.end, "]"),
            ]);
        }
        if tree.anchor(node).is_some() || tree.tag_range(node).is_some() {
            return None;
        }
        // `- ` in front of the collection's first line and two more
        // columns for each line after it.
        let first_line = tree.line_of(range.start);
        let last_line = tree.line_of(range.end.saturating_sub(1).max(range.start));
        let mut edits = vec![Edit::insert(range.start, "- ")];
        for line in first_line + 1..=last_line {
            let line_range = tree.line_index().line_range(self.text, line as usize);
            if !line_range.is_empty() {
                edits.push(Edit::insert(line_range.start, "  "));
            }
        }
        Some(edits)
    }

    /// Moves the entries of the mapping that is `entry`'s value up into
    /// the mapping that holds `entry`, in place of `entry`.
    pub fn hoist_entries(&self, entry: Entry) -> Option<Vec<Edit>> {
        let tree = self.tree;
        let parent = tree.parent(entry.key)?;
        let inner = entry.value;
        if !tree.is_mapping(inner) || self.holds_anchor(inner) {
            return None;
        }
        let entries: Vec<Entry> = tree.entries(inner).collect();
        if entries.is_empty() {
            return self.delete_entry(entry);
        }
        let first = tree.range(entries[0].key).start;
        let last = tree.range(entries[entries.len() - 1].value).end;
        match (
            tree.collection_style(parent)?,
            tree.collection_style(inner)?,
        ) {
            (CollectionStyle::Flow, _) => {
                let range = tree.entry_range(entry);
                if self.has_comment_in(range) {
                    return None;
                }
                let content = self.text[first as usize..last as usize].to_owned();
                Some(vec![Edit::replace(range, content)])
            }
            (CollectionStyle::Block, CollectionStyle::Flow) => {
                let span = tree.entry_lines(entry);
                let key_start = tree.range(entry.key).start;
                let before = &self.text[span.lines.start as usize..key_start as usize];
                if !span.alone || before.contains('?') {
                    return None;
                }
                if self.has_comment_in(tree.range(inner)) {
                    return None;
                }
                let column = tree.indent(parent)? as usize;
                let mut out = String::new();
                for (index, inner_entry) in entries.iter().enumerate() {
                    let range = tree.entry_range(*inner_entry);
                    if tree.line_of(range.start) != tree.line_of(range.end) {
                        return None;
                    }
                    if index > 0 {
                        out.push_str(&" ".repeat(column));
                    }
                    out.push_str(&self.text[range.as_usize()]);
                    out.push_str(self.newline);
                }
                if let Some(comment) = tree.comment_on_line(span.last_line) {
                    out.push_str(&" ".repeat(column));
                    out.push_str(&self.text[comment.range.as_usize()]);
                    out.push_str(self.newline);
                }
                let end = span.lines.end;
                if !self.text[..end as usize].ends_with('\n') {
                    out.truncate(out.len() - self.newline.len());
                }
                Some(vec![Edit::replace(TextRange::new(key_start, end), out)])
            }
            (CollectionStyle::Block, CollectionStyle::Block) => {
                let span = tree.entry_lines(entry);
                let key_start = tree.range(entry.key).start;
                let before = &self.text[span.lines.start as usize..key_start as usize];
                if !span.alone || before.contains('?') {
                    return None;
                }
                let key_line = tree.line_of(key_start);
                if tree.line_of(first) == key_line {
                    return None;
                }
                let first_of_item = before.contains('-');
                let column = tree.indent(parent)? as usize;
                let inner_column = tree.indent(inner)? as usize;
                let body_start = tree
                    .line_index()
                    .line_range(self.text, key_line as usize + 1)
                    .start;
                let body = &self.text[body_start as usize..span.lines.end as usize];
                let shifted = shift_lines(body, column as isize - inner_column as isize)?;
                if first_of_item {
                    // The first moved entry takes the key's place behind
                    // the `- `; a comment there would have no line to go to.
                    if tree.comment_on_line(key_line).is_some()
                        || shifted.trim_start().starts_with('#')
                    {
                        return None;
                    }
                    let range = TextRange::new(key_start, span.lines.end);
                    return Some(vec![Edit::replace(range, shifted.trim_start().to_owned())]);
                }
                let mut out = String::new();
                if let Some(comment) = tree.comment_on_line(key_line) {
                    out.push_str(&" ".repeat(column));
                    out.push_str(&self.text[comment.range.as_usize()]);
                    out.push_str(self.newline);
                }
                out.push_str(&shifted);
                Some(vec![Edit::replace(span.lines, out)])
            }
        }
    }

    /// Whether a node or anything in it has an anchor: copying or deleting
    /// it would duplicate or orphan the anchor.
    fn holds_anchor(&self, node: NodeId) -> bool {
        std::iter::once(node)
            .chain(self.tree.descendants(node))
            .any(|n| self.tree.anchor(n).is_some())
    }

    fn has_comment_in(&self, range: TextRange) -> bool {
        self.tree
            .comments()
            .iter()
            .any(|c| range.contains(c.range.start))
    }
}

impl Editor<'_, '_> {
    /// Replaces an entry's key and value in place, keeping the entry's
    /// position and any comment after it: `old: x` becomes `new: value`.
    pub fn replace_entry(
        &self,
        entry: Entry,
        new_key: &str,
        value: &NewValue,
    ) -> Option<Vec<Edit>> {
        let tree = self.tree;
        let mapping = tree.parent(entry.key)?;
        let key_edit = self.rename_key(entry, new_key)?;
        let key_end = tree.range(entry.key).end;
        let value_range = tree.range(entry.value);
        match tree.collection_style(mapping)? {
            CollectionStyle::Block => {
                let range = TextRange::new(key_end, value_range.end.max(key_end));
                if self.has_comment_in(range) || self.holds_anchor(entry.value) {
                    return None;
                }
                let column = tree.indent(mapping)? as usize;
                let after_colon = self.text[key_end as usize..].trim_start_matches([' ', '\t']);
                if !after_colon.starts_with(':') {
                    return None;
                }
                let rendered = self.render_block_value(value, column + 2)?;
                // A comment after a value that now spans lines goes after
                // the key, where it stays about the entry.
                let line = tree.line_of(range.end);
                match tree.comment_on_line(line) {
                    Some(comment)
                        if rendered.starts_with(['\r', '\n'])
                            && comment.range.start >= range.end =>
                    {
                        let gap = &self.text[range.end as usize..comment.range.start as usize];
                        let comment_text = &self.text[comment.range.as_usize()];
                        let range = TextRange::new(range.start, comment.range.end);
                        Some(vec![
                            key_edit,
                            Edit::replace(range, format!(":{gap}{comment_text}{rendered}")),
                        ])
                    }
                    _ => Some(vec![key_edit, Edit::replace(range, format!(":{rendered}"))]),
                }
            }
            CollectionStyle::Flow => {
                if value_range.is_empty() || self.holds_anchor(entry.value) {
                    return None;
                }
                let rendered = self.render(value, self.flow_layout())?;
                Some(vec![key_edit, Edit::replace(value_range, rendered)])
            }
        }
    }
}
