use heatwise_core::release::Release;
use heatwise_core::template::template_versions;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TemplateVersionsProps {
    /// The editor's target release: versions it does not know are marked.
    pub target: Option<Release>,
}

/// Every HOT version Heat registers, oldest first: the release that first
/// shipped it, and its functions, the ones it refuses and its condition
/// functions.
#[function_component]
pub fn TemplateVersions(props: &TemplateVersionsProps) -> Html {
    let versions = template_versions()
        .iter()
        .filter(|v| v.key == "heat_template_version");
    html! {
        <details class="catalog-versions">
            <summary>{ "Template versions" }</summary>
            <ul class="catalog-version-list">
                { for versions.map(|version| {
                    let first = version.first_release();
                    let unreleased = props.target.zip(first).is_some_and(|(target, first)| first > target);
                    let shipped = first.map_or_else(|| "unknown".to_owned(), |r| r.display_with_name());
                    let functions: Vec<&str> = version.functions.keys().map(String::as_str).collect();
                    html! {
                        <li key={version.version.clone()} class={classes!("catalog-version", unreleased.then_some("is-unreleased"))}>
                            <details>
                                <summary>
                                    <code class="catalog-version-name">{ version.display() }</code>
                                    <span class="catalog-version-since">{ format!(" since {shipped}") }</span>
                                    if unreleased {
                                        <span class="catalog-version-unreleased">{ " not in the target release" }</span>
                                    }
                                </summary>
                                <p class="catalog-version-functions">
                                    <strong>{ "Functions: " }</strong>{ functions.join(", ") }
                                </p>
                                if !version.removed_functions.is_empty() {
                                    <p class="catalog-version-removed">
                                        <strong>{ "Refused: " }</strong>{ version.removed_functions.join(", ") }
                                    </p>
                                }
                                if !version.condition_functions.is_empty() {
                                    <p class="catalog-version-conditions">
                                        <strong>{ "Condition functions: " }</strong>{ version.condition_functions.join(", ") }
                                    </p>
                                }
                            </details>
                        </li>
                    }
                }) }
            </ul>
        </details>
    }
}
