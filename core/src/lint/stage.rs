//! Where Heat refuses what an error finds: python-heatclient before it
//! sends anything, Heat's validation before it creates anything, or the
//! create itself, after the resources that come first exist. Judged
//! against Heat 27.0.1 and python-heatclient 5.3.0: `cli/tests/verdicts.rs`
//! sends the cases to a real Heat, the create's among them, and
//! `cli/tests/client_stage.rs` hands the client's to heatclient itself.

use super::Rule;

/// When Heat (or its client) refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// `openstack stack create` stops before it sends the stack: the YAML,
    /// a template version key, an environment's sections, a file it
    /// cannot read.
    Client,
    /// Heat refuses the stack before it creates anything: the template,
    /// the parameters, every resource's definition and every nested stack
    /// validated.
    Validate,
    /// Heat accepts the stack and fails its create, after it has created
    /// the resources that come first.
    Create,
}

impl Stage {
    /// `client`, `validate` or `create`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Stage::Client => "client",
            Stage::Validate => "validate",
            Stage::Create => "create",
        }
    }

    /// What the stage means for the stack, in a few words.
    pub const fn describe(self) -> &'static str {
        match self {
            Stage::Client => "openstack stack create refuses it before sending anything",
            Stage::Validate => "Heat refuses the stack before it creates anything",
            Stage::Create => {
                "Heat accepts the stack and fails its create, after creating what comes first"
            }
        }
    }
}

impl Rule {
    /// Where Heat refuses what the rule reports as an error; `None` for a
    /// rule that never does.
    pub const fn stage(self) -> Option<Stage> {
        match self {
            Rule::InvalidSyntax
            | Rule::EmptyDocument
            | Rule::DocumentNotAMapping
            | Rule::UnknownTag
            | Rule::MissingTemplateVersion
            | Rule::MissingFile
            // python-heatclient recurses without end gathering the cycle.
            | Rule::NestedTemplateCycle => Some(Stage::Client),
            // An output of a nested template read by a resource: Heat looks
            // for it only when it creates that resource.
            Rule::UnknownNestedOutput => Some(Stage::Create),
            Rule::UnknownTemplateVersion
            | Rule::UnknownSection
            | Rule::SectionNotAMapping
            | Rule::ResourceNotAMapping
            | Rule::MissingResourceType
            | Rule::ResourceTypeNotAString
            | Rule::PropertiesNotAMapping
            | Rule::UnknownResourceKey
            | Rule::InvalidFunctionArguments
            | Rule::RegistryEntryNotAMapping
            | Rule::RemovedFunction
            | Rule::UnreleasedTemplateVersion
            | Rule::InvalidDeletionPolicy
            | Rule::UnknownParameterKey
            | Rule::InvalidCondition
            | Rule::InvalidParameter
            | Rule::UnknownResourceType
            | Rule::UnavailableResourceType
            | Rule::UnknownProperty
            | Rule::UnavailableProperty
            | Rule::ConflictingProperties
            | Rule::InvalidPropertyValue
            | Rule::MissingRequiredProperty
            | Rule::RefusedByResourceType
            | Rule::UnknownAttribute
            | Rule::UnavailableAttribute
            | Rule::UnknownResourceReference
            | Rule::CircularDependency
            | Rule::UnknownParameterReference
            | Rule::UnknownNestedProperty
            | Rule::MissingNestedParameter
            | Rule::UnknownEnvironmentParameter
            | Rule::InvalidNestedPropertyValue
            | Rule::InvalidEnvironmentValue => Some(Stage::Validate),
            _ => None,
        }
    }
}

impl Rule {
    /// Where some of the rule's findings are refused otherwise than at
    /// [`Rule::stage`] (each finding carries its own), as docs/rules.md
    /// says it.
    pub const fn other_stages(self) -> Option<&'static str> {
        match self {
            Rule::UnknownSection => Some("client, in an environment"),
            Rule::MissingNestedParameter | Rule::InvalidNestedPropertyValue => {
                Some("create, for a group's members")
            }
            Rule::UnknownNestedOutput => {
                Some("none where an output reads it: Heat creates the stack, the output null")
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::Severity;

    #[test]
    fn every_rule_that_reports_errors_says_where_heat_refuses_and_no_other_does() {
        for &rule in Rule::ALL {
            let refuses = rule.severity() == Severity::Error || rule == Rule::UnknownNestedOutput;
            assert_eq!(rule.stage().is_some(), refuses, "{}", rule.code());
        }
    }
}
