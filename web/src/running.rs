//! What a migration does to a running stack: for a stack made from the
//! template before it, what `openstack stack update --existing` with the
//! migrated template does to each resource (updated in place with nothing
//! sent, replaced with a new address, ...), as `heatwise fix` says it. The
//! folder's module works it out (heatwise-core's update preview reads
//! templates as Heat does, which the page's first load does without), so
//! the dialogs show it once the module has answered.

use std::rc::Rc;

use heatwise_core::release::Release;
use js_sys::Promise;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use yew::{html, Html};

use crate::orc::{describe, field, items, text};

#[wasm_bindgen(module = "/js/folder.js")]
extern "C" {
    #[wasm_bindgen(js_name = runningEffects)]
    fn running_effects_of(before: &str, after: &str, target: &str) -> Promise;
}

/// What the update does to one resource the migration touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunningEffect {
    /// `updated`, `replaced`, `added`, `deleted`, `refused` or `unknown`.
    pub action: Rc<str>,
    /// `name (type): what it means for what runs`, or why it cannot be
    /// known offline.
    pub text: Rc<str>,
}

/// The effects of a migration, as far as they are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunningEffects {
    /// The folder's module has not answered yet.
    Pending,
    /// Every resource the update touches; empty: it touches none.
    Known(Rc<[RunningEffect]>),
    /// Why they could not be worked out.
    Unknown(Rc<str>),
}

/// Asks the folder's module what an update from `before` to `after`,
/// carried out by Heat `target` (`None`: the newest), does.
pub async fn ask(before: &str, after: &str, target: Option<Release>) -> RunningEffects {
    let target = target.map(|t| t.to_string()).unwrap_or_default();
    match JsFuture::from(running_effects_of(before, after, &target)).await {
        Ok(answer) => read(&answer),
        Err(error) => RunningEffects::Unknown(describe(&error).into()),
    }
}

/// Reads the module's answer: `[{name, type, action, effect}]` or
/// `{error}` (see `heatwise_folder_module::running_effects`).
pub fn read(answer: &JsValue) -> RunningEffects {
    let error = field(answer, "error");
    if !error.is_undefined() && !error.is_null() {
        return RunningEffects::Unknown(text(&error).into());
    }
    if answer.is_null() || answer.is_undefined() {
        return RunningEffects::Unknown("not a template".into());
    }
    RunningEffects::Known(
        items(answer)
            .iter()
            .map(|item| RunningEffect {
                action: text(&field(item, "action")).into(),
                text: format!(
                    "{} ({}): {}",
                    text(&field(item, "name")),
                    text(&field(item, "type")),
                    text(&field(item, "effect"))
                )
                .into(),
            })
            .collect(),
    )
}

/// The effects as the migrate dialogs list them, each resource with what
/// the update does to it.
pub fn running_effects_list(effects: &RunningEffects) -> Html {
    let body = match effects {
        RunningEffects::Pending => html! {
            <p class="running-effects-note">{ "Working out what a stack update does…" }</p>
        },
        RunningEffects::Unknown(why) => html! {
            <p class="running-effects-note">{ format!("Not known: {why}") }</p>
        },
        RunningEffects::Known(effects) if effects.is_empty() => html! {
            <p class="running-effects-note">{ "No resource changes." }</p>
        },
        RunningEffects::Known(effects) => html! {
            <ul>
                { for effects.iter().map(|effect| html! {
                    <li data-action={effect.action.clone()}>
                        <strong>{ effect.action.clone() }</strong>{ " " }{ effect.text.clone() }
                    </li>
                }) }
            </ul>
        },
    };
    html! {
        <section class="running-effects" aria-label="On a running stack">
            <h3>{ "On a running stack (stack update --existing)" }</h3>
            { body }
        </section>
    }
}
