//! Variants of real templates for the differential check of the loader:
//! each a window of a corpus file with one to three mutations of the kinds
//! where YAML readers disagree (tabs, flow scalars, indentation, quoting,
//! anchors and merges, block scalars, YAML 1.1 scalars, stray
//! characters). Deterministic for a seed.

/// A small, fast, seedable generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The mutation families, in the order their names are reported.
pub const FAMILIES: &[&str] = &[
    "tab", "flow", "indent", "quote", "anchor", "block", "scalar", "stray",
];

const SCALARS: &[&str] = &[
    "yes",
    "No",
    "ON",
    "off",
    "y",
    "n",
    "~",
    "null",
    "Null",
    "NULL",
    "0777",
    "0o17",
    "0x1F",
    "0x_",
    "0b101",
    "0b_",
    "-0",
    "+12",
    "1_000",
    "1:30",
    "1:60",
    "190:20:30.15",
    ".inf",
    "-.Inf",
    ".NaN",
    "-.nan",
    "1e3",
    "1.0e+3",
    "1.0e3",
    "6.8523015e+5",
    "0.",
    ".5",
    "-.5",
    "._5",
    "08",
    "09.5",
    "2001-12-14",
    "2001-12-14t21:59:43.10-05:00",
    "2001-12-14 21:59:43.10 -5",
    "2002-1-4 1:02:03",
    "2002-12-14x",
    "=",
    "<<",
    "'<<'",
    "!!str 12",
    "!!int \"3\"",
    "!!int 3.5",
    "!!float 1",
    "!!float x",
    "!!bool yes",
    "!!bool maybe",
    "!!binary aGVsbG8=",
    "!!binary aGVsbG8",
    "!!null x",
    "!!timestamp 2001-12-14",
    "!foo x",
    "! 12",
    "!!set {a, b}",
    "!!omap [a: 1, b: 2]",
    "!!pairs [a: 1]",
    "!!omap [a]",
    "!!map [a]",
    "!!seq {a: 1}",
    "!<tag:yaml.org,2002:str> 5",
    "!!python/object x",
    "12:60",
    "@x",
    "`x",
    "%x",
    "!x",
    "&a",
    "*a",
    "&a x",
    "- x",
    "? x",
    "-x",
    ":x",
    "x:y",
    "x: y",
    "x #y",
    "x#y",
    "\"a\\qb\"",
    "\"a\\x41\\u00e9\"",
    "'it''s'",
    "\"\\/\"",
    "[]",
    "{}",
    "[,]",
    "{a: }",
    "[a: b]",
    "[ -, [a, b] ]",
    "[-]",
    "[ - ]",
    "[-a]",
    "{-: a}",
    "[? a]",
    "{? a: b}",
    "{a, b}",
    "[a, ]",
    "[a,,b]",
    "{a: b, a: c}",
    "{1: a, 1.0: b, true: c}",
    "1.0",
    "0.0",
    "-0.0",
    "1e400",
    "-",
    "--",
    "---",
    "...",
    "é",
    "日本",
    "\u{1F600}",
    "\"\\ud83d\\ude00\"",
    "\"\\U0001F600\"",
    "x\u{85}y",
    "a\u{a0}b",
];

const FLOWS: &[&str] = &[
    "[ -, [a, b] ]",
    "[a, -, b]",
    "[-, -]",
    "{a: -}",
    "[ - ]",
    "[a, [b, {c: d}]]",
    "{a: [b, c], d: {e: f}}",
    "[a: 1, b: 2]",
    "{a, b: c}",
    "[\n  a,\n  b\n]",
    "[\na,\nb\n]",
    "{\n  a: b,\n  c: d\n}",
    "{\na: b\n}",
    "[a\n, b]",
    "[a #c\n, b]",
    "{ ? a : b }",
    "[{}]",
    "[ [ [ ] ] ]",
    "[a, b",
    "{a: b",
    "[a]]",
    "{a: b}}",
    "[\"a\nb\"]",
    "['a\n  b']",
];

/// One variant of `text`, and the families of the mutations applied.
pub fn variant(text: &str, rng: &mut Rng) -> (String, Vec<&'static str>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut lines: Vec<String> = if lines.len() > 40 && rng.below(4) != 0 {
        let len = (8 + rng.below(40)).min(lines.len());
        let start = if rng.below(3) == 0 {
            0
        } else {
            rng.below(lines.len() - len + 1)
        };
        lines[start..start + len]
            .iter()
            .map(|l| l.to_string())
            .collect()
    } else {
        lines.iter().map(|l| l.to_string()).collect()
    };
    if lines.is_empty() {
        lines.push(String::new());
    }
    let mut families = Vec::new();
    let mut trailing_newline = true;
    for _ in 0..1 + rng.below(3) {
        let family = *rng.pick(FAMILIES);
        families.push(family);
        let at = rng.below(lines.len());
        match family {
            "tab" => {
                let line = &mut lines[at];
                match rng.below(6) {
                    0 => {
                        if let Some(i) = line.find(|c: char| c != ' ') {
                            if i > 0 {
                                line.replace_range(i - 1..i, "\t");
                            }
                        }
                    }
                    1 => {
                        let indent = line.len() - line.trim_start_matches(' ').len();
                        line.replace_range(..indent, &"\t".repeat(indent.div_ceil(2)));
                    }
                    2 => *line = line.replacen(": ", ":\t", 1),
                    3 => lines.insert(at, "\t".into()),
                    4 => line.push_str("\t# c"),
                    _ => *line = line.replacen("- ", "-\t", 1),
                }
            }
            "flow" => {
                let flow = *rng.pick(FLOWS);
                let line = &mut lines[at];
                match line.find(": ") {
                    Some(i) if rng.below(3) != 0 => line.replace_range(i + 2.., flow),
                    _ => {
                        let indent = line.len() - line.trim_start().len();
                        lines.insert(
                            at,
                            format!("{}k{}: {flow}", " ".repeat(indent), rng.below(100)),
                        );
                    }
                }
            }
            "indent" => {
                let shift = 1 + rng.below(2);
                let count = 1 + rng.below(3);
                let add = rng.below(2) == 0;
                for line in lines.iter_mut().skip(at).take(count) {
                    if add {
                        line.insert_str(0, &" ".repeat(shift));
                    } else {
                        let spaces = line.len() - line.trim_start_matches(' ').len();
                        line.replace_range(..spaces.min(shift), "");
                    }
                }
            }
            "quote" => {
                let line = &mut lines[at];
                if let Some(i) = line.find(": ") {
                    let value = line[i + 2..].to_string();
                    let quoted = match rng.below(6) {
                        0 => format!("'{}'", value.replace('\'', "''")),
                        1 => format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\"")),
                        2 => format!("\"{value}\ncontinued\""),
                        3 => format!("'{value}\n  continued'"),
                        4 => format!("\"{value}\n\n continued \\\n  more\""),
                        _ => format!("'{value}"),
                    };
                    line.replace_range(i + 2.., &quoted);
                }
            }
            "anchor" => {
                let name = format!("a{}", rng.below(3));
                match rng.below(5) {
                    0 | 1 => {
                        // An anchor on a mapping value, merged further down.
                        if let Some(i) = lines[at].find(':') {
                            if lines[at][i + 1..].trim().is_empty() {
                                lines[at].push_str(&format!(" &{name}"));
                            } else {
                                let place = (i + 2).min(lines[at].len());
                                lines[at].insert_str(place, &format!("&{name} "));
                            }
                        }
                        let later = at + rng.below(lines.len() - at);
                        let indent = lines[later].len() - lines[later].trim_start().len();
                        let merge = match rng.below(4) {
                            0 => format!("<<: [*{name}]"),
                            1 => format!("<<: [*{name}, {{z: 1}}]"),
                            2 => format!("m{}: *{name}", rng.below(9)),
                            _ => format!("<<: *{name}"),
                        };
                        lines.insert(later + 1, format!("{}{merge}", " ".repeat(indent)));
                    }
                    2 => lines.push(format!("x: *{name}")),
                    3 => lines.insert(at, format!("b{}: &{name} {{p: 1, q: 2}}", rng.below(9))),
                    _ => lines.push(format!("y:\n  <<: *{name}\n  q: 3")),
                }
            }
            "block" => {
                let line = &mut lines[at];
                let header = *rng.pick(&["|", "|-", "|+", ">", ">-", ">+", "|2", ">1-", "|9"]);
                if let Some(i) = line.find(": |").or_else(|| line.find(": >")) {
                    let end = line[i + 2..].find(' ').map_or(line.len(), |e| i + 2 + e);
                    line.replace_range(i + 2..end, header);
                } else {
                    lines.push(format!("tail: {header}\n  line one\n\n  line two\n"));
                    if rng.below(2) == 0 {
                        trailing_newline = false;
                    }
                }
            }
            "scalar" => {
                let scalar = *rng.pick(SCALARS);
                let line = &mut lines[at];
                match line.find(": ") {
                    Some(i) => line.replace_range(i + 2.., scalar),
                    None => {
                        if let Some(i) = line.find("- ") {
                            line.replace_range(i + 2.., scalar);
                        } else {
                            lines.insert(at, format!("s: {scalar}"));
                        }
                    }
                }
            }
            _ => {
                // Stray characters and line damage.
                let line = &mut lines[at];
                match rng.below(8) {
                    0 | 1 => {
                        let ch = *rng.pick(&[
                            ':', '-', '#', '\'', '"', '{', '}', '[', ']', ',', '&', '*', '!', '|',
                            '>', '?', '%', '@', '`', ' ',
                        ]);
                        let mut at = rng.below(line.len() + 1);
                        while !line.is_char_boundary(at) {
                            at -= 1;
                        }
                        line.insert(at, ch);
                    }
                    2 => {
                        if !line.is_empty() {
                            let mut at = rng.below(line.len());
                            while !line.is_char_boundary(at) {
                                at -= 1;
                            }
                            line.remove(at);
                        }
                    }
                    3 => {
                        let copy = line.clone();
                        lines.insert(at, copy);
                    }
                    4 if at + 1 < lines.len() => {
                        let next = lines.remove(at + 1);
                        lines[at].push(' ');
                        lines[at].push_str(next.trim_start());
                    }
                    5 => lines.insert(
                        at,
                        rng.pick(&["---", "...", "--- # doc", "%YAML 1.1", "%TAG ! tag:x,2000:"])
                            .to_string(),
                    ),
                    6 => {
                        for line in &mut lines {
                            line.push('\r');
                        }
                    }
                    _ => lines[0].insert(0, '\u{feff}'),
                }
            }
        }
    }
    let mut out = lines.join("\n");
    if trailing_newline {
        out.push('\n');
    }
    (out, families)
}
