//! yaql's lexer (`yaql.language.lexer`) as ply runs it: at each position,
//! after the ignored characters, the first rule of the master regex that
//! matches there (the rule functions in the order they are written, then
//! the string rules, longest regex first), else a literal character, else a
//! lexical error. Each rule's regex is matched here as Python's `re` with
//! `re.UNICODE` matches it, backtracking included.

use super::{Grammar, YaqlError};

pub(super) struct Token {
    pub(super) terminal: usize,
    /// The character position, as ply's `lexpos` counts.
    pub(super) at: usize,
    /// Past its last character.
    pub(super) end: usize,
}

pub(super) struct Lexer<'g> {
    chars: Vec<char>,
    at: usize,
    grammar: &'g Grammar,
}

/// Python's `\w` on text: letters, digits and other numerals, and `_`.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Python's `\d`: a decimal digit. Rust has no test for Unicode's `Nd`
/// alone: a numeral outside ASCII counts as one.
fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())
}

impl<'g> Lexer<'g> {
    pub(super) fn new(text: &str, grammar: &'g Grammar) -> Self {
        Lexer {
            chars: text.chars().collect(),
            at: 0,
            grammar,
        }
    }

    /// The text of `token`, for a message.
    pub(super) fn text(&self, token: &Token) -> String {
        self.chars[token.at..token.end].iter().collect()
    }

    fn get(&self, at: usize) -> Option<char> {
        self.chars.get(at).copied()
    }

    /// `\b` at `at`: a word character on one side only.
    fn boundary(&self, at: usize) -> bool {
        let before = at
            .checked_sub(1)
            .and_then(|i| self.get(i))
            .is_some_and(is_word);
        let after = self.get(at).is_some_and(is_word);
        before != after
    }

    fn word_end(&self, from: usize) -> usize {
        (from..self.chars.len())
            .find(|&i| !is_word(self.chars[i]))
            .unwrap_or(self.chars.len())
    }

    fn digits_end(&self, from: usize) -> usize {
        (from..self.chars.len())
            .find(|&i| !is_digit(self.chars[i]))
            .unwrap_or(self.chars.len())
    }

    /// The next token, or `$end`.
    pub(super) fn next_token(&mut self) -> Result<Token, YaqlError> {
        let grammar = self.grammar;
        while self
            .get(self.at)
            .is_some_and(|c| grammar.ignore.contains(c))
        {
            self.at += 1;
        }
        let start = self.at;
        let Some(first) = self.get(start) else {
            return Ok(Token {
                terminal: grammar.end,
                at: start,
                end: start,
            });
        };
        let (terminal, end) = match self.rule(start, first)? {
            Some(found) => found,
            None => {
                let literal = (grammar.literals.iter())
                    .find(|&&(c, _)| c == first)
                    .map(|&(_, terminal)| terminal);
                match literal {
                    Some(terminal) => (terminal, start + 1),
                    None => {
                        return Err(YaqlError::Lexical {
                            at: start,
                            character: first,
                        })
                    }
                }
            }
        };
        self.at = end;
        Ok(Token {
            terminal,
            at: start,
            end,
        })
    }

    /// The first rule of the master regex that matches at `at`.
    fn rule(&self, at: usize, first: char) -> Result<Option<(usize, usize)>, YaqlError> {
        let grammar = self.grammar;
        // t_DOLLAR: `\$\w*`
        if first == '$' {
            return Ok(Some((grammar.dollar, self.word_end(at + 1))));
        }
        // t_NUMBER: `\b\d+(\.?\d+)?\b`
        if is_digit(first) && self.boundary(at) {
            let digits = self.digits_end(at);
            if self.get(digits) == Some('.') && self.get(digits + 1).is_some_and(is_digit) {
                let fraction = self.digits_end(digits + 1);
                if self.boundary(fraction) {
                    return Ok(Some((grammar.number, fraction)));
                }
            }
            if self.boundary(digits) {
                return Ok(Some((grammar.number, digits)));
            }
        }
        let name_start = is_word(first) && !is_digit(first) && self.boundary(at);
        let name_end = self.word_end(at);
        // t_FUNC: `\b[^\W\d]\w*\(`
        if name_start && self.get(name_end) == Some('(') {
            return Ok(Some((grammar.func, name_end + 1)));
        }
        // t_KEYWORD_STRING: `(?!__)\b[^\W\d]\w*\b`, an operator word or
        // keyword when it is one.
        if name_start && !(first == '_' && self.get(at + 1) == Some('_')) {
            let name = &self.chars[at..name_end];
            let terminal = (grammar.words.iter())
                .find(|(word, _)| word.chars().eq(name.iter().copied()))
                .map_or(grammar.name, |&(_, terminal)| terminal);
            return Ok(Some((terminal, name_end)));
        }
        // The three quoted strings: `'([^'\\]|\\.)*'`, and `"` and `` ` ``.
        if matches!(first, '\'' | '"' | '`') {
            if let Some(end) = self.quoted_end(at, first) {
                if first != '`' {
                    self.decodes(at + 1, end - 1)?;
                }
                return Ok(Some((grammar.quoted, end)));
            }
        }
        for (text, terminal) in &grammar.strings {
            if self.chars[at..].starts_with(text) {
                return Ok(Some((*terminal, at + text.len())));
            }
        }
        Ok(None)
    }

    /// The end (past the closing quote) of a string opened at `at`: any
    /// character but the quote and `\`, or `\` and any character but a
    /// newline.
    fn quoted_end(&self, at: usize, quote: char) -> Option<usize> {
        let mut i = at + 1;
        loop {
            match self.get(i)? {
                c if c == quote => return Some(i + 1),
                '\\' => match self.get(i + 1) {
                    Some(c) if c != '\n' => i += 2,
                    _ => return None,
                },
                _ => i += 1,
            }
        }
    }

    /// yaql's `decode_escapes`: each escape its regex finds, left to
    /// right, is decoded by Python's `unicode-escape` codec, which fails on
    /// hex digits that are not, and on a code point past U+10FFFF. A
    /// character's name (`\N{...}`) needs Unicode's names, which heatwise
    /// does not carry: it is taken as decodable.
    fn decodes(&self, from: usize, to: usize) -> Result<(), YaqlError> {
        let mut i = from;
        while i < to {
            if self.chars[i] != '\\' {
                i += 1;
                continue;
            }
            // `.`: any character of the string but a newline.
            let any = |n: usize| {
                let (start, end) = (i + 2, i + 2 + n);
                (end <= to && self.chars[start..end].iter().all(|&c| c != '\n'))
                    .then(|| &self.chars[start..end])
            };
            let next = self.get(i + 1).filter(|_| i + 1 < to);
            let hex = |digits: &[char]| {
                let text: String = digits.iter().collect();
                (digits.iter().all(char::is_ascii_hexdigit))
                    .then(|| u32::from_str_radix(&text, 16).ok())
                    .flatten()
            };
            let (length, decodable) = match next {
                Some('U') if any(8).is_some() => {
                    (10, any(8).and_then(hex).is_some_and(|v| v <= 0x10FFFF))
                }
                Some('u') if any(4).is_some() => (6, any(4).and_then(hex).is_some()),
                Some('x') if any(2).is_some() => (4, any(2).and_then(hex).is_some()),
                Some('0'..='7') => {
                    let octal = (i + 1..to.min(i + 4))
                        .take_while(|&j| ('0'..='7').contains(&self.chars[j]))
                        .count();
                    (1 + octal, true)
                }
                Some('N') if self.get(i + 2) == Some('{') => {
                    match (i + 3..to).find(|&j| self.chars[j] == '}') {
                        Some(close) if close > i + 3 => (close + 1 - i, true),
                        _ => (1, true),
                    }
                }
                Some('\\' | '\'' | '"' | 'a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v') => (2, true),
                _ => (1, true),
            };
            if !decodable {
                return Err(YaqlError::Escape {
                    at: i,
                    escape: self.chars[i..i + length].iter().collect(),
                });
            }
            i += length;
        }
        Ok(())
    }
}
