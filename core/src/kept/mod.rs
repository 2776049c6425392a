//! A stack as Heat keeps it: its template and environment as the API gives
//! them (JSON texts) and its files by the names the client sent them
//! with; laid out as a dump (`heatwise scan --dump`), gathered as Heat's
//! engine finds its files, migrated in steps ([`migration`]) and a fleet of
//! them summarized ([`summary`]). Read from the cloud or from a dump by
//! the CLI, from a dropped dump by the editor; no I/O here.

pub mod manifest;
pub mod migration;
pub mod summary;

use std::collections::BTreeMap;

use crate::stack::{GatherCache, Stack, Texts};

/// The dump's manifest, template and environment, relative to its folder.
pub const MANIFEST: &str = "stack.json";
pub const TEMPLATE: &str = "template.yaml";
pub const ENVIRONMENT: &str = "environment.yaml";
/// The folder of a dump that holds the stack's files.
pub const FILES: &str = "files";

/// Where a kept stack's template and environment are said to be, for the
/// linter: URLs no stack's own files use.
const ROOT_URL: &str = "file:///heatwise-kept/template.yaml";
const ENVIRONMENT_URL: &str = "file:///heatwise-kept/environment.yaml";

/// What Heat keeps of a stack: its template and environment (as JSON
/// texts, as the API gives them) and its files, by the URL the client
/// sent them with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeptDocuments {
    pub template: String,
    pub environment: String,
    pub files: BTreeMap<String, String>,
}

impl KeptDocuments {
    /// The stack as files by name: each file by the name the stack was
    /// sent with it, the template and the environment by URLs of their
    /// own ([`urls`]), laid out as their dumps are.
    pub fn texts(&self) -> Texts {
        let mut texts = Texts::default();
        for (name, text) in &self.files {
            texts.0.insert(name.clone(), text.clone());
        }
        texts
            .0
            .insert(ROOT_URL.to_owned(), indent_json(&self.template));
        texts
            .0
            .insert(ENVIRONMENT_URL.to_owned(), indent_json(&self.environment));
        texts
    }

    /// The stack the documents hold, as Heat's engine finds its files.
    pub fn gather(&self) -> Stack {
        let urls = urls();
        Stack::gather_stored(
            &urls[0],
            &urls[1..],
            &self.texts(),
            &mut GatherCache::default(),
        )
    }
}

/// The root template's and the environment's URLs in
/// [`KeptDocuments::texts`].
pub fn urls() -> Vec<String> {
    vec![ROOT_URL.to_owned(), ENVIRONMENT_URL.to_owned()]
}

/// Whether `url` is the kept root template's or environment's.
pub fn is_root_or_environment(url: &str) -> bool {
    url == ROOT_URL || url == ENVIRONMENT_URL
}

/// A file of [`KeptDocuments::texts`] as reports name it: relative to the
/// stack's dump.
pub fn shown(url: &str) -> String {
    match url {
        ROOT_URL => TEMPLATE.to_owned(),
        ENVIRONMENT_URL => ENVIRONMENT.to_owned(),
        other => place_of(other),
    }
}

/// Where a file of a stack goes in its dump, relative to the stack's
/// folder: `files/` and the URL's path (`file:///a/b.yaml` to
/// `files/a/b.yaml`, `https://host/x.yaml` to `files/https/host/x.yaml`),
/// with anything that would leave the folder (`..`) dropped.
pub fn place_of(url: &str) -> String {
    let rest = match url.split_once("://") {
        Some(("file", path)) => path.to_owned(),
        Some((scheme, rest)) => format!("{scheme}/{rest}"),
        None => url.to_owned(),
    };
    let parts: Vec<&str> = rest
        .split('/')
        .filter(|part| !part.is_empty() && *part != "." && *part != "..")
        .collect();
    format!("{FILES}/{}", parts.join("/"))
}

/// JSON laid out one member per line, two spaces a level, the order of its
/// keys and the spelling of its values kept (a reader that sorted keys
/// would move the template's sections around). Not JSON: returned as it is.
pub fn indent_json(text: &str) -> String {
    if serde_json::from_str::<serde::de::IgnoredAny>(text).is_err() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = text.chars().peekable();
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                if matches!(chars.peek(), Some('}' | ']')) {
                    out.push(chars.next().unwrap_or(' '));
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_indented_with_its_order_and_strings_kept() {
        let text = r#"{"z": 1, "a": {"b": [1, "x, {y}: \"q\""], "e": {}, "f": []}}"#;
        let indented = indent_json(text);
        assert_eq!(
            indented,
            "{\n  \"z\": 1,\n  \"a\": {\n    \"b\": [\n      1,\n      \"x, {y}: \\\"q\\\"\"\n    ],\n    \"e\": {},\n    \"f\": []\n  }\n}\n"
        );
        let reread: serde_json::Value = serde_json::from_str(&indented).unwrap();
        assert_eq!(
            reread,
            serde_json::from_str::<serde_json::Value>(text).unwrap()
        );
        assert_eq!(indent_json("not json"), "not json");
    }

    #[test]
    fn a_file_is_placed_under_files_and_never_outside() {
        assert_eq!(place_of("file:///srv/tht/a.yaml"), "files/srv/tht/a.yaml");
        assert_eq!(
            place_of("https://example.org/x/y.yaml"),
            "files/https/example.org/x/y.yaml"
        );
        assert_eq!(place_of("file:///../../etc/passwd"), "files/etc/passwd");
        assert_eq!(shown(&urls()[0]), TEMPLATE);
        assert_eq!(shown(&urls()[1]), ENVIRONMENT);
    }
}
