//! Byte ranges inside the core; line/column and UTF-16 only at the edges.

use serde::Serialize;

/// A half-open range of byte offsets into a template's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextRange {
    pub start: u32,
    pub end: u32,
}

impl TextRange {
    pub const fn new(start: u32, end: u32) -> Self {
        debug_assert!(start <= end);
        Self { start, end }
    }

    pub const fn empty(at: u32) -> Self {
        Self { start: at, end: at }
    }

    pub const fn len(self) -> u32 {
        self.end - self.start
    }

    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    pub const fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }

    /// The smallest range that covers both.
    pub fn cover(self, other: TextRange) -> TextRange {
        TextRange::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn as_usize(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A position for people: 1-based line, 1-based column counted in Unicode
/// scalar values, and the UTF-16 offset from the start of the text (what
/// JavaScript editors count in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineColumn {
    pub line: u32,
    pub column: u32,
    pub utf16: u32,
}

/// Maps byte offsets to lines, columns and UTF-16 offsets in O(log lines).
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Byte offset at which each line starts; the first is always 0.
    line_starts: Vec<u32>,
    /// UTF-16 offset of each line start; empty for ASCII text.
    line_starts_utf16: Vec<u32>,
    /// Whether the text is pure ASCII (then every count is the byte count).
    ascii: bool,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = Vec::with_capacity(bytes.len() / 32 + 1);
        line_starts.push(0);
        line_starts.extend(memchr::memchr_iter(b'\n', bytes).map(|offset| offset as u32 + 1));
        let ascii = text.is_ascii();
        // In ASCII text UTF-16 offsets are byte offsets and are never
        // looked up. Otherwise count bytes, not decoded chars: every byte
        // but a UTF-8 continuation byte starts a char, and a 4-byte lead
        // stands for a surrogate pair in UTF-16.
        let line_starts_utf16 = if ascii {
            Vec::new()
        } else {
            let mut utf16 = 0u32;
            let mut previous = 0usize;
            let mut starts = Vec::with_capacity(line_starts.len());
            for &start in &line_starts {
                utf16 += bytes[previous..start as usize]
                    .iter()
                    .map(|&byte| u32::from(byte & 0xC0 != 0x80) + u32::from(byte >= 0xF0))
                    .sum::<u32>();
                starts.push(utf16);
                previous = start as usize;
            }
            starts
        };
        Self {
            line_starts,
            line_starts_utf16,
            ascii,
        }
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The byte range of a 0-based line, without its line break.
    pub fn line_range(&self, text: &str, line: usize) -> TextRange {
        let start = self.line_starts[line];
        let mut end = self
            .line_starts
            .get(line + 1)
            .map_or(text.len() as u32, |next| next - 1);
        if end > start && text.as_bytes()[end as usize - 1] == b'\r' {
            end -= 1;
        }
        TextRange::new(start, end)
    }

    /// 0-based line that holds `offset`.
    pub fn line_of(&self, offset: u32) -> usize {
        self.line_starts.partition_point(|&start| start <= offset) - 1
    }

    /// The position of a byte offset. Offsets past the end or inside a
    /// character are clamped to the nearest earlier character boundary.
    pub fn position(&self, text: &str, offset: u32) -> LineColumn {
        let offset = floor_char_boundary(text, offset.min(text.len() as u32));
        let line = self.line_of(offset);
        let line_start = self.line_starts[line];
        if self.ascii {
            return LineColumn {
                line: line as u32 + 1,
                column: offset - line_start + 1,
                utf16: offset,
            };
        }
        let prefix = &text[line_start as usize..offset as usize];
        let column = prefix.chars().count() as u32 + 1;
        let utf16_in_line: u32 = prefix.chars().map(|c| c.len_utf16() as u32).sum();
        LineColumn {
            line: line as u32 + 1,
            column,
            utf16: self.line_starts_utf16[line] + utf16_in_line,
        }
    }

    /// The byte offset of a UTF-16 offset (as JavaScript counts), clamped to
    /// the text.
    pub fn offset_of_utf16(&self, text: &str, utf16: u32) -> u32 {
        if self.ascii {
            return utf16.min(text.len() as u32);
        }
        let line = self.line_starts_utf16.partition_point(|&s| s <= utf16) - 1;
        let mut remaining = utf16 - self.line_starts_utf16[line];
        let start = self.line_starts[line] as usize;
        for (i, ch) in text[start..].char_indices() {
            if remaining == 0 {
                return (start + i) as u32;
            }
            remaining = remaining.saturating_sub(ch.len_utf16() as u32);
        }
        text.len() as u32
    }
}

/// Positions in one text: the one conversion from byte ranges to lines,
/// columns and UTF-16 offsets, for every edge (CLI output, JSON, editors).
pub struct Positions<'a> {
    text: &'a str,
    /// Built on first use: most files of a run have no finding to place.
    index: std::cell::OnceCell<LineIndex>,
}

impl<'a> Positions<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            text,
            index: std::cell::OnceCell::new(),
        }
    }

    fn index(&self) -> &LineIndex {
        self.index.get_or_init(|| LineIndex::new(self.text))
    }

    /// Where `range` is.
    pub fn location(&self, range: TextRange) -> Location {
        let start = self.index().position(self.text, range.start);
        let end = self.index().position(self.text, range.end);
        Location {
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            utf16_column: self.utf16_column(start),
            end_utf16_column: self.utf16_column(end),
            offset: range.start,
            end_offset: range.end,
            from: start.utf16,
            to: end.utf16,
        }
    }

    /// The byte offset of a UTF-16 offset (as JavaScript counts), clamped
    /// to the text.
    pub fn offset_of_utf16(&self, utf16: u32) -> u32 {
        self.index().offset_of_utf16(self.text, utf16)
    }

    /// The text of a 1-based line, without its line break.
    pub fn line(&self, line: u32) -> &'a str {
        &self.text[self
            .index()
            .line_range(self.text, line as usize - 1)
            .as_usize()]
    }

    /// A 0-based line and the offset in it, counted in UTF-16 code units
    /// or, with `utf8`, in bytes: a position as the Language Server
    /// Protocol writes it.
    pub fn line_offset(&self, offset: u32, utf8: bool) -> (u32, u32) {
        let offset = floor_char_boundary(self.text, offset.min(self.text.len() as u32));
        let line = self.index().line_of(offset);
        let start = self.index().line_starts[line];
        let character = if utf8 {
            offset - start
        } else {
            self.text[start as usize..offset as usize]
                .chars()
                .map(|c| c.len_utf16() as u32)
                .sum()
        };
        (line as u32, character)
    }

    /// The byte offset of a 0-based line and an offset in it (UTF-16 code
    /// units, or bytes with `utf8`), clamped to the line and the text.
    pub fn offset_at(&self, line: u32, character: u32, utf8: bool) -> u32 {
        let Some(&start) = self.index().line_starts.get(line as usize) else {
            return self.text.len() as u32;
        };
        let end = self.index().line_range(self.text, line as usize).end;
        if utf8 {
            return floor_char_boundary(self.text, (start + character).min(end));
        }
        let mut remaining = character;
        for (at, c) in self.text[start as usize..end as usize].char_indices() {
            if remaining == 0 {
                return start + at as u32;
            }
            remaining = remaining.saturating_sub(c.len_utf16() as u32);
        }
        end
    }

    /// The 1-based column of a position in UTF-16 code units.
    fn utf16_column(&self, position: LineColumn) -> u32 {
        let line = self
            .index()
            .line_range(self.text, position.line as usize - 1);
        let line_start = self.index().position(self.text, line.start);
        position.utf16 - line_start.utf16 + 1
    }
}

/// Where a range is: `line`, `column`, `end_line`, `end_column` (1-based,
/// columns in characters; in UTF-16 code units as `utf16_column`,
/// `end_utf16_column`), `offset`, `end_offset` (bytes) and `from`, `to`
/// (UTF-16 offsets, what JavaScript strings and editors index by). Ends
/// are exclusive. The JSON shape leaves out the UTF-16 columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    #[serde(skip)]
    pub utf16_column: u32,
    #[serde(skip)]
    pub end_utf16_column: u32,
    pub offset: u32,
    pub end_offset: u32,
    pub from: u32,
    pub to: u32,
}

fn floor_char_boundary(text: &str, mut offset: u32) -> u32 {
    while !text.is_char_boundary(offset as usize) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_columns_and_utf16() {
        let text = "a: 1\nbé: \"😀x\"\r\nc";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 3);
        assert_eq!(
            index.position(text, 0),
            LineColumn {
                line: 1,
                column: 1,
                utf16: 0
            }
        );
        let x = text.find('x').unwrap() as u32;
        // Line 2: `bé: "😀x"`; x is the 7th character, after a 2-unit emoji.
        assert_eq!(
            index.position(text, x),
            LineColumn {
                line: 2,
                column: 7,
                utf16: 5 + 7
            }
        );
        assert_eq!(index.offset_of_utf16(text, 5 + 7), x);
        assert_eq!(index.line_range(text, 1), TextRange::new(5, x + 2));
        let c = text.rfind('c').unwrap() as u32;
        assert_eq!(index.position(text, c).line, 3);
    }

    #[test]
    fn offsets_inside_a_character_are_clamped() {
        let text = "é";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 1).column, 1);
        assert_eq!(index.position(text, 99).column, 2);
    }

    #[test]
    fn lsp_positions_in_utf16_and_utf8_round_trip() {
        let text = "a: é😀x\r\nb: y\n";
        let positions = Positions::new(text);
        let x = text.find('x').unwrap() as u32;
        assert_eq!(positions.line_offset(x, false), (0, 6));
        assert_eq!(positions.line_offset(x, true), (0, 9));
        assert_eq!(positions.offset_at(0, 6, false), x);
        assert_eq!(positions.offset_at(0, 9, true), x);
        let y = text.find('y').unwrap() as u32;
        assert_eq!(positions.line_offset(y, false), (1, 3));
        assert_eq!(positions.offset_at(1, 3, false), y);
        // Past the line's end: its end, before the line break.
        assert_eq!(positions.offset_at(0, 99, false), x + 1);
        assert_eq!(positions.offset_at(9, 0, false), text.len() as u32);
        // Inside a character: the character's start.
        assert_eq!(
            positions.offset_at(0, 4, true),
            text.find('é').unwrap() as u32
        );
    }
}
