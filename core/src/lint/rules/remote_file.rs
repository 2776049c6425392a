#![doc = include_str!("remote_file.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::{ReadError, Target};

/// Each name of a file, in a file linted as part of its stack, that is a
/// remote URL heatwise does not fetch.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    for reference in cx.file_references {
        if reference.target != Target::Unread(ReadError::Remote) {
            continue;
        }
        let message = format!(
            "`{}` is a remote file, which heatwise does not fetch: what it holds is not checked (Heat fetches it when the stack is created); keep it beside the template to have it checked",
            reference.url
        );
        cx.report(Rule::RemoteFile, reference.range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::lint::{lint, LintOptions, Rule, Severity};
    use crate::stack::{Content, FileProvider, ReadError, Stack};

    /// The root (its text), one local file beside it, the rest remote or
    /// not there.
    struct Files(&'static str);

    impl FileProvider for Files {
        fn read(&self, url: &str) -> Result<Content, ReadError> {
            match url {
                "file:///t/root.yaml" => Ok(Content::Text(self.0.to_owned())),
                "file:///t/here.yaml" => Ok(Content::Text(
                    "heat_template_version: 2018-08-31\n".to_owned(),
                )),
                _ if url.starts_with("https:") => Err(ReadError::Remote),
                _ => Err(ReadError::NotFound),
            }
        }
    }

    #[test]
    fn cases() {
        let root = "heat_template_version: 2018-08-31\nresources:\n  a: {type: here.yaml}\n  b: {type: 'https://example.com/t.yaml'}\n  c: {type: OS::Heat::SoftwareConfig, properties: {config: {get_file: 'https://example.com/run.sh'}}}\n  d: {type: gone.yaml}\n";
        let stack = Stack::gather("file:///t/root.yaml", &[], &Files(root));
        let references: Vec<_> = stack.references_from(0).cloned().collect();
        let options = LintOptions {
            references: &references,
            ..LintOptions::new(Catalog::builtin())
        };
        let found: Vec<(&str, Severity)> = lint(root, &options)
            .into_iter()
            .filter(|d| d.rule == Rule::RemoteFile)
            .map(|d| (&root[d.range.as_usize()], d.severity))
            .collect();
        assert_eq!(
            found,
            [
                ("'https://example.com/t.yaml'", Severity::Info),
                ("'https://example.com/run.sh'", Severity::Info)
            ]
        );
        // Linted alone, a file names nothing it could not read.
        let alone = lint(root, &LintOptions::new(Catalog::builtin()));
        assert!(alone.iter().all(|d| d.rule != Rule::RemoteFile));
    }
}
