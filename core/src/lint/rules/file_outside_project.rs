#![doc = include_str!("file_outside_project.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::{ReadError, Target};

/// Each name of a file, in a file linted as part of a project's stack,
/// that leaves the project's directory.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    for reference in cx.file_references {
        if reference.target != Target::Unread(ReadError::OutsideProject) {
            continue;
        }
        let message = format!(
            "`{}` names a file outside the project's directory: heatwise does not read it, so neither it nor what is passed to it is checked, and the stack depends on a file not kept with it; bring the file into the project, or map its directory with path-map",
            reference.written
        );
        cx.report(Rule::FileOutsideProject, reference.range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::lint::{lint, LintOptions, Rule};
    use crate::stack::{Content, FileProvider, ReadError, Stack};

    /// A project in `/p`: the root, and files in and out of it.
    struct Project(&'static str);

    impl FileProvider for Project {
        fn read(&self, url: &str) -> Result<Content, ReadError> {
            let text = |text: &str| Ok(Content::Text(text.to_owned()));
            match url {
                "file:///p/root.yaml" => text(self.0),
                _ if !url.starts_with("file:///p/") => Err(ReadError::OutsideProject),
                "file:///p/lib/app.yaml" => text("heat_template_version: 2018-08-31\n"),
                _ => Err(ReadError::NotFound),
            }
        }
    }

    #[test]
    fn cases() {
        let root = "heat_template_version: 2018-08-31\nresources:\n  a: {type: lib/app.yaml}\n  b: {type: ../shared/db.yaml}\n  c: {type: lib/../../x.yaml}\n  d: {type: gone.yaml}\n";
        let stack = Stack::gather("file:///p/root.yaml", &[], &Project(root));
        let references: Vec<_> = stack.references_from(0).cloned().collect();
        let options = LintOptions {
            references: &references,
            ..LintOptions::new(Catalog::builtin())
        };
        let found: Vec<(Rule, &str)> = lint(root, &options)
            .into_iter()
            .filter(|d| matches!(d.rule, Rule::FileOutsideProject | Rule::MissingFile))
            .map(|d| (d.rule, &root[d.range.as_usize()]))
            .collect();
        assert_eq!(
            found,
            [
                (Rule::FileOutsideProject, "../shared/db.yaml"),
                (Rule::FileOutsideProject, "lib/../../x.yaml"),
                (Rule::MissingFile, "gone.yaml"),
            ]
        );
    }
}
