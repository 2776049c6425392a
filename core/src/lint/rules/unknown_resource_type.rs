#![doc = include_str!("unknown_resource_type.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;
use crate::text::TextRange;

pub(crate) fn check(cx: &mut Context<'_, '_>, name: &str, range: TextRange) {
    let Some((namespace, _)) = name.rsplit_once("::") else {
        return;
    };
    let namespace = format!("{namespace}::");
    let catalog = cx.catalog;
    let known_namespace = catalog.types().any(|t| t.name().starts_with(&namespace))
        || catalog.aliases().any(|a| a.name.starts_with(&namespace));
    if !known_namespace {
        // Another namespace: a template resource that an environment maps.
        // Linted alone, the environments are not known; in a stack they
        // are, and none maps it.
        if cx.stack.is_some() {
            cx.report(
                Rule::UnknownResourceType,
                range,
                format!(
                    "no environment of the stack maps `{name}` and Heat has no such type: Heat refuses it (\"could not be found\"); map it in a `resource_registry` and pass that environment (`-e`)"
                ),
            );
        }
        return;
    }
    let target = cx.at.release();
    let names = catalog
        .types()
        .filter(|t| target.is_none_or(|r| t.is_available_at(r)))
        .map(|t| t.name());
    let message = with_suggestions(
        format!("unknown resource type `{name}`"),
        &closest(name, names),
    );
    cx.report(Rule::UnknownResourceType, range, message);
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownResourceType,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Nova::Sever}\n",
                    1,
                ),
                // Another namespace, a file: template resources.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  s: {type: My::Server}\n  t: {type: server.yaml}\n",
                    0,
                ),
            ],
        );
    }
}
