//! The names each file of a stack declares and uses, read from its text:
//! a template's parameters, resources, outputs and the names its
//! functions and nested properties use; an environment's parameters.

use crate::syntax::{NodeId, Tree};
use crate::template::{merge, Template};
use crate::text::TextRange;

use super::super::gather::FileId;
use super::super::registry::is_template_name;
use super::{EnvironmentNames, ResourceNames, TemplateNames};

/// The names a template declares and uses.
pub(super) fn template_names(
    template: &Template<'_>,
    by_type: &dyn Fn(TextRange) -> Option<FileId>,
    resolve: &mut dyn FnMut(&str, &str) -> Option<FileId>,
) -> TemplateNames {
    let tree = template.tree();
    let mut names = TemplateNames {
        kind: Some(template.kind()),
        ..TemplateNames::default()
    };
    for parameter in template.parameters() {
        names
            .parameters
            .push((parameter.name.clone(), tree.range(parameter.entry.key)));
    }
    for output in template.outputs() {
        names
            .outputs
            .push((output.name.clone(), tree.range(output.entry.key)));
    }
    let declares = |name: &str| template.parameters().iter().any(|p| p.name == name);
    for call in template.function_calls() {
        let first = if tree.is_sequence(call.args) {
            tree.items(call.args).first().copied()
        } else {
            Some(call.args)
        };
        let Some(first) = first else { continue };
        let name = tree.scalar(first).map(str::to_owned);
        let range = tree.range(first);
        match (call.name, name) {
            ("get_param", Some(name)) => names.parameter_uses.push((name, range)),
            ("Ref", Some(name)) if declares(&name) => names.parameter_uses.push((name, range)),
            ("get_resource" | "Ref", Some(name)) => names.resource_uses.push((name, range)),
            ("get_attr" | "Fn::GetAtt", Some(name)) => {
                if let Some(attribute) = tree.items(call.args).get(1) {
                    match tree.scalar(*attribute) {
                        Some(a) => names.attribute_uses.push((
                            name.clone(),
                            a.to_owned(),
                            tree.range(*attribute),
                        )),
                        None => names.computed.push(tree.range(*attribute)),
                    }
                }
                names.resource_uses.push((name, range));
            }
            ("get_param" | "get_resource" | "get_attr" | "Fn::GetAtt" | "Ref", None) => {
                names.computed.push(range);
            }
            _ => {}
        }
    }
    parameter_groups(template, &mut names.parameter_uses);
    for resource in template.resources() {
        let definition = &resource.definition;
        for item in template.depends_on(definition) {
            if let Some(name) = tree.scalar(item) {
                names
                    .resource_uses
                    .push((name.to_owned(), tree.range(item)));
            }
        }
        let nested = match (definition.type_name.as_deref(), definition.type_range(tree)) {
            (Some(written), Some(range)) if is_template_name(written) => by_type(range),
            (Some(written), _) => resolve(written, &resource.name),
            _ => None,
        };
        let properties = match definition.properties_mapping(tree) {
            Some(mapping) if nested.is_some() => property_keys(tree, mapping),
            _ => Vec::new(),
        };
        names.resources.push(ResourceNames {
            name: resource.name.clone(),
            range: resource.name_range(tree),
            nested,
            properties,
        });
    }
    names
}

/// The keys of a properties mapping, each with whether it is written in
/// the mapping itself.
fn property_keys(tree: &Tree<'_>, mapping: NodeId) -> Vec<(String, TextRange, bool)> {
    merge::flattened(tree, mapping)
        .into_iter()
        .filter_map(|merged| {
            let key = tree.scalar(merged.entry.key)?;
            Some((
                key.to_owned(),
                tree.range(merged.entry.key),
                merged.holder == mapping,
            ))
        })
        .collect()
}

/// The parameters `parameter_groups` lists.
fn parameter_groups(template: &Template<'_>, uses: &mut Vec<(String, TextRange)>) {
    let tree = template.tree();
    let Some(groups) = template.section("parameter_groups") else {
        return;
    };
    for &group in tree.items(groups) {
        let Some(listed) = tree
            .is_mapping(group)
            .then(|| tree.get(group, "parameters"))
            .flatten()
        else {
            continue;
        };
        for &item in tree.items(listed) {
            if let Some(name) = tree.scalar(item) {
                uses.push((name.to_owned(), tree.range(item)));
            }
        }
    }
}

/// The parameter keys and scoped registry names of an environment.
pub(super) fn environment_names(environment: &Template<'_>) -> EnvironmentNames {
    let tree = environment.tree();
    let keys = |section: &str| -> Vec<(String, TextRange)> {
        environment
            .section_entries(section)
            .into_iter()
            .map(|(name, entry)| (name.to_owned(), tree.range(entry.key)))
            .collect()
    };
    let mut scoped: Vec<(String, TextRange)> = Vec::new();
    for entry in environment.registry() {
        if let Some(scope) = entry.scope {
            if let Some(name) = tree.scalar(scope) {
                let range = tree.range(scope);
                if !scoped.iter().any(|(_, r)| *r == range) {
                    scoped.push((name.to_owned(), range));
                }
            }
        }
    }
    EnvironmentNames {
        parameters: keys("parameters"),
        parameter_defaults: keys("parameter_defaults"),
        scoped,
    }
}
