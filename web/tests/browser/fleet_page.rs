//! A cloud's stacks on the fleet page: a scan's report told from a
//! template and read whole; the page's projects, chart and table of
//! stacks, sorted and filtered, with 1,000 stacks; a stack in full with
//! what migrating it does; the state that opens, filters and leaves it.

use std::rc::Rc;

use std::cell::RefCell;

use heatwise_web::components::{FleetPage, FleetPageProps};
use heatwise_web::fleet::{Fleet, FleetQuery, SortKey};
use heatwise_web::scan::{by_release, ScanReport};
use heatwise_web::state::{FleetAction, Page, Workspace, WorkspaceAction};
use serde_json::json;
use wasm_bindgen_test::wasm_bindgen_test;
use yew::{Callback, Reducible};

use crate::support::{click, rendered, select, select_all, texts, Host};

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

/// A fleet of `n` stacks in 7 projects as the page's scan of dumps writes
/// it: every fifth stack failed, every third with a hidden property whose
/// migration updates its port in place, every seventh with a floating IP
/// whose migration (with every fix) replaces it.
fn fleet_of(n: usize) -> Rc<ScanReport> {
    let migration = |resources: Vec<serde_json::Value>| {
        let files = if resources.is_empty() {
            json!([])
        } else {
            json!(["template.yaml"])
        };
        json!({"files": files, "resources": resources, "skipped": [], "command": "heatwise migrate --apply"})
    };
    let stacks: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            let mut findings = Vec::new();
            let mut safe = Vec::new();
            let mut every = Vec::new();
            if i % 3 == 0 {
                findings.push(json!({"path": "template.yaml", "code": "HW202", "severity": "warning", "message": "`network_id` is HIDDEN", "line": 8}));
                let port = json!({"name": "port", "type": "OS::Neutron::Port", "action": "updated", "effect": "nothing is sent to the service"});
                safe.push(port.clone());
                every.push(port);
            }
            if i % 7 == 0 {
                findings.push(json!({"path": "template.yaml", "code": "HW102", "severity": "warning", "message": "`OS::Nova::FloatingIP` is HIDDEN", "line": 4}));
                every.push(json!({"name": "ip", "type": "OS::Neutron::FloatingIP", "action": "replaced", "effect": "a new address"}));
            }
            if i % 11 == 0 {
                findings.push(json!({"path": "template.yaml", "code": "HW301", "severity": "error", "message": "no such resource", "line": 9}));
            }
            json!({
                "project": format!("p{}", i % 7), "project_id": "x", "name": format!("stack-{i:04}"),
                "id": i.to_string(), "status": if i % 5 == 0 { "UPDATE_FAILED" } else { "CREATE_COMPLETE" },
                "dump": format!("p{}/stack-{i:04}/", i % 7), "findings": findings,
                "migration": {"safe": migration(safe), "unsafe": migration(every)},
            })
        })
        .collect();
    let report = json!({
        "stacks": stacks,
        "summary": {"stacks": n, "projects": [], "usages": []},
        "errors": [],
    });
    Rc::new(ScanReport::read(&report.to_string()).unwrap())
}

fn render_fleet(host: &Host, fleet: Fleet, queries: Rc<RefCell<Vec<FleetQuery>>>) {
    let props = FleetPageProps {
        fleet: Rc::new(fleet),
        on_query: Callback::from(move |query| queries.borrow_mut().push(query)),
        on_select: Callback::noop(),
        on_open_stack: Callback::noop(),
        on_show_editor: Callback::noop(),
        on_close: Callback::noop(),
    };
    yew::Renderer::<FleetPage>::with_root_and_props(host.0.clone(), props).render();
}

#[wasm_bindgen_test]
async fn the_fleet_page_shows_projects_uses_and_stacks() {
    let host = Host::new();
    let mut fleet = Fleet::new(
        "scan.json".into(),
        Rc::new(ScanReport::read(REPORT).unwrap()),
    );
    fleet.selected = Some(1);
    render_fleet(&host, fleet, Rc::default());
    rendered().await;
    assert_eq!(texts(&host.0, ".fleet-title"), ["2 stacks in 2 projects"]);
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
    assert_eq!(texts(&host.0, ".fleet-stack-name"), ["random", "network"]);
    let findings = texts(&host.0, ".fleet-stack .cloud-finding");
    assert_eq!(findings.len(), 1);
    assert!(
        findings[0].starts_with("HW202 template.yaml:13"),
        "{findings:?}"
    );
    // A report has no migrations: the filter says where they are known.
    let replacing = select(&host.0, ".fleet-check input");
    assert!(replacing.has_attribute("disabled"));
    assert_eq!(
        texts(&host.0, ".fleet-migration"),
        ["not known", "not known"]
    );
}

/// 1,000 stacks: each filter and sort lists what the query asks, counted
/// here from the stacks themselves; a column's header sorts by it.
#[wasm_bindgen_test]
async fn a_thousand_stacks_sort_and_filter() {
    let report = fleet_of(1000);
    let host = Host::new();
    let queries: Rc<RefCell<Vec<FleetQuery>>> = Rc::default();
    let mut fleet = Fleet::new("dumps".into(), report.clone());
    fleet.query = FleetQuery {
        project: Some("p3".into()),
        replacing: true,
        sort: SortKey::Name,
        descending: true,
        ..FleetQuery::default()
    };
    let started = js_sys::Date::now();
    render_fleet(&host, fleet.clone(), queries.clone());
    rendered().await;
    wasm_bindgen_test::console_log!(
        "fleet page, 1,000 stacks filtered: {:.0} ms",
        js_sys::Date::now() - started
    );
    let mut expected: Vec<String> = (0..1000)
        .filter(|i| i % 7 == 3 && i % 7 == 0)
        .map(|i| format!("stack-{i:04}"))
        .collect();
    expected.reverse();
    // No stack of p3 has a floating IP (i % 7 == 3 is never i % 7 == 0).
    assert_eq!(texts(&host.0, ".fleet-stack-name"), expected);
    assert_eq!(texts(&host.0, ".fleet-count"), ["0 of 1000"]);

    let all = Host::new();
    let mut every = fleet.clone();
    every.query = FleetQuery {
        replacing: true,
        sort: SortKey::Findings,
        descending: true,
        ..FleetQuery::default()
    };
    let started = js_sys::Date::now();
    render_fleet(&all, every, queries.clone());
    rendered().await;
    wasm_bindgen_test::console_log!(
        "fleet page, 143 of 1,000 stacks: {:.0} ms",
        js_sys::Date::now() - started
    );
    let names = texts(&all.0, ".fleet-stack-name");
    assert_eq!(names.len(), (0..1000).filter(|i| i % 7 == 0).count());
    // Errors first: every 77th stack has an error and a floating IP.
    let errors_first: Vec<String> = (0..1000)
        .filter(|i| i % 77 == 0)
        .map(|i| format!("stack-{i:04}"))
        .collect();
    let mut head = names[..errors_first.len()].to_vec();
    head.sort();
    assert_eq!(head, errors_first);
    let migrations = texts(&all.0, ".fleet-migration");
    assert!(
        migrations.iter().all(|m| m.contains("replaces 1 resource")),
        "{migrations:?}"
    );

    let unfiltered = Host::new();
    let started = js_sys::Date::now();
    render_fleet(
        &unfiltered,
        Fleet::new("dumps".into(), report.clone()),
        queries.clone(),
    );
    rendered().await;
    wasm_bindgen_test::console_log!(
        "fleet page, all 1,000 stacks: {:.0} ms",
        js_sys::Date::now() - started
    );
    assert_eq!(select_all(&unfiltered.0, ".fleet-row").len(), 1000);
    assert_eq!(texts(&unfiltered.0, ".fleet-stack-name")[0], "stack-0000");
    // The Status header sorts by status, ascending first, then descending.
    click(&select_all(&unfiltered.0, ".fleet-sort")[2]);
    let asked = queries.borrow().last().cloned().unwrap();
    assert_eq!((asked.sort, asked.descending), (SortKey::Status, false));
    let mut by_status = Fleet::new("dumps".into(), report);
    by_status.query = asked;
    let rows = by_status.rows();
    let statuses: Vec<&str> = rows
        .iter()
        .map(|&i| by_status.report.stacks[i].status.as_str())
        .collect();
    assert_eq!(statuses.first(), Some(&"CREATE_COMPLETE"));
    assert_eq!(statuses.last(), Some(&"UPDATE_FAILED"));
    // A severity and a rule.
    by_status.query = FleetQuery {
        severity: Some("error".into()),
        rule: Some("HW202".into()),
        ..FleetQuery::default()
    };
    assert_eq!(
        by_status.rows().len(),
        (0..1000).filter(|i| i % 11 == 0 && i % 3 == 0).count()
    );
}

/// The migration of a stack in full: each resource and the command.
#[wasm_bindgen_test]
async fn a_stack_shows_what_its_migration_does() {
    let host = Host::new();
    let mut fleet = Fleet::new("dumps".into(), fleet_of(8));
    fleet.selected = Some(0);
    render_fleet(&host, fleet, Rc::default());
    rendered().await;
    let effects = texts(&host.0, ".fleet-stack .running-effects li");
    assert_eq!(
        effects,
        [
            "updated port (OS::Neutron::Port): nothing is sent to the service",
            "updated port (OS::Neutron::Port): nothing is sent to the service",
            "replaced ip (OS::Neutron::FloatingIP): a new address"
        ]
    );
    assert_eq!(texts(&host.0, ".fleet-command code").len(), 2);
    assert_eq!(
        texts(&host.0, ".fleet-stack-header button"),
        ["Open in the Folder view"]
    );
}

#[wasm_bindgen_test]
fn opening_a_report_shows_the_fleet_page_and_leaves_the_document() {
    let workspace = Rc::new(Workspace::open(
        "heat_template_version: 2018-08-31\n".into(),
    ));
    let fleet = Rc::new(Fleet::new("scan.json".into(), fleet_of(10)));
    let next = workspace.reduce(WorkspaceAction::Fleet(FleetAction::Opened(fleet.clone())));
    assert_eq!(next.page, Page::Fleet);
    assert_eq!(next.fleet, Some(fleet));
    assert_eq!(&*next.document, "heat_template_version: 2018-08-31\n");
    let query = FleetQuery {
        status: Some("UPDATE_FAILED".into()),
        ..FleetQuery::default()
    };
    let next = next.reduce(WorkspaceAction::Fleet(FleetAction::Query(query.clone())));
    assert_eq!(next.fleet.as_ref().unwrap().query, query);
    assert_eq!(next.fleet.as_ref().unwrap().rows(), [0, 5]);
    let next = next.reduce(WorkspaceAction::Fleet(FleetAction::Select(5)));
    assert_eq!(next.fleet.as_ref().unwrap().selected, Some(5));
    let next = next.reduce(WorkspaceAction::Fleet(FleetAction::ShowPage(Page::Editor)));
    assert_eq!(next.page, Page::Editor);
    assert!(next.fleet.is_some(), "the fleet stays open");
    let closed = next.reduce(WorkspaceAction::Fleet(FleetAction::Close));
    assert_eq!((closed.page, closed.fleet.is_none()), (Page::Editor, true));
    // A fleet's dump opened in the folder view by its stack's row.
    let (name, files) = fleet_with_dumps().dump_of(0).unwrap();
    assert_eq!(name, "demo/web");
    let paths: Vec<&str> = files.iter().map(|file| &*file.path).collect();
    assert_eq!(paths, ["stack.json", "template.yaml"]);
}

fn fleet_with_dumps() -> Fleet {
    let report = json!({
        "stacks": [{"project": "demo", "project_id": "x", "name": "web", "id": "1",
            "status": "CREATE_COMPLETE", "dump": "demo/web/", "findings": []}],
        "summary": {"stacks": 1, "projects": [], "usages": []},
    });
    let mut fleet = Fleet::new(
        "dumps".into(),
        ScanReport::read(&report.to_string()).unwrap().into(),
    );
    let file = |path: &str| heatwise_web::folder::FolderFile {
        path: path.into(),
        text: "{}".into(),
    };
    fleet.dumps = Some(
        vec![
            file("demo/web/stack.json"),
            file("demo/web/template.yaml"),
            file("ops/x/stack.json"),
        ]
        .into(),
    );
    fleet
}
