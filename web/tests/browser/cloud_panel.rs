//! A cloud scan's report opened in the page: told from a template, shown
//! as stacks by project, a chart of uses by release, and each stack's
//! findings; the state opens it in its own tab.

use std::rc::Rc;

use heatwise_web::components::{CloudPanel, CloudPanelProps};
use heatwise_web::scan::{by_release, ScanReport};
use heatwise_web::state::{PanelAction, SidePanelTab, Workspace, WorkspaceAction};
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

/// What a real `heatwise scan --format json` wrote (`cli/tests/scan.rs`
/// keeps it): read whole, every stack, finding, project and usage.
const REAL_SCAN: &str = include_str!("../../../tests/contracts/scan.json");

#[wasm_bindgen_test]
fn the_report_a_real_scan_writes_is_read_whole() {
    let report = ScanReport::read(REAL_SCAN).expect("the scan's report reads");
    let raw: serde_json::Value = serde_json::from_str(REAL_SCAN).unwrap();
    let text = |value: &serde_json::Value| value.as_str().unwrap().to_owned();
    let stacks = raw["stacks"].as_array().unwrap();
    assert_eq!(report.stacks.len(), stacks.len());
    assert!(stacks
        .iter()
        .any(|s| !s["findings"].as_array().unwrap().is_empty()));
    for (read, written) in report.stacks.iter().zip(stacks) {
        assert_eq!(read.project, text(&written["project"]));
        assert_eq!(read.name, text(&written["name"]));
        assert_eq!(read.id, text(&written["id"]));
        assert_eq!(read.status, text(&written["status"]));
        let findings = written["findings"].as_array().unwrap();
        assert_eq!(read.findings.len(), findings.len());
        for (finding, raw) in read.findings.iter().zip(findings) {
            assert_eq!(finding.code, text(&raw["code"]));
            assert_eq!(finding.path, text(&raw["path"]));
            assert_eq!(finding.severity, text(&raw["severity"]));
            assert_eq!(u64::from(finding.line), raw["line"].as_u64().unwrap());
        }
    }
    let summary = &raw["summary"];
    assert_eq!(
        report.summary.stacks as u64,
        summary["stacks"].as_u64().unwrap()
    );
    let projects = summary["projects"].as_array().unwrap();
    assert_eq!(report.summary.projects.len(), projects.len());
    for (read, written) in report.summary.projects.iter().zip(projects) {
        assert_eq!(read.project, text(&written["project"]));
        assert_eq!(read.warnings as u64, written["warnings"].as_u64().unwrap());
    }
    let usages = summary["usages"].as_array().unwrap();
    assert!(!usages.is_empty());
    assert_eq!(report.summary.usages.len(), usages.len());
    for (read, written) in report.summary.usages.iter().zip(usages) {
        assert_eq!(read.subject, text(&written["subject"]));
        assert_eq!(read.uses as u64, written["uses"].as_u64().unwrap());
    }
}

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
    let next = workspace.reduce(WorkspaceAction::Panels(PanelAction::ScanOpened(
        report.clone(),
    )));
    assert_eq!(next.side_panel, SidePanelTab::Cloud);
    assert_eq!(next.scan, Some(report));
    // The document is left as it was.
    assert_eq!(&*next.document, "heat_template_version: 2018-08-31\n");
}
