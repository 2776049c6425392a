//! Tests that need a browser: `cargo test -p heatwise-web --target
//! wasm32-unknown-unknown` (wasm-bindgen-test-runner drives Chromium or,
//! with GECKODRIVER set, Firefox).

mod app;
mod code_editor;
mod code_mirror;
mod embed;
mod findings;
mod fleet_page;
mod folder;
mod hover;
mod migration;
mod orc_panel;
mod outline;
mod outline_panel;
mod problems_panel;
mod state;
mod support;
mod template_versions;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
