use heatwise_core::release::Release;
use yew::prelude::*;

use super::{ExamplesMenu, FileActions, TargetSelect};
use crate::examples::Example;

#[derive(Properties, PartialEq)]
pub struct AppHeaderProps {
    pub on_choose_example: Callback<&'static Example>,
    pub on_new: Callback<()>,
    pub on_open: Callback<web_sys::File>,
    pub on_save: Callback<()>,
    /// Makes a share link; no Share button without it.
    #[prop_or_default]
    pub on_share: Option<Callback<()>>,
    /// Where a file can be dropped to open it, in words.
    pub drop_target: AttrValue,
    pub target: Option<Release>,
    pub on_target_change: Callback<Option<Release>>,
    pub on_migrate_all: Callback<()>,
    /// The stacks of the fleet opened, if one is: a button shows its page.
    #[prop_or_default]
    pub fleet: Option<usize>,
    #[prop_or_default]
    pub on_show_fleet: Callback<()>,
}

#[function_component]
pub fn AppHeader(props: &AppHeaderProps) -> Html {
    html! {
        <header class="app-header">
            <h1 class="brand">
                <svg class="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M12 2c1 3.5-1.5 5-1.5 8 0 1.4 1 2.5 2.3 2.5 1.6 0 2.5-1.3 2.2-3.3C17.6 11 19 13.6 19 16a7 7 0 0 1-14 0c0-4.6 4.2-7 7-14z" />
                </svg>
                { "heatwise" }
            </h1>
            <p class="tagline">{ "Support status and migration for OpenStack Heat templates" }</p>
            <div class="header-actions">
                <ExamplesMenu on_choose={props.on_choose_example.clone()} on_new={props.on_new.clone()} />
                <FileActions
                    on_open={props.on_open.clone()}
                    on_save={props.on_save.clone()}
                    on_share={props.on_share.clone()}
                    drop_target={props.drop_target.clone()}
                />
                <span class="header-separator" aria-hidden="true"></span>
                <TargetSelect target={props.target} on_change={props.on_target_change.clone()} />
                <button
                    type="button"
                    class="button button-primary"
                    title="Preview every safe fix as one change, then apply it"
                    onclick={props.on_migrate_all.reform(|_: MouseEvent| ())}
                >
                    { "Migrate all…" }
                </button>
                if let Some(stacks) = props.fleet {
                    <button
                        type="button"
                        class="button"
                        title={format!(
                            "The cloud's {} opened: a table that sorts and filters",
                            crate::words::plural(stacks, "stack", "stacks")
                        )}
                        onclick={props.on_show_fleet.reform(|_: MouseEvent| ())}
                    >
                        { format!("Fleet ({stacks})") }
                    </button>
                }
            </div>
        </header>
    }
}
