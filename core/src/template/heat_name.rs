//! The names Heat defines that a template writes: a resource type, a
//! property, an attribute, an intrinsic function, found at an offset for
//! hovers. The names the templates of a stack declare and use
//! (parameters, resources, outputs) are `stack::symbols`'.

use crate::syntax::NodeId;
use crate::text::TextRange;

use super::{Definition, Template};

/// A name Heat defines, where the template writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeatName {
    /// A resource's `type` value, or an environment registry entry's
    /// target type.
    ResourceType { name: String, range: TextRange },
    /// A property key; `path` joins nested keys with dots, list items as
    /// `*` (`fixed_ips.*.subnet_id`).
    Property {
        type_name: String,
        path: String,
        range: TextRange,
    },
    /// The attribute of a `get_attr` / `Fn::GetAtt`.
    Attribute {
        type_name: Option<String>,
        resource: String,
        name: String,
        range: TextRange,
    },
    /// An intrinsic function's name.
    Function {
        name: &'static str,
        range: TextRange,
    },
}

impl Template<'_> {
    /// The symbol written at `offset`, if any.
    pub fn heat_name_at(&self, offset: u32) -> Option<HeatName> {
        let tree = &self.tree;
        let contains = |node: NodeId| {
            let range = tree.range(node);
            range.start <= offset && offset <= range.end
        };
        for call in &self.functions {
            if contains(call.key) {
                return Some(HeatName::Function {
                    name: call.name,
                    range: tree.range(call.key),
                });
            }
        }
        for reference in self.attribute_refs() {
            let (Some(resource), Some(attribute)) = (
                reference.resource_name(tree),
                reference.attribute.filter(|&node| contains(node)),
            ) else {
                continue;
            };
            let name = tree.scalar(attribute)?.to_owned();
            let type_name = self
                .resource(resource)
                .and_then(|r| r.definition.type_name.clone());
            return Some(HeatName::Attribute {
                type_name,
                resource: resource.to_owned(),
                name,
                range: tree.range(attribute),
            });
        }
        let definitions = self
            .resources
            .iter()
            .map(|r| &r.definition)
            .chain(self.nested.iter().map(|n| &n.definition));
        for definition in definitions {
            if let Some(symbol) = self.heat_name_in_definition(definition, offset) {
                return Some(symbol);
            }
        }
        for entry in &self.registry {
            let (Some(target), value) = (entry.target.as_deref(), entry.entry.value) else {
                continue;
            };
            if contains(value) && target.contains("::") {
                return Some(HeatName::ResourceType {
                    name: target.to_owned(),
                    range: tree.range(value),
                });
            }
        }
        None
    }

    fn heat_name_in_definition(&self, definition: &Definition, offset: u32) -> Option<HeatName> {
        let tree = &self.tree;
        let type_name = definition.type_name.as_deref()?;
        let type_entry = definition.type_entry?;
        let type_range = tree.range(type_entry.value);
        if type_range.start <= offset && offset <= type_range.end {
            return Some(HeatName::ResourceType {
                name: type_name.to_owned(),
                range: type_range,
            });
        }
        let properties = definition.properties_mapping(tree)?;
        let outer = tree.range(properties);
        if offset < outer.start || outer.end < offset {
            return None;
        }
        // The innermost key around the offset, then its path up to the
        // properties mapping.
        let mut node = tree.node_at(offset)?;
        let key = loop {
            if let Some(entry) = tree.entry_of(node) {
                if entry.key == node {
                    break node;
                }
            }
            if node == properties {
                return None;
            }
            node = tree.parent(node)?;
        };
        let mut segments = vec![tree.scalar(key)?.to_owned()];
        let mut collection = tree.parent(key)?;
        while collection != properties {
            let parent = tree.parent(collection)?;
            if tree.is_mapping(parent) {
                segments.push(tree.scalar(tree.entry_of(collection)?.key)?.to_owned());
            } else if tree.is_sequence(parent) {
                segments.push("*".to_owned());
            } else {
                return None;
            }
            collection = parent;
        }
        segments.reverse();
        Some(HeatName::Property {
            type_name: type_name.to_owned(),
            path: segments.join("."),
            range: tree.range(key),
        })
    }
}
