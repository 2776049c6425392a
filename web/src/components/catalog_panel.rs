use heatwise_core::catalog::{Catalog, StatusKind};
use heatwise_core::release::Release;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::{CatalogType, StatusBadge, TemplateVersions};
use crate::state::CatalogQuery;

#[derive(Properties, PartialEq)]
pub struct CatalogPanelProps {
    pub query: CatalogQuery,
    pub on_query: Callback<CatalogQuery>,
    /// The editor's target release.
    #[prop_or_default]
    pub target: Option<Release>,
}

/// Every resource type the catalog knows: search, filter by status, and
/// one type in full. HIDDEN types are listed only when asked for, as in
/// Heat's own listing. Below them, the template versions.
#[function_component]
pub fn CatalogPanel(props: &CatalogPanelProps) -> Html {
    let query = &props.query;
    if let Some(type_name) = &query.selected {
        let on_back = {
            let query = query.clone();
            props.on_query.reform(move |()| CatalogQuery {
                selected: None,
                ..query.clone()
            })
        };
        return html! {
            <div class="catalog">
                <CatalogType type_name={type_name.clone()} {on_back} />
            </div>
        };
    }
    let on_search = {
        let query = query.clone();
        props
            .on_query
            .reform(move |event: InputEvent| CatalogQuery {
                text: event.target_unchecked_into::<HtmlInputElement>().value(),
                ..query.clone()
            })
    };
    let on_status = {
        let query = query.clone();
        props.on_query.reform(move |event: Event| CatalogQuery {
            status: StatusKind::parse(&event.target_unchecked_into::<HtmlSelectElement>().value()),
            ..query.clone()
        })
    };
    let on_hidden = {
        let query = query.clone();
        props.on_query.reform(move |event: Event| CatalogQuery {
            show_hidden: event.target_unchecked_into::<HtmlInputElement>().checked(),
            ..query.clone()
        })
    };
    let types: Vec<(&'static str, StatusKind)> = Catalog::builtin()
        .types()
        .map(|t| (t.name(), t.status().kind()))
        .filter(|&(name, status)| query.lists(name, status))
        .collect();
    let status_option = |value: &str, label: &str| {
        let selected = query.status.map(StatusKind::as_str).unwrap_or("") == value;
        html! { <option value={value.to_owned()} {selected}>{ label.to_owned() }</option> }
    };
    html! {
        <div class="catalog">
            <div class="catalog-filters">
                <input
                    type="search"
                    class="problems-filter catalog-search"
                    placeholder="Search types"
                    aria-label="Search resource types"
                    value={query.text.clone()}
                    oninput={on_search}
                />
                <select class="select" aria-label="Status" onchange={on_status}>
                    { status_option("", "Any status") }
                    { status_option("SUPPORTED", "Supported") }
                    { status_option("DEPRECATED", "Deprecated") }
                    { status_option("HIDDEN", "Hidden") }
                    { status_option("UNSUPPORTED", "Unsupported") }
                </select>
                <label class="catalog-hidden-toggle">
                    <input type="checkbox" checked={query.show_hidden} onchange={on_hidden} />
                    { "Hidden types" }
                </label>
            </div>
            <p class="catalog-count">{ format!("{} types", types.len()) }</p>
            <ul class="catalog-types">
                { for types.into_iter().map(|(name, status)| {
                    let onclick = {
                        let query = query.clone();
                        props.on_query.reform(move |_: MouseEvent| CatalogQuery {
                            selected: Some(name.into()),
                            ..query.clone()
                        })
                    };
                    html! {
                        <li key={name}>
                            <button type="button" class="catalog-type-entry" {onclick}>
                                <code>{ name }</code>
                                if status != StatusKind::Supported {
                                    <StatusBadge {status} />
                                }
                            </button>
                        </li>
                    }
                }) }
            </ul>
            <TemplateVersions target={props.target} />
        </div>
    }
}
