//! The CodeMirror 6 editor from `js/editor.js`, owned from Rust.

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::Element;

use heatwise_core::catalog::StatusKind;

use crate::findings::{Change, Finding};
use crate::outline::Utf16Range;

#[wasm_bindgen(module = "/js/editor.bundle.js")]
extern "C" {
    /// A CodeMirror `EditorView`.
    #[derive(Clone, Debug)]
    pub type EditorView;

    #[wasm_bindgen(js_name = createEditor)]
    fn create_editor(parent: &Element, text: &str, label: &str, on_change: &Function)
        -> EditorView;

    #[wasm_bindgen(js_name = editorText)]
    fn editor_text(view: &EditorView) -> String;

    #[wasm_bindgen(js_name = replaceEditorText)]
    fn replace_editor_text(view: &EditorView, text: &str);

    #[wasm_bindgen(js_name = revealRange)]
    fn reveal_range(view: &EditorView, from: u32, to: u32);

    #[wasm_bindgen(js_name = showDiagnostics)]
    fn show_diagnostics(view: &EditorView, diagnostics: &Array);

    #[wasm_bindgen(js_name = applyChanges)]
    fn apply_changes(view: &EditorView, changes: &Array);

    #[wasm_bindgen(js_name = destroyEditor)]
    fn destroy_editor(view: &EditorView);
}

/// A plain object with `fields`.
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in fields {
        // Setting a property on a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    object.into()
}

fn optional(text: Option<&str>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from_str)
}

fn changes_to_js(changes: &[Change]) -> Array {
    changes
        .iter()
        .map(|change| {
            object(&[
                ("from", change.range.from.into()),
                ("to", change.range.to.into()),
                ("insert", change.insert.as_str().into()),
            ])
        })
        .collect()
}

/// What `showDiagnostics` in `js/editor.js` takes for one finding.
fn finding_to_js(finding: &Finding) -> JsValue {
    let lifecycle: Array = finding
        .lifecycle
        .iter()
        .map(|step| {
            object(&[
                ("status", step.status.as_str().into()),
                ("version", optional(step.version.as_deref())),
                ("release", optional(step.release_name.as_deref())),
                ("message", optional(step.message.as_deref())),
            ])
        })
        .collect();
    let fix = finding.fix.as_ref().map_or(JsValue::NULL, |fix| {
        object(&[
            ("title", fix.title.as_str().into()),
            ("applicability", fix.applicability.as_str().into()),
            ("changes", changes_to_js(&fix.changes).into()),
        ])
    });
    object(&[
        ("from", finding.range.from.into()),
        ("to", finding.range.to.into()),
        ("severity", finding.severity.as_str().into()),
        ("message", finding.message.as_str().into()),
        ("code", finding.code.into()),
        ("rule", finding.rule_name.into()),
        ("status", optional(finding.status.map(StatusKind::as_str))),
        ("lifecycle", lifecycle.into()),
        ("fix", fix),
    ])
}

/// An editor mounted in the page; dropping it removes it.
pub struct CodeMirror {
    view: EditorView,
    // Called by JavaScript for as long as the view lives.
    _on_change: Closure<dyn FnMut()>,
}

impl CodeMirror {
    /// Mounts an editor holding `text` inside `parent`. `label` names the
    /// text box for assistive technology. `on_change` runs after every
    /// change of the document, including [`Self::replace_text`].
    pub fn mount(
        parent: &Element,
        text: &str,
        label: &str,
        on_change: impl FnMut() + 'static,
    ) -> Self {
        let on_change = Closure::<dyn FnMut()>::new(on_change);
        let view = create_editor(parent, text, label, on_change.as_ref().unchecked_ref());
        Self {
            view,
            _on_change: on_change,
        }
    }

    pub fn view(&self) -> &EditorView {
        &self.view
    }

    pub fn text(&self) -> String {
        editor_text(&self.view)
    }

    /// Replaces the whole text as one change that undo takes back.
    pub fn replace_text(&self, text: &str) {
        replace_editor_text(&self.view, text);
    }

    /// Selects `range`, scrolls to it and focuses the editor.
    pub fn reveal(&self, range: Utf16Range) {
        reveal_range(&self.view, range.from, range.to);
    }

    /// Shows `findings`, made for the text last read with [`Self::text`]
    /// (or last put in), instead of the ones shown before. Edits made
    /// since move them along.
    pub fn show_findings(&self, findings: &[Finding]) {
        let array: Array = findings.iter().map(finding_to_js).collect();
        show_diagnostics(&self.view, &array);
    }

    /// Makes `changes`, computed for the same text as the findings shown,
    /// as one step that undo takes back.
    pub fn apply_changes(&self, changes: &[Change]) {
        apply_changes(&self.view, &changes_to_js(changes));
    }
}

impl Drop for CodeMirror {
    fn drop(&mut self) {
        destroy_editor(&self.view);
    }
}
