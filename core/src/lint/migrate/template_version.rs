//! Raising the declared HOT version: the fix of a function or argument
//! that a later version has (HW022, HW028). One edit of the version,
//! unsafe, its title naming what Heat then reads differently.

use crate::fix::{Applicability, Edit, Fix};
use crate::lint::context::Context;
use crate::syntax::{NodeId, ScalarStyle};
use crate::template::{DocumentKind, TemplateVersion};
use crate::text::TextRange;

/// The HOT version the template declares, when Heat knows it.
pub(crate) fn declared(cx: &Context<'_, '_>) -> Option<(&'static TemplateVersion, NodeId)> {
    if cx.template.kind() != DocumentKind::Hot {
        return None;
    }
    Some((
        cx.template.hot_template_version()?,
        cx.template.version_entry()?.value,
    ))
}

/// Raising the declared version to `to`: one edit of the version, unsafe,
/// its title naming what Heat then reads differently. `None` when a
/// function the template calls is refused in `to`.
pub(crate) fn raise_version(
    cx: &Context<'_, '_>,
    from: &'static TemplateVersion,
    to: &'static TemplateVersion,
) -> Option<Fix> {
    let tree = cx.tree;
    let mut changes: Vec<String> = Vec::new();
    for call in cx.template.function_calls() {
        if to.removes(call.name) {
            return None;
        }
        let (old, new) = (from.functions.get(call.name), to.functions.get(call.name));
        if let (Some(old), Some(new)) = (old, new) {
            let change = format!("`{}` ({old} becomes {new})", call.name);
            if old != new && !changes.contains(&change) {
                changes.push(change);
            }
        }
    }
    let mut new_calls: Vec<String> = Vec::new();
    for section in ["resources", "outputs", "conditions"] {
        let Some(root) = cx.template.section(section) else {
            continue;
        };
        for node in tree.descendants(root) {
            let [key, _] = *tree.children(node) else {
                continue;
            };
            let Some(name) = tree.scalar(key) else {
                continue;
            };
            if tree.is_mapping(node)
                && to.function_name(name).is_some()
                && from.function_name(name).is_none()
            {
                let call = format!("`{name}`");
                if !new_calls.contains(&call) {
                    new_calls.push(call);
                }
            }
        }
    }
    let value = cx.template.version_entry()?.value;
    let written = tree.scalar(value)?;
    // A release name stays a release name where the new version has one.
    let new_value = if from.aliases.iter().any(|a| a == written) {
        to.aliases.first().unwrap_or(&to.version)
    } else {
        &to.version
    };
    // A plain date stays plain: Heat's loader reads timestamps as strings,
    // as it read the old one.
    let edit = match tree.scalar_style(value) {
        Some(ScalarStyle::Plain) => Edit::replace(
            TextRange::new(tree.content_start(value), tree.range(value).end),
            new_value.as_str(),
        ),
        _ => cx.editor.replace_scalar(value, new_value)?,
    };
    let mut said = match new_calls.len() {
        0 => Vec::new(),
        1 => vec![format!("{} becomes a function call", quoted(&new_calls))],
        _ => vec![format!("{} become function calls", quoted(&new_calls))],
    };
    if !changes.is_empty() {
        said.push(format!(
            "Heat reads {} with other classes",
            changes.join(", ")
        ));
    }
    if said.is_empty() {
        said.push(format!("Heat then reads the template as {}", to.display()));
    }
    Fix::new(
        format!(
            "Raise heat_template_version to {} (unsafe: {}; check them)",
            to.display(),
            said.join("; ")
        ),
        vec![edit],
        Applicability::Unsafe,
    )
}

fn quoted(names: &[String]) -> String {
    match names {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => "no mapping".to_owned(),
    }
}
