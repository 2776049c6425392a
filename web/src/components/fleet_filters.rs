use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::fleet::{Fleet, FleetQuery};

#[derive(Properties, PartialEq)]
pub struct FleetFiltersProps {
    pub fleet: Rc<Fleet>,
    /// How many stacks the query lists.
    pub shown: usize,
    pub on_query: Callback<FleetQuery>,
}

/// The fleet table's filters: words of a stack's name, its project,
/// status, most severe finding, a rule, and whether its migration
/// replaces a running resource.
#[function_component]
pub fn FleetFilters(props: &FleetFiltersProps) -> Html {
    let fleet = &props.fleet;
    let query = &fleet.query;
    let (projects, statuses, rules) = fleet.choices();
    let select = |label: &'static str,
                  current: &Option<String>,
                  values: Vec<String>,
                  set: fn(&mut FleetQuery, Option<String>)| {
        select_filter(label, current, values, query, &props.on_query, set)
    };
    let on_text = {
        let on_query = props.on_query.clone();
        let base = query.clone();
        Callback::from(move |event: InputEvent| {
            let mut next = base.clone();
            next.text = event.target_unchecked_into::<HtmlInputElement>().value();
            on_query.emit(next);
        })
    };
    let on_replacing = {
        let on_query = props.on_query.clone();
        let base = query.clone();
        Callback::from(move |event: Event| {
            let mut next = base.clone();
            next.replacing = event.target_unchecked_into::<HtmlInputElement>().checked();
            on_query.emit(next);
        })
    };
    let severities = ["error", "warning", "info", "none"]
        .map(str::to_owned)
        .to_vec();
    let knows = fleet.knows_migrations();
    let replacing_title = if knows {
        "Stacks whose migration, with every fix, replaces a running resource"
    } else {
        "Open the scan's dumps (heatwise scan --dump DIR) to know what migrating each stack does"
    };
    html! {
        <div class="fleet-filters" role="search" aria-label="Filter the stacks">
            <label class="fleet-filter">
                <span>{ "Stack" }</span>
                <input
                    type="search"
                    placeholder="project/name"
                    value={query.text.clone()}
                    oninput={on_text}
                    aria-label="Stack name"
                />
            </label>
            { select("Project", &query.project, projects, |q, v| q.project = v) }
            { select("Status", &query.status, statuses, |q, v| q.status = v) }
            { select("Severity", &query.severity, severities, |q, v| q.severity = v) }
            { select("Rule", &query.rule, rules, |q, v| q.rule = v) }
            <label class="fleet-filter fleet-check" title={replacing_title}>
                <input
                    type="checkbox"
                    checked={query.replacing}
                    disabled={!knows}
                    onchange={on_replacing}
                />
                <span>{ "Has a replacing migration" }</span>
            </label>
            <span class="fleet-count" aria-live="polite">
                { format!("{} of {}", props.shown, fleet.report.stacks.len()) }
            </span>
        </div>
    }
}

/// A filter's select: its change emits the query with that filter set
/// (`""`: any).
fn select_filter(
    label: &'static str,
    current: &Option<String>,
    values: Vec<String>,
    query: &FleetQuery,
    on_query: &Callback<FleetQuery>,
    set: fn(&mut FleetQuery, Option<String>),
) -> Html {
    let on_query = on_query.clone();
    let base = query.clone();
    let onchange = Callback::from(move |event: Event| {
        let value = event.target_unchecked_into::<HtmlSelectElement>().value();
        let mut next = base.clone();
        set(&mut next, (!value.is_empty()).then_some(value));
        on_query.emit(next);
    });
    html! {
        <label class="fleet-filter">
            <span>{ label }</span>
            <select {onchange} aria-label={label}>
                <option value="" selected={current.is_none()}>{ "Any" }</option>
                { for values.into_iter().map(|value| html! {
                    <option
                        selected={current.as_deref() == Some(value.as_str())}
                        value={value.clone()}
                    >
                        { value }
                    </option>
                }) }
            </select>
        </label>
    }
}
