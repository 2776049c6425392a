use std::rc::Rc;

use yew::prelude::*;

use super::{FleetFilters, FleetStack, FleetTable};
use crate::fleet::{Fleet, FleetQuery};
use crate::scan::{by_release, ScanReport};
use crate::words::plural;

#[derive(Properties, PartialEq)]
pub struct FleetPageProps {
    pub fleet: Rc<Fleet>,
    pub on_query: Callback<FleetQuery>,
    pub on_select: Callback<usize>,
    pub on_open_stack: Callback<usize>,
    pub on_show_editor: Callback<()>,
    pub on_close: Callback<()>,
}

/// A cloud's stacks on a page of their own: the projects, a chart of what
/// they use by what the release does with it, a table of stacks that
/// sorts and filters, and the stack chosen in full (its findings, what
/// migrating it does, the command that does it).
#[function_component]
pub fn FleetPage(props: &FleetPageProps) -> Html {
    let fleet = &props.fleet;
    let rows: Rc<[usize]> = {
        let fleet = fleet.clone();
        (*use_memo(fleet, |fleet| Rc::<[usize]>::from(fleet.rows()))).clone()
    };
    let report = &fleet.report;
    let summary = &report.summary;
    let title = format!(
        "{} in {}",
        plural(summary.stacks, "stack", "stacks"),
        plural(summary.projects.len(), "project", "projects")
    );
    let judged = match (&fleet.dumps, fleet.target) {
        (Some(_), Some(target)) => format!("scanned here from its dumps for Heat {target}"),
        (Some(_), None) => "scanned here from its dumps for the newest Heat".to_owned(),
        (None, _) => "as heatwise scan wrote it".to_owned(),
    };
    let selected = fleet.selected.and_then(|index| {
        let stack = report.stacks.get(index)?.clone();
        let on_open = stack.dump.is_some().then(|| props.on_open_stack.clone());
        Some(html! { <FleetStack {stack} {index} {on_open} /> })
    });
    html! {
        <section class="fleet-page" aria-label="Fleet">
            <div class="fleet-header">
                <button type="button" class="button" onclick={props.on_show_editor.reform(|_| ())}>
                    { "← Editor" }
                </button>
                <div>
                    <h2 class="fleet-title">
                        { title }
                    </h2>
                    <p class="fleet-source">{ format!("{}, {judged}", fleet.name) }</p>
                </div>
                <button type="button" class="button" onclick={props.on_close.reform(|_| ())}>
                    { "Close" }
                </button>
            </div>
            if !report.errors.is_empty() {
                <ul class="fleet-errors" role="alert">
                    { for report.errors.iter().map(|(path, why)| html! {
                        <li>{ format!("{path}: {why}") }</li>
                    }) }
                </ul>
            }
            { overview(report) }
            <FleetFilters
                fleet={fleet.clone()}
                shown={rows.len()}
                on_query={props.on_query.clone()}
            />
            <div class="fleet-table-wrap">
                <FleetTable
                    fleet={fleet.clone()}
                    {rows}
                    on_query={props.on_query.clone()}
                    on_select={props.on_select.clone()}
                />
            </div>
            { for selected }
        </section>
    }
}

/// `CREATE_COMPLETE 3, UPDATE_FAILED 1`.
fn statuses(counts: &std::collections::BTreeMap<String, usize>) -> String {
    let each: Vec<String> = counts.iter().map(|(s, n)| format!("{s} {n}")).collect();
    each.join(", ")
}

/// The projects, and a chart of what the stacks use by what the release
/// does with it.
fn overview(report: &ScanReport) -> Html {
    let summary = &report.summary;
    let chart = by_release(&summary.usages);
    let most = chart.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
    html! {
        <div class="fleet-overview">
            <table class="cloud-projects">
                <thead>
                    <tr>
                        <th>{ "Project" }</th><th>{ "Stacks" }</th><th>{ "Errors" }</th>
                        <th>{ "Warnings" }</th><th>{ "Statuses" }</th>
                    </tr>
                </thead>
                <tbody>
                    { for summary.projects.iter().map(|project| html! {
                        <tr>
                            <td>{ &project.project }</td>
                            <td>{ project.stacks }</td>
                            <td>{ project.errors }</td>
                            <td>{ project.warnings }</td>
                            <td>{ statuses(&project.statuses) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            if !chart.is_empty() {
                <div>
                    <h3>{ "In use, by what the release does with it" }</h3>
                    <ul class="cloud-chart" aria-label="Uses by release">
                        { for chart.iter().map(|(release, uses)| html! {
                            <li class="cloud-bar">
                                <span class="cloud-bar-label">{ release }</span>
                                <span
                                    class="cloud-bar-fill"
                                    style={format!("width: {}%", 100 * uses / most)}
                                ></span>
                                <span class="cloud-bar-count">
                                    { plural(*uses, "use", "uses") }
                                </span>
                            </li>
                        }) }
                    </ul>
                </div>
            }
        </div>
    }
}
