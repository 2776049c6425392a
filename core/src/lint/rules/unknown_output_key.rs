#![doc = include_str!("unknown_output_key.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::versions::in_version;
use crate::template::DocumentKind;

/// A key of an output that the declared HOT version does not read: Heat
/// ignores it.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let (Some(version), DocumentKind::Hot) = (template.hot_template_version(), template.kind())
    else {
        return;
    };
    if version.output_keys.is_empty() {
        return;
    }
    let tree = cx.tree;
    for output in template.outputs() {
        for entry in tree.entries(output.entry.value) {
            let Some(key) = tree.scalar(entry.key) else {
                continue;
            };
            if version.output_keys.iter().any(|k| k == key) {
                continue;
            }
            let later = in_version(Some(version), |v| &v.output_keys, key);
            let message = format!(
                "`{key}` is not an output keyword{later}; Heat accepts {}",
                version.output_keys.join(", ")
            );
            cx.report(Rule::UnknownOutputKey, tree.range(entry.key), message);
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
            Rule::UnknownOutputKey,
            &[
                finds("heat_template_version: 2018-08-31\noutputs:\n  o: {value: 1, valeu: 2}\n", 1),
                finds("heat_template_version: 2018-08-31\noutputs:\n  o: {value: 1, description: d}\n", 0),
            ],
        );
    }
}
