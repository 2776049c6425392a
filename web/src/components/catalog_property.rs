use heatwise_core::catalog::StatusKind;
use heatwise_core::lint::timeline;
use yew::prelude::*;

use super::{LifecycleTimeline, StatusBadge};
use crate::descriptions::use_described_catalog;

#[derive(Properties, PartialEq)]
pub struct CatalogPropertyProps {
    pub type_name: AttrValue,
    /// The property's path under its type (`networks.*.port`).
    pub path: AttrValue,
}

/// One property of a type in the catalog, with its children nested.
#[function_component]
pub fn CatalogProperty(props: &CatalogPropertyProps) -> Html {
    let catalog = use_described_catalog();
    let Some(property) = catalog
        .resource_type(&props.type_name)
        .and_then(|resource_type| resource_type.property(&props.path))
    else {
        return Html::default();
    };
    let status = property.status();
    let steps = timeline(status);
    // A life cycle worth showing: more than "supported from the start".
    let eventful =
        steps.len() > 1 || status.version().is_some() || status.kind() != StatusKind::Supported;
    let children: Vec<String> = property.children().map(|child| child.path()).collect();
    html! {
        <li class="catalog-property">
            <details>
                <summary>
                    <code class="catalog-name">{ property.name() }</code>
                    <span class="catalog-value-type">{ property.value_type().as_str() }</span>
                    if property.required() {
                        <span class="catalog-required">{ "required" }</span>
                    }
                    if status.kind() != StatusKind::Supported {
                        <StatusBadge status={status.kind()} />
                    }
                </summary>
                <div class="catalog-detail">
                    if let Some(description) = property.description() {
                        <p class="catalog-description">{ description }</p>
                    }
                    if eventful {
                        <LifecycleTimeline {steps} />
                    }
                </div>
            </details>
            if !children.is_empty() {
                <ul class="catalog-properties">
                    { for children.into_iter().map(|path| {
                    let key = path.clone();
                    html! {
                        <CatalogProperty {key} type_name={props.type_name.clone()} path={AttrValue::from(path)} />
                    }
                }) }
                </ul>
            }
        </li>
    }
}
