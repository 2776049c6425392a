#![doc = include_str!("invalid_resource_field.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::syntax::Resolved;
use crate::template::Template;

/// What Heat's `_rsrc_defn_args` requires of each field, by its HOT name:
/// the type it must be and how Heat's message names that type.
const FIELDS: [(&str, Shape, &str); 4] = [
    ("metadata", Shape::MappingOrCall, "object"),
    ("update_policy", Shape::MappingOrCall, "object"),
    ("deletion_policy", Shape::StringOrCall, "string"),
    ("description", Shape::String, "string"),
];

#[derive(Clone, Copy)]
enum Shape {
    MappingOrCall,
    StringOrCall,
    String,
}

/// A resource's `depends_on`, `metadata`, `update_policy`,
/// `deletion_policy` or `description` (their CloudFormation spellings in a
/// CloudFormation template) of a type Heat refuses.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    for resource in template.resources() {
        let definition = &resource.definition;
        if !tree.is_mapping(definition.body) || cx.unread().disabled_by(&resource.name).is_some() {
            continue;
        }
        let written = |hot_key: &str| {
            let entry = template.resource_entry(definition, hot_key)?;
            let key = tree.scalar(entry.key)?.to_owned();
            Some((entry, key))
        };
        if let Some((entry, key)) = written("depends_on") {
            let value = entry.value;
            let message = if is_string(template, value) {
                None
            } else if tree.is_sequence(value) {
                tree.items(value)
                    .iter()
                    .find(|&&item| !is_string(template, item))
                    .map(|&item| {
                        (
                            item,
                            format!("`{key}` must be a list of resource names (strings)"),
                        )
                    })
            } else {
                Some((
                    value,
                    format!("`{key}` must be a resource name or a list of them"),
                ))
            };
            if let Some((node, message)) = message {
                let message = format!("{message}: Heat refuses resource `{}`", resource.name);
                cx.report(Rule::InvalidResourceField, tree.range(node), message);
            } else if written("external_id").is_some()
                && (tree.scalar(value).is_some_and(|name| !name.is_empty())
                    || tree.is_sequence(value) && !tree.items(value).is_empty())
            {
                // An external resource may depend on nothing.
                let message = format!(
                    "resource `{}` has an `external_id`: Heat refuses it any `{key}`",
                    resource.name
                );
                cx.report(Rule::InvalidResourceField, tree.range(entry.key), message);
            }
        }
        for (hot_key, shape, heat_name) in FIELDS {
            let Some((entry, key)) = written(hot_key) else {
                continue;
            };
            let value = entry.value;
            let is_call = template.is_call(value);
            let fits = match shape {
                Shape::MappingOrCall => tree.is_mapping(value) || is_call,
                Shape::StringOrCall => is_string(template, value) || is_call,
                Shape::String => is_string(template, value),
            };
            if !fits {
                let message = format!(
                    "`{key}` must be {}: Heat refuses resource `{}` (\"{key} type must be \
                        {heat_name}\")",
                    match shape {
                        Shape::MappingOrCall => "a mapping",
                        _ => "a string",
                    },
                    resource.name
                );
                cx.report(Rule::InvalidResourceField, tree.range(value), message);
            }
        }
    }
}

/// Whether Heat's loader reads the node as a string: a YAML scalar that
/// resolves to a number, a boolean or null is none.
fn is_string(template: &Template<'_>, node: crate::syntax::NodeId) -> bool {
    let tree = template.tree();
    matches!(
        tree.resolve(node),
        Some(Resolved::Str(_) | Resolved::Timestamp(_))
    )
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidResourceField,
            &[
                finds(
                    concat!(
                        "heat_template_version: 2018-08-31\nresources:\n",
                        "  a: {type: OS::Heat::None}\n",
                        "  b: {type: OS::Heat::None, depends_on: 1}\n",
                        "  c: {type: OS::Heat::None, depends_on: {a: 1}}\n",
                        "  d: {type: OS::Heat::None, depends_on: [a, {a: 1}]}\n",
                        "  e: {type: OS::Heat::None, update_policy: rolling, metadata: [a], ",
                        "deletion_policy: [Retain]}\n",
                    ),
                    6,
                ),
                finds(
                    "heat_template_version: 2018-08-31\nparameters:\n  p: {type: json, default: \
                        {}}\nresources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None, \
                        depends_on: a, metadata: {get_param: p}, update_policy: {}, \
                        deletion_policy: {get_param: q}, description: text}\n  c: {type: \
                        OS::Heat::None, depends_on: [a, b]}\n",
                    0,
                ),
                finds(
                    "AWSTemplateFormatVersion: 2010-09-09\nResources:\n  A: {Type: \
                        OS::Heat::None}\n  B: {Type: OS::Heat::None, DependsOn: 1, UpdatePolicy: \
                        rolling, Metadata: text}\n  C: {Type: OS::Heat::None, DependsOn: A}\n",
                    3,
                ),
            ],
        );
    }
}
