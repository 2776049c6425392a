use std::cell::RefCell;
use std::rc::Rc;

use heatwise_web::components::SETTLE_MILLIS;
use heatwise_web::embed::{mount_app, parse_target, EmbeddedApp};
use heatwise_web::storage::SITE_KEY;
use js_sys::Function;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{
    click, press_key, rendered, select, select_all, sleep_millis, texts, type_into_editor, Host,
};

const PORT: &str = "heat_template_version: 2013-05-23\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private\n";

fn local_storage() -> web_sys::Storage {
    gloo::utils::window().local_storage().unwrap().unwrap()
}

fn message(error: JsError) -> String {
    js_sys::Error::from(JsValue::from(error)).message().into()
}

/// An app mounted as a page would, and the texts its change callback got.
struct Embedded {
    host: Host,
    app: EmbeddedApp,
    changes: Rc<RefCell<Vec<String>>>,
    _on_change: Closure<dyn FnMut(String)>,
}

async fn embed(text: &str, target: Option<&str>, storage_key: Option<&str>) -> Embedded {
    let host = Host::new();
    let changes = Rc::new(RefCell::new(Vec::new()));
    let on_change = {
        let changes = changes.clone();
        Closure::<dyn FnMut(String)>::new(move |text| changes.borrow_mut().push(text))
    };
    let function: &Function = on_change.as_ref().unchecked_ref();
    let mounted = mount_app(
        host.0.clone(),
        text.to_owned(),
        target.map(str::to_owned),
        storage_key.map(str::to_owned),
        Some(function.clone()),
    )
    .await;
    let app = match mounted {
        Ok(app) => app,
        Err(error) => panic!("mount_app refused: {}", message(error)),
    };
    rendered().await;
    Embedded {
        host,
        app,
        changes,
        _on_change: on_change,
    }
}

#[wasm_bindgen_test]
fn targets_are_versions_or_names_and_the_newest_is_the_default() {
    assert_eq!(parse_target("Juno").unwrap().unwrap().version(), "2014.2");
    assert_eq!(parse_target("2024.1").unwrap().unwrap().version(), "22.0.0");
    let newest = heatwise_web::components::target_releases()[0];
    assert_eq!(parse_target(&newest.version()).unwrap(), None);
    let refused = parse_target("Nonesuch").unwrap_err();
    assert!(
        refused.starts_with("\"Nonesuch\" is not a Heat release"),
        "{refused}"
    );
}

#[wasm_bindgen_test]
async fn an_embedded_app_opens_its_text_and_keeps_nothing() {
    local_storage()
        .set_item(
            SITE_KEY,
            r#""resources:\n  mine:\n    type: OS::Heat::None\n""#,
        )
        .unwrap();
    let embedded = embed(PORT, Some("2024.1"), None).await;
    let root = &embedded.host.0;
    assert_eq!(texts(root, ".outline-name"), ["port"]);
    assert_eq!(texts(root, ".problems-count"), ["1"]);
    assert!(select_all(root, ".save-status").is_empty());
    let buttons = texts(root, ".app-header button");
    assert!(!buttons.iter().any(|text| text == "Share"), "{buttons:?}");

    press_key(root, "End", true);
    type_into_editor(root, "# typed\n").await;
    // The handle reads what was typed before it settles; the page hears of
    // it once it has.
    let typed = format!("{PORT}# typed\n");
    assert_eq!(embedded.app.value().ok(), Some(typed.clone()));
    assert!(embedded.changes.borrow().is_empty());
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    rendered().await;
    assert_eq!(embedded.app.value().ok(), Some(typed.clone()));
    assert_eq!(*embedded.changes.borrow(), [typed]);

    // A text set through the handle is read back at once, even with
    // keystrokes unsettled before it.
    type_into_editor(root, "# more\n").await;
    embedded.app.set_value(PORT.into()).ok().unwrap();
    assert_eq!(embedded.app.value().ok().as_deref(), Some(PORT));
    rendered().await;
    assert_eq!(embedded.app.value().ok().as_deref(), Some(PORT));
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    rendered().await;
    assert_eq!(embedded.app.value().ok().as_deref(), Some(PORT));
    assert_eq!(
        embedded.changes.borrow().last().map(String::as_str),
        Some(PORT)
    );
    assert_eq!(
        local_storage().get_item(SITE_KEY).unwrap().as_deref(),
        Some(r#""resources:\n  mine:\n    type: OS::Heat::None\n""#)
    );
}

#[wasm_bindgen_test]
async fn the_handle_replaces_the_text_and_the_target_through_the_app() {
    let mut embedded = embed(PORT, None, None).await;
    let root = embedded.host.0.clone();
    let problem = || texts(&root, ".problem-message").join("\n");
    assert!(problem().contains("is HIDDEN"), "{}", problem());

    embedded.app.set_target(Some("Juno".into())).ok().unwrap();
    rendered().await;
    assert!(problem().contains("is DEPRECATED"), "{}", problem());
    let refused = embedded
        .app
        .set_target(Some("Nonesuch".into()))
        .unwrap_err();
    assert!(message(refused).contains("is not a Heat release"));

    let oversized = "#".repeat(heatwise_core::syntax::MAX_INPUT_BYTES + 1);
    let refused = embedded.app.set_value(oversized).unwrap_err();
    assert_eq!(
        message(refused),
        format!(
            "setValue(text): the template is {} bytes; the editor takes at most {} bytes (10 MiB)",
            heatwise_core::syntax::MAX_INPUT_BYTES + 1,
            heatwise_core::syntax::MAX_INPUT_BYTES
        )
    );
    assert!(
        problem().contains("is DEPRECATED"),
        "unchanged: {}",
        problem()
    );

    let text = "resources:\n  other:\n    type: OS::Heat::None\n";
    embedded.app.set_value(text.into()).ok().unwrap();
    assert_eq!(embedded.app.value().ok().as_deref(), Some(text));
    rendered().await;
    assert_eq!(texts(&root, ".outline-name"), ["other"]);
    assert_eq!(*embedded.changes.borrow(), [text]);

    // The fix button of a finding applies it, and the page hears of it.
    embedded.app.set_value(PORT.into()).ok().unwrap();
    rendered().await;
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    click(&select(&root, ".problem-fix"));
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    rendered().await;
    let fixed = PORT.replace("network_id:", "network:");
    assert_eq!(embedded.app.value().ok(), Some(fixed.clone()));
    assert_eq!(embedded.changes.borrow().last(), Some(&fixed));

    embedded.app.destroy();
    rendered().await;
    assert!(embedded.app.value().is_err());
    assert!(embedded.app.set_value("x".into()).is_err());
    assert!(select_all(&root, ".cm-editor").is_empty());
}

#[wasm_bindgen_test]
async fn a_storage_key_keeps_the_text_between_mounts() {
    const KEY: &str = "heatwise.test.embedded";
    local_storage().remove_item(KEY).unwrap();
    let mut first = embed("first: 1\n", None, Some(KEY)).await;
    first.app.set_value("kept: 1\n".into()).ok().unwrap();
    rendered().await;
    assert_eq!(
        texts(&first.host.0, ".save-status"),
        ["Saved in this browser"]
    );
    first.app.destroy();

    let second = embed("ignored: 1\n", None, Some(KEY)).await;
    assert_eq!(second.app.value().ok().as_deref(), Some("kept: 1\n"));
    local_storage().remove_item(KEY).unwrap();
}
