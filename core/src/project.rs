//! `heatwise.toml`, the project file, read from its text: the release to
//! check against, the rules to report, and the stacks of the project. The
//! CLI and the browser's folder view read it here, the same way.
//!
//! It is TOML, of which this reads what the file needs: comments, bare and
//! quoted keys, `key = value`, `[[stack]]` tables (a stack's `path-map`
//! inline or as a `[stack.path-map]` table), basic (`"..."`, with
//! TOML's escapes) and literal (`'...'`) strings, arrays of strings over
//! several lines, and inline tables of strings. Anything else (numbers,
//! dates, multi-line strings, dotted keys, other tables) is refused with
//! its place, as is a key the file does not have or one given twice.

/// Most bytes of a project file read.
pub const MAX_PROJECT_FILE_BYTES: usize = 1 << 20;

/// Most strings in one array or inline table, and most `[[stack]]` tables.
pub const MAX_PROJECT_ITEMS: usize = 10_000;

/// A project file, as written: paths are relative to its directory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProjectFile {
    pub target: Option<String>,
    pub select: Vec<String>,
    pub ignore: Vec<String>,
    /// `baseline`: a file of findings not reported (`lint --baseline`).
    pub baseline: Option<String>,
    /// `heat-conf`: the cloud's heat.conf, whose engine limits the rules
    /// judge with.
    pub heat_conf: Option<String>,
    pub stacks: Vec<ProjectFileStack>,
}

/// One `[[stack]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProjectFileStack {
    pub root: String,
    pub environments: Vec<String>,
    /// `path-map`: each absolute path prefix the templates name, and the
    /// folder (relative to the file) it stands for, in the file's order.
    pub path_map: Vec<(String, String)>,
    /// `each-environment`: a folder whose environment files are each
    /// linted alone on top of the others.
    pub each_environment: Option<String>,
    /// `stored-files`: the manifest of a stack as Heat keeps it (the
    /// `stack.json` of `heatwise scan --dump`), whose files the names are
    /// looked up in as written, as Heat's engine looks them up.
    pub stored_files: Option<String>,
}

/// Why a project file cannot be read, and where (a byte offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectError {
    pub offset: u32,
    pub message: String,
}

const TOP_KEYS: &str = "target, select, ignore, baseline, heat-conf";
const STACK_KEYS: &str = "root, environments, path-map, each-environment, stored-files";

/// Reads a project file.
pub fn parse(text: &str) -> Result<ProjectFile, ProjectError> {
    if text.len() > MAX_PROJECT_FILE_BYTES {
        return Err(ProjectError {
            offset: 0,
            message: format!("the file is over {MAX_PROJECT_FILE_BYTES} bytes"),
        });
    }
    let mut reader = Reader { text, at: 0 };
    let mut file = ProjectFile::default();
    // Keys given so far in the current table: the top level, or a stack.
    let mut seen: Vec<String> = Vec::new();
    let mut root_seen = true;
    let mut in_path_map = false;
    loop {
        reader.skip_blank_lines();
        let Some(next) = reader.peek() else { break };
        let start = reader.at;
        if next == b'[' && reader.eat("[stack.path-map]") {
            // The last stack's path map, as a table of its own.
            let Some(stack) = file.stacks.last_mut() else {
                return Err(reader.error(start, "`[stack.path-map]` comes after a `[[stack]]`"));
            };
            if in_path_map || seen.iter().any(|key| key == "path-map") {
                return Err(reader.error(start, "this stack's `path-map` is given twice"));
            }
            seen.push("path-map".to_owned());
            in_path_map = true;
            reader.end_of_line()?;
            while let Some(entry) = reader.path_map_line()? {
                if stack.path_map.iter().any(|(from, _)| *from == entry.0) {
                    return Err(reader.error(start, &format!("`{}` is given twice", entry.0)));
                }
                if stack.path_map.len() == MAX_PROJECT_ITEMS {
                    return Err(reader.error(reader.at, "too many entries in this table"));
                }
                stack.path_map.push(entry);
            }
            continue;
        }
        if next == b'[' {
            if !reader.eat("[[stack]]") {
                return Err(
                    reader.error(start, "the tables are `[[stack]]` and `[stack.path-map]`")
                );
            }
            in_path_map = false;
            if !root_seen {
                return Err(reader.error(start, "a `[[stack]]` needs `root`"));
            }
            if file.stacks.len() == MAX_PROJECT_ITEMS {
                return Err(reader.error(start, "too many `[[stack]]` tables"));
            }
            file.stacks.push(ProjectFileStack::default());
            seen.clear();
            root_seen = false;
            reader.end_of_line()?;
            continue;
        }
        let key = reader.key()?;
        if seen.contains(&key) {
            return Err(reader.error(start, &format!("`{key}` is given twice")));
        }
        reader.skip_spaces();
        if !reader.eat("=") {
            return Err(reader.error(reader.at, "expected `=` after the key"));
        }
        reader.skip_spaces();
        match (file.stacks.last_mut(), key.as_str()) {
            (None, "target") => file.target = Some(reader.string()?),
            (None, "select") => file.select = reader.strings()?,
            (None, "ignore") => file.ignore = reader.strings()?,
            (None, "baseline") => file.baseline = Some(reader.string()?),
            (None, "heat-conf") => file.heat_conf = Some(reader.string()?),
            (None, _) => {
                let message = format!(
                    "unknown key `{key}`; the file's keys are {TOP_KEYS}, and `[[stack]]` tables"
                );
                return Err(reader.error(start, &message));
            }
            (Some(stack), "root") => {
                stack.root = reader.string()?;
                root_seen = true;
            }
            (Some(stack), "environments") => stack.environments = reader.strings()?,
            (Some(stack), "path-map") => stack.path_map = reader.table()?,
            (Some(stack), "each-environment") => stack.each_environment = Some(reader.string()?),
            (Some(stack), "stored-files") => stack.stored_files = Some(reader.string()?),
            (Some(_), _) => {
                let message = format!("unknown key `{key}`; a `[[stack]]` has {STACK_KEYS}");
                return Err(reader.error(start, &message));
            }
        }
        seen.push(key);
        reader.end_of_line()?;
    }
    if !root_seen {
        return Err(reader.error(text.len(), "a `[[stack]]` needs `root`"));
    }
    Ok(file)
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, at: usize, message: &str) -> ProjectError {
        ProjectError {
            offset: u32::try_from(at).unwrap_or(u32::MAX),
            message: message.to_owned(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn eat(&mut self, expected: &str) -> bool {
        let found = self.text[self.at..].starts_with(expected);
        if found {
            self.at += expected.len();
        }
        found
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    fn skip_comment(&mut self) {
        if self.peek() == Some(b'#') {
            self.at = self.text[self.at..]
                .find('\n')
                .map_or(self.text.len(), |n| self.at + n);
        }
    }

    /// Blank lines and comments, and the spaces before what follows.
    fn skip_blank_lines(&mut self) {
        loop {
            self.skip_spaces();
            self.skip_comment();
            match self.peek() {
                Some(b'\n') => self.at += 1,
                Some(b'\r') if self.text[self.at..].starts_with("\r\n") => self.at += 2,
                _ => return,
            }
        }
    }

    fn end_of_line(&mut self) -> Result<(), ProjectError> {
        self.skip_spaces();
        self.skip_comment();
        match self.peek() {
            None | Some(b'\n') => Ok(()),
            Some(b'\r') if self.text[self.at..].starts_with("\r\n") => Ok(()),
            _ => Err(self.error(self.at, "expected the end of the line")),
        }
    }

    fn key(&mut self) -> Result<String, ProjectError> {
        if matches!(self.peek(), Some(b'"' | b'\'')) {
            return self.string();
        }
        let start = self.at;
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
        {
            self.at += 1;
        }
        if self.at == start {
            return Err(self.error(start, "expected a key"));
        }
        if self.peek() == Some(b'.') {
            return Err(self.error(self.at, "dotted keys are not read here"));
        }
        Ok(self.text[start..self.at].to_owned())
    }

    fn string(&mut self) -> Result<String, ProjectError> {
        let start = self.at;
        if self.text[self.at..].starts_with("\"\"\"") || self.text[self.at..].starts_with("'''") {
            return Err(self.error(start, "multi-line strings are not read here"));
        }
        match self.peek() {
            Some(b'\'') => {
                self.at += 1;
                let rest = &self.text[self.at..];
                let end = rest
                    .find(['\'', '\n'])
                    .filter(|&n| rest.as_bytes()[n] == b'\'');
                let Some(end) = end else {
                    return Err(self.error(start, "this string is not closed on its line"));
                };
                self.at += end + 1;
                Ok(rest[..end].to_owned())
            }
            Some(b'"') => {
                self.at += 1;
                self.basic_string(start)
            }
            _ => Err(self.error(start, "expected a string in quotes")),
        }
    }

    /// The rest of a `"..."` string, its opening quote read.
    fn basic_string(&mut self, start: usize) -> Result<String, ProjectError> {
        let mut out = String::new();
        let mut chars = self.text[self.at..].char_indices();
        while let Some((index, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += index + 1;
                    return Ok(out);
                }
                '\n' => break,
                '\\' => {
                    let escape_at = self.at + index;
                    let unicode = |chars: &mut std::str::CharIndices<'_>, digits: usize| {
                        let hex: String = chars.by_ref().take(digits).map(|(_, c)| c).collect();
                        u32::from_str_radix(&hex, 16)
                            .ok()
                            .filter(|_| hex.len() == digits)
                            .and_then(char::from_u32)
                    };
                    let escaped = match chars.next().map(|(_, c)| c) {
                        Some('"') => Some('"'),
                        Some('\\') => Some('\\'),
                        Some('n') => Some('\n'),
                        Some('t') => Some('\t'),
                        Some('r') => Some('\r'),
                        Some('b') => Some('\u{8}'),
                        Some('f') => Some('\u{c}'),
                        Some('u') => unicode(&mut chars, 4),
                        Some('U') => unicode(&mut chars, 8),
                        _ => None,
                    };
                    match escaped {
                        Some(c) => out.push(c),
                        None => return Err(self.error(escape_at, "this escape is not TOML's")),
                    }
                }
                c => out.push(c),
            }
        }
        Err(self.error(start, "this string is not closed on its line"))
    }

    /// One `"from" = "to"` line of a `[stack.path-map]` table, after the
    /// blank lines before it; `None` at the next table or the end.
    fn path_map_line(&mut self) -> Result<Option<(String, String)>, ProjectError> {
        self.skip_blank_lines();
        if matches!(self.peek(), None | Some(b'[')) {
            return Ok(None);
        }
        let key = self.key()?;
        self.skip_spaces();
        if !self.eat("=") {
            return Err(self.error(self.at, "expected `=` after the key"));
        }
        self.skip_spaces();
        let value = self.string()?;
        self.end_of_line()?;
        Ok(Some((key, value)))
    }

    /// `[ "a", "b", ]`, over as many lines as it takes.
    fn strings(&mut self) -> Result<Vec<String>, ProjectError> {
        if !self.eat("[") {
            return Err(self.error(self.at, "expected a list of strings in `[ ]`"));
        }
        let mut items = Vec::new();
        loop {
            self.skip_blank_lines();
            if self.eat("]") {
                return Ok(items);
            }
            if items.len() == MAX_PROJECT_ITEMS {
                return Err(self.error(self.at, "too many items in this list"));
            }
            items.push(self.string()?);
            self.skip_blank_lines();
            if !self.eat(",") && self.peek() != Some(b']') {
                return Err(self.error(self.at, "expected `,` or `]`"));
            }
        }
    }

    /// `{ "key" = "value", ... }`, on one line.
    fn table(&mut self) -> Result<Vec<(String, String)>, ProjectError> {
        if !self.eat("{") {
            return Err(self.error(self.at, "expected a table of strings in `{ }`"));
        }
        let mut entries: Vec<(String, String)> = Vec::new();
        self.skip_spaces();
        if self.eat("}") {
            return Ok(entries);
        }
        loop {
            self.skip_spaces();
            let start = self.at;
            let key = self.key()?;
            if entries.iter().any(|(k, _)| *k == key) {
                return Err(self.error(start, &format!("`{key}` is given twice")));
            }
            if entries.len() == MAX_PROJECT_ITEMS {
                return Err(self.error(start, "too many entries in this table"));
            }
            self.skip_spaces();
            if !self.eat("=") {
                return Err(self.error(self.at, "expected `=` after the key"));
            }
            self.skip_spaces();
            entries.push((key, self.string()?));
            self.skip_spaces();
            if self.eat("}") {
                return Ok(entries);
            }
            if !self.eat(",") {
                return Err(self.error(self.at, "expected `,` or `}` on the same line"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_file() {
        let text = "# The project.\ntarget = \"2024.1\"\nbaseline = 'b.json'\nheat-conf = '/etc/heat/heat.conf'\nselect = [\"HW\"]\nignore = [\
            \n  'HW107', # old\n  \"HW2\",\n]\n\n[[stack]]\nroot = \"overcloud.yaml\"\
            \nenvironments = [\"a b.yaml\", \"\\u00e9\\\\x.yaml\"]\
            \npath-map = { \"/usr/share/t\" = \".\", 'C:\\x' = \"w\" }\n[[stack]] # second\
            \nroot = 'r.yaml'\neach-environment = \"envs\"\nstored-files = \"stack.json\"\n";
        let file = parse(text).unwrap();
        assert_eq!(file.target.as_deref(), Some("2024.1"));
        assert_eq!(file.baseline.as_deref(), Some("b.json"));
        assert_eq!(file.heat_conf.as_deref(), Some("/etc/heat/heat.conf"));
        assert_eq!(file.select, ["HW"]);
        assert_eq!(file.ignore, ["HW107", "HW2"]);
        assert_eq!(file.stacks.len(), 2);
        assert_eq!(file.stacks[0].environments, ["a b.yaml", "é\\x.yaml"]);
        let map =
            [("/usr/share/t", "."), ("C:\\x", "w")].map(|(a, b)| (a.to_owned(), b.to_owned()));
        assert_eq!(file.stacks[0].path_map, map);
        assert_eq!(file.stacks[1].root, "r.yaml");
        assert_eq!(file.stacks[1].each_environment.as_deref(), Some("envs"));
        assert_eq!(file.stacks[1].stored_files.as_deref(), Some("stack.json"));
        assert_eq!(file.stacks[0].stored_files, None);
        assert_eq!(parse("").unwrap(), ProjectFile::default());
    }

    /// A stack's path map as a table of its own, in the file's order.
    #[test]
    fn a_path_map_table() {
        let text = "[[stack]]\nroot = \"t.yaml\"\n\n[stack.path-map]\n\"/a/b\" = \"x\"\n\"/a\" = \"y\" # z\n[[stack]]\nroot = \"u\"\n";
        let file = parse(text).unwrap();
        let map = [("/a/b", "x"), ("/a", "y")].map(|(a, b)| (a.to_owned(), b.to_owned()));
        assert_eq!(file.stacks[0].path_map, map);
        assert!(file.stacks[1].path_map.is_empty());
        let twice = "[[stack]]\nroot = \"t\"\npath-map = {}\n[stack.path-map]\n";
        assert!(parse(twice).is_err());
        assert!(parse("[stack.path-map]\n").is_err());
    }

    /// What `heatwise scan --dump` writes: JSON strings, which are TOML's.
    #[test]
    fn json_strings() {
        let path = "dir/\"quoted\"\t\u{1}/ü.yaml";
        let text = format!(
            "[[stack]]\nroot = {}\n",
            serde_json::to_string(path).unwrap()
        );
        assert_eq!(parse(&text).unwrap().stacks[0].root, path);
    }

    #[test]
    fn refusals_say_what_and_where() {
        fn error(text: &str) -> (&str, String) {
            let e = parse(text).unwrap_err();
            (&text[e.offset as usize..], e.message)
        }
        let (at, message) = error("target = 2024\n");
        assert_eq!(
            (at, message.as_str()),
            ("2024\n", "expected a string in quotes")
        );
        assert!(error("color = \"x\"\n")
            .1
            .starts_with("unknown key `color`; the file's keys are"));
        assert_eq!(
            error("[[stack]]\nroot = \"a\"\nroot = \"b\"\n").0,
            "root = \"b\"\n"
        );
        assert_eq!(
            error("[[stack]]\nenvironments = []\n").1,
            "a `[[stack]]` needs `root`"
        );
        assert_eq!(
            error("[stack]\n").1,
            "the tables are `[[stack]]` and `[stack.path-map]`"
        );
        assert_eq!(error("select = [\"a\" \"b\"]\n").0, "\"b\"]\n");
        assert_eq!(
            error("target = \"open\n").1,
            "this string is not closed on its line"
        );
        assert_eq!(error("target = \"\\q\"\n").0, "\\q\"\n");
        assert_eq!(
            error("target = \"a\" b\n").1,
            "expected the end of the line"
        );
        assert_eq!(error("a.b = \"x\"\n").1, "dotted keys are not read here");
        assert!(error(&"#".repeat(MAX_PROJECT_FILE_BYTES + 1))
            .1
            .contains("over"));
    }

    /// Whatever the bytes, an answer and no panic.
    #[test]
    fn never_panics() {
        let pieces = [
            "[[stack]]",
            "root",
            " = ",
            "\"",
            "'",
            "\\u00",
            "[",
            "]",
            "{",
            "}",
            ",",
            "\n",
            "#",
            "é",
            "\r\n",
            "x",
        ];
        let mut seed = 7_u64;
        for _ in 0..3_000 {
            let mut text = String::new();
            for _ in 0..12 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            let _ = parse(&text);
        }
    }
}
