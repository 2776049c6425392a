use std::rc::Rc;

use yew::prelude::*;

use crate::fleet::{count_of, severity_of, Fleet, FleetQuery, SortKey};
use crate::scan::ScannedStack;
use crate::words::plural;

#[derive(Properties, PartialEq)]
pub struct FleetTableProps {
    pub fleet: Rc<Fleet>,
    /// The stacks listed, in order (indexes into the report).
    pub rows: Rc<[usize]>,
    pub on_query: Callback<FleetQuery>,
    pub on_select: Callback<usize>,
}

/// The fleet's stacks, one row each, sorted by the column the user
/// chose; a stack's name shows it in full below.
#[function_component]
pub fn FleetTable(props: &FleetTableProps) -> Html {
    let query = &props.fleet.query;
    let header = |(key, label): (SortKey, &'static str)| {
        let sorted = query.sort == key;
        let aria_sort = match (sorted, query.descending) {
            (false, _) => "none",
            (true, false) => "ascending",
            (true, true) => "descending",
        };
        let mark = match aria_sort {
            "ascending" => "▲",
            "descending" => "▼",
            _ => "",
        };
        let onclick = {
            let on_query = props.on_query.clone();
            let mut next = query.clone();
            next.descending = sorted && !query.descending;
            next.sort = key;
            Callback::from(move |_: MouseEvent| on_query.emit(next.clone()))
        };
        html! {
            <th scope="col" aria-sort={aria_sort}>
                <button type="button" class="fleet-sort" {onclick}>
                    { label }
                    <span class="fleet-sort-mark" aria-hidden="true">{ mark }</span>
                </button>
            </th>
        }
    };
    let stacks = &props.fleet.report.stacks;
    let selected = props.fleet.selected;
    html! {
        <table class="fleet-table">
            <thead>
                <tr>{ for SortKey::ALL.into_iter().map(header) }</tr>
            </thead>
            <tbody>
                { for props.rows.iter().map(|&index| {
                    let stack = &stacks[index];
                    let onclick = props.on_select.reform(move |_: MouseEvent| index);
                    let row = classes!("fleet-row", (selected == Some(index)).then_some("is-selected"));
                    let status = classes!("fleet-status", status_class(&stack.status));
                    html! {
                        <tr key={index} class={row}>
                            <td>{ &stack.project }</td>
                            <td>
                                <button type="button" class="fleet-stack-name" {onclick}>
                                    { &stack.name }
                                </button>
                            </td>
                            <td><span class={status}>{ &stack.status }</span></td>
                            <td class={classes!("fleet-findings", severity_of(stack))}>
                                { findings_text(stack) }
                            </td>
                            <td class="fleet-migration">{ migration_text(stack) }</td>
                        </tr>
                    }
                }) }
            </tbody>
        </table>
    }
}

/// `FAILED` and `IN_PROGRESS` stand out: `migrate` leaves them alone.
fn status_class(status: &str) -> &'static str {
    if status.ends_with("_FAILED") {
        "is-failed"
    } else if status.ends_with("_IN_PROGRESS") {
        "is-busy"
    } else {
        "is-complete"
    }
}

fn findings_text(stack: &ScannedStack) -> String {
    match (
        count_of(stack, "error"),
        count_of(stack, "warning"),
        stack.findings.len(),
    ) {
        (_, _, 0) => "none".to_owned(),
        (0, 0, n) => plural(n, "note", "notes"),
        (0, w, _) => plural(w, "warning", "warnings"),
        (e, 0, _) => plural(e, "error", "errors"),
        (e, w, _) => format!(
            "{}, {}",
            plural(e, "error", "errors"),
            plural(w, "warning", "warnings")
        ),
    }
}

/// What migrating the stack (with every fix) does, in a few words.
fn migration_text(stack: &ScannedStack) -> String {
    let Some(migration) = &stack.migration else {
        return "not known".to_owned();
    };
    let full = &migration.with_unsafe;
    if full.files == 0 {
        return "nothing to migrate".to_owned();
    }
    let replaced = full
        .resources
        .iter()
        .filter(|r| r.action == "replaced")
        .count();
    let updated = full.resources.len() - replaced;
    match (updated, replaced) {
        (u, 0) => format!("{} in place", plural(u, "resource", "resources")),
        (0, r) => format!("replaces {}", plural(r, "resource", "resources")),
        (u, r) => format!(
            "{} in place, replaces {}",
            plural(u, "resource", "resources"),
            plural(r, "resource", "resources")
        ),
    }
}
