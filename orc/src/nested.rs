//! The export of one template of the stack and of the nested stacks its
//! resources make: names first, then the nested stacks prepared in Heat's
//! order, then each resource through its kind, a nested stack's objects
//! in its resource's place.
//!
//! A resource whose type is a template file (written as the type, or
//! through the environments' `resource_registry`) is a nested stack, as
//! Heat's `TemplateResource`: its properties are the nested template's
//! parameters, the environments' `parameter_defaults` and registry hold
//! in it too (the registry without the entry that named the template, as
//! Heat's `get_child_environment` builds it), and `get_attr` of its
//! outputs reads what the nested template computes. Its objects are named
//! `<resource>-<nested resource>`. A `ResourceGroup` of such a template
//! makes one nested stack per member, named `<group>-<index>-…`.

use heatwise_core::stack::{
    is_template_name, ReadError, ReferenceKind, Resolution, Target as Reached,
};
use heatwise_core::template::{self, merge::flattened, Resource};
use heatwise_core::text::TextRange;

use crate::context::{Context, Target};
use crate::eval::{qualified, Evaluator, Given, V};
use crate::finding::{Code, File};
use crate::frames::{Frame, FrameState, MAX_NESTED_STACKS, MAX_NESTING};
use crate::groups;
use crate::kinds::{self, table};
use crate::sections::{self, Lifecycle};

/// Names the resources of the template being exported and prepares the
/// nested stacks they make, in the order Heat creates them, so that one's
/// outputs are known to the next.
pub(crate) fn prepare(cx: &mut Context<'_, '_>) {
    crate::registry::resolve_types(cx);
    let resources = included_resources(cx);
    for resource in &resources {
        let key = cx.key(&resource.name);
        let target = match cx.type_of(resource).and_then(table::mapping) {
            Some(mapping) => match mapping.kind {
                Some(kind) => Target::Object(kind, cx.names.unique(&key, "resource")),
                None => Target::Folded,
            },
            None if template_of_resource(cx, resource).is_some() => Target::Stack,
            None => Target::None,
        };
        cx.targets.insert(key, target);
    }
    let graph = crate::plan::heat_graph(cx.template, &cx.eval);
    let mut order: Vec<&str> = graph.waves.iter().flatten().map(String::as_str).collect();
    for resource in &resources {
        if !order.contains(&resource.name.as_str()) {
            order.push(&resource.name);
        }
    }
    for name in order {
        let Some(resource) = resources.iter().find(|r| r.name == name) else {
            continue;
        };
        if cx.type_of(resource) == Some("OS::Heat::ResourceGroup") {
            prepare_group(cx, resource);
        } else if let Some(file) = template_of_resource(cx, resource) {
            let running = (cx.options.stack_resources())
                .and_then(|rows| rows.nested_stack(cx.frame.running.as_deref(), &resource.name))
                .map(str::to_owned);
            if let Err(why) = prepare_child(cx, resource, file, running) {
                cx.frame.not_expanded.insert(resource.name.clone(), why);
            }
        }
    }
    cx.frame.resources = resources;
}

/// The template file a resource's type names: written as the type (at
/// `range`), or what the registry maps it to (`mapped`). `Some(Err(why))`
/// when it cannot be read, `None` when the type is not a template.
fn template_of(
    cx: &Context<'_, '_>,
    written: &str,
    mapped: Option<&str>,
    range: Option<TextRange>,
) -> Option<Result<(usize, String), String>> {
    let stack = cx.sources.stack;
    let reference = if is_template_name(written) {
        let (file, range) = (cx.frame.file_id?, range?);
        stack
            .references_from(file)
            .find(|r| r.kind == ReferenceKind::Type && r.range == range)
    } else {
        let mapped = mapped?;
        if !is_template_name(mapped) {
            return None;
        }
        // The later environment's entry wins, as the later registry does.
        stack
            .environments()
            .flat_map(|environment| stack.references_from(environment))
            .filter(|r| r.kind == ReferenceKind::Registry && &*r.written == mapped)
            .last()
    };
    let name = reference.map_or(written, |r| &*r.written).to_owned();
    Some(match reference.map(|r| &r.target) {
        Some(Reached::File(id)) if cx.sources.templates[*id].is_some() => Ok((*id, name)),
        Some(Reached::File(_)) => Err(format!("{name} is not a template")),
        Some(Reached::Cycle(_)) => Err(format!("{name} nests itself, which Heat refuses (\"Recursion depth exceeds\")")),
        Some(Reached::Unread(why)) => Err(format!("its template {name} could not be read: {}", unread(why))),
        Some(Reached::OverLimit) => Err(format!("its template {name} was not read: the stack has too many files")),
        None => Err(format!("its template {name} is not among the files given: give the template by its path, or its files with it, to expand it")),
    })
}

/// Why a file was not read, for the user.
fn unread(why: &ReadError) -> String {
    match why {
        ReadError::NotFound => "there is no such file".to_owned(),
        ReadError::Remote => "it is remote, and heatwise reads nothing from the network; download it and map its type to the copy in an environment".to_owned(),
        ReadError::NotAUrl => "its name is no URL heatclient can open".to_owned(),
        ReadError::Unreadable(reason) => reason.clone(),
        ReadError::OutsideProject => "it is outside the project's directory, beyond which heatwise reads nothing".to_owned(),
        ReadError::NotStored => "it is not among the files Heat keeps for the stack".to_owned(),
        ReadError::RefusedByEngine(reason) => {
            format!("Heat's engine refuses to fetch it: {reason}")
        }
    }
}

/// [`template_of`] a resource of the template entered.
fn template_of_resource(
    cx: &Context<'_, '_>,
    resource: &Resource,
) -> Option<Result<(usize, String), String>> {
    let written = resource.definition.type_name.as_deref()?;
    let mapped = cx.frame.mapped_types.get(&resource.name);
    let range = resource.definition.type_range(cx.tree());
    template_of(cx, written, mapped.and_then(Option::as_deref), range)
}

/// Evaluates the nested stack `resource` makes from the template `file`,
/// names its resources and prepares its own nested stacks, and keeps it
/// for [`export_resources`]; its outputs become known to `get_attr`.
/// `Err`: why it is not expanded.
fn prepare_child(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    file: Result<(usize, String), String>,
    running: Option<String>,
) -> Result<(), String> {
    let (file, template_name) = file?;
    if cx.frame.depth >= MAX_NESTING {
        return Err(format!(
            "stacks nest more than {MAX_NESTING} deep, which Heat refuses (max_nested_stack_depth)"
        ));
    }
    if cx.nested_stacks >= MAX_NESTED_STACKS {
        return Err(format!(
            "the export expands at most {MAX_NESTED_STACKS} nested stacks"
        ));
    }
    let given = child_parameters(cx, resource)?;
    let template = cx.sources.templates[file]
        .as_ref()
        .ok_or_else(|| format!("{template_name} is not a template"))?;
    cx.nested_stacks += 1;
    let (eval, problems) = Evaluator::nested(template, &given, &cx.eval);
    let mut state = FrameState::new(
        File::Nested(file),
        Some(file),
        cx.frame.registry.for_nested(&template_name),
    );
    state.scope = format!("{}{}/", cx.frame.scope, resource.name);
    state.running = running;
    state.depth = cx.frame.depth + 1;
    let parent = cx.enter(Frame {
        template,
        eval,
        state,
    });
    if readable(cx, &template_name) {
        for problem in problems {
            let message = if problem.message.contains("has no value") {
                format!("the parameter {} of {template_name} has no value: {} passes no property {}, and no environment gives it, so Heat refuses the nested stack", problem.name, resource.name, problem.name)
            } else {
                problem.message
            };
            cx.report(Code::ParameterValue, problem.at, message);
        }
        prepare(cx);
    }
    let outputs = cx
        .template
        .outputs()
        .iter()
        .filter_map(|output| {
            let value = cx.eval.eval(output.value?.value);
            Some((output.name.clone(), qualified(value, &cx.frame.scope)))
        })
        .collect();
    let child = cx.enter(parent);
    cx.eval.set_nested_outputs(&resource.name, outputs);
    cx.frame.children.insert(resource.name.clone(), child);
    Ok(())
}

/// The nested template's parameters, as the resource's properties give
/// them (Heat's `TemplateResource.child_params`), its references made
/// absolute; `Err` when the properties are computed by Heat.
fn child_parameters(cx: &Context<'_, '_>, resource: &Resource) -> Result<Given, String> {
    let tree = cx.tree();
    let mut given = Given {
        texts: cx.sources.pseudo.clone(),
        defaults: cx.sources.defaults.clone(),
        ..Given::default()
    };
    let Some(properties) = resource.definition.properties_value else {
        return Ok(given);
    };
    if !tree.is_mapping(properties) {
        if matches!(cx.eval.eval(properties).v, V::Null) {
            return Ok(given);
        }
        return Err("its properties are computed by Heat when it runs, so the export does not know its template's parameters".to_owned());
    }
    for merged in flattened(tree, properties) {
        let entry = merged.entry;
        if let Some(name) = tree.scalar(entry.key) {
            let value = qualified(cx.eval.eval(entry.value), &cx.frame.scope);
            given.parameters.push((name.to_owned(), value));
        }
    }
    Ok(given)
}

/// Whether the template entered reads as a template; otherwise reports
/// why not, in its file.
fn readable(cx: &mut Context<'_, '_>, name: &str) -> bool {
    let unreadable: Vec<_> = (cx.template.problems().iter())
        .filter(|p| p.kind == template::ProblemKind::Syntax)
        .map(|p| (p.range, p.message.clone()))
        .collect();
    for (range, message) in &unreadable {
        let message = format!("the nested template {name} cannot be read: {message}");
        cx.report(Code::UnreadableTemplate, *range, message);
    }
    unreadable.is_empty()
}

/// A `ResourceGroup` whose members are nested stacks: one prepared per
/// member, keyed `<group>-<index>`, with the group's `index_var` replaced
/// in the member's properties as in any member's.
fn prepare_group(cx: &mut Context<'_, '_>, group: &Resource) {
    let Some(member) = groups::member_definition(cx, group) else {
        return;
    };
    let definition = member.definition.clone();
    let member_type = definition.type_name.as_deref().unwrap_or_default();
    if table::mapping(member_type).is_some() {
        return;
    }
    // The members live in the group's nested stack, whose registry is the
    // stack's (scoped to the group), each resolved by its index.
    let mut registry = cx.frame.registry.for_nested("");
    let known = |name: &str| heatwise_core::catalog::known::builtin_knows(name);
    let mapped = match registry.resolve(member_type, Some("0"), &known) {
        Resolution::Template(name) if !is_template_name(member_type) => Some(name),
        _ => None,
    };
    let range = definition.type_range(cx.tree());
    let Some(file) = template_of(cx, member_type, mapped.as_deref(), range) else {
        return;
    };
    let Some((count, variable)) = groups::count_and_variable(cx, group) else {
        cx.frame.groups.insert(group.name.clone(), Vec::new());
        return;
    };
    let group_stack = (cx.options.stack_resources())
        .and_then(|rows| rows.nested_stack(cx.frame.running.as_deref(), &group.name))
        .map(str::to_owned);
    let mut keys = Vec::new();
    for index in 0..count {
        let resource = Resource {
            name: format!("{}-{index}", group.name),
            entry: group.entry,
            definition: definition.clone(),
        };
        let running = (cx.options.stack_resources())
            .and_then(|rows| rows.nested_stack(group_stack.as_deref(), &index.to_string()))
            .map(str::to_owned);
        let before = cx
            .eval
            .set_member(Some((variable.clone(), index.to_string())));
        let prepared = prepare_child(cx, &resource, file.clone(), running);
        cx.eval.set_member(before);
        if let Err(why) = prepared {
            let at = range.unwrap_or_else(|| group.name_range(cx.tree()));
            let message = format!(
                "the members of the group {} are not exported from {}: {why}",
                group.name, resource.name
            );
            cx.report(Code::NoOrcKind, at, message);
            break;
        }
        cx.targets.insert(cx.key(&resource.name), Target::Stack);
        keys.push(resource.name);
    }
    if i64::try_from(keys.len()) == Ok(count) {
        cx.eval.set_group_members(&group.name, keys.clone());
    }
    cx.frame.groups.insert(group.name.clone(), keys);
}

/// Exports the resources of the template entered, each through its kind,
/// a nested stack's objects in its place; then reports those without an
/// ORC kind that no other object carries.
pub(crate) fn export_resources(cx: &mut Context<'_, '_>) {
    let resources = cx.frame.resources.clone();
    let mut unmapped = Vec::new();
    for resource in &resources {
        if let Some(members) = cx.frame.groups.get(&resource.name).cloned() {
            export_nested(cx, resource, &members);
            continue;
        }
        if cx.frame.children.contains_key(&resource.name) {
            export_nested(cx, resource, std::slice::from_ref(&resource.name));
            continue;
        }
        let Some(type_name) = cx.type_of(resource).map(str::to_owned) else {
            continue;
        };
        if type_name == "OS::Heat::ResourceGroup" && groups::export_group(cx, resource) {
            continue;
        }
        let Some(mapping) = table::mapping(&type_name) else {
            unmapped.push((resource, type_name));
            continue;
        };
        if let Some(rows) = cx.options.stack_resources() {
            sections::hand_over(cx, resource, rows);
            continue;
        }
        match sections::read(cx, resource) {
            Lifecycle::External(id, at) if sections::import_external(cx, resource, &id, at) => {}
            Lifecycle::LeftOut => {}
            Lifecycle::Retained(at) => {
                let first = cx.objects.len();
                kinds::export_resource(cx, resource, mapping);
                sections::retain(&mut cx.objects[first..], at);
            }
            _ => kinds::export_resource(cx, resource, mapping),
        }
    }
    for (resource, type_name) in unmapped {
        if !cx.frame.carried.contains(&resource.name) {
            report_unmapped(cx, resource, &type_name);
        }
    }
}

/// The objects of the nested stacks `keys` (one, or a group's members)
/// that `resource` makes, written in its place; a retained resource
/// retains them all, as Heat keeps a retained nested stack.
fn export_nested(cx: &mut Context<'_, '_>, resource: &Resource, keys: &[String]) {
    let lifecycle = (cx.options.stack_resources().is_none()).then(|| sections::read(cx, resource));
    let first = cx.objects.len();
    for key in keys {
        let Some(child) = cx.frame.children.remove(key) else {
            continue;
        };
        let parent = cx.enter(child);
        export_resources(cx);
        let child = cx.enter(parent);
        cx.frame.children.insert(key.clone(), child);
    }
    if let Some(Lifecycle::Retained(at)) = lifecycle {
        sections::retain(&mut cx.objects[first..], at);
    }
}

/// A resource whose type has no ORC kind.
fn report_unmapped(cx: &mut Context<'_, '_>, resource: &Resource, type_name: &str) {
    let range = resource
        .definition
        .type_range(cx.tree())
        .unwrap_or_else(|| resource.name_range(cx.tree()));
    let expanded = cx.frame.not_expanded.get(&resource.name).cloned();
    let mut why = expanded
        .clone()
        .unwrap_or_else(|| table::unmapped_reason(type_name));
    let nested = (cx.options.stack_resources()).map_or(0, |rows| {
        rows.nested_under(cx.frame.running.as_deref(), &resource.name)
    });
    match nested {
        0 => {}
        1 => why.push_str("; the resource of its nested stack is not handed over either"),
        n => why.push_str(&format!(
            "; the {n} resources of its nested stack are not handed over either"
        )),
    }
    let written = resource.definition.type_name.as_deref().unwrap_or_default();
    let message = if expanded.is_some() {
        format!("the nested stack {} is not exported: {why}", resource.name)
    } else if written == type_name {
        format!("the resource {} is not exported: {why}", resource.name)
    } else if type_name == "OS::Heat::None" {
        format!("the resource {} is not exported: the environments map {written} to OS::Heat::None, so Heat creates nothing for it either", resource.name)
    } else {
        format!(
            "the resource {} is not exported: {why} (the environments map {written} to {type_name})",
            resource.name
        )
    };
    cx.report(Code::NoOrcKind, range, message);
}

/// The resources Heat would create: those whose `condition` holds.
fn included_resources(cx: &mut Context<'_, '_>) -> Vec<Resource> {
    let template = cx.template;
    let mut included = Vec::new();
    // A repeated name is one resource, the last definition.
    for resource in template.resources() {
        if template
            .resource(&resource.name)
            .is_some_and(|kept| kept.entry != resource.entry)
        {
            continue;
        }
        if let Some(condition) = template.resource_entry(&resource.definition, "condition") {
            match cx.eval.resource_condition(condition.value) {
                Some(false) => continue,
                Some(true) => {}
                None => cx.report(
                    Code::NotStatic,
                    cx.tree().range(condition.value),
                    format!(
                        "the condition of {} depends on what only Heat knows when it runs; exported as if it holds",
                        resource.name
                    ),
                ),
            }
        }
        included.push(resource.clone());
    }
    included
}
