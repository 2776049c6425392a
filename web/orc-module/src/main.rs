//! The module the editor imports (wasm-bindgen's `web` target) the first
//! time its ORC view opens. A binary because Trunk builds a module other
//! than the app's from a binary target.

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {}

/// `text` exported to ORC with the view's settings and the environments
/// (JSON `[{path, text}]`); JSON of
/// [`heatwise_orc_module::export_view`].
#[wasm_bindgen(js_name = exportOrc)]
pub fn export_orc(
    text: &str,
    namespace: &str,
    secret_name: &str,
    cloud_name: &str,
    parameters: &str,
    environments: &str,
) -> String {
    let settings = heatwise_orc_module::Settings {
        namespace,
        secret_name,
        cloud_name,
        parameters,
    };
    // `[{path, text}]`: the environments of the stack the document is the
    // root of, in order.
    let environments: Vec<serde_json::Value> =
        serde_json::from_str(environments).unwrap_or_default();
    let environments: Vec<(&str, &str)> = environments
        .iter()
        .filter_map(|e| Some((e["path"].as_str()?, e["text"].as_str()?)))
        .collect();
    heatwise_orc_module::export_view(text, &settings, &environments).to_string()
}
