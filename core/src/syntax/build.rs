//! Parser events to tree nodes, with exact byte ranges.

use std::borrow::Cow;

use saphyr_parser::{Event, Parser, ScalarStyle as EventStyle, ScanError, Span, Tag};

use super::chars::CharsToBytes;
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
        builder.run();
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
    chars: CharsToBytes,
    nodes: Vec<NodeData>,
    children: Vec<NodeId>,
    properties: Vec<Properties>,
    owned: String,
    root: Option<NodeId>,
    errors: Vec<SyntaxError>,
    open: Vec<Open>,
    /// Children of the open collections, innermost last.
    pending: Vec<NodeId>,
    /// Node of each anchor id the parser hands out (ids start at 1).
    anchors: Vec<u32>,
    aliases: usize,
    /// How far the text has been read into nodes: where the search for a
    /// block scalar's indicator starts.
    cursor: u32,
    /// Quoted scalars and block scalar bodies, where `#` starts no comment.
    opaque: Vec<TextRange>,
}

impl<'t> Builder<'t> {
    fn new(text: &'t str) -> Self {
        Self {
            text,
            chars: CharsToBytes::new(text),
            // About one node per 16 bytes in real templates.
            nodes: Vec::with_capacity(text.len() / 16),
            children: Vec::with_capacity(text.len() / 16),
            properties: Vec::new(),
            owned: String::new(),
            root: None,
            errors: Vec::new(),
            open: Vec::new(),
            pending: Vec::new(),
            anchors: vec![NONE],
            aliases: 0,
            cursor: 0,
            opaque: Vec::new(),
        }
    }

    fn run(&mut self) {
        let mut parser = Parser::new_from_str(self.text);
        let mut documents = 0;
        while let Some(next) = parser.next_event() {
            let (event, span) = match next {
                Ok(event) => event,
                Err(error) => {
                    self.syntax_error(&error);
                    return;
                }
            };
            if self.nodes.len() >= MAX_NODES && creates_node(&event) {
                let at = self.range(span);
                self.diagnose(
                    format!("more than {MAX_NODES} nodes; the rest is not read"),
                    TextRange::empty(at.start),
                );
                return;
            }
            let mapping = matches!(event, Event::MappingStart(..));
            match event {
                Event::DocumentStart(_) => {
                    documents += 1;
                    if documents > 1 {
                        let at = self.range(span);
                        self.diagnose(
                            "Heat reads one YAML document; this second one is ignored".into(),
                            at,
                        );
                        return;
                    }
                }
                Event::Scalar(value, style, anchor, tag) => {
                    self.scalar(value, style, anchor, tag, span);
                }
                Event::SequenceStart(anchor, tag) | Event::MappingStart(anchor, tag) => {
                    if self.open.len() >= MAX_DEPTH {
                        let at = self.range(span);
                        self.diagnose(
                            format!("nesting deeper than {MAX_DEPTH} levels; the rest is not read"),
                            TextRange::empty(at.start),
                        );
                        return;
                    }
                    self.start_collection(mapping, anchor, tag, span);
                }
                Event::SequenceEnd | Event::MappingEnd => {
                    let end = self.range(span);
                    self.close(Some(end));
                }
                Event::Alias(anchor) => {
                    if self.aliases >= MAX_ALIASES {
                        let at = self.range(span);
                        self.diagnose(
                            format!("more than {MAX_ALIASES} aliases; the rest is not read"),
                            at,
                        );
                        return;
                    }
                    self.aliases += 1;
                    let range = self.range(span);
                    let target = self.anchors.get(anchor).copied().unwrap_or(NONE);
                    self.push(NodeKind::Alias, range, Payload::Alias(target), NONE);
                    self.cursor = range.end;
                }
                Event::StreamStart | Event::StreamEnd | Event::DocumentEnd | Event::Nothing => {}
            }
        }
    }

    fn scalar(
        &mut self,
        value: Cow<'t, str>,
        style: EventStyle,
        anchor: usize,
        tag: Option<Cow<'t, Tag>>,
        span: Span,
    ) {
        let span = self.range(span);
        let (properties, content) = self.properties(span, anchor, tag);
        let style = match style {
            EventStyle::Plain => ScalarStyle::Plain,
            EventStyle::SingleQuoted => ScalarStyle::SingleQuoted,
            EventStyle::DoubleQuoted => ScalarStyle::DoubleQuoted,
            EventStyle::Literal => ScalarStyle::Literal,
            EventStyle::Folded => ScalarStyle::Folded,
        };
        let range = match style {
            ScalarStyle::Plain if value.is_empty() && properties == NONE => {
                // The parser's span of an empty scalar may cover the next
                // separator; an empty value sits right after its colon.
                let colon = self.byte(span.start) == Some(b':');
                TextRange::empty(span.start + u32::from(colon))
            }
            ScalarStyle::Plain => span,
            ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                let end = self.closing_quote(content, style).unwrap_or(span.end);
                self.opaque.push(TextRange::new(content, end));
                TextRange::new(span.start, end)
            }
            ScalarStyle::Literal | ScalarStyle::Folded => self.block_scalar(span, content),
        };
        let value = self.store(value);
        self.push(
            NodeKind::Scalar(style),
            range,
            Payload::Scalar(value),
            properties,
        );
        self.cursor = self.cursor.max(range.end);
    }

    /// The range of a block scalar, from its indicator (the parser's span
    /// starts at the body when there is no anchor or tag) to its last
    /// non-blank line.
    fn block_scalar(&mut self, span: TextRange, content: u32) -> TextRange {
        let bytes = self.text.as_bytes();
        // The parser's span starts at the indicator after an anchor or tag,
        // else at the body, which may itself start with `>` or `|`: the
        // first indicator after the last node read is the header's.
        let indicator = self
            .find_indicator(content.max(span.start) + 1)
            .unwrap_or(span.start);
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

    /// One past the quote that closes the quoted scalar opening at `start`.
    fn closing_quote(&self, start: u32, style: ScalarStyle) -> Option<u32> {
        let bytes = self.text.as_bytes();
        let quote = if style == ScalarStyle::SingleQuoted {
            b'\''
        } else {
            b'"'
        };
        if bytes.get(start as usize) != Some(&quote) {
            return None;
        }
        let mut at = start as usize + 1;
        while at < bytes.len() {
            match bytes[at] {
                b'\\' if quote == b'"' => at += 2,
                b'\'' if quote == b'\'' && bytes.get(at + 1) == Some(&b'\'') => at += 2,
                b if b == quote => return Some(at as u32 + 1),
                _ => at += 1,
            }
        }
        None
    }

    fn start_collection(
        &mut self,
        mapping: bool,
        anchor: usize,
        tag: Option<Cow<'t, Tag>>,
        span: Span,
    ) {
        let span = self.range(span);
        let (properties, mut content) = self.properties(span, anchor, tag);
        // A flow start event spans its bracket; a block one is empty at the
        // first entry (or spans just the anchor and tag), and an indentless
        // sequence's is empty at its first item, which may be a bracket.
        let bracket = if mapping { b'{' } else { b'[' };
        let style = if !span.is_empty() && self.byte(content) == Some(bracket) {
            CollectionStyle::Flow
        } else {
            CollectionStyle::Block
        };
        let mut span = span;
        if !mapping && style == CollectionStyle::Block && self.byte(content) != Some(b'-') {
            // An indentless sequence's event starts after its first `- `.
            let before = self.text[..content as usize].trim_end_matches([' ', '\t']);
            if before.ends_with('-') {
                content = before.len() as u32 - 1;
                if properties == NONE {
                    span = TextRange::new(content, content);
                }
            }
        }
        let kind = if mapping {
            NodeKind::Mapping(style)
        } else {
            NodeKind::Sequence(style)
        };
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
    /// index in `properties` and where the content starts.
    fn properties(
        &mut self,
        span: TextRange,
        anchor: usize,
        tag: Option<Cow<'t, Tag>>,
    ) -> (u32, u32) {
        if anchor == 0 && tag.is_none() {
            return (NONE, span.start);
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
        if anchor != 0 {
            if self.anchors.len() <= anchor {
                self.anchors.resize(anchor + 1, NONE);
            }
            self.anchors[anchor] = node;
        }
        let tag = match (tag, tag_range) {
            (Some(tag), Some(range)) => {
                let start = self.owned.len() as u32;
                self.owned.push_str(&tag.handle);
                self.owned.push_str(&tag.suffix);
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
        (index, at as u32)
    }

    /// Keeps a scalar's value: as a range of the text when the parser lent
    /// it from there, else copied.
    fn store(&mut self, value: Cow<'t, str>) -> StrRef {
        if let Cow::Borrowed(borrowed) = &value {
            let offset = (borrowed.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
            if offset <= self.text.len() && borrowed.len() <= self.text.len() - offset {
                return StrRef {
                    start: offset as u32,
                    end: (offset + borrowed.len()) as u32,
                    owned: false,
                };
            }
        }
        let start = self.owned.len() as u32;
        self.owned.push_str(&value);
        StrRef {
            start,
            end: self.owned.len() as u32,
            owned: true,
        }
    }

    fn syntax_error(&mut self, error: &ScanError) {
        let at = self.chars.byte(error.marker().index());
        let end = self.text[at as usize..]
            .chars()
            .next()
            .map_or(at, |ch| at + ch.len_utf8() as u32);
        self.diagnose(explain(error.info()), TextRange::new(at, end));
    }

    fn diagnose(&mut self, message: String, range: TextRange) {
        if self.errors.len() < MAX_DIAGNOSTICS {
            self.errors.push(SyntaxError { message, range });
        }
    }

    fn range(&self, span: Span) -> TextRange {
        let start = self.chars.byte(span.start.index());
        let end = self.chars.byte(span.end.index()).max(start);
        TextRange::new(start, end)
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
            errors: self.errors,
            line_index: OnceLock::new(),
        }
    }
}

fn creates_node(event: &Event) -> bool {
    matches!(
        event,
        Event::Scalar(..) | Event::SequenceStart(..) | Event::MappingStart(..) | Event::Alias(_)
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

/// The parser's message with what it means for a template's author and
/// what to do, for the mistakes people make; the parser's own words stay
/// at the end, for searching.
fn explain(info: &str) -> String {
    let advice = match info {
        "tabs disallowed within this context (block indentation)" => {
            "a tab in the indentation: YAML indents with spaces only; replace it with spaces"
        }
        "while scanning a quoted scalar, found unexpected end of stream" => {
            "a quoted string is never closed: add its closing quote"
        }
        "invalid indentation" => {
            "this line's indentation fits nothing above it: align it with its siblings"
        }
        "while parsing a block mapping, did not find expected key" => {
            "this line's indentation matches no entry above it: align it with its siblings"
        }
        "while parsing node, found unknown anchor" => {
            "this alias (`*name`) refers to no anchor (`&name`) defined before it: define the anchor first, or correct the name"
        }
        "mapping values are not allowed in this context" => {
            "a second `: ` on one line: quote the value when it contains `: `"
        }
        "invalid indentation in quoted scalar" => {
            "the continuation lines of a quoted string must be indented past its key: indent them (Heat's loader accepts them at the margin, YAML 1.2 does not)"
        }
        "while parsing a block collection, did not find expected '-' indicator" => {
            "a list item and a mapping entry at the same indentation: indent the entry or make it an item"
        }
        _ if info.starts_with("while parsing a flow sequence") => {
            "a `[` list is not closed, or two of its items have no comma between them"
        }
        _ if info.starts_with("while parsing a flow mapping") => {
            "a `{` mapping is not closed, or two of its entries have no comma between them"
        }
        _ if info.starts_with("unexpected character: `@'")
            || info.starts_with("unexpected character: ``'") =>
        {
            "`@` and `` ` `` cannot start a plain value: quote the value"
        }
        _ => return info.to_owned(),
    };
    format!("{advice} (YAML: {info})")
}
