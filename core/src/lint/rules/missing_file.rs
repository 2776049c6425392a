#![doc = include_str!("missing_file.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::{ReadError, ReferenceKind, Target};

/// Each name of a file, in a file linted as part of its stack, that
/// reaches nothing.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    for reference in cx.file_references {
        let Target::Unread(why) = &reference.target else {
            continue;
        };
        let what = match reference.kind {
            ReferenceKind::Type => "the template of this type",
            ReferenceKind::GetFile => "the file get_file reads",
            ReferenceKind::Registry => "the template this registry entry maps to",
        };
        let written = &reference.written;
        let message = match why {
            // Named as written: the URL heatclient makes holds where the
            // files are, which is the user's own business.
            ReadError::NotFound => format!(
                "{what} is not there: `{written}` names no file, joined onto this file's directory as heatclient joins it, and heatclient refuses to create the stack (\"Could not fetch contents for ...\")"
            ),
            ReadError::NotAUrl => format!(
                "{what} is named `{}`, which is no URL: heatclient cannot open it (\"unknown url type\"); give `base_url` as a URL (file:///...) or leave it out",
                reference.url
            ),
            ReadError::Unreadable(reason) => {
                format!("{what}, `{written}`, cannot be read: {reason}")
            }
            ReadError::NotStored => {
                let refusal = match reference.kind {
                    ReferenceKind::GetFile => format!(
                        "No content found in the \"files\" section for get_file path: {written}"
                    ),
                    _ => format!(
                        "Could not fetch remote template \"{written}\": Invalid URL scheme"
                    ),
                };
                let message = format!(
                    "{what} is not among the files Heat keeps for this stack: Heat's engine \
                     looks `{written}` up there as written, and refuses the stack when it \
                     validates it (\"{refusal}\"); send the file under this name with the next \
                     update"
                );
                let diagnostic = cx.report(Rule::MissingFile, reference.range, message);
                diagnostic.stage = Some(crate::lint::Stage::Validate);
                continue;
            }
            // The engine reads a registry entry only for a resource of a
            // type it maps.
            ReadError::RefusedByEngine(_) if reference.unused => continue,
            ReadError::RefusedByEngine(refusal) => {
                let message = format!(
                    "{what}, `{written}`, is not sent: python-heatclient leaves out a registry \
                     value holding `::`, so Heat's engine fetches it itself, and refuses the \
                     stack when it validates it (\"{refusal}\"); name the template by a path \
                     without `::`, or by an http or https URL"
                );
                let diagnostic = cx.report(Rule::MissingFile, reference.range, message);
                diagnostic.stage = Some(crate::lint::Stage::Validate);
                continue;
            }
            // Not fetched: heatwise reads nothing from the network, and
            // says nothing it does not know.
            ReadError::Remote => continue,
            // Not read, and reported as such (HW411).
            ReadError::OutsideProject => continue,
        };
        cx.report(Rule::MissingFile, reference.range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::lint::{lint, LintOptions, Rule};
    use crate::stack::{MemoryFiles, Stack};

    /// The findings of the rule in the root of the stack `files` makes.
    fn found(files: &'static [(&'static str, &'static str)]) -> Vec<String> {
        let stack = Stack::gather(files[0].0, &[], &MemoryFiles(files.to_vec()));
        let references: Vec<_> = stack.references_from(0).cloned().collect();
        let options = LintOptions {
            references: &references,
            ..LintOptions::new(Catalog::builtin())
        };
        lint(files[0].1, &options)
            .into_iter()
            .filter(|d| d.rule == Rule::MissingFile)
            .map(|d| files[0].1[d.range.as_usize()].to_owned())
            .collect()
    }

    const ROOT: &str = "heat_template_version: 2018-08-31\nresources:\n  a: {type: here.yaml}\n  b: {type: gone.yaml}\n  c: {type: OS::Heat::SoftwareConfig, properties: {config: {get_file: run.sh}}}\n  d: {type: 'https://example.com/t.yaml'}\n";
    const FILES: &[(&str, &str)] = &[
        ("file:///t/root.yaml", ROOT),
        ("file:///t/here.yaml", "heat_template_version: 2018-08-31\n"),
    ];

    /// A stack as Heat keeps it: names looked up as written among its
    /// files, wherever they are written.
    #[test]
    fn stored_stacks_look_names_up_as_written() {
        let files = MemoryFiles(vec![
            ("file:///kept/template.yaml", "heat_template_version: 2018-08-31\nresources:\n  a: {type: here.yaml}\n  b: {type: gone.yaml}\n  c: {type: OS::Heat::SoftwareConfig, properties: {config: {get_file: run.sh}}}\n  d: {type: 'https://example.com/t.yaml'}\n  e: {type: 'file:///kept/here.yaml'}\n"),
            ("here.yaml", "heat_template_version: 2018-08-31\n"),
        ]);
        let stack = Stack::gather_stored(
            "file:///kept/template.yaml",
            &[],
            &files,
            &mut crate::stack::GatherCache::default(),
        );
        let references: Vec<_> = stack.references_from(0).cloned().collect();
        let options = LintOptions {
            references: &references,
            ..LintOptions::new(Catalog::builtin())
        };
        let text = files.0[0].1;
        let found: Vec<(String, Option<&str>)> = lint(text, &options)
            .into_iter()
            .filter(|d| d.rule == Rule::MissingFile)
            .map(|d| {
                (
                    text[d.range.as_usize()].to_owned(),
                    d.refused_at().map(|s| s.as_str()),
                )
            })
            .collect();
        // `here.yaml` is kept under its own name; the URL heatclient
        // would have made of it is not.
        assert_eq!(
            found,
            [
                ("gone.yaml".to_owned(), Some("validate")),
                ("run.sh".to_owned(), Some("validate")),
                ("'file:///kept/here.yaml'".to_owned(), Some("validate")),
            ]
        );
    }

    /// A registry value holding `::` is left for Heat's engine, which
    /// refuses it only for a resource Heat creates of a type it maps.
    #[test]
    fn engine_fetched_registry_templates() {
        let files = MemoryFiles(vec![
            (
                "file:///t/root.yaml",
                "heat_template_version: 2018-08-31\nconditions: {never: false}\nresources:\n  a: {type: My::A}\n  b: {type: My::B}\n  c: {type: My::C, condition: never}\n",
            ),
            (
                "file:///t/env.yaml",
                "resource_registry:\n  My::A: 'http://[::1/a.yaml'\n  My::B: 'https://[::1]/b.yaml'\n  My::C: 'c::c.yaml'\n  My::D: 'file:///d::d.yaml'\n  My::E: 'OS::Heat::None'\n",
            ),
        ]);
        let stack = Stack::gather(
            "file:///t/root.yaml",
            &["file:///t/env.yaml".to_owned()],
            &files,
        );
        let linter =
            crate::lint::StackLinter::new(&stack, &mut crate::stack::GatherCache::default());
        let text = files.0[1].1;
        let found: Vec<(&str, Option<&str>)> = linter
            .lint(1, &LintOptions::new(Catalog::builtin()))
            .into_iter()
            .filter(|d| d.rule == Rule::MissingFile)
            .map(|d| {
                (
                    &text[d.range.as_usize()],
                    d.refused_at().map(|s| s.as_str()),
                )
            })
            .collect();
        assert_eq!(found, [("'http://[::1/a.yaml'", Some("validate"))]);
    }

    #[test]
    fn cases() {
        let root = ROOT;
        assert_eq!(found(FILES), ["gone.yaml", "run.sh"]);
        // Linted alone, a file names nothing it could miss.
        let alone = lint(root, &LintOptions::new(Catalog::builtin()));
        assert!(alone.iter().all(|d| d.rule != Rule::MissingFile));
    }
}
