use heatwise_web::components::{App, SETTLE_MILLIS};
use heatwise_web::examples::WEB_TIER_LEGACY;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{
    click, press_key, rendered, select, select_all, sleep_millis, texts, type_into_editor, Host,
};

const SAVED_KEY: &str = "heatwise.document";

fn local_storage() -> web_sys::Storage {
    gloo::utils::window().local_storage().unwrap().unwrap()
}

fn outline_names(host: &Host) -> Vec<String> {
    texts(&host.0, ".outline-name")
}

async fn render_app() -> Host {
    let host = Host::new();
    yew::Renderer::<App>::with_root(host.0.clone()).render();
    rendered().await;
    host
}

#[wasm_bindgen_test]
async fn a_first_visit_opens_the_example() {
    local_storage().remove_item(SAVED_KEY).unwrap();
    let host = render_app().await;

    let names = outline_names(&host);
    assert!(names.contains(&"web_port_1".to_owned()), "{names:?}");
    assert!(names.contains(&"web_floating_ip".to_owned()), "{names:?}");
    assert_eq!(
        select(&host.0, ".outline .panel-count")
            .text_content()
            .unwrap(),
        names.len().to_string()
    );
    let first_line = select(&host.0, ".cm-line").text_content().unwrap();
    assert_eq!(first_line, WEB_TIER_LEGACY.text.lines().next().unwrap());
    // Landmarks: banner, main, navigation, contentinfo.
    for landmark in ["header", "main", "nav", "footer"] {
        assert_eq!(select_all(&host.0, landmark).len(), 1, "{landmark}");
    }
}

#[wasm_bindgen_test]
async fn edits_are_saved_and_restored_on_the_next_visit() {
    local_storage()
        .set_item(
            SAVED_KEY,
            r#""resources:\n  mine:\n    type: OS::Heat::None\n""#,
        )
        .unwrap();
    let host = render_app().await;
    assert_eq!(outline_names(&host), ["mine"]);

    press_key(&host.0, "End", true);
    type_into_editor(&host.0, "  added:\n    type: OS::Heat::Value\n").await;
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    rendered().await;
    assert_eq!(outline_names(&host), ["mine", "added"]);
    assert_eq!(
        select(&host.0, ".save-status").text_content().unwrap(),
        "Saved in this browser"
    );
    let saved = local_storage().get_item(SAVED_KEY).unwrap().unwrap();
    assert!(saved.contains("added"), "{saved}");
    drop(host);

    let reopened = render_app().await;
    assert_eq!(outline_names(&reopened), ["mine", "added"]);
}

#[wasm_bindgen_test]
async fn starting_from_the_example_replaces_the_document() {
    local_storage()
        .set_item(
            SAVED_KEY,
            r#""resources:\n  mine:\n    type: OS::Heat::None\n""#,
        )
        .unwrap();
    let host = render_app().await;
    let button = select_all(&host.0, "header .menu-item")
        .into_iter()
        .find(|button| {
            button
                .text_content()
                .unwrap()
                .starts_with("Web tier written for Kilo")
        })
        .expect("the menu offers the example");
    click(&button);
    rendered().await;

    assert!(outline_names(&host).contains(&"web_pool".to_owned()));
    let saved = local_storage().get_item(SAVED_KEY).unwrap().unwrap();
    assert!(saved.contains("web_pool"), "saved at once: {saved}");
}

#[wasm_bindgen_test]
async fn choosing_a_resource_selects_its_name_in_the_editor() {
    local_storage().remove_item(SAVED_KEY).unwrap();
    let host = render_app().await;
    let entry = select_all(&host.0, "button.outline-entry")
        .into_iter()
        .find(|entry| entry.text_content().unwrap().starts_with("web_pool"))
        .expect("web_pool is listed");
    click(&entry);
    rendered().await;

    let selected = gloo::utils::window().get_selection().unwrap().unwrap();
    assert_eq!(selected.to_string().as_string().unwrap(), "web_pool");
    assert_eq!(
        gloo::utils::document().active_element(),
        Some(select(&host.0, ".cm-content"))
    );
}

#[wasm_bindgen_test]
async fn typing_lists_the_findings_and_a_fix_button_applies_one() {
    local_storage()
        .set_item(
            SAVED_KEY,
            r#""heat_template_version: 2016-10-14\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n""#,
        )
        .unwrap();
    let host = render_app().await;
    assert!(select_all(&host.0, ".problem").is_empty());

    press_key(&host.0, "End", true);
    type_into_editor(&host.0, "      network_id: net\n").await;
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    rendered().await;
    assert_eq!(
        select(&host.0, ".problems-count").text_content().unwrap(),
        "1"
    );
    let message = select(&host.0, ".problem-message").text_content().unwrap();
    assert!(message.contains("`network_id` is HIDDEN"), "{message}");
    assert_eq!(
        texts(&host.0, ".cm-lintRange.hw-status-hidden"),
        ["network_id"]
    );

    click(&select(&host.0, ".problem-fix"));
    rendered().await;
    let lines = texts(&host.0, ".cm-line");
    assert!(
        lines.iter().any(|line| line == "      network: net"),
        "{lines:?}"
    );
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    rendered().await;
    assert!(select_all(&host.0, ".problem").is_empty());
}
