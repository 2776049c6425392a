//! `heatwise.toml`, the project file, read from its text: the release to
//! check against, the rules to report, and the stacks of the project. The
//! CLI and the browser's folder view read it here, the same way.
//!
//! It is read with the `toml` crate: all of TOML a user writes (dotted
//! keys, multi-line and literal strings, inline and standard tables),
//! with the place of each error. A key the file does not have is refused
//! with its place, as is a key given twice.

use serde::Deserialize;

/// Most bytes of a project file read.
pub const MAX_PROJECT_FILE_BYTES: usize = 1 << 20;

/// Most strings in one array or table, and most `[[stack]]` tables.
pub const MAX_PROJECT_ITEMS: usize = 10_000;

/// A project file, as written: paths are relative to its directory.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProjectFile {
    pub target: Option<String>,
    #[serde(default)]
    pub select: Vec<String>,
    #[serde(default)]
    pub ignore: Vec<String>,
    /// `baseline`: a file of findings not reported (`lint --baseline`).
    pub baseline: Option<String>,
    /// `heat-conf`: the cloud's heat.conf, whose engine limits the rules
    /// judge with.
    pub heat_conf: Option<String>,
    #[serde(default, rename = "stack")]
    pub stacks: Vec<ProjectFileStack>,
}

/// One `[[stack]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProjectFileStack {
    pub root: String,
    #[serde(default)]
    pub environments: Vec<String>,
    /// `path-map`: each absolute path prefix the templates name, and the
    /// folder (relative to the file) it stands for, in the file's order.
    #[serde(default, deserialize_with = "in_order")]
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

/// A table of strings, in the file's order.
fn in_order<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<(String, String)>, D::Error> {
    struct InOrder;
    impl<'de> serde::de::Visitor<'de> for InOrder {
        type Value = Vec<(String, String)>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a table of folders by path prefix")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut entries = Vec::new();
            while let Some(entry) = map.next_entry::<String, String>()? {
                entries.push(entry);
            }
            Ok(entries)
        }
    }
    deserializer.deserialize_map(InOrder)
}

/// The byte offset of the `line N column M` an error message names.
fn place(text: &str, message: &str) -> u32 {
    let number = |after: &str| -> Option<usize> {
        let rest = &message[message.rfind(after)? + after.len()..];
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    let (Some(line), Some(column)) = (number("line "), number("column ")) else {
        return 0;
    };
    let start: usize = (text.split_inclusive('\n').take(line.saturating_sub(1)))
        .map(str::len)
        .sum();
    let at = (start + column.saturating_sub(1)).min(text.len());
    u32::try_from(at).unwrap_or(u32::MAX)
}

/// Reads a project file.
pub fn parse(text: &str) -> Result<ProjectFile, ProjectError> {
    if text.len() > MAX_PROJECT_FILE_BYTES {
        return Err(ProjectError {
            offset: 0,
            message: format!("the file is over {MAX_PROJECT_FILE_BYTES} bytes"),
        });
    }
    let file: ProjectFile = basic_toml::from_str(text).map_err(|error| {
        let message = error.to_string();
        // The place is given as an offset: not again in the words.
        let words = match message.rfind(" at line ") {
            Some(at) => message[..at].to_owned(),
            None => message.clone(),
        };
        ProjectError {
            offset: place(text, &message),
            message: words,
        }
    })?;
    let largest = (file.stacks.iter())
        .map(|s| s.environments.len().max(s.path_map.len()))
        .chain([file.stacks.len(), file.select.len(), file.ignore.len()])
        .max()
        .unwrap_or(0);
    if largest > MAX_PROJECT_ITEMS {
        return Err(ProjectError {
            offset: 0,
            message: format!("a list or table holds more than {MAX_PROJECT_ITEMS} items"),
        });
    }
    Ok(file)
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

    /// What users write: a path map as a table of its own or with dotted
    /// keys (in the file's order), multi-line strings and arrays.
    #[test]
    fn the_toml_users_write() {
        let text = "[[stack]]\nroot = \"t.yaml\"\n\n[stack.path-map]\n\"/a/b\" = \"x\"\n\"/a\" = \"y\" # z\n[[stack]]\nroot = \"u\"\n";
        let file = parse(text).unwrap();
        let map = [("/a/b", "x"), ("/a", "y")].map(|(a, b)| (a.to_owned(), b.to_owned()));
        assert_eq!(file.stacks[0].path_map, map);
        assert!(file.stacks[1].path_map.is_empty());
        let dotted = "[[stack]]\nroot = '''t.yaml'''\npath-map.\"/usr/share/tht\" = \".\"\nenvironments = [\n  \"\"\"a.yaml\"\"\",\n]\n";
        let file = parse(dotted).unwrap();
        assert_eq!(
            file.stacks[0].path_map,
            [("/usr/share/tht".to_owned(), ".".to_owned())]
        );
        assert_eq!(file.stacks[0].environments, ["a.yaml"]);
        let twice = "[[stack]]\nroot = \"t\"\npath-map = {}\n[stack.path-map]\n";
        assert!(parse(twice).is_err());
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
        assert_eq!(at, "2024\n");
        assert!(message.contains("expected a string"), "{message}");
        let (at, message) = error("color = \"x\"\n");
        assert_eq!(at, "color = \"x\"\n");
        assert!(message.contains("unknown field `color`"), "{message}");
        assert!(error("[[stack]]\nroot = \"a\"\nroot = \"b\"\n")
            .0
            .starts_with("root = \"b\""));
        assert!(error("[[stack]]\nenvironments = []\n")
            .1
            .contains("missing field `root`"));
        assert!(error("select = [\"a\" \"b\"]\n").0.starts_with("\"b\"]"));
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
