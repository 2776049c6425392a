#![doc = include_str!("resource_type_not_a_string.md")]

use crate::lint::context::Context;
use crate::lint::Rule;

/// A type written as something other than a non-empty string.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    for (name, definition) in template.definitions() {
        let Some(entry) = definition.type_entry else {
            continue;
        };
        if definition.type_name.is_none() {
            let range = cx.tree.range(entry.value);
            let message = format!("the type of {name} must be a string");
            cx.report(Rule::ResourceTypeNotAString, range, message);
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
            Rule::ResourceTypeNotAString,
            &[
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: [a]}\n", 1),
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: ''}\n  t: {type: }\n", 2),
                finds("heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None}\n", 0),
            ],
        );
    }
}
