//! The types Heat creates a template's resources as, through the
//! environments' `resource_registry`.

use std::collections::HashMap;

use heatwise_core::stack::Resolution;
use heatwise_core::template::Resource;

use crate::context::Context;
use crate::finding::Code;

/// Maps each resource's type through the frame's registry as Heat's create
/// does. Heat reads every type while it validates the stack, in the
/// template's order, and its registry remembers what it found: a mapping
/// scoped to one resource (`resources: {special: {OS::Neutron::Port:
/// OS::Heat::None}}`) becomes the mapping of that type for all. The stack
/// is stored with that registry, and the create reads it back: so every
/// resource of the type is created as the mapping says, those written
/// before the scoped one too.
pub(crate) fn resolve_types(cx: &mut Context<'_, '_>) {
    if cx.frame.registry.is_empty() {
        return;
    }
    // Heat's own types by name only: the editor's ORC module carries no
    // catalog (it would weigh about 95 KB gzipped).
    let known = |name: &str| heatwise_core::catalog::known::builtin_knows(name);
    let template = cx.template;
    let mut registry = std::mem::take(&mut cx.frame.registry);
    // The validation's reading, which leaves the registry as it is stored.
    let mut validated = HashMap::new();
    for resource in template.resources() {
        if let Some(written) = resource.definition.type_name.as_deref() {
            let resolution = registry.resolve(written, Some(&resource.name), &known);
            validated.insert(resource.name.as_str(), resolution);
        }
    }
    for resource in template.resources() {
        let Some(written) = resource.definition.type_name.as_deref() else {
            continue;
        };
        let resolution = registry.resolve(written, Some(&resource.name), &known);
        if validated.get(resource.name.as_str()) != Some(&resolution) {
            leaked(cx, resource, written, &resolution, &validated);
        }
        let mapped = match resolution {
            Resolution::Type(name) | Resolution::Template(name) if *name != *written => {
                Some(name.to_string())
            }
            Resolution::Loop => {
                let range = resource
                    .definition
                    .type_range(cx.tree())
                    .unwrap_or_else(|| resource.name_range(cx.tree()));
                cx.report(
                    Code::NoOrcKind,
                    range,
                    format!("the resource {} is not exported: the environments map {written} onto itself in a loop, which Heat cannot create", resource.name),
                );
                None
            }
            _ => continue,
        };
        cx.frame.mapped_types.insert(resource.name.clone(), mapped);
    }
    cx.frame.registry = registry;
}

/// Reports a resource Heat creates as another resource's scoped mapping
/// says (see [`resolve_types`]).
fn leaked(
    cx: &mut Context<'_, '_>,
    resource: &Resource,
    written: &str,
    created: &Resolution,
    validated: &HashMap<&str, Resolution>,
) {
    let (Resolution::Type(created) | Resolution::Template(created)) = created else {
        return;
    };
    // The last resource of the type whose own entry maps it so.
    let scoped = (cx.template.resources().iter().rev())
        .filter(|other| other.definition.type_name.as_deref() == Some(written))
        .find(|other| {
            matches!(validated.get(other.name.as_str()),
                Some(Resolution::Type(t) | Resolution::Template(t)) if t == created)
                && other.name != resource.name
        });
    let Some(scoped) = scoped else {
        return;
    };
    let range = (resource.definition.type_range(cx.tree()))
        .unwrap_or_else(|| resource.name_range(cx.tree()));
    let (name, other) = (&resource.name, &scoped.name);
    let message = format!(
        "Heat creates {name} as {created}, not {written}: once it has read the environments' \
entry for {other} alone (resources: {other}), its registry maps every {written} so, and the \
create reads the stack back with that registry"
    );
    cx.report(Code::MeaningDiffers, range, message);
}
