//! A resource's sections beside `type` and `properties` (HOT's
//! `deletion_policy`, `external_id`, `depends_on`, `metadata`,
//! `update_policy`; CloudFormation's `DeletionPolicy`, `DependsOn`,
//! `Metadata`, `UpdatePolicy`), carried over where ORC has their meaning
//! and reported where it does not:
//!
//! - `deletion_policy: Retain`: Heat leaves the resource when the stack is
//!   deleted; its objects get `managedOptions.onDelete: detach`, so ORC
//!   leaves it when the object is deleted. `Snapshot` has no ORC meaning.
//! - `external_id`: Heat adopts the existing resource, does not use the
//!   properties and retains it (`rsrc_defn.ResourceDefinition` sets the
//!   policy to Retain); the object is an unmanaged import of that ID, which
//!   ORC neither changes nor deletes.
//! - `depends_on`: ORC orders objects only through their references; an
//!   order the references do not already give is reported.
//! - `metadata` and `update_policy`: ORC has neither.

use std::collections::HashSet;

use heatwise_core::syntax::{Entry, NodeId};
use heatwise_core::template::{DocumentKind, Resource};
use heatwise_core::text::TextRange;

use crate::context::{Context, DependsOn, Target};
use crate::eval::V;
use crate::finding::Code;
use crate::manifest::{Kind, Node, Object};
use crate::stack_resources::{ResourceRow, StackResources};

/// What a resource's sections ask of its export.
pub(crate) enum Lifecycle {
    /// Created and deleted with the stack (Heat's default, `Delete`, and
    /// `Snapshot`, which is reported).
    Managed,
    /// Kept when the stack is deleted: `deletion_policy: Retain`, written
    /// at this range.
    Retained(TextRange),
    /// An existing resource Heat adopts (`external_id`), with its ID as
    /// written at the range.
    External(String, TextRange),
    /// An existing resource whose ID is not known here (reported): no
    /// object, so what refers to it is left out too.
    LeftOut,
}

/// Reads the sections of a resource that has an ORC kind (its own object
/// or folded into another), reports what ORC cannot carry, and says how
/// its objects live.
pub(crate) fn read(cx: &mut Context<'_, '_>, resource: &Resource) -> Lifecycle {
    report_unkept(cx, resource);
    read_depends_on(cx, resource);
    let folded = matches!(
        cx.targets.get(&cx.key(&resource.name)),
        Some(Target::Folded)
    );
    let template = cx.template;
    let external = (template.kind() == DocumentKind::Hot)
        .then(|| template.resource_entry(&resource.definition, "external_id"))
        .flatten();
    if let Some(entry) = external {
        return external_id(cx, resource, entry.value, folded);
    }
    match template.resource_entry(&resource.definition, "deletion_policy") {
        Some(entry) => deletion_policy(cx, resource, entry, folded),
        None => Lifecycle::Managed,
    }
}

/// `metadata` and `update_policy`, which ORC has no meaning for.
fn report_unkept(cx: &mut Context<'_, '_>, resource: &Resource) {
    let template = cx.template;
    let tree = cx.tree();
    for (key, why) in [
        (
            "metadata",
            "ORC keeps no resource metadata (what cfn-init and os-collect-config read from Heat)",
        ),
        ("update_policy", "ORC has no update policies"),
    ] {
        if let Some(entry) = template.resource_entry(&resource.definition, key) {
            let written = tree.scalar(entry.key).unwrap_or(key);
            cx.report(
                Code::NoOrcField,
                tree.range(entry.key),
                format!("the {written} of {} is not exported: {why}", resource.name),
            );
        }
    }
}

/// `depends_on`, kept to be checked against ORC's order at the end.
fn read_depends_on(cx: &mut Context<'_, '_>, resource: &Resource) {
    let tree = cx.tree();
    let Some(entry) = cx
        .template
        .resource_entry(&resource.definition, "depends_on")
    else {
        return;
    };
    let items = if tree.is_sequence(entry.value) {
        tree.items(entry.value).to_vec()
    } else {
        vec![entry.value]
    };
    for item in items {
        if let Some(on) = tree.scalar(item) {
            let (resource, on) = (cx.key(&resource.name), cx.key(on));
            cx.depends_on.push(DependsOn {
                resource: format!("/{resource}"),
                on: format!("/{on}"),
                at: tree.range(item),
                file: cx.frame.file,
            });
        }
    }
}

/// `external_id`: an existing resource Heat adopts.
fn external_id(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    node: NodeId,
    folded: bool,
) -> Lifecycle {
    let name = &resource.name;
    let value = cx.eval.eval(node);
    let what = format!("the external_id of {name}");
    if folded {
        cx.report(
            Code::MeaningDiffers,
            value.at,
            format!("{what} is not carried over: {name} is folded into another object, so ORC makes it anew instead of adopting the existing one"),
        );
        return Lifecycle::Managed;
    }
    if value.is_null() {
        return Lifecycle::Managed;
    }
    // Without a usable ID there is no object: making one anew would create
    // what Heat only adopts.
    match cx.string(&value, &what) {
        Some(id) => match id.as_str() {
            Some(id) if !id.is_empty() => Lifecycle::External(id.to_owned(), value.at),
            _ => {
                cx.report(
                    Code::NoOrcField,
                    value.at,
                    format!("{what} is empty: Heat refuses it"),
                );
                Lifecycle::LeftOut
            }
        },
        None => Lifecycle::LeftOut,
    }
}

/// `deletion_policy` (CloudFormation's `DeletionPolicy`).
fn deletion_policy(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    entry: Entry,
    folded: bool,
) -> Lifecycle {
    let template = cx.template;
    let name = &resource.name;
    let value = cx.eval.eval(entry.value);
    let key = cx.tree().scalar(entry.key).unwrap_or("deletion_policy");
    let what = format!("the {key} of {name}");
    let policy = match &value.v {
        V::Str(policy) => policy.as_str(),
        V::Null => return Lifecycle::Managed,
        _ => {
            cx.not_a(&value, &what, "a string");
            return Lifecycle::Managed;
        }
    };
    let accepted: &[String] = template
        .hot_template_version()
        .map_or(&[], |version| &version.deletion_policies);
    let is_accepted = if template.kind() == DocumentKind::Hot && !accepted.is_empty() {
        accepted.iter().any(|p| p == policy)
    } else {
        matches!(policy, "Delete" | "Retain" | "Snapshot")
    };
    if !is_accepted {
        cx.report(
            Code::NoOrcField,
            value.at,
            format!("{what} is not exported: Heat refuses the policy \"{policy}\""),
        );
        return Lifecycle::Managed;
    }
    match policy.to_ascii_lowercase().as_str() {
        "retain" if folded => {
            cx.report(
                Code::MeaningDiffers,
                value.at,
                format!("{what} is not carried over: {name} is folded into another object, whose own deletion policy applies"),
            );
            Lifecycle::Managed
        }
        "retain" => Lifecycle::Retained(value.at),
        // `Resource.validate_deletion_policy`: only types with a
        // `handle_snapshot_delete` take it.
        "snapshot"
            if !matches!(
                cx.type_of(resource),
                Some("OS::Nova::Server" | "OS::Cinder::Volume")
            ) =>
        {
            cx.report(
                Code::NoOrcField,
                value.at,
                format!("{what} is not exported: Heat refuses Snapshot here, as only servers and volumes take snapshots"),
            );
            Lifecycle::Managed
        }
        "snapshot" => {
            cx.report(
                Code::MeaningDiffers,
                value.at,
                format!("{what} is not carried over: ORC takes no snapshot or backup before it deletes an object; take one yourself before deleting it"),
            );
            Lifecycle::Managed
        }
        _ => Lifecycle::Managed,
    }
}

/// Marks the objects made for a retained resource: ORC leaves their
/// OpenStack resources when the objects are deleted, as Heat leaves a
/// retained resource when the stack is.
pub(crate) fn retain(objects: &mut [Object], at: TextRange) {
    for object in objects {
        if !object.kind.has_envelope() || !object.is_managed() {
            continue;
        }
        let mut options = Node::map(Some(at));
        options.set("onDelete", Node::str("detach", Some(at)));
        // Before `resource`, where ORC's documentation writes it.
        let resource = object.spec.remove("resource");
        object.spec.set("managedOptions", options);
        if let Some(resource) = resource {
            object.spec.set("resource", resource);
        }
    }
}

/// Reports each `depends_on` whose order ORC's references do not already
/// give: ORC would build (and delete) the two objects independently.
pub(crate) fn report_lost_order(cx: &mut Context<'_, '_>, objects: &[Object]) {
    let waits_for = crate::plan::waits_for(objects);
    let reaches = |from: &str, to: &str| {
        let mut seen = HashSet::new();
        let mut stack = vec![from];
        while let Some(name) = stack.pop() {
            if name == to {
                return true;
            }
            if seen.insert(name) {
                stack.extend(waits_for.get(name).into_iter().flatten().copied());
            }
        }
        false
    };
    let mut lost = Vec::new();
    for dependency in &cx.depends_on {
        let (Some((kind, from)), Some((on_kind, to))) = (
            cx.object_of(&dependency.resource),
            cx.object_of(&dependency.on),
        ) else {
            continue;
        };
        if !waits_for.contains_key(from) || !waits_for.contains_key(to) || reaches(from, to) {
            continue;
        }
        lost.push((
            dependency.file,
            dependency.at,
            format!(
                "{} depends on {} in Heat, but ORC orders objects only through their references: the {} {from} does not wait for the {} {to}, and either may be deleted first",
                crate::context::shown(&dependency.resource),
                crate::context::shown(&dependency.on),
                kind.as_str(),
                on_kind.as_str()
            ),
        ));
    }
    let file = cx.frame.file;
    for (from, at, message) in lost {
        cx.frame.file = from;
        cx.report(Code::MeaningDiffers, at, message);
    }
    cx.frame.file = file;
}

/// The object of a resource Heat adopts by `external_id`: an unmanaged
/// import of that ID under the resource's own object name, so references
/// to it still resolve. `false` when its kind cannot be imported.
pub(crate) fn import_external(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    id: &str,
    at: TextRange,
) -> bool {
    let Some((kind, name)) = cx.object_of(&resource.name) else {
        return false;
    };
    if !kind.has_envelope() {
        cx.report(
            Code::MeaningDiffers,
            at,
            format!(
                "the external_id of {} is not carried over: ORC cannot import a {}, so it makes one anew",
                resource.name,
                kind.as_str()
            ),
        );
        return false;
    }
    let name = name.to_owned();
    unmanaged_import(cx, resource, kind, name, id, at);
    true
}

/// The object `name` of `kind` for `resource`: an unmanaged import of the
/// ID written (or listed) at `at`, which ORC neither changes nor deletes.
fn unmanaged_import(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    kind: Kind,
    name: String,
    id: &str,
    at: TextRange,
) {
    let mut import = Node::map(Some(at));
    import.set("id", Node::str(id, Some(at)));
    let mut spec = Node::map(None);
    spec.set("cloudCredentialsRef", cx.credentials());
    spec.set("managementPolicy", Node::str("unmanaged", None));
    spec.set("import", import);
    cx.push(Object {
        kind,
        name,
        resource: Some(resource.name.clone()),
        origin: resource.name_range(cx.tree()),
        spec,
    });
}

/// A resource of a running stack handed over (`--stack-resources`): its
/// object imports the ID Heat lists for it, unmanaged, under the name the
/// export gives it, so every reference by name holds; nothing is created.
/// A resource folded into another object (a rule into its group) needs
/// nothing: the object it folds into is imported as Neutron has it.
pub(crate) fn hand_over(cx: &mut Context<'_, '_>, resource: &Resource, rows: &StackResources) {
    let row = rows
        .row_in(cx.frame.running.as_deref(), &resource.name)
        .cloned();
    hand_over_row(cx, resource, row.as_ref());
}

/// [`hand_over`] with the resource's row found (or not) already.
pub(crate) fn hand_over_row(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    row: Option<&ResourceRow>,
) {
    let at = resource.name_range(cx.tree());
    let Some((kind, name)) = cx.object_of(&resource.name) else {
        return;
    };
    let name = name.to_owned();
    // Its path, where it is in a nested stack (`app/server`).
    let shown = cx.key(&resource.name);
    let Some(id) = row.and_then(|row| row.physical_id.clone()) else {
        let message = match row {
            None => format!("{shown} is not handed over: the stack's resource list has no resource of that name (a hand-over imports only what Heat made; list the resources again if it was added since)"),
            Some(row) => format!("{shown} is not handed over: Heat has no ID for it ({}), so there is nothing to import", row.status),
        };
        cx.report(Code::NotHandedOver, at, message);
        return;
    };
    if !kind.has_envelope() {
        cx.report(
            Code::NotHandedOver,
            at,
            format!(
                "{shown} is not handed over: ORC cannot import a {}; it stays as Heat made it, outside ORC",
                kind.as_str()
            ),
        );
        return;
    }
    unmanaged_import(cx, resource, kind, name, &id, at);
}
