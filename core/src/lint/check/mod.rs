//! One pass over a template: each rule is called where what it checks is,
//! in the order Heat reads the template (structure, resource types,
//! properties, references, an environment's registry).

use crate::catalog::{Property, PropertyType, ResourceType, TypeResolution};
use crate::stack::Resolution;
use crate::syntax::{Entry, NodeId};
use crate::template::{merge, Definition, ProblemKind, Template};

mod attributes;
#[cfg(feature = "stack")]
mod uses;

use super::context::Context;
use super::lifecycle::{PropertyUse, TypeUse};
use super::memo::Split;
use super::rules::*;
use super::{Diagnostic, LintOptions};

pub(super) fn check(
    template: &Template<'_>,
    options: &LintOptions<'_>,
    split: Option<&dyn Split>,
) -> Vec<Diagnostic> {
    let mut cx = Context::new(template, options);
    let Some(split) = split else {
        let mut part = 0;
        while run_part(&mut cx, part).is_some() {
            part += 1;
        }
        return cx.finish();
    };
    cx.split_by(split);
    let mut part = match split.resume() {
        Some((part, found)) => {
            cx.resume(found);
            part
        }
        None => 0,
    };
    loop {
        // A part an earlier lint ran with the same answers found the same.
        let last = match split.skip(part) {
            Some((found, last)) => {
                cx.found_anyway(found);
                last
            }
            None => match run_part(&mut cx, part) {
                Some(last) => last,
                None => break,
            },
        };
        split.part_ended(cx.found_so_far(), last);
        if last {
            break;
        }
        part += 1;
    }
    cx.finish()
}

/// Runs part number `part` of the rules ([`Split`]), and says whether it
/// is the last; `None` past the last. The parts: the reader's problems
/// and the structure; each resource's definition; each group's member
/// definition; the references and the registry; then, in a stack, the
/// rules that read the other files, each member of a chain a parameter
/// lists apart (see `uses.rs`).
fn run_part(cx: &mut Context<'_, '_>, part: usize) -> Option<bool> {
    let template = cx.template;
    let (resources, nested) = (template.resources(), template.nested_definitions());
    let references = resources.len() + nested.len() + 1;
    if part == 0 {
        reading_problems(cx);
        structure(cx);
    } else if let Some(resource) = resources.get(part - 1) {
        definition(cx, &resource.definition, Some(&resource.name), true);
        unknown_resource_reference::depends_on(cx, &resource.definition);
    } else if let Some(nested) = nested.get(part - 1 - resources.len()) {
        let group = &resources[nested.group].definition;
        let made = server_without_networks::has_members(cx, group);
        definition(cx, &nested.definition, None, made);
    } else if part == references {
        attributes::attribute_refs(cx);
        unknown_resource_reference::resource_refs(cx);
        unknown_output_reference::check(cx);
        circular_dependency::check(cx);
        unknown_parameter_reference::check(cx);
        registry(cx);
        return Some(!cfg!(feature = "stack"));
    } else {
        #[cfg(feature = "stack")]
        return stack_part(cx, part - references - 1);
    }
    #[cfg(not(feature = "stack"))]
    if part > references {
        return None;
    }
    Some(false)
}

/// Part number `part` of what a file says of the other files of its
/// stack, when it is linted as part of one: the rules over the whole file,
/// then one part for each definition that may be made from a nested
/// template and one for each member of a chain a parameter lists (see
/// `uses.rs`), then the rest. `None` past the last.
#[cfg(feature = "stack")]
fn stack_part(cx: &mut Context<'_, '_>, part: usize) -> Option<bool> {
    let uses = cx.nested_use_places();
    if part == 0 {
        missing_file::check(cx);
        remote_file::check(cx);
        file_outside_project::check(cx);
        nested_template_cycle::check(cx);
        unknown_nested_output::check(cx);
        return Some(false);
    }
    // Each use asks the stack only about its own template: the parts of
    // the uses an environment leaves alone are not run again.
    if part <= uses {
        if let Some(used) = cx.nested_use_at(part - 1) {
            uses::check_use(cx, &used);
        }
        return Some(false);
    }
    let members = cx.chain_members();
    if let Some(member) = members.get(part - uses - 1) {
        uses::check_member(cx, member);
    } else if part == uses + members.len() + 1 {
        provider_template_mismatch::check(cx);
        type_not_a_template::check(cx);
        template_too_large::check(cx);
        unknown_environment_parameter::check(cx);
        unused_parameter_default::check(cx);
        invalid_environment_value::check(cx);
        deprecated_parameter_set::check(cx);
        return Some(true);
    } else {
        return None;
    }
    Some(false)
}

/// What the reader found: each kind of problem is one rule's.
fn reading_problems(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    for problem in template.problems() {
        let check = match problem.kind {
            ProblemKind::Syntax => invalid_syntax::check,
            ProblemKind::TooManyProblems => too_many_findings::check,
            ProblemKind::EmptyDocument => empty_document::check,
            ProblemKind::NotAMapping => document_not_a_mapping::check,
            ProblemKind::UnknownDocument => unknown_document_kind::check,
            ProblemKind::DuplicateKey { .. } => duplicate_key::check,
            ProblemKind::SectionNotMapping => section_not_a_mapping::check,
            ProblemKind::AliasBudget => alias_expansion_limit::check,
            ProblemKind::ResourceNotMapping => resource_not_a_mapping::check,
            ProblemKind::RegistryNotMapping => registry_entry_not_a_mapping::check,
            ProblemKind::RegistryValueNotAName => registry_entry_not_a_mapping::check_gathered,
        };
        check(cx, problem);
    }
}

/// What Heat refuses in the model read: tags, version, sections,
/// definitions, outputs, parameters, conditions and function calls.
fn structure(cx: &mut Context<'_, '_>) {
    unknown_tag::check(cx);
    missing_template_version::check(cx);
    unknown_template_version::check(cx);
    unreleased_template_version::check(cx);
    unknown_section::check(cx);
    missing_resource_type::check(cx);
    resource_type_not_a_string::check(cx);
    properties_not_a_mapping::check(cx);
    unknown_resource_key::check(cx);
    invalid_resource_field::check(cx);
    duplicate_name::check(cx);
    invalid_resource_name::check(cx);
    too_many_resources::check(cx);
    invalid_deletion_policy::check(cx);
    chain_template_file::check(cx);
    unknown_output_key::check(cx);
    invalid_output::check(cx);
    unknown_parameter_key::check(cx);
    invalid_parameter_groups::check(cx);
    invalid_parameter::check(cx);
    invalid_condition::check(cx);
    invalid_condition::cfn_undefined_names(cx);
    invalid_function_arguments::check(cx);
    removed_function::check(cx);
    function_unknown_to_version::check(cx);
    ignored_function_argument::check(cx);
}

/// A type name where it is used: a resource's `type` (with its definition
/// and the resource's name) or an environment's registry entry. Returns
/// the type to check the rest against, when the catalog knows it and it
/// exists at the target.
fn type_usage<'a>(
    cx: &mut Context<'a, '_>,
    written: &str,
    node: NodeId,
    definition: Option<&Definition>,
    resource: Option<&str>,
) -> Option<ResourceType<'a>> {
    if is_template_resource(written) {
        return None;
    }
    let range = cx.tree.range(node);
    // The type Heat creates: the environments may map the one written.
    let mapped = match cx.mapped_type(written, resource) {
        Some(Resolution::Template(_) | Resolution::Loop) => return None,
        Some(Resolution::Type(name)) if *name != *written => Some(name.to_string()),
        _ => None,
    };
    let name = mapped.as_deref().unwrap_or(written);
    let Some(resolution) = cx.catalog.resolve_type(name) else {
        unknown_resource_type::check(cx, written, range);
        return None;
    };
    // A fix rewrites the type where it is written, which cannot change
    // what the environments map it to: only advice then.
    let definition = if mapped.is_some() { None } else { definition };
    let (resource_type, what) = match resolution {
        TypeResolution::Registered(resource_type) => (resource_type, format!("`{name}`")),
        TypeResolution::Aliased { resource_type, .. } => {
            if mapped.is_none() {
                resource_type_alias::check(cx, name, resource_type, node);
            }
            let what = format!("`{name}` (an alias of `{}`)", resource_type.name());
            (resource_type, what)
        }
        TypeResolution::Template { .. } => return None,
    };
    let what = match &mapped {
        Some(_) => format!("`{written}`, which the environments map to {what},"),
        None => what,
    };
    if placeholder_resource_type::check(cx, resource_type, &what, range, definition) {
        return None;
    }
    let used = TypeUse {
        resource_type,
        what,
        range,
        definition,
        state: cx.at.state(&resource_type),
    };
    deprecated_resource_type::check(cx, &used);
    hidden_resource_type::check(cx, &used);
    unsupported_resource_type::check(cx, &used);
    unavailable_resource_type::check(cx, &used);
    used.state.is_available().then_some(resource_type)
}

/// `OS::Heat::None` stands in for any type: Heat takes every property and
/// attribute of it (`NoneResource`).
fn takes_anything(resource_type: ResourceType<'_>) -> bool {
    resource_type.name() == "OS::Heat::None"
}

/// A type that names a template file (or URL) rather than a plugin: one
/// Heat takes for a template, a path, or a name no plugin has (no `::`).
fn is_template_resource(name: &str) -> bool {
    name.contains('/') || crate::stack::registry::is_template_name(name) || !name.contains("::")
}

/// A resource's definition (`resource`: its name), or a group's member
/// definition (`None`).
/// `made`: Heat creates what the definition defines (a group's member
/// definition, when the group has members).
fn definition(
    cx: &mut Context<'_, '_>,
    definition: &Definition,
    resource: Option<&str>,
    made: bool,
) {
    let (Some(name), Some(type_entry)) = (definition.type_name.as_deref(), definition.type_entry)
    else {
        return;
    };
    let Some(resource_type) = type_usage(cx, name, type_entry.value, Some(definition), resource)
    else {
        return;
    };
    let at_type = cx.tree.range(type_entry.value);
    let Some(properties) = definition.properties_mapping(cx.tree) else {
        if definition.properties.is_none() && !takes_anything(resource_type) {
            missing_required_property::check(cx, resource_type, None, None, at_type);
        }
        return;
    };
    if cx.template.is_call(properties) {
        return;
    }
    if takes_anything(resource_type) {
        // No property is unknown to it; a repeated key is still the text's.
        duplicate_key::check_properties(cx, properties);
        return;
    }
    property_mapping(cx, resource_type, None, properties, "");
    missing_required_property::check(cx, resource_type, None, Some(properties), at_type);
    conflicting_properties::check(cx, resource_type, properties);
    if let Some(resource) = resource {
        refused_by_resource_type::check(cx, resource_type, resource, properties);
        not_a_wait_condition_handle::check(cx, resource_type, properties);
    }
    if made {
        server_without_networks::check(cx, resource_type, type_entry.value, properties);
    }
}

/// Each entry of a mapping of properties: the top-level properties
/// (`parent` is `None`) or a `Map` property's keys. Properties merged in
/// with `<<` are checked where they are written.
fn property_mapping<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    parent: Option<Property<'a>>,
    mapping: NodeId,
    prefix: &str,
) {
    duplicate_key::check_properties(cx, mapping);
    let mark = cx.findings_so_far();
    // Each property as Heat's loader reads it: merge keys applied, a
    // repeated key's later value only (the duplicate-key rule reports the
    // other), each checked where it is written.
    for merged in cx.flattened(mapping).iter() {
        property_entry(
            cx,
            resource_type,
            parent,
            merged.holder,
            merged.entry,
            prefix,
        );
    }
    let mut keys = Vec::new();
    if merge::keys_with_merged(cx.tree, mapping, &mut keys) {
        // Renaming a key where mappings are merged can change which value
        // wins, or make two keys that Heat refuses together: left to a
        // person unless the key and what the fix writes are met nowhere
        // else in the merge.
        cx.fixes_by_hand_since(
            mark,
            "the properties are combined with a YAML merge key `<<`, and the change could alter which value wins",
            |fix| {
                fix.edits.iter().any(|edit| {
                    edit.content
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|word| keys.iter().any(|key| key == word))
                }) || keys
                    .iter()
                    .enumerate()
                    .any(|(i, key)| keys[i + 1..].contains(key) && fix.title.contains(&format!("`{key}`")))
            },
        );
    }
}

/// A property where it is written: `entry` of `holder` (the mapping of
/// properties, or one merged into it).
fn property_entry<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    parent: Option<Property<'a>>,
    holder: NodeId,
    entry: Entry,
    prefix: &str,
) {
    let Some(key) = cx.tree.scalar(entry.key) else {
        return;
    };
    let path = if prefix.is_empty() {
        key.to_owned()
    } else {
        format!("{prefix}.{key}")
    };
    let found = match parent {
        None => resource_type.properties().get(key),
        Some(parent) => parent.children().get(key),
    };
    let Some(property) = found else {
        unknown_property::check(cx, resource_type, parent, key, &path, entry.key);
        return;
    };
    if property_status(cx, resource_type, property, &path, entry, holder) {
        property_value(cx, resource_type, property, entry.value, &path);
    }
}

/// The status rules of a property where it is set; whether Heat has it
/// at the target, so that its value is checked.
fn property_status<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    property: Property<'a>,
    path: &str,
    entry: Entry,
    mapping: NodeId,
) -> bool {
    let used = PropertyUse {
        resource_type,
        path,
        entry,
        mapping,
        state: cx.at.state(&property),
    };
    deprecated_property::check(cx, &used);
    hidden_property::check(cx, &used);
    unsupported_property::check(cx, &used);
    unavailable_property::check(cx, &used);
    used.state.is_available()
}

/// Descends into a property's value where its schema describes it.
fn property_value<'a>(
    cx: &mut Context<'a, '_>,
    resource_type: ResourceType<'a>,
    property: Property<'a>,
    value: NodeId,
    path: &str,
) {
    invalid_property_value::check(cx, resource_type, property, value, path);
    if cx.template.is_call(value) || !property.has_schema() {
        return;
    }
    match property.value_type() {
        PropertyType::Map if cx.tree.is_mapping(value) => {
            property_mapping(cx, resource_type, Some(property), value, path);
            let range = cx.tree.range(value);
            missing_required_property::check(cx, resource_type, Some(property), Some(value), range);
        }
        PropertyType::List if cx.tree.is_sequence(value) => {
            let Some(items) = property.children().get("*") else {
                return;
            };
            let item_path = format!("{path}.*");
            for &item in cx.tree.items(value) {
                property_value(cx, resource_type, items, item, &item_path);
            }
        }
        _ => {}
    }
}

/// An environment's registry entries that map onto a type.
fn registry(cx: &mut Context<'_, '_>) {
    for entry in cx.template.registry() {
        let Some(target) = entry.target.as_deref() else {
            continue;
        };
        if target.contains("::") && !target.contains('*') && !is_template_resource(target) {
            type_usage(cx, target, entry.entry.value, None, None);
        }
    }
}
