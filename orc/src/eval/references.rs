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

/// Where a resource's name is written.
fn definition_at(evaluator: &Evaluator<'_, '_>, resource: &str) -> TextRange {
    (evaluator.template.resource(resource))
        .map_or(TextRange::empty(0), |r| r.name_range(evaluator.tree()))
}
