//! One entry to the export for the edges that hold a stack's texts (the JS
//! API's `toOrc`, the editor's ORC view): a [`Request`] as they receive it,
//! deserialised with serde, checked once, and answered with the export and
//! each finding's place. The edges only convert: JSON in, positions and
//! JSON out. (`heatwise orc` reads its files from disk as it finds them
//! and makes its [`Options`] from its flags.)

use std::collections::BTreeMap;

use heatwise_core::stack::{url, Stack, Texts};
use serde::{Deserialize, Deserializer};

use crate::export::{export_stack, Export};
use crate::finding::{File, Finding};
use crate::options::{Credentials, OptionField, OptionProblem, Options};
use crate::stack_resources::StackResources;

/// Most environments one request takes.
pub const MAX_ENVIRONMENTS: usize = 32;
/// Most files (nested templates, `get_file` targets) one request takes.
pub const MAX_FILES: usize = 1000;

/// Where a request's texts are, for the stack's URLs: one folder, as
/// heatclient would find them on disk.
const FOLDER: &str = "file:///stack/";

/// An export asked for: the stack's texts and the export's settings.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Request {
    /// The template's text (given apart from the settings by every edge).
    #[serde(skip)]
    pub template: String,
    /// The template's path in the folder (`template.yaml` when `None`).
    #[serde(skip)]
    pub path: Option<String>,
    /// The Kubernetes namespace of every object.
    pub namespace: String,
    /// Every object's `spec.cloudCredentialsRef`.
    pub credentials: Credentials,
    /// `-P` values by name, stronger than the environments'.
    #[serde(default, deserialize_with = "by_name")]
    pub parameters: Vec<(String, String)>,
    /// The environments, in order, as `-e` gives them.
    #[serde(default, deserialize_with = "or_none")]
    pub environments: Vec<Environment>,
    /// The stack's other files (nested templates, `get_file` targets) by
    /// their paths in the folder, which the template's are relative to.
    #[serde(default, deserialize_with = "or_none")]
    pub files: BTreeMap<String, String>,
    /// A running stack's resources for a hand-over: the JSON of `openstack
    /// stack resource list --nested-depth 5 --long -f json`.
    #[serde(default)]
    pub stack_resources: Option<String>,
}

/// An environment: its text alone (beside the template, as
/// `environment-<n>.yaml`), or a file of the folder.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Environment {
    Text(String),
    File { path: String, text: String },
}

/// A list or map that may be written `null` (as JavaScript leaves an
/// option out): none.
fn or_none<'de, D: Deserializer<'de>, T: Default + Deserialize<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Parameter values written as a map of names to texts.
fn by_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<(String, String)>, D::Error> {
    let map = Option::<BTreeMap<String, String>>::deserialize(deserializer)?;
    Ok(map.unwrap_or_default().into_iter().collect())
}

/// The export of a request, with the stack it was made from.
pub struct Answer {
    pub stack: Stack,
    pub export: Export,
}

/// The file a finding is in, as the request named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place<'a> {
    Template,
    /// The environment at this index of the request's.
    Environment(usize),
    /// A file of the folder, by its path there.
    File(&'a str),
}

impl Answer {
    /// Where `finding` is: its file, and that file's text (which its range
    /// is in).
    pub fn place(&self, finding: &Finding) -> (Place<'_>, &str) {
        let id = match finding.file {
            File::Template => 0,
            File::Environment(index) => self.stack.environments().nth(index).unwrap_or(0),
            File::Nested(id) => id,
        };
        let file = &self.stack.files[id];
        let place = match finding.file {
            File::Template => Place::Template,
            File::Environment(index) => Place::Environment(index),
            File::Nested(_) => Place::File(file.url.strip_prefix(FOLDER).unwrap_or(&file.url)),
        };
        (place, &file.text)
    }
}

impl Request {
    /// The export's options, or every setting it cannot take.
    pub fn options(&self) -> Result<Options, Vec<OptionProblem>> {
        let problem = |field, value: &str, says: String| OptionProblem {
            field,
            value: value.to_owned(),
            says,
        };
        let mut problems = Vec::new();
        if self.environments.len() > MAX_ENVIRONMENTS {
            let says = format!("at most {MAX_ENVIRONMENTS} environments are taken");
            problems.push(problem(OptionField::Environments, "", says));
        }
        if self.files.len() > MAX_FILES {
            let says = format!("at most {MAX_FILES} files are taken");
            problems.push(problem(OptionField::Files, "", says));
        }
        for path in self.files.keys() {
            if path.is_empty() || path.starts_with('/') || path.contains(':') {
                let says = "is not a path relative to the template".to_owned();
                problems.push(problem(OptionField::Files, path, says));
            }
        }
        let rows = match self.stack_resources.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(json) => match StackResources::read(json) {
                Ok(rows) => Some(rows),
                Err(why) => {
                    problems.push(problem(OptionField::StackResources, "", why));
                    None
                }
            },
        };
        let options = Options::new(
            &self.namespace,
            self.credentials.clone(),
            self.parameters.clone(),
        );
        match options {
            Ok(options) if problems.is_empty() => Ok(match rows {
                Some(rows) => options.handing_over(rows),
                None => options,
            }),
            Ok(_) => Err(problems),
            Err(mut found) => {
                found.append(&mut problems);
                Err(found)
            }
        }
    }
}

/// The export a request asks for, with its stack gathered from the
/// request's texts as `heatwise orc` gathers one from disk; or every
/// setting the export cannot take.
pub fn answer(request: &Request) -> Result<Answer, Vec<OptionProblem>> {
    let options = request.options()?;
    let base = format!("{FOLDER}template.yaml");
    let url = |path: &str| url::join(&base, path);
    let root = url(request.path.as_deref().unwrap_or("template.yaml"));
    let mut texts: std::collections::HashMap<String, String> = (request.files.iter())
        .map(|(path, text)| (url(path), text.clone()))
        .collect();
    texts.insert(root.clone(), request.template.clone());
    let mut environments = Vec::with_capacity(request.environments.len());
    for (index, environment) in request.environments.iter().enumerate() {
        let (at, text) = match environment {
            Environment::Text(text) => (url(&format!("environment-{index}.yaml")), text),
            Environment::File { path, text } => (url(path), text),
        };
        texts.insert(at.clone(), text.clone());
        environments.push(at);
    }
    let stack = Stack::gather(&root, &environments, &Texts(texts));
    let export = export_stack(&stack, &options);
    Ok(Answer { stack, export })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str, template: &str) -> Request {
        let mut request: Request = serde_json::from_str(json).expect("a request");
        request.template = template.to_owned();
        request
    }

    #[test]
    fn a_request_is_answered_with_each_finding_in_its_file() {
        let template =
            "heat_template_version: 2018-08-31\nresources:\n  app:\n    type: nested/app.yaml\n";
        let app = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources:\n  data:\n    type: OS::Cinder::Volume\n    properties: {size: {get_param: size}}\n";
        let json = serde_json::json!({
            "namespace": "apps",
            "credentials": {"secretName": "clouds", "cloudName": "openstack"},
            "environments": ["parameter_defaults:\n  size: 2\n", {"path": "env/broken.yaml", "text": "parameter_defaults: [\n"}],
            "files": {"nested/app.yaml": app},
        });
        let answer = answer(&request(&json.to_string(), template)).expect("valid settings");
        assert_eq!(answer.export.objects[0].name, "app-data");
        let places: Vec<Place<'_>> = (answer.export.findings.iter())
            .map(|f| answer.place(f).0)
            .collect();
        assert_eq!(
            places,
            [Place::Environment(1)],
            "{:?}",
            answer.export.findings
        );
    }

    #[test]
    fn every_setting_the_export_cannot_take_is_said() {
        let json = serde_json::json!({
            "namespace": "Not A Namespace",
            "credentials": {"secretName": "s", "cloudName": "c"},
            "files": {"/etc/app.yaml": ""},
            "stackResources": "{}",
        });
        let problems = answer(&request(&json.to_string(), ""))
            .err()
            .expect("refused");
        let fields: Vec<OptionField> = problems.iter().map(|p| p.field).collect();
        assert_eq!(
            fields,
            [
                OptionField::Namespace,
                OptionField::Files,
                OptionField::StackResources
            ]
        );
        // JavaScript's left-out options arrive as null.
        let nulls = r#"{"namespace": "a", "credentials": {"secretName": "s", "cloudName": "c"}, "parameters": null, "environments": null, "files": null, "stackResources": null}"#;
        assert!(serde_json::from_str::<Request>(nulls).is_ok());
        let unknown = serde_json::from_str::<Request>(
            r#"{"namespace": "a", "credentials": {"secretName": "s", "cloudName": "c"}, "colour": 1}"#,
        );
        assert!(unknown
            .unwrap_err()
            .to_string()
            .contains("unknown field `colour`"));
    }
}
