use wasm_bindgen::JsCast;
use web_sys::HtmlDetailsElement;
use yew::prelude::*;

use crate::examples::{Example, EXAMPLES};

#[derive(Properties, PartialEq)]
pub struct ExamplesMenuProps {
    /// The chosen example, one of [`EXAMPLES`].
    pub on_choose: Callback<&'static Example>,
    /// "Start fresh".
    pub on_new: Callback<()>,
}

/// A menu of the built-in templates and a blank one. The browser's own
/// disclosure element opens it, from the keyboard too.
#[function_component]
pub fn ExamplesMenu(props: &ExamplesMenuProps) -> Html {
    let menu = use_node_ref();
    let close = {
        let menu = menu.clone();
        move || {
            if let Some(menu) = menu.cast::<HtmlDetailsElement>() {
                menu.set_open(false);
            }
        }
    };
    let onkeydown = {
        let close = close.clone();
        let menu = menu.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" {
                close();
                if let Some(summary) = menu
                    .cast::<HtmlDetailsElement>()
                    .and_then(|menu| menu.query_selector("summary").ok().flatten())
                {
                    let _ = summary.unchecked_into::<web_sys::HtmlElement>().focus();
                }
            }
        })
    };
    let new = {
        let close = close.clone();
        let on_new = props.on_new.clone();
        Callback::from(move |_: MouseEvent| {
            close();
            on_new.emit(());
        })
    };
    html! {
        <details class="menu" ref={menu} {onkeydown}>
            <summary class="button">{ "Templates" }</summary>
            <div class="menu-popup">
                <button type="button" class="menu-item" title="Replace the document with an empty template. Undo brings yours back." onclick={new}>
                    <span class="menu-item-title">{ "Start fresh" }</span>
                    <span class="menu-item-detail">{ "An empty template" }</span>
                </button>
                <div class="menu-separator" role="separator"></div>
                <span class="menu-heading">{ "Examples" }</span>
                { for EXAMPLES.iter().map(|example| {
                    let close = close.clone();
                    let on_choose = props.on_choose.clone();
                    let onclick = Callback::from(move |_: MouseEvent| {
                        close();
                        on_choose.emit(example);
                    });
                    html! {
                        <button type="button" class="menu-item" {onclick}>
                            <span class="menu-item-title">{ example.title }</span>
                            <span class="menu-item-detail">{ example.file_name }</span>
                        </button>
                    }
                }) }
            </div>
        </details>
    }
}
