//! Checks of resource types' own `validate()` that compare more than
//! properties' values: sums over lists, references to other resources.

use crate::lint::written::{Given, Props};
use crate::syntax::{NodeId, Resolved};

/// A group's `LaunchConfigurationName` written as a name: Heat looks the
/// configuration up by reference and wants the group to depend on it
/// (`InstanceGroup.validate_launchconfig`), which a `Ref` or
/// `get_resource` makes and a bare name does not, unless `depends_on` does.
pub(crate) fn launch_configuration(p: &Props<'_, '_>, group: &str) -> Option<(NodeId, String)> {
    let name = p
        .text("LaunchConfigurationName")
        .filter(|n| !n.is_empty())?;
    let Some(_) = p.template.resource(name) else {
        return p.at(
            "LaunchConfigurationName",
            &format!(
                "there is no resource `{name}`: give the launch configuration as `{{Ref: ...}}` \
                 or `{{get_resource: ...}}`"
            ),
        );
    };
    let depends = p.template.resource(group).is_some_and(|g| {
        p.template
            .depends_on(&g.definition)
            .iter()
            .any(|&node| p.tree.scalar(node) == Some(name))
    });
    if depends {
        return None;
    }
    p.at(
        "LaunchConfigurationName",
        &format!(
            "the launch configuration is named, not referenced: write `{{Ref: {name}}}` (or \
             `{{get_resource: {name}}}`)"
        ),
    )
}

/// `OS::Heat::RandomString`: `length` must hold the minimums of its
/// character classes and sequences together (each `min` 1 unless written;
/// the classes default to one of `lettersdigits`, the length to 32).
pub(crate) fn random_string(p: &Props<'_, '_>) -> Option<(NodeId, String)> {
    if p.get("sequence") != Given::Absent {
        // Translated into a class before validate(); not modelled.
        return None;
    }
    let length = match p.get("length") {
        Given::Absent => 32,
        Given::Written(_) => p.int("length")?,
        _ => return None,
    };
    let minimums = |list: &str, absent: i64| -> Option<i64> {
        match p.get(list) {
            Given::Absent => Some(absent),
            Given::Written(_) => p
                .items(list)?
                .iter()
                .map(|&item| match p.in_map(item, "min") {
                    Given::Absent => Some(1),
                    Given::Written(node) => match p.tree.resolve(node)? {
                        Resolved::Int(i) => i,
                        Resolved::Str(s) => s.trim().parse().ok(),
                        _ => None,
                    },
                    _ => None,
                })
                .sum(),
            _ => None,
        }
    };
    let minimum = minimums("character_classes", 1)? + minimums("character_sequences", 0)?;
    (minimum > length)
        .then(|| {
            p.at(
                "length",
                &format!(
                    "`length` {length} is below the {minimum} characters its classes' and \
                     sequences' `min` ask for"
                ),
            )
            .or_else(|| {
                p.at(
                    "character_classes",
                    &format!(
                        "the classes' and sequences' `min` ask for {minimum} characters, above \
                         the default `length` of 32"
                    ),
                )
            })
        })
        .flatten()
}
