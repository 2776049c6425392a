//! libyaml's events to tree nodes, with exact byte ranges.
//!
//! The events come from libyaml 0.2.5 (`super::libyaml`), the parser Heat's
//! loader (PyYAML's `CSafeLoader`) runs: what it accepts and refuses is
//! what Heat accepts and refuses. Marks are byte offsets. The composer's own refusals (an undefined alias, an anchor
//! defined twice, a second document) are reported here as Heat reports them.

mod marks;

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
            replaced_values: OnceLock::new(),
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
