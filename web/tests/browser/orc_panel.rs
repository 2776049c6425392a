//! The ORC view: what the export's module returns, read and shown; the tab
//! that opens it; the state that keeps only the current export.

use std::rc::Rc;

use heatwise_orc_module::Settings;
use heatwise_web::components::{App, OrcPanel, OrcPanelProps, PanelTabs};
use heatwise_web::orc::{OrcSettings, OrcView};
use heatwise_web::outline::Utf16Range;
use heatwise_web::state::{BottomPanelTab, OrcAction, PanelAction, Workspace, WorkspaceAction};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::{html, Callback, Reducible};

use crate::support::{click, rendered, select, select_all, sleep_millis, texts, Host};

/// A network the export carries over, and a value it cannot (ORC001),
/// after a comment with a two-byte character.
const STACK: &str = "heat_template_version: 2018-08-31\n# é\nresources:\n  net:\n    type: OS::Neutron::Net\n  value:\n    type: OS::Heat::Value\n    properties: {value: 1}\n";

/// The view the module returns for `text`, as the app reads it.
fn view_of(text: &str, namespace: &str) -> OrcView {
    let json = heatwise_orc_module::export_view(
        text,
        &Settings {
            namespace,
            secret_name: "openstack-clouds",
            cloud_name: "openstack",
            parameters: "",
            stack_resources: "",
        },
        &heatwise_orc_module::ViewStack::default(),
    )
    .to_string();
    OrcView::from_js(&js_sys::JSON::parse(&json).unwrap())
}

async fn render(
    view: Option<OrcView>,
    on_reveal: Callback<Utf16Range>,
    on_copy: Callback<Rc<str>>,
) -> Host {
    let host = Host::new();
    let props = OrcPanelProps {
        tabs: html! { <PanelTabs tab={BottomPanelTab::Orc} on_tab={Callback::noop()} problems={0} /> },
        view: view.map(Rc::new),
        settings: OrcSettings::default(),
        on_settings: Callback::noop(),
        on_reveal,
        on_copy,
        on_download: Callback::noop(),
    };
    yew::Renderer::<OrcPanel>::with_root_and_props(host.0.clone(), props).render();
    rendered().await;
    host
}

#[wasm_bindgen_test]
fn the_module_view_is_read_with_utf16_ranges() {
    let OrcView::Exported(export) = view_of(STACK, "default") else {
        panic!("not exported");
    };
    assert_eq!(export.objects, 1);
    assert!(export.yaml.contains("kind: Network"), "{}", export.yaml);
    assert!(
        export.plan.contains("wave 1: Network net"),
        "{}",
        export.plan
    );
    assert_eq!(export.findings.len(), 1, "{:?}", export.findings);
    let finding = &export.findings[0];
    assert_eq!(finding.code.as_str(), "ORC001");
    assert_eq!(finding.rule_name.as_str(), "no-orc-kind");
    // UTF-16 offsets: `é` counts once.
    let utf16: Vec<u16> = STACK.encode_utf16().collect();
    let named =
        String::from_utf16(&utf16[finding.range.from as usize..finding.range.to as usize]).unwrap();
    assert!(named == "value" || named == "OS::Heat::Value", "{named}");
    assert!(finding.line >= 6);
}

#[wasm_bindgen_test]
fn unusable_settings_are_read_as_such() {
    let OrcView::Unusable(problems) = view_of(STACK, "Not.Valid") else {
        panic!("exported with a bad namespace");
    };
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].contains("not a Kubernetes namespace"),
        "{problems:?}"
    );
}

#[wasm_bindgen_test]
async fn the_panel_shows_findings_order_and_manifests() {
    let revealed = Rc::new(std::cell::Cell::new(None));
    let copied = Rc::new(std::cell::RefCell::new(None::<Rc<str>>));
    let host = render(
        Some(view_of(STACK, "default")),
        {
            let revealed = revealed.clone();
            Callback::from(move |range| revealed.set(Some(range)))
        },
        {
            let copied = copied.clone();
            Callback::from(move |yaml| *copied.borrow_mut() = Some(yaml))
        },
    )
    .await;
    assert_eq!(
        select(&host.0, ".orc-summary").text_content().unwrap(),
        "1 object, 1 thing not carried over"
    );
    assert_eq!(texts(&host.0, ".problem-code"), ["ORC001"]);
    assert!(select(&host.0, ".orc-yaml")
        .text_content()
        .unwrap()
        .contains("namespace: default"));
    assert!(select(&host.0, ".orc-plan pre")
        .text_content()
        .unwrap()
        .contains("wave 1: Network net"));
    // The tab that is shown is marked so.
    assert_eq!(
        select(&host.0, "#orc-tab")
            .get_attribute("aria-selected")
            .as_deref(),
        Some("true")
    );

    click(&select(&host.0, ".problem-jump"));
    let OrcView::Exported(export) = view_of(STACK, "default") else {
        unreachable!()
    };
    assert_eq!(revealed.get(), Some(export.findings[0].range));

    let copy = select_all(&host.0, ".orc-actions button")
        .into_iter()
        .find(|button| button.text_content().unwrap() == "Copy YAML")
        .expect("a Copy YAML button");
    click(&copy);
    assert_eq!(copied.borrow().as_deref(), Some(&*export.yaml));
}

#[wasm_bindgen_test]
async fn the_panel_says_what_to_correct_and_when_it_waits() {
    let host = render(
        Some(view_of(STACK, "Bad")),
        Callback::noop(),
        Callback::noop(),
    )
    .await;
    let problems = texts(&host.0, ".orc-settings-problems li");
    assert_eq!(problems.len(), 1);
    assert!(problems[0].starts_with("Namespace \"Bad\""), "{problems:?}");
    assert!(select_all(&host.0, ".orc-actions").is_empty());

    let host = render(None, Callback::noop(), Callback::noop()).await;
    assert_eq!(
        select(&host.0, ".orc-hint").text_content().unwrap(),
        "Exporting…"
    );
}

#[wasm_bindgen_test]
fn only_the_export_of_the_current_text_and_settings_is_kept() {
    let workspace = Rc::new(Workspace::open(STACK.into()));
    let shown = workspace.reduce(WorkspaceAction::Panels(PanelAction::ShowBottomPanel(
        BottomPanelTab::Orc,
    )));
    assert_eq!(shown.bottom_panel, BottomPanelTab::Orc);
    assert!(shown.orc.is_none());

    let view = Rc::new(view_of(STACK, "default"));
    // Made for a text the editor no longer holds: dropped.
    let stale = shown
        .clone()
        .reduce(WorkspaceAction::Orc(OrcAction::Exported {
            document: "resources: {}\n".into(),
            settings: OrcSettings::default(),
            stack: "{}".into(),
            view: view.clone(),
        }));
    assert!(stale.orc.is_none());
    // Made with settings changed since: dropped.
    let renamed = OrcSettings {
        namespace: "other".into(),
        ..OrcSettings::default()
    };
    let changed = shown
        .clone()
        .reduce(WorkspaceAction::Orc(OrcAction::SetSettings(renamed)));
    let late = changed.reduce(WorkspaceAction::Orc(OrcAction::Exported {
        document: STACK.into(),
        settings: OrcSettings::default(),
        stack: "{}".into(),
        view: view.clone(),
    }));
    assert!(late.orc.is_none());
    // Made with another stack than the document's: dropped.
    let elsewhere = shown.clone().reduce(WorkspaceAction::Orc(OrcAction::Exported {
        document: STACK.into(),
        settings: OrcSettings::default(),
        stack: r#"{"root": "main.yaml", "environments": [{"path": "env.yaml", "text": "parameters: {}\n"}]}"#.into(),
        view: view.clone(),
    }));
    assert!(elsewhere.orc.is_none());
    // The current one: kept.
    let current = shown.reduce(WorkspaceAction::Orc(OrcAction::Exported {
        document: STACK.into(),
        settings: OrcSettings::default(),
        stack: "{}".into(),
        view: view.clone(),
    }));
    assert_eq!(current.orc.as_deref(), Some(&*view));
}

/// Under wasm-bindgen-test-runner the module is not beside the app: the
/// view must say that it could not be loaded, not wait for ever.
#[wasm_bindgen_test]
async fn the_tab_opens_the_view_and_a_missing_module_is_reported() {
    let host = Host::new();
    yew::Renderer::<App>::with_root(host.0.clone()).render();
    rendered().await;
    click(&select(&host.0, "#orc-tab"));
    rendered().await;
    assert!(!select_all(&host.0, ".orc-settings").is_empty());
    let mut reported = Vec::new();
    for _ in 0..100 {
        sleep_millis(50).await;
        reported = texts(&host.0, ".orc-settings-problems");
        if !reported.is_empty() {
            break;
        }
    }
    assert_eq!(reported.len(), 1, "nothing reported");
    assert!(
        reported[0].starts_with("The ORC export could not be loaded"),
        "{reported:?}"
    );

    click(&select(&host.0, "#problems-tab"));
    rendered().await;
    assert!(select_all(&host.0, ".orc-settings").is_empty());
    assert!(!select_all(&host.0, ".problems-header").is_empty());
}
