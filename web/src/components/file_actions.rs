use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FileActionsProps {
    /// A file the user picked.
    pub on_open: Callback<web_sys::File>,
    pub on_save: Callback<()>,
    /// Makes a share link; no Share button without it.
    #[prop_or_default]
    pub on_share: Option<Callback<()>>,
    /// Where a file can be dropped to open it, for the Open button's title.
    #[prop_or(AttrValue::Static("the page"))]
    pub drop_target: AttrValue,
}

/// Open, save and share. The file picker is the browser's own, behind a
/// button that looks like the others.
#[function_component]
pub fn FileActions(props: &FileActionsProps) -> Html {
    let picker = use_node_ref();
    let open = {
        let picker = picker.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(picker) = picker.cast::<HtmlInputElement>() {
                picker.click();
            }
        })
    };
    let onchange = {
        let on_open = props.on_open.clone();
        Callback::from(move |event: Event| {
            let input = event.target_unchecked_into::<HtmlInputElement>();
            let file = input.files().and_then(|files| files.get(0));
            // Picking the same file again must open it again.
            input.set_value("");
            if let Some(file) = file {
                on_open.emit(file);
            }
        })
    };
    html! {
        <div class="file-actions" role="group" aria-label="File">
            <input
                ref={picker}
                type="file"
                class="visually-hidden"
                tabindex="-1"
                aria-hidden="true"
                accept=".yaml,.yml,.template,.json,.txt,text/yaml,application/yaml,application/json,text/plain"
                {onchange}
            />
            <button type="button" class="button" title={format!("Open a template from this computer (or drop it on {})", props.drop_target)} onclick={open}>
                { "Open…" }
            </button>
            <button type="button" class="button" title="Download the document" onclick={props.on_save.reform(|_: MouseEvent| ())}>
                { "Save" }
            </button>
            if let Some(on_share) = &props.on_share {
                <button type="button" class="button" title="A link that carries the template itself: nothing is uploaded" onclick={on_share.reform(|_: MouseEvent| ())}>
                    { "Share" }
                </button>
            }
        </div>
    }
}
