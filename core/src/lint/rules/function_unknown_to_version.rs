#![doc = include_str!("function_unknown_to_version.md")]

use crate::lint::context::{with_suggestions, Context};
use crate::lint::migrate::template_version::{declared, raise_version};
use crate::lint::Rule;
use crate::suggest::closest;
use crate::syntax::NodeId;
use crate::template::functions::is_any_function;
use crate::template::TemplateVersion;

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    if let Some((version, _)) = declared(cx) {
        near_misses(cx, version);
    }
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
                let fix = TemplateVersion::first_with(name)
                    .and_then(|first| raise_version(cx, version, first));
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
        cx.report_with_fix(Rule::FunctionUnknownToVersion, range, message, fix);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes_unsafely};
    use crate::lint::Rule;

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
}
