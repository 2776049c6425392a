//! The functions that name resources: `get_resource` and `Ref`, and
//! `get_attr` of a nested stack's outputs, which the export knows.

use heatwise_core::syntax::NodeId;
use heatwise_core::text::TextRange;

use super::{Evaluator, Val, V};

impl Evaluator<'_, '_> {
    /// `get_resource: name`: the resource itself; for a nested stack, its
    /// `OS::stack_id` output when its template has one, which Heat gives
    /// as the resource's ID (`TemplateResource.get_reference_id`).
    pub(super) fn get_resource(&self, args: NodeId, at: TextRange) -> Val {
        let Some(resource) = self.tree().scalar(args) else {
            return Val::unknown("get_resource needs a resource name", at);
        };
        match self.nested_output(resource, "OS::stack_id") {
            Some(id) => id.relocated(at),
            None => Val::new(V::Resource(resource.to_owned()), at),
        }
    }

    fn nested_output(&self, resource: &str, output: &str) -> Option<Val> {
        let outputs = self.nested_outputs.borrow();
        let outputs = outputs.get(resource)?;
        outputs
            .iter()
            .rev()
            .find(|(name, _)| name == output)
            .map(|(_, value)| value.clone())
    }

    /// `get_attr: [resource, output, path...]` of a nested stack the
    /// export expands: the output's value as the nested template computes
    /// it. Any other attribute is known only once Heat made the resource.
    pub(super) fn get_attr(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let unknown = || {
            Val::unknown(
                "an attribute (get_attr) is known only once Heat has created the resource, and ORC cannot put one object's status into another's spec",
                at,
            )
        };
        let parts = self.args(args);
        let (Some(resource), Some(&output)) = (
            parts.first().and_then(|&n| self.tree().scalar(n)),
            parts.get(1),
        ) else {
            return unknown();
        };
        let plain = self.plain_members.borrow().get(resource).cloned();
        if let (Some(members), [_]) = (plain, &parts[1..]) {
            // `ResourceGroup.get_attribute`: `resource.N` alone is member
            // N's reference, as `get_resource` of it would be.
            // Heat replaces a member's index in the definition before it
            // resolves anything: `resource.%index%` is member N's.
            let attribute =
                self.eval_at(output, depth)
                    .python_str()
                    .map(|a| match &*self.member.borrow() {
                        Some((variable, name)) => a.replace(variable.as_str(), name),
                        None => a,
                    });
            let member = attribute
                .as_deref()
                .and_then(|a| a.strip_prefix("resource."))
                .and_then(|index| index.parse::<usize>().ok())
                .and_then(|index| members.get(index));
            if let Some(member) = member {
                return Val::new(V::Resource(member.clone()), at);
            }
        }
        let members = self.group_members.borrow().get(resource).cloned();
        if let Some(members) = members {
            return self.group_attr(resource, &members, &parts[1..], at, depth);
        }
        if !self.nested_outputs.borrow().contains_key(resource) {
            let attribute = self.eval_at(output, depth).python_str();
            return match attribute.and_then(|a| self.known_attribute(resource, &a, depth)) {
                Some(value) => self.walk(value, &parts[2..], at, depth, resource),
                None => unknown(),
            };
        }
        let Some(output) = self.eval_at(output, depth).python_str() else {
            return unknown();
        };
        match self.nested_output(resource, &output) {
            Some(value) => self.walk(value, &parts[2..], at, depth, &output),
            None => Val::unknown(
                format!("the nested template of {resource} has no output {output}, so Heat has no such attribute"),
                at,
            ),
        }
    }

    /// `get_attr` of a group whose members are nested stacks, as Heat's
    /// `ResourceGroup.get_attribute` reads it: `[group, OUTPUT, path...]`
    /// the list of every member's output (the path applied to each);
    /// `[group, resource.N, OUTPUT, path...]` (or `resource.N.OUTPUT`)
    /// member N's; `[group, attributes, OUTPUT, path...]` a map of them by
    /// index. `refs` and the rest are known only once Heat made the members.
    fn group_attr(
        &self,
        group: &str,
        members: &[String],
        parts: &[NodeId],
        at: TextRange,
        depth: usize,
    ) -> Val {
        let Some(attribute) = self.eval_at(parts[0], depth).python_str() else {
            return Val::unknown("the attribute's name is known only when Heat runs", at);
        };
        let output_of = |member: &str, rest: &[NodeId]| -> Val {
            let Some((&output, path)) = rest.split_first() else {
                let why = format!("a member of {group}'s reference is known once Heat made it");
                return Val::unknown(why, at);
            };
            let Some(output) = self.eval_at(output, depth).python_str() else {
                return Val::unknown("the output's name is known only when Heat runs", at);
            };
            match self.nested_output(member, &output) {
                Some(value) => self.walk(value, path, at, depth, &output),
                None => no_output(group, &output, at),
            }
        };
        if let Some(member) = attribute.strip_prefix("resource.") {
            // `resource.N.OUTPUT` is `resource.N, OUTPUT`, as Heat splits it.
            let (index, output) = member.split_once('.').unwrap_or((member, ""));
            let Some(member) = index.parse::<usize>().ok().and_then(|i| members.get(i)) else {
                return Val::unknown(format!("{group} has no member {index}"), at);
            };
            if output.is_empty() {
                return output_of(member, &parts[1..]);
            }
            return match self.nested_output(member, output) {
                Some(value) => self.walk(value, &parts[1..], at, depth, output),
                None => no_output(group, output, at),
            };
        }
        if attribute == "attributes" && parts.len() < 2 {
            let why = format!("Heat refuses {group}'s attributes without an output name");
            return Val::unknown(why, at);
        }
        match attribute.as_str() {
            "attributes" => {
                let entries = (members.iter().enumerate())
                    .map(|(index, member)| (index.to_string(), output_of(member, &parts[1..])))
                    .collect();
                Val::new(V::Map(entries), at)
            }
            "refs" | "refs_map" | "removed_rsrc_list" => Val::unknown(
                format!("{group}'s {attribute} is known only once Heat has made its members"),
                at,
            ),
            _ => {
                let values = (members.iter())
                    .map(|member| output_of(member, parts))
                    .collect();
                Val::new(V::List(values), at)
            }
        }
    }

    /// An attribute Heat's create gives a value the template already
    /// holds: a port's `fixed_ips` where every address is asked for (the
    /// addresses Neutron gives it, in the order asked; a subnet's ID is
    /// known only once it exists), and a software configuration's `config`
    /// (the text Heat stores). `None` for any other.
    fn known_attribute(&self, resource: &str, attribute: &str, depth: usize) -> Option<Val> {
        let definition = &self.template.resource(resource)?.definition;
        let property = |name: &str| {
            let properties = definition.properties_mapping(self.tree())?;
            Some(self.eval_at(self.tree().get(properties, name)?, depth + 1))
        };
        match (definition.type_name.as_deref()?, attribute) {
            ("OS::Neutron::Port", "fixed_ips") => {
                let V::List(asked) = property("fixed_ips")?.v else {
                    return None;
                };
                let mut addresses = Vec::with_capacity(asked.len());
                for entry in &asked {
                    let address = entry
                        .get("ip_address")
                        .filter(|a| matches!(a.v, V::Str(_)))?;
                    let subnet = Val::unknown(
                        "a subnet's ID is known only once Neutron has made it",
                        entry.at,
                    );
                    addresses.push(Val::new(
                        V::Map(vec![
                            ("subnet_id".to_owned(), subnet),
                            ("ip_address".to_owned(), address.clone()),
                        ]),
                        entry.at,
                    ));
                }
                (!addresses.is_empty())
                    .then(|| Val::new(V::List(addresses), definition_at(self, resource)))
            }
            ("OS::Heat::SoftwareConfig", "config") => {
                // No config: Heat stores an empty one.
                let config = property("config").unwrap_or_else(|| {
                    Val::new(V::Str(String::new()), definition_at(self, resource))
                });
                matches!(config.v, V::Str(_)).then_some(config)
            }
            _ => None,
        }
    }

    /// `Ref: name`: a resource, else a parameter's value.
    pub(super) fn reference(&self, args: NodeId, at: TextRange) -> Val {
        match self.tree().scalar(args) {
            Some(resource) if self.template.resource(resource).is_some() => {
                Val::new(V::Resource(resource.to_owned()), at)
            }
            Some(param) => match self.parameter(param, at) {
                Ok(value) => value.relocated(at),
                Err(unknown) => unknown,
            },
            None => Val::unknown("Ref needs a name", at),
        }
    }
}

/// A group's attribute that its members' template has no output for.
fn no_output(group: &str, output: &str, at: TextRange) -> Val {
    let why = format!("the members of {group} have no output {output}: Heat has no such attribute");
    Val::unknown(why, at)
}

/// Where a resource's name is written.
fn definition_at(evaluator: &Evaluator<'_, '_>, resource: &str) -> TextRange {
    (evaluator.template.resource(resource))
        .map_or(TextRange::empty(0), |r| r.name_range(evaluator.tree()))
}
