#![doc = include_str!("invalid_deletion_policy.md")]

use crate::catalog::TypeResolution;
use crate::lint::context::Context;
use crate::lint::Rule;
use crate::stack::registry::is_template_name;
use crate::stack::Resolution;
use crate::syntax::Resolved;
use crate::template::versions::in_version;
use crate::template::DocumentKind;

/// `deletion_policy` written as a word that is none of the version's
/// policies: Heat refuses the resource.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let (Some(version), DocumentKind::Hot) = (template.hot_template_version(), template.kind())
    else {
        return;
    };
    let tree = cx.tree;
    for resource in template.resources() {
        let Some(value) = tree.get(resource.definition.body, "deletion_policy") else {
            continue;
        };
        let Some(Resolved::Str(policy)) = tree.resolve(value) else {
            continue;
        };
        if version.deletion_policies.iter().any(|p| p == policy) {
            if policy.eq_ignore_ascii_case("snapshot") && snapshots(cx, resource) == Some(false) {
                let message = format!(
                    "\"{policy}\" deletion policy not supported: only {} delete by \
                     snapshot; Heat refuses the resource",
                    SNAPSHOTTING.join(", ")
                );
                cx.report(Rule::InvalidDeletionPolicy, tree.range(value), message);
            }
            continue;
        }
        let later = in_version(Some(version), |v| &v.deletion_policies, policy);
        let message = format!(
            "invalid deletion policy \"{policy}\"{later}; Heat accepts {}",
            version.deletion_policies.join(", ")
        );
        cx.report(Rule::InvalidDeletionPolicy, tree.range(value), message);
    }
}

/// Heat 27.0.1's types whose class deletes by snapshot (it defines
/// `handle_snapshot_delete`): a `Snapshot` deletion policy on any other
/// is refused (`Resource.validate_deletion_policy`). Judged by the
/// generated cases (`tools/heat_oracle/site_cases.py`).
const SNAPSHOTTING: [&str; 4] = [
    "AWS::EC2::Volume",
    "OS::Cinder::Volume",
    "OS::Heat::DeployedServer",
    "OS::Nova::Server",
];

/// Whether the resource's type deletes by snapshot, as the environments
/// resolve it; a template's stack does not. `None` where that is unknown.
fn snapshots(cx: &Context<'_, '_>, resource: &crate::template::Resource) -> Option<bool> {
    let written = resource.definition.type_name.as_deref()?;
    let name = match cx.mapped_type(written, Some(&resource.name)) {
        Some(Resolution::Type(name)) => name,
        Some(Resolution::Template(_)) => return Some(false),
        Some(_) => return None,
        None if is_template_name(written) => return Some(false),
        None => written.into(),
    };
    match cx.catalog.resolve_type(&name)? {
        TypeResolution::Registered(resource_type)
        | TypeResolution::Aliased { resource_type, .. } => {
            Some(SNAPSHOTTING.contains(&resource_type.name()))
        }
        TypeResolution::Template { .. } => Some(false),
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::InvalidDeletionPolicy,
            &[
                finds("heat_template_version: 2016-04-08\nresources:\n  s: {type: OS::Heat::None, deletion_policy: retain}\n", 1),
                finds("heat_template_version: 2016-04-08\nresources:\n  s: {type: OS::Heat::None, deletion_policy: Retain}\n", 0),
                // Only some types delete by snapshot.
                finds(
                    concat!(
                        "heat_template_version: 2016-04-08\nresources:\n",
                        "  a: {type: OS::Heat::None, deletion_policy: Snapshot}\n",
                        "  b: {type: OS::Cinder::Volume, deletion_policy: Snapshot, ",
                        "properties: {size: 1}}\n",
                        "  c: {type: app.yaml, deletion_policy: Snapshot}\n",
                    ),
                    2,
                ),
                // A function gives the policy: not judged here.
                finds("heat_template_version: 2016-04-08\nparameters:\n  p: {type: string}\nresources:\n  s: {type: OS::Heat::None, deletion_policy: {get_param: p}}\n", 0),
            ],
        );
    }
}
