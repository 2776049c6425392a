use std::cell::Cell;
use std::rc::Rc;

use heatwise_web::code_mirror::{CodeMirror, Diagnostic, Severity};
use heatwise_web::outline::Utf16Range;
use js_sys::Reflect;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{press_key, select, select_all, Host};

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

#[wasm_bindgen_test]
fn diagnostics_are_drawn_under_their_range() {
    let host = Host::new();
    let (editor, _) = mount(&host, "resources:\n  ip:\n    type: OS::Nova::FloatingIP\n");
    editor.show_diagnostics(&[
        Diagnostic {
            range: Utf16Range { from: 27, to: 47 },
            severity: Severity::Warning,
            message: "deprecated since Pike".into(),
        },
        Diagnostic {
            // Computed for a longer, older text.
            range: Utf16Range { from: 400, to: 410 },
            severity: Severity::Error,
            message: "stale".into(),
        },
    ]);
    let marked = select_all(&host.0, ".cm-lintRange-warning");
    assert_eq!(marked.len(), 1);
    assert_eq!(marked[0].text_content().unwrap(), "OS::Nova::FloatingIP");

    editor.show_diagnostics(&[]);
    assert!(select_all(&host.0, ".cm-lintRange").is_empty());
}

#[wasm_bindgen_test]
fn dropping_the_editor_removes_it() {
    let host = Host::new();
    let (editor, _) = mount(&host, "a: 1\n");
    assert_eq!(select_all(&host.0, ".cm-editor").len(), 1);
    drop(editor);
    assert!(select_all(&host.0, ".cm-editor").is_empty());
}
