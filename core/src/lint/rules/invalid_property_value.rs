#![doc = include_str!("invalid_property_value.md")]

use crate::catalog::{Property, PropertyType, ResourceType, RuleKind};
use crate::lint::context::Context;
use crate::lint::schema::{given_value, problem, Kind, Source};
use crate::lint::{Rule, Subject};
use crate::syntax::NodeId;
use crate::template::value::{Val, V};

pub(crate) fn check(
    cx: &mut Context<'_, '_>,
    resource_type: ResourceType<'_>,
    property: Property<'_>,
    value: NodeId,
    path: &str,
) {
    let kind = match property.value_type() {
        PropertyType::String => Kind::String,
        PropertyType::Integer => Kind::Integer,
        PropertyType::Number => Kind::Number,
        PropertyType::Boolean => Kind::Boolean,
        PropertyType::List => Kind::List,
        PropertyType::Map => Kind::Map,
        _ => return,
    };
    // Heat does not validate what a translation rule takes away (Delete's
    // path, Replace's source): the value moves to the property replacing it.
    let top = path.split('.').next();
    if resource_type
        .translation_rules()
        .any(|rule| match rule.kind() {
            RuleKind::Delete => rule.path().next() == top,
            RuleKind::Replace => {
                rule.value_name() == top || rule.value_path().is_some_and(|mut p| p.next() == top)
            }
            _ => false,
        })
    {
        return;
    }
    let template = cx.template;
    let tree = cx.tree;
    let Some((given, source)) = given_value(template, value, |name| cx.parameter_value(name))
    else {
        return;
    };
    // Heat reads null as the default, else as the type's empty value,
    // which the constraints then judge (`timeout: null` is 0).
    let given = if given.v == V::Null {
        if property.default_json().is_some() {
            return;
        }
        let empty = match kind {
            Kind::String => V::Str(String::new()),
            Kind::Integer | Kind::Number => V::Int(0),
            Kind::Boolean => V::Bool(false),
            Kind::List => V::List(Vec::new()),
            Kind::Map => V::Map(Vec::new()),
        };
        Val::new(empty, given.at)
    } else {
        given
    };
    let constraints: Vec<serde_json::Value> =
        if source == Source::Written && template.has_call_within(value) {
            Vec::new() // only the shape is known
        } else {
            property.constraints().map(|c| c.value()).collect()
        };
    let Some(problem) = problem(kind, &constraints, &given, cx.now) else {
        return;
    };
    let whose = format!("`{path}` of `{}`", resource_type.name());
    let message = match source {
        Source::Written => format!("{whose}: {problem}; Heat refuses it"),
        Source::Default(name) => format!(
            "{whose} gets the default of parameter `{name}` through get_param: {problem}; Heat refuses the stack unless another value is given"
        ),
        Source::Environment(name) => format!(
            "{whose} gets the value the environments give parameter `{name}` through get_param: {problem}; Heat refuses the stack"
        ),
        Source::Parent(name) => format!(
            "{whose} gets the value the templates using this one give parameter `{name}` through get_param: {problem}; Heat refuses the stack"
        ),
    };
    let range = tree.range(value);
    let diagnostic = cx.report(Rule::InvalidPropertyValue, range, message);
    diagnostic.subject = Some(Subject::Property {
        type_name: resource_type.name().to_owned(),
        path: path.to_owned(),
    });
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    macro_rules! HEAD {
        () => {
            "heat_template_version: 2018-08-31\nparameters:\n  proto: {type: string, default: TCP}\n  max: {type: number, default: '70000'}\nresources:\n  r:\n    type: OS::Neutron::SecurityGroupRule\n    properties: "
        };
    }

    #[test]
    fn cases() {
        check(
            Rule::InvalidPropertyValue,
            &[
                finds(concat!(HEAD!(), "{security_group: g, protocol: TCP, port_range_max: 65536}\n"), 2),
                finds(concat!(HEAD!(), "{security_group: g, protocol: {get_param: proto}, port_range_max: {get_param: max}}\n"), 2),
                finds(concat!(HEAD!(), "{security_group: g, protocol: tcp, port_range_max: '22', remote_ip_prefix: 10.0.0.0/8}\n"), 0),
                finds(concat!(HEAD!(), "{security_group: g, direction: [ingress], ethertype: {get_param: other}}\n"), 1),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Heat::RandomString\n    properties: {length: '', character_classes: [{class: lettersdigits, min: 0}]}\n",
                    2,
                ),
            ],
        );
    }
}
