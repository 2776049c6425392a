#![doc = include_str!("unknown_tag.md")]

use crate::lint::context::Context;
use crate::lint::Rule;

/// Tags other than YAML's core ones: Heat's loader cannot construct them.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let tree = cx.tree;
    for node in tree.node_ids() {
        let Some(tag) = tree.tag(node) else {
            continue;
        };
        if tag.starts_with("tag:yaml.org,2002:") {
            continue;
        }
        let message = format!("Heat's YAML loader cannot read the tag `{tag}`");
        cx.report(
            Rule::UnknownTag,
            tree.tag_range(node).unwrap_or_default(),
            message,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownTag,
            &[
                finds("heat_template_version: 2018-08-31\nresources: !Ref x\n", 1),
                finds("heat_template_version: 2018-08-31\noutputs:\n  o: {value: !!str 1}\n  p: {value: !custom 2}\n", 1),
                // In an environment too.
                finds("parameters:\n  a: !include b.yaml\n", 1),
            ],
        );
    }
}
