//! Share links, downloads and the clipboard (`js/share.js`). A share link
//! carries the template in its fragment (`#template=…`), which browsers
//! never send to a server.

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// Where a share link keeps the template.
pub const FRAGMENT_KEY: &str = "template=";

#[wasm_bindgen(module = "/js/share.js")]
extern "C" {
    #[wasm_bindgen(js_name = encodeTemplate)]
    fn encode_template(text: &str) -> Promise;

    #[wasm_bindgen(js_name = decodeTemplate)]
    fn decode_template(encoded: &str) -> Promise;

    #[wasm_bindgen(js_name = copyText)]
    fn copy_text(text: &str) -> Promise;

    #[wasm_bindgen(js_name = fetchBytes)]
    fn fetch_bytes_promise(url: &str) -> Promise;

    /// Offers `text` for download as `file_name`, through a link put for
    /// a moment into `parent` (default: the page's body).
    #[wasm_bindgen(js_name = downloadText)]
    pub fn download_text(text: &str, file_name: &str, parent: Option<&web_sys::Element>);
}

/// The bytes of a file beside the page, or `None` when it cannot be
/// fetched (the page opened from a file, say).
pub async fn fetch_bytes(url: &str) -> Option<Vec<u8>> {
    let value = JsFuture::from(fetch_bytes_promise(url)).await.ok()?;
    value
        .dyn_into::<js_sys::Uint8Array>()
        .ok()
        .map(|bytes| bytes.to_vec())
}

fn describe(error: JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|error| String::from(error.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_owned())
}

/// A link to this page that opens `text`.
pub async fn share_link(text: &str) -> Result<String, String> {
    let encoded = JsFuture::from(encode_template(text))
        .await
        .map_err(describe)?
        .as_string()
        .unwrap_or_default();
    let location = gloo::utils::window().location();
    let page = location.href().map_err(describe)?;
    let page = page.split('#').next().unwrap_or_default();
    Ok(format!("{page}#{FRAGMENT_KEY}{encoded}"))
}

/// The template a share link's fragment (`#template=…`) carries.
pub async fn template_from_fragment(fragment: &str) -> Option<Result<String, String>> {
    let encoded = fragment.strip_prefix('#')?.strip_prefix(FRAGMENT_KEY)?;
    let decoded = JsFuture::from(decode_template(encoded)).await;
    Some(
        decoded
            .map(|text| text.as_string().unwrap_or_default())
            .map_err(|_| "the link is damaged or incomplete".to_owned()),
    )
}

pub async fn copy_to_clipboard(text: &str) -> Result<(), String> {
    JsFuture::from(copy_text(text))
        .await
        .map(|_| ())
        .map_err(describe)
}
