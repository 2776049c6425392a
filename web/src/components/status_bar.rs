use yew::prelude::*;

use crate::state::{Notice, SaveStatus};

#[derive(Properties, PartialEq)]
pub struct StatusBarProps {
    pub save_status: SaveStatus,
    #[prop_or_default]
    pub notice: Option<Notice>,
}

#[function_component]
pub fn StatusBar(props: &StatusBarProps) -> Html {
    let saving = match &props.save_status {
        SaveStatus::Unchanged => Some(("Edits are saved in this browser".to_owned(), false)),
        SaveStatus::Saved => Some(("Saved in this browser".to_owned(), false)),
        SaveStatus::Failed(reason) => Some((format!("Not saved: {reason}"), true)),
        // Nothing to tell: the embedding page keeps the text, or not.
        SaveStatus::Off => None,
    };
    html! {
        <footer class="status-bar">
            if let Some((text, failed)) = saving {
                <span class={classes!("save-status", failed.then_some("is-error"))} role="status">
                    { text }
                </span>
            }
            if let Some(notice) = &props.notice {
                <span class={classes!("notice", notice.is_error.then_some("is-error"))} role="status">
                    { notice.text.clone() }
                </span>
            }
            <span class="status-note">{ "Templates never leave your machine" }</span>
            <span class="status-note keyboard-hint">
                <kbd>{ "Esc" }</kbd>{ " then " }<kbd>{ "Tab" }</kbd>{ " leaves the editor" }
            </span>
        </footer>
    }
}
