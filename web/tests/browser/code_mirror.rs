use std::cell::Cell;
use std::rc::Rc;

use heatwise_web::code_mirror::{findings_json, CodeMirror};
use heatwise_web::findings::{findings, Change};
use heatwise_web::outline::Utf16Range;
use js_sys::Reflect;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{press_key, select, select_all, type_into_editor, Host};

fn get(value: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(value.clone(), |value, key| {
        Reflect::get(&value, &JsValue::from_str(key)).unwrap()
    })
}

/// The main selection as (anchor, head).
fn selection(editor: &CodeMirror) -> (f64, f64) {
    let main = get(editor.view(), &["state", "selection", "main"]);
    (
        get(&main, &["anchor"]).as_f64().unwrap(),
        get(&main, &["head"]).as_f64().unwrap(),
    )
}

fn mount(host: &Host, text: &str) -> (CodeMirror, Rc<Cell<u32>>) {
    let changes = Rc::new(Cell::new(0));
    let editor = {
        let changes = changes.clone();
        CodeMirror::mount(&host.0, text, "Heat template", move || {
            changes.set(changes.get() + 1);
        })
    };
    (editor, changes)
}

#[wasm_bindgen_test]
fn shows_the_text_in_a_labelled_text_box() {
    let host = Host::new();
    let (editor, changes) = mount(&host, "resources:\n  a: {type: B}\n");
    assert_eq!(editor.text(), "resources:\n  a: {type: B}\n");
    let content = select(&host.0, ".cm-content");
    assert_eq!(content.get_attribute("role").as_deref(), Some("textbox"));
    assert_eq!(
        content.get_attribute("aria-label").as_deref(),
        Some("Heat template")
    );
    assert_eq!(select_all(&host.0, ".cm-line").len(), 3);
    assert_eq!(changes.get(), 0, "creating is not a change");
}

#[wasm_bindgen_test]
fn replacing_the_text_is_a_change_that_undo_takes_back() {
    let host = Host::new();
    let (editor, changes) = mount(&host, "old: 1\n");
    editor.replace_text("new: 2\n");
    assert_eq!(editor.text(), "new: 2\n");
    assert_eq!(changes.get(), 1);
    assert_eq!(selection(&editor), (0.0, 0.0));

    press_key(&host.0, "z", true);
    assert_eq!(editor.text(), "old: 1\n");
}

#[wasm_bindgen_test]
fn revealing_selects_the_range_and_focuses_the_editor() {
    let host = Host::new();
    let text = "# café\nresources:\n  port:\n    type: OS::Neutron::Port\n";
    let (editor, _) = mount(&host, text);
    editor.reveal(Utf16Range { from: 20, to: 24 });
    assert_eq!(selection(&editor), (20.0, 24.0));
    assert!(get(editor.view(), &["hasFocus"]).as_bool().unwrap());

    // Past the end: clamped, not an error.
    editor.reveal(Utf16Range { from: 500, to: 900 });
    let end = text.encode_utf16().count() as f64;
    assert_eq!(selection(&editor), (end, end));
}

const HIDDEN_NAMES: &str =
    "heat_template_version: 2016-10-14\nresources:\n  ip:\n    type: OS::Nova::FloatingIP\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n";

#[wasm_bindgen_test]
fn findings_are_drawn_under_their_range_coloured_by_status() {
    let host = Host::new();
    let (editor, _) = mount(&host, HIDDEN_NAMES);
    let mut shown = findings(HIDDEN_NAMES, None);
    editor.show_findings(&shown);
    let marked: Vec<String> = select_all(&host.0, ".cm-lintRange.hw-status-hidden")
        .iter()
        .map(|element| element.text_content().unwrap())
        .collect();
    assert_eq!(marked, ["OS::Nova::FloatingIP", "network_id"]);
    // Not counting the hidden spacer the gutter measures its width with.
    let markers = ".cm-gutter-lint .cm-gutterElement:not([style*=hidden]) .cm-lint-marker";
    assert_eq!(
        select_all(&host.0, markers).len(),
        2,
        "a gutter marker a line"
    );

    // Computed for a longer, older text: clamped, not an error.
    let mut stale = shown[0].clone();
    stale.range = Utf16Range { from: 400, to: 410 };
    shown.push(stale);
    editor.show_findings(&shown);
    assert_eq!(
        select_all(&host.0, ".cm-lintRange.hw-status-hidden").len(),
        2
    );

    editor.show_findings(&[]);
    assert!(select_all(&host.0, ".cm-lintRange").is_empty());
}

#[wasm_bindgen_test]
fn findings_cross_to_javascript_as_json_that_keeps_every_character() {
    let mut found = findings(HIDDEN_NAMES, None);
    let tricky = "quote \" backslash \\ line\nbreak tab\t bell \u{7} </script> café 🔥";
    found[1].message = tricky.to_owned();
    let fix = found[1].fix.as_mut().expect("network_id has a fix");
    fix.title = tricky.to_owned();
    let parsed = js_sys::JSON::parse(&findings_json(&found)).unwrap();

    assert_eq!(js_sys::Array::from(&parsed).length(), 2);
    let second = get(&parsed, &["1"]);
    assert_eq!(get(&second, &["message"]).as_string().unwrap(), tricky);
    assert_eq!(get(&second, &["fix", "title"]).as_string().unwrap(), tricky);
    assert_eq!(
        get(&second, &["fix", "applicability"]).as_string().unwrap(),
        "safe"
    );
    let change = get(&second, &["fix", "changes", "0"]);
    assert_eq!(get(&change, &["insert"]).as_string().unwrap(), "network");
    assert_eq!(
        get(&change, &["from"]).as_f64().unwrap(),
        f64::from(found[1].fix.as_ref().unwrap().changes[0].range.from)
    );
    assert_eq!(
        get(&second, &["code"]).as_string().unwrap(),
        found[1].code.as_str()
    );
    assert_eq!(get(&second, &["status"]).as_string().unwrap(), "HIDDEN");
    assert_eq!(
        get(&second, &["from"]).as_f64().unwrap(),
        f64::from(found[1].range.from)
    );
    let step = get(&second, &["lifecycle", "0"]);
    assert_eq!(get(&step, &["status"]).as_string().unwrap(), "HIDDEN");
    assert_eq!(get(&step, &["release"]).as_string().unwrap(), "Liberty");
    // No fix, no status: null.
    let mut plain = found[0].clone();
    plain.fix = None;
    plain.status = None;
    let parsed = js_sys::JSON::parse(&findings_json(&[plain])).unwrap();
    assert!(get(&parsed, &["0", "fix"]).is_null());
    assert!(get(&parsed, &["0", "status"]).is_null());
}

#[wasm_bindgen_test]
fn a_fix_is_one_step_that_undo_takes_back() {
    let host = Host::new();
    let (editor, _) = mount(&host, HIDDEN_NAMES);
    let shown = findings(&editor.text(), None);
    let fix = shown
        .iter()
        .find_map(|finding| finding.fix.clone().filter(|fix| fix.is_applicable()))
        .expect("network_id has a fix");
    editor.show_findings(&shown);
    editor.apply_changes(&fix.changes);
    assert!(
        editor.text().contains("      network: net\n"),
        "{}",
        editor.text()
    );

    press_key(&host.0, "z", true);
    assert_eq!(editor.text(), HIDDEN_NAMES);
}

#[wasm_bindgen_test]
async fn changes_for_an_older_text_land_where_it_moved() {
    let host = Host::new();
    let (editor, _) = mount(&host, "# café\nname: old\n");
    let text = editor.text();
    // Typed after the text was read: everything after it moves by three.
    type_into_editor(&host.0, "ab\n").await;
    let from = text.find("old").unwrap() as u32 - 1; // `é` is two bytes, one UTF-16 unit
    editor.apply_changes(&[Change {
        range: Utf16Range { from, to: from + 3 },
        insert: "new".into(),
    }]);
    assert_eq!(editor.text(), "ab\n# café\nname: new\n");
}

#[wasm_bindgen_test]
fn dropping_the_editor_removes_it() {
    let host = Host::new();
    let (editor, _) = mount(&host, "a: 1\n");
    assert_eq!(select_all(&host.0, ".cm-editor").len(), 1);
    drop(editor);
    assert!(select_all(&host.0, ".cm-editor").is_empty());
}
