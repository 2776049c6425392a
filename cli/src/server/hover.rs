//! Hover: the life cycle of the type, property or attribute under the
//! cursor (every status with its release and Heat's message), its
//! substitute, and the findings there with their fixes.

use heatwise_core::catalog::{Catalog, Status, StatusAt};
use heatwise_core::lint::timeline;
use heatwise_core::release::Release;
use heatwise_core::template::{self, FunctionChange, HeatName};
use heatwise_core::text::TextRange;
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use super::document::{Converter, Document};

pub fn hover(
    document: &Document,
    converter: &Converter<'_>,
    catalog: &Catalog,
    target: Option<Release>,
    position: Position,
) -> Option<Hover> {
    let offset = converter.offset(position);
    let template = template::parse(&document.text);
    let symbol = template.heat_name_at(offset)?;
    let catalog_at = catalog.at(target);
    let at = |newest: Status<'_>, state: StatusAt<'_>| -> Vec<String> {
        let (status, note) = match state {
            StatusAt::InForce(status)
            | StatusAt::Unrecorded {
                first_recorded: status,
            } => (status, None),
            StatusAt::NotYetAvailable { first } => (
                newest,
                Some(first.map_or_else(
                    || "Not available at the target release.".to_owned(),
                    |first| {
                        format!("Not available at the target release: Heat has it since {first}.")
                    },
                )),
            ),
            StatusAt::Removed { last } => (
                newest,
                Some(format!(
                    "Not available at the target release: Heat removed it after {last}."
                )),
            ),
        };
        let mut lines = Vec::new();
        lines.extend(note);
        lines.push("Life cycle, newest first:".to_owned());
        for step in timeline(status) {
            let mut line = format!("- {}", step.status.as_str());
            match (&step.version, &step.release_name) {
                (Some(version), Some(name)) => line.push_str(&format!(" since {name} {version}")),
                (Some(version), None) => line.push_str(&format!(" since {version}")),
                _ => {}
            }
            if let Some(message) = step
                .message
                .as_deref()
                .map(str::trim)
                .filter(|m| !m.is_empty())
            {
                line.push_str(&format!(": {message}"));
            }
            lines.push(line);
        }
        let substitutes: Vec<String> = status
            .substitute_types()
            .map(|s| format!("`{s}`"))
            .collect();
        if !substitutes.is_empty() {
            lines.push(format!("Substitute: {}", substitutes.join(", ")));
        }
        lines
    };
    let (title, range, mut lines) = match &symbol {
        HeatName::ResourceType { name, range } => {
            let resource_type = catalog.resolve_type(name)?.resource_type()?;
            let title = if resource_type.name() == name {
                format!("**{name}** (resource type)")
            } else {
                format!(
                    "**{name}** (resource type, an alias of `{}`)",
                    resource_type.name()
                )
            };
            let state = catalog_at.state(&resource_type);
            let mut lines = at(resource_type.status(), state);
            lines.extend(resource_type.description().map(first_paragraph));
            (title, *range, lines)
        }
        HeatName::Property {
            type_name,
            path,
            range,
        } => {
            let resource_type = catalog.resolve_type(type_name)?.resource_type()?;
            let segments: Vec<&str> = path.split('.').filter(|s| *s != "*").collect();
            let property = resource_type.property_at(&segments)?;
            let state = catalog_at.state(&property);
            let mut lines = at(property.status(), state);
            lines.extend(property.description().map(first_paragraph));
            (
                format!("**{path}** (property of `{}`)", resource_type.name()),
                *range,
                lines,
            )
        }
        HeatName::Attribute {
            type_name,
            name,
            range,
            ..
        } => {
            let resource_type = catalog
                .resolve_type(type_name.as_deref()?)?
                .resource_type()?;
            let attribute = resource_type.attribute(name)?;
            let state = catalog_at.state(&attribute);
            let mut lines = at(attribute.status(), state);
            lines.extend(attribute.description().map(first_paragraph));
            (
                format!("**{name}** (attribute of `{}`)", resource_type.name()),
                *range,
                lines,
            )
        }
        HeatName::Function { name, range } => (
            format!("**{name}** (intrinsic function)"),
            *range,
            function_lines(&template, name),
        ),
    };
    lines.extend(findings_at(document, range));
    let mut value = title;
    for line in lines {
        value.push_str("\n\n");
        value.push_str(&line);
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(converter.range(range)),
    })
}

/// Since which template version a function exists and when Heat changed
/// how it reads it (another class), and what the template's version does.
fn function_lines(template: &template::Template<'_>, name: &str) -> Vec<String> {
    let mut lines: Vec<String> = template::function_history(name)
        .iter()
        .map(|step| {
            let version = step.version.display();
            let shipped = step.version.first_release().map_or_else(String::new, |r| {
                format!(", first shipped in {}", r.display_with_name())
            });
            match step.change {
                FunctionChange::Added { class } => {
                    format!("- from heat_template_version {version}{shipped}: Heat's `{class}`")
                }
                FunctionChange::Changed { class } => {
                    format!(
                        "- changed in heat_template_version {version}{shipped}: Heat's `{class}`"
                    )
                }
                FunctionChange::Removed => {
                    format!("- removed in heat_template_version {version}: Heat refuses it")
                }
            }
        })
        .collect();
    if let Some(version) = template.hot_template_version() {
        lines.push(version.reading(name).describe(version));
    }
    lines
}

/// The findings at `range` with their fixes.
fn findings_at(document: &Document, range: TextRange) -> Vec<String> {
    document
        .diagnostics
        .iter()
        .filter(|d| d.range.start <= range.end && range.start <= d.range.end)
        .map(|d| {
            let mut line = format!("{} {}: {}", d.code(), d.rule.name(), d.message);
            if let Some(fix) = &d.fix {
                line.push_str(&format!(
                    " — fix ({}): {}",
                    fix.applicability.as_str(),
                    fix.title
                ));
            }
            line
        })
        .collect()
}

fn first_paragraph(text: &str) -> String {
    text.split("\n\n").next().unwrap_or(text).trim().to_owned()
}
