//! Heat's `allowed_pattern`: Python's `re.match(pattern, value)`, accepted
//! when the match Python finds first ends at the end of the value. Python
//! tries alternatives and repetitions in priority order and keeps the
//! first match, so `a|ab` refuses `ab`; this backtracking matcher does the
//! same. (The ORC export's `orc/src/schema/pattern.rs` answers another
//! question, whether any match exists, as Kubernetes' RE2 does, in linear
//! time: the two are not interchangeable.)
//!
//! Only the syntax Heat's and real templates' patterns use is known:
//! literals and escapes, `.`, classes (`[a-z\d_-]`, `[^…]`), `\d \w \s`
//! and their negations, groups (`(…)`, `(?:…)`), `|`, the quantifiers `*
//! + ? {n} {n,} {n,m}` (greedy or lazy), `^` and `$`. Anything else
//! (look-around, back-references, flags, non-ASCII values), a value longer
//! than [`MAX_VALUE_LEN`] or a match taking more than [`MAX_STEPS`] steps
//! gives no answer: `None`.

/// Values longer than this are not matched (the matcher recurses per
/// character).
pub const MAX_VALUE_LEN: usize = 1024;
/// Matching steps before giving up (patterns can backtrack exponentially).
pub const MAX_STEPS: usize = 100_000;
/// Patterns longer than this are not compiled.
const MAX_PATTERN_LEN: usize = 1024;

/// Whether Heat's `AllowedPattern` accepts `value`; `None` when this
/// matcher cannot tell.
pub fn allows(pattern: &str, value: &str) -> Option<bool> {
    if !value.is_ascii() || value.len() > MAX_VALUE_LEN || pattern.len() > MAX_PATTERN_LEN {
        return None;
    }
    let mut parser = Parser {
        chars: pattern.chars().collect(),
        at: 0,
        depth: 0,
    };
    let node = parser.alternation()?;
    if parser.at != parser.chars.len() {
        return None;
    }
    let mut matcher = Matcher {
        text: value.as_bytes(),
        steps: 0,
    };
    let end = matcher.node(&node, 0, &mut |end, _| Some(Some(end)))?;
    Some(end == Some(value.len()))
}

#[derive(Debug)]
enum Node {
    Empty,
    Char(u8),
    Any,
    Class(Vec<(u8, u8)>, bool),
    Start,
    End,
    Seq(Vec<Node>),
    Alt(Vec<Node>),
    Repeat {
        node: Box<Node>,
        min: usize,
        max: Option<usize>,
        greedy: bool,
    },
}

struct Parser {
    chars: Vec<char>,
    at: usize,
    depth: usize,
}

const DIGIT: &[(u8, u8)] = &[(b'0', b'9')];
const WORD: &[(u8, u8)] = &[(b'0', b'9'), (b'A', b'Z'), (b'_', b'_'), (b'a', b'z')];
const SPACE: &[(u8, u8)] = &[(b'\t', b'\r'), (b' ', b' '), (0x1c, 0x1f)];

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn alternation(&mut self) -> Option<Node> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        let mut branches = vec![self.sequence()?];
        while self.peek() == Some('|') {
            self.at += 1;
            branches.push(self.sequence()?);
        }
        self.depth -= 1;
        Some(if branches.len() == 1 {
            branches.pop()?
        } else {
            Node::Alt(branches)
        })
    }

    fn sequence(&mut self) -> Option<Node> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            items.push(self.quantified(atom)?);
        }
        Some(match items.len() {
            0 => Node::Empty,
            1 => items.pop()?,
            _ => Node::Seq(items),
        })
    }

    fn atom(&mut self) -> Option<Node> {
        let c = self.peek()?;
        self.at += 1;
        Some(match c {
            '.' => Node::Any,
            '^' => Node::Start,
            '$' => Node::End,
            '(' => {
                if self.peek() == Some('?') {
                    // Only the non-capturing group is known.
                    if self.chars.get(self.at + 1) != Some(&':') {
                        return None;
                    }
                    self.at += 2;
                }
                let inner = self.alternation()?;
                if self.peek() != Some(')') {
                    return None;
                }
                self.at += 1;
                inner
            }
            '[' => self.class()?,
            '\\' => self.escape(false)?,
            '*' | '+' | '?' | ')' => return None,
            c if c.is_ascii() => Node::Char(c as u8),
            _ => return None,
        })
    }

    /// After `\`: a class shorthand or an escaped character.
    fn escape(&mut self, in_class: bool) -> Option<Node> {
        let c = self.peek()?;
        self.at += 1;
        let class = |ranges: &[(u8, u8)], negated| Some(Node::Class(ranges.to_vec(), negated));
        match c {
            'd' => class(DIGIT, false),
            'D' => class(DIGIT, true),
            'w' => class(WORD, false),
            'W' => class(WORD, true),
            's' => class(SPACE, false),
            'S' => class(SPACE, true),
            'n' => Some(Node::Char(b'\n')),
            't' => Some(Node::Char(b'\t')),
            'r' => Some(Node::Char(b'\r')),
            // Back-references, \b, \A, \Z and the like are not known.
            c if c.is_ascii_alphanumeric() => None,
            c if c.is_ascii() => Some(Node::Char(c as u8)),
            _ => {
                let _ = in_class;
                None
            }
        }
    }

    fn class(&mut self) -> Option<Node> {
        let negated = self.peek() == Some('^');
        if negated {
            self.at += 1;
        }
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let c = self.peek()?;
            self.at += 1;
            if c == ']' && !first {
                break;
            }
            first = false;
            let low = match c {
                '\\' => match self.escape(true)? {
                    Node::Char(b) => b,
                    Node::Class(more, false) => {
                        ranges.extend(more);
                        continue;
                    }
                    _ => return None,
                },
                '[' => return None,
                c if c.is_ascii() => c as u8,
                _ => return None,
            };
            if self.peek() == Some('-') && self.chars.get(self.at + 1).is_some_and(|&c| c != ']') {
                self.at += 1;
                let c = self.peek()?;
                self.at += 1;
                let high = match c {
                    '\\' => match self.escape(true)? {
                        Node::Char(b) => b,
                        _ => return None,
                    },
                    c if c.is_ascii() => c as u8,
                    _ => return None,
                };
                if high < low {
                    return None;
                }
                ranges.push((low, high));
            } else {
                ranges.push((low, low));
            }
        }
        Some(Node::Class(ranges, negated))
    }

    fn quantified(&mut self, atom: Node) -> Option<Node> {
        let (min, max) = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                let Some((min, max, len)) = self.braces() else {
                    // Python reads a `{` that starts no quantifier literally.
                    return Some(atom);
                };
                self.at += len - 1;
                (min, max)
            }
            _ => return Some(atom),
        };
        self.at += 1;
        let greedy = self.peek() != Some('?');
        if !greedy {
            self.at += 1;
        }
        if matches!(self.peek(), Some('*' | '+' | '?' | '{')) {
            return None; // possessive or nested quantifiers
        }
        if matches!(atom, Node::Start | Node::End) {
            return None;
        }
        Some(Node::Repeat {
            node: Box::new(atom),
            min,
            max,
            greedy,
        })
    }

    /// `{n}`, `{n,}`, `{,m}`, `{n,m}` at the cursor: bounds and length.
    fn braces(&self) -> Option<(usize, Option<usize>, usize)> {
        let rest: String = self.chars[self.at..].iter().take(24).collect();
        let end = rest.find('}')?;
        let inside = &rest[1..end];
        let number = |s: &str| s.parse::<usize>().ok().filter(|&n| n <= 10_000);
        let (min, max) = match inside.split_once(',') {
            None => {
                let n = number(inside)?;
                (n, Some(n))
            }
            Some((low, high)) => {
                let min = if low.is_empty() { 0 } else { number(low)? };
                let max = if high.is_empty() {
                    None
                } else {
                    Some(number(high)?)
                };
                (min, max)
            }
        };
        if max.is_some_and(|max| max < min) {
            return None;
        }
        Some((min, max, end + 1))
    }
}

/// `Some(Some(end))`: the first match ends at `end`; `Some(None)`: no
/// match; `None`: out of steps.
type Outcome = Option<Option<usize>>;

struct Matcher<'v> {
    text: &'v [u8],
    steps: usize,
}

impl Matcher<'_> {
    fn step(&mut self) -> Option<()> {
        self.steps += 1;
        (self.steps <= MAX_STEPS).then_some(())
    }

    /// Matches `node` at `at`, then the continuation `next` from where it
    /// ends, trying the possibilities in Python's order.
    fn node(
        &mut self,
        node: &Node,
        at: usize,
        next: &mut dyn FnMut(usize, &mut Self) -> Outcome,
    ) -> Outcome {
        self.step()?;
        let byte = self.text.get(at).copied();
        match node {
            Node::Empty => next(at, self),
            Node::Char(c) => match byte {
                Some(b) if b == *c => next(at + 1, self),
                _ => Some(None),
            },
            Node::Any => match byte {
                Some(b) if b != b'\n' => next(at + 1, self),
                _ => Some(None),
            },
            Node::Class(ranges, negated) => match byte {
                Some(b) if ranges.iter().any(|&(l, h)| l <= b && b <= h) != *negated => {
                    next(at + 1, self)
                }
                _ => Some(None),
            },
            Node::Start => {
                if at == 0 {
                    next(at, self)
                } else {
                    Some(None)
                }
            }
            Node::End => {
                let len = self.text.len();
                if at == len || (at + 1 == len && self.text[at] == b'\n') {
                    next(at, self)
                } else {
                    Some(None)
                }
            }
            Node::Seq(items) => self.seq(items, at, next),
            Node::Alt(branches) => {
                for branch in branches {
                    if let Some(end) = self.node(branch, at, next)? {
                        return Some(Some(end));
                    }
                }
                Some(None)
            }
            Node::Repeat {
                node,
                min,
                max,
                greedy,
            } => self.repeat(node, *min, *max, *greedy, 0, at, next),
        }
    }

    fn seq(
        &mut self,
        items: &[Node],
        at: usize,
        next: &mut dyn FnMut(usize, &mut Self) -> Outcome,
    ) -> Outcome {
        match items.split_first() {
            None => next(at, self),
            Some((first, rest)) => {
                self.node(first, at, &mut |end, m: &mut Self| m.seq(rest, end, next))
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn repeat(
        &mut self,
        node: &Node,
        min: usize,
        max: Option<usize>,
        greedy: bool,
        count: usize,
        at: usize,
        next: &mut dyn FnMut(usize, &mut Self) -> Outcome,
    ) -> Outcome {
        self.step()?;
        let can_stop = count >= min;
        let can_go_on = max.is_none_or(|max| count < max);
        if can_stop && !greedy {
            if let Some(end) = next(at, self)? {
                return Some(Some(end));
            }
        }
        if can_go_on {
            let outcome = self.node(node, at, &mut |end, m: &mut Self| {
                // An empty iteration would repeat forever: Python stops.
                if end == at && count >= min {
                    return Some(None);
                }
                m.repeat(node, min, max, greedy, count + 1, end, next)
            })?;
            if outcome.is_some() {
                return Some(outcome);
            }
        }
        if can_stop && greedy {
            return next(at, self);
        }
        Some(None)
    }
}

#[cfg(test)]
mod tests {
    use super::allows;

    #[test]
    fn python_re_match_to_the_end() {
        let cases: &[(&str, &str, Option<bool>)] = &[
            ("[a-z]+", "abc", Some(true)),
            ("[a-z]+", "abc-", Some(false)),
            ("[a-z]+", "", Some(false)),
            ("a|ab", "ab", Some(false)),
            ("ab|a", "ab", Some(true)),
            ("(a|ab)c", "abc", Some(true)),
            ("^[a-zA-Z0-9][a-zA-Z0-9\\-_\\.]*$", "web-1.x", Some(true)),
            ("^[a-zA-Z0-9][a-zA-Z0-9\\-_\\.]*$", "-web", Some(false)),
            ("/dev/vd[b-z]", "/dev/vdb", Some(true)),
            ("/dev/vd[b-z]", "/dev/vdb1", Some(false)),
            (
                "^([0-9]+(-[0-9]+)?)(,([0-9]+(-[0-9]+)?))*$",
                "1-2,5",
                Some(true),
            ),
            (
                "^([0-9]+(-[0-9]+)?)(,([0-9]+(-[0-9]+)?))*$",
                "1-,5",
                Some(false),
            ),
            (
                "\\d{4}-\\d{2}-\\d{2}\\s\\d{2}:\\d{2}",
                "2024-01-31 12:00",
                Some(true),
            ),
            ("\\d{4}-\\d{2}", "202-01", Some(false)),
            (
                "^[a-zA-Z0-9+/]{38}==$",
                "AQC+vYNXgDAgAhAAsTGl0f1yAAAbHRbP7EYbdA==",
                Some(true),
            ),
            ("^[a-zA-Z0-9+/]{38}==$", "short==", Some(false)),
            ("a$", "a\n", Some(false)),
            ("a*?", "aaa", Some(false)),
            ("a*?$", "aaa", Some(true)),
            ("x{2,}", "xxxx", Some(true)),
            ("x{", "x{", Some(true)),
            ("(?=a)a", "a", None),
            ("(a)\\1", "aa", None),
            ("[a-z]+", "é", None),
            // Exponential backtracking runs out of steps: no answer.
            ("(a*)*b", &"a".repeat(60), None),
        ];
        for (pattern, value, expected) in cases {
            assert_eq!(allows(pattern, value), *expected, "{pattern} on {value}");
        }
    }
}
