//! The rules about what a template's version has: HW021 removed-function
//! (a function Heat recognises in this version only to refuse it), HW022
//! function-unknown-to-version (a single-key mapping Heat keeps as data
//! because this version has no such function: a function of a later
//! version, or a near miss of one of this version's), HW023
//! unreleased-template-version (a version the target release does not
//! know), HW028 ignored-function-argument (an argument Heat accepts and
//! ignores in this version: `repeat`'s `permutations` before pike). Judged with the versions Heat registers
//! (`template::versions`), and against Heat's own validation in
//! `core/tests/fixtures/validation/`.

use crate::fix::{Applicability, Edit, Fix};
use crate::lint::context::{with_suggestions, Context};
use crate::lint::suggest::closest;
use crate::lint::Rule;
use crate::syntax::{NodeId, ScalarStyle};
use crate::template::functions::is_any_function;
use crate::template::repeat;
use crate::template::DocumentKind;
use crate::template::{template_versions, TemplateVersion};
use crate::text::TextRange;

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
        let fix = cx.unless_shared(tree.range(call.key), rewrite(cx, call.key, name));
        let range = tree.range(call.key);
        cx.report(Rule::RemovedFunction, range, message).fix = fix;
    }
    near_misses(cx, version);
    ignored_arguments(cx, version);
}

/// Arguments Heat accepts and ignores in this version.
fn ignored_arguments(cx: &mut Context<'_, '_>, version: &'static TemplateVersion) {
    let tree = cx.tree;
    let mut found = Vec::new();
    for call in cx.template.function_calls() {
        let Some((range, since)) = repeat::ignored_permutations(tree, call, version) else {
            continue;
        };
        let reads = since.map_or_else(String::new, |first| {
            format!(
                "; Heat reads it from heat_template_version {}",
                first.display()
            )
        });
        let message = format!(
            "Heat ignores `permutations` in heat_template_version {}: repeat still produces every permutation of the lists{reads}",
            version.display()
        );
        let fix =
            since.and_then(|first| cx.unless_shared(range, raise_version(cx, version, first)));
        found.push((range, message, fix));
    }
    for (range, message, fix) in found {
        cx.report(Rule::IgnoredFunctionArgument, range, message).fix = fix;
    }
}

/// The HOT function that takes the same arguments as a removed
/// CloudFormation one and gives the same result for what the original
/// could give; `Ref` becomes `get_resource` or `get_param` by what it
/// names. Unsafe: Heat refuses the template as written, so no rewrite
/// keeps its meaning; the title says what to check.
fn rewrite(cx: &Context<'_, '_>, key: NodeId, removed: &str) -> Option<Fix> {
    let tree = cx.tree;
    let hot = match removed {
        "Fn::Join" => "list_join",
        "Fn::Split" => "str_split",
        "Fn::ResourceFacade" => "resource_facade",
        "Ref" => {
            let entry = tree.entry_of(key)?;
            let name = tree.scalar(entry.value)?;
            if cx.template.resource(name).is_some() {
                "get_resource"
            } else if cx.template.parameters().iter().any(|p| p.name == name) {
                "get_param"
            } else {
                return None;
            }
        }
        "Fn::Replace" => {
            return Some(Fix::display_only(
                "Use `str_replace: {template: ..., params: {...}}`: Fn::Replace's arguments are [params, template]",
            ))
        }
        "Fn::Select" => {
            return Some(Fix::display_only(
                "Select with a path of `get_attr` ([resource, attribute, index]) or with `yaql`",
            ))
        }
        _ => return None,
    };
    let edit = cx.editor.rename_key(tree.entry_of(key)?, hot)?;
    Fix::new(
        format!("Replace `{removed}` with `{hot}` (unsafe: Heat refuses the template as written; `{hot}` takes the same arguments)"),
        vec![edit],
        Applicability::Unsafe,
    )
}

/// Raising the declared version to `to`: one edit of the version, unsafe,
/// its title naming what Heat then reads differently. `None` when a
/// function the template calls is refused in `to`.
fn raise_version(
    cx: &Context<'_, '_>,
    from: &'static TemplateVersion,
    to: &'static TemplateVersion,
) -> Option<Fix> {
    let tree = cx.tree;
    let mut changes: Vec<String> = Vec::new();
    for call in cx.template.function_calls() {
        if to.removes(call.name) {
            return None;
        }
        let (old, new) = (from.functions.get(call.name), to.functions.get(call.name));
        if let (Some(old), Some(new)) = (old, new) {
            let change = format!("`{}` ({old} becomes {new})", call.name);
            if old != new && !changes.contains(&change) {
                changes.push(change);
            }
        }
    }
    let mut new_calls: Vec<String> = Vec::new();
    for section in ["resources", "outputs", "conditions"] {
        let Some(root) = cx.template.section(section) else {
            continue;
        };
        for node in tree.descendants(root) {
            let [key, _] = *tree.children(node) else {
                continue;
            };
            let Some(name) = tree.scalar(key) else {
                continue;
            };
            if tree.is_mapping(node)
                && to.function_name(name).is_some()
                && from.function_name(name).is_none()
            {
                let call = format!("`{name}`");
                if !new_calls.contains(&call) {
                    new_calls.push(call);
                }
            }
        }
    }
    let value = cx.template.version_entry()?.value;
    let written = tree.scalar(value)?;
    // A release name stays a release name where the new version has one.
    let new_value = if from.aliases.iter().any(|a| a == written) {
        to.aliases.first().unwrap_or(&to.version)
    } else {
        &to.version
    };
    // A plain date stays plain: Heat's loader reads timestamps as strings,
    // as it read the old one.
    let edit = match tree.scalar_style(value) {
        Some(ScalarStyle::Plain) => Edit::replace(
            TextRange::new(tree.content_start(value), tree.range(value).end),
            new_value.as_str(),
        ),
        _ => cx.editor.replace_scalar(value, new_value)?,
    };
    let mut said = match new_calls.len() {
        0 => Vec::new(),
        1 => vec![format!("{} becomes a function call", quoted(&new_calls))],
        _ => vec![format!("{} become function calls", quoted(&new_calls))],
    };
    if !changes.is_empty() {
        said.push(format!(
            "Heat reads {} with other classes",
            changes.join(", ")
        ));
    }
    if said.is_empty() {
        said.push(format!("Heat then reads the template as {}", to.display()));
    }
    Fix::new(
        format!(
            "Raise heat_template_version to {} (unsafe: {}; check them)",
            to.display(),
            said.join("; ")
        ),
        vec![edit],
        Applicability::Unsafe,
    )
}

fn quoted(names: &[String]) -> String {
    match names {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => "no mapping".to_owned(),
    }
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
fn near_misses(cx: &mut Context<'_, '_>, version: &'static TemplateVersion) {
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
                let fix = TemplateVersion::first_with(name).and_then(|first| {
                    cx.unless_shared(tree.range(key), raise_version(cx, version, first))
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
    use crate::lint::rules::test_support::{check, finds, fixes_unsafely};
    use crate::lint::Rule;

    #[test]
    fn removed_functions() {
        check(
            Rule::RemovedFunction,
            &[
                finds("heat_template_version: 2015-10-15\noutputs:\n  o: {value: {Fn::Select: [0, [a]]}}\n", 1),
                finds("heat_template_version: 2015-04-30\noutputs:\n  o: {value: {Fn::Select: [0, [a]]}}\n", 0),
                finds("heat_template_version: 2013-05-23\noutputs:\n  o: {value: {Fn::Join: [',', [a]]}}\n", 0),
                fixes_unsafely(
                    "heat_template_version: 2014-10-16\noutputs:\n  o: {value: {Fn::Join: [',', [a]]}}\n",
                    1,
                    "heat_template_version: 2014-10-16\noutputs:\n  o: {value: {list_join: [',', [a]]}}\n",
                ),
                // Ref names a resource or a parameter.
                fixes_unsafely(
                    "heat_template_version: 2015-10-15\nparameters:\n  p: {type: string}\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {Ref: r}}\n  b: {value: {Ref: p}}\n",
                    2,
                    "heat_template_version: 2015-10-15\nparameters:\n  p: {type: string}\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {get_resource: r}}\n  b: {value: {get_param: p}}\n",
                ),
            ],
        );
    }

    #[test]
    fn functions_of_later_versions_and_near_misses() {
        check(
            Rule::FunctionUnknownToVersion,
            &[
                // Raised as a release name where it was written as one.
                fixes_unsafely(
                    "heat_template_version: ocata\noutputs:\n  o: {value: {list_concat: [[1], [2]]}}\n",
                    1,
                    "heat_template_version: pike\noutputs:\n  o: {value: {list_concat: [[1], [2]]}}\n",
                ),
                fixes_unsafely(
                    "heat_template_version: 2015-04-30\noutputs:\n  o: {value: {str_split: [',', 'a,b']}}\n",
                    1,
                    "heat_template_version: 2015-10-15\noutputs:\n  o: {value: {str_split: [',', 'a,b']}}\n",
                ),
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

    #[test]
    fn raising_the_version_says_what_changes_meaning() {
        use crate::catalog::Catalog;
        use crate::lint::{lint, LintOptions};

        let text = "heat_template_version: 2015-04-30\noutputs:\n  a: {value: {str_split: [',', 'a,b']}}\n  b: {value: {list_join: [',', [x]]}}\n";
        let found = lint(text, &LintOptions::new(Catalog::builtin()));
        let fix = found
            .iter()
            .find(|d| d.rule == Rule::FunctionUnknownToVersion)
            .and_then(|d| d.fix.as_ref())
            .expect("a fix");
        assert_eq!(
            fix.title,
            "Raise heat_template_version to 2015-10-15 (unsafe: `str_split` becomes a function call; Heat reads `list_join` (Join becomes JoinMultiple) with other classes; check them)"
        );
        // A function the new version refuses: no raise.
        let refused = "heat_template_version: 2015-04-30\noutputs:\n  a: {value: {str_split: [',', 'a,b']}}\n  b: {value: {Fn::Select: [0, [x]]}}\n";
        let found = lint(refused, &LintOptions::new(Catalog::builtin()));
        assert!(found
            .iter()
            .filter(|d| d.rule == Rule::FunctionUnknownToVersion)
            .all(|d| d.fix.is_none()));
    }

    #[test]
    fn permutations_before_pike_are_ignored() {
        // The test vectors are 'static, as written ones are.
        let at = |version: &str| -> &'static str {
            format!("heat_template_version: {version}\n{REPEAT}").leak()
        };
        const REPEAT: &str = "outputs:\n  o:\n    value:\n      repeat:\n        for_each: {'%a%': [1, 2], '%b%': [3, 4]}\n        template: '%a%%b%'\n        permutations: false\n";
        check(
            Rule::IgnoredFunctionArgument,
            &[
                fixes_unsafely(
                    at("ocata"),
                    1,
                    at("pike"),
                ),
                fixes_unsafely(
                    at("2016-10-14"),
                    1,
                    at("2017-09-01"),
                ),
                finds(at("pike"), 0),
                finds(at("wallaby"), 0),
                // Without the key, nothing is ignored.
                finds("heat_template_version: ocata\noutputs:\n  o: {value: {repeat: {for_each: {'%a%': [1]}, template: '%a%'}}}\n", 0),
            ],
        );
    }

    #[test]
    fn raising_for_permutations_names_the_class_that_changes() {
        use crate::catalog::Catalog;
        use crate::lint::{lint, LintOptions};

        let text = "heat_template_version: ocata\noutputs:\n  o: {value: {repeat: {for_each: {'%a%': [1]}, template: '%a%', permutations: false}}}\n";
        let found = lint(text, &LintOptions::new(Catalog::builtin()));
        let finding = found
            .iter()
            .find(|d| d.rule == Rule::IgnoredFunctionArgument)
            .expect("a finding");
        assert_eq!(
            finding.message,
            "Heat ignores `permutations` in heat_template_version 2017-02-24 (ocata): repeat still produces every permutation of the lists; Heat reads it from heat_template_version 2017-09-01 (pike)"
        );
        assert_eq!(
            finding.fix.as_ref().expect("a fix").title,
            "Raise heat_template_version to 2017-09-01 (pike) (unsafe: Heat reads `repeat` (RepeatWithMap becomes RepeatWithNestedLoop) with other classes; check them)"
        );
    }
}
