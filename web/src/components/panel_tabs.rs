use yew::prelude::*;

use crate::state::BottomPanelTab;

#[derive(Properties, PartialEq)]
pub struct PanelTabsProps {
    pub tab: BottomPanelTab,
    pub on_tab: Callback<BottomPanelTab>,
    /// How many findings the linter has, shown on the Problems tab.
    pub problems: usize,
}

/// The tabs of the panel under the editor: the problems, or the stack as
/// ORC manifests. Each view puts them at the start of its header.
#[function_component]
pub fn PanelTabs(props: &PanelTabsProps) -> Html {
    let tab = |which: BottomPanelTab, id: &'static str, label: &'static str, extra: Html| {
        let selected = props.tab == which;
        html! {
            <button
                type="button"
                role="tab"
                {id}
                class="panel-tab"
                aria-selected={selected.to_string()}
                aria-controls="bottom-panel-body"
                onclick={props.on_tab.reform(move |_: MouseEvent| which)}
            >
                <span class="panel-tab-label">{ label }</span>
                { extra }
            </button>
        }
    };
    let count = html! {
        <span class="panel-count problems-count" aria-label={format!("{} problems", props.problems)}>
            { props.problems }
        </span>
    };
    html! {
        <div class="panel-tabs" role="tablist" aria-label="Under the editor">
            { tab(BottomPanelTab::Problems, "problems-tab", "Problems", count) }
            { tab(BottomPanelTab::Orc, "orc-tab", "ORC export", Html::default()) }
        </div>
    }
}
