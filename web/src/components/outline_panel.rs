use std::rc::Rc;

use yew::prelude::*;

use super::OutlineItem;
use crate::outline::{OutlineEntry, Utf16Range};

/// How many resources the outline shows at first, and how many more each
/// "Show more" adds: thousands of entries would slow down every
/// keystroke in the editor beside them.
pub const OUTLINE_PAGE: usize = 200;

#[derive(Properties, PartialEq)]
pub struct OutlinePanelProps {
    pub entries: Rc<[OutlineEntry]>,
    /// The range to show in the editor when an entry is chosen.
    pub on_select: Callback<Utf16Range>,
}

#[function_component]
pub fn OutlinePanel(props: &OutlinePanelProps) -> Html {
    let limit = use_state(|| OUTLINE_PAGE);
    let body = if props.entries.is_empty() {
        html! {
            <p class="outline-empty">
                { "No resources yet. They go under the top-level " }
                <code>{ "resources" }</code>
                { " key." }
            </p>
        }
    } else {
        let total = props.entries.len();
        let more = total.saturating_sub(*limit);
        let show_more = (more > 0).then(|| {
            let onclick = {
                let limit = limit.clone();
                move |_: MouseEvent| limit.set(*limit + OUTLINE_PAGE)
            };
            html! {
                <p class="list-more">
                    <span class="list-more-count">{ format!("{} of {total} shown", *limit) }</span>
                    <button type="button" class="button button-small" {onclick}>
                        { format!("Show {} more", more.min(OUTLINE_PAGE)) }
                    </button>
                </p>
            }
        });
        html! {
            <div class="outline-body">
                <ol class="outline-list">
                    { for props.entries.iter().take(*limit).enumerate().map(|(index, entry)| html! {
                        <OutlineItem key={index} entry={entry.clone()} on_select={props.on_select.clone()} />
                    }) }
                </ol>
                { for show_more }
            </div>
        }
    };
    html! {
        <nav class="outline panel" aria-labelledby="outline-heading">
            <div class="panel-header">
                <h2 id="outline-heading" class="panel-title">{ "Resources" }</h2>
                <span class="panel-count" aria-label={format!("{} resources", props.entries.len())}>
                    { props.entries.len() }
                </span>
            </div>
            { body }
        </nav>
    }
}
