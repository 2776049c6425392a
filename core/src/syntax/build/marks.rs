//! Where things are in the text, which libyaml's events leave to the
//! builder: byte offsets of marks, an empty value's place, a block
//! scalar's indicators, a node's anchor and tag; and syntax errors said
//! where they are.

use super::*;

impl Builder<'_> {
    /// Where an empty value sits: just after the `:`, `-` or `?` that
    /// introduces it (libyaml places it at the next token, which may be
    /// lines further down), else at `mark`.
    pub(super) fn empty_value_at(&self, mark: u32) -> u32 {
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
    pub(super) fn block_scalar(&mut self, span: TextRange, content: u32) -> TextRange {
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
    pub(super) fn find_indicator(&self, limit: u32) -> Option<u32> {
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
    /// Reads the anchor and tag at the start of a node's span; returns their
    /// index in `properties` and where the content starts, or `None` when
    /// the anchor is defined twice (Heat's loader refuses that).
    pub(super) fn properties(
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
    pub(super) fn properties_end(&self, index: u32) -> u32 {
        let Some(properties) = self.properties.get(index as usize) else {
            return 0;
        };
        let anchor = properties.anchor.map_or(0, |range| range.end);
        let tag = properties.tag.map_or(0, |(range, _)| range.end);
        anchor.max(tag)
    }
    /// A mark's byte offset, on a `char` boundary. libyaml counts from
    /// after the byte order mark.
    pub(super) fn offset(&self, mark: Mark) -> u32 {
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
    pub(super) fn range(&self, start: Mark, end: Mark) -> TextRange {
        let start = self.offset(start);
        TextRange::new(start, self.offset(end).max(start))
    }
    pub(super) fn byte(&self, offset: u32) -> Option<u8> {
        self.text.as_bytes().get(offset as usize).copied()
    }
    pub(super) fn syntax_error(&mut self, error: &libyaml::Error) {
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
    pub(super) fn diagnose(&mut self, message: String, range: TextRange) {
        if self.errors.len() < MAX_DIAGNOSTICS {
            self.errors.push(SyntaxError { message, range });
        }
    }
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
