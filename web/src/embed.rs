//! The editor inside another page (`heatwise/editor` in the npm package):
//! [`mount_app`] renders the whole App into an element the page hands in
//! (inside a shadow root of the page's element), and leaves the page's URL,
//! history, local storage and window-wide drops alone.

use std::rc::Rc;

use heatwise_core::release::Release;
use heatwise_core::syntax::MAX_INPUT_BYTES;
use js_sys::Function;
use wasm_bindgen::prelude::*;
use web_sys::Element;
use yew::{AppHandle, Callback, Renderer};

use crate::components::{target_releases, App, AppProps};
use crate::controller::AppController;
use crate::placement::Placement;
use crate::storage::Persistence;

/// An App mounted by [`mount_app`]; JavaScript holds it.
#[wasm_bindgen]
pub struct EmbeddedApp {
    app: Option<AppHandle<App>>,
    controller: AppController,
}

/// The release to check against for `text`, a version (`27.0.1`,
/// `2014.2`) or a name (`Liberty`, `2024.1`); `None` for the newest one,
/// as the target selector has it.
pub fn parse_target(text: &str) -> Result<Option<Release>, String> {
    let release = Release::parse(text).map_err(|error| error.to_string())?;
    let newest = target_releases().first().copied();
    Ok((Some(release) != newest).then_some(release))
}

/// Refuses a text larger than the linter reads, naming the limit: an
/// editor would hold it but could check none of it.
pub fn check_size(text: &str, what: &str) -> Result<(), JsError> {
    if text.len() <= MAX_INPUT_BYTES {
        return Ok(());
    }
    Err(JsError::new(&format!(
        "{what}: the template is {} bytes; the editor takes at most {MAX_INPUT_BYTES} bytes (10 MiB)",
        text.len()
    )))
}

/// Renders the App into `root`, an element the caller has put in the page
/// (inside a shadow root, so that the page's styles and the App's stay
/// apart), and resolves once it is on screen.
///
/// - `text`: the template to open (when `storage_key` keeps none);
/// - `target`: the release to check against, or `None` for the newest;
/// - `storage_key`: the local storage key the document is kept under
///   between visits, or `None` to keep it nowhere;
/// - `on_change`: called with the whole text each time it changes, once
///   typing pauses.
#[wasm_bindgen(js_name = mountApp)]
pub async fn mount_app(
    root: Element,
    text: String,
    target: Option<String>,
    storage_key: Option<String>,
    on_change: Option<Function>,
) -> Result<EmbeddedApp, JsError> {
    check_size(&text, "options.value")?;
    let initial_target = match target.as_deref() {
        Some(target) => parse_target(target)
            .map_err(|reason| JsError::new(&format!("options.target: {reason}")))?,
        None => None,
    };
    let persistence = match storage_key {
        Some(key) if key.is_empty() => {
            return Err(JsError::new(
                "options.storageKey: expected a non-empty local storage key, or no storageKey to keep the text nowhere",
            ))
        }
        Some(key) => Persistence::LocalStorage(key.into()),
        None => Persistence::Off,
    };
    let on_document_change = on_change.map(|function| {
        Callback::from(move |text: Rc<str>| {
            // The page's callback reports its own errors.
            let _ = function.call1(&JsValue::NULL, &JsValue::from_str(&text));
        })
    });
    let controller = AppController::new();
    let props = AppProps {
        initial_text: Some(text.into()),
        initial_target,
        persistence,
        share_links: false,
        placement: Placement::Element(root.clone()),
        on_document_change,
        controller: Some(controller.clone()),
    };
    let app = Renderer::<App>::with_root_and_props(root, props).render();
    controller.attached().await;
    Ok(EmbeddedApp {
        app: Some(app),
        controller,
    })
}

#[wasm_bindgen]
impl EmbeddedApp {
    /// The text as it is now: keystrokes that have not settled yet
    /// included, or what the last `setValue` put in.
    #[wasm_bindgen(js_name = getValue)]
    pub fn value(&self) -> Result<String, JsError> {
        self.controller
            .document()
            .map(|text| text.to_string())
            .ok_or_else(destroyed)
    }

    /// Replaces the whole text, as one change that undo takes back.
    #[wasm_bindgen(js_name = setValue)]
    pub fn set_value(&self, text: String) -> Result<(), JsError> {
        check_size(&text, "setValue(text)")?;
        if self.controller.replace_document(text.into()) {
            Ok(())
        } else {
            Err(destroyed())
        }
    }

    /// Checks against `release` (`None`: the newest); refused, changing
    /// nothing, when it is not a Heat release.
    #[wasm_bindgen(js_name = setTarget)]
    pub fn set_target(&self, release: Option<String>) -> Result<(), JsError> {
        let target = match release.as_deref() {
            Some(release) => parse_target(release).map_err(|reason| JsError::new(&reason))?,
            None => None,
        };
        if self.controller.set_target(target) {
            Ok(())
        } else {
            Err(destroyed())
        }
    }

    /// Unmounts the App; the handle then refuses everything.
    pub fn destroy(&mut self) {
        if let Some(app) = self.app.take() {
            app.destroy();
        }
        self.controller.detach();
    }
}

fn destroyed() -> JsError {
    JsError::new("the editor was destroyed")
}
