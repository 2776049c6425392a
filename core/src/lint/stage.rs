//! Where Heat refuses what an error finds: python-heatclient before it
//! sends anything, Heat's validation before it creates anything, or the
//! create itself, after the resources that come first exist. Judged
//! against Heat 27.0.1 and python-heatclient 5.3.0: `cli/tests/verdicts.rs`
//! sends the cases to a real Heat, the create's among them, and
//! hands the client's cases to heatclient itself.

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

    /// The stage `as_str` names.
    pub fn parse(name: &str) -> Option<Stage> {
        [Stage::Client, Stage::Validate, Stage::Create]
            .into_iter()
            .find(|stage| stage.as_str() == name)
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

#[cfg(test)]
mod tests {
    use crate::lint::{Rule, Severity};

    #[test]
    fn every_rule_that_reports_errors_says_where_heat_refuses_and_no_other_does() {
        for &rule in Rule::ALL {
            let refuses = rule.severity() == Severity::Error || rule == Rule::UnknownNestedOutput;
            assert_eq!(rule.stage().is_some(), refuses, "{}", rule.code());
        }
    }
}
