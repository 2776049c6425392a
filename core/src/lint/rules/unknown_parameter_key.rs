#![doc = include_str!("unknown_parameter_key.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::Rule;
use crate::suggest::closest;
use crate::syntax::NodeId;
use crate::template::versions::in_version;
use crate::template::{DocumentKind, TemplateVersion};

/// A key of a parameter that the declared HOT version does not read, and
/// a constraint that expresses no kind it has: Heat refuses the parameter.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    if template.kind() == DocumentKind::CloudFormation {
        for parameter in template.parameters() {
            cfn_keys(cx, parameter.entry.value);
        }
        return;
    }
    let (Some(version), DocumentKind::Hot) = (template.hot_template_version(), template.kind())
    else {
        return;
    };
    for parameter in template.parameters() {
        if !version.parameter_keys.is_empty() {
            keys(cx, version, parameter.entry.value);
        }
        constraints(cx, version, parameter.entry.value);
    }
}

/// The keys Heat's `parameters.Schema` reads in a CloudFormation parameter
/// (`PARAMETER_KEYS`); any other is refused ("Invalid key").
const CFN_PARAMETER_KEYS: [&str; 12] = [
    "Type",
    "Default",
    "NoEcho",
    "AllowedValues",
    "AllowedPattern",
    "MaxLength",
    "MinLength",
    "MaxValue",
    "MinValue",
    "Description",
    "ConstraintDescription",
    "Label",
];

fn cfn_keys(cx: &mut Context<'_, '_>, parameter: NodeId) {
    let tree = cx.tree;
    for entry in tree.entries(parameter) {
        let Some(key) = tree.scalar(entry.key) else {
            continue;
        };
        if CFN_PARAMETER_KEYS.contains(&key) {
            continue;
        }
        let message = with_suggestions(
            format!("`{key}` is not a parameter keyword of a CloudFormation template"),
            &closest(key, CFN_PARAMETER_KEYS.iter().copied()),
        );
        cx.report(Rule::UnknownParameterKey, tree.range(entry.key), message);
    }
}

fn keys(cx: &mut Context<'_, '_>, version: &'static TemplateVersion, parameter: NodeId) {
    let tree = cx.tree;
    for entry in tree.entries(parameter) {
        let Some(key) = tree.scalar(entry.key) else {
            continue;
        };
        if version.parameter_keys.iter().any(|k| k == key) {
            continue;
        }
        let later = in_version(Some(version), |v| &v.parameter_keys, key);
        let message = format!(
            "`{key}` is not a parameter keyword{later}; Heat accepts {}",
            version.parameter_keys.join(", ")
        );
        cx.report(Rule::UnknownParameterKey, tree.range(entry.key), message);
    }
}

/// A constraint with no kind the version expresses: Heat refuses it ("No
/// constraint expressed"). (Beside a kind it does express, an unknown one
/// is ignored.)
fn constraints(cx: &mut Context<'_, '_>, version: &'static TemplateVersion, parameter: NodeId) {
    let tree = cx.tree;
    let Some(constraints) = tree.get(parameter, "constraints") else {
        return;
    };
    for &constraint in tree.items(constraints) {
        let kinds: Vec<(&str, NodeId)> = tree
            .entries(constraint)
            .filter_map(|entry| Some((tree.scalar(entry.key)?, entry.key)))
            .filter(|(key, _)| *key != "description")
            .collect();
        let expressed = kinds
            .iter()
            .any(|(key, _)| version.parameter_constraints.iter().any(|c| c == key));
        if expressed {
            continue;
        }
        if kinds.is_empty() {
            let message = "this constraint expresses nothing: Heat refuses the parameter (\"No constraint expressed\"); remove it or add one of ".to_owned()
                + &version.parameter_constraints.join(", ");
            cx.report(Rule::UnknownParameterKey, tree.range(constraint), message);
            continue;
        }
        for (key, node) in kinds {
            let later = in_version(Some(version), |v| &v.parameter_constraints, key);
            let message = format!(
                "`{key}` is not a parameter constraint{later}; Heat refuses the parameter (\"No constraint expressed\") and accepts {}",
                version.parameter_constraints.join(", ")
            );
            cx.report(Rule::UnknownParameterKey, tree.range(node), message);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::UnknownParameterKey,
            &[
                // `tags` arrived in rocky.
                finds("heat_template_version: pike\nparameters:\n  p: {type: string, tags: [a]}\n", 1),
                finds("heat_template_version: rocky\nparameters:\n  p: {type: string, tags: [a]}\n", 0),
                // A constraint that expresses nothing Heat has.
                finds("heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n    constraints: [{lenght: {min: 1}}]\n", 1),
                // An empty constraint, or one with a description only.
                finds("heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n    constraints: [{}, {description: d}]\n", 2),
                // Beside one it has, an unknown kind is ignored.
                finds("heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n    constraints: [{length: {min: 1}, lenght: 2}]\n", 0),
                // CloudFormation's keys, capitalised.
                finds(
                    concat!(
                        "AWSTemplateFormatVersion: 2010-09-09\nParameters:\n",
                        "  P: {Type: String, Defautl: a, default: b}\n",
                        "  Q: {Type: Number, Default: 1, MinValue: 0, NoEcho: true, Label: q}\n",
                        "Resources: {}\n",
                    ),
                    2,
                ),
            ],
        );
    }
}
