use std::rc::Rc;

use heatwise_web::outline::Utf16Range;
use heatwise_web::state::{DocumentAction, PanelAction, SaveStatus, Workspace, WorkspaceAction};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::Reducible;

const ONE_SERVER: &str = "resources:\n  server:\n    type: OS::Nova::Server\n";
const TWO_RESOURCES: &str =
    "resources:\n  server:\n    type: OS::Nova::Server\n  ip:\n    type: OS::Nova::FloatingIP\n";

fn names(workspace: &Workspace) -> Vec<&str> {
    workspace
        .outline
        .iter()
        .map(|entry| entry.name.as_str())
        .collect()
}

#[wasm_bindgen_test]
fn opening_lists_the_resources_and_loads_the_text() {
    let workspace = Workspace::open(ONE_SERVER.into());
    assert_eq!(names(&workspace), ["server"]);
    assert_eq!(&*workspace.loaded.text, ONE_SERVER);
    assert_eq!(workspace.save_status, SaveStatus::Unchanged);
    assert_eq!(workspace.reveal, None);
}

#[wasm_bindgen_test]
fn an_edit_updates_the_outline_but_not_the_loaded_text() {
    let opened = Rc::new(Workspace::open(ONE_SERVER.into()));
    let edited = opened
        .clone()
        .reduce(WorkspaceAction::Document(DocumentAction::Edited {
            text: TWO_RESOURCES.into(),
            saved: SaveStatus::Saved,
        }));
    assert_eq!(names(&edited), ["server", "ip"]);
    assert_eq!(&*edited.document, TWO_RESOURCES);
    assert_eq!(edited.save_status, SaveStatus::Saved);
    // The editor already shows what was typed: nothing to load.
    assert_eq!(edited.loaded, opened.loaded);
}

#[wasm_bindgen_test]
fn an_edit_that_changes_nothing_keeps_the_state() {
    let edited = Rc::new(Workspace::open(ONE_SERVER.into())).reduce(WorkspaceAction::Document(
        DocumentAction::Edited {
            text: ONE_SERVER.into(),
            saved: SaveStatus::Saved,
        },
    ));
    let again = edited
        .clone()
        .reduce(WorkspaceAction::Document(DocumentAction::Edited {
            text: ONE_SERVER.into(),
            saved: SaveStatus::Saved,
        }));
    assert!(Rc::ptr_eq(&edited, &again));

    let failed = again.reduce(WorkspaceAction::Document(DocumentAction::Edited {
        text: ONE_SERVER.into(),
        saved: SaveStatus::Failed("quota exceeded".into()),
    }));
    assert_eq!(
        failed.save_status,
        SaveStatus::Failed("quota exceeded".into())
    );
}

#[wasm_bindgen_test]
fn replacing_loads_the_new_text_even_when_it_is_the_same() {
    let opened = Rc::new(Workspace::open(TWO_RESOURCES.into()));
    let replaced = opened
        .clone()
        .reduce(WorkspaceAction::Document(DocumentAction::Replaced {
            text: ONE_SERVER.into(),
            saved: SaveStatus::Saved,
        }));
    assert_eq!(names(&replaced), ["server"]);
    assert_eq!(&*replaced.loaded.text, ONE_SERVER);
    assert_ne!(replaced.loaded.generation, opened.loaded.generation);

    let again = replaced
        .clone()
        .reduce(WorkspaceAction::Document(DocumentAction::Replaced {
            text: ONE_SERVER.into(),
            saved: SaveStatus::Saved,
        }));
    assert_ne!(again.loaded.generation, replaced.loaded.generation);
}

#[wasm_bindgen_test]
fn revealing_the_same_range_twice_makes_two_requests() {
    let range = Utf16Range { from: 13, to: 19 };
    let first = Rc::new(Workspace::open(ONE_SERVER.into()))
        .reduce(WorkspaceAction::Panels(PanelAction::Reveal(range)));
    let second = first
        .clone()
        .reduce(WorkspaceAction::Panels(PanelAction::Reveal(range)));
    let (first, second) = (first.reveal.unwrap(), second.reveal.unwrap());
    assert_eq!(first.range, range);
    assert_eq!(second.range, range);
    assert_ne!(first.serial, second.serial);
}

const VERSIONED_SERVER: &str = "heat_template_version: 2016-10-14\nresources:\n  server:\n    \
type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      \
networks: [{network: private}]\n";
/// A property hidden since Liberty and one added in Newton.
const NEWTON_PROPERTY: &str = "heat_template_version: 2016-10-14\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n      dns_name: web\n";

fn codes(workspace: &Workspace) -> Vec<&str> {
    workspace
        .findings
        .iter()
        .map(|finding| finding.code.as_str())
        .collect()
}

#[wasm_bindgen_test]
fn findings_follow_the_text_and_the_target() {
    let opened = Rc::new(Workspace::open(VERSIONED_SERVER.into()));
    assert!(opened.findings.is_empty(), "{:?}", codes(&opened));
    let edited = opened.reduce(WorkspaceAction::Document(DocumentAction::Edited {
        text: NEWTON_PROPERTY.into(),
        saved: SaveStatus::Saved,
    }));
    assert!(codes(&edited).contains(&"HW202"), "{:?}", codes(&edited));

    let release = heatwise_core::release::Release::parse("Juno").unwrap();
    let at_juno = edited
        .clone()
        .reduce(WorkspaceAction::Document(DocumentAction::SetTarget(Some(
            release,
        ))));
    assert_eq!(at_juno.target, Some(release));
    assert_ne!(codes(&at_juno), codes(&edited));
    let back = at_juno.reduce(WorkspaceAction::Document(DocumentAction::SetTarget(None)));
    assert_eq!(codes(&back), codes(&edited));
}

#[wasm_bindgen_test]
fn each_fix_request_is_new_and_the_filter_narrows_the_list() {
    use heatwise_core::lint::Severity;
    let opened = Rc::new(Workspace::open(NEWTON_PROPERTY.into()));
    let changes: Rc<[heatwise_web::findings::Change]> = Rc::from(Vec::new());
    let first = opened.reduce(WorkspaceAction::Document(DocumentAction::ApplyFix(
        changes.clone(),
    )));
    let second = first
        .clone()
        .reduce(WorkspaceAction::Document(DocumentAction::ApplyFix(changes)));
    assert_ne!(first.fix_request, second.fix_request);

    let hidden = second.reduce(WorkspaceAction::Panels(PanelAction::ToggleSeverity(
        Severity::Warning,
    )));
    assert!(!hidden
        .findings
        .iter()
        .any(|f| hidden.problem_filter.matches(f)));
    let shown = hidden.reduce(WorkspaceAction::Panels(PanelAction::ToggleSeverity(
        Severity::Warning,
    )));
    assert!(shown
        .findings
        .iter()
        .any(|f| shown.problem_filter.matches(f)));
    let filtered = shown.reduce(WorkspaceAction::Panels(PanelAction::FilterProblems(
        "NETWORK_ID hw202".into(),
    )));
    assert!(filtered
        .findings
        .iter()
        .all(|f| !filtered.problem_filter.matches(f) || f.code == "HW202"));
    assert!(filtered
        .findings
        .iter()
        .any(|f| filtered.problem_filter.matches(f)));
}

#[wasm_bindgen_test]
fn the_catalog_lists_hidden_types_only_when_asked() {
    use heatwise_core::catalog::StatusKind;
    use heatwise_web::state::CatalogQuery;
    let query = CatalogQuery::default();
    assert!(query.lists("OS::Nova::Server", StatusKind::Supported));
    assert!(!query.lists("OS::Glance::Image", StatusKind::Hidden));
    let asked = CatalogQuery {
        show_hidden: true,
        ..CatalogQuery::default()
    };
    assert!(asked.lists("OS::Glance::Image", StatusKind::Hidden));
    let filtered = CatalogQuery {
        status: Some(StatusKind::Hidden),
        ..CatalogQuery::default()
    };
    assert!(filtered.lists("OS::Glance::Image", StatusKind::Hidden));
    assert!(!filtered.lists("OS::Nova::Server", StatusKind::Supported));
    let searched = CatalogQuery {
        text: "nova SERVER".into(),
        ..CatalogQuery::default()
    };
    assert!(searched.lists("OS::Nova::Server", StatusKind::Supported));
    assert!(!searched.lists("OS::Nova::FloatingIP", StatusKind::Supported));
}
