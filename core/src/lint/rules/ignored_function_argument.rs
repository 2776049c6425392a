#![doc = include_str!("ignored_function_argument.md")]

use crate::lint::context::Context;
use crate::lint::migrate::template_version::{declared, raise_version};
use crate::lint::Rule;
use crate::template::{repeat, TemplateVersion};

/// Arguments Heat accepts and ignores in the declared version:
/// `repeat`'s `permutations` before pike.
pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let Some((version, _)) = declared(cx) else {
        return;
    };
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
        let fix = since.and_then(|first| raise_version(cx, version, first));
        found.push((range, message, fix));
    }
    for (range, message, fix) in found {
        cx.report_with_fix(Rule::IgnoredFunctionArgument, range, message, fix);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds, fixes_unsafely};
    use crate::lint::Rule;

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
