//! The environments' `resource_registry` against Heat 27.0.1's own
//! `ResourceRegistry`: each case of `fixtures/registry/cases.json` lays its
//! environments over each other and asks for types in order; the answers
//! must be those Heat gave (`cases.heat.json`, recorded by
//! `tools/heat_oracle/record_registry.py`, which says when it is stale).
//! A case with `child` asks of the registry of the nested stack that
//! resource makes (`Registry::for_nested`, Heat's `get_child_environment`).

use std::path::Path;

use heatwise_core::catalog::Catalog;
use heatwise_core::stack::{Registry, Resolution};
use heatwise_core::template;
use serde_json::{json, Value};

#[test]
fn types_resolve_as_heats_registry_resolves_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/registry");
    let cases_bytes = std::fs::read(dir.join("cases.json")).unwrap();
    let cases: Value = serde_json::from_slice(&cases_bytes).unwrap();
    let heat: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("cases.heat.json")).unwrap())
            .unwrap();
    assert_eq!(
        heat["fnv1a64"].as_str(),
        Some(heatwise_test_support::fnv1a64(&cases_bytes).as_str()),
        "cases.json changed since Heat's answers were recorded: run \
         .venv/bin/python tools/heat_oracle/record_registry.py"
    );
    let catalog = Catalog::builtin();
    let known = |name: &str| catalog.resolve_type(name).is_some();
    let cases = cases.as_array().unwrap();
    let answers = heat["cases"].as_array().unwrap();
    assert_eq!(cases.len(), answers.len());
    for (case, recorded) in cases.iter().zip(answers) {
        let texts: Vec<&str> = case["environments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|text| text.as_str().unwrap())
            .collect();
        let environments: Vec<_> = texts.iter().map(|text| template::parse(text)).collect();
        let mut registry = Registry::of(&environments);
        if let Some(child) = case.get("child") {
            // The queries are the nested stack's, made by that resource.
            let (type_name, resource) = (child[0].as_str().unwrap(), child[1].as_str());
            let Resolution::Template(template) = registry.resolve(type_name, resource, &known)
            else {
                panic!("{}: {type_name} is no template", case["name"]);
            };
            registry = registry.for_nested(&template);
        }
        let queries = case["queries"].as_array().unwrap();
        for (query, expected) in queries.iter().zip(recorded["answers"].as_array().unwrap()) {
            let type_name = query[0].as_str().unwrap();
            let resource = query[1].as_str();
            let answer = match registry.resolve(type_name, resource, &known) {
                // Heat names the plugin class an alias of its own leads to.
                Resolution::Type(name) => {
                    let name = catalog
                        .resolve_type(&name)
                        .and_then(|resolution| resolution.resource_type())
                        .map_or(name.to_string(), |resource_type| {
                            resource_type.name().to_owned()
                        });
                    json!({ "type": name })
                }
                Resolution::Template(name) => json!({ "template": &*name }),
                Resolution::NotFound => json!({ "not_found": true }),
                Resolution::Loop => json!({ "loop": true }),
            };
            let expected = match expected.get("not_found") {
                Some(_) => json!({ "not_found": true }),
                None => expected.clone(),
            };
            assert_eq!(
                answer, expected,
                "{}: {type_name} for {resource:?}",
                case["name"]
            );
        }
    }
}

/// The linter reads types through the environments' registry: a type
/// mapped to another is checked as that type, one mapped to a template or
/// to `OS::Heat::None` takes what it is given, and a Heat type mapped onto
/// nothing Heat has is unknown, as Heat says.
#[test]
fn lint_checks_the_type_heat_creates() {
    use heatwise_core::lint::{lint, LintOptions};

    let environment = template::parse(
        "resource_registry:\n  My::Port: OS::Neutron::Port\n  My::Stub: OS::Heat::None\n  My::Nested: nested.yaml\n  \"OS::Neutron::Site*\": \"Site::Neutron::*\"\n",
    );
    let registry = Registry::of([&environment]);
    let text = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: My::Port\n    properties: {network_id: a, bogus: 1}\n  stub:\n    type: My::Stub\n    properties: {anything: 1}\n  nested:\n    type: My::Nested\n    properties: {anything: 1}\n  router:\n    type: OS::Neutron::SiteRouter\noutputs:\n  o: {value: {get_attr: [stub, whatever]}}\n";
    let found = |options: &LintOptions<'_>| -> Vec<String> {
        lint(text, options)
            .iter()
            .map(|d| format!("{} {}", d.code(), d.message))
            .collect()
    };
    let without = found(&LintOptions::new(Catalog::builtin()));
    assert_eq!(
        without,
        ["HW104 unknown resource type `OS::Neutron::SiteRouter`"],
        "without environments, types outside Heat's namespaces are template resources"
    );
    let with = found(&LintOptions {
        registry: Some(&registry),
        ..LintOptions::new(Catalog::builtin())
    });
    assert_eq!(with.len(), 3, "{with:#?}");
    assert!(with[0].starts_with("HW202 `network_id`"), "{with:#?}");
    assert!(
        with[1].starts_with("HW204 `bogus` is not a property of `OS::Neutron::Port`"),
        "{with:#?}"
    );
    assert_eq!(
        with[2],
        "HW104 unknown resource type `OS::Neutron::SiteRouter`"
    );
}
