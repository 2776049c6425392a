//! A cloud scan's report opened in the page: told from a template, shown
//! as stacks by project, a chart of uses by release, and each stack's
//! findings; the state opens it in its own tab.

use std::rc::Rc;

use heatwise_web::components::{CloudPanel, CloudPanelProps};
use heatwise_web::scan::{by_release, ScanReport};
use heatwise_web::state::{SidePanelTab, Workspace, WorkspaceAction};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::Reducible;

use crate::support::{rendered, texts, Host};

/// What `heatwise scan --all-projects --format json` wrote of two stacks.
const REPORT: &str = r#"{
  "stacks": [
    {"project": "alpha", "project_id": "a1", "name": "random", "id": "1", "status": "CREATE_COMPLETE", "findings": []},
    {"project": "beta", "project_id": "b2", "name": "network", "id": "2", "status": "ADOPT_COMPLETE", "findings": [
      {"path": "template.yaml", "code": "HW202", "name": "hidden-property", "severity": "warning",
       "message": "`network_id` is HIDDEN since 5.0.0 (Liberty)", "line": 13, "column": 9}]}
  ],
  "summary": {"stacks": 2,
    "projects": [
      {"project": "alpha", "stacks": 1, "errors": 0, "warnings": 0, "info": 0, "statuses": {"CREATE_COMPLETE": 1}},
      {"project": "beta", "stacks": 1, "errors": 0, "warnings": 1, "info": 0, "statuses": {"ADOPT_COMPLETE": 1}}],
    "usages": [
      {"subject": "OS::Neutron::Port.network_id", "kind": "property", "status": "HIDDEN",
       "lifecycle": ["hidden since Liberty (5.0.0): Use property network.", "deprecated since Juno (2014.2)"], "stacks": 1, "uses": 2},
      {"subject": "OS::Nova::FloatingIP", "kind": "resource type", "status": "HIDDEN",
       "lifecycle": ["hidden since Rocky (11.0.0): Please use OS::Neutron::FloatingIP instead."], "stacks": 1, "uses": 1}]}
}"#;

#[wasm_bindgen_test]
fn a_report_is_told_from_a_template() {
    let report = ScanReport::read(REPORT).unwrap();
    assert_eq!(report.stacks.len(), 2);
    assert_eq!(
        by_release(&report.summary.usages),
        [
            ("hidden since Liberty (5.0.0)".to_owned(), 2),
            ("hidden since Rocky (11.0.0)".to_owned(), 1)
        ]
    );
    assert!(ScanReport::read("{\"heat_template_version\": \"2018-08-31\"}").is_none());
    assert!(ScanReport::read("heat_template_version: 2018-08-31\n").is_none());
}

#[wasm_bindgen_test]
async fn the_dashboard_shows_projects_uses_and_findings() {
    let host = Host::new();
    let props = CloudPanelProps {
        report: Some(Rc::new(ScanReport::read(REPORT).unwrap())),
    };
    yew::Renderer::<CloudPanel>::with_root_and_props(host.0.clone(), props).render();
    rendered().await;
    assert_eq!(texts(&host.0, ".cloud-title"), ["2 stacks in 2 projects"]);
    assert_eq!(
        texts(&host.0, ".cloud-projects tbody td:first-child"),
        ["alpha", "beta"]
    );
    assert_eq!(
        texts(&host.0, ".cloud-bar-label"),
        [
            "hidden since Liberty (5.0.0)",
            "hidden since Rocky (11.0.0)"
        ]
    );
    let findings = texts(&host.0, ".cloud-finding");
    assert_eq!(findings.len(), 1);
    assert!(
        findings[0].starts_with("HW202 template.yaml:13"),
        "{findings:?}"
    );
}

#[wasm_bindgen_test]
fn opening_a_report_shows_it_in_the_cloud_tab() {
    let workspace = Rc::new(Workspace::open(
        "heat_template_version: 2018-08-31\n".into(),
    ));
    let report = Rc::new(ScanReport::read(REPORT).unwrap());
    let next = workspace.reduce(WorkspaceAction::ScanOpened(report.clone()));
    assert_eq!(next.side_panel, SidePanelTab::Cloud);
    assert_eq!(next.scan, Some(report));
    // The document is left as it was.
    assert_eq!(&*next.document, "heat_template_version: 2018-08-31\n");
}
