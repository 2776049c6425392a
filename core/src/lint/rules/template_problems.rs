//! The rules that report what the template layer finds while reading a
//! text as Heat does (syntax, document kind, sections, resource
//! definitions, function arguments, registry): one rule per
//! [`ProblemKind`], each documented in its own Markdown file here.

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::template::ProblemKind;

use super::duplicate_key;

/// The rule that reports a kind of problem.
pub(crate) fn rule(kind: ProblemKind) -> Rule {
    match kind {
        ProblemKind::Syntax => Rule::InvalidSyntax,
        ProblemKind::DuplicateKey { .. } => Rule::DuplicateKey,
        ProblemKind::TooManyProblems => Rule::TooManyFindings,
        ProblemKind::EmptyDocument => Rule::EmptyDocument,
        ProblemKind::NotAMapping => Rule::DocumentNotAMapping,
        ProblemKind::UnknownDocument => Rule::UnknownDocumentKind,
        ProblemKind::UnknownTag => Rule::UnknownTag,
        ProblemKind::MissingVersion => Rule::MissingTemplateVersion,
        ProblemKind::UnknownVersion => Rule::UnknownTemplateVersion,
        ProblemKind::UnknownSection => Rule::UnknownSection,
        ProblemKind::SectionNotMapping => Rule::SectionNotAMapping,
        ProblemKind::AliasBudget => Rule::AliasExpansionLimit,
        ProblemKind::ResourceNotMapping => Rule::ResourceNotAMapping,
        ProblemKind::MissingType => Rule::MissingResourceType,
        ProblemKind::TypeNotString => Rule::ResourceTypeNotAString,
        ProblemKind::PropertiesNotMapping => Rule::PropertiesNotAMapping,
        ProblemKind::UnknownResourceKey => Rule::UnknownResourceKey,
        ProblemKind::FunctionArguments => Rule::InvalidFunctionArguments,
        ProblemKind::RegistryNotMapping => Rule::RegistryEntryNotAMapping,
        ProblemKind::UnknownOutputKey => Rule::UnknownOutputKey,
        ProblemKind::InvalidDeletionPolicy => Rule::InvalidDeletionPolicy,
        ProblemKind::UnknownParameterKey => Rule::UnknownParameterKey,
        ProblemKind::InvalidCondition => Rule::InvalidCondition,
    }
}

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    for problem in cx.template.problems() {
        let fix = match problem.kind {
            ProblemKind::DuplicateKey { earlier, later } => {
                cx.unless_shared(problem.range, duplicate_key::fix(cx, earlier, later))
            }
            _ => None,
        };
        cx.report(rule(problem.kind), problem.range, problem.message.clone())
            .fix = fix;
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn each_kind_of_problem_has_its_rule() {
        let hot = "heat_template_version: 2018-08-31\n";
        let cases: &[(Rule, &str)] = &[
            (Rule::InvalidSyntax, "a: [b\n"),
            (Rule::EmptyDocument, "# nothing\n"),
            (Rule::DocumentNotAMapping, "- a\n- b\n"),
            (Rule::UnknownDocumentKind, "networks: []\n"),
            (Rule::UnknownTag, "heat_template_version: 2018-08-31\nresources: !Ref x\n"),
            (Rule::MissingTemplateVersion, "resources: {}\n"),
            (Rule::UnknownTemplateVersion, "heat_template_version: 2015-04-31\n"),
            (Rule::UnknownSection, "heat_template_version: 2018-08-31\nresource: {}\n"),
            (
                Rule::UnknownSection,
                "heat_template_version: 2016-04-08\nconditions: {}\n",
            ),
            (Rule::SectionNotAMapping, "heat_template_version: 2018-08-31\nresources: [a]\n"),
            (
                Rule::ResourceNotAMapping,
                "heat_template_version: 2018-08-31\nresources:\n  s: OS::Nova::Server\n",
            ),
            (
                Rule::MissingResourceType,
                "heat_template_version: 2018-08-31\nresources:\n  s: {properties: {}}\n",
            ),
            (
                Rule::ResourceTypeNotAString,
                "heat_template_version: 2018-08-31\nresources:\n  s: {type: [a]}\n",
            ),
            (
                Rule::PropertiesNotAMapping,
                "heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None, properties: [a]}\n",
            ),
            (
                Rule::UnknownResourceKey,
                "heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None, image: x}\n",
            ),
            (
                Rule::InvalidFunctionArguments,
                "heat_template_version: 2013-05-23\noutputs:\n  o: {value: {get_resource: [a]}}\n",
            ),
            (Rule::RegistryEntryNotAMapping, "resource_registry: [a]\n"),
            (Rule::UnknownOutputKey, "heat_template_version: 2018-08-31\noutputs:\n  o: {value: 1, valeu: 2}\n"),
            (
                Rule::InvalidDeletionPolicy,
                "heat_template_version: 2016-04-08\nresources:\n  s: {type: OS::Heat::None, deletion_policy: retain}\n",
            ),
            (
                Rule::InvalidCondition,
                "heat_template_version: rocky\nconditions:\n  c: {equals: [{get_attr: [r, a]}, 1]}\n",
            ),
            (
                Rule::UnknownParameterKey,
                "heat_template_version: pike\nparameters:\n  p: {type: string, tags: [a]}\n",
            ),
        ];
        for (rule, text) in cases {
            check(*rule, &[finds(text, 1), finds(hot, 0)]);
        }
    }
}
