#![doc = include_str!("provider_template_mismatch.md")]

use crate::catalog::{PropertyType, ResourceType};
use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::registry::is_template_name;
use crate::stack::{Interface, Resolution};

/// Each resource whose type Heat has a class for and the environments
/// map to a template, in a file linted as part of its stack: Heat checks
/// the template against the class it stands in for, its facade
/// (`TemplateResource._validate_against_facade`).
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let tree = cx.tree;
    for resource in cx.template.resources() {
        let Some((facade, provider)) = facade_and_provider(cx, resource) else {
            continue;
        };
        let written = facade.name();
        let mut problems = properties_against(cx, facade, provider);
        problems.extend(parameters_against(cx, facade, provider));
        problems.extend(attributes_against(cx, facade, provider));
        let (Some((_, heat_says)), Some(type_entry)) =
            (problems.first(), resource.definition.type_entry)
        else {
            continue;
        };
        let what = problems
            .iter()
            .map(|(what, _)| what.as_str())
            .collect::<Vec<_>>()
            .join("; ");
        let message = format!(
            "the environments make `{}` of type `{written}` a stack of {}, which Heat \
             checks against `{written}`: {what}. Heat refuses the stack (\"{heat_says}\")",
            resource.name, provider.name
        );
        cx.report(
            Rule::ProviderTemplateMismatch,
            tree.range(type_entry.value),
            message,
        );
    }
}

/// What the user reads, and what Heat says.
type Problem = (String, String);

/// The type Heat has a class for that the environments map the resource's
/// type to a template of, and that template.
fn facade_and_provider<'a>(
    cx: &Context<'a, '_>,
    resource: &crate::template::Resource,
) -> Option<(ResourceType<'a>, &'a Interface)> {
    cx.stack?;
    let written = resource.definition.type_name.as_deref()?;
    if is_template_name(written) {
        return None;
    }
    let facade = cx.catalog.resource_type(written)?;
    if !cx.at.state(&facade).is_available() {
        return None;
    }
    let provider = cx.nested_template(resource)?;
    // Mapped for this resource alone, the type keeps no facade (judged by
    // Heat 27.0.1: it accepts such a template whatever it holds).
    matches!(cx.mapped_type(written, None), Some(Resolution::Template(_)))
        .then_some((facade, provider))
}

/// The type's properties against the template's parameters: each required
/// one a parameter, each parameter of the property's type.
fn properties_against(
    cx: &Context<'_, '_>,
    facade: ResourceType<'_>,
    provider: &Interface,
) -> Vec<Problem> {
    let (written, template) = (facade.name(), &provider.name);
    let mut problems = Vec::new();
    for property in facade.properties() {
        if !cx.at.state(&property).is_available() {
            continue;
        }
        let name = property.name();
        let Some(parameter) = provider.parameters.iter().find(|p| p.name == name) else {
            if property.required() {
                problems.push((
                    format!("its required property `{name}` is no parameter of {template}"),
                    format!("Required property {name} for facade {written} missing in provider"),
                ));
            }
            continue;
        };
        let Some(kind) = parameter.kind.as_deref() else {
            continue;
        };
        let wanted = match property.value_type() {
            PropertyType::Integer | PropertyType::Number => PropertyType::Number,
            PropertyType::Any => {
                problems.push((
                    format!(
                        "Heat cannot compare its property `{name}`, of any type, with the \
                         parameter of {template}"
                    ),
                    "'Any'".to_owned(),
                ));
                continue;
            }
            // Not a property type Heat defines: not judged.
            PropertyType::Json => continue,
            other => other,
        };
        let given = property_type_of(kind);
        if given != wanted {
            problems.push((
                format!(
                    "its property `{name}` is {} and the parameter of {template} makes it {}",
                    wanted.as_str(),
                    given.as_str()
                ),
                format!("Property {name} type mismatch between facade {written}"),
            ));
        }
    }
    problems
}

/// Each parameter the template requires (no default, none from the
/// environments' `parameter_defaults`) that the type has no property for.
fn parameters_against(
    cx: &Context<'_, '_>,
    facade: ResourceType<'_>,
    provider: &Interface,
) -> Vec<Problem> {
    let Some(nested) = cx.stack else {
        return Vec::new();
    };
    let (written, template) = (facade.name(), &provider.name);
    (provider.parameters.iter())
        .filter(|p| !p.has_default && !nested.has_default(&p.name))
        .filter(|p| facade.properties().get(&p.name).is_none())
        .map(|p| {
            let name = &p.name;
            (
                format!("{template} requires parameter `{name}`, which is no property of it"),
                format!("Provider requires property {name} unknown in facade {written}"),
            )
        })
        .collect()
}

/// The type's attributes that are no outputs of the template (`show`
/// Heat gives every template).
fn attributes_against(
    cx: &Context<'_, '_>,
    facade: ResourceType<'_>,
    provider: &Interface,
) -> Option<Problem> {
    let missing: Vec<&str> = (facade.attributes())
        .filter(|a| cx.at.state(a).is_available())
        .map(|a| a.name())
        .filter(|&name| name != "show" && !provider.outputs.iter().any(|o| o == name))
        .collect();
    let first = missing.first()?;
    let names = (missing.iter())
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let (what, are) = match missing.len() {
        1 => ("attribute", "is no output"),
        _ => ("attributes", "are no outputs"),
    };
    Some((
        format!("its {what} {names} {are} of {}", provider.name),
        format!(
            "Attribute {first} for facade {} missing in provider",
            facade.name()
        ),
    ))
}

/// The property type Heat makes of a parameter of the template
/// (`properties.Schema.from_parameter`), HOT's or CloudFormation's name.
fn property_type_of(kind: &str) -> PropertyType {
    match kind {
        "string" | "String" => PropertyType::String,
        "number" | "Number" => PropertyType::Number,
        "boolean" | "Boolean" => PropertyType::Boolean,
        "comma_delimited_list" | "CommaDelimitedList" => PropertyType::List,
        _ => PropertyType::Map,
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::nested_findings;
    use crate::lint::Rule;

    const ROOT: &str = concat!(
        "heat_template_version: 2018-08-31\nresources:\n  s:\n",
        "    type: OS::Heat::RandomString\n    properties: {length: 8}\n",
    );
    const ENV: Option<&str> = Some("resource_registry:\n  OS::Heat::RandomString: app.yaml\n");

    #[test]
    fn a_template_standing_in_for_a_type_heat_has() {
        let matching = concat!(
            "heat_template_version: 2018-08-31\nparameters:\n",
            "  length: {type: number, default: 32}\n",
            "  salt: {type: string, default: ''}\noutputs:\n  value: {value: x}\n",
            "  show: {value: {}}\n",
        );
        assert!(nested_findings(Rule::ProviderTemplateMismatch, ROOT, matching, ENV).is_empty());
        // A parameter of the wrong type, one the type does not have, and
        // an attribute missing (`show` Heat gives every template): one
        // finding that names them all.
        let wrong = concat!(
            "heat_template_version: 2018-08-31\nparameters:\n",
            "  length: {type: string}\n  extra: {type: string}\n",
        );
        let found = nested_findings(Rule::ProviderTemplateMismatch, ROOT, wrong, ENV);
        assert_eq!(found, ["OS::Heat::RandomString"]);
        // Not mapped: the type is itself.
        assert!(nested_findings(Rule::ProviderTemplateMismatch, ROOT, wrong, None).is_empty());
    }
}
