use std::rc::Rc;

use heatwise_core::fix::Applicability;
use heatwise_core::lint::Stage;
use yew::prelude::*;

use super::StatusBadge;
use crate::findings::{Change, Finding};
use crate::outline::Utf16Range;

#[derive(Properties, PartialEq)]
pub struct ProblemItemProps {
    pub finding: Finding,
    pub on_reveal: Callback<Utf16Range>,
    pub on_fix: Callback<Rc<[Change]>>,
}

#[function_component]
pub fn ProblemItem(props: &ProblemItemProps) -> Html {
    let finding = &props.finding;
    let onclick = {
        let range = finding.range;
        props.on_reveal.reform(move |_: MouseEvent| range)
    };
    let severity = finding.severity.as_str();
    let status = finding
        .status
        .map(|status| html! { <StatusBadge {status} /> });
    let fix = finding.fix.as_ref().filter(|fix| fix.is_applicable()).map(|fix| {
        let changes = fix.changes.clone();
        let onclick = props.on_fix.reform(move |_: MouseEvent| changes.clone());
        let is_unsafe = fix.applicability == Applicability::Unsafe;
        let label = if is_unsafe { "Fix (unsafe)" } else { "Fix" };
        html! {
            <button
                type="button"
                class={classes!("button", "button-small", "problem-fix", is_unsafe.then_some("is-unsafe"))}
                title={fix.title.clone()}
                aria-label={format!("{label}: {}", fix.title)}
                {onclick}
            >
                { label }
            </button>
        }
    });
    html! {
        <li class={classes!("problem", format!("is-{severity}"))}>
            <button type="button" class="problem-jump" {onclick}>
                <span class={classes!("severity-icon", format!("severity-{severity}"))} aria-hidden="true"></span>
                <span class="visually-hidden">{ format!("{severity}: ") }</span>
                <span class="problem-message">{ finding.message.clone() }</span>
                <span class="problem-meta">
                    { for status }
                    { stage_badge(finding.stage) }
                    <span class="problem-code">{ finding.code.clone() }</span>
                    <span class="problem-position">
                        <span class="visually-hidden">{ "line " }</span>
                        { format!("{}:{}", finding.line, finding.column) }
                    </span>
                </span>
            </button>
            { for fix }
        </li>
    }
}

/// Where Heat refuses an error: `client`, `validate` or `create`, with
/// what that means on hover.
pub(crate) fn stage_badge(stage: Option<Stage>) -> Html {
    match stage {
        Some(stage) => html! {
            <span class="problem-stage" title={stage.describe()}>{ stage.as_str() }</span>
        },
        None => Html::default(),
    }
}
