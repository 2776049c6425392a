//! Data-driven export tests: each `fixtures/<name>.yaml` template (with
//! `<name>.env.yaml` as its environment when there is one, and
//! `<name>.resources.json`, a running stack's resource list, for a
//! hand-over), and each stack `fixtures/<name>/` (`template.yaml`, with
//! `env.yaml` and `resources.json` when there are, and the nested
//! templates they name) is exported and
//! compared with `<name>.expected` — findings, plan and manifests —
//! (`HEATWISE_BLESS=1` rewrites it), and every object written is checked
//! against its CRD by an independent JSON Schema validator, and parsed
//! back from the YAML output.

mod common;

use std::path::Path;

use common::Disk;
use heatwise_core::stack::Stack;
use heatwise_core::text::Positions;
use heatwise_orc::{
    export, export_stack, render, Credentials, Export, File, Options, StackResources,
};

fn options(parameters: Vec<(String, String)>) -> Options {
    let credentials = Credentials {
        secret_name: "openstack-clouds".into(),
        cloud_name: "openstack".into(),
    };
    Options::new("demo", credentials, parameters).expect("valid options")
}

/// `#! -P name=value` lines of a template give parameters.
fn parameters(template: &str) -> Vec<(String, String)> {
    template
        .lines()
        .filter_map(|l| l.strip_prefix("#! -P "))
        .map(|line| {
            let (k, v) = line.split_once('=').unwrap();
            (k.into(), v.into())
        })
        .collect()
}

/// The options of an export of a fixture, a hand-over when `resources`
/// (a running stack's resource list) is there.
fn options_for(template: &str, resources: &Path) -> Options {
    let options = options(parameters(template));
    match std::fs::read_to_string(resources) {
        Ok(rows) => options.handing_over(StackResources::read(&rows).expect("a resource list")),
        Err(_) => options,
    }
}

/// The findings, the plan and the manifests; `file` gives a finding's
/// file's text and the name it is shown by.
fn describe<'f>(export: &Export, file: impl Fn(File) -> (&'f str, String)) -> String {
    let mut out = String::from("# findings\n");
    for finding in &export.findings {
        let (text, file) = file(finding.file);
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
        let options = options_for(&template, &dir.join(format!("{stem}.resources.json")));
        let result = export(&template, &environments, &options);
        common::check_output(&result, &validators, &name);
        let described = describe(&result, |file| match file {
            File::Template => (template.as_str(), "template".to_owned()),
            _ => (
                environment.as_deref().unwrap_or_default(),
                "environment".to_owned(),
            ),
        });
        heatwise_test_support::assert_snapshot(&dir.join(format!("{stem}.expected")), &described);
    }
}

/// Stacks of nested templates, each a directory: exported from its files
/// as `heatwise orc` gathers them, findings shown in the file they are in.
#[test]
fn stack_fixtures() {
    let validators = common::CrdValidators::new();
    let dir = common::root().join("tests/fixtures");
    let mut stacks: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| path.join("template.yaml").is_file())
        .collect();
    stacks.sort();
    assert!(!stacks.is_empty(), "no stack fixtures in {}", dir.display());
    for stack_dir in stacks {
        let url = |name: &str| format!("file://{}", stack_dir.join(name).display());
        let environments: Vec<String> = ["env.yaml"]
            .into_iter()
            .filter(|name| stack_dir.join(name).is_file())
            .map(url)
            .collect();
        let stack = Stack::gather(&url("template.yaml"), &environments, &Disk);
        assert!(stack.unread.is_empty(), "{:?}", stack.unread);
        let template = &stack.files[0].text;
        let options = options_for(template, &stack_dir.join("resources.json"));
        let result = export_stack(&stack, &options);
        let label = stack_dir
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        common::check_output(&result, &validators, &label);
        let prefix = format!("file://{}/", stack_dir.display());
        let environment_ids: Vec<usize> = stack.environments().collect();
        let described = describe(&result, |file| {
            let id = match file {
                File::Template => 0,
                File::Environment(n) => environment_ids[n],
                File::Nested(id) => id,
            };
            let file = &stack.files[id];
            let shown = file.url.strip_prefix(&prefix).unwrap_or(&file.url);
            (&*file.text, shown.to_owned())
        });
        heatwise_test_support::assert_snapshot(&stack_dir.join("expected"), &described);
    }
}
