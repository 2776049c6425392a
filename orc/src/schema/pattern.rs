//! The regular expressions of ORC's CRDs: `^`, `$`, literals, `\` escapes,
//! `.`, character classes with ranges and negation, groups, `|`, and the
//! quantifiers `?`, `*`, `+`, `{m}`, `{m,}`, `{m,n}`. Compiled to a
//! Thompson automaton and run as a set of states over the text, so a match
//! takes time linear in the text whatever the pattern (no backtracking).
//!
//! A regular-expression crate would do, but would be most of this crate's
//! share of the editor's download for the four distinct patterns of ORC's
//! spec schemas; the `crd_schema` test compiles each of them and checks
//! this matcher against the `regex` crate on generated strings.

/// A compiled pattern.
#[derive(Debug)]
pub struct Pattern {
    program: Vec<Inst>,
    /// Whether the pattern starts with `^` (else it may match anywhere).
    anchored_start: bool,
    /// Whether it ends with `$` (else the match may stop anywhere).
    anchored_end: bool,
}

#[derive(Clone, Debug)]
enum Inst {
    Char(CharSet),
    Split(usize, usize),
    Jump(usize),
    Match,
}

#[derive(Clone, Debug, PartialEq)]
enum CharSet {
    Any,
    Literal(char),
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
}

impl CharSet {
    fn matches(&self, c: char) -> bool {
        match self {
            // Go's `.` does not match a newline.
            Self::Any => c != '\n',
            Self::Literal(l) => *l == c,
            Self::Class { negated, ranges } => {
                ranges.iter().any(|&(low, high)| low <= c && c <= high) != *negated
            }
        }
    }
}

#[derive(Clone, Debug)]
enum Ast {
    Set(CharSet),
    Concat(Vec<Ast>),
    Alternate(Vec<Ast>),
    Repeat(Box<Ast>, u32, Option<u32>),
}

/// Instructions a compiled pattern may have; counted repetitions are
/// unrolled, so this bounds what a pattern may ask.
const MAX_PROGRAM: usize = 100_000;

impl Pattern {
    pub fn new(source: &str) -> Result<Self, String> {
        let (anchored_start, rest) = match source.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, source),
        };
        let (anchored_end, body) = match rest.strip_suffix('$') {
            Some(body) if !body.ends_with('\\') => (true, body),
            _ => (false, rest),
        };
        let chars: Vec<char> = body.chars().collect();
        let mut parser = AstParser { chars, at: 0 };
        let ast = parser.alternation()?;
        if parser.at != parser.chars.len() {
            return Err(format!("unexpected {:?}", parser.chars[parser.at]));
        }
        let mut program = Vec::new();
        compile(&ast, &mut program)?;
        program.push(Inst::Match);
        Ok(Self {
            program,
            anchored_start,
            anchored_end,
        })
    }

    pub fn is_match(&self, text: &str) -> bool {
        let mut current = Vec::new();
        let mut seen = vec![usize::MAX; self.program.len()];
        self.add(&mut current, &mut seen, 0, 0);
        for (step, c) in text.chars().enumerate() {
            if self.matched(&current) && !self.anchored_end {
                return true;
            }
            let mut next = Vec::new();
            let generation = step + 1;
            for &pc in &current {
                if let Inst::Char(set) = &self.program[pc] {
                    if set.matches(c) {
                        self.add(&mut next, &mut seen, pc + 1, generation);
                    }
                }
            }
            if !self.anchored_start {
                self.add(&mut next, &mut seen, 0, generation);
            }
            current = next;
            if current.is_empty() {
                return false;
            }
        }
        self.matched(&current)
    }

    fn matched(&self, states: &[usize]) -> bool {
        states
            .iter()
            .any(|&pc| matches!(self.program[pc], Inst::Match))
    }

    /// Adds `pc` and what it reaches without reading a character.
    fn add(&self, states: &mut Vec<usize>, seen: &mut [usize], pc: usize, generation: usize) {
        let mut stack = vec![pc];
        while let Some(pc) = stack.pop() {
            if seen[pc] == generation {
                continue;
            }
            seen[pc] = generation;
            match self.program[pc] {
                Inst::Split(a, b) => {
                    stack.push(b);
                    stack.push(a);
                }
                Inst::Jump(target) => stack.push(target),
                Inst::Char(_) | Inst::Match => states.push(pc),
            }
        }
    }
}

fn compile(ast: &Ast, program: &mut Vec<Inst>) -> Result<(), String> {
    if program.len() > MAX_PROGRAM {
        return Err("the pattern is too large".to_owned());
    }
    match ast {
        Ast::Set(set) => program.push(Inst::Char(set.clone())),
        Ast::Concat(items) => {
            for item in items {
                compile(item, program)?;
            }
        }
        Ast::Alternate(options) => {
            let mut jumps = Vec::new();
            for (i, option) in options.iter().enumerate() {
                if i + 1 < options.len() {
                    let split = program.len();
                    program.push(Inst::Split(split + 1, 0));
                    compile(option, program)?;
                    jumps.push(program.len());
                    program.push(Inst::Jump(0));
                    let next = program.len();
                    program[split] = Inst::Split(split + 1, next);
                } else {
                    compile(option, program)?;
                }
            }
            let end = program.len();
            for jump in jumps {
                program[jump] = Inst::Jump(end);
            }
        }
        Ast::Repeat(inner, min, max) => {
            for _ in 0..*min {
                compile(inner, program)?;
            }
            match max {
                None => {
                    // x*: split to x or past; x jumps back to the split.
                    let split = program.len();
                    program.push(Inst::Split(split + 1, 0));
                    compile(inner, program)?;
                    program.push(Inst::Jump(split));
                    let end = program.len();
                    program[split] = Inst::Split(split + 1, end);
                }
                Some(max) => {
                    let mut splits = Vec::new();
                    for _ in *min..*max {
                        splits.push(program.len());
                        program.push(Inst::Split(program.len() + 1, 0));
                        compile(inner, program)?;
                    }
                    let end = program.len();
                    for split in splits {
                        program[split] = Inst::Split(split + 1, end);
                    }
                }
            }
        }
    }
    Ok(())
}

struct AstParser {
    chars: Vec<char>,
    at: usize,
}

impl AstParser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next(&mut self) -> Result<char, String> {
        let c = self.peek().ok_or("unexpected end of pattern")?;
        self.at += 1;
        Ok(c)
    }

    fn alternation(&mut self) -> Result<Ast, String> {
        let mut options = vec![self.concatenation()?];
        while self.peek() == Some('|') {
            self.at += 1;
            options.push(self.concatenation()?);
        }
        Ok(if options.len() == 1 {
            options.pop().expect("one option")
        } else {
            Ast::Alternate(options)
        })
    }

    fn concatenation(&mut self) -> Result<Ast, String> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            items.push(self.quantified(atom)?);
        }
        Ok(Ast::Concat(items))
    }

    fn quantified(&mut self, atom: Ast) -> Result<Ast, String> {
        let (min, max) = match self.peek() {
            Some('?') => (0, Some(1)),
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('{') => {
                self.at += 1;
                let min = self.number()?;
                let max = if self.peek() == Some(',') {
                    self.at += 1;
                    if self.peek() == Some('}') {
                        None
                    } else {
                        Some(self.number()?)
                    }
                } else {
                    Some(min)
                };
                if self.peek() != Some('}') {
                    return Err("expected }".to_owned());
                }
                if max.is_some_and(|max| max < min) {
                    return Err("a repetition's maximum is below its minimum".to_owned());
                }
                (min, max)
            }
            _ => return Ok(atom),
        };
        self.at += 1;
        if matches!(self.peek(), Some('?' | '*' | '+' | '{')) {
            return Err("lazy and repeated quantifiers are not supported".to_owned());
        }
        Ok(Ast::Repeat(Box::new(atom), min, max))
    }

    fn number(&mut self) -> Result<u32, String> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        digits
            .parse()
            .map_err(|_| "expected a number in {}".to_owned())
    }

    fn atom(&mut self) -> Result<Ast, String> {
        match self.next()? {
            '(' => {
                if self.peek() == Some('?') {
                    return Err("group flags are not supported".to_owned());
                }
                let inner = self.alternation()?;
                if self.next()? != ')' {
                    return Err("expected )".to_owned());
                }
                Ok(inner)
            }
            '[' => self.class(),
            '.' => Ok(Ast::Set(CharSet::Any)),
            '\\' => Ok(Ast::Set(CharSet::Literal(self.escaped()?))),
            c @ ('*' | '+' | '?' | '{' | ')' | '^' | '$') => Err(format!("unexpected {c:?}")),
            c => Ok(Ast::Set(CharSet::Literal(c))),
        }
    }

    /// The character after `\`: only escaped punctuation, not classes
    /// such as `\d`.
    fn escaped(&mut self) -> Result<char, String> {
        let c = self.next()?;
        if c.is_ascii_punctuation() {
            Ok(c)
        } else {
            Err(format!("the escape \\{c} is not supported"))
        }
    }

    fn class(&mut self) -> Result<Ast, String> {
        let negated = self.peek() == Some('^');
        if negated {
            self.at += 1;
        }
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let c = self.next()?;
            if c == ']' && !first {
                break;
            }
            first = false;
            let low = if c == '\\' { self.escaped()? } else { c };
            if self.peek() == Some('-') && self.chars.get(self.at + 1).is_some_and(|&n| n != ']') {
                self.at += 1;
                let c = self.next()?;
                let high = if c == '\\' { self.escaped()? } else { c };
                if high < low {
                    return Err("a class range runs backwards".to_owned());
                }
                ranges.push((low, high));
            } else {
                ranges.push((low, low));
            }
        }
        Ok(Ast::Set(CharSet::Class { negated, ranges }))
    }
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn anchors_classes_and_repetition() {
        let no_commas = Pattern::new("^[^,]+$").unwrap();
        assert!(no_commas.is_match("web server"));
        assert!(!no_commas.is_match("a,b"));
        assert!(!no_commas.is_match(""));
        let flavor = Pattern::new("^[a-zA-Z0-9._-]([a-zA-Z0-9. _-]*[a-zA-Z0-9._-])?$").unwrap();
        assert!(flavor.is_match("m1.small"));
        assert!(flavor.is_match("a b"));
        assert!(!flavor.is_match("a "));
        let hex = Pattern::new("[0-9a-f]+").unwrap();
        assert!(hex.is_match("zz0zz"), "unanchored patterns match anywhere");
        let counted = Pattern::new("^a{2,3}$").unwrap();
        assert!(!counted.is_match("a"));
        assert!(counted.is_match("aa") && counted.is_match("aaa"));
        assert!(!counted.is_match("aaaa"));
        let alternatives = Pattern::new("^(ab|cd)+$").unwrap();
        assert!(alternatives.is_match("abcdab"));
        assert!(!alternatives.is_match("abc"));
    }

    #[test]
    fn linear_on_a_pattern_that_backtracks_badly() {
        let pattern =
            Pattern::new("^[A-Za-z0-9]{1,63}(.[A-Za-z0-9-]{1,63})*(.[A-Za-z]{2,63})*.?$").unwrap();
        let text = "a".repeat(5000) + "!!";
        assert!(!pattern.is_match(&text));
    }

    #[test]
    fn what_is_not_supported_does_not_compile() {
        for source in ["\\d+", "(?i)a", "a{3,2}", "[b-a]", "a**", "(a"] {
            assert!(Pattern::new(source).is_err(), "{source}");
        }
    }
}
