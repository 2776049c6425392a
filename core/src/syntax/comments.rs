//! Comments, which the YAML parser drops.

use crate::text::{LineIndex, TextRange};

/// A `# ...` comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment {
    /// From the `#` to the end of its line, line break excluded.
    pub range: TextRange,
    /// 0-based line.
    pub line: u32,
    /// Whether only indentation precedes it on its line.
    pub own_line: bool,
}

impl Comment {
    /// The comment's text after `#`, trimmed.
    pub fn body(self, text: &str) -> &str {
        text[self.range.as_usize()][1..].trim()
    }
}

/// Finds comments: a `#` at a line start or after a blank, outside quoted
/// scalars and block scalar bodies (`opaque`, sorted and disjoint). Plain
/// scalars cannot hold ` #`, so they need no exclusion. Past a syntax error
/// the opaque ranges are unknown and `#` inside quotes there may be taken
/// for a comment.
pub(super) fn scan(text: &str, opaque: &[TextRange], lines: &LineIndex) -> Vec<Comment> {
    let bytes = text.as_bytes();
    let mut comments = Vec::new();
    let mut opaque = opaque.iter().peekable();
    let mut at = 0usize;
    while let Some(found) = memchr_hash(bytes, at) {
        at = found;
        while opaque.next_if(|range| range.end as usize <= at).is_some() {}
        if let Some(range) = opaque.peek().filter(|range| range.contains(at as u32)) {
            at = range.end as usize;
            continue;
        }
        let starts_comment = at == 0 || matches!(bytes[at - 1], b' ' | b'\t' | b'\n' | b'\r');
        if !starts_comment {
            at += 1;
            continue;
        }
        let mut end = bytes[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |n| at + n);
        if end > at && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        let line = lines.line_of(at as u32);
        let line_start = lines.line_range(text, line).start as usize;
        comments.push(Comment {
            range: TextRange::new(at as u32, end as u32),
            line: line as u32,
            own_line: bytes[line_start..at]
                .iter()
                .all(|&b| b == b' ' || b == b'\t'),
        });
        at = end;
    }
    comments
}

fn memchr_hash(bytes: &[u8], from: usize) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|&b| b == b'#')
        .map(|n| from + n)
}
