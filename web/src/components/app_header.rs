use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct AppHeaderProps {
    pub example_title: AttrValue,
    pub on_start_from_example: Callback<()>,
}

#[function_component]
pub fn AppHeader(props: &AppHeaderProps) -> Html {
    let onclick = props.on_start_from_example.reform(|_: MouseEvent| ());
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
                <button
                    type="button"
                    class="button"
                    title={format!("Replace the document with the example “{}”. Undo brings yours back.", props.example_title)}
                    {onclick}
                >
                    { "Start from example" }
                </button>
            </div>
        </header>
    }
}
