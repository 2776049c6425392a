//! The resources a template declares, with their types: what the editor's
//! outline lists.

use serde::Serialize;

use crate::template;
use crate::text::TextRange;

/// One entry of the `resources` (HOT) or `Resources` (CloudFormation) section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResourceOutline {
    pub name: String,
    /// The `type` / `Type` value, when it is a scalar.
    pub type_name: Option<String>,
    pub name_range: TextRange,
    pub type_range: Option<TextRange>,
}

/// Lists the resources a template declares, in order. Never fails: a
/// template that does not parse yields the resources read before the error.
pub fn resources(text: &str) -> Vec<ResourceOutline> {
    let template = template::parse(text);
    let tree = template.tree();
    template
        .resources()
        .iter()
        .map(|resource| ResourceOutline {
            name: resource.name.clone(),
            type_name: resource.definition.type_name.clone(),
            name_range: resource.name_range(tree),
            type_range: resource.definition.type_range(tree),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_hot_resources_with_types_and_ranges() {
        let text = "heat_template_version: 2013-05-23\n# é\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties: {network_id: x}\n  group:\n    properties: {a: [1, {type: no}]}\n    type: OS::Heat::ResourceGroup\n";
        let found = resources(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].name, "port");
        assert_eq!(&text[found[0].name_range.as_usize()], "port");
        assert_eq!(found[0].type_name.as_deref(), Some("OS::Neutron::Port"));
        assert_eq!(
            &text[found[0].type_range.unwrap().as_usize()],
            "OS::Neutron::Port"
        );
        assert_eq!(
            found[1].type_name.as_deref(),
            Some("OS::Heat::ResourceGroup")
        );
        assert_eq!(
            &text[found[1].type_range.unwrap().as_usize()],
            "OS::Heat::ResourceGroup"
        );
    }

    #[test]
    fn reads_cloudformation_json_and_stops_at_errors() {
        let json = r#"{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"Ip": {"Type": "AWS::EC2::EIP"}}}"#;
        let found = resources(json);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].type_name.as_deref(), Some("AWS::EC2::EIP"));

        let broken = "resources:\n  a:\n    type: OS::Nova::Server\n  b: [unclosed\n";
        let found = resources(broken);
        assert_eq!(found[0].type_name.as_deref(), Some("OS::Nova::Server"));
    }
}
