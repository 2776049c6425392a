#![doc = include_str!("invalid_deletion_policy.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
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
                // A function gives the policy: not judged here.
                finds("heat_template_version: 2016-04-08\nparameters:\n  p: {type: string}\nresources:\n  s: {type: OS::Heat::None, deletion_policy: {get_param: p}}\n", 0),
            ],
        );
    }
}
