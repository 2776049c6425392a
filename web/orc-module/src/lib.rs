//! The editor's ORC view, computed: the settings checked, the document
//! exported (`heatwise_orc::export`), and what the view shows as JSON with
//! positions in the editor's UTF-16 offsets.
//!
//! A module of its own so that the export (its mapping and ORC's CRD
//! schemas, about 120 KB gzipped) loads only when someone opens the view,
//! not with every page.

use heatwise_core::text::Positions;
use heatwise_orc::request::Environment;
use heatwise_orc::{Credentials, OptionField, OptionProblem, Place, Request};
use serde_json::{json, Value};

/// What the view's settings hold: `--namespace`, `--credentials` and the
/// `-P` values of `heatwise orc`.
pub struct Settings<'a> {
    pub namespace: &'a str,
    pub secret_name: &'a str,
    pub cloud_name: &'a str,
    /// `NAME=VALUE` per line; blank lines and `#` comments are skipped.
    pub parameters: &'a str,
    /// A running stack's resources, for a hand-over: the JSON of
    /// `openstack stack resource list --nested-depth 5 --long -f json`
    /// (`--stack-resources`); blank for a new export.
    pub stack_resources: &'a str,
}

/// The request the view's settings and stack make, or the settings'
/// lines that are not `NAME=VALUE`.
fn request(text: &str, settings: &Settings<'_>, stack: &ViewStack<'_>) -> (Request, Vec<String>) {
    let mut lines = Vec::new();
    let mut parameters = Vec::new();
    for (index, line) in settings.parameters.lines().enumerate() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                parameters.push((name.trim().to_owned(), value.to_owned()));
            }
            _ => lines.push(format!(
                "Parameters, line {}: write NAME=VALUE (for example image=cirros).",
                index + 1
            )),
        }
    }
    let request = Request {
        template: text.to_owned(),
        path: (!stack.root.is_empty()).then(|| stack.root.to_owned()),
        namespace: settings.namespace.to_owned(),
        credentials: Credentials {
            secret_name: settings.secret_name.to_owned(),
            cloud_name: settings.cloud_name.to_owned(),
        },
        parameters,
        environments: (stack.environments.iter())
            .map(|(path, text)| Environment::File {
                path: (*path).to_owned(),
                text: (*text).to_owned(),
            })
            .collect(),
        files: (stack.files.iter())
            .map(|(path, text)| ((*path).to_owned(), (*text).to_owned()))
            .collect(),
        stack_resources: Some(settings.stack_resources.to_owned()),
    };
    (request, lines)
}

/// What to correct in the settings, in the order the form shows them.
fn problems(found: &[OptionProblem], lines: Vec<String>) -> Vec<String> {
    let said = |problem: &OptionProblem| {
        let setting = match problem.field {
            OptionField::Namespace => "Namespace",
            OptionField::SecretName => "Secret",
            OptionField::CloudName => "Cloud",
            OptionField::Parameter => "Parameters:",
            OptionField::StackResources => {
                return format!("Running stack's resources: {}.", problem.says)
            }
            // The folder's files: more than the export takes.
            OptionField::Environments | OptionField::Files => "Folder:",
        };
        if problem.value.is_empty() {
            format!("{setting} {}.", problem.says)
        } else {
            format!("{setting} {:?} {}.", problem.value, problem.says)
        }
    };
    let (last, first): (Vec<_>, Vec<_>) = found
        .iter()
        .partition(|p| p.field == OptionField::StackResources);
    (first.into_iter().map(said))
        .chain(lines)
        .chain(last.into_iter().map(said))
        .collect()
}

/// The stack the document is the root of, from the folder open beside it:
/// paths relative to the folder.
#[derive(Default)]
pub struct ViewStack<'a> {
    /// The document's own path in the folder.
    pub root: &'a str,
    /// The environments, in order, as `-e` gives them: path and text.
    pub environments: Vec<(&'a str, &'a str)>,
    /// Every other file the stack may reach (its nested templates).
    pub files: Vec<(&'a str, &'a str)>,
}

/// The view of `text` exported with `settings` and its `stack` (its
/// environments and nested templates): `{"problems": [text]}` when the
/// settings cannot make an export, otherwise `{"yaml", "objects": [[kind,
/// name]], "findings": [{code, name, severity, message, from, to, line,
/// column, file?}], "plan"}` with `plan` as `heatwise orc --plan` prints
/// it; `from` and `to` in UTF-16 offsets, `line` and `column` 1-based, in
/// the template or, with `file`, in that file of the folder.
pub fn export_view(text: &str, settings: &Settings<'_>, stack: &ViewStack<'_>) -> Value {
    let (request, lines) = request(text, settings, stack);
    let answer = match heatwise_orc::answer(&request) {
        Ok(answer) if lines.is_empty() => answer,
        Ok(_) => return json!({ "problems": lines }),
        Err(found) => return json!({ "problems": problems(&found, lines) }),
    };
    let export = &answer.export;
    let findings: Vec<Value> = (export.findings.iter())
        .map(|finding| {
            let (place, written) = answer.place(finding);
            let at = Positions::new(written).location(finding.range);
            let mut out = json!({
                "code": finding.code.as_str(),
                "name": finding.code.name(),
                "severity": finding.severity().as_str(),
                "message": finding.message,
                "from": at.from,
                "to": at.to,
                "line": at.line,
                "column": at.column,
            });
            match place {
                Place::Template => {}
                Place::Environment(index) => out["file"] = json!(stack.environments[index].0),
                Place::File(path) => out["file"] = json!(path),
            }
            out
        })
        .collect();
    let objects: Vec<[&str; 2]> = (export.objects.iter())
        .map(|object| [object.kind.as_str(), object.name.as_str()])
        .collect();
    json!({
        "yaml": heatwise_orc::render::yaml(export),
        "objects": objects,
        "findings": findings,
        "plan": heatwise_orc::render::plan(export),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETTINGS: Settings<'static> = Settings {
        namespace: "default",
        secret_name: "openstack-clouds",
        cloud_name: "openstack",
        parameters: "",
        stack_resources: "",
    };

    #[test]
    fn settings_problems_are_listed_together() {
        let settings = Settings {
            namespace: "Not_A_Namespace",
            cloud_name: "",
            parameters: "image=cirros\n\n# a comment\nflavor\n",
            ..SETTINGS
        };
        let view = export_view("{}", &settings, &ViewStack::default());
        let problems = view["problems"].as_array().expect("problems");
        assert_eq!(problems.len(), 3, "{view}");
        assert!(problems[0]
            .as_str()
            .unwrap()
            .starts_with("Namespace \"Not_A_Namespace\""));
        assert!(problems[2].as_str().unwrap().contains("line 4"), "{view}");
    }

    #[test]
    fn findings_are_placed_in_utf16_offsets() {
        // `é` is two bytes and one UTF-16 unit: the offsets must count it
        // once.
        let text = "heat_template_version: 2018-08-31\n# é\nresources:\n  value:\n    type: OS::Heat::Value\n    properties: {value: 1}\n  net:\n    type: OS::Neutron::Net\n";
        let view = export_view(text, &SETTINGS, &ViewStack::default());
        assert_eq!(view["objects"], json!([["Network", "net"]]), "{view}");
        let plan = view["plan"].as_str().unwrap();
        assert!(plan.contains("wave 1: Network net"), "{plan}");
        let finding = &view["findings"][0];
        assert_eq!(finding["code"], "ORC001", "{view}");
        let from = finding["from"].as_u64().unwrap() as usize;
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let at = String::from_utf16(&utf16[from..]).unwrap();
        assert!(
            at.starts_with("OS::Heat::Value") || at.starts_with("value"),
            "{at}"
        );
        assert_eq!(finding["line"], 5);
        assert!(view["yaml"].as_str().unwrap().contains("kind: Network"));
        assert!(plan.contains("Heat's wave 1: value, net"), "{plan}");
    }

    #[test]
    fn parameters_reach_the_export() {
        let text = "heat_template_version: 2018-08-31\nparameters:\n  net_name: {type: string}\nresources:\n  net:\n    type: OS::Neutron::Net\n    properties: {name: {get_param: net_name}}\n";
        let missing = export_view(text, &SETTINGS, &ViewStack::default());
        assert_eq!(missing["findings"][0]["code"], "ORC004", "{missing}");
        let given = export_view(
            text,
            &Settings {
                parameters: "net_name=private",
                ..SETTINGS
            },
            &ViewStack::default(),
        );
        assert_eq!(given["findings"], json!([]), "{given}");
        assert!(given["yaml"].as_str().unwrap().contains("name: private"));
        // An environment of the stack gives the value; what it says that
        // the export cannot take is placed in it.
        let environments = [
            ("env/net.yaml", "parameter_defaults:\n  net_name: public\n"),
            (
                "env/broken.yaml",
                "parameter_defaults:\n  other: [unclosed\n",
            ),
        ];
        let stack = ViewStack {
            root: "main.yaml",
            environments: environments.to_vec(),
            files: Vec::new(),
        };
        let from_env = export_view(text, &SETTINGS, &stack);
        assert!(
            from_env["yaml"].as_str().unwrap().contains("name: public"),
            "{from_env}"
        );
        let placed: Vec<&Value> = (from_env["findings"].as_array().unwrap().iter())
            .filter(|f| f["file"] == "env/broken.yaml")
            .collect();
        assert_eq!(placed.len(), 1, "{from_env}");
        assert_eq!(placed[0]["code"], "ORC008", "{from_env}");
    }

    #[test]
    fn nested_templates_of_the_folder_are_expanded() {
        let root =
            "heat_template_version: 2018-08-31\nresources:\n  app:\n    type: lib/app.yaml\n";
        let app = "heat_template_version: 2018-08-31\nparameters:\n  name: {type: string}\nresources:\n  net:\n    type: OS::Neutron::Net\n";
        let stack = ViewStack {
            root: "stacks/main.yaml",
            environments: Vec::new(),
            files: vec![("stacks/lib/app.yaml", app)],
        };
        let view = export_view(root, &SETTINGS, &stack);
        assert_eq!(view["objects"], json!([["Network", "app-net"]]), "{view}");
        assert_eq!(view["findings"][0]["file"], "stacks/lib/app.yaml", "{view}");
        assert_eq!(view["findings"][0]["line"], 3, "{view}");
    }

    #[test]
    fn groups_of_nested_templates_two_levels_down_are_expanded() {
        // The stack fixture the export's own tests check against Heat's
        // requests: a cluster holding a group of node templates.
        let stack = ViewStack {
            root: "template.yaml",
            environments: Vec::new(),
            files: vec![
                (
                    "cluster.yaml",
                    include_str!("../../../orc/tests/fixtures/nested_group/cluster.yaml"),
                ),
                (
                    "node.yaml",
                    include_str!("../../../orc/tests/fixtures/nested_group/node.yaml"),
                ),
            ],
        };
        let root = include_str!("../../../orc/tests/fixtures/nested_group/template.yaml");
        let view = export_view(root, &SETTINGS, &stack);
        assert_eq!(view["findings"], json!([]), "{view}");
        let objects = view["objects"].as_array().unwrap();
        for member in [
            "cluster-nodes-0-port",
            "cluster-nodes-1-server",
            "cluster-nodes-1-server-user-data",
        ] {
            assert!(objects.iter().any(|o| o[1] == member), "{member}: {view}");
        }
    }

    #[test]
    fn a_running_stacks_resources_hand_it_over() {
        let text =
            "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n";
        let rows = r#"[{"resource_name": "net", "physical_resource_id": "5f0c5d1e-1111-4c1b-9d7e-000000000001", "resource_type": "OS::Neutron::Net", "resource_status": "CREATE_COMPLETE", "stack_name": "web"}]"#;
        let handed = export_view(
            text,
            &Settings {
                stack_resources: rows,
                ..SETTINGS
            },
            &ViewStack::default(),
        );
        let yaml = handed["yaml"].as_str().unwrap();
        assert!(yaml.contains("managementPolicy: unmanaged"), "{handed}");
        assert!(
            yaml.contains("id: 5f0c5d1e-1111-4c1b-9d7e-000000000001"),
            "{handed}"
        );
        let broken = export_view(
            text,
            &Settings {
                stack_resources: "{}",
                ..SETTINGS
            },
            &ViewStack::default(),
        );
        assert!(
            broken["problems"][0]
                .as_str()
                .unwrap()
                .starts_with("Running stack's resources: not a list"),
            "{broken}"
        );
    }
}
