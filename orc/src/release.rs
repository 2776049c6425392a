//! The release of a running stack from Heat, without deleting anything it
//! made: the template with `deletion_policy: Retain` on its resources, for
//! `openstack stack update --existing`, then `openstack stack delete`,
//! which leaves every retained resource (and, through its parent
//! resource, every nested stack) where it is.
//!
//! Heat updates a resource whose definition changes; with only its
//! deletion policy changed, a resource does nothing (`Resource.
//! handle_update` acts on changed properties), except software
//! deployments, which run their configuration again on the server (their
//! UPDATE action). They are left as they are: deleting a deployment
//! touches nothing outside Heat unless its `actions` include DELETE, which
//! is reported.

use heatwise_core::fix::{apply_edits, Edit, Editor};
use heatwise_core::fixer::retain;
use heatwise_core::template::{self, DocumentKind, Template};
use heatwise_core::text::TextRange;

/// The deployments whose update runs their configuration again.
const DEPLOYMENTS: [&str; 4] = [
    "OS::Heat::SoftwareDeployment",
    "OS::Heat::StructuredDeployment",
    "OS::Heat::SoftwareDeploymentGroup",
    "OS::Heat::StructuredDeploymentGroup",
];

/// The template to update the stack with, and what to know about it.
#[derive(Debug, PartialEq, Eq)]
pub struct ReleasePlan {
    /// The template with `Retain` on every resource it can be given to.
    pub template: String,
    /// How many resources were given `Retain`.
    pub retained: usize,
    /// What the plan cannot do, by resource: where, and what to do.
    pub notes: Vec<(TextRange, String)>,
}

/// The release plan of `text`, a stack's root template; `Err` when it is
/// not a template that reads.
pub fn release_plan(text: &str) -> Result<ReleasePlan, String> {
    let template = template::parse(text);
    if let Some(problem) = template
        .problems()
        .iter()
        .find(|p| p.kind == template::ProblemKind::Syntax)
    {
        return Err(format!("the template cannot be read: {}", problem.message));
    }
    if !matches!(
        template.kind(),
        DocumentKind::Hot | DocumentKind::CloudFormation
    ) {
        return Err("this is not a Heat template".to_owned());
    }
    let tree = template.tree();
    let editor = Editor::new(tree);
    let mut edits: Vec<Edit> = Vec::new();
    let mut notes = Vec::new();
    let mut retained = 0;
    for resource in template.resources() {
        let definition = &resource.definition;
        let at = resource.name_range(tree);
        let type_name = definition.type_name.as_deref().unwrap_or_default();
        if DEPLOYMENTS.contains(&type_name) {
            if runs_on_delete(&template, resource) {
                notes.push((at, format!("{} is left without Retain: Heat would run its configuration again to update it; deleting it runs its DELETE action on the server, so take DELETE out of its actions first if that must not happen", resource.name)));
            }
            continue;
        }
        if template.resource_entry(definition, "external_id").is_some() {
            // Heat retains what it adopted already.
            continue;
        }
        match retain(&template, &editor, resource) {
            Ok(Some(edit)) => {
                edits.push(edit);
                retained += 1;
            }
            Ok(None) => {}
            Err(why) => notes.push((at, why)),
        }
    }
    Ok(ReleasePlan {
        template: apply_edits(text, &edits),
        retained,
        notes,
    })
}

/// Whether a deployment's `actions`, as written, include DELETE.
fn runs_on_delete(template: &Template<'_>, resource: &template::Resource) -> bool {
    let tree = template.tree();
    let Some(properties) = resource.definition.properties_mapping(tree) else {
        return false;
    };
    let Some(actions) = tree.get(properties, "actions") else {
        return false;
    };
    tree.items(actions)
        .iter()
        .any(|&item| tree.scalar(item) == Some("DELETE"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_resource_retained_but_deployments() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n  port: {type: OS::Neutron::Port, properties: {network: {get_resource: net}}}\n  kept:\n    type: OS::Cinder::Volume\n    deletion_policy: Retain\n  snap:\n    type: OS::Cinder::Volume\n    deletion_policy: Snapshot\n  deploy:\n    type: OS::Heat::SoftwareDeployment\n    properties: {server: s, actions: [CREATE, DELETE]}\n";
        let plan = release_plan(text).unwrap();
        assert_eq!(
            plan.template,
            "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n    deletion_policy: Retain\n  port: {type: OS::Neutron::Port, properties: {network: {get_resource: net}}, deletion_policy: Retain}\n  kept:\n    type: OS::Cinder::Volume\n    deletion_policy: Retain\n  snap:\n    type: OS::Cinder::Volume\n    deletion_policy: Retain\n  deploy:\n    type: OS::Heat::SoftwareDeployment\n    properties: {server: s, actions: [CREATE, DELETE]}\n"
        );
        assert_eq!(plan.retained, 3);
        assert_eq!(plan.notes.len(), 1);
        assert!(plan.notes[0].1.starts_with("deploy is left without Retain"));
        // The plan reads as the same template to Heat, but for the
        // policies: it parses, and a second plan changes nothing.
        let again = release_plan(&plan.template).unwrap();
        assert_eq!(again.template, plan.template);
        assert_eq!(again.retained, 0);
        let cfn = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  Volume:\n    Type: AWS::EC2::Volume\n    Properties: {Size: 1}\n";
        assert!(release_plan(cfn)
            .unwrap()
            .template
            .contains("    DeletionPolicy: Retain\n"));
        assert!(release_plan("resource_registry: {}\n").is_err());
    }
}
