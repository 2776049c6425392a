//! Completion of resource types (after `type:`), property names (a key
//! directly under a resource's `properties:`) and attribute names (the
//! second item of `get_attr: [resource, ...]`), from the catalog at the
//! target release. Deprecated items are tagged and sorted last; HIDDEN
//! ones are offered only once the name is typed in full. The context is
//! read from the lines, not the tree: a key being typed does not parse.

use heatwise_core::catalog::{Catalog, Status, StatusKind};
use heatwise_core::release::Release;
use heatwise_core::stack::symbols::StackSymbols;
use heatwise_core::stack::FileId;
use heatwise_core::template::{self, DocumentKind};
use heatwise_core::text::TextRange;
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionItemTag, CompletionTextEdit, Position, TextEdit,
};

use super::document::{Converter, Document};

pub fn completion(
    document: &Document,
    converter: &Converter<'_>,
    catalog: &Catalog,
    target: Option<Release>,
    position: Position,
    stack: Option<(&StackSymbols, FileId)>,
) -> Vec<CompletionItem> {
    let text = document.text.as_str();
    let offset = converter.offset(position) as usize;
    let line_start = text[..offset].rfind('\n').map_or(0, |at| at + 1);
    let before = &text[line_start..offset];
    let at = catalog.at(target);
    let word_len = before.len()
        - before
            .trim_end_matches(|c: char| c.is_alphanumeric() || matches!(c, '_' | ':' | '-'))
            .len();
    let replace = TextRange::new((offset - word_len) as u32, offset as u32);
    let typed = &before[before.len() - word_len..];
    let item = |name: &str, kind: CompletionItemKind, status: Option<Status<'_>>| {
        offer(name, kind, status, typed, converter, replace)
    };
    let trimmed = before.trim_start();
    if let Some(found) = names(text, before, offset, stack, converter) {
        return found;
    }
    if let Some(rest) = trimmed
        .strip_prefix("type:")
        .or_else(|| trimmed.strip_prefix("Type:"))
    {
        if rest.trim_start().len() != word_len {
            return Vec::new();
        }
        return catalog
            .types_at(target)
            .filter_map(|(t, status)| item(t.name(), CompletionItemKind::CLASS, status))
            .collect();
    }
    if let Some((resource, partial)) = attribute_context(before) {
        let template = template::parse(text);
        let replace = TextRange::new((offset - partial.len()) as u32, offset as u32);
        let outputs = stack.and_then(|(symbols, file)| symbols.nested_outputs(file, resource));
        if let Some(outputs) = outputs {
            // A template resource: its attributes are its template's outputs.
            return (outputs.iter())
                .filter_map(|o| {
                    offer(
                        o,
                        CompletionItemKind::FIELD,
                        None,
                        partial,
                        converter,
                        replace,
                    )
                })
                .collect();
        }
        let Some(resource_type) = template
            .resource(resource)
            .and_then(|r| r.definition.type_name.as_deref())
            .and_then(|name| catalog.resolve_type(name)?.resource_type())
        else {
            return Vec::new();
        };
        return resource_type
            .attributes()
            .filter_map(|a| {
                let status = at.status(&a)?;
                offer(
                    a.name(),
                    CompletionItemKind::FIELD,
                    Some(status),
                    partial,
                    converter,
                    replace,
                )
            })
            .collect();
    }
    if trimmed.chars().all(|c| c.is_alphanumeric() || c == '_') {
        let indent = before.len() - trimmed.len();
        let Some(type_name) = properties_owner(text, line_start, indent) else {
            return Vec::new();
        };
        let Some(resource_type) = catalog
            .resolve_type(&type_name)
            .and_then(|r| r.resource_type())
        else {
            return Vec::new();
        };
        return resource_type
            .properties()
            .filter_map(|p| {
                let status = at.status(&p)?;
                offer(
                    p.name(),
                    CompletionItemKind::PROPERTY,
                    Some(status),
                    trimmed,
                    converter,
                    replace,
                )
            })
            .collect();
    }
    Vec::new()
}

/// Names the template and its stack declare: parameters after
/// `get_param`, resources after `get_resource`, `depends_on` and as
/// `get_attr`'s first item, and in an environment's `parameters` and
/// `parameter_defaults`, every parameter of the stack.
fn names(
    text: &str,
    before: &str,
    offset: usize,
    stack: Option<(&StackSymbols, FileId)>,
    converter: &Converter<'_>,
) -> Option<Vec<CompletionItem>> {
    let template = template::parse(text);
    let offered = |names: Vec<&str>, partial: &str, kind: CompletionItemKind| {
        let replace = TextRange::new((offset - partial.len()) as u32, offset as u32);
        names
            .into_iter()
            .filter_map(|n| offer(n, kind, None, partial, converter, replace))
            .collect()
    };
    if let Some(partial) = after_function(before, "get_param") {
        let names = template
            .parameters()
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        return Some(offered(names, partial, CompletionItemKind::VARIABLE));
    }
    let resource = ["get_resource", "depends_on", "get_attr"]
        .iter()
        .find_map(|function| after_function(before, function));
    if let Some(partial) = resource {
        let names = template
            .resources()
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        return Some(offered(names, partial, CompletionItemKind::REFERENCE));
    }
    let (symbols, _) = stack?;
    if template.kind() != DocumentKind::Environment {
        return None;
    }
    let trimmed = before.trim_start();
    let plain = trimmed.chars().all(|c| c.is_alphanumeric() || c == '_');
    let line_start = offset - before.len();
    let indent = before.len() - trimmed.len();
    let section = section_above(text, line_start, indent)?;
    (plain && matches!(section, "parameters:" | "parameter_defaults:")).then(|| {
        offered(
            symbols.all_parameters(),
            trimmed,
            CompletionItemKind::VARIABLE,
        )
    })
}

/// `function: partial` or `function: [partial` at the end of `before`,
/// the partial name being typed; for `depends_on`, after a comma too.
fn after_function<'b>(before: &'b str, function: &str) -> Option<&'b str> {
    let at = before.rfind(function)?;
    let rest = before[at + function.len()..].trim_start();
    let rest = rest.strip_prefix(':')?.trim_start();
    let rest = match rest.strip_prefix('[') {
        Some(list) if function == "depends_on" => list.rsplit(',').next()?.trim_start(),
        Some(list) => list.trim_start(),
        None => rest,
    };
    rest.chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .then_some(rest)
}

/// The line above at a smaller indent than `indent`, trimmed: the key the
/// line at `line_start` is under.
fn section_above(text: &str, line_start: usize, indent: usize) -> Option<&str> {
    let indent_of = |line: &str| line.len() - line.trim_start().len();
    text[..line_start]
        .lines()
        .rev()
        .find(|line| {
            let meaningful = !line.trim().is_empty() && !line.trim_start().starts_with('#');
            meaningful && indent_of(line) < indent
        })
        .map(str::trim)
}

/// The status in force; `None` where the object is not there at the target.
fn offer(
    name: &str,
    kind: CompletionItemKind,
    status: Option<Status<'_>>,
    typed: &str,
    converter: &Converter<'_>,
    replace: TextRange,
) -> Option<CompletionItem> {
    let status_kind = status.map_or(StatusKind::Supported, |s| s.kind());
    if status_kind == StatusKind::Hidden && typed != name {
        return None;
    }
    let rank = match status_kind {
        StatusKind::Supported => 0,
        StatusKind::Deprecated => 1,
        StatusKind::Unsupported => 2,
        StatusKind::Hidden => 3,
    };
    let detail = status.map(|s| {
        let mut detail = s.kind().as_str().to_owned();
        if let Some(release) = s.release() {
            detail.push_str(&format!(" since {}", release.display_with_name()));
        }
        detail
    });
    Some(CompletionItem {
        label: name.to_owned(),
        kind: Some(kind),
        detail,
        tags: (rank > 0 && rank != 2).then(|| vec![CompletionItemTag::DEPRECATED]),
        sort_text: Some(format!("{rank}{name}")),
        filter_text: Some(name.to_owned()),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit {
            range: converter.range(replace),
            new_text: name.to_owned(),
        })),
        ..CompletionItem::default()
    })
}

/// `get_attr: [resource, partial` at the end of `before`.
fn attribute_context(before: &str) -> Option<(&str, &str)> {
    let at = before.rfind("get_attr")?;
    let rest = before[at + "get_attr".len()..].trim_start();
    let rest = rest.strip_prefix(':')?.trim_start().strip_prefix('[')?;
    let (resource, partial) = rest.split_once(',')?;
    let partial = partial.trim_start();
    let resource = resource.trim();
    let plain = |s: &str| {
        s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-'))
    };
    (plain(resource) && !resource.is_empty() && plain(partial)).then_some((resource, partial))
}

/// The type of the resource whose `properties:` holds keys at `indent`,
/// for a key being typed on the line at `line_start`.
fn properties_owner(text: &str, line_start: usize, indent: usize) -> Option<String> {
    let indent_of = |line: &str| line.len() - line.trim_start().len();
    let meaningful = |line: &str| !line.trim().is_empty() && !line.trim_start().starts_with('#');
    let above: Vec<&str> = text[..line_start].lines().collect();
    let (at, parent) = above
        .iter()
        .enumerate()
        .rev()
        .find(|(_, line)| meaningful(line) && indent_of(line) < indent)?;
    if !matches!(parent.trim(), "properties:" | "Properties:") {
        return None;
    }
    let level = indent_of(parent);
    let siblings = |lines: &mut dyn Iterator<Item = &str>| -> Option<String> {
        for line in lines {
            if !meaningful(line) {
                continue;
            }
            if indent_of(line) < level {
                return None;
            }
            if indent_of(line) == level {
                let key = line.trim();
                if let Some(value) = key
                    .strip_prefix("type:")
                    .or_else(|| key.strip_prefix("Type:"))
                {
                    return Some(value.trim().trim_matches(['"', '\'']).to_owned());
                }
            }
        }
        None
    };
    siblings(&mut above[..at].iter().rev().copied())
        .or_else(|| siblings(&mut text[line_start..].lines().skip(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_context_from_the_lines() {
        assert_eq!(
            attribute_context("  value: {get_attr: [server, first"),
            Some(("server", "first"))
        );
        assert_eq!(
            attribute_context("get_attr: [server, "),
            Some(("server", ""))
        );
        assert_eq!(attribute_context("get_attr: [server"), None);
        assert_eq!(
            after_function("  a: {get_param: fla", "get_param"),
            Some("fla")
        );
        assert_eq!(after_function("get_param: [", "get_param"), Some(""));
        assert_eq!(after_function("depends_on: [a, b", "depends_on"), Some("b"));
        assert_eq!(after_function("get_attr: [server, na", "get_attr"), None);
        assert_eq!(after_function("get_param: {x", "get_param"), None);
        let text = "resources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      name: x\n      netw\n";
        let line = text.find("      netw").unwrap();
        assert_eq!(
            properties_owner(text, line, 6).as_deref(),
            Some("OS::Neutron::Port")
        );
        let below = "resources:\n  p:\n    properties:\n      netw\n    type: 'OS::Nova::Server'\n";
        let line = below.find("      netw").unwrap();
        assert_eq!(
            properties_owner(below, line, 6).as_deref(),
            Some("OS::Nova::Server")
        );
    }
}
