use heatwise_core::catalog::StatusKind;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatusBadgeProps {
    pub status: StatusKind,
}

#[function_component]
pub fn StatusBadge(props: &StatusBadgeProps) -> Html {
    let name = props.status.as_str();
    html! {
        <span class={classes!("badge", format!("badge-{}", name.to_lowercase()))}>{ name }</span>
    }
}
