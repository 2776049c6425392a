//! What the export could not carry over, and where.

use heatwise_core::severity::Severity;
use heatwise_core::text::TextRange;

/// Why something was not (or not exactly) carried over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// The resource type has no ORC kind.
    NoOrcKind,
    /// The property (or value) has no ORC field.
    NoOrcField,
    /// The value is known only when Heat runs.
    NotStatic,
    /// A parameter has no value, or one that does not fit its type.
    ParameterValue,
    /// ORC's schema refuses the object: it is left out.
    RefusedByOrc,
    /// The template does not say enough to write what Heat would do.
    Ambiguous,
    /// Objects refer to each other in a cycle.
    DependencyCycle,
    /// The template cannot be read.
    UnreadableTemplate,
    /// ORC would build something that behaves differently.
    MeaningDiffers,
    /// A reference to a resource that has no ORC object.
    MissingObject,
    /// A resource of a running stack that a hand-over cannot import.
    NotHandedOver,
}

impl Code {
    pub const ALL: [Code; 11] = [
        Code::NoOrcKind,
        Code::NoOrcField,
        Code::NotStatic,
        Code::ParameterValue,
        Code::RefusedByOrc,
        Code::Ambiguous,
        Code::DependencyCycle,
        Code::UnreadableTemplate,
        Code::MeaningDiffers,
        Code::MissingObject,
        Code::NotHandedOver,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Code::NoOrcKind => "ORC001",
            Code::NoOrcField => "ORC002",
            Code::NotStatic => "ORC003",
            Code::ParameterValue => "ORC004",
            Code::RefusedByOrc => "ORC005",
            Code::Ambiguous => "ORC006",
            Code::DependencyCycle => "ORC007",
            Code::UnreadableTemplate => "ORC008",
            Code::MeaningDiffers => "ORC009",
            Code::MissingObject => "ORC010",
            Code::NotHandedOver => "ORC011",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Code::NoOrcKind => "no-orc-kind",
            Code::NoOrcField => "no-orc-field",
            Code::NotStatic => "not-static",
            Code::ParameterValue => "parameter-value",
            Code::RefusedByOrc => "refused-by-orc",
            Code::Ambiguous => "ambiguous",
            Code::DependencyCycle => "dependency-cycle",
            Code::UnreadableTemplate => "unreadable-template",
            Code::MeaningDiffers => "meaning-differs",
            Code::MissingObject => "missing-object",
            Code::NotHandedOver => "not-handed-over",
        }
    }

    /// Errors leave objects out or stop the export; warnings leave a
    /// property or resource out.
    pub const fn severity(self) -> Severity {
        match self {
            Code::ParameterValue
            | Code::RefusedByOrc
            | Code::DependencyCycle
            | Code::UnreadableTemplate
            | Code::MissingObject
            | Code::NotHandedOver => Severity::Error,
            _ => Severity::Warning,
        }
    }
}

/// Which text a finding is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum File {
    Template,
    /// The n-th environment file given.
    Environment(usize),
    /// A nested template: its file's index in the stack exported.
    Nested(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub code: Code,
    pub file: File,
    pub range: TextRange,
    pub message: String,
}

impl Finding {
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }
}
