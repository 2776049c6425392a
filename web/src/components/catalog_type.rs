use heatwise_core::catalog::StatusKind;
use heatwise_core::lint::timeline;
use yew::prelude::*;

use super::{CatalogProperty, LifecycleTimeline, StatusBadge};
use crate::descriptions::use_described_catalog;

#[derive(Properties, PartialEq)]
pub struct CatalogTypeProps {
    pub type_name: AttrValue,
    pub on_back: Callback<()>,
}

/// A resource type in full: status and life cycle, description,
/// properties (nested) and attributes.
#[function_component]
pub fn CatalogType(props: &CatalogTypeProps) -> Html {
    let back = html! {
        <button type="button" class="button button-small catalog-back" onclick={props.on_back.reform(|_: MouseEvent| ())}>
            { "← All types" }
        </button>
    };
    let catalog = use_described_catalog();
    let Some(resource_type) = catalog.resource_type(&props.type_name) else {
        return html! { <div class="catalog-type">{ back }<p>{ "Not in the catalog." }</p></div> };
    };
    let status = resource_type.status();
    let properties: Vec<String> = resource_type.properties().map(|p| p.path()).collect();
    html! {
        <div class="catalog-type">
            { back }
            <h3 class="catalog-type-name">
                <code>{ resource_type.name() }</code>
                <StatusBadge status={status.kind()} />
            </h3>
            if resource_type.is_placeholder() {
                <p class="catalog-note">{ "Heat keeps this type as a placeholder: it accepts its properties and does nothing." }</p>
            }
            <LifecycleTimeline steps={timeline(status)} />
            if let Some(description) = resource_type.description() {
                <p class="catalog-description">{ description }</p>
            }
            <h4 class="catalog-section">{ format!("Properties ({})", properties.len()) }</h4>
            <ul class="catalog-properties">
                { for properties.into_iter().map(|path| {
                    let key = path.clone();
                    html! {
                        <CatalogProperty {key} type_name={props.type_name.clone()} path={AttrValue::from(path)} />
                    }
                }) }
            </ul>
            <h4 class="catalog-section">{ format!("Attributes ({})", resource_type.attributes().len()) }</h4>
            <ul class="catalog-properties">
                { for resource_type.attributes().map(|attribute| {
                    let status = attribute.status();
                    let steps = timeline(status);
                    let eventful = steps.len() > 1 || status.version().is_some() || status.kind() != StatusKind::Supported;
                    html! {
                        <li class="catalog-property" key={attribute.name()}>
                            <details>
                                <summary>
                                    <code class="catalog-name">{ attribute.name() }</code>
                                    if let Some(value_type) = attribute.value_type() {
                                        <span class="catalog-value-type">{ value_type }</span>
                                    }
                                    if status.kind() != StatusKind::Supported {
                                        <StatusBadge status={status.kind()} />
                                    }
                                </summary>
                                <div class="catalog-detail">
                                    if let Some(description) = attribute.description() {
                                        <p class="catalog-description">{ description }</p>
                                    }
                                    if eventful {
                                        <LifecycleTimeline {steps} />
                                    }
                                </div>
                            </details>
                        </li>
                    }
                }) }
            </ul>
        </div>
    }
}
