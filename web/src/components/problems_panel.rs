use std::rc::Rc;

use heatwise_core::lint::Severity;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::ProblemItem;
use crate::findings::{counts_by_severity, Change, Finding, ProblemFilter};
use crate::outline::Utf16Range;
use crate::words::plural;

/// How many findings the list shows at first, and how many more each
/// "Show more" adds. A big template has a thousand findings: laying out
/// all of them slows down every keystroke in the editor beside them.
pub const PROBLEMS_PAGE: usize = 100;

#[derive(Properties, PartialEq)]
pub struct ProblemsPanelProps {
    /// The panel's tabs, at the start of the header.
    pub tabs: Html,
    pub findings: Rc<[Finding]>,
    pub filter: ProblemFilter,
    /// The range to show in the editor when a finding is chosen.
    pub on_reveal: Callback<Utf16Range>,
    pub on_fix: Callback<Rc<[Change]>>,
    pub on_toggle_severity: Callback<Severity>,
    pub on_filter: Callback<String>,
}

/// `3 warnings`: a count of findings of one severity.
fn counted(count: usize, severity: Severity) -> String {
    let (one, many) = match severity {
        Severity::Error => ("error", "errors"),
        Severity::Warning => ("warning", "warnings"),
        Severity::Info => ("note", "notes"),
    };
    plural(count, one, many)
}

#[function_component]
pub fn ProblemsPanel(props: &ProblemsPanelProps) -> Html {
    // How many listed findings are shown, and the filter that was chosen
    // under: another filter starts again from the first page.
    let expanded = use_state(|| (props.filter.clone(), PROBLEMS_PAGE));
    let limit = if expanded.0 == props.filter {
        expanded.1
    } else {
        PROBLEMS_PAGE
    };
    let toggles = counts_by_severity(&props.findings).map(|(severity, count)| {
        let shown = !props.filter.hidden.contains(&severity);
        let onclick = props.on_toggle_severity.reform(move |_: MouseEvent| severity);
        let label = counted(count, severity);
        html! {
            <button
                type="button"
                class={classes!("severity-toggle", format!("severity-toggle-{}", severity.as_str()))}
                aria-pressed={shown.to_string()}
                title={format!("{} {}", if shown { "Hide" } else { "Show" }, label)}
                {onclick}
            >
                <span class={classes!("severity-icon", format!("severity-{}", severity.as_str()))} aria-hidden="true"></span>
                <span class="severity-count">{ label }</span>
            </button>
        }
    });
    let oninput = props
        .on_filter
        .reform(|event: InputEvent| event.target_unchecked_into::<HtmlInputElement>().value());
    let listed: Vec<&Finding> = props
        .findings
        .iter()
        .filter(|finding| props.filter.matches(finding))
        .collect();
    let body = if props.findings.is_empty() {
        html! { <p class="problems-empty">{ "No problems: everything this template uses is supported." }</p> }
    } else if listed.is_empty() {
        html! { <p class="problems-empty">{ "No problem matches the filter." }</p> }
    } else {
        let more = listed.len().saturating_sub(limit);
        let show_more = (more > 0).then(|| {
            let onclick = {
                let expanded = expanded.clone();
                let filter = props.filter.clone();
                move |_: MouseEvent| expanded.set((filter.clone(), limit + PROBLEMS_PAGE))
            };
            html! {
                <p class="list-more">
                    <span class="list-more-count">{ format!("{limit} of {} shown", listed.len()) }</span>
                    <button type="button" class="button button-small" {onclick}>
                        { format!("Show {} more", more.min(PROBLEMS_PAGE)) }
                    </button>
                </p>
            }
        });
        html! {
            <div class="problems-body">
                <ul class="problems-list">
                    { for listed.iter().take(limit).enumerate().map(|(index, finding)| html! {
                        <ProblemItem
                            key={index}
                            finding={(*finding).clone()}
                            on_reveal={props.on_reveal.clone()}
                            on_fix={props.on_fix.clone()}
                        />
                    }) }
                </ul>
                { for show_more }
            </div>
        }
    };
    html! {
        <section class="problems panel" aria-labelledby="problems-tab">
            <div class="panel-header problems-header">
                { props.tabs.clone() }
                <div class="severity-toggles" role="group" aria-label="Show by severity">
                    { for toggles }
                </div>
                <input
                    type="search"
                    class="problems-filter"
                    placeholder="Filter problems"
                    aria-label="Filter problems"
                    value={props.filter.text.clone()}
                    {oninput}
                />
            </div>
            <div id="bottom-panel-body" class="problems-panel-body" role="tabpanel" aria-labelledby="problems-tab">
                { body }
            </div>
        </section>
    }
}
