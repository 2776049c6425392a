#![doc = include_str!("unknown_section.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::{DocumentKind, CONDITIONS_SINCE};

/// A top-level section Heat does not read in a document of this kind (or
/// `conditions` before the version that has it): Heat refuses it.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    // A stack's environment is read as one whatever its keys: an unknown
    // one alone is still an environment's unknown section.
    let environment = template.kind() == DocumentKind::Environment
        || (template.kind() == DocumentKind::Unknown && cx.as_environment);
    if template.kind() == DocumentKind::Unknown && !environment {
        return;
    }
    let known = template.known_sections();
    let hot_version = template.hot_version();
    let tree = cx.tree;
    for section in template.sections() {
        let key = section.entry.key;
        let name = tree.scalar(key).unwrap_or_default();
        let too_new = name == "conditions"
            && template.kind() == DocumentKind::Hot
            && hot_version.is_some_and(|v| v < CONDITIONS_SINCE);
        let message = if too_new {
            format!("`conditions` needs heat_template_version {CONDITIONS_SINCE} or later")
        } else if !known.contains(&name) {
            format!(
                "unknown section `{name}`; Heat accepts {}",
                known.join(", ")
            )
        } else {
            continue;
        };
        let diagnostic = cx.report(Rule::UnknownSection, tree.range(key), message);
        if environment {
            // python-heatclient reads an environment's sections itself.
            diagnostic.stage = Some(crate::lint::Stage::Client);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownSection,
            &[
                finds("heat_template_version: 2018-08-31\nresource: {}\n", 1),
                finds("heat_template_version: 2016-04-08\nconditions: {}\n", 1),
                finds("heat_template_version: 2016-10-14\nconditions: {}\n", 0),
                finds("AWSTemplateFormatVersion: 2010-09-09\nresources: {}\n", 1),
                finds(
                    "parameters: {}\nresource_registry: {}\nparameter_default: {}\n",
                    1,
                ),
            ],
        );
    }
}
