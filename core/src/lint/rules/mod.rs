//! Every rule, one file each. A rule file's module documentation is the
//! rule's documentation (what it finds, why it matters, an example, what
//! to use instead): `heatwise rule CODE` prints it and `docs/rules.md` is
//! generated from it.

use crate::diagnostic::Severity;

macro_rules! declare_rules {
    ($($variant:ident = $code:literal, $name:literal, $module:ident, $severity:ident;)*) => {
        $(pub mod $module;)*

        /// A check, identified by a stable code such as `HW201`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $($variant,)*
        }

        impl Rule {
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The stable code, e.g. `HW201`.
            pub const fn code(self) -> &'static str {
                match self {
                    $(Rule::$variant => $code,)*
                }
            }

            /// The kebab-case name, e.g. `deprecated-property`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Rule::$variant => $name,)*
                }
            }

            /// The severity the rule reports with.
            pub const fn severity(self) -> Severity {
                match self {
                    $(Rule::$variant => Severity::$severity,)*
                }
            }

            /// The rule's documentation, as Markdown.
            pub fn documentation(self) -> String {
                let source = match self {
                    $(Rule::$variant => include_str!(concat!(stringify!($module), ".rs")),)*
                };
                module_doc(source)
            }
        }
    };
}

declare_rules! {
    InvalidSyntax = "HW001", "invalid-syntax", invalid_syntax, Error;
    InvalidTemplate = "HW002", "invalid-template", invalid_template, Error;
    DuplicateKey = "HW003", "duplicate-key", duplicate_key, Warning;

    DeprecatedResourceType = "HW101", "deprecated-resource-type", deprecated_resource_type, Warning;
    HiddenResourceType = "HW102", "hidden-resource-type", hidden_resource_type, Warning;
    UnsupportedResourceType = "HW103", "unsupported-resource-type", unsupported_resource_type, Warning;
    UnknownResourceType = "HW104", "unknown-resource-type", unknown_resource_type, Error;
    UnavailableResourceType = "HW105", "unavailable-resource-type", unavailable_resource_type, Error;
    PlaceholderResourceType = "HW106", "placeholder-resource-type", placeholder_resource_type, Warning;
    ResourceTypeAlias = "HW107", "resource-type-alias", resource_type_alias, Info;

    DeprecatedProperty = "HW201", "deprecated-property", deprecated_property, Warning;
    HiddenProperty = "HW202", "hidden-property", hidden_property, Warning;
    UnsupportedProperty = "HW203", "unsupported-property", unsupported_property, Warning;
    UnknownProperty = "HW204", "unknown-property", unknown_property, Error;
    UnavailableProperty = "HW205", "unavailable-property", unavailable_property, Error;
    ConflictingProperties = "HW206", "conflicting-properties", conflicting_properties, Error;

    DeprecatedAttribute = "HW301", "deprecated-attribute", deprecated_attribute, Warning;
    HiddenAttribute = "HW302", "hidden-attribute", hidden_attribute, Warning;
    UnsupportedAttribute = "HW303", "unsupported-attribute", unsupported_attribute, Warning;
    UnknownAttribute = "HW304", "unknown-attribute", unknown_attribute, Error;
    UnavailableAttribute = "HW305", "unavailable-attribute", unavailable_attribute, Error;
    UnknownResourceReference = "HW306", "unknown-resource-reference", unknown_resource_reference, Error;
}

impl Rule {
    /// The rule with this code or name (any case).
    pub fn find(code_or_name: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|rule| {
            rule.code().eq_ignore_ascii_case(code_or_name)
                || rule.name().eq_ignore_ascii_case(code_or_name)
        })
    }
}

/// The `//!` lines at the top of a Rust source file, without the markers.
fn module_doc(source: &str) -> String {
    let mut doc = String::new();
    for line in source.lines() {
        let Some(rest) = line.strip_prefix("//!") else {
            break;
        };
        doc.push_str(rest.strip_prefix(' ').unwrap_or(rest));
        doc.push('\n');
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_and_well_formed() {
        let mut codes: Vec<_> = Rule::ALL.iter().map(|r| r.code()).collect();
        let mut names: Vec<_> = Rule::ALL.iter().map(|r| r.name()).collect();
        codes.sort_unstable();
        names.sort_unstable();
        codes.dedup();
        names.dedup();
        assert_eq!(codes.len(), Rule::ALL.len());
        assert_eq!(names.len(), Rule::ALL.len());
        for rule in Rule::ALL {
            assert!(
                rule.code().starts_with("HW") && rule.code().len() == 5,
                "{rule:?}"
            );
            assert_eq!(Rule::find(rule.code()), Some(*rule));
            assert_eq!(Rule::find(&rule.name().to_uppercase()), Some(*rule));
        }
    }

    #[test]
    fn every_rule_documents_what_why_and_an_example() {
        for rule in Rule::ALL {
            let doc = rule.documentation();
            for heading in ["## What it does", "## Why is this bad?", "## Example"] {
                assert!(
                    doc.contains(heading),
                    "{} lacks `{heading}`:\n{doc}",
                    rule.code()
                );
            }
        }
    }
}
