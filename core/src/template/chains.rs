//! ResourceChains whose members a parameter lists (`resources: {get_param:
//! Services}`, as TripleO's roles list their services): the text says
//! which parameter; the stack's values say which types.

use crate::syntax::Entry;

use super::value::V;
use super::{Resource, Template};

/// A ResourceChain whose `resources` a parameter gives.
pub struct ListedChain<'a> {
    pub resource: &'a Resource,
    /// The `resources` entry.
    pub resources: Entry,
    /// The parameter `resources` reads.
    pub parameter: &'a str,
    /// The `resource_properties` entry every member is passed.
    pub shared: Option<Entry>,
}

impl Template<'_> {
    /// Every ResourceChain whose `resources` is `{get_param: NAME}`.
    pub fn chains_listed_by_parameter(&self) -> Vec<ListedChain<'_>> {
        let tree = self.tree();
        (self.resources().iter())
            .filter(|r| r.definition.type_name.as_deref() == Some("OS::Heat::ResourceChain"))
            .filter_map(|resource| {
                let properties = resource.definition.properties_mapping(tree)?;
                let resources = tree.get_entry(properties, "resources")?;
                let parameter = (self.call_at(resources.value))
                    .filter(|call| call.name == "get_param")
                    .and_then(|call| tree.scalar(call.args))?;
                Some(ListedChain {
                    resource,
                    resources,
                    parameter,
                    shared: tree.get_entry(properties, "resource_properties"),
                })
            })
            .collect()
    }
}

/// The member types a chain's parameter value lists: a list's strings, or
/// a comma_delimited_list's text split; in order, each once, none empty.
/// `None` for any other value.
pub fn listed_types(value: V) -> Option<Vec<String>> {
    let mut types: Vec<String> = match value {
        V::List(items) => (items.into_iter())
            .filter_map(|item| match item.v {
                V::Str(name) => Some(name.trim().to_owned()),
                _ => None,
            })
            .collect(),
        V::Str(text) => text.split(',').map(|name| name.trim().to_owned()).collect(),
        _ => return None,
    };
    types.retain(|name| !name.is_empty());
    let mut seen = crate::hash::HashSet::default();
    types.retain(|name| seen.insert(name.clone()));
    Some(types)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::value::Val;
    use crate::text::TextRange;

    #[test]
    fn a_parameter_lists_types_as_a_list_or_as_text() {
        let text = |s: &str| Val::new(V::Str(s.to_owned()), TextRange::empty(0));
        let list = V::List(vec![text("A"), text(" B "), text(""), text("A")]);
        assert_eq!(
            listed_types(list),
            Some(vec!["A".to_owned(), "B".to_owned()])
        );
        assert_eq!(
            listed_types(V::Str("A, B,,".to_owned())),
            Some(vec!["A".to_owned(), "B".to_owned()])
        );
        assert_eq!(listed_types(V::Int(1)), None);
        let template = crate::template::parse("heat_template_version: 2018-08-31\nresources:\n  chain:\n    type: OS::Heat::ResourceChain\n    properties:\n      resources: {get_param: services}\n      resource_properties: {size: 1}\n  fixed:\n    type: OS::Heat::ResourceChain\n    properties: {resources: [A]}\n");
        let chains = template.chains_listed_by_parameter();
        assert_eq!(chains.len(), 1);
        assert_eq!(
            (chains[0].resource.name.as_str(), chains[0].parameter),
            ("chain", "services")
        );
        assert!(chains[0].shared.is_some());
    }
}
