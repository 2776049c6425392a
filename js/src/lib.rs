//! heatwise-js: the functions behind the npm package `heatwise`.
//!
//! [`api`] does the work in plain Rust and answers in JSON text; this file
//! only exports it to JavaScript. The package's own `index.js` checks the
//! argument types, calls these exports and parses their JSON, so that the
//! boundary carries strings only.

pub mod api;

use heatwise_core::time::UtcTime;
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
}

/// The moment of a call: JavaScript's clock, which is the caller's.
fn now() -> Option<UtcTime> {
    #[cfg(target_arch = "wasm32")]
    let micros = (date_now() * 1000.0) as i64;
    #[cfg(not(target_arch = "wasm32"))]
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_micros() as i64;
    Some(UtcTime::from_unix_micros(micros))
}

fn to_js(result: Result<String, api::ApiError>) -> Result<String, JsError> {
    result.map_err(|error| JsError::new(&error.0))
}

/// Findings of a template as a JSON array (see [`api::lint`]).
#[wasm_bindgen(js_name = lintJson)]
pub fn lint_json(
    text: &str,
    target: Option<String>,
    catalog: Option<String>,
    environments: Option<Vec<String>>,
) -> Result<String, JsError> {
    let environments = environments.unwrap_or_default();
    let source = api::Source::new(target.as_deref(), catalog.as_deref())
        .with_environments(&environments)
        .with_now(now());
    to_js(api::lint(text, &source).map(|value| value.to_string()))
}

/// The stack as ORC manifests, with findings and the plan, as JSON (see
/// [`api::to_orc`]).
#[wasm_bindgen(js_name = toOrcJson)]
pub fn to_orc_json(text: &str, options: &str) -> Result<String, JsError> {
    to_js(api::to_orc(text, options).map(|value| value.to_string()))
}

/// The migrated text and the fixes applied, as JSON (see [`api::fix`]).
#[wasm_bindgen(js_name = fixJson)]
pub fn fix_json(
    text: &str,
    unsafe_fixes: bool,
    codes: Option<Vec<String>>,
    target: Option<String>,
    catalog: Option<String>,
    environments: Option<Vec<String>>,
) -> Result<String, JsError> {
    let environments = environments.unwrap_or_default();
    let source = api::Source::new(target.as_deref(), catalog.as_deref())
        .with_environments(&environments)
        .with_now(now());
    to_js(api::fix(text, unsafe_fixes, codes.as_deref(), &source).map(|value| value.to_string()))
}

/// A type, property or attribute with its life cycle, or `null`, as JSON
/// (see [`api::lookup`]).
#[wasm_bindgen(js_name = lookupJson)]
pub fn lookup_json(
    type_name: &str,
    path: Option<String>,
    attribute: bool,
    target: Option<String>,
    catalog: Option<String>,
) -> Result<String, JsError> {
    let source = api::Source::new(target.as_deref(), catalog.as_deref());
    let what = match path.as_deref() {
        None => api::Lookup::Type,
        Some(name) if attribute => api::Lookup::Attribute(name),
        Some(path) => api::Lookup::Property(path),
    };
    to_js(api::lookup(type_name, what, &source).map(|value| value.to_string()))
}

/// The resource types as a JSON array (see [`api::catalog`]).
#[wasm_bindgen(js_name = catalogJson)]
pub fn catalog_json(
    hidden: bool,
    target: Option<String>,
    catalog: Option<String>,
) -> Result<String, JsError> {
    let source = api::Source::new(target.as_deref(), catalog.as_deref());
    to_js(api::catalog(hidden, &source).map(|value| value.to_string()))
}

/// The input limits, as JSON (see [`api::limits`]).
#[wasm_bindgen(js_name = limitsJson)]
pub fn limits_json() -> String {
    api::limits().to_string()
}
