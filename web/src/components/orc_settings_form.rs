use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::orc::OrcSettings;

#[derive(Properties, PartialEq)]
pub struct OrcSettingsFormProps {
    pub settings: OrcSettings,
    pub on_change: Callback<OrcSettings>,
}

/// Where the objects go and how they reach OpenStack, and the template's
/// parameter values: what `heatwise orc` takes as `--namespace`,
/// `--credentials` and `-P`.
#[function_component]
pub fn OrcSettingsForm(props: &OrcSettingsFormProps) -> Html {
    let field = |set: fn(&mut OrcSettings, String)| {
        let settings = props.settings.clone();
        props.on_change.reform(move |event: InputEvent| {
            let mut settings = settings.clone();
            set(
                &mut settings,
                event.target_unchecked_into::<HtmlInputElement>().value(),
            );
            settings
        })
    };
    let on_parameters = {
        let settings = props.settings.clone();
        props.on_change.reform(move |event: InputEvent| {
            let mut settings = settings.clone();
            settings.parameters = event.target_unchecked_into::<HtmlTextAreaElement>().value();
            settings
        })
    };
    html! {
        <form class="orc-settings" aria-label="Export settings" onsubmit={Callback::from(|event: SubmitEvent| event.prevent_default())}>
            <label class="orc-field">
                <span class="orc-field-label">{ "Namespace" }</span>
                <input
                    type="text"
                    name="namespace"
                    spellcheck="false"
                    autocomplete="off"
                    value={props.settings.namespace.clone()}
                    oninput={field(|s, v| s.namespace = v)}
                />
            </label>
            <label class="orc-field" title="The Secret holding clouds.yaml: every object's spec.cloudCredentialsRef.secretName">
                <span class="orc-field-label">{ "Secret" }</span>
                <input
                    type="text"
                    name="secret"
                    spellcheck="false"
                    autocomplete="off"
                    value={props.settings.secret_name.clone()}
                    oninput={field(|s, v| s.secret_name = v)}
                />
            </label>
            <label class="orc-field" title="The cloud's entry in clouds.yaml: spec.cloudCredentialsRef.cloudName">
                <span class="orc-field-label">{ "Cloud" }</span>
                <input
                    type="text"
                    name="cloud"
                    spellcheck="false"
                    autocomplete="off"
                    value={props.settings.cloud_name.clone()}
                    oninput={field(|s, v| s.cloud_name = v)}
                />
            </label>
            <label class="orc-field orc-parameters">
                <span class="orc-field-label">{ "Parameters (NAME=VALUE per line)" }</span>
                <textarea
                    name="parameters"
                    rows="3"
                    spellcheck="false"
                    placeholder="image=cirros"
                    value={props.settings.parameters.clone()}
                    oninput={on_parameters}
                />
            </label>
        </form>
    }
}
