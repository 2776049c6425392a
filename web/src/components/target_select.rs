use heatwise_core::catalog::Catalog;
use heatwise_core::release::Release;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TargetSelectProps {
    /// `None` for the catalog's newest release.
    pub target: Option<Release>,
    pub on_change: Callback<Option<Release>>,
}

/// The releases to choose from, newest first; the first is the default.
pub fn target_releases() -> Vec<Release> {
    let catalog = Catalog::builtin();
    let mut releases = catalog.history().to_vec();
    if let Some(own) = catalog.heat_release() {
        if !releases.contains(&own) {
            releases.push(own);
        }
    }
    releases.sort();
    releases.dedup();
    releases.reverse();
    releases
}

#[function_component]
pub fn TargetSelect(props: &TargetSelectProps) -> Html {
    let offered = use_memo((), |()| target_releases());
    let newest = offered.first().copied();
    // A target set from outside (an embedding page) may be one the list
    // lacks, such as a release before Liberty: it is shown all the same.
    let releases: Vec<Release> = match props.target {
        Some(target) if !offered.contains(&target) => {
            let mut releases = offered.to_vec();
            releases.push(target);
            releases.sort_by(|a, b| b.cmp(a));
            releases
        }
        _ => offered.to_vec(),
    };
    let onchange = props.on_change.reform(move |event: Event| {
        let value = event.target_unchecked_into::<HtmlSelectElement>().value();
        Release::parse_version(&value)
            .ok()
            .filter(|release| Some(*release) != newest)
    });
    let selected = props.target.or(newest);
    html! {
        <label class="target-select">
            <span class="target-label">{ "Target" }</span>
            <select
                class="select"
                title="The Heat release the template must run on: findings are for it"
                {onchange}
            >
                { for releases.iter().map(|release| {
                    let version = release.version();
                    html! {
                        <option value={version.clone()} selected={Some(*release) == selected}>
                            { release.to_string() }
                        </option>
                    }
                }) }
            </select>
        </label>
    }
}
