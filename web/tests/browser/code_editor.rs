use std::cell::RefCell;
use std::rc::Rc;

use heatwise_web::components::{
    settle_delay, CodeEditor, CodeEditorProps, MAX_SETTLE_MILLIS, SETTLE_MILLIS,
};
use heatwise_web::findings::findings;
use heatwise_web::outline::Utf16Range;
use heatwise_web::state::{LoadedText, Reveal};
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Event;
use yew::{AppHandle, Callback};

use crate::support::{rendered, select, select_all, sleep_millis, texts, type_into_editor, Host};

struct Mounted {
    host: Host,
    handle: AppHandle<CodeEditor>,
    reported: Rc<RefCell<Vec<String>>>,
    on_change: Callback<Rc<str>>,
}

fn props(
    mounted_on_change: &Callback<Rc<str>>,
    loaded: LoadedText,
    reveal: Option<Reveal>,
) -> CodeEditorProps {
    CodeEditorProps {
        label: "Heat template".into(),
        loaded,
        reveal,
        findings: Default::default(),
        fix_request: None,
        on_change: mounted_on_change.clone(),
        live_text: None,
    }
}

async fn mount(text: &str) -> Mounted {
    let host = Host::new();
    let reported = Rc::new(RefCell::new(Vec::new()));
    let on_change = {
        let reported = reported.clone();
        Callback::from(move |text: Rc<str>| reported.borrow_mut().push(text.to_string()))
    };
    let loaded = LoadedText {
        text: text.into(),
        generation: 0,
    };
    let handle = yew::Renderer::<CodeEditor>::with_root_and_props(
        host.0.clone(),
        props(&on_change, loaded, None),
    )
    .render();
    rendered().await;
    Mounted {
        host,
        handle,
        reported,
        on_change,
    }
}

/// Waits until findings given to the editor are drawn: in a task of
/// their own, after rendering.
async fn drawn() {
    rendered().await;
    sleep_millis(0).await;
}

fn editor_text(mounted: &Mounted) -> String {
    select_all(&mounted.host.0, ".cm-line")
        .iter()
        .map(|line| line.text_content().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

#[wasm_bindgen_test]
async fn reports_the_text_once_typing_pauses() {
    let mounted = mount("a: 1").await;
    assert_eq!(editor_text(&mounted), "a: 1");

    type_into_editor(&mounted.host.0, "x").await;
    sleep_millis(u64::from(SETTLE_MILLIS) / 2).await;
    type_into_editor(&mounted.host.0, "y").await;
    sleep_millis(u64::from(SETTLE_MILLIS) / 2).await;
    assert!(mounted.reported.borrow().is_empty(), "still typing");

    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    assert_eq!(*mounted.reported.borrow(), ["xya: 1"]);
}

#[wasm_bindgen_test]
fn the_pause_grows_with_the_work_it_starts() {
    assert_eq!(settle_delay(0.0), SETTLE_MILLIS);
    assert_eq!(settle_delay(20.0), SETTLE_MILLIS);
    // A 1 MB template takes about 150 ms to check.
    assert_eq!(settle_delay(150.0), 450);
    assert_eq!(settle_delay(900.0), MAX_SETTLE_MILLIS);
}

#[wasm_bindgen_test]
async fn leaving_the_page_reports_the_text_at_once() {
    let mounted = mount("a: 1").await;
    type_into_editor(&mounted.host.0, "z").await;
    gloo::utils::window()
        .dispatch_event(&Event::new("pagehide").unwrap())
        .unwrap();
    assert_eq!(*mounted.reported.borrow(), ["za: 1"]);

    // Nothing left to report afterwards.
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    assert_eq!(mounted.reported.borrow().len(), 1);
}

#[wasm_bindgen_test]
async fn loads_new_text_and_reveals_ranges_when_asked() {
    let mut mounted = mount("old: 1").await;

    // Same generation: the editor keeps what it has.
    let same = LoadedText {
        text: "ignored: 1".into(),
        generation: 0,
    };
    mounted.handle.update(props(&mounted.on_change, same, None));
    rendered().await;
    assert_eq!(editor_text(&mounted), "old: 1");

    let next = LoadedText {
        text: "resources:\n  web: {type: OS::Nova::Server}".into(),
        generation: 1,
    };
    let reveal = Reveal {
        range: Utf16Range { from: 13, to: 16 },
        serial: 0,
    };
    mounted
        .handle
        .update(props(&mounted.on_change, next, Some(reveal)));
    rendered().await;
    assert_eq!(
        editor_text(&mounted),
        "resources:\n  web: {type: OS::Nova::Server}"
    );
    let selected = gloo::utils::window().get_selection().unwrap().unwrap();
    assert_eq!(selected.to_string().as_string().unwrap(), "web");
    assert_eq!(
        gloo::utils::document().active_element(),
        Some(select(&mounted.host.0, ".cm-content"))
    );

    // Loading is a change like any other: the rest of the app hears of it.
    sleep_millis(u64::from(SETTLE_MILLIS) + 100).await;
    assert_eq!(
        *mounted.reported.borrow(),
        ["resources:\n  web: {type: OS::Nova::Server}"]
    );
}

#[wasm_bindgen_test]
async fn findings_stay_drawn_when_the_same_text_is_loaded_again() {
    let text =
        "heat_template_version: 2016-10-14\nresources:\n  ip:\n    type: OS::Nova::FloatingIP\n";
    let mut mounted = mount(text).await;
    let found: Rc<[_]> = findings(text, None).into();
    assert_eq!(found.len(), 1);
    let loaded = |generation| LoadedText {
        text: text.into(),
        generation,
    };
    let with_findings = |generation| CodeEditorProps {
        findings: found.clone(),
        ..props(&mounted.on_change, loaded(generation), None)
    };
    mounted.handle.update(with_findings(0));
    drawn().await;
    assert_eq!(select_all(&mounted.host.0, ".cm-lintRange").len(), 1);

    // Opening the same file again: the whole text is replaced, and its
    // findings are the ones already shown.
    mounted.handle.update(with_findings(1));
    drawn().await;
    assert_eq!(
        texts(&mounted.host.0, ".cm-lintRange"),
        ["OS::Nova::FloatingIP"]
    );
}

#[wasm_bindgen_test]
async fn unmounting_removes_the_editor() {
    let mounted = mount("a: 1").await;
    assert_eq!(select_all(&mounted.host.0, ".cm-editor").len(), 1);
    mounted.handle.destroy();
    rendered().await;
    assert!(select_all(&mounted.host.0, ".cm-editor").is_empty());
}
