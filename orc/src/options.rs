//! What an export is asked for: the namespace, the credentials' Secret and
//! cloud, parameter values. Checked once, here, whichever edge (CLI, npm,
//! editor) gathers them: an [`Options`] is valid by construction.

use crate::names::{cloud_name_problem, namespace_problem, secret_name_problem};
use crate::stack_resources::StackResources;

/// Most parameter values one export takes.
pub const MAX_PARAMETERS: usize = 1000;

/// How objects reach OpenStack.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Credentials {
    /// The Secret (in the same namespace) holding `clouds.yaml`.
    pub secret_name: String,
    /// The cloud's entry in it.
    pub cloud_name: String,
}

/// An export's options, valid: made by [`Options::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    namespace: String,
    credentials: Credentials,
    parameters: Vec<(String, String)>,
    /// A hand-over: the running stack's resources, imported by ID instead
    /// of created.
    stack_resources: Option<StackResources>,
}

/// Which option a problem is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionField {
    Namespace,
    SecretName,
    CloudName,
    /// A parameter's name (or, with `value` empty, their number).
    Parameter,
    /// A request's environments (their number).
    Environments,
    /// A request's files: a path, or (with `value` empty) their number.
    Files,
    /// A running stack's resources, for a hand-over.
    StackResources,
}

/// An option the export cannot take: which, what was given, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionProblem {
    pub field: OptionField,
    pub value: String,
    /// What is wrong, to follow the value: "is not a Kubernetes namespace:
    /// a namespace has at most 63 ...".
    pub says: String,
}

impl Options {
    /// Checks each option; every problem found, or the options.
    pub fn new(
        namespace: &str,
        credentials: Credentials,
        parameters: Vec<(String, String)>,
    ) -> Result<Self, Vec<OptionProblem>> {
        let mut problems = Vec::new();
        let mut check = |field, value: &str, problem: Option<&str>, what: &str| {
            if let Some(problem) = problem {
                problems.push(OptionProblem {
                    field,
                    value: value.to_owned(),
                    says: format!("is not {what}: {problem}"),
                });
            }
        };
        check(
            OptionField::Namespace,
            namespace,
            namespace_problem(namespace),
            "a Kubernetes namespace",
        );
        check(
            OptionField::SecretName,
            &credentials.secret_name,
            secret_name_problem(&credentials.secret_name),
            "a Kubernetes Secret name",
        );
        check(
            OptionField::CloudName,
            &credentials.cloud_name,
            cloud_name_problem(&credentials.cloud_name),
            "a cloud's name",
        );
        for (name, _) in &parameters {
            let problem = name.trim().is_empty().then_some("a parameter needs a name");
            check(OptionField::Parameter, name, problem, "a parameter's name");
        }
        if parameters.len() > MAX_PARAMETERS {
            problems.push(OptionProblem {
                field: OptionField::Parameter,
                value: String::new(),
                says: format!("at most {MAX_PARAMETERS} parameter values are taken"),
            });
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Self {
            namespace: namespace.to_owned(),
            credentials,
            parameters,
            stack_resources: None,
        })
    }

    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    pub fn credentials(&self) -> &Credentials {
        &self.credentials
    }

    /// `NAME=VALUE` parameter values, strongest last.
    pub fn parameters(&self) -> &[(String, String)] {
        &self.parameters
    }

    /// A hand-over of the running stack these resources are: every
    /// resource Heat made is imported by its ID, unmanaged, and nothing is
    /// created.
    pub fn handing_over(mut self, resources: StackResources) -> Self {
        self.stack_resources = Some(resources);
        self
    }

    pub fn stack_resources(&self) -> Option<&StackResources> {
        self.stack_resources.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn credentials(secret: &str, cloud: &str) -> Credentials {
        Credentials {
            secret_name: secret.to_owned(),
            cloud_name: cloud.to_owned(),
        }
    }

    #[test]
    fn every_problem_is_reported() {
        let problems = Options::new(
            "Not_A_Namespace",
            credentials("-secret", ""),
            vec![(" ".to_owned(), "x".to_owned())],
        )
        .unwrap_err();
        let fields: Vec<OptionField> = problems.iter().map(|p| p.field).collect();
        assert_eq!(
            fields,
            [
                OptionField::Namespace,
                OptionField::SecretName,
                OptionField::CloudName,
                OptionField::Parameter
            ]
        );
        assert!(problems[0]
            .says
            .starts_with("is not a Kubernetes namespace: "));
        let many = vec![("p".to_owned(), "v".to_owned()); MAX_PARAMETERS + 1];
        assert_eq!(
            Options::new("ns", credentials("s", "c"), many)
                .unwrap_err()
                .len(),
            1
        );
        let options = Options::new("ns", credentials("s", "c"), vec![]).expect("valid");
        assert_eq!(options.namespace(), "ns");
    }
}
