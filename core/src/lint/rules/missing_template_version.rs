#![doc = include_str!("missing_template_version.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::DocumentKind;
use crate::text::TextRange;

/// A template without its version key: Heat cannot tell how to read it.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    if !matches!(
        template.kind(),
        DocumentKind::Hot | DocumentKind::CloudFormation
    ) || template.version_entry().is_some()
    {
        return;
    }
    let Some(root) = cx.tree.root() else {
        return;
    };
    let message = format!(
        "the template does not say its version (`{}`)",
        template.version_keys()[0]
    );
    let at = TextRange::empty(cx.tree.range(root).start);
    cx.report(Rule::MissingTemplateVersion, at, message);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::MissingTemplateVersion,
            &[
                // Resources and no version: read as a HOT template.
                finds("resources: {}\n", 1),
                finds("Resources: {}\n", 1),
                finds("heat_template_version: 2018-08-31\nresources: {}\n", 0),
                finds("AWSTemplateFormatVersion: 2010-09-09\nResources: {}\n", 0),
                // An environment has none.
                finds("parameters: {a: 1}\n", 0),
            ],
        );
    }
}
