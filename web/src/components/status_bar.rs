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
    let (text, failed) = match &props.save_status {
        SaveStatus::Unchanged => ("Edits are saved in this browser".to_owned(), false),
        SaveStatus::Saved => ("Saved in this browser".to_owned(), false),
        SaveStatus::Failed(reason) => (format!("Not saved: {reason}"), true),
    };
    html! {
        <footer class="status-bar">
            <span class={classes!("save-status", failed.then_some("is-error"))} role="status">
                { text }
            </span>
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
