use web_sys::{HtmlDialogElement, HtmlInputElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareDialogProps {
    /// The link, or why there is none.
    pub link: Result<AttrValue, String>,
    pub on_copy: Callback<AttrValue>,
    pub on_close: Callback<()>,
}

#[function_component]
pub fn ShareDialog(props: &ShareDialogProps) -> Html {
    let dialog = use_node_ref();
    let field = use_node_ref();
    {
        let dialog = dialog.clone();
        let field = field.clone();
        use_effect_with((), move |()| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                let _ = dialog.show_modal();
            }
            if let Some(field) = field.cast::<HtmlInputElement>() {
                field.select();
            }
        });
    }
    let on_close = props.on_close.clone();
    let body = match &props.link {
        Ok(link) => {
            let copy = {
                let link = link.clone();
                props.on_copy.reform(move |_: MouseEvent| link.clone())
            };
            html! {
                <>
                    <p>
                        { "The link holds the whole template, compressed, after the " }
                        <code>{ "#" }</code>
                        { ". Browsers never send that part to a server: the template goes only where the link goes." }
                    </p>
                    <div class="share-row">
                        <input ref={field} class="share-link" type="text" readonly={true} value={link.clone()} aria-label="Share link" />
                        <button type="button" class="button button-primary" onclick={copy}>{ "Copy" }</button>
                    </div>
                    <p class="share-size">{ format!("{} characters", link.chars().count()) }</p>
                </>
            }
        }
        Err(reason) => {
            html! { <p class="is-error">{ format!("No link could be made: {reason}") }</p> }
        }
    };
    html! {
        <dialog class="share-dialog" ref={dialog} aria-labelledby="share-heading" onclose={on_close.reform(|_: Event| ())} oncancel={on_close.reform(|_: Event| ())}>
            <div class="dialog-header">
                <h2 id="share-heading">{ "Share" }</h2>
                <button type="button" class="icon-button" aria-label="Close" onclick={on_close.reform(|_: MouseEvent| ())}>{ "×" }</button>
            </div>
            <div class="dialog-body">{ body }</div>
        </dialog>
    }
}
