//! The kinds of things the catalog names: statuses, aliases, property
//! types, translation rules.

use super::*;

/// The support status of a type, property or attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StatusKind {
    Supported,
    Deprecated,
    Hidden,
    Unsupported,
}

impl StatusKind {
    pub const ALL: [StatusKind; 4] = [
        StatusKind::Supported,
        StatusKind::Deprecated,
        StatusKind::Hidden,
        StatusKind::Unsupported,
    ];

    /// `SUPPORTED`, `DEPRECATED`, `HIDDEN`, `UNSUPPORTED`.
    pub const fn as_str(self) -> &'static str {
        match self {
            StatusKind::Supported => "SUPPORTED",
            StatusKind::Deprecated => "DEPRECATED",
            StatusKind::Hidden => "HIDDEN",
            StatusKind::Unsupported => "UNSUPPORTED",
        }
    }

    /// Accepts any case.
    pub fn parse(text: &str) -> Option<StatusKind> {
        StatusKind::ALL
            .into_iter()
            .find(|kind| kind.as_str().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for StatusKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How an alias maps a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AliasKind {
    /// One type name onto another.
    Type,
    /// A `*` pattern onto another (`OS::Quantum::*` → `OS::Neutron::*`).
    Glob,
    /// A type name onto a template file.
    Template,
}

impl AliasKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            AliasKind::Type => "type",
            AliasKind::Glob => "glob",
            AliasKind::Template => "template",
        }
    }

    pub fn parse(text: &str) -> Option<AliasKind> {
        [AliasKind::Type, AliasKind::Glob, AliasKind::Template]
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }
}

/// A property's value type, as Heat's schema names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PropertyType {
    String,
    Integer,
    Number,
    Boolean,
    List,
    Map,
    Json,
    /// Any value (Heat's `Any`, e.g. the default of a software config input).
    Any,
}

impl PropertyType {
    pub const fn as_str(self) -> &'static str {
        match self {
            PropertyType::String => "String",
            PropertyType::Integer => "Integer",
            PropertyType::Number => "Number",
            PropertyType::Boolean => "Boolean",
            PropertyType::List => "List",
            PropertyType::Map => "Map",
            PropertyType::Json => "Json",
            PropertyType::Any => "Any",
        }
    }

    /// Accepts any case: Heat's API writes `string`, its schema `String`.
    pub fn parse(text: &str) -> Option<PropertyType> {
        [
            PropertyType::String,
            PropertyType::Integer,
            PropertyType::Number,
            PropertyType::Boolean,
            PropertyType::List,
            PropertyType::Map,
            PropertyType::Json,
            PropertyType::Any,
        ]
        .into_iter()
        .find(|kind| kind.as_str().eq_ignore_ascii_case(text))
    }
}

/// The kind of a Heat translation rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleKind {
    Add,
    Replace,
    Delete,
    Resolve,
}

impl RuleKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleKind::Add => "Add",
            RuleKind::Replace => "Replace",
            RuleKind::Delete => "Delete",
            RuleKind::Resolve => "Resolve",
        }
    }

    pub fn parse(text: &str) -> Option<RuleKind> {
        [
            RuleKind::Add,
            RuleKind::Replace,
            RuleKind::Delete,
            RuleKind::Resolve,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == text)
    }
}
