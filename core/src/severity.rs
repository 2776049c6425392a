//! How much a finding matters: one scale for lint findings and for the
//! catalog's own checks.

use std::fmt;

use serde::Serialize;

/// Ordered: `Error` is the most serious.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub const ALL: [Severity; 3] = [Severity::Error, Severity::Warning, Severity::Info];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }

    pub fn parse(text: &str) -> Option<Severity> {
        Severity::ALL
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(text))
    }

    /// Whether a finding of this severity reaches `threshold` (an error
    /// reaches the warning threshold, an info does not).
    pub fn at_least(self, threshold: Severity) -> bool {
        self <= threshold
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_order_from_most_serious() {
        assert!(Severity::Error.at_least(Severity::Warning));
        assert!(!Severity::Info.at_least(Severity::Warning));
        assert_eq!(Severity::parse("WARNING"), Some(Severity::Warning));
        assert_eq!(Severity::Info.to_string(), "info");
    }
}
