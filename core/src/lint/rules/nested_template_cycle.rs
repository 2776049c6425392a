#![doc = include_str!("nested_template_cycle.md")]

use crate::lint::context::Context;
use crate::lint::{Related, Rule};
use crate::stack::Target;
use crate::text::TextRange;

/// Each name of a template, in a file linted as part of its stack, that
/// reaches a template still being gathered: one the name is inside of.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    for reference in cx.file_references {
        if let Target::Cycle(_) = reference.target {
            let message = format!(
                "`{}` contains this template again: the templates nest in a cycle, which heatclient never finishes gathering and Heat refuses",
                reference.written
            );
            let diagnostic = cx.report(Rule::NestedTemplateCycle, reference.range, message);
            diagnostic.related.push(Related {
                url: reference.url.to_string(),
                range: TextRange::empty(0),
                message: "the template the cycle returns to".to_owned(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::lint::{lint, LintOptions, Rule};
    use crate::stack::{MemoryFiles, Stack};

    #[test]
    fn cases() {
        let files: &[(&str, &str)] = &[
            (
                "file:///t/app.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  child: {type: child.yaml}\n",
            ),
            (
                "file:///t/child.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  parent: {type: app.yaml}\n  leaf: {type: leaf.yaml}\n",
            ),
            ("file:///t/leaf.yaml", "heat_template_version: 2018-08-31\n"),
        ];
        let stack = Stack::gather(files[0].0, &[], &MemoryFiles(files.to_vec()));
        let found = |file: usize| {
            let references: Vec<_> = stack.references_from(file).cloned().collect();
            let options = LintOptions {
                references: &references,
                ..LintOptions::new(Catalog::builtin())
            };
            lint(&stack.files[file].text, &options)
                .into_iter()
                .filter(|d| d.rule == Rule::NestedTemplateCycle)
                .count()
        };
        // Reported where the cycle closes: in child.yaml, naming app.yaml.
        assert_eq!(found(0), 0);
        assert_eq!(found(1), 1);
    }
}
