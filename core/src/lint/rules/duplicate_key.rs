#![doc = include_str!("duplicate_key.md")]

// The reader finds repeated sections, resources, resource keys, outputs
// and parameters; this rule adds property mappings. The fix removes the
// earlier entry, which Heat's loader ignores.

use crate::fix::{Applicability, Fix};
use crate::lint::context::Context;
use crate::lint::Rule;
use crate::syntax::{Entry, NodeId};
use crate::template::{Problem, ProblemKind};

/// A repeated key the reader found (sections, resources, resource
/// keywords, outputs, parameters).
pub(crate) fn check(cx: &mut Context<'_, '_>, problem: &Problem) {
    let ProblemKind::DuplicateKey { earlier, later } = problem.kind else {
        return;
    };
    let fix = fix(cx, earlier, later);
    cx.report_with_fix(
        Rule::DuplicateKey,
        problem.range,
        problem.message.clone(),
        fix,
    );
}

/// The repeated keys of a mapping of properties.
pub(crate) fn check_properties(cx: &mut Context<'_, '_>, mapping: NodeId) {
    let tree = cx.tree;
    for &(earlier, later) in cx.duplicates(mapping).iter() {
        let key = tree.scalar(later.key).unwrap_or_default();
        let line = tree.line_of(tree.range(earlier.key).start) + 1;
        let message = format!(
            "`{key}` is set twice; Heat keeps this value and ignores the one on line {line}"
        );
        let range = tree.range(later.key);
        let fix = fix(cx, earlier, later);
        cx.report_with_fix(Rule::DuplicateKey, range, message, fix);
    }
}

/// Removes `earlier`, which Heat's loader drops in favour of `later`.
fn fix(cx: &Context<'_, '_>, earlier: Entry, later: Entry) -> Option<Fix> {
    let tree = cx.tree;
    let name = tree.scalar(later.key)?;
    if name == "<<" {
        // Merge keys are not a key written twice.
        return None;
    }
    let line = tree.line_of(tree.range(earlier.key).start) + 1;
    let edits = cx.editor.delete_entry(earlier)?;
    Fix::new(
        format!("Remove the `{name}` on line {line}, which Heat ignores"),
        edits,
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
            Rule::DuplicateKey,
            &[
                fixes(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: a # first\n      network: b\n",
                    1,
                    // The comment stays, on a line of its own.
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      # first\n      network: b\n",
                ),
                fixes(
                    "heat_template_version: 2018-08-31\nresources: {}\nresources: {a: {type: OS::Heat::None}}\n",
                    1,
                    "heat_template_version: 2018-08-31\nresources: {a: {type: OS::Heat::None}}\n",
                ),
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p: {type: OS::Neutron::Port, properties: {network: a, name: b}}\n",
                    0,
                ),
                // Merge keys are applied by Heat's loader, not repeated.
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Heat::None\n    properties:\n      <<: {a: 1}\n      <<: {b: 1}\n",
                    1,
                ),
            ],
        );
    }
}
