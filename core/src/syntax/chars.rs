//! Character indices to byte offsets.

/// The parser counts positions in characters; the core speaks bytes.
pub(crate) struct CharsToBytes {
    /// (character index, byte offset just after it) of every non-ASCII
    /// character; empty for ASCII text, where both counts agree.
    non_ascii: Vec<(u32, u32)>,
    text_len: u32,
}

impl CharsToBytes {
    pub(crate) fn new(text: &str) -> Self {
        let non_ascii = if text.is_ascii() {
            Vec::new()
        } else {
            text.char_indices()
                .enumerate()
                .filter(|(_, (_, ch))| !ch.is_ascii())
                .map(|(char_index, (byte, ch))| (char_index as u32, (byte + ch.len_utf8()) as u32))
                .collect()
        };
        Self {
            non_ascii,
            text_len: text.len() as u32,
        }
    }

    /// The byte offset of a character index, clamped to the text.
    pub(crate) fn byte(&self, char_index: usize) -> u32 {
        let char_index = u32::try_from(char_index).unwrap_or(u32::MAX);
        let before = self.non_ascii.partition_point(|&(c, _)| c < char_index);
        let byte = match before.checked_sub(1).map(|i| self.non_ascii[i]) {
            None => char_index,
            // Everything between the last non-ASCII character and
            // `char_index` is ASCII: one byte a character.
            Some((c, after)) => after.saturating_add(char_index - c - 1),
        };
        byte.min(self.text_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_every_character_boundary() {
        let text = "a\u{e9}b\u{20ac}\u{1F600}c\r\nd";
        let map = CharsToBytes::new(text);
        for (char_index, (byte, _)) in text.char_indices().enumerate() {
            assert_eq!(map.byte(char_index), byte as u32);
        }
        assert_eq!(map.byte(text.chars().count()), text.len() as u32);
        assert_eq!(map.byte(usize::MAX), text.len() as u32);
    }
}
