use std::rc::Rc;

use yew::prelude::*;

use crate::scan::{by_release, ScanReport};
use crate::words::plural;

#[derive(Properties, PartialEq)]
pub struct CloudPanelProps {
    /// The scan's report, once one is opened.
    pub report: Option<Rc<ScanReport>>,
}

/// A cloud scan's report: stacks by project with their findings and
/// statuses, a chart of what they use by what the release does with it,
/// and each stack's findings.
#[function_component]
pub fn CloudPanel(props: &CloudPanelProps) -> Html {
    let Some(report) = &props.report else {
        return html! {
            <div class="cloud-panel">
                <p class="cloud-empty">
                    { "Open a cloud scan's report (" }
                    <code>{ "heatwise scan --all-projects --format json > scan.json" }</code>
                    { ") with Open… or by dropping it on the page: its stacks by project, what they use that the release deprecates, hides or removes, and each stack's findings. Nothing is uploaded." }
                </p>
            </div>
        };
    };
    let summary = &report.summary;
    let chart = by_release(&summary.usages);
    let most = chart.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
    html! {
        <div class="cloud-panel">
            <h2 class="cloud-title">
                { format!("{} in {}", plural(summary.stacks, "stack", "stacks"), plural(summary.projects.len(), "project", "projects")) }
            </h2>
            <table class="cloud-projects">
                <thead>
                    <tr><th>{ "Project" }</th><th>{ "Stacks" }</th><th>{ "Errors" }</th><th>{ "Warnings" }</th><th>{ "Statuses" }</th></tr>
                </thead>
                <tbody>
                    { for summary.projects.iter().map(|project| html! {
                        <tr>
                            <td>{ &project.project }</td>
                            <td>{ project.stacks }</td>
                            <td>{ project.errors }</td>
                            <td>{ project.warnings }</td>
                            <td>{ project.statuses.iter().map(|(s, n)| format!("{s} {n}")).collect::<Vec<_>>().join(", ") }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            if !chart.is_empty() {
                <h3>{ "In use, by what the release does with it" }</h3>
                <ul class="cloud-chart" aria-label="Uses by release">
                    { for chart.iter().map(|(release, uses)| html! {
                        <li class="cloud-bar">
                            <span class="cloud-bar-label">{ release }</span>
                            <span class="cloud-bar-fill" style={format!("width: {}%", 100 * uses / most)}></span>
                            <span class="cloud-bar-count">{ plural(*uses, "use", "uses") }</span>
                        </li>
                    }) }
                </ul>
                <ul class="cloud-usages">
                    { for summary.usages.iter().map(|usage| html! {
                        <li>
                            <code>{ &usage.subject }</code>
                            { format!(" ({}): {}, {}; {}", usage.kind, plural(usage.stacks, "stack", "stacks"), plural(usage.uses, "use", "uses"), usage.release()) }
                        </li>
                    }) }
                </ul>
            }
            <h3>{ "Stacks" }</h3>
            <ul class="cloud-stacks">
                { for report.stacks.iter().map(|stack| html! {
                    <li class="cloud-stack">
                        <details>
                            <summary>
                                { format!("{}/{} ", stack.project, stack.name) }
                                <span class="cloud-status">{ &stack.status }</span>
                                { format!(" {}", plural(stack.findings.len(), "finding", "findings")) }
                            </summary>
                            <ul>
                                { for stack.findings.iter().map(|finding| html! {
                                    <li class={classes!("cloud-finding", finding.severity.clone())}>
                                        <span class="problem-code">{ &finding.code }</span>
                                        { format!(" {}:{} {}", finding.path, finding.line, finding.message) }
                                    </li>
                                }) }
                            </ul>
                            <p class="cloud-hint">
                                { format!("To migrate it: heatwise scan --dump DIR writes it as DIR/{}/{}/, which the Folder tab opens.", stack.project, stack.name) }
                            </p>
                        </details>
                    </li>
                }) }
            </ul>
        </div>
    }
}
