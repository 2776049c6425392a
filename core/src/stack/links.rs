//! Where a name written in one file of a stack leads to another file: a
//! `type` (or a group member's) naming a template, a `get_file`, an
//! environment's `resource_registry` entry, from its target or from the
//! type it maps. The gathering found each such name (its
//! [`Reference`](super::Reference)s); this only looks them up.

use crate::template;

use super::gather::{FileId, Stack};

impl Stack {
    /// The URL of the file the name at `offset` of `file` names, as
    /// python-heatclient joins it (whether or not the file was read).
    pub fn file_named_at(&self, file: FileId, offset: u32) -> Option<&str> {
        let covers = |start: u32, end: u32| start <= offset && offset <= end;
        if let Some(found) = self
            .references_from(file)
            .find(|r| covers(r.range.start, r.range.end))
        {
            return Some(&found.url);
        }
        // A registry entry's key leads where its target does.
        let parsed = template::parse(&self.files.get(file)?.text);
        let tree = parsed.tree();
        let entry = (parsed.registry().iter()).find(|entry| {
            covers(
                tree.range(entry.entry.key).start,
                tree.range(entry.entry.key).end,
            )
        })?;
        let target = tree.range(entry.entry.value);
        self.references_from(file)
            .find(|r| r.range == target)
            .map(|r| &*r.url)
    }
}

#[cfg(test)]
mod tests {
    use crate::stack::{MemoryFiles, Stack};

    #[test]
    fn types_files_and_registry_entries() {
        let root = "heat_template_version: 2018-08-31\nresources:\n  a: {type: nested/app.yaml}\
            \n  b: {type: My::App}\
            \n  c: {type: OS::Heat::Value, properties: {value: {get_file: run.sh}}}\n";
        let env = "resource_registry:\n  My::App: nested/app.yaml\n";
        let files = vec![
            ("file:///p/root.yaml", root),
            ("file:///p/env.yaml", env),
            (
                "file:///p/nested/app.yaml",
                "heat_template_version: 2018-08-31\n",
            ),
        ];
        let stack = Stack::gather(
            "file:///p/root.yaml",
            &["file:///p/env.yaml".to_owned()],
            &MemoryFiles(files),
        );
        let at = |url: &str, text: &str, needle: &str| {
            let file = stack.file(url).unwrap();
            stack.file_named_at(file, text.find(needle).unwrap() as u32 + 1)
        };
        let root_url = "file:///p/root.yaml";
        assert_eq!(
            at(root_url, root, "nested/app"),
            Some("file:///p/nested/app.yaml")
        );
        // Not read (no such file), and still where heatclient looks.
        assert_eq!(at(root_url, root, "run.sh"), Some("file:///p/run.sh"));
        assert_eq!(at(root_url, root, "My::App"), None);
        assert_eq!(at(root_url, root, "OS::Heat"), None);
        let env_url = "file:///p/env.yaml";
        assert_eq!(
            at(env_url, env, "nested/"),
            Some("file:///p/nested/app.yaml")
        );
        assert_eq!(
            at(env_url, env, "My::App"),
            Some("file:///p/nested/app.yaml")
        );
    }
}
