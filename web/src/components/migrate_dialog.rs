use std::rc::Rc;

use heatwise_core::fix::Applicability;
use wasm_bindgen_futures::spawn_local;
use web_sys::HtmlDialogElement;
use yew::prelude::*;

use super::DiffHunks;
use crate::migration::Migration;
use crate::running::{self, running_effects_list, RunningEffects};

#[derive(Properties, PartialEq)]
pub struct MigrateDialogProps {
    pub migration: Rc<Migration>,
    pub on_apply: Callback<()>,
    /// Escape, the close button or Cancel.
    pub on_close: Callback<()>,
    /// The "include unsafe migrations" box: preview again with or without.
    pub on_include_unsafe: Callback<bool>,
}

fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A modal dialog (the browser's own, which keeps focus inside and closes
/// on Escape) with the diff of every safe fix (and, when asked, every
/// unsafe one, each listed with what it changes) and the fixes left out.
#[function_component]
pub fn MigrateDialog(props: &MigrateDialogProps) -> Html {
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with((), move |()| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                // Fails only when already open.
                let _ = dialog.show_modal();
            }
        });
    }
    let migration = &props.migration;
    // What a stack update with the migration does, asked of the folder's
    // module for each migration shown.
    let effects = use_state_eq(|| RunningEffects::Pending);
    {
        let effects = effects.clone();
        use_effect_with(
            (
                migration.original.clone(),
                migration.migrated.clone(),
                migration.target,
            ),
            move |(before, after, target)| {
                effects.set(RunningEffects::Pending);
                if before != after {
                    let (before, after, target) = (before.clone(), after.clone(), *target);
                    spawn_local(async move {
                        effects.set(running::ask(&before, &after, target).await);
                    });
                }
            },
        );
    }
    let on_close = props.on_close.clone();
    // Escape closes the dialog itself; the app must hear of it.
    let onclose = on_close.reform(|_: Event| ());
    let oncancel = on_close.reform(|_: Event| ());
    let cancel = on_close.reform(|_: MouseEvent| ());
    let apply = props.on_apply.reform(|_: MouseEvent| ());
    let nothing_to_apply = migration.changes.is_empty();

    let summary = match &migration.refused {
        Some(reason) => {
            html! { <p class="migrate-summary is-error">{ format!("Nothing can be migrated: {reason}.") }</p> }
        }
        None if nothing_to_apply => {
            let what = if migration.with_unsafe {
                "No fix to apply."
            } else {
                "No safe fix to apply."
            };
            html! { <p class="migrate-summary">{ what }</p> }
        }
        None if migration.with_unsafe => html! {
            <p class="migrate-summary">
                { format!(
                    "{}, {} of them unsafe: Heat builds something different, as each says below. One undo takes it all back.",
                    count(migration.applied.len(), "fix changes the template", "fixes change the template"),
                    migration.applied_unsafe.len(),
                ) }
            </p>
        },
        None => html! {
            <p class="migrate-summary">
                { format!(
                    "{} Heat treats the result exactly as the original. One undo takes it back.",
                    count(migration.applied.len(), "safe fix changes the template.", "safe fixes change the template."),
                ) }
            </p>
        },
    };
    let include_unsafe = {
        let on_include_unsafe = props.on_include_unsafe.clone();
        let with_unsafe = migration.with_unsafe;
        Callback::from(move |_: Event| on_include_unsafe.emit(!with_unsafe))
    };
    let toggle = html! {
        <label class="migrate-unsafe-toggle">
            <input type="checkbox" checked={migration.with_unsafe} onchange={include_unsafe} />
            { "Include unsafe migrations (retired types, removed functions): they change what Heat builds" }
        </label>
    };
    let unsafe_list = (!migration.applied_unsafe.is_empty()).then(|| html! {
        <section class="migrate-unsafe" aria-labelledby="migrate-unsafe-heading">
            <h3 id="migrate-unsafe-heading">
                { format!("Unsafe changes included ({})", migration.applied_unsafe.len()) }
            </h3>
            <ul>
                { for migration.applied_unsafe.iter().map(|title| html! {
                    <li>
                        <span class="hw-applicability hw-applicability-unsafe">{ "unsafe" }</span>
                        <span class="migrate-left-title">{ title.clone() }</span>
                    </li>
                }) }
            </ul>
        </section>
    });
    let diff = (!nothing_to_apply).then(|| {
        html! {
            <div class="diff" role="region" aria-label="Changes" tabindex="0">
                <DiffHunks hunks={Rc::new(migration.hunks.clone())} />
            </div>
        }
    });
    let left = (!migration.left.is_empty()).then(|| html! {
        <section class="migrate-left" aria-labelledby="migrate-left-heading">
            <h3 id="migrate-left-heading">
                { format!("Left for you to decide ({})", migration.left.len()) }
            </h3>
            <ul>
                { for migration.left.iter().map(|fix| {
                    let kind = match fix.applicability {
                        Applicability::Unsafe => "unsafe",
                        _ => "advice",
                    };
                    html! {
                        <li>
                            <span class={classes!("hw-applicability", format!("hw-applicability-{kind}"))}>{ kind }</span>
                            <span class="migrate-left-title">{ fix.title.clone() }</span>
                            <span class="migrate-left-why">
                                { format!("line {}: {}", fix.line, fix.message) }
                            </span>
                        </li>
                    }
                }) }
            </ul>
        </section>
    });
    html! {
        <dialog class="migrate-dialog" ref={dialog} aria-labelledby="migrate-heading" {onclose} {oncancel}>
            <div class="dialog-header">
                <h2 id="migrate-heading">{ "Migrate all" }</h2>
                <button type="button" class="icon-button" aria-label="Close" onclick={on_close.reform(|_: MouseEvent| ())}>
                    { "×" }
                </button>
            </div>
            <div class="dialog-body">
                { summary }
                { toggle }
                { for unsafe_list }
                { for diff }
                { for (!nothing_to_apply).then(|| running_effects_list(&effects)) }
                { for left }
            </div>
            <div class="dialog-actions">
                <button type="button" class="button" onclick={cancel}>{ "Cancel" }</button>
                <button type="button" class="button button-primary" disabled={nothing_to_apply} onclick={apply}>
                    { if migration.with_unsafe { "Apply fixes" } else { "Apply safe fixes" } }
                </button>
            </div>
        </dialog>
    }
}
