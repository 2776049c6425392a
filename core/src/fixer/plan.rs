//! A migration of a running stack in steps that Heat carries out without
//! a race: first `deletion_policy: Retain` on each resource the migration
//! removes, so that Heat then forgets it without calling the cloud (a
//! RouterGateway's deletion would clear the gateway the router takes over,
//! in no fixed order with the router's update); then the migration.

use super::retain::retain;
use crate::catalog::CatalogAt;
use crate::fix::{apply_edits, Editor};
use crate::template;
use crate::update::{preview, Action, Change, StackInput};

/// One template of the plan, and what updating the stack with it does.
pub struct PlanStep {
    /// What the step is for.
    pub title: String,
    pub text: String,
    pub changes: Vec<Change>,
}

/// The steps from `original` to `migrated`: one when the migration
/// removes nothing (or nothing that is not already retained), else the
/// retaining template first. `Err` when a template cannot be read.
pub fn migration_plan(
    original: &str,
    migrated: &str,
    catalog: CatalogAt<'_>,
) -> Result<Vec<PlanStep>, String> {
    let side = StackInput::template;
    migration_plan_of(&side(original), &side(migrated), catalog)
}

/// [`migration_plan`] of a stack deployed with environments and values:
/// the retaining step keeps the original's, the migration brings the
/// migrated's.
pub fn migration_plan_of(
    original: &StackInput<'_>,
    migrated: &StackInput<'_>,
    catalog: CatalogAt<'_>,
) -> Result<Vec<PlanStep>, String> {
    let direct = preview(original, migrated, catalog)?;
    let removed: Vec<&str> = direct
        .iter()
        .filter(|change| change.action == Action::Deleted)
        .map(|change| change.name.as_str())
        .collect();
    let retained = retain_all(original.template, &removed)?;
    let mut steps = Vec::new();
    let retaining = StackInput {
        template: &retained,
        files: original.files.clone(),
        base_url: original.base_url.clone(),
        environments: original.environments.clone(),
        parameters: original.parameters.clone(),
    };
    let from = if retained != original.template {
        steps.push(PlanStep {
            title: format!(
                "deletion_policy: Retain on {}, which the migration removes: Heat then forgets it and leaves it to what takes its place",
                removed.join(", ")
            ),
            changes: preview(original, &retaining, catalog)?,
            text: retained.clone(),
        });
        &retaining
    } else {
        original
    };
    steps.push(PlanStep {
        title: "the migration".to_owned(),
        changes: preview(from, migrated, catalog)?,
        text: migrated.template.to_owned(),
    });
    Ok(steps)
}

/// `text` with `deletion_policy: Retain` on each of `names`, comments and
/// layout kept.
fn retain_all(text: &str, names: &[&str]) -> Result<String, String> {
    let template = template::parse(text);
    let editor = Editor::new(template.tree());
    let mut edits = Vec::new();
    for resource in template.resources() {
        if names.contains(&resource.name.as_str()) {
            edits.extend(retain(&template, &editor, resource)?);
        }
    }
    Ok(apply_edits(text, &edits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn a_removed_router_gateway_is_retained_first() {
        let original = "heat_template_version: 2015-04-30\nresources:\n  router:\n    type: OS::Neutron::Router\n  gateway:  # the old way\n    type: OS::Neutron::RouterGateway\n    properties:\n      router: {get_resource: router}\n      network: public\n";
        let migrated = "heat_template_version: 2015-04-30\nresources:\n  router:\n    type: OS::Neutron::Router\n    properties:\n      external_gateway_info:\n        network: public\n";
        let steps = migration_plan(original, migrated, Catalog::builtin().at(None)).unwrap();
        assert_eq!(steps.len(), 2);
        assert!(steps[0]
            .text
            .contains("  gateway:  # the old way\n    type: OS::Neutron::RouterGateway\n"));
        assert!(steps[0].text.contains("deletion_policy: Retain"));
        let action = |step: &PlanStep, name: &str| {
            step.changes.iter().find(|c| c.name == name).unwrap().action
        };
        assert_eq!(action(&steps[0], "gateway"), Action::Updated);
        assert_eq!(action(&steps[0], "router"), Action::Unchanged);
        assert_eq!(action(&steps[1], "gateway"), Action::Deleted);
        assert!(steps[1]
            .changes
            .iter()
            .any(|c| c.effect.as_deref().is_some_and(|e| e.contains("Retain"))));
        // Nothing removed: one step.
        assert_eq!(
            migration_plan(migrated, migrated, Catalog::builtin().at(None))
                .unwrap()
                .len(),
            1
        );
    }
}
