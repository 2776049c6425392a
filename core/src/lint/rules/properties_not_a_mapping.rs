#![doc = include_str!("properties_not_a_mapping.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::syntax::Resolved;

/// Properties written as something other than a mapping, an empty value
/// or a function call giving one.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    for (name, definition) in template.definitions() {
        let Some(value) = definition.properties_value else {
            continue;
        };
        let null = tree.resolve(value) == Some(Resolved::Null);
        if !tree.is_mapping(value) && !null && !template.is_written_as_call(value) {
            let message = format!("the properties of {name} must be a mapping");
            cx.report(Rule::PropertiesNotAMapping, tree.range(value), message);
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
            Rule::PropertiesNotAMapping,
            &[
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None, properties: [a]}\n", 1),
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None, properties: }\n", 0),
                finds("heat_template_version: 2018-08-31\nparameters:\n  p: {type: json}\nresources:\n  s: {type: OS::Heat::None, properties: {get_param: p}}\n", 0),
            ],
        );
    }
}
