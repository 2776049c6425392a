//! Every rule: its stable code, name, severity and documentation (the
//! Markdown file beside its check in `rules/`, the single source for
//! `heatwise rule`, `docs/rules.md` and the SARIF rule help).
//!
//! Codes are stable and never reused. A code that was split keeps working
//! where users write codes ([`Rule::matching`]): `HW002` stands for the
//! template-structure rules it became.

use super::Stage;
use crate::severity::Severity;

macro_rules! declare_rules {
    ($($variant:ident = $code:literal, $name:literal, $doc:literal, $severity:ident, $stage:expr;)*) => {
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

            /// Where Heat refuses what the rule reports as an error (see
            /// [`Stage`]); `None` for a rule that never does.
            pub const fn stage(self) -> Option<Stage> {
                match self {
                    $(Rule::$variant => $stage,)*
                }
            }

            /// The rule's documentation, as Markdown: what it finds, why it
            /// matters, an example and what to use instead.
            pub const fn documentation(self) -> &'static str {
                match self {
                    $(Rule::$variant => include_str!(concat!("rules/", $doc, ".md")),)*
                }
            }
        }
    };
}

declare_rules! {
    InvalidSyntax = "HW001", "invalid-syntax", "invalid_syntax", Error, Some(Stage::Client);
    DuplicateKey = "HW003", "duplicate-key", "duplicate_key", Warning, None;
    EmptyDocument = "HW004", "empty-document", "empty_document", Error, Some(Stage::Client);
    DocumentNotAMapping = "HW005", "document-not-a-mapping", "document_not_a_mapping", Error, Some(Stage::Client);
    UnknownDocumentKind = "HW006", "unknown-document-kind", "unknown_document_kind", Warning, None;
    UnknownTag = "HW007", "unknown-tag", "unknown_tag", Error, Some(Stage::Client);
    MissingTemplateVersion = "HW008", "missing-template-version", "missing_template_version", Error, Some(Stage::Client);
    UnknownTemplateVersion = "HW009", "unknown-template-version", "unknown_template_version", Error, Some(Stage::Validate);
    UnknownSection = "HW010", "unknown-section", "unknown_section", Error, Some(Stage::Validate);
    SectionNotAMapping = "HW011", "section-not-a-mapping", "section_not_a_mapping", Error, Some(Stage::Validate);
    ResourceNotAMapping = "HW012", "resource-not-a-mapping", "resource_not_a_mapping", Error, Some(Stage::Validate);
    MissingResourceType = "HW013", "missing-resource-type", "missing_resource_type", Error, Some(Stage::Validate);
    ResourceTypeNotAString = "HW014", "resource-type-not-a-string", "resource_type_not_a_string", Error, Some(Stage::Validate);
    PropertiesNotAMapping = "HW015", "properties-not-a-mapping", "properties_not_a_mapping", Error, Some(Stage::Validate);
    UnknownResourceKey = "HW016", "unknown-resource-key", "unknown_resource_key", Error, Some(Stage::Validate);
    InvalidFunctionArguments = "HW017", "invalid-function-arguments", "invalid_function_arguments", Error, Some(Stage::Validate);
    RegistryEntryNotAMapping = "HW018", "registry-entry-not-a-mapping", "registry_entry_not_a_mapping", Error, Some(Stage::Validate);
    TooManyFindings = "HW019", "too-many-findings", "too_many_findings", Info, None;
    AliasExpansionLimit = "HW020", "alias-expansion-limit", "alias_expansion_limit", Info, None;
    RemovedFunction = "HW021", "removed-function", "removed_function", Error, Some(Stage::Validate);
    FunctionUnknownToVersion = "HW022", "function-unknown-to-version", "function_unknown_to_version", Warning, None;
    UnreleasedTemplateVersion = "HW023", "unreleased-template-version", "unreleased_template_version", Error, Some(Stage::Validate);
    UnknownOutputKey = "HW024", "unknown-output-key", "unknown_output_key", Warning, None;
    InvalidDeletionPolicy = "HW025", "invalid-deletion-policy", "invalid_deletion_policy", Error, Some(Stage::Validate);
    UnknownParameterKey = "HW026", "unknown-parameter-key", "unknown_parameter_key", Error, Some(Stage::Validate);
    InvalidCondition = "HW027", "invalid-condition", "invalid_condition", Error, Some(Stage::Validate);
    IgnoredFunctionArgument = "HW028", "ignored-function-argument", "ignored_function_argument", Warning, None;
    InvalidParameter = "HW029", "invalid-parameter", "invalid_parameter", Error, Some(Stage::Validate);
    ChainTemplateFile = "HW030", "chain-template-file", "chain_template_file", Error, Some(Stage::Validate);
    UnusedSuppression = "HW031", "unused-suppression", "unused_suppression", Warning, None;
    InvalidResourceField = "HW032", "invalid-resource-field", "invalid_resource_field",
        Error, Some(Stage::Validate);
    InvalidOutput = "HW033", "invalid-output", "invalid_output", Error, Some(Stage::Validate);
    InvalidParameterGroups = "HW034", "invalid-parameter-groups", "invalid_parameter_groups",
        Error, Some(Stage::Validate);
    DuplicateName = "HW035", "duplicate-name", "duplicate_name", Error, Some(Stage::Validate);
    InvalidResourceName = "HW036", "invalid-resource-name", "invalid_resource_name",
        Error, Some(Stage::Validate);
    TooManyResources = "HW037", "too-many-resources", "too_many_resources", Error,
        Some(Stage::Validate);

    DeprecatedResourceType = "HW101", "deprecated-resource-type", "deprecated_resource_type", Warning, None;
    HiddenResourceType = "HW102", "hidden-resource-type", "hidden_resource_type", Warning, None;
    UnsupportedResourceType = "HW103", "unsupported-resource-type", "unsupported_resource_type", Warning, None;
    UnknownResourceType = "HW104", "unknown-resource-type", "unknown_resource_type", Error, Some(Stage::Validate);
    UnavailableResourceType = "HW105", "unavailable-resource-type", "unavailable_resource_type", Error, Some(Stage::Validate);
    PlaceholderResourceType = "HW106", "placeholder-resource-type", "placeholder_resource_type", Warning, None;
    ResourceTypeAlias = "HW107", "resource-type-alias", "resource_type_alias", Info, None;

    DeprecatedProperty = "HW201", "deprecated-property", "deprecated_property", Warning, None;
    HiddenProperty = "HW202", "hidden-property", "hidden_property", Warning, None;
    UnsupportedProperty = "HW203", "unsupported-property", "unsupported_property", Warning, None;
    UnknownProperty = "HW204", "unknown-property", "unknown_property", Error, Some(Stage::Validate);
    UnavailableProperty = "HW205", "unavailable-property", "unavailable_property", Error, Some(Stage::Validate);
    ConflictingProperties = "HW206", "conflicting-properties", "conflicting_properties", Error, Some(Stage::Validate);
    InvalidPropertyValue = "HW207", "invalid-property-value", "invalid_property_value", Error, Some(Stage::Validate);
    MissingRequiredProperty = "HW208", "missing-required-property", "missing_required_property", Error, Some(Stage::Validate);
    RefusedByResourceType = "HW209", "refused-by-resource-type", "refused_by_resource_type", Error, Some(Stage::Validate);
    ServerWithoutNetworks = "HW210", "server-without-networks", "server_without_networks",
        Error, Some(Stage::Create);
    NotAWaitConditionHandle = "HW211", "not-a-wait-condition-handle",
        "not_a_wait_condition_handle", Error, Some(Stage::Create);

    DeprecatedAttribute = "HW301", "deprecated-attribute", "deprecated_attribute", Warning, None;
    HiddenAttribute = "HW302", "hidden-attribute", "hidden_attribute", Warning, None;
    UnsupportedAttribute = "HW303", "unsupported-attribute", "unsupported_attribute", Warning, None;
    UnknownAttribute = "HW304", "unknown-attribute", "unknown_attribute", Error, Some(Stage::Validate);
    UnavailableAttribute = "HW305", "unavailable-attribute", "unavailable_attribute", Error, Some(Stage::Validate);
    UnknownResourceReference = "HW306", "unknown-resource-reference", "unknown_resource_reference", Error, Some(Stage::Validate);
    UnknownOutputReference = "HW307", "unknown-output-reference", "unknown_output_reference", Warning, None;
    CircularDependency = "HW308", "circular-dependency", "circular_dependency", Error, Some(Stage::Validate);
    UnknownParameterReference = "HW309", "unknown-parameter-reference", "unknown_parameter_reference", Error, Some(Stage::Validate);
    PlaceholderAttribute = "HW310", "placeholder-attribute", "placeholder_attribute", Warning, None;

    MissingFile = "HW401", "missing-file", "missing_file", Error, Some(Stage::Client);
    NestedTemplateCycle = "HW402", "nested-template-cycle", "nested_template_cycle", Error, Some(Stage::Client);
    UnknownNestedProperty = "HW403", "unknown-nested-property", "unknown_nested_property", Error, Some(Stage::Validate);
    MissingNestedParameter = "HW404", "missing-nested-parameter", "missing_nested_parameter", Error, Some(Stage::Validate);
    UnknownEnvironmentParameter = "HW405", "unknown-environment-parameter", "unknown_environment_parameter", Error, Some(Stage::Validate);
    UnusedParameterDefault = "HW406", "unused-parameter-default", "unused_parameter_default", Warning, None;
    DeprecatedParameterSet = "HW407", "deprecated-parameter-set", "deprecated_parameter_set", Warning, None;
    InvalidNestedPropertyValue = "HW408", "invalid-nested-property-value", "invalid_nested_property_value", Error, Some(Stage::Validate);
    UnknownNestedOutput = "HW409", "unknown-nested-output", "unknown_nested_output", Warning, Some(Stage::Create);
    RemoteFile = "HW410", "remote-file", "remote_file", Info, None;
    FileOutsideProject = "HW411", "file-outside-project", "file_outside_project", Warning, None;
    InvalidEnvironmentValue = "HW412", "invalid-environment-value", "invalid_environment_value", Error, Some(Stage::Validate);
    NestedStackTooDeep = "HW413", "nested-stack-too-deep", "nested_stack_too_deep", Error, Some(Stage::Validate);
    ProviderTemplateMismatch = "HW414", "provider-template-mismatch", "provider_template_mismatch", Error, Some(Stage::Validate);
    TypeNotATemplate = "HW415", "type-not-a-template", "type_not_a_template", Error, Some(Stage::Validate);
    TemplateTooLarge = "HW416", "template-too-large", "template_too_large", Error,
        Some(Stage::Validate);
}

/// A code no longer reported, and the rules that took its place.
pub struct Retired {
    pub code: &'static str,
    pub name: &'static str,
    pub became: &'static [Rule],
}

/// Codes that were split. Suppression comments, `--select` and `heatwise
/// rule` still accept them.
pub const RETIRED: &[Retired] = &[Retired {
    code: "HW002",
    name: "invalid-template",
    became: &[
        Rule::EmptyDocument,
        Rule::DocumentNotAMapping,
        Rule::UnknownDocumentKind,
        Rule::UnknownTag,
        Rule::MissingTemplateVersion,
        Rule::UnknownTemplateVersion,
        Rule::UnknownSection,
        Rule::SectionNotAMapping,
        Rule::ResourceNotAMapping,
        Rule::MissingResourceType,
        Rule::ResourceTypeNotAString,
        Rule::PropertiesNotAMapping,
        Rule::UnknownResourceKey,
        Rule::InvalidFunctionArguments,
        Rule::RegistryEntryNotAMapping,
        Rule::TooManyFindings,
        Rule::AliasExpansionLimit,
    ],
}];

impl Rule {
    /// The rule with this code or name (any case).
    pub fn find(code_or_name: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|rule| {
            rule.code().eq_ignore_ascii_case(code_or_name)
                || rule.name().eq_ignore_ascii_case(code_or_name)
        })
    }

    /// The rules a code or name stands for: one rule, or every rule a
    /// retired code became. Empty when it names none.
    pub fn matching(code_or_name: &str) -> Vec<Rule> {
        if let Some(rule) = Rule::find(code_or_name) {
            return vec![rule];
        }
        Retired::find(code_or_name).map_or_else(Vec::new, |retired| retired.became.to_vec())
    }

    /// Whether `word` is this rule's code or name, or a retired code or
    /// name that stands for it (any case): what a suppression comment
    /// matches.
    pub fn is_called(self, word: &str) -> bool {
        self.code().eq_ignore_ascii_case(word)
            || self.name().eq_ignore_ascii_case(word)
            || RETIRED.iter().any(|retired| {
                retired.became.contains(&self)
                    && (retired.code.eq_ignore_ascii_case(word)
                        || retired.name.eq_ignore_ascii_case(word))
            })
    }
}

impl Retired {
    pub fn find(code_or_name: &str) -> Option<&'static Retired> {
        RETIRED.iter().find(|retired| {
            retired.code.eq_ignore_ascii_case(code_or_name)
                || retired.name.eq_ignore_ascii_case(code_or_name)
        })
    }
}

impl Rule {
    /// Where some of the rule's findings are refused otherwise than at
    /// [`Rule::stage`] (each finding carries its own), as docs/rules.md
    /// says it.
    pub const fn other_stages(self) -> Option<&'static str> {
        match self {
            Rule::UnknownSection => Some("client, in an environment"),
            Rule::MissingNestedParameter => Some(
                "create, for a group's members and in a nested template (validate where the \
                 template used reads the parameter in a condition)",
            ),
            Rule::InvalidNestedPropertyValue => {
                Some("create, for a group's members and in a nested template")
            }
            Rule::InvalidPropertyValue
            | Rule::MissingRequiredProperty
            | Rule::RefusedByResourceType
            | Rule::UnknownParameterReference => Some("create, in a nested template"),
            Rule::InvalidEnvironmentValue => Some(
                "create, for a default of the wrong type that a nested template neither \
                 constrains nor reads in a condition",
            ),
            Rule::InvalidParameter => {
                Some("create, for a default of the wrong type in a nested template")
            }
            Rule::UnknownNestedOutput => Some(
                "none where only an output reads it and no resource above reads that output: \
                    Heat creates the stack, the output null",
            ),
            _ => None,
        }
    }
}

impl Rule {
    /// Whether the rule judges values Heat checks only when it makes the
    /// stack of the template they are written in: in a nested template it
    /// refuses them when it creates that nested stack, not while it
    /// validates the stack above (judged by Heat 27.0.1: a property out
    /// of range, a required one missing, an undeclared `get_param`;
    /// unlike a template's shape, an unknown type, property or reference,
    /// or a parameter's default outside its constraints, which it refuses
    /// at validate).
    pub const fn judged_when_created(self) -> bool {
        matches!(
            self,
            Rule::InvalidPropertyValue
                | Rule::MissingRequiredProperty
                | Rule::RefusedByResourceType
                | Rule::UnknownParameterReference
                | Rule::InvalidNestedPropertyValue
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_well_formed_and_never_reused() {
        let mut codes: Vec<_> = Rule::ALL.iter().map(|r| r.code()).collect();
        let mut names: Vec<_> = Rule::ALL.iter().map(|r| r.name()).collect();
        codes.extend(RETIRED.iter().map(|r| r.code));
        names.extend(RETIRED.iter().map(|r| r.name));
        let count = codes.len();
        codes.sort_unstable();
        names.sort_unstable();
        codes.dedup();
        names.dedup();
        assert_eq!(codes.len(), count);
        assert_eq!(names.len(), count);
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
    fn a_retired_code_stands_for_the_rules_it_became() {
        assert_eq!(Rule::find("HW002"), None);
        let rules = Rule::matching("hw002");
        assert!(rules.contains(&Rule::UnknownSection));
        assert!(!rules.contains(&Rule::InvalidSyntax));
        assert_eq!(Rule::matching("invalid-template"), rules);
        assert!(Rule::UnknownSection.is_called("HW002"));
        assert!(Rule::UnknownSection.is_called("unknown-section"));
        assert!(!Rule::DuplicateKey.is_called("HW002"));
        assert_eq!(Rule::matching("HW999"), Vec::<Rule>::new());
    }

    #[test]
    fn every_rule_documents_what_why_and_an_example() {
        for rule in Rule::ALL {
            let doc = rule.documentation();
            assert!(
                doc.starts_with(&format!("# {} ({})\n", rule.name(), rule.code())),
                "{} starts with its name and code:\n{doc}",
                rule.code()
            );
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
