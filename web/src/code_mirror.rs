//! The CodeMirror 6 editor from `js/editor.js`, owned from Rust.

use std::fmt::Write as _;

use js_sys::{Array, Function, Object, Reflect};
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

/// `text` as a JSON string.
fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            control if u32::from(control) < 0x20 => {
                // Writing to a String cannot fail.
                let _ = write!(out, "\\u{:04x}", u32::from(control));
            }
            other => out.push(other),
        }
    }
    out.push('"');
}

fn push_json_optional(out: &mut String, text: Option<&str>) {
    match text {
        Some(text) => push_json_string(out, text),
        None => out.push_str("null"),
    }
}

/// A key of a JSON object, and what writes its value.
type JsonField<'a> = (&'a str, &'a dyn Fn(&mut String));

/// Writes `{"key":value,...}`.
fn push_json_object(out: &mut String, fields: &[JsonField<'_>]) {
    out.push('{');
    for (index, (key, value)) in fields.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        push_json_string(out, key);
        out.push(':');
        value(out);
    }
    out.push('}');
}

fn push_json_array<T>(out: &mut String, items: &[T], item: impl Fn(&mut String, &T)) {
    out.push('[');
    for (index, value) in items.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        item(out, value);
    }
    out.push(']');
}

/// What `showDiagnostics` in `js/editor.js` takes: an array of {from, to,
/// severity, message, code, rule, status, lifecycle: [{status, version,
/// release, message}], fix: {title, applicability, changes: [{from, to,
/// insert}]} | null}, as JSON. One string that `JSON.parse` reads crosses
/// out of wasm at once; building the objects from Rust took a call out of
/// wasm for every property of every finding (25 ms for a thousand).
pub fn findings_json(findings: &[Finding]) -> String {
    let mut out = String::with_capacity(findings.len() * 512);
    push_json_array(&mut out, findings, |out, finding| {
        push_json_object(
            out,
            &[
                ("from", &|out| write_number(out, finding.range.from)),
                ("to", &|out| write_number(out, finding.range.to)),
                ("severity", &|out| {
                    push_json_string(out, finding.severity.as_str())
                }),
                ("message", &|out| push_json_string(out, &finding.message)),
                ("code", &|out| push_json_string(out, &finding.code)),
                ("rule", &|out| push_json_string(out, &finding.rule_name)),
                ("status", &|out| {
                    push_json_optional(out, finding.status.map(StatusKind::as_str))
                }),
                ("lifecycle", &|out| {
                    push_json_array(out, &finding.lifecycle, |out, step| {
                        push_json_object(
                            out,
                            &[
                                ("status", &|out| push_json_string(out, step.status.as_str())),
                                ("version", &|out| {
                                    push_json_optional(out, step.version.as_deref())
                                }),
                                ("release", &|out| {
                                    push_json_optional(out, step.release_name.as_deref())
                                }),
                                ("message", &|out| {
                                    push_json_optional(out, step.message.as_deref())
                                }),
                            ],
                        );
                    });
                }),
                ("fix", &|out| match &finding.fix {
                    None => out.push_str("null"),
                    Some(fix) => push_json_object(
                        out,
                        &[
                            ("title", &|out| push_json_string(out, &fix.title)),
                            ("applicability", &|out| {
                                push_json_string(out, fix.applicability.as_str())
                            }),
                            ("changes", &|out| {
                                push_json_array(out, &fix.changes, |out, change| {
                                    push_json_object(
                                        out,
                                        &[
                                            ("from", &|out| write_number(out, change.range.from)),
                                            ("to", &|out| write_number(out, change.range.to)),
                                            ("insert", &|out| {
                                                push_json_string(out, &change.insert)
                                            }),
                                        ],
                                    );
                                });
                            }),
                        ],
                    ),
                }),
            ],
        );
    });
    out
}

fn write_number(out: &mut String, number: u32) {
    // Writing to a String cannot fail.
    let _ = write!(out, "{number}");
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
