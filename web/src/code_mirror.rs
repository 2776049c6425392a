//! The CodeMirror 6 editor from `js/editor.js`, owned from Rust.

use js_sys::{Array, Function, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::Element;

use heatwise_core::catalog::StatusKind;

use crate::findings::{Change, Finding};
use crate::hover::{function_hover, function_names, FunctionHover};
use crate::outline::Utf16Range;

#[wasm_bindgen(module = "/js/editor.bundle.js")]
extern "C" {
    /// A CodeMirror `EditorView`.
    #[derive(Clone, Debug)]
    pub type EditorView;

    #[wasm_bindgen(js_name = createEditor)]
    fn create_editor(
        parent: &Element,
        text: &str,
        label: &str,
        on_change: &Function,
        function_names: &Array,
        describe_function: &Function,
    ) -> EditorView;

    #[wasm_bindgen(js_name = editorText)]
    fn editor_text(view: &EditorView) -> String;

    #[wasm_bindgen(js_name = currentText)]
    fn current_text(view: &EditorView) -> String;

    #[wasm_bindgen(js_name = replaceEditorText)]
    fn replace_editor_text(view: &EditorView, text: &str);

    #[wasm_bindgen(js_name = revealRange)]
    fn reveal_range(view: &EditorView, from: u32, to: u32);

    #[wasm_bindgen(js_name = showDiagnostics)]
    fn show_diagnostics(view: &EditorView, findings_json: &str);

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

/// One finding as `showDiagnostics` in `js/editor.js` takes it.
#[derive(Serialize)]
struct FindingView<'a> {
    from: u32,
    to: u32,
    severity: &'static str,
    message: &'a str,
    code: &'a str,
    rule: &'a str,
    status: Option<&'static str>,
    lifecycle: Vec<StepView<'a>>,
    fix: Option<FixView<'a>>,
}

#[derive(Serialize)]
struct StepView<'a> {
    status: &'static str,
    version: Option<&'a str>,
    release: Option<&'a str>,
    message: Option<&'a str>,
}

#[derive(Serialize)]
struct FixView<'a> {
    title: &'a str,
    applicability: &'static str,
    changes: Vec<ChangeView<'a>>,
}

#[derive(Serialize)]
struct ChangeView<'a> {
    from: u32,
    to: u32,
    insert: &'a str,
}

impl<'a> From<&'a Finding> for FindingView<'a> {
    fn from(finding: &'a Finding) -> Self {
        Self {
            from: finding.range.from,
            to: finding.range.to,
            severity: finding.severity.as_str(),
            message: &finding.message,
            code: &finding.code,
            rule: &finding.rule_name,
            status: finding.status.map(StatusKind::as_str),
            lifecycle: finding
                .lifecycle
                .iter()
                .map(|step| StepView {
                    status: step.status.as_str(),
                    version: step.version.as_deref(),
                    release: step.release_name.as_deref(),
                    message: step.message.as_deref(),
                })
                .collect(),
            fix: finding.fix.as_ref().map(|fix| FixView {
                title: &fix.title,
                applicability: fix.applicability.as_str(),
                changes: fix
                    .changes
                    .iter()
                    .map(|change| ChangeView {
                        from: change.range.from,
                        to: change.range.to,
                        insert: &change.insert,
                    })
                    .collect(),
            }),
        }
    }
}

/// What `showDiagnostics` in `js/editor.js` takes, as JSON: one string
/// that `JSON.parse` reads crosses out of wasm at once; building the
/// objects from Rust took a call out of wasm for every property of every
/// finding (25 ms for a thousand).
pub fn findings_json(findings: &[Finding]) -> String {
    let views: Vec<FindingView<'_>> = findings.iter().map(FindingView::from).collect();
    // Plain data of strings and numbers: serializing it cannot fail.
    serde_json::to_string(&views).unwrap_or_else(|_| "[]".to_owned())
}

/// What `describeFunction` in `js/editor.js` returns: {name, from, to,
/// steps: [{change, version, release, class}], reading}.
fn function_hover_to_js(hover: &FunctionHover) -> JsValue {
    let optional = |text: Option<&str>| text.map_or(JsValue::NULL, JsValue::from_str);
    let steps: Array = hover
        .steps
        .iter()
        .map(|step| {
            object(&[
                ("change", step.change.into()),
                ("version", step.version.as_str().into()),
                ("release", optional(step.release.as_deref())),
                ("class", optional(step.class)),
            ])
        })
        .collect();
    object(&[
        ("name", hover.name.into()),
        ("from", hover.range.from.into()),
        ("to", hover.range.to.into()),
        ("steps", steps.into()),
        ("reading", optional(hover.reading.as_deref())),
    ])
}

/// An editor mounted in the page; dropping it removes it.
pub struct CodeMirror {
    view: EditorView,
    // Called by JavaScript for as long as the view lives.
    _on_change: Closure<dyn FnMut()>,
    _describe_function: Closure<dyn Fn(String, u32) -> JsValue>,
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
        // The hover parses the text it is given: only when the pointer
        // rests on a function's name (the editor checks the word first).
        let describe_function =
            Closure::<dyn Fn(String, u32) -> JsValue>::new(|text: String, position: u32| {
                function_hover(&text, position)
                    .as_ref()
                    .map_or(JsValue::UNDEFINED, function_hover_to_js)
            });
        let names: Array = function_names().map(JsValue::from_str).collect();
        let view = create_editor(
            parent,
            text,
            label,
            on_change.as_ref().unchecked_ref(),
            &names,
            describe_function.as_ref().unchecked_ref(),
        );
        Self {
            view,
            _on_change: on_change,
            _describe_function: describe_function,
        }
    }

    pub fn view(&self) -> &EditorView {
        &self.view
    }

    pub fn text(&self) -> String {
        editor_text(&self.view)
    }

    /// The text as it is now, for readers outside the app: unlike
    /// [`Self::text`], it leaves the findings' bookkeeping alone.
    pub fn current_text(&self) -> String {
        current_text(&self.view)
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
        show_diagnostics(&self.view, &findings_json(findings));
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
