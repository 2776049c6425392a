//! The rules about what a template's version has: HW021 removed-function
//! (a function Heat recognises in this version only to refuse it), HW022
//! function-unknown-to-version (a single-key mapping Heat keeps as data
//! because this version has no such function: a function of a later
//! version, or a near miss of one of this version's), HW023
//! unreleased-template-version (a version the target release does not
//! know). Judged with the versions Heat registers
//! (`template::versions`), and against Heat's own validation in
//! `core/tests/fixtures/validation/`.

use crate::fix::Fix;
use crate::lint::context::{with_suggestions, Context};
use crate::lint::suggest::closest;
use crate::lint::Rule;
use crate::syntax::NodeId;
use crate::template::functions::is_any_function;
use crate::template::DocumentKind;
use crate::template::{template_versions, TemplateVersion};

/// The HOT version the template declares, when Heat knows it.
fn declared(cx: &Context<'_, '_>) -> Option<(&'static TemplateVersion, NodeId)> {
    if cx.template.kind() != DocumentKind::Hot {
        return None;
    }
    Some((
        cx.template.hot_template_version()?,
        cx.template.version_entry()?.value,
    ))
}

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let Some((version, value)) = declared(cx) else {
        return;
    };
    unreleased(cx, version, value);
    let tree = cx.tree;
    // Calls of removed functions: Heat reads them as calls, to refuse them.
    for call in cx.template.function_calls() {
        let name = call.name;
        if !version.removes(name) {
            continue;
        }
        let message = format!(
            "`{name}` is not a function in heat_template_version {}: Heat refuses the template (\"The function {name} is not supported in this version of HOT.\")",
            version.display()
        );
        let fix = replacement(name)
            .map(|hot| Fix::display_only(format!("Use `{hot}`, the HOT function for it")));
        let range = tree.range(call.key);
        cx.report(Rule::RemovedFunction, range, message).fix = fix;
    }
    near_misses(cx, version);
}

/// The HOT function of the same meaning as a removed CloudFormation one.
fn replacement(removed: &str) -> Option<&'static str> {
    Some(match removed {
        "Fn::Join" => "list_join",
        "Fn::Replace" => "str_replace",
        "Fn::Split" => "str_split",
        "Ref" => "get_resource` or `get_param",
        "Fn::ResourceFacade" => "resource_facade",
        _ => return None,
    })
}

/// A version Heat at the target release does not know: it refuses the
/// template.
fn unreleased(cx: &mut Context<'_, '_>, version: &TemplateVersion, value: NodeId) {
    let (Some(target), Some(first)) = (cx.target, version.first_release()) else {
        return;
    };
    if first <= target {
        return;
    }
    let message = format!(
        "heat_template_version {} is not known to Heat {target}: Heat has it since {first}",
        version.display()
    );
    let known: Vec<String> = template_versions()
        .iter()
        .filter(|v| {
            v.key == "heat_template_version" && v.first_release().is_some_and(|r| r <= target)
        })
        .map(TemplateVersion::display)
        .collect();
    let fix = known.last().map(|newest| {
        Fix::display_only(format!(
            "Use a version Heat {target} knows (the newest is {newest}), or target a later release"
        ))
    });
    let range = cx.tree.range(value);
    cx.report(Rule::UnreleasedTemplateVersion, range, message)
        .fix = fix;
}

/// Single-key mappings in resources, outputs and conditions that Heat
/// keeps as data: keyed by a function of another version (`list_concat`
/// under ocata), or by a near miss of one of this version's (`get_paramz`).
fn near_misses(cx: &mut Context<'_, '_>, version: &TemplateVersion) {
    let tree = cx.tree;
    let mut found = Vec::new();
    // A condition's own definition that is no condition function is
    // refused (HW027), not kept as data.
    let definitions: Vec<NodeId> = cx
        .template
        .section("conditions")
        .map(|c| tree.entries(c).map(|e| e.value).collect())
        .unwrap_or_default();
    for section in ["resources", "outputs", "conditions"] {
        let Some(root) = cx.template.section(section) else {
            continue;
        };
        for node in tree.descendants(root) {
            let [key, _] = *tree.children(node) else {
                continue;
            };
            if !tree.is_mapping(node) || cx.template.is_call(node) || definitions.contains(&node) {
                continue;
            }
            let Some(name) = tree.scalar(key) else {
                continue;
            };
            if is_any_function(name) {
                let since = TemplateVersion::first_with(name).map_or_else(String::new, |first| {
                    format!(
                        "; it is a function from heat_template_version {}",
                        first.display()
                    )
                });
                let message = format!(
                    "`{name}` is not a function in heat_template_version {}: Heat keeps this mapping as data{since}",
                    version.display()
                );
                let fix = TemplateVersion::first_with(name).map(|first| {
                    Fix::display_only(format!(
                        "Raise heat_template_version to {} or later for `{name}` to be a function (check what else the new version changes)",
                        first.display()
                    ))
                });
                found.push((tree.range(key), message, fix));
                continue;
            }
            if name.len() < 4 || !name.contains('_') && !name.starts_with("Fn::") {
                continue;
            }
            let suggestions = closest(name, version.functions.keys().map(String::as_str));
            if !suggestions.is_empty() {
                let message = with_suggestions(
                    format!(
                        "`{name}` is not a function in heat_template_version {}: Heat keeps this mapping as data",
                        version.display()
                    ),
                    &suggestions,
                );
                found.push((tree.range(key), message, None));
            }
        }
    }
    for (range, message, fix) in found {
        cx.report(Rule::FunctionUnknownToVersion, range, message)
            .fix = fix;
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn removed_functions() {
        check(
            Rule::RemovedFunction,
            &[
                finds("heat_template_version: 2015-10-15\noutputs:\n  o: {value: {Fn::Select: [0, [a]]}}\n", 1),
                finds("heat_template_version: 2015-04-30\noutputs:\n  o: {value: {Fn::Select: [0, [a]]}}\n", 0),
                finds("heat_template_version: 2013-05-23\noutputs:\n  o: {value: {Fn::Join: [',', [a]]}}\n", 0),
                finds("heat_template_version: 2014-10-16\noutputs:\n  o: {value: {Fn::Join: [',', [a]]}}\n", 1),
            ],
        );
    }

    #[test]
    fn functions_of_later_versions_and_near_misses() {
        check(
            Rule::FunctionUnknownToVersion,
            &[
                finds("heat_template_version: ocata\noutputs:\n  o: {value: {list_concat: [[1], [2]]}}\n", 1),
                finds("heat_template_version: pike\noutputs:\n  o: {value: {list_concat: [[1], [2]]}}\n", 0),
                finds("heat_template_version: pike\noutputs:\n  o: {value: {get_paramz: x}}\n", 1),
                // Condition functions are functions in conditions.
                finds("heat_template_version: rocky\nconditions:\n  c: {and: [{equals: [1, 1]}, {not: {or: [true, false]}}]}\n", 0),
                // Keys that look like nothing Heat has are left alone.
                finds("heat_template_version: pike\noutputs:\n  o: {value: {network_name: x, image: y}}\n", 0),
            ],
        );
    }

    #[test]
    fn versions_the_target_does_not_know() {
        use crate::catalog::Catalog;
        use crate::lint::{lint, LintOptions};
        use crate::release::Release;

        let text = "heat_template_version: wallaby\nresources: {}\n";
        let options = LintOptions::new(Catalog::builtin());
        let at = |release: &str| {
            lint(
                text,
                &options.with_target(Some(Release::parse(release).unwrap())),
            )
            .into_iter()
            .filter(|d| d.rule == Rule::UnreleasedTemplateVersion)
            .map(|d| d.message)
            .collect::<Vec<_>>()
        };
        assert_eq!(
            at("Rocky"),
            ["heat_template_version 2021-04-16 (wallaby) is not known to Heat 11.0.0 (Rocky): Heat has it since 16.0.0 (Wallaby)"]
        );
        assert!(at("Wallaby").is_empty());
        check(Rule::UnreleasedTemplateVersion, &[finds(text, 0)]);
    }
}
