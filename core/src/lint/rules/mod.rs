//! The rules. A rule with logic of its own has one file here holding its
//! check, its fix and its tests; its documentation is the Markdown file of
//! the same name (`Rule::documentation`). The twelve status rules
//! (deprecated, hidden, unsupported and unavailable types, properties and
//! attributes) are one table and share [`status`]; the rules that report
//! what the template layer finds share [`template_problems`].

pub(crate) mod conflicting_properties;
pub(crate) mod duplicate_key;
pub(crate) mod placeholder_resource_type;
pub(crate) mod resource_type_alias;
pub(crate) mod retired_types;
pub(crate) mod status;
pub(crate) mod template_problems;
pub(crate) mod template_version;
pub(crate) mod unknown_attribute;
pub(crate) mod unknown_output_reference;
pub(crate) mod unknown_property;
pub(crate) mod unknown_resource_reference;
pub(crate) mod unknown_resource_type;

/// The helper every rule's tests use: inline cases of text, how many
/// findings of the rule it has, and the text its fixes make of it.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::catalog::Catalog;
    use crate::fixer::{fix_all, FixOptions};
    use crate::lint::{lint, LintOptions, Rule};

    /// One case: `text` has `found` findings of the rule; applying the
    /// rule's fixes (safe ones, and unsafe ones too when `unsafe_fixes`)
    /// round after round gives `fixed`, which has none of the rule's
    /// fixable findings left. `fixed: None` means no fix applies.
    pub(crate) struct Case {
        pub text: &'static str,
        pub found: usize,
        pub fixed: Option<&'static str>,
        pub unsafe_fixes: bool,
    }

    /// `text` has `found` findings of the rule and no fix applies.
    pub(crate) fn finds(text: &'static str, found: usize) -> Case {
        Case {
            text,
            found,
            fixed: None,
            unsafe_fixes: false,
        }
    }

    /// `text` has `found` findings of the rule; safe fixes make `fixed`.
    pub(crate) fn fixes(text: &'static str, found: usize, fixed: &'static str) -> Case {
        Case {
            text,
            found,
            fixed: Some(fixed),
            unsafe_fixes: false,
        }
    }

    /// As [`fixes`], with unsafe fixes applied too.
    pub(crate) fn fixes_unsafely(text: &'static str, found: usize, fixed: &'static str) -> Case {
        Case {
            unsafe_fixes: true,
            ..fixes(text, found, fixed)
        }
    }

    pub(crate) fn check(rule: Rule, cases: &[Case]) {
        let lint_options = LintOptions::new(Catalog::builtin());
        for case in cases {
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
