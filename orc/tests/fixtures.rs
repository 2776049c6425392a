//! Data-driven export tests: each `fixtures/<name>.yaml` template (with
//! `<name>.env.yaml` as its environment when there is one, and
//! `<name>.resources.json`, a running stack's resource list, for a
//! hand-over) is exported and
//! compared with `<name>.expected` — findings, plan and manifests —
//! (`HEATWISE_BLESS=1` rewrites it), and every object written is checked
//! against its CRD by an independent JSON Schema validator, and parsed
//! back from the YAML output.

mod common;

use heatwise_core::text::Positions;
use heatwise_orc::{export, render, Credentials, Export, File, Options, StackResources};

fn options(parameters: Vec<(String, String)>) -> Options {
    let credentials = Credentials {
        secret_name: "openstack-clouds".into(),
        cloud_name: "openstack".into(),
    };
    Options::new("demo", credentials, parameters).expect("valid options")
}

fn describe(export: &Export, template: &str, environment: Option<&str>) -> String {
    let mut out = String::from("# findings\n");
    for finding in &export.findings {
        let (text, file) = match finding.file {
            File::Template => (template, "template"),
            File::Environment(_) => (environment.unwrap_or_default(), "environment"),
        };
        let location = Positions::new(text).location(finding.range);
        out.push_str(&format!(
            "{file}:{}:{} {}[{}] {}\n",
            location.line,
            location.column,
            finding.severity().as_str(),
            finding.code.as_str(),
            finding.message
        ));
    }
    out.push_str("\n# plan\n");
    out.push_str(&render::plan(export));
    out.push_str("\n# manifests\n");
    out.push_str(&render::yaml(export));
    out
}

#[test]
fn fixtures() {
    let validators = common::CrdValidators::new();
    let dir = common::root().join("tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".yaml") && !n.ends_with(".env.yaml"))
        .collect();
    names.sort();
    assert!(names.len() >= 8, "{names:?}");
    for name in names {
        let stem = name.trim_end_matches(".yaml");
        let template = std::fs::read_to_string(dir.join(&name)).unwrap();
        let environment = std::fs::read_to_string(dir.join(format!("{stem}.env.yaml"))).ok();
        let environments: Vec<&str> = environment.iter().map(String::as_str).collect();
        // `#! -P name=value` lines give parameters.
        let parameters = template
            .lines()
            .filter_map(|l| l.strip_prefix("#! -P "))
            .map(|line| {
                let (k, v) = line.split_once('=').unwrap();
                (k.into(), v.into())
            })
            .collect();
        let mut options = options(parameters);
        // `<name>.resources.json`: a hand-over of the running stack.
        if let Ok(rows) = std::fs::read_to_string(dir.join(format!("{stem}.resources.json"))) {
            options = options.handing_over(StackResources::read(&rows).expect("a resource list"));
        }
        let result = export(&template, &environments, &options);
        common::check_output(&result, &validators, &name);
        let described = describe(&result, &template, environment.as_deref());
        heatwise_test_support::assert_snapshot(&dir.join(format!("{stem}.expected")), &described);
    }
}
