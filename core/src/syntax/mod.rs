//! YAML and JSON text as a tree of nodes with byte ranges.
//!
//! [`parse`] turns a template's text into a [`Tree`]: an arena of mapping,
//! sequence, scalar and alias nodes in source order, each with the byte
//! range it occupies, its style, anchor and tag, plus the comments the YAML
//! parser drops. The tree is what the template model, the linter and the
//! migrator read; the migrator edits the original text by byte ranges and
//! never re-serializes the tree.
//!
//! Invariants:
//! - **Parsing never fails.** Malformed input yields the tree as far as the
//!   parser got, with [`SyntaxError`]s (message and byte range). A
//!   collection left open by an error ends at its last complete child.
//! - **Byte offsets.** Every range is a [`TextRange`] of byte offsets into
//!   the text handed to [`parse`], on `char` boundaries. libyaml's marks
//!   are byte offsets already (after a byte order mark, which is added
//!   back here). Lines and columns are computed only at the edges, with
//!   [`crate::text::LineIndex`].
//! - **Aliases are never expanded.** An alias is a node of its own that
//!   points at its anchor's node; walking the tree never follows it, so an
//!   alias bomb costs what its text costs.
//! - **Bounded work.** Input larger than [`MAX_INPUT_BYTES`], nesting deeper
//!   than [`MAX_DEPTH`], more than [`MAX_NODES`] nodes or [`MAX_ALIASES`]
//!   aliases stop the parse with a diagnostic at the position; at most
//!   [`MAX_DIAGNOSTICS`] errors are kept. No code here recurses on the
//!   input's structure.
//! - **What Heat refuses is an error.** The parser is libyaml, Heat's
//!   own, and when libyaml refuses, libyaml set to scan as PyYAML's
//!   pure-Python scanner, Heat's second try; what PyYAML's composer
//!   refuses besides (a second document, an undefined alias, an anchor
//!   defined twice) stops the parse with a diagnostic, as it stops Heat's
//!   loader.
//!
//! Ranges, precisely (they are what text edits replace):
//! - a plain scalar: its text, without trailing spaces or comment;
//! - a quoted scalar: from the opening to the closing quote, inclusive;
//! - a block scalar (`|`, `>`): from the indicator to the end of its last
//!   non-blank line; trailing line breaks and blank lines are layout;
//! - an empty value (`key:`): the empty range just after the colon;
//! - a flow collection: from the opening to the closing bracket;
//! - a block collection: from its first key or `-` to the end of its last
//!   value;
//! - any node with an anchor or tag starts at the first of them.
//!
//! Scalars keep their source string: `2013-05-23` stays the text Heat reads
//! (Heat's loader keeps YAML timestamps as strings). [`scalar`] interprets
//! a scalar as PyYAML's SafeLoader (YAML 1.1) would.

use std::sync::OnceLock;

mod build;
mod comments;
mod dump;
mod libyaml;
pub mod scalar;
#[cfg(test)]
mod tests;

use crate::hash::{HashMap, HashMapExt};
use crate::text::{LineIndex, TextRange};

pub use comments::Comment;
pub use scalar::Resolved;

/// Largest input parsed, in bytes; larger input gives one diagnostic and an
/// empty tree.
pub const MAX_INPUT_BYTES: usize = 10 * 1024 * 1024;
/// Deepest nesting of collections. The YAML parser itself stops flow
/// collections at 255 levels.
pub const MAX_DEPTH: usize = 256;
/// Most nodes in a tree (about 40 bytes each).
pub const MAX_NODES: usize = 1 << 20;
/// Most alias nodes in a tree.
pub const MAX_ALIASES: usize = 10_000;
/// Most diagnostics kept; the parse stops at its first syntax error anyway.
pub const MAX_DIAGNOSTICS: usize = 100;

/// Parses YAML (JSON included) into a tree. Never fails; see the module
/// documentation for what is guaranteed.
pub fn parse(text: &str) -> Tree<'_> {
    build::build(text)
}

/// A node's index in its [`Tree`]. Nodes are numbered in source order
/// (pre-order), so a node's descendants directly follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CollectionStyle {
    /// Indentation-based: `key: value` lines, `- item` lines.
    Block,
    /// Bracketed: `{key: value}`, `[item]`, and all of JSON.
    Flow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarStyle {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    /// `|`
    Literal,
    /// `>`
    Folded,
}

impl ScalarStyle {
    pub const fn is_quoted(self) -> bool {
        matches!(self, Self::SingleQuoted | Self::DoubleQuoted)
    }

    pub const fn is_block(self) -> bool {
        matches!(self, Self::Literal | Self::Folded)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    Mapping(CollectionStyle),
    Sequence(CollectionStyle),
    Scalar(ScalarStyle),
    /// `*name`; see [`Tree::alias_target`].
    Alias,
}

/// One `key: value` pair of a mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    pub key: NodeId,
    pub value: NodeId,
}

/// The whole lines an entry occupies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSpan {
    /// 0-based line of the key.
    pub first_line: u32,
    /// 0-based line where the value ends.
    pub last_line: u32,
    /// From the start of the first line through the line break ending the
    /// last one (or the end of the text).
    pub lines: TextRange,
    /// Whether nothing but indentation (or a sequence's `- `) precedes the
    /// entry on its first line and nothing but a comment follows it on its
    /// last: then deleting [`LineSpan::lines`] deletes exactly the entry.
    pub alone: bool,
}

/// A problem with the text as YAML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
}

#[derive(Clone, Copy, Debug)]
struct NodeData {
    range: TextRange,
    kind: NodeKind,
    /// Parent node, or `u32::MAX` for the root.
    parent: u32,
    /// One past the last descendant.
    subtree_end: u32,
    payload: Payload,
    /// Index into `Tree::properties`, or `u32::MAX`.
    properties: u32,
}

#[derive(Clone, Copy, Debug)]
enum Payload {
    /// Children in `Tree::children[first..first + len]`; a mapping's are
    /// key, value, key, value...
    Collection {
        first: u32,
        len: u32,
    },
    Scalar(StrRef),
    /// The anchored node, `u32::MAX` if unknown.
    Alias(u32),
}

/// A string held either in the source text or in `Tree::owned`.
#[derive(Clone, Copy, Debug)]
struct StrRef {
    start: u32,
    end: u32,
    owned: bool,
}

#[derive(Clone, Debug)]
struct Properties {
    anchor: Option<TextRange>,
    tag: Option<(TextRange, StrRef)>,
}

/// A parsed text: nodes with byte ranges, comments and syntax errors.
pub struct Tree<'t> {
    text: &'t str,
    nodes: Vec<NodeData>,
    children: Vec<NodeId>,
    properties: Vec<Properties>,
    /// Scalar values and tags that differ from their source text.
    owned: String,
    root: Option<NodeId>,
    comments: Vec<Comment>,
    /// Read by the PyYAML scanner after libyaml refused the text.
    read_by_fallback: bool,
    errors: Vec<SyntaxError>,
    /// Built on first use: most callers never need lines.
    line_index: OnceLock<LineIndex>,
    /// See [`Tree::replaced_values`]; worked out on first use.
    replaced_values: OnceLock<Vec<TextRange>>,
}

impl<'t> Tree<'t> {
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The document's top node; `None` for an empty document.
    pub fn root(&self) -> Option<NodeId> {
        self.root
    }

    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// Whether libyaml refused the text and PyYAML's pure-Python reader,
    /// which Heat tries next, read it: Heat then constructs the values with
    /// PyYAML's own `SafeLoader`, without its overrides.
    pub fn read_by_fallback(&self) -> bool {
        self.read_by_fallback
    }

    /// Each comment's text, trailing spaces left out, in source order: what
    /// a fix must keep (it may move a comment onto a line of its own).
    pub fn comment_texts(&self) -> Vec<&'t str> {
        self.comments
            .iter()
            .map(|c| self.text[c.range.as_usize()].trim_end())
            .collect()
    }

    /// Every comment, in source order.
    pub fn comments(&self) -> &[Comment] {
        &self.comments
    }

    /// The comments on a 0-based line (at most one).
    pub fn comment_on_line(&self, line: u32) -> Option<&Comment> {
        let at = self.comments.partition_point(|c| c.line < line);
        self.comments.get(at).filter(|c| c.line == line)
    }

    pub fn line_index(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(self.text))
    }

    /// 0-based line holding a byte offset.
    pub fn line_of(&self, offset: u32) -> u32 {
        self.line_index().line_of(offset) as u32
    }

    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Every node, in source order.
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    pub fn kind(&self, node: NodeId) -> NodeKind {
        self.nodes[node.index()].kind
    }

    pub fn range(&self, node: NodeId) -> TextRange {
        self.nodes[node.index()].range
    }

    /// The node's source text.
    pub fn source(&self, node: NodeId) -> &'t str {
        &self.text[self.range(node).as_usize()]
    }

    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        let parent = self.nodes[node.index()].parent;
        (parent != u32::MAX).then_some(NodeId(parent))
    }

    /// Number of collections around the node (0 for the root).
    pub fn depth(&self, node: NodeId) -> usize {
        std::iter::successors(self.parent(node), |&p| self.parent(p)).count()
    }

    /// The node's descendants in source order (keys included), without
    /// following aliases.
    pub fn descendants(&self, node: NodeId) -> impl ExactSizeIterator<Item = NodeId> {
        (node.0 + 1..self.nodes[node.index()].subtree_end).map(NodeId)
    }

    pub fn is_mapping(&self, node: NodeId) -> bool {
        matches!(self.kind(node), NodeKind::Mapping(_))
    }

    pub fn is_sequence(&self, node: NodeId) -> bool {
        matches!(self.kind(node), NodeKind::Sequence(_))
    }

    pub fn is_scalar(&self, node: NodeId) -> bool {
        matches!(self.kind(node), NodeKind::Scalar(_))
    }

    pub fn collection_style(&self, node: NodeId) -> Option<CollectionStyle> {
        match self.kind(node) {
            NodeKind::Mapping(style) | NodeKind::Sequence(style) => Some(style),
            _ => None,
        }
    }

    pub fn scalar_style(&self, node: NodeId) -> Option<ScalarStyle> {
        match self.kind(node) {
            NodeKind::Scalar(style) => Some(style),
            _ => None,
        }
    }

    /// A scalar's value as YAML reads it (quotes and escapes resolved, block
    /// scalars folded); `None` for other nodes.
    pub fn scalar(&self, node: NodeId) -> Option<&str> {
        match self.nodes[node.index()].payload {
            Payload::Scalar(value) => Some(self.str_ref(value)),
            _ => None,
        }
    }

    /// A scalar's value interpreted as Heat's YAML loader would.
    pub fn resolve(&self, node: NodeId) -> Option<Resolved<'_>> {
        let value = self.scalar(node)?;
        let style = self.scalar_style(node)?;
        Some(scalar::resolve(value, style, self.tag(node)))
    }

    /// Whether the node is a scalar that reads as the string `expected`.
    pub fn scalar_is(&self, node: NodeId, expected: &str) -> bool {
        self.scalar(node) == Some(expected)
    }

    /// A collection's children: a sequence's items, or a mapping's keys and
    /// values alternating. Empty for scalars and aliases.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        match self.nodes[node.index()].payload {
            Payload::Collection { first, len } => {
                &self.children[first as usize..(first + len) as usize]
            }
            _ => &[],
        }
    }

    /// A sequence's items; empty for other nodes.
    pub fn items(&self, node: NodeId) -> &[NodeId] {
        if self.is_sequence(node) {
            self.children(node)
        } else {
            &[]
        }
    }

    /// A mapping's entries in source order, duplicates included; empty for
    /// other nodes.
    pub fn entries(&self, node: NodeId) -> impl Iterator<Item = Entry> + '_ {
        let children = if self.is_mapping(node) {
            self.children(node)
        } else {
            &[]
        };
        children.chunks_exact(2).map(|pair| Entry {
            key: pair[0],
            value: pair[1],
        })
    }

    /// The entry whose key is the scalar `key`. With duplicate keys, the last
    /// one wins, as in Heat's loader.
    pub fn get_entry(&self, mapping: NodeId, key: &str) -> Option<Entry> {
        self.entries(mapping)
            .filter(|entry| self.scalar_is(entry.key, key))
            .last()
    }

    /// The value of the entry whose key is `key`; see [`Tree::get_entry`].
    pub fn get(&self, mapping: NodeId, key: &str) -> Option<NodeId> {
        self.get_entry(mapping, key).map(|entry| entry.value)
    }

    /// The entry a key or value node belongs to.
    pub fn entry_of(&self, node: NodeId) -> Option<Entry> {
        let parent = self.parent(node)?;
        let children = self.children(parent);
        if !self.is_mapping(parent) {
            return None;
        }
        // Node ids are numbered in source order, and so are the children.
        let at = children.binary_search(&node).ok()?;
        let key_at = at - at % 2;
        Some(Entry {
            key: children[key_at],
            value: children[key_at + 1],
        })
    }

    /// Pairs of entries with equal scalar keys: (earlier, later). Heat's
    /// loader silently keeps the later.
    /// The value of every entry whose key a later entry of its mapping
    /// repeats (the later one wins), in the order of the text's mappings:
    /// kept with the tree, which a stack's lints share.
    pub fn replaced_values(&self) -> &[TextRange] {
        self.replaced_values.get_or_init(|| {
            (self.node_ids().filter(|&node| self.is_mapping(node)))
                .flat_map(|mapping| self.duplicate_keys(mapping))
                .map(|(earlier, _)| self.range(earlier.value))
                .collect()
        })
    }

    pub fn duplicate_keys(&self, mapping: NodeId) -> Vec<(Entry, Entry)> {
        let mut duplicates = Vec::new();
        // Most mappings are small: comparing pairs beats hashing there.
        if self.children(mapping).len() <= 32 {
            for (at, later) in self.entries(mapping).enumerate() {
                let Some(key) = self.scalar(later.key) else {
                    continue;
                };
                let earlier = self
                    .entries(mapping)
                    .take(at)
                    .filter(|earlier| self.scalar(earlier.key) == Some(key))
                    .last();
                if let Some(earlier) = earlier {
                    duplicates.push((earlier, later));
                }
            }
            return duplicates;
        }
        let mut seen: HashMap<&str, Entry> = HashMap::new();
        for entry in self.entries(mapping) {
            let Some(key) = self.scalar(entry.key) else {
                continue;
            };
            if let Some(earlier) = seen.insert(key, entry) {
                duplicates.push((earlier, entry));
            }
        }
        duplicates
    }

    /// From the key's start to the value's end.
    pub fn entry_range(&self, entry: Entry) -> TextRange {
        self.range(entry.key).cover(self.range(entry.value))
    }

    /// The lines an entry occupies; what a migrator deletes or re-indents.
    pub fn entry_lines(&self, entry: Entry) -> LineSpan {
        self.line_span(self.entry_range(entry))
    }

    /// The lines a node (for example a sequence item) occupies.
    pub fn node_lines(&self, node: NodeId) -> LineSpan {
        self.line_span(self.range(node))
    }

    fn line_span(&self, range: TextRange) -> LineSpan {
        let first_line = self.line_of(range.start);
        let last_line = self.line_of(range.end.saturating_sub(1).max(range.start));
        let first = self.line_index().line_range(self.text, first_line as usize);
        let last = self.line_index().line_range(self.text, last_line as usize);
        let bytes = self.text.as_bytes();
        let mut lines_end = last.end as usize;
        if bytes.get(lines_end) == Some(&b'\r') {
            lines_end += 1;
        }
        if bytes.get(lines_end) == Some(&b'\n') {
            lines_end += 1;
        }
        let before = &self.text[first.start as usize..range.start as usize];
        let after = &self.text[range.end as usize..last.end.max(range.end) as usize];
        let after = after.trim_start_matches([' ', '\t']);
        let alone = before.bytes().all(|b| matches!(b, b' ' | b'\t' | b'-'))
            && (after.is_empty() || after.starts_with('#'));
        LineSpan {
            first_line,
            last_line,
            lines: TextRange::new(first.start, lines_end as u32),
            alone,
        }
    }

    /// The column (in characters, 0-based) of a block collection's entries:
    /// its first key or `-`. `None` for flow collections and other nodes.
    pub fn indent(&self, node: NodeId) -> Option<u32> {
        if self.collection_style(node) != Some(CollectionStyle::Block) {
            return None;
        }
        let first = match self.children(node).first() {
            Some(&child) if self.is_mapping(node) => self.range(child).start,
            // A sequence's range starts at its first `-` (after any anchor).
            _ => self.content_start(node),
        };
        let line = self
            .line_index()
            .line_range(self.text, self.line_of(first) as usize);
        Some(
            self.text[line.start as usize..first as usize]
                .chars()
                .count() as u32,
        )
    }

    /// Where a node's content starts, after any anchor and tag and any
    /// comment between them and the content (`&a  # why` on a line of its
    /// own): a node's content never starts with `#`.
    pub fn content_start(&self, node: NodeId) -> u32 {
        let data = &self.nodes[node.index()];
        if data.properties == u32::MAX {
            return data.range.start;
        }
        let properties = &self.properties[data.properties as usize];
        let after = properties
            .anchor
            .iter()
            .chain(properties.tag.iter().map(|(range, _)| range))
            .map(|range| range.end)
            .max()
            .unwrap_or(data.range.start);
        let mut rest = &self.text[after as usize..data.range.end as usize];
        loop {
            rest = rest.trim_start();
            match rest.strip_prefix('#') {
                Some(comment) => rest = comment.find('\n').map_or("", |end| &comment[end..]),
                None => break,
            }
        }
        data.range.end - rest.len() as u32
    }

    /// The range of the node's `&anchor`.
    pub fn anchor(&self, node: NodeId) -> Option<TextRange> {
        self.node_properties(node)?.anchor
    }

    /// The node's tag, resolved (`!!str` reads `tag:yaml.org,2002:str`).
    pub fn tag(&self, node: NodeId) -> Option<&str> {
        let (_, tag) = self.node_properties(node)?.tag?;
        Some(self.str_ref(tag))
    }

    /// The range of the node's tag as written.
    pub fn tag_range(&self, node: NodeId) -> Option<TextRange> {
        Some(self.node_properties(node)?.tag?.0)
    }

    /// Whether a mapping key is a YAML merge key as Heat's loader reads
    /// one: a plain `<<` without a tag, or any scalar tagged `!!merge`.
    /// (An alias used as a key is not followed here.)
    pub fn is_merge_key(&self, key: NodeId) -> bool {
        match (self.kind(key), self.tag(key)) {
            (NodeKind::Scalar(_), Some(tag)) => tag == "tag:yaml.org,2002:merge",
            (NodeKind::Scalar(ScalarStyle::Plain), None) => self.scalar(key) == Some("<<"),
            _ => false,
        }
    }

    /// The node an alias refers to.
    pub fn alias_target(&self, node: NodeId) -> Option<NodeId> {
        match self.nodes[node.index()].payload {
            Payload::Alias(target) if target != u32::MAX => Some(NodeId(target)),
            _ => None,
        }
    }

    /// The innermost node whose range contains `offset`.
    pub fn node_at(&self, offset: u32) -> Option<NodeId> {
        let mut found = self
            .root
            .filter(|&root| self.range(root).contains(offset))?;
        // Children are in source order and do not overlap, so their ends
        // never decrease: the first child ending after `offset` is the only
        // one that can hold it.
        loop {
            let children = self.children(found);
            let at = children.partition_point(|&child| self.range(child).end <= offset);
            match children.get(at) {
                Some(&child) if self.range(child).contains(offset) => found = child,
                _ => return Some(found),
            }
        }
    }

    /// Renders the tree, comments and syntax errors as indented text: what the
    /// snapshot tests compare.
    pub fn dump(&self) -> String {
        dump::dump(self)
    }

    fn node_properties(&self, node: NodeId) -> Option<&Properties> {
        self.properties
            .get(self.nodes[node.index()].properties as usize)
    }

    fn str_ref(&self, value: StrRef) -> &str {
        let range = value.start as usize..value.end as usize;
        if value.owned {
            &self.owned[range]
        } else {
            &self.text[range]
        }
    }
}
