//! heatwise-web: the editor in the browser. A yew app whose state lives in
//! [`state::Workspace`]; the text itself is edited by CodeMirror 6 (see
//! `js/editor.js`), reached through [`code_mirror`].

pub mod code_mirror;
pub mod components;
pub mod controller;
pub mod descriptions;
pub mod dispatch;
pub mod embed;
pub mod examples;
pub mod findings;
pub mod fleet;
pub mod fleet_hooks;
pub mod folder;
pub mod folder_hooks;
pub mod hooks;
pub mod hover;
pub mod live_text;
pub mod migration;
pub mod orc;
pub mod outline;
pub mod placement;
pub mod running;
pub mod scan;
pub mod share;
pub mod state;
pub mod storage;
pub mod timing;
pub mod words;

/// Replaces the page's loading message with the app.
pub fn start() {
    let document = gloo::utils::document();
    if let Some(loading) = document.get_element_by_id("loading") {
        loading.remove();
    }
    yew::Renderer::<components::App>::new().render();
}
