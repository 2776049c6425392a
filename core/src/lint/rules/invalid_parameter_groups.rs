#![doc = include_str!("invalid_parameter_groups.md")]

use std::collections::HashSet;

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::syntax::{NodeId, Resolved};
use crate::template::{DocumentKind, Template};

/// `parameter_groups` as Heat's `ParameterGroups.validate` reads it: a
/// list of groups, each with a list of `parameters`, each parameter
/// declared and in one group only. Heat stops at the first problem.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    if cx.template.kind() != DocumentKind::Hot {
        return;
    }
    if let Some((node, message)) = first_problem(cx.template) {
        let message = format!("{message}: Heat refuses the template");
        cx.report(Rule::InvalidParameterGroups, cx.tree.range(node), message);
    }
}

fn first_problem(template: &Template<'_>) -> Option<(NodeId, String)> {
    let tree = template.tree();
    let groups = template.section("parameter_groups")?;
    if template.is_call(groups) || tree.resolve(groups) == Some(Resolved::Null) {
        return None;
    }
    if !tree.is_sequence(groups) {
        // An empty mapping or string is false to Heat: nothing is checked.
        let empty = tree.is_mapping(groups) && tree.entries(groups).next().is_none()
            || tree.scalar(groups) == Some("");
        return (!empty).then(|| (groups, "`parameter_groups` must be a list of groups".into()));
    }
    let declared: HashSet<&str> = template
        .parameters()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let mut grouped = HashSet::new();
    for &group in tree.items(groups) {
        if !tree.is_mapping(group) {
            let message = "a parameter group must be a mapping with `label` and `parameters`";
            return Some((group, message.into()));
        }
        let parameters = tree
            .get(group, "parameters")
            .filter(|&node| tree.resolve(node) != Some(Resolved::Null));
        let Some(parameters) = parameters else {
            return Some((group, "this parameter group has no `parameters`".into()));
        };
        if !tree.is_sequence(parameters) {
            let message = "a group's `parameters` must be a list of parameter names";
            return Some((parameters, message.into()));
        }
        for &parameter in tree.items(parameters) {
            let Some(name) = tree.scalar(parameter) else {
                continue;
            };
            if !grouped.insert(name) {
                let message = format!(
                    "parameter `{name}` is in two groups (a parameter belongs to one group only)"
                );
                return Some((parameter, message));
            }
            if !declared.contains(name) {
                let message =
                    format!("the group names `{name}`, which `parameters` does not declare");
                return Some((parameter, message));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        let parameters = "parameters:\n  p: {type: string, default: a}\n  q: {type: string, \
            default: a}\nresources: {}\n";
        // `finds` keeps the text for the whole test run.
        let with = |groups: &str| -> &'static str {
            format!("heat_template_version: 2018-08-31\nparameter_groups: {groups}\n{parameters}")
                .leak()
        };
        check(
            Rule::InvalidParameterGroups,
            &[
                finds(with("{a: b}"), 1),
                finds(with("[{label: g}]"), 1),
                finds(with("[{label: g, parameters: p}]"), 1),
                finds(
                    with("[{label: g, parameters: [p]}, {label: h, parameters: [p]}]"),
                    1,
                ),
                finds(with("[{label: g, parameters: [r]}]"), 1),
                finds(with("[text]"), 1),
                finds(
                    with("[{label: g, parameters: [p]}, {label: h, parameters: [q]}]"),
                    0,
                ),
                finds(with("[]"), 0),
                finds(with("{}"), 0),
            ],
        );
    }
}
