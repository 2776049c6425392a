//! Helpers shared by the export's tests: YAML to JSON, ORC's CRDs.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use heatwise_core::syntax::{self, NodeId, Resolved, Tree};
use serde_json::{Map, Value};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

pub fn to_json(tree: &Tree, node: NodeId) -> Value {
    if tree.is_mapping(node) {
        let mut map = Map::new();
        for entry in tree.entries(node) {
            let key = tree.scalar(entry.key).expect("keys are scalars").to_owned();
            map.insert(key, to_json(tree, entry.value));
        }
        Value::Object(map)
    } else if tree.is_sequence(node) {
        Value::Array(tree.items(node).iter().map(|&n| to_json(tree, n)).collect())
    } else {
        match tree.resolve(node).expect("values are scalars") {
            Resolved::Null => Value::Null,
            Resolved::Bool(b) => Value::Bool(b),
            Resolved::Int(i) => Value::from(i.expect("integers fit")),
            Resolved::Float(f) => Value::from(f),
            Resolved::Timestamp(s) | Resolved::Str(s) => Value::String(s.to_owned()),
        }
    }
}

pub fn crd_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("crds"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    files
}

/// Each CRD as JSON, by kind.
pub fn crds() -> BTreeMap<String, Value> {
    let mut kinds = BTreeMap::new();
    for path in crd_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let tree = syntax::parse(&text);
        assert!(
            tree.errors().is_empty(),
            "{}: {:?}",
            path.display(),
            tree.errors()
        );
        let crd = to_json(&tree, tree.root().unwrap());
        let kind = crd["spec"]["names"]["kind"].as_str().unwrap().to_owned();
        kinds.insert(kind, crd);
    }
    kinds
}

/// Validators of each kind's whole object, from its CRD's
/// `openAPIV3Schema`, by an independent JSON Schema implementation.
pub struct CrdValidators {
    validators: BTreeMap<String, jsonschema::Validator>,
}

impl CrdValidators {
    pub fn new() -> Self {
        let validators = crds()
            .into_iter()
            .map(|(kind, crd)| {
                let schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"].clone();
                let validator = jsonschema::options()
                    .should_validate_formats(true)
                    .build(&schema)
                    .unwrap_or_else(|e| panic!("{kind}: {e}"));
                (kind, validator)
            })
            .collect();
        Self { validators }
    }

    /// Every problem of a manifest (empty when valid). A Secret is checked
    /// for the shapes the exporter gives it: one string under the key ORC
    /// reads, `value` for user data and `password` for a user's password.
    pub fn problems(&self, manifest: &Value) -> Vec<String> {
        let kind = manifest["kind"].as_str().unwrap();
        if kind == "Secret" {
            let data = manifest["stringData"].as_object();
            let ok = manifest["apiVersion"] == "v1"
                && data.is_some_and(|data| {
                    data.len() == 1
                        && ["value", "password"]
                            .iter()
                            .any(|key| data.get(*key).is_some_and(Value::is_string))
                });
            return if ok {
                Vec::new()
            } else {
                vec![format!("bad Secret {manifest}")]
            };
        }
        let mut problems: Vec<String> = self.validators[kind]
            .iter_errors(manifest)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        if manifest["apiVersion"] != "openstack.k-orc.cloud/v1alpha1" {
            problems.push("wrong apiVersion".into());
        }
        let name = manifest["metadata"]["name"].as_str().unwrap_or_default();
        if !heatwise_orc::is_valid_name(name) {
            problems.push(format!("invalid name {name}"));
        }
        problems
    }
}

/// Checks every manifest against its CRD, and that the YAML and JSON
/// outputs say the same.
pub fn check_output(export: &heatwise_orc::Export, validators: &CrdValidators, label: &str) {
    let json: Value = serde_json::from_str(&heatwise_orc::render::json(export)).unwrap();
    let items = json["items"].as_array().unwrap();
    assert_eq!(items.len(), export.objects.len());
    for item in items {
        let problems = validators.problems(item);
        assert!(problems.is_empty(), "{label}: {item}\n{problems:#?}");
    }
    let present: Vec<(&str, &str)> = (items.iter())
        .map(|item| {
            (
                item["kind"].as_str().unwrap(),
                item["metadata"]["name"].as_str().unwrap(),
            )
        })
        .collect();
    for item in items {
        let mut references = Vec::new();
        references_in(&item["spec"], None, &mut references);
        for (kind, name) in references {
            assert!(
                present.contains(&(kind, name)),
                "{label}: the {} {} refers to the {kind} {name}, which the output lacks",
                item["kind"].as_str().unwrap(),
                item["metadata"]["name"].as_str().unwrap(),
            );
        }
    }
    let yaml = heatwise_orc::render::yaml(export);
    let documents = heatwise_orc::render::documents(&yaml);
    assert_eq!(documents.len(), items.len(), "{label}");
    for (document, item) in documents.iter().zip(items) {
        let tree = syntax::parse(document);
        assert!(tree.errors().is_empty(), "{label}: {document}");
        assert_eq!(
            &to_json(&tree, tree.root().unwrap()),
            item,
            "{label}: the YAML reads back differently"
        );
    }
}

/// The objects a spec names: each `...Ref` field and `...Refs` list, with
/// the kind ORC's CRDs say it names. Not a reference: `cloudCredentialsRef`
/// (the credentials' Secret, which the user makes) and a user's
/// `passwordRef` (the user's own Secret).
fn references_in<'v>(
    value: &'v Value,
    key: Option<&str>,
    found: &mut Vec<(&'static str, &'v str)>,
) {
    match value {
        Value::Object(entries) => {
            for (k, v) in entries {
                references_in(v, Some(k), found);
            }
        }
        Value::Array(items) => {
            for item in items {
                references_in(item, key.filter(|k| k.ends_with("Refs")), found);
            }
        }
        Value::String(name) => {
            let Some(stem) = key.and_then(|k| k.strip_suffix("Refs").or(k.strip_suffix("Ref")))
            else {
                return;
            };
            let kind = match stem {
                "network" | "floatingNetwork" => "Network",
                "subnet" | "floatingSubnet" => "Subnet",
                "router" => "Router",
                "port" => "Port",
                "securityGroup" => "SecurityGroup",
                "image" => "Image",
                "flavor" => "Flavor",
                "keypair" => "KeyPair",
                "volume" => "Volume",
                "volumeType" => "VolumeType",
                "serverGroup" => "ServerGroup",
                "server" => "Server",
                "project" | "defaultProject" => "Project",
                "domain" => "Domain",
                "service" => "Service",
                "user" => "User",
                "role" => "Role",
                "secret" => "Secret",
                "password" => return,
                other => panic!("a reference field {other}Ref this check does not know"),
            };
            found.push((kind, name));
        }
        _ => {}
    }
}

/// A stack's files, read from disk by their `file://` URLs; nothing
/// remote.
pub struct Disk;

impl heatwise_core::stack::FileProvider for Disk {
    fn read(
        &self,
        url: &str,
    ) -> Result<heatwise_core::stack::Content, heatwise_core::stack::ReadError> {
        use heatwise_core::stack::{Content, ReadError};
        let path = url.strip_prefix("file://").ok_or(ReadError::Remote)?;
        match std::fs::read(path) {
            Ok(bytes) => Ok(String::from_utf8(bytes).map_or(Content::Binary, Content::Text)),
            Err(_) => Err(ReadError::NotFound),
        }
    }
}
