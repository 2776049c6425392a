use std::rc::Rc;

use heatwise_core::release::Release;
use yew::prelude::*;

use super::{CatalogPanel, OutlinePanel};
use crate::outline::{OutlineEntry, Utf16Range};
use crate::state::{CatalogQuery, SidePanelTab};

#[derive(Properties, PartialEq)]
pub struct SidePanelProps {
    pub tab: SidePanelTab,
    pub on_tab: Callback<SidePanelTab>,
    pub entries: Rc<[OutlineEntry]>,
    pub on_select: Callback<Utf16Range>,
    pub catalog_query: CatalogQuery,
    pub on_catalog_query: Callback<CatalogQuery>,
    /// The editor's target release.
    #[prop_or_default]
    pub target: Option<Release>,
    /// The folder view: shown in its own tab.
    pub folder: Html,
}

/// The column beside the editor: the document's resources, the catalog, or
/// a folder's stack.
#[function_component]
pub fn SidePanel(props: &SidePanelProps) -> Html {
    let tab = |which: SidePanelTab, label: &str| {
        let selected = props.tab == which;
        html! {
            <button
                type="button"
                role="tab"
                class="side-tab"
                aria-selected={selected.to_string()}
                aria-controls="side-panel-body"
                onclick={props.on_tab.reform(move |_: MouseEvent| which)}
            >
                { label.to_owned() }
            </button>
        }
    };
    let body = match props.tab {
        SidePanelTab::Resources => html! {
            <OutlinePanel entries={props.entries.clone()} on_select={props.on_select.clone()} />
        },
        SidePanelTab::Catalog => html! {
            <CatalogPanel query={props.catalog_query.clone()} on_query={props.on_catalog_query.clone()} target={props.target} />
        },
        SidePanelTab::Folder => props.folder.clone(),
    };
    html! {
        <div class="side-panel">
            <div class="side-tabs" role="tablist" aria-label="Side panel">
                { tab(SidePanelTab::Resources, "Resources") }
                { tab(SidePanelTab::Catalog, "Catalog") }
                { tab(SidePanelTab::Folder, "Folder") }
            </div>
            <div id="side-panel-body" class="side-panel-body" role="tabpanel">{ body }</div>
        </div>
    }
}
