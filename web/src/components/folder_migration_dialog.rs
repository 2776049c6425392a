use std::rc::Rc;

use web_sys::HtmlDialogElement;
use yew::prelude::*;

use super::DiffHunks;
use crate::folder::FolderMigration;
use crate::migration::diff_hunks;
use crate::running::running_effects_list;

#[derive(Properties, PartialEq)]
pub struct FolderMigrationDialogProps {
    pub migration: Rc<FolderMigration>,
    pub on_apply: Callback<()>,
    pub on_close: Callback<()>,
}

/// "Migrate all" over a folder's stack: one diff per file, the files left
/// as they are, and, when the migration would break what the files rely
/// on of each other, why nothing can be applied.
#[function_component]
pub fn FolderMigrationDialog(props: &FolderMigrationDialogProps) -> Html {
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with((), move |()| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                let _ = dialog.show_modal();
            }
        });
    }
    let on_close = props.on_close.clone();
    let (summary, body, can_apply) = match &*props.migration {
        FolderMigration::Failed(why) => (
            html! { <p class="migrate-summary is-error">{ format!("The stack cannot be migrated: {why}") }</p> },
            Html::default(),
            false,
        ),
        FolderMigration::Ready {
            changed,
            running,
            refused,
            broken,
        } => {
            let summary = if !broken.is_empty() {
                html! {
                    <div class="migrate-summary is-error">
                        <p>{ "Nothing can be applied: the migration would break what the stack's files rely on of each other." }</p>
                        <ul>
                            { for broken.iter().map(|(path, rule, count)| html! {
                                <li>{ format!("{path}: {count} more {rule} finding(s)") }</li>
                            }) }
                        </ul>
                    </div>
                }
            } else if changed.is_empty() {
                html! { <p class="migrate-summary">{ "No safe fix to apply in the stack." }</p> }
            } else {
                html! {
                    <p class="migrate-summary">
                        { format!("Safe fixes change {} of the stack; Heat treats each exactly as the original, and the files still fit each other.", if changed.len() == 1 { "1 file".to_owned() } else { format!("{} files", changed.len()) }) }
                    </p>
                }
            };
            let body = html! {
                <>
                    { for changed.iter().map(|file| html! {
                        <section class="folder-diff">
                            <h3>{ file.path.to_string() }</h3>
                            <div class="diff" role="region" aria-label={format!("Changes to {}", file.path)} tabindex="0">
                                <DiffHunks hunks={Rc::new(diff_hunks(&file.before, &file.after))} />
                            </div>
                            { for file.effects.as_ref().map(running_effects_list) }
                        </section>
                    }) }
                    { for running.as_ref().map(|running| html! {
                        <section class="folder-running" aria-label="The running stack">
                            { running_effects_list(&running.effects) }
                            if !running.skipped.is_empty() {
                                <ul class="fleet-skipped">
                                    { for running.skipped.iter().map(|why| html! { <li>{ why }</li> }) }
                                </ul>
                            }
                            <p class="fleet-command">
                                { "Apply it to the running stack: " }
                                <code>{ &running.command }</code>
                            </p>
                        </section>
                    }) }
                    { for (!refused.is_empty()).then(|| html! {
                        <section class="migrate-left">
                            <h3>{ format!("Left as they are ({})", refused.len()) }</h3>
                            <ul>
                                { for refused.iter().map(|(path, why)| html! { <li>{ format!("{path}: {why}") }</li> }) }
                            </ul>
                        </section>
                    }) }
                </>
            };
            (summary, body, broken.is_empty() && !changed.is_empty())
        }
    };
    let apply = props.on_apply.reform(|_: MouseEvent| ());
    html! {
        <dialog class="migrate-dialog folder-migrate-dialog" ref={dialog} aria-labelledby="folder-migrate-heading"
            onclose={on_close.reform(|_: Event| ())} oncancel={on_close.reform(|_: Event| ())}>
            <div class="dialog-header">
                <h2 id="folder-migrate-heading">{ "Migrate the stack" }</h2>
                <button type="button" class="icon-button" aria-label="Close" onclick={on_close.reform(|_: MouseEvent| ())}>{ "×" }</button>
            </div>
            <div class="dialog-body">
                { summary }
                { body }
            </div>
            <div class="dialog-actions">
                <button type="button" class="button" onclick={on_close.reform(|_: MouseEvent| ())}>{ "Cancel" }</button>
                <button type="button" class="button button-primary" disabled={!can_apply} onclick={apply}>{ "Apply to the folder" }</button>
            </div>
        </dialog>
    }
}
