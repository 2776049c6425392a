#![doc = include_str!("unknown_template_version.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::{template_versions, DocumentKind, TemplateVersion};

/// A version Heat does not know at any release.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let Some(entry) = template.version_entry() else {
        return;
    };
    let value = cx.tree.scalar(entry.value);
    let (known, message) = match (template.kind(), cx.tree.scalar(entry.key)) {
        (DocumentKind::Hot, _) => (
            template.hot_template_version().is_some(),
            format!(
                "unknown heat_template_version; Heat knows {}",
                template_versions()
                    .iter()
                    .filter(|v| v.key == "heat_template_version")
                    .map(TemplateVersion::display)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        (DocumentKind::CloudFormation, key) => (
            match key {
                Some("AWSTemplateFormatVersion") => value == Some("2010-09-09"),
                _ => value == Some("2012-12-12"),
            },
            "unknown template format version; Heat knows \
             AWSTemplateFormatVersion 2010-09-09 and HeatTemplateFormatVersion 2012-12-12"
                .to_owned(),
        ),
        _ => return,
    };
    if !known {
        let range = cx.tree.range(entry.value);
        cx.report(Rule::UnknownTemplateVersion, range, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownTemplateVersion,
            &[
                finds("heat_template_version: 2015-04-31\n", 1),
                finds("heat_template_version: 2015-04-30\n", 0),
                // Release names are versions too.
                finds("heat_template_version: wallaby\n", 0),
                finds("AWSTemplateFormatVersion: 2010-09-10\nResources: {}\n", 1),
                finds("HeatTemplateFormatVersion: 2012-12-12\nResources: {}\n", 0),
            ],
        );
    }
}
