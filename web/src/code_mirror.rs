//! The CodeMirror 6 editor from `js/editor.js`, owned from Rust.

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::Element;

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

    #[wasm_bindgen(js_name = destroyEditor)]
    fn destroy_editor(view: &EditorView);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
}

impl Severity {
    fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Info => "info",
            Self::Hint => "hint",
        }
    }
}

/// A message about a range of the document, drawn under the text and in
/// the gutter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub range: Utf16Range,
    pub severity: Severity,
    pub message: String,
}

impl Diagnostic {
    fn to_js(&self) -> JsValue {
        let object = Object::new();
        let fields: [(&str, JsValue); 4] = [
            ("from", self.range.from.into()),
            ("to", self.range.to.into()),
            ("severity", self.severity.as_str().into()),
            ("message", self.message.as_str().into()),
        ];
        for (key, value) in fields {
            // Setting a property on a fresh plain object cannot fail.
            let _ = Reflect::set(&object, &key.into(), &value);
        }
        object.into()
    }
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

    /// Shows `diagnostics` instead of the ones shown before.
    pub fn show_diagnostics(&self, diagnostics: &[Diagnostic]) {
        let array: Array = diagnostics.iter().map(Diagnostic::to_js).collect();
        show_diagnostics(&self.view, &array);
    }
}

impl Drop for CodeMirror {
    fn drop(&mut self) {
        destroy_editor(&self.view);
    }
}
