//! `OS::Heat::ResourceGroup` with a count the export knows: its members,
//! each an object of its own, as Heat makes them in the group's nested
//! stack.
//!
//! Heat names the members `0`, `1`, … and builds each from `resource_def`
//! with the group's `index_var` (`%index%`) replaced by the member's name
//! in every string of the properties (`ResourceGroup.
//! build_resource_definition`, `_handle_repl_val`). The objects are named
//! `<group>-<index>`. `get_attr: [group, resource.N]` is member N's
//! reference, as Heat's `ResourceGroup.get_attribute` gives it; what
//! refers to the group itself (`get_attr` of its members' attributes,
//! `get_resource` of the group) has no object to point at and is reported
//! where it is written, as for any resource without one. A group of volume
//! attachments folds each member into the server it names: with
//! `resource.%index%`, member N's volume into member N's server.

use heatwise_core::syntax::NodeId;
use heatwise_core::template::{NestedDefinition, Resource};

use crate::context::{Context, Target};
use crate::eval::V;
use crate::finding::Code;
use crate::kinds::{self, table};
use crate::sections::{self, Lifecycle};
use crate::stack_resources::StackResources;

/// Member types that have no object of their own but fold into the object
/// they name: a group of them folds each member.
const FOLDED: [&str; 1] = ["OS::Cinder::VolumeAttachment"];

/// Most members a group is expanded into.
pub const MAX_MEMBERS: i64 = 256;

/// Exports the members of `group`, a `ResourceGroup`; `false` when its
/// members have no ORC kind (the group is then reported as one without).
pub(crate) fn export_group(cx: &mut Context<'_, '_>, group: &Resource) -> bool {
    let Some(member) = member_definition(cx, group) else {
        return false;
    };
    let definition = member.definition.clone();
    let Some(mapping) = definition.type_name.as_deref().and_then(table::mapping) else {
        return false;
    };
    let Some((count, variable)) = count_and_variable(cx, group) else {
        return mapping.kind.is_some() || FOLDED.contains(&mapping.heat_type);
    };
    let Some(kind) = mapping.kind else {
        if !FOLDED.contains(&mapping.heat_type) || cx.options.stack_resources().is_some() {
            return false;
        }
        // Each member folds into the object it names (member N's volume
        // into member N's server), as one written out would.
        for index in 0..count {
            let resource = Resource {
                name: format!("{}-{index}", group.name),
                entry: group.entry,
                definition: definition.clone(),
            };
            let before = cx
                .eval
                .set_member(Some((variable.clone(), index.to_string())));
            kinds::export_resource(cx, &resource, mapping);
            cx.eval.set_member(before);
        }
        return true;
    };
    let lifecycle = sections::read(cx, group);
    let handing_over = cx.options.stack_resources().cloned();
    let first = cx.objects.len();
    let names = (0..count)
        .map(|index| format!("{}-{index}", group.name))
        .collect();
    cx.eval.set_plain_members(&group.name, names);
    for index in 0..count {
        let member_name = index.to_string();
        let resource = Resource {
            name: format!("{}-{index}", group.name),
            entry: group.entry,
            definition: definition.clone(),
        };
        let key = cx.key(&resource.name);
        let object = cx.names.unique(&key, "resource");
        cx.targets.insert(key, Target::Object(kind, object));
        match &handing_over {
            Some(rows) => hand_over_member(cx, &resource, group, &member_name, rows),
            None => {
                let before = cx.eval.set_member(Some((variable.clone(), member_name)));
                kinds::export_resource(cx, &resource, mapping);
                cx.eval.set_member(before);
            }
        }
    }
    if let Lifecycle::Retained(at) = lifecycle {
        sections::retain(&mut cx.objects[first..], at);
    }
    true
}

/// The group's `resource_def`, as the template's model reads it.
pub(crate) fn member_definition<'t>(
    cx: &Context<'t, '_>,
    group: &Resource,
) -> Option<&'t NestedDefinition> {
    let template = cx.template;
    template
        .nested_definitions()
        .iter()
        .find(|nested| template.resources()[nested.group].entry == group.entry)
}

/// The group's member count and `index_var`, with its `removal_policies`
/// reported; `None`, reported, when the count is not known.
pub(crate) fn count_and_variable(
    cx: &mut Context<'_, '_>,
    group: &Resource,
) -> Option<(i64, String)> {
    let tree = cx.tree();
    let properties = group.definition.properties_mapping(tree);
    let node = |key: &str| properties.and_then(|p| tree.get(p, key));
    let count = member_count(cx, group, node("count"))?;
    let variable = node("index_var")
        .and_then(|n| cx.eval.eval(n).python_str())
        .unwrap_or_else(|| "%index%".to_owned());
    if let Some(at) = node("removal_policies").filter(|&n| !tree.items(n).is_empty()) {
        cx.report(
            Code::NoOrcField,
            tree.range(at),
            format!("the removal_policies of {} are not exported: each member is an object of its own; remove one by deleting its object", group.name),
        );
    }
    Some((count, variable))
}

/// How many members the group has (its `count`, 1 when not given); `None`,
/// reported, when the export does not know it or it is too large.
fn member_count(cx: &mut Context<'_, '_>, group: &Resource, count: Option<NodeId>) -> Option<i64> {
    let Some(node) = count else {
        return Some(1);
    };
    let value = cx.eval.eval(node);
    let count = match &value.v {
        V::Int(n) => Some(*n),
        V::Str(s) => s.trim().parse().ok(),
        _ => None,
    };
    match count {
        Some(n) if (0..=MAX_MEMBERS).contains(&n) => Some(n),
        _ => {
            cx.report(
                Code::NotStatic,
                value.at,
                format!("the group {} is not exported: its count is not a number from 0 to {MAX_MEMBERS} the export knows (Heat knows it when it runs)", group.name),
            );
            None
        }
    }
}

/// A member of a running stack's group handed over: the row of its
/// group's nested stack named by its index.
fn hand_over_member(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    group: &Resource,
    member: &str,
    rows: &StackResources,
) {
    let row = rows
        .member_row(cx.frame.running.as_deref(), &group.name, member)
        .cloned();
    sections::hand_over_row(cx, resource, row.as_ref());
}
