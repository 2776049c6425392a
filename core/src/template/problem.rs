//! What stops the template layer reading a text as Heat does. Each kind
//! is reported by a lint rule of its own (`lint::rules`); the kinds carry
//! the nodes a fix needs.

use crate::syntax::Entry;
use crate::text::TextRange;

/// A problem found while reading: syntax, a document that is no template,
/// structure that cannot be read as the mapping it must be, a key written
/// twice, aliases expanding too far.
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
    /// A key written twice in a mapping Heat reads: the later entry wins.
    DuplicateKey {
        earlier: Entry,
        later: Entry,
    },
    SectionNotMapping,
    /// Aliases expand to more nodes than are checked.
    AliasBudget,
    ResourceNotMapping,
    RegistryNotMapping,
    /// A registry value heatclient cannot read as a name (null, a boolean,
    /// a number): it fails while it gathers the stack's files.
    RegistryValueNotAName,
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
            ProblemKind::DuplicateKey { .. } => "duplicate-key",
            ProblemKind::SectionNotMapping => "section-not-mapping",
            ProblemKind::AliasBudget => "alias-budget",
            ProblemKind::ResourceNotMapping => "resource-not-mapping",
            ProblemKind::RegistryNotMapping => "registry-not-mapping",
            ProblemKind::RegistryValueNotAName => "registry-value-not-a-name",
        }
    }
}
