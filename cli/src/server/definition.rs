//! Go to definition: from a name a template uses to where it is declared.
//! `get_param` (and `Ref` of a parameter) goes to the parameter;
//! `get_resource`, `get_attr`, `Ref`, `Fn::GetAtt` and `depends_on` to
//! the resource; a `type` naming a file, a `get_file` and an environment's
//! registry entry naming a file (from its key or its target) to that file,
//! joined onto the document's URL as python-heatclient joins it. A name is
//! a file as Heat's registry takes one (`registry::is_template_name`).

use heatwise_core::stack::registry::is_template_name;
use heatwise_core::stack::url;
use heatwise_core::syntax::NodeId;
use heatwise_core::template::{self, Template};
use heatwise_core::text::TextRange;
use lsp_types::{GotoDefinitionResponse, Location, Position, Range, Uri};

use super::document::{Converter, Document};

/// Where the name at `position` is declared: in this document, or a file
/// the stack reads.
pub fn definition(
    uri: &Uri,
    document: &Document,
    converter: &Converter<'_>,
    position: Position,
) -> Option<GotoDefinitionResponse> {
    let offset = converter.offset(position);
    let template = template::parse(&document.text);
    let tree = template.tree();
    let at = |node: NodeId| {
        let range = tree.range(node);
        range.start <= offset && offset <= range.end
    };
    let here = |range: TextRange| {
        Some(GotoDefinitionResponse::Scalar(Location {
            uri: uri.clone(),
            range: converter.range(range),
        }))
    };
    let file = |written: &str| {
        let target = url::join(&url::base_of(uri.as_str()), written);
        let target: Uri = target.parse().ok()?;
        Some(GotoDefinitionResponse::Scalar(Location {
            uri: target,
            range: Range::new(Position::new(0, 0), Position::new(0, 0)),
        }))
    };
    for call in template.function_calls() {
        let name_node = if tree.is_sequence(call.args) {
            match tree.items(call.args).first() {
                Some(&first) => first,
                None => continue,
            }
        } else {
            call.args
        };
        if !at(name_node) {
            continue;
        }
        let name = tree.scalar(name_node)?;
        return match call.name {
            "get_param" => parameter(&template, name).and_then(here),
            "get_resource" | "get_attr" | "Fn::GetAtt" => resource(&template, name).and_then(here),
            "Ref" => resource(&template, name)
                .or_else(|| parameter(&template, name))
                .and_then(here),
            "get_file" => file(name),
            _ => None,
        };
    }
    for resource_entry in template.resources() {
        let definition = &resource_entry.definition;
        if let Some(item) = template
            .depends_on(definition)
            .into_iter()
            .find(|&item| at(item))
        {
            return resource(&template, tree.scalar(item)?).and_then(here);
        }
        if let (Some(entry), Some(name)) = (definition.type_entry, definition.type_name.as_deref())
        {
            if at(entry.value) && is_template_name(name) {
                return file(name);
            }
        }
    }
    // A registry entry, from its key (the type it maps) or its target.
    template
        .registry()
        .iter()
        .find(|entry| at(entry.entry.value) || at(entry.entry.key))
        .and_then(|entry| entry.target.as_deref())
        .filter(|target| is_template_name(target))
        .and_then(file)
}

fn parameter(template: &Template<'_>, name: &str) -> Option<TextRange> {
    let tree = template.tree();
    template
        .parameters()
        .iter()
        .find(|p| p.name == name)
        .map(|p| tree.range(p.entry.key))
}

fn resource(template: &Template<'_>, name: &str) -> Option<TextRange> {
    template
        .resource(name)
        .map(|r| r.name_range(template.tree()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::document::Encoding;

    /// Where definition goes from the start of `written` in `text`.
    fn target(text: &str, written: &str) -> Option<String> {
        let uri: Uri = "file:///p/root.yaml".parse().unwrap();
        let document = Document::new(text.to_owned(), 1);
        let converter = Converter::new(text, Encoding::Utf8);
        let offset = text.find(written).unwrap() as u32;
        let position = converter.range(TextRange::empty(offset)).start;
        match definition(&uri, &document, &converter, position)? {
            GotoDefinitionResponse::Scalar(location) => Some(location.uri.as_str().to_owned()),
            _ => None,
        }
    }

    #[test]
    fn a_type_names_a_file_as_heats_registry_takes_one() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  a: {type: nested/app.yaml}\n  b: {type: app.template}\n  c: {type: app.yml}\n  d: {type: My::App/v2}\n";
        assert_eq!(
            target(text, "nested/app.yaml").as_deref(),
            Some("file:///p/nested/app.yaml")
        );
        assert_eq!(
            target(text, "app.template").as_deref(),
            Some("file:///p/app.template")
        );
        // Heat takes neither for a template: they are types to its registry.
        assert_eq!(target(text, "app.yml"), None);
        assert_eq!(target(text, "My::App/v2"), None);
    }
}
