#![doc = include_str!("unknown_resource_key.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::versions::in_version;

/// A key of a resource definition that the version does not read: Heat
/// refuses the resource.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let known = template.resource_keys();
    let version = template.hot_template_version();
    for resource in template.resources() {
        for entry in tree.entries(resource.definition.body) {
            let Some(key) = tree.scalar(entry.key) else {
                continue;
            };
            if known.contains(&key) {
                continue;
            }
            let later = in_version(version, |v| &v.resource_keys, key);
            let message = format!(
                "`{key}` is not a resource keyword{later}; Heat accepts {}",
                known.join(", ")
            );
            cx.report(Rule::UnknownResourceKey, tree.range(entry.key), message);
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
            Rule::UnknownResourceKey,
            &[
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None, image: x}\n", 1),
                // `condition` arrived in 2016-10-14, `external_id` too.
                finds("heat_template_version: 2016-04-08\nresources:\n  s: {type: OS::Heat::None, condition: c}\n", 1),
                finds("heat_template_version: 2016-10-14\nresources:\n  s: {type: OS::Heat::None, condition: c}\n", 0),
                finds("AWSTemplateFormatVersion: 2010-09-09\nResources:\n  s: {Type: OS::Heat::None, type: x}\n", 1),
            ],
        );
    }
}
