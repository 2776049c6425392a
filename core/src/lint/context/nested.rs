//! The nested templates a file's definitions are made from, in a file
//! linted as part of its stack: template resources and groups' members.

use std::rc::Rc;

use crate::stack::Resolution;
use crate::syntax::Entry;

use super::Context;

/// A member of a ResourceChain whose `resources` a parameter lists: its
/// definition, made of one listed type and the chain's
/// `resource_properties`.
pub(crate) struct ChainMember {
    /// The chain.
    pub chain: String,
    pub definition: crate::template::Definition,
}

/// A definition made from a nested template: a template resource, or a
/// group's member definition.
pub(crate) struct NestedUse<'a> {
    pub interface: &'a crate::stack::Interface,
    /// Its definition (for a chain's member a parameter lists, made here:
    /// its type, and the chain's `resource_properties`).
    pub definition: crate::template::Definition,
    /// The resource whose definition it is (the group, for a member).
    pub user: String,
    /// The group, for a member definition (a ResourceGroup's,
    /// AutoScalingGroup's or ResourceChain's): Heat builds and validates
    /// each member when it creates the group.
    pub member_of: Option<String>,
    /// The text Heat replaces with each member's index in its properties
    /// (`index_var`, `%index%` unless the group says otherwise).
    pub index_var: Option<String>,
}

impl<'a> Context<'a, '_> {
    /// The nested template a resource of this file is made from, when it
    /// is linted as part of a stack: through a `type` naming a file, or
    /// through the environments' registry.
    pub(crate) fn nested_template(
        &self,
        resource: &crate::template::Resource,
    ) -> Option<&'a crate::stack::Interface> {
        self.nested_template_of(&resource.definition, Some(&resource.name))
    }

    /// The nested template a definition's type names (written, or mapped
    /// by the environments for the resource `name`), when the stack knows it.
    fn nested_template_of(
        &self,
        definition: &crate::template::Definition,
        name: Option<&str>,
    ) -> Option<&'a crate::stack::Interface> {
        let nested = self.stack?;
        let written = definition.type_name.as_deref()?;
        if crate::stack::registry::is_template_name(written) {
            let range = self.tree.range(definition.type_entry?.value);
            return nested.by_type(range);
        }
        match self.mapped_type(written, name)? {
            Resolution::Template(name) => nested.by_registry(&name),
            _ => None,
        }
    }

    /// How many definitions may be made from a nested template: each
    /// resource, then each group's member definition ([`Self::nested_use_at`]).
    pub(crate) fn nested_use_places(&self) -> usize {
        self.template.resources().len() + self.template.nested_definitions().len()
    }

    /// The definition at `at` ([`Self::nested_use_places`]), when its type
    /// is a nested template the stack knows: a template resource, or a
    /// group's member definition (the `resource_def` Heat builds every
    /// member from). Each is worked out alone, asking the stack about its
    /// own type only: a lint runs each in a part of its own.
    pub(crate) fn nested_use_at(&self, at: usize) -> Option<NestedUse<'a>> {
        let template = self.template;
        let resources = template.resources();
        if let Some(resource) = resources.get(at) {
            return Some(NestedUse {
                interface: self.nested_template(resource)?,
                definition: resource.definition.clone(),
                user: resource.name.clone(),
                member_of: None,
                index_var: None,
            });
        }
        let nested = template.nested_definitions().get(at - resources.len())?;
        let group = &resources[nested.group];
        if self.builds_no_member(group) {
            return None;
        }
        let interface = self.nested_template_of(&nested.definition, None)?;
        let index_var = group
            .definition
            .properties_mapping(self.tree)
            .and_then(|p| self.tree.get(p, "index_var"))
            .and_then(|v| self.tree.scalar(v))
            .unwrap_or("%index%");
        Some(NestedUse {
            interface,
            definition: nested.definition.clone(),
            user: group.name.clone(),
            member_of: Some(group.name.clone()),
            index_var: Some(index_var.to_owned()),
        })
    }

    /// The member definition of the group `group` (a ResourceGroup's or
    /// AutoScalingGroup's), when its type is a nested template the stack
    /// knows: worked out for that group alone.
    pub(crate) fn group_member_use(&self, group: &str) -> Option<NestedUse<'a>> {
        let template = self.template;
        let (resources, definitions) = (template.resources(), template.nested_definitions());
        (definitions.iter().enumerate())
            .filter(|(_, nested)| resources[nested.group].name == group)
            .find_map(|(at, _)| self.nested_use_at(resources.len() + at))
    }

    /// The members of each ResourceChain whose `resources` a parameter
    /// lists (`{get_param: Services}`), as the stack's values give it: one
    /// definition of each type, passed the chain's `resource_properties`.
    /// Each is checked on its own ([`Context::chain_member_use`]): a chain
    /// lists a hundred, and an environment maps one elsewhere.
    pub(crate) fn chain_members(&self) -> Rc<[ChainMember]> {
        self.kept(&self.chain_members, || self.find_chain_members().into())
    }

    fn find_chain_members(&self) -> Vec<ChainMember> {
        let mut members = Vec::new();
        for chain in self.template.chains_listed_by_parameter() {
            let value = self.parameter_value(chain.parameter);
            let Some(types) = value.and_then(|value| crate::template::listed_types(value.value.v))
            else {
                continue;
            };
            for type_name in types {
                members.push(ChainMember {
                    chain: chain.resource.name.clone(),
                    definition: crate::template::Definition {
                        body: chain.resources.value,
                        type_entry: Some(chain.resources),
                        type_name: Some(type_name),
                        properties: chain.shared,
                        properties_value: chain.shared.map(|shared| shared.value),
                    },
                });
            }
        }
        members
    }

    /// The use of a nested template `member` makes, when the stack knows
    /// the template its type resolves to.
    pub(crate) fn chain_member_use(&self, member: &ChainMember) -> Option<NestedUse<'a>> {
        Some(NestedUse {
            interface: self.nested_template_of(&member.definition, None)?,
            definition: member.definition.clone(),
            user: member.chain.clone(),
            member_of: Some(member.chain.clone()),
            index_var: None,
        })
    }

    /// Whether a ResourceGroup has `count: 0`, written, or through
    /// `get_param` in the root of a stack (whose values the environments
    /// give; a nested template's come from its parent): Heat then builds
    /// no member, and judges nothing of their definition.
    fn builds_no_member(&self, group: &crate::template::Resource) -> bool {
        let Some(count) = group.definition.group_count(self.tree) else {
            return false;
        };
        if self.template.is_call(count) && !self.as_root {
            return false;
        }
        let value_of = |name: &str| self.parameter_value(name);
        crate::lint::schema::given_value(self.template, count, value_of)
            .is_some_and(|(value, _)| value.is_zero_count())
    }

    /// The properties written for `used` (merge keys applied, a repeated
    /// key's later value only), but those whose value holds the index
    /// variable.
    pub(crate) fn use_properties(&self, used: &NestedUse<'_>) -> Vec<Entry> {
        let (template, tree) = (self.template, self.tree);
        let Some(properties) = used.definition.properties_mapping(tree) else {
            return Vec::new();
        };
        if template.is_call(properties) {
            return Vec::new();
        }
        let entries = self.flattened(properties);
        // A member's value holding the index variable is another value in
        // each member: Heat replaces it before it judges.
        let indexed = |entry: &Entry| {
            used.index_var
                .as_deref()
                .is_some_and(|var| tree.source(entry.value).contains(var))
        };
        (entries.iter())
            .filter(|merged| !indexed(&merged.entry))
            .map(|merged| merged.entry)
            .collect()
    }
}
