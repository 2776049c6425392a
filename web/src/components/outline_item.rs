use yew::prelude::*;

use crate::outline::{OutlineEntry, Utf16Range};

#[derive(Properties, PartialEq)]
pub struct OutlineItemProps {
    pub entry: OutlineEntry,
    pub on_select: Callback<Utf16Range>,
}

#[function_component]
pub fn OutlineItem(props: &OutlineItemProps) -> Html {
    let entry = &props.entry;
    let onclick = {
        let range = entry.name_range;
        props.on_select.reform(move |_: MouseEvent| range)
    };
    let type_name = match &entry.type_name {
        Some(type_name) => html! { <span class="outline-type">{ type_name.clone() }</span> },
        None => html! { <span class="outline-type is-missing">{ "no type" }</span> },
    };
    html! {
        <li>
            <button type="button" class="outline-entry" {onclick}>
                <span class="outline-name">{ entry.name.clone() }</span>
                { type_name }
                <span class="outline-line">
                    <span class="visually-hidden">{ "line " }</span>
                    { entry.line }
                </span>
            </button>
        </li>
    }
}
