//! The module the editor imports (wasm-bindgen's `web` target) the first
//! time its ORC view opens. A binary because Trunk builds a module other
//! than the app's from a binary target.

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {}

/// `text` exported to ORC with the view's settings (a running stack's
/// resource list among them, for a hand-over) and its stack (JSON
/// `{root, environments: [{path, text}], files: [{path, text}]}`, paths in
/// the folder; `{}` without one); JSON of
/// [`heatwise_orc_module::export_view`].
#[wasm_bindgen(js_name = exportOrc)]
pub fn export_orc(
    text: &str,
    namespace: &str,
    secret_name: &str,
    cloud_name: &str,
    parameters: &str,
    stack_resources: &str,
    stack: &str,
) -> String {
    let settings = heatwise_orc_module::Settings {
        namespace,
        secret_name,
        cloud_name,
        parameters,
        stack_resources,
    };
    let stack: serde_json::Value = serde_json::from_str(stack).unwrap_or_default();
    let files = |key: &str| -> Vec<(&str, &str)> {
        (stack[key].as_array().into_iter().flatten())
            .filter_map(|e| Some((e["path"].as_str()?, e["text"].as_str()?)))
            .collect()
    };
    let view_stack = heatwise_orc_module::ViewStack {
        root: stack["root"].as_str().unwrap_or_default(),
        environments: files("environments"),
        files: files("files"),
    };
    heatwise_orc_module::export_view(text, &settings, &view_stack).to_string()
}
