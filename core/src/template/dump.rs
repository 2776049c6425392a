//! The model as text, for snapshot tests and debugging.

use std::fmt::Write;

use super::*;

impl Template<'_> {
    /// Renders the model as text, for snapshot tests and debugging.
    pub fn dump(&self) -> String {
        let tree = &self.tree;
        let range = |node: NodeId| {
            let r = tree.range(node);
            format!("{}..{}", r.start, r.end)
        };
        let mut out = format!("kind {:?}", self.kind);
        if let Some(entry) = self.version {
            let _ = write!(
                out,
                " version {} at {}",
                tree.source(entry.value),
                range(entry.value)
            );
        }
        out.push('\n');
        for resource in &self.resources {
            let _ = write!(
                out,
                "resource {} at {}",
                resource.name,
                range(resource.entry.key)
            );
            dump_definition(tree, &mut out, &resource.definition);
        }
        for nested in &self.nested {
            let _ = write!(
                out,
                "nested in {} at {}",
                self.resources[nested.group].name,
                range(nested.entry.key)
            );
            dump_definition(tree, &mut out, &nested.definition);
        }
        for output in &self.outputs {
            let _ = writeln!(out, "output {} at {}", output.name, range(output.entry.key));
        }
        for parameter in &self.parameters {
            let _ = writeln!(
                out,
                "parameter {} at {}",
                parameter.name,
                range(parameter.entry.key)
            );
        }
        for call in &self.functions {
            let _ = writeln!(
                out,
                "call {} at {} args {}",
                call.name,
                range(call.call),
                range(call.args)
            );
        }
        for attribute in self.attribute_refs() {
            let name = |node: Option<NodeId>| {
                node.map_or("?".to_string(), |n| {
                    format!("{}@{}", tree.source(n), range(n))
                })
            };
            let path: Vec<String> = attribute.path.iter().map(|&n| name(Some(n))).collect();
            let _ = writeln!(
                out,
                "attribute {} {} path [{}]",
                name(attribute.resource),
                name(attribute.attribute),
                path.join(", ")
            );
        }
        for reference in self.resource_refs() {
            let _ = writeln!(
                out,
                "reference {}@{}",
                tree.source(reference.name),
                range(reference.name)
            );
        }
        for entry in &self.registry {
            let _ = writeln!(
                out,
                "registry {}{} -> {} at {}",
                entry
                    .scope
                    .map_or(String::new(), |s| format!("[{}] ", tree.source(s))),
                tree.source(entry.entry.key),
                entry.target.as_deref().unwrap_or("?"),
                range(entry.entry.key),
            );
        }
        for suppression in &self.suppressions {
            let _ = writeln!(
                out,
                "suppression line {} [{}]",
                suppression.line + 1,
                suppression.codes.join(",")
            );
        }
        for problem in &self.problems {
            let at = tree.line_index().position(tree.text(), problem.range.start);
            let _ = writeln!(
                out,
                "{} {}:{} {}..{} {}",
                problem.kind.name(),
                at.line,
                at.column,
                problem.range.start,
                problem.range.end,
                problem.message
            );
        }
        out
    }
}

fn dump_definition(tree: &Tree, out: &mut String, definition: &Definition) {
    if let (Some(name), Some(range)) = (&definition.type_name, definition.type_range(tree)) {
        let _ = write!(out, " type {name} at {}..{}", range.start, range.end);
    }
    if let Some(properties) = definition.properties {
        let r = tree.entry_range(properties);
        let _ = write!(out, " properties {}..{}", r.start, r.end);
    }
    out.push('\n');
}
