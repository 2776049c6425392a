//! libyaml's events to tree nodes, with exact byte ranges.
//!
//! The events come from libyaml 0.2.5 (`super::libyaml`), the parser Heat's
//! loader (PyYAML's `CSafeLoader`) runs: what it accepts and refuses is
//! what Heat accepts and refuses. Marks are byte offsets. The composer's own refusals (an undefined alias, an anchor
//! defined twice, a second document) are reported here as Heat reports them.

use std::borrow::Cow;

use super::libyaml::{self, EventData, Mark, Parser, ScalarStyle as EventStyle, Scanner};
use crate::hash::{HashMap, HashMapExt};

use super::comments;
use super::{
    CollectionStyle, NodeData, NodeId, NodeKind, Payload, Properties, ScalarStyle, StrRef,
    SyntaxError, Tree, MAX_ALIASES, MAX_DEPTH, MAX_DIAGNOSTICS, MAX_INPUT_BYTES, MAX_NODES,
};
use std::sync::OnceLock;

use crate::text::TextRange;

const NONE: u32 = u32::MAX;

pub(super) fn build(text: &str) -> Tree<'_> {
    let mut builder = Builder::new(text);
    if text.len() > MAX_INPUT_BYTES {
        builder.diagnose(
            format!(
                "the text is {} bytes; at most {MAX_INPUT_BYTES} bytes are read",
                text.len()
            ),
            TextRange::empty(0),
        );
    } else {
        builder.run(Scanner::Libyaml);
        if builder.scanner_refused {
            // Heat reads the text again with PyYAML's pure-Python loader
            // when libyaml refuses it, and takes what that reads.
            let mut again = Builder::new(text);
            again.run(Scanner::PyYaml);
            if !again.scanner_refused {
                builder = again;
                builder.read_by_fallback = true;
            }
        }
    }
    builder.finish()
}

/// A collection whose end event has not come yet.
struct Open {
    node: u32,
    /// Where its children start in `Builder::pending`.
    first_pending: usize,
}

struct Builder<'t> {
    text: &'t str,
    nodes: Vec<NodeData>,
    children: Vec<NodeId>,
    properties: Vec<Properties>,
    owned: String,
    root: Option<NodeId>,
    errors: Vec<SyntaxError>,
    open: Vec<Open>,
    /// Children of the open collections, innermost last.
    pending: Vec<NodeId>,
    /// The node and anchor range of each anchor name.
    anchors: HashMap<String, (u32, TextRange)>,
    aliases: usize,
    /// How far the text has been read into nodes: where the search for a
    /// block scalar's indicator or an empty value's place starts.
    cursor: u32,
    /// Quoted scalars and block scalar bodies, where `#` starts no comment.
    opaque: Vec<TextRange>,
    /// Whether the scanner or parser refused the text (the composer's own
    /// refusals are not theirs).
    scanner_refused: bool,
    read_by_fallback: bool,
}

impl<'t> Builder<'t> {
    fn new(text: &'t str) -> Self {
        Self {
            text,
            // About one node per 16 bytes in real templates.
            nodes: Vec::with_capacity(text.len() / 16),
            children: Vec::with_capacity(text.len() / 16),
            properties: Vec::new(),
            owned: String::new(),
            root: None,
            errors: Vec::new(),
            open: Vec::new(),
            pending: Vec::new(),
            anchors: HashMap::new(),
            aliases: 0,
            cursor: 0,
            opaque: Vec::new(),
            scanner_refused: false,
            read_by_fallback: false,
        }
    }

    fn run(&mut self, scanner: Scanner) {
        let mut parser = Parser::new(self.text, scanner);
        let mut documents = 0;
        loop {
            let event = match parser.parse() {
                Ok(event) => event,
                Err(error) => {
                    self.scanner_refused = true;
                    self.syntax_error(&error);
                    return;
                }
            };
            let span = self.range(event.start_mark, event.end_mark);
            if self.nodes.len() >= MAX_NODES && creates_node(&event.data) {
                self.diagnose(
                    format!("more than {MAX_NODES} nodes; the rest is not read"),
                    TextRange::empty(span.start),
                );
                return;
            }
            match event.data {
                EventData::StreamEnd => return,
                EventData::DocumentStart => {
                    documents += 1;
                    if documents > 1 {
                        self.diagnose(
                            "a second YAML document: Heat reads a template or environment as one document and refuses a second; remove the `---` line and what follows, or make it a file of its own (YAML: expected a single document in the stream)".into(),
                            span,
                        );
                        return;
                    }
                }
                EventData::Scalar {
                    anchor,
                    tag,
                    value,
                    style,
                } => {
                    if !self.scalar(value, style, anchor, tag, span) {
                        return;
                    }
                }
                EventData::SequenceStart { anchor, tag, flow } => {
                    if !self.start_collection(false, flow, anchor, tag, span) {
                        return;
                    }
                }
                EventData::MappingStart { anchor, tag, flow } => {
                    if !self.start_collection(true, flow, anchor, tag, span) {
                        return;
                    }
                }
                EventData::SequenceEnd | EventData::MappingEnd => {
                    self.close(Some(span));
                }
                EventData::Alias { anchor } => {
                    if self.aliases >= MAX_ALIASES {
                        self.diagnose(
                            format!("more than {MAX_ALIASES} aliases; the rest is not read"),
                            span,
                        );
                        return;
                    }
                    self.aliases += 1;
                    let Some(&(target, _)) = self.anchors.get(anchor.as_ref()) else {
                        self.diagnose(
                            format!("the alias `*{anchor}` refers to no anchor: define `&{anchor}` on a node before this alias, or correct the name (YAML: found undefined alias)"),
                            span,
                        );
                        return;
                    };
                    self.push(NodeKind::Alias, span, Payload::Alias(target), NONE);
                    self.cursor = span.end;
                }
                EventData::StreamStart | EventData::DocumentEnd => {}
            }
        }
    }

    /// Adds a scalar node; `false` when the input is refused there.
    fn scalar(
        &mut self,
        value: &[u8],
        style: EventStyle,
        anchor: Option<Cow<'_, str>>,
        tag: Option<Cow<'_, str>>,
        span: TextRange,
    ) -> bool {
        let Some((properties, content)) = self.properties(span, anchor, tag) else {
            return false;
        };
        // An empty scalar after its tag ends where libyaml puts the next
        // token, which may come before the scan over the properties ends.
        let span = TextRange::new(span.start, span.end.max(self.properties_end(properties)));
        let style = match style {
            EventStyle::SingleQuoted => ScalarStyle::SingleQuoted,
            EventStyle::DoubleQuoted => ScalarStyle::DoubleQuoted,
            EventStyle::Literal => ScalarStyle::Literal,
            EventStyle::Folded => ScalarStyle::Folded,
            EventStyle::Plain => ScalarStyle::Plain,
        };
        let range = match style {
            ScalarStyle::Plain if value.is_empty() && properties == NONE => {
                TextRange::empty(self.empty_value_at(span.start))
            }
            ScalarStyle::Plain => span,
            ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                self.opaque
                    .push(TextRange::new(content.min(span.end), span.end));
                span
            }
            ScalarStyle::Literal | ScalarStyle::Folded => self.block_scalar(span, content),
        };
        let value = self.store(value, range);
        self.push(
            NodeKind::Scalar(style),
            range,
            Payload::Scalar(value),
            properties,
        );
        self.cursor = self.cursor.max(range.end);
        true
    }

    /// Where an empty value sits: just after the `:`, `-` or `?` that
    /// introduces it (libyaml places it at the next token, which may be
    /// lines further down), else at `mark`.
    fn empty_value_at(&self, mark: u32) -> u32 {
        let bytes = self.text.as_bytes();
        let mut at = self.cursor as usize;
        let mut found = None;
        while at < mark as usize {
            match bytes[at] {
                b':' | b'-' | b'?' => {
                    found = Some(at as u32 + 1);
                    at += 1;
                }
                b'#' if at == 0 || matches!(bytes[at - 1], b' ' | b'\t' | b'\n' | b'\r') => {
                    while at < bytes.len() && bytes[at] != b'\n' {
                        at += 1;
                    }
                }
                b' ' | b'\t' | b'\r' | b'\n' => at += 1,
                _ => break,
            }
        }
        found.unwrap_or(mark)
    }

    /// The range of a block scalar, from its indicator (or anchor and tag)
    /// to its last non-blank line.
    fn block_scalar(&mut self, span: TextRange, content: u32) -> TextRange {
        let bytes = self.text.as_bytes();
        let indicator = if matches!(self.byte(content), Some(b'|' | b'>')) {
            content
        } else {
            self.find_indicator(span.end).unwrap_or(span.start)
        };
        let mut header_end = indicator as usize + 1;
        while header_end < bytes.len() && matches!(bytes[header_end], b'+' | b'-' | b'0'..=b'9') {
            header_end += 1;
        }
        let body_start = bytes[header_end..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |at| header_end + at + 1)
            .min(span.end.max(header_end as u32) as usize);
        let body = &self.text[body_start..span.end.max(body_start as u32) as usize];
        let body_end = body_start + body.trim_end_matches([' ', '\t', '\r', '\n']).len();
        if body_end > body_start {
            self.opaque
                .push(TextRange::new(body_start as u32, body_end as u32));
        }
        let start = span.start.min(indicator);
        TextRange::new(start, body_end.max(header_end) as u32)
    }

    /// The `|` or `>` between the last node read and `limit`, skipping the
    /// indicators, separators and comments that may come before it.
    fn find_indicator(&self, limit: u32) -> Option<u32> {
        let bytes = self.text.as_bytes();
        let mut at = self.cursor as usize;
        while at < limit as usize {
            match bytes[at] {
                b'|' | b'>' => return Some(at as u32),
                b'#' if at == 0 || matches!(bytes[at - 1], b' ' | b'\t' | b'\n' | b'\r') => {
                    while at < bytes.len() && bytes[at] != b'\n' {
                        at += 1;
                    }
                }
                _ => at += 1,
            }
        }
        None
    }

    /// Opens a collection node; `false` when the input is refused there.
    fn start_collection(
        &mut self,
        mapping: bool,
        flow: bool,
        anchor: Option<Cow<'_, str>>,
        tag: Option<Cow<'_, str>>,
        span: TextRange,
    ) -> bool {
        if self.open.len() >= MAX_DEPTH {
            self.diagnose(
                format!("nesting deeper than {MAX_DEPTH} levels; the rest is not read"),
                TextRange::empty(span.start),
            );
            return false;
        }
        let Some((properties, content)) = self.properties(span, anchor, tag) else {
            return false;
        };
        // A single `key: value` pair inside a flow sequence is a flow
        // mapping to libyaml, but has no brackets: a block one here.
        let bracket = if mapping { b'{' } else { b'[' };
        let style = if flow && self.byte(content) == Some(bracket) {
            CollectionStyle::Flow
        } else {
            CollectionStyle::Block
        };
        let kind = if mapping {
            NodeKind::Mapping(style)
        } else {
            NodeKind::Sequence(style)
        };
        // A flow start spans its bracket; a block one is empty at its first
        // key or `-` (or spans its anchor and tag).
        let range = TextRange::new(span.start, content.max(span.start));
        let payload = Payload::Collection { first: 0, len: 0 };
        let node = self.push(kind, range, payload, properties);
        self.open.push(Open {
            node,
            first_pending: self.pending.len(),
        });
        self.cursor = match style {
            CollectionStyle::Flow => content + 1,
            CollectionStyle::Block => content,
        };
        true
    }

    /// Ends the innermost open collection; `end` is the closing event's
    /// range, `None` when an error cut the collection short.
    fn close(&mut self, end: Option<TextRange>) {
        let Some(open) = self.open.pop() else {
            return;
        };
        let first = self.children.len() as u32;
        self.children
            .extend(self.pending.drain(open.first_pending..));
        let len = self.children.len() as u32 - first;
        let subtree_end = self.nodes.len() as u32;
        let last_child_end = self
            .children
            .last()
            .filter(|_| len > 0)
            .map(|child| self.nodes[child.index()].range.end);
        let node = &mut self.nodes[open.node as usize];
        let flow = matches!(
            node.kind,
            NodeKind::Mapping(CollectionStyle::Flow) | NodeKind::Sequence(CollectionStyle::Flow)
        );
        let new_end = match (flow, end) {
            // The end event's span may run over blanks after the bracket.
            (true, Some(end)) => {
                let closing = if matches!(node.kind, NodeKind::Mapping(_)) {
                    b'}'
                } else {
                    b']'
                };
                let bytes = self.text.as_bytes();
                bytes[end.start as usize..end.end as usize]
                    .iter()
                    .position(|&b| b == closing)
                    .map_or(end.end, |at| end.start + at as u32 + 1)
            }
            _ => last_child_end.unwrap_or(node.range.end),
        };
        node.range.end = new_end.max(node.range.end);
        node.payload = Payload::Collection { first, len };
        node.subtree_end = subtree_end;
        self.cursor = self.cursor.max(node.range.end);
    }

    fn push(&mut self, kind: NodeKind, range: TextRange, payload: Payload, properties: u32) -> u32 {
        let id = self.nodes.len() as u32;
        let parent = self.open.last().map_or(NONE, |open| open.node);
        self.nodes.push(NodeData {
            range,
            kind,
            parent,
            subtree_end: id + 1,
            payload,
            properties,
        });
        if self.open.is_empty() {
            self.root.get_or_insert(NodeId(id));
        } else {
            self.pending.push(NodeId(id));
        }
        id
    }

    /// Reads the anchor and tag at the start of a node's span; returns their
    /// index in `properties` and where the content starts, or `None` when
    /// the anchor is defined twice (Heat's loader refuses that).
    fn properties(
        &mut self,
        span: TextRange,
        anchor: Option<Cow<'_, str>>,
        tag: Option<Cow<'_, str>>,
    ) -> Option<(u32, u32)> {
        if anchor.is_none() && tag.is_none() {
            return Some((NONE, span.start));
        }
        let bytes = self.text.as_bytes();
        let mut at = span.start as usize;
        let mut anchor_range = None;
        let mut tag_range = None;
        loop {
            while at < bytes.len() && matches!(bytes[at], b' ' | b'\t' | b'\r' | b'\n') {
                at += 1;
            }
            let start = at;
            match bytes.get(at) {
                Some(b'&') if anchor_range.is_none() => {
                    at = token_end(bytes, at);
                    anchor_range = Some(TextRange::new(start as u32, at as u32));
                }
                Some(b'!') if tag_range.is_none() => {
                    at = token_end(bytes, at);
                    tag_range = Some(TextRange::new(start as u32, at as u32));
                }
                _ => break,
            }
        }
        let index = self.properties.len() as u32;
        let node = self.nodes.len() as u32;
        if let Some(name) = anchor {
            let here = anchor_range.unwrap_or(TextRange::empty(span.start));
            if let Some(&(_, first)) = self.anchors.get(name.as_ref()) {
                let line = crate::text::LineIndex::new(self.text).line_of(first.start) + 1;
                self.diagnose(
                    format!("the anchor `&{name}` is defined a second time (first on line {line}); Heat's loader refuses that: give this one another name (YAML: found duplicate anchor)"),
                    here,
                );
                return None;
            }
            self.anchors.insert(name.into_owned(), (node, here));
        }
        let tag = match (tag, tag_range) {
            (Some(tag), Some(range)) => {
                let start = self.owned.len() as u32;
                self.owned.push_str(&tag);
                let resolved = StrRef {
                    start,
                    end: self.owned.len() as u32,
                    owned: true,
                };
                Some((range, resolved))
            }
            _ => None,
        };
        self.properties.push(Properties {
            anchor: anchor_range,
            tag,
        });
        Some((index, at as u32))
    }

    /// Where a node's anchor and tag end (the start of nothing when it has
    /// none).
    fn properties_end(&self, index: u32) -> u32 {
        let Some(properties) = self.properties.get(index as usize) else {
            return 0;
        };
        let anchor = properties.anchor.map_or(0, |range| range.end);
        let tag = properties.tag.map_or(0, |(range, _)| range.end);
        anchor.max(tag)
    }

    /// Keeps a scalar's value: as its range of the text when it is written
    /// there as it is (most plain scalars), else copied.
    fn store(&mut self, value: &[u8], range: TextRange) -> StrRef {
        if self.text.as_bytes().get(range.as_usize()) == Some(value) {
            return StrRef {
                start: range.start,
                end: range.end,
                owned: false,
            };
        }
        let start = self.owned.len() as u32;
        self.owned.push_str(&libyaml::decode_wtf8(value));
        StrRef {
            start,
            end: self.owned.len() as u32,
            owned: true,
        }
    }

    fn syntax_error(&mut self, error: &libyaml::Error) {
        let at = self.offset(error.mark);
        let end = self.text[at as usize..]
            .chars()
            .next()
            .map_or(at, |ch| at + ch.len_utf8() as u32);
        let found = self.text[at as usize..].chars().next();
        self.diagnose(
            explain(&error.problem, error.context.as_deref(), found),
            TextRange::new(at, end),
        );
    }

    fn diagnose(&mut self, message: String, range: TextRange) {
        if self.errors.len() < MAX_DIAGNOSTICS {
            self.errors.push(SyntaxError { message, range });
        }
    }

    /// A mark's byte offset, on a `char` boundary. libyaml counts from
    /// after the byte order mark.
    fn offset(&self, mark: Mark) -> u32 {
        let bom = if self.text.starts_with('\u{feff}') {
            3
        } else {
            0
        };
        let mut at = (mark.index as usize + bom).min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at as u32
    }

    fn range(&self, start: Mark, end: Mark) -> TextRange {
        let start = self.offset(start);
        TextRange::new(start, self.offset(end).max(start))
    }

    fn byte(&self, offset: u32) -> Option<u8> {
        self.text.as_bytes().get(offset as usize).copied()
    }

    fn finish(mut self) -> Tree<'t> {
        // Collections an error left open end at their last complete child.
        while !self.open.is_empty() {
            self.close(None);
        }
        let comments = comments::scan(self.text, &self.opaque);
        Tree {
            text: self.text,
            nodes: self.nodes,
            children: self.children,
            properties: self.properties,
            owned: self.owned,
            root: self.root,
            comments,
            read_by_fallback: self.read_by_fallback,
            errors: self.errors,
            line_index: OnceLock::new(),
        }
    }
}

fn creates_node(event: &EventData) -> bool {
    matches!(
        event,
        EventData::Scalar { .. }
            | EventData::SequenceStart { .. }
            | EventData::MappingStart { .. }
            | EventData::Alias { .. }
    )
}

/// The end of an anchor or tag token: the next blank or flow indicator
/// (a verbatim tag `!<...>` runs to its `>`).
fn token_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    if bytes.get(at) == Some(&b'<') {
        while at < bytes.len() && bytes[at] != b'>' {
            at += 1;
        }
        return (at + 1).min(bytes.len());
    }
    while at < bytes.len()
        && !matches!(
            bytes[at],
            b' ' | b'\t' | b'\r' | b'\n' | b',' | b'[' | b']' | b'{' | b'}'
        )
    {
        at += 1;
    }
    at
}

/// libyaml's message with what it means for a template's author and what
/// to do, for the mistakes people make; libyaml's own words stay at the
/// end, for searching.
fn explain(problem: &str, context: Option<&str>, found: Option<char>) -> String {
    let advice = match (problem, found) {
        ("found character that cannot start any token", Some('\t')) => {
            "a tab in the indentation: YAML indents with spaces only; replace it with spaces"
        }
        ("found character that cannot start any token", Some('@' | '`')) => {
            "`@` and `` ` `` cannot start a plain value: quote the value"
        }
        ("found character that cannot start any token", _) => {
            "this character cannot start a value here: quote the value"
        }
        ("found a tab character that violates indentation", _)
        | ("found a tab character where an indentation space is expected", _) => {
            "a tab in the indentation: YAML indents with spaces only; replace it with spaces"
        }
        ("found unexpected end of stream", _) if context == Some("while scanning a quoted scalar") => {
            "a quoted string is never closed: add its closing quote"
        }
        ("mapping values are not allowed in this context", _) => {
            "a second `: ` on one line: quote the value when it contains `: `"
        }
        ("could not find expected ':'", _) => {
            "a line that is neither a `key: value` entry nor part of the value above: add its `:`, or indent it under the key it continues"
        }
        ("did not find expected key", _) => {
            "this line's indentation matches no entry above it: align it with its siblings"
        }
        ("did not find expected '-' indicator", _) => {
            "a list item and a mapping entry at the same indentation: indent the entry or make it an item"
        }
        ("did not find expected ',' or ']'", _) => {
            "a `[` list is not closed, or two of its items have no comma between them"
        }
        ("did not find expected ',' or '}'", _) => {
            "a `{` mapping is not closed, or two of its entries have no comma between them"
        }
        ("did not find expected node content", _) => {
            "a value is missing here, or starts with a character that cannot start one: write the value, or quote it"
        }
        ("block sequence entries are not allowed in this context", _) => {
            "a `- ` list item on the line of its key: start the list on the next line, indented"
        }
        ("found unknown escape character", _) => {
            "an unknown `\\` escape in a double-quoted string: write `\\\\` for a backslash, or use single quotes"
        }
        ("found undefined tag handle", _) => {
            "a tag (`!name!...`) whose handle no `%TAG` line defines: remove the tag or define its handle"
        }
        ("control characters are not allowed", _) => {
            "a control character YAML does not allow: remove it"
        }
        _ => {
            return match context {
                Some(context) => format!("{context}, {problem}"),
                None => problem.to_owned(),
            }
        }
    };
    match context {
        Some(context) => format!("{advice} (YAML: {context}, {problem})"),
        None => format!("{advice} (YAML: {problem})"),
    }
}
