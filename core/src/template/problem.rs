//! What the template layer finds wrong while reading a text as Heat does.
//! Each kind is reported by a lint rule of its own (`lint::rules`); the
//! kinds carry the nodes a fix needs.

use crate::syntax::Entry;
use crate::text::TextRange;

/// A problem found while reading: syntax, or structure Heat would reject
/// or read differently from what is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub message: String,
    pub range: TextRange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// The YAML or JSON does not parse.
    Syntax,
    /// More problems than are reported.
    TooManyProblems,
    EmptyDocument,
    /// The document is a scalar or a list.
    NotAMapping,
    /// Neither a template nor an environment.
    UnknownDocument,
    /// A tag Heat's loader cannot construct.
    UnknownTag,
    /// A key written twice in a mapping Heat reads: the later entry wins.
    DuplicateKey {
        earlier: Entry,
        later: Entry,
    },
    MissingVersion,
    UnknownVersion,
    UnknownSection,
    SectionNotMapping,
    /// Aliases expand to more nodes than are checked.
    AliasBudget,
    ResourceNotMapping,
    MissingType,
    TypeNotString,
    PropertiesNotMapping,
    UnknownResourceKey,
    FunctionArguments,
    RegistryNotMapping,
    /// An output key the version does not know: Heat ignores it.
    UnknownOutputKey,
    InvalidDeletionPolicy,
    UnknownParameterKey,
    /// A condition definition or a function Heat refuses in `conditions`.
    InvalidCondition,
}

impl ProblemKind {
    /// A short kebab-case name, for dumps.
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::Syntax => "syntax",
            ProblemKind::TooManyProblems => "too-many-problems",
            ProblemKind::EmptyDocument => "empty-document",
            ProblemKind::NotAMapping => "not-a-mapping",
            ProblemKind::UnknownDocument => "unknown-document",
            ProblemKind::UnknownTag => "unknown-tag",
            ProblemKind::DuplicateKey { .. } => "duplicate-key",
            ProblemKind::MissingVersion => "missing-version",
            ProblemKind::UnknownVersion => "unknown-version",
            ProblemKind::UnknownSection => "unknown-section",
            ProblemKind::SectionNotMapping => "section-not-mapping",
            ProblemKind::AliasBudget => "alias-budget",
            ProblemKind::ResourceNotMapping => "resource-not-mapping",
            ProblemKind::MissingType => "missing-type",
            ProblemKind::TypeNotString => "type-not-string",
            ProblemKind::PropertiesNotMapping => "properties-not-mapping",
            ProblemKind::UnknownResourceKey => "unknown-resource-key",
            ProblemKind::FunctionArguments => "function-arguments",
            ProblemKind::RegistryNotMapping => "registry-not-mapping",
            ProblemKind::UnknownOutputKey => "unknown-output-key",
            ProblemKind::InvalidDeletionPolicy => "invalid-deletion-policy",
            ProblemKind::UnknownParameterKey => "unknown-parameter-key",
            ProblemKind::InvalidCondition => "invalid-condition",
        }
    }
}
