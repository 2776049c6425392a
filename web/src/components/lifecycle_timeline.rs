use heatwise_core::lint::LifecycleStep;
use yew::prelude::*;

use super::StatusBadge;

#[derive(Properties, PartialEq)]
pub struct LifecycleTimelineProps {
    /// Newest first.
    pub steps: Vec<LifecycleStep>,
}

/// A life cycle as a small timeline, newest first: the same look as the
/// editor's tooltips (`hw-timeline`).
#[function_component]
pub fn LifecycleTimeline(props: &LifecycleTimelineProps) -> Html {
    html! {
        <ol class="hw-timeline" aria-label="Life cycle, newest first">
            { for props.steps.iter().map(|step| {
                let when = match (&step.version, &step.release_name) {
                    (Some(version), Some(name)) => format!("since {version} ({name})"),
                    (Some(version), None) => format!("since {version}"),
                    _ => "from the start".to_owned(),
                };
                html! {
                    <li class="hw-timeline-step">
                        <StatusBadge status={step.status} />
                        <span class="hw-timeline-when">{ when }</span>
                        if let Some(message) = &step.message {
                            <span class="hw-timeline-message">{ message.clone() }</span>
                        }
                    </li>
                }
            }) }
        </ol>
    }
}
