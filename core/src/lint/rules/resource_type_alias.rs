#![doc = include_str!("resource_type_alias.md")]

use crate::catalog::ResourceType;
use crate::fix::{Applicability, Fix};
use crate::lint::context::Context;
use crate::lint::{Rule, Subject};
use crate::syntax::NodeId;

/// `written` resolved through an alias to `resource_type`; `node` is the
/// type's scalar (a resource's `type` or a registry entry's value).
pub(crate) fn check(
    cx: &mut Context<'_, '_>,
    written: &str,
    resource_type: ResourceType<'_>,
    node: NodeId,
) {
    let registered = resource_type.name();
    let message = format!(
        "`{written}` is an alias of `{registered}` in Heat's global environment; use the registered name"
    );
    let range = cx.tree.range(node);
    let fix = fix(cx, node, registered);
    let diagnostic = cx.report_with_fix(Rule::ResourceTypeAlias, range, message, fix);
    diagnostic.subject = Some(Subject::ResourceType {
        type_name: registered.to_owned(),
    });
}

fn fix(cx: &Context<'_, '_>, node: NodeId, registered: &str) -> Option<Fix> {
    let written = cx.tree.scalar(node)?;
    let edit = cx.editor.replace_scalar(node, registered)?;
    Fix::new(
        format!("Replace the alias `{written}` with `{registered}`"),
        vec![edit],
        Applicability::Safe,
    )
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::ResourceTypeAlias,
            &[
                fixes(
                    "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: 'OS::Quantum::Net' # old name\n",
                    1,
                    "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: 'OS::Neutron::Net' # old name\n",
                ),
                fixes(
                    "resource_registry:\n  My::Net: OS::Quantum::Net\n",
                    1,
                    "resource_registry:\n  My::Net: OS::Neutron::Net\n",
                ),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  net: {type: OS::Neutron::Net}\n",
                    0,
                ),
            ],
        );
    }
}
