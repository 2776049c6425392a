//! Comments, which the YAML parser drops.

use crate::text::TextRange;

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
pub(super) fn scan(text: &str, opaque: &[TextRange]) -> Vec<Comment> {
    let bytes = text.as_bytes();
    let mut comments = Vec::new();
    let mut opaque = opaque.iter().peekable();
    let mut at = 0usize;
    // Lines are counted as the scan goes: comments come in order.
    let mut line = 0u32;
    let mut line_start = 0usize;
    let mut counted_to = 0usize;
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
        let mut end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |n| at + n);
        if end > at && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        let skipped = &bytes[counted_to..at];
        if let Some(last_break) = memchr::memrchr(b'\n', skipped) {
            line += memchr::memchr_iter(b'\n', skipped).count() as u32;
            line_start = counted_to + last_break + 1;
        }
        counted_to = at;
        comments.push(Comment {
            range: TextRange::new(at as u32, end as u32),
            line,
            own_line: bytes[line_start..at]
                .iter()
                .all(|&b| b == b' ' || b == b'\t'),
        });
        at = end;
    }
    comments
}

fn memchr_hash(bytes: &[u8], from: usize) -> Option<usize> {
    memchr::memchr(b'#', bytes.get(from..)?).map(|n| from + n)
}
