//! Who refers to which resource, indexed once per lint when a rule first
//! asks: migrations that move or remove a resource look up its references
//! for each finding, and a scan of the template each time would make a
//! template with many findings quadratic.

use crate::hash::{HashMap, HashMapExt, HashSet};
use crate::syntax::NodeId;
use crate::template::{AttributeRef, Definition, Resource, Template};

pub(crate) struct References {
    /// Resource index by its definition's node.
    by_body: HashMap<NodeId, usize>,
    /// `get_attr` / `Fn::GetAtt` by the resource they name.
    attribute_refs: HashMap<String, Vec<AttributeRef>>,
    /// Names used with `get_resource` / `Ref`.
    resource_refs: HashSet<String>,
    /// `depends_on` items by the resource they name.
    depends_on: HashMap<String, Vec<NodeId>>,
}

impl References {
    pub(crate) fn new(template: &Template<'_>) -> Self {
        let tree = template.tree();
        let by_body = template
            .resources()
            .iter()
            .enumerate()
            .map(|(index, r)| (r.definition.body, index))
            .collect();
        let mut attribute_refs: HashMap<String, Vec<AttributeRef>> = HashMap::new();
        for reference in template.attribute_refs() {
            if let Some(name) = reference.resource_name(tree) {
                attribute_refs
                    .entry(name.to_owned())
                    .or_default()
                    .push(reference);
            }
        }
        let resource_refs = template
            .resource_refs()
            .filter_map(|r| tree.scalar(r.name).map(str::to_owned))
            .collect();
        let mut depends_on: HashMap<String, Vec<NodeId>> = HashMap::new();
        for resource in template.resources() {
            for item in template.depends_on(&resource.definition) {
                if let Some(name) = tree.scalar(item) {
                    depends_on.entry(name.to_owned()).or_default().push(item);
                }
            }
        }
        Self {
            by_body,
            attribute_refs,
            resource_refs,
            depends_on,
        }
    }

    /// The resource whose definition this is (a group's member definition
    /// has none).
    pub(crate) fn resource_of<'t>(
        &self,
        template: &'t Template<'_>,
        definition: &Definition,
    ) -> Option<&'t Resource> {
        self.by_body
            .get(&definition.body)
            .map(|&index| &template.resources()[index])
    }

    /// Every `get_attr` of the resource `name`.
    pub(crate) fn attribute_refs_to(&self, name: &str) -> &[AttributeRef] {
        self.attribute_refs.get(name).map_or(&[], Vec::as_slice)
    }

    /// Whether a function refers to the resource `name` (`get_resource`,
    /// `Ref`, `get_attr`).
    pub(crate) fn by_function(&self, name: &str) -> bool {
        self.resource_refs.contains(name) || self.attribute_refs.contains_key(name)
    }

    /// The `depends_on` items that name the resource `name`.
    pub(crate) fn depends_on(&self, name: &str) -> &[NodeId] {
        self.depends_on.get(name).map_or(&[], Vec::as_slice)
    }
}
