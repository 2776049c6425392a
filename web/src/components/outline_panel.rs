use std::rc::Rc;

use yew::prelude::*;

use super::OutlineItem;
use crate::outline::{OutlineEntry, Utf16Range};

#[derive(Properties, PartialEq)]
pub struct OutlinePanelProps {
    pub entries: Rc<[OutlineEntry]>,
    /// The range to show in the editor when an entry is chosen.
    pub on_select: Callback<Utf16Range>,
}

#[function_component]
pub fn OutlinePanel(props: &OutlinePanelProps) -> Html {
    let body = if props.entries.is_empty() {
        html! {
            <p class="outline-empty">
                { "No resources yet. They go under the top-level " }
                <code>{ "resources" }</code>
                { " key." }
            </p>
        }
    } else {
        html! {
            <ol class="outline-list">
                { for props.entries.iter().enumerate().map(|(index, entry)| html! {
                    <OutlineItem key={index} entry={entry.clone()} on_select={props.on_select.clone()} />
                }) }
            </ol>
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
