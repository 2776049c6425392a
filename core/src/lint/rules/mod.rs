//! The rules: one file per rule, named by the rule, holding its check,
//! its fix and its pass/fail/fix cases; its documentation is the Markdown
//! file of the same name (`Rule::documentation`, and the file's own doc).
//! A rule imports the linting context and what rules share (`lifecycle`,
//! `migrate`), never the traversal (`check`) or another rule: a test holds
//! this (`tests/architecture.rs`).

pub(crate) mod alias_expansion_limit;
pub(crate) mod chain_template_file;
pub(crate) mod circular_dependency;
pub(crate) mod conflicting_properties;
pub(crate) mod deprecated_attribute;
#[cfg(feature = "stack")]
pub(crate) mod deprecated_parameter_set;
pub(crate) mod deprecated_property;
pub(crate) mod deprecated_resource_type;
pub(crate) mod document_not_a_mapping;
pub(crate) mod duplicate_key;
pub(crate) mod duplicate_name;
pub(crate) mod empty_document;
#[cfg(feature = "stack")]
pub(crate) mod file_outside_project;
pub(crate) mod function_unknown_to_version;
pub(crate) mod hidden_attribute;
pub(crate) mod hidden_property;
pub(crate) mod hidden_resource_type;
pub(crate) mod ignored_function_argument;
pub(crate) mod invalid_condition;
pub(crate) mod invalid_deletion_policy;
#[cfg(feature = "stack")]
pub(crate) mod invalid_environment_value;
pub(crate) mod invalid_function_arguments;
#[cfg(feature = "stack")]
pub(crate) mod invalid_nested_property_value;
pub(crate) mod invalid_output;
pub(crate) mod invalid_parameter;
pub(crate) mod invalid_parameter_groups;
pub(crate) mod invalid_property_value;
pub(crate) mod invalid_resource_field;
pub(crate) mod invalid_resource_name;
pub(crate) mod invalid_syntax;
#[cfg(feature = "stack")]
pub(crate) mod missing_file;
#[cfg(feature = "stack")]
pub(crate) mod missing_nested_parameter;
pub(crate) mod missing_required_property;
pub(crate) mod missing_resource_type;
pub(crate) mod missing_template_version;
#[cfg(feature = "stack")]
pub(crate) mod nested_stack_too_deep;
#[cfg(feature = "stack")]
pub(crate) mod nested_template_cycle;
pub(crate) mod not_a_wait_condition_handle;
pub(crate) mod placeholder_attribute;
pub(crate) mod placeholder_resource_type;
pub(crate) mod properties_not_a_mapping;
#[cfg(feature = "stack")]
pub(crate) mod provider_template_mismatch;
pub(crate) mod refused_by_resource_type;
pub(crate) mod registry_entry_not_a_mapping;
#[cfg(feature = "stack")]
pub(crate) mod remote_file;
pub(crate) mod removed_function;
pub(crate) mod resource_not_a_mapping;
pub(crate) mod resource_type_alias;
pub(crate) mod resource_type_not_a_string;
pub(crate) mod section_not_a_mapping;
pub(crate) mod server_without_networks;
#[cfg(feature = "stack")]
pub(crate) mod template_too_large;
pub(crate) mod too_many_findings;
pub(crate) mod too_many_resources;
#[cfg(feature = "stack")]
pub(crate) mod type_not_a_template;
pub(crate) mod unavailable_attribute;
pub(crate) mod unavailable_property;
pub(crate) mod unavailable_resource_type;
pub(crate) mod unknown_attribute;
pub(crate) mod unknown_document_kind;
#[cfg(feature = "stack")]
pub(crate) mod unknown_environment_parameter;
#[cfg(feature = "stack")]
pub(crate) mod unknown_nested_output;
#[cfg(feature = "stack")]
pub(crate) mod unknown_nested_property;
pub(crate) mod unknown_output_key;
pub(crate) mod unknown_output_reference;
pub(crate) mod unknown_parameter_key;
pub(crate) mod unknown_parameter_reference;
pub(crate) mod unknown_property;
pub(crate) mod unknown_resource_key;
pub(crate) mod unknown_resource_reference;
pub(crate) mod unknown_resource_type;
pub(crate) mod unknown_section;
pub(crate) mod unknown_tag;
pub(crate) mod unknown_template_version;
pub(crate) mod unreleased_template_version;
pub(crate) mod unsupported_attribute;
pub(crate) mod unsupported_property;
pub(crate) mod unsupported_resource_type;
#[cfg(feature = "stack")]
pub(crate) mod unused_parameter_default;
pub(crate) mod unused_suppression;

/// The helper every rule's tests use: inline cases of text, how many
/// findings of the rule it has, and the text its fixes make of it.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::catalog::Catalog;
    use crate::fixer::{fix_all, FixOptions};
    use crate::lint::{lint, LintOptions, Rule};
    use crate::release::Release;

    /// One case: `text` has `found` findings of the rule; applying the
    /// rule's fixes (safe ones, and unsafe ones too when `unsafe_fixes`)
    /// round after round gives `fixed`, which has none of the rule's
    /// fixable findings left. `fixed: None` means no fix applies.
    pub(crate) struct Case {
        pub text: &'static str,
        pub found: usize,
        pub fixed: Option<&'static str>,
        pub unsafe_fixes: bool,
        /// The target release (`None`: the catalog's own).
        pub target: Option<&'static str>,
    }

    impl Case {
        /// The same case, checked against `release` (e.g. `2015.1`, `Kilo`).
        pub(crate) fn at(self, release: &'static str) -> Case {
            Case {
                target: Some(release),
                ..self
            }
        }
    }

    /// The findings of `rule` in `text`, each as the text it covers (its
    /// range) and its message, are `expected`, in order.
    pub(crate) fn pins(rule: Rule, text: &str, expected: &[(&str, &str)]) {
        let found: Vec<(String, String)> = lint(text, &LintOptions::new(Catalog::builtin()))
            .into_iter()
            .filter(|d| d.rule == rule)
            .map(|d| (text[d.range.as_usize()].to_owned(), d.message))
            .collect();
        let expected: Vec<(String, String)> = (expected.iter())
            .map(|(covered, message)| ((*covered).to_owned(), (*message).to_owned()))
            .collect();
        assert_eq!(found, expected, "{} findings", rule.code());
    }

    /// `text` has `found` findings of the rule and no fix applies.
    pub(crate) fn finds(text: &'static str, found: usize) -> Case {
        Case {
            text,
            found,
            fixed: None,
            unsafe_fixes: false,
            target: None,
        }
    }

    /// `text` has `found` findings of the rule; safe fixes make `fixed`.
    pub(crate) fn fixes(text: &'static str, found: usize, fixed: &'static str) -> Case {
        Case {
            text,
            found,
            fixed: Some(fixed),
            unsafe_fixes: false,
            target: None,
        }
    }

    /// As [`fixes`], with unsafe fixes applied too.
    pub(crate) fn fixes_unsafely(text: &'static str, found: usize, fixed: &'static str) -> Case {
        Case {
            unsafe_fixes: true,
            ..fixes(text, found, fixed)
        }
    }

    /// The text each finding of `rule` covers in the file `url` of the
    /// stack made of `files` (the first is the root) with `environments`.
    #[cfg(feature = "stack")]
    pub(crate) fn stack_findings(
        rule: Rule,
        files: Vec<(&'static str, &'static str)>,
        environments: &[&str],
        url: &str,
    ) -> Vec<String> {
        let found = stack_diagnostics(rule, files, environments, url);
        found.into_iter().map(|(text, _)| text).collect()
    }

    /// Each finding of `rule` in the file `url` of the stack made of
    /// `files` (the first is the root) with `environments`, with the text
    /// it covers.
    #[cfg(feature = "stack")]
    pub(crate) fn stack_diagnostics(
        rule: Rule,
        files: Vec<(&'static str, &'static str)>,
        environments: &[&str],
        url: &str,
    ) -> Vec<(String, crate::lint::Diagnostic)> {
        use crate::lint::StackLinter;
        use crate::stack::{GatherCache, MemoryFiles, Stack};
        let environments: Vec<String> = environments.iter().map(|e| (*e).to_owned()).collect();
        let stack = Stack::gather(files[0].0, &environments, &MemoryFiles(files));
        let id = stack.file(url).expect("a file of the stack");
        let linter = StackLinter::new(&stack, &mut GatherCache::default());
        let text = &stack.files[id].text;
        linter
            .lint(id, &LintOptions::new(Catalog::builtin()))
            .into_iter()
            .filter(|d| d.rule == rule)
            .map(|d| (text[d.range.as_usize()].to_owned(), d))
            .collect()
    }

    /// The text each finding of `rule` covers in `root`, linted as the
    /// root of a stack with `app.yaml` beside it and `env` as its one
    /// environment.
    #[cfg(feature = "stack")]
    pub(crate) fn nested_findings(
        rule: Rule,
        root: &'static str,
        app: &'static str,
        env: Option<&'static str>,
    ) -> Vec<String> {
        let mut files = vec![("file:///t/root.yaml", root), ("file:///t/app.yaml", app)];
        let mut environments = Vec::new();
        if let Some(env) = env {
            files.push(("file:///t/env.yaml", env));
            environments.push("file:///t/env.yaml");
        }
        stack_findings(rule, files, &environments, "file:///t/root.yaml")
    }

    /// The text each finding of `rule` covers in the environment `env` of
    /// a stack with `root` and an `app.yaml` declaring `name`.
    #[cfg(feature = "stack")]
    pub(crate) fn environment_findings(
        rule: Rule,
        root: &'static str,
        env: &'static str,
    ) -> Vec<String> {
        let app =
            "heat_template_version: 2018-08-31\nparameters:\n  name: {type: string, default: x}\n";
        let files = vec![
            ("file:///t/root.yaml", root),
            ("file:///t/app.yaml", app),
            ("file:///t/env.yaml", env),
        ];
        stack_findings(rule, files, &["file:///t/env.yaml"], "file:///t/env.yaml")
    }

    pub(crate) fn check(rule: Rule, cases: &[Case]) {
        for case in cases {
            let target = case
                .target
                .map(|release| Release::parse(release).expect("a release heatwise knows"));
            let lint_options = LintOptions::new(Catalog::builtin()).with_target(target);
            let found: Vec<_> = lint(case.text, &lint_options)
                .into_iter()
                .filter(|d| d.rule == rule)
                .collect();
            assert_eq!(
                found.len(),
                case.found,
                "{} findings in {:?}: {found:#?}",
                rule.code(),
                case.text
            );
            let mut options = FixOptions::new(lint_options);
            options.unsafe_fixes = case.unsafe_fixes;
            options.codes = Some(vec![rule]);
            let outcome = fix_all(case.text, &options);
            assert!(outcome.converged, "{:?} did not converge", case.text);
            let expected = case.fixed.unwrap_or(case.text);
            assert_eq!(outcome.text, expected, "fixed {:?}", case.text);
            if case.fixed.is_some() {
                assert!(
                    !outcome.applied.is_empty(),
                    "no fix applied to {:?}",
                    case.text
                );
            }
        }
    }
}
