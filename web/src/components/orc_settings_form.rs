use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::orc::OrcSettings;

#[derive(Properties, PartialEq)]
pub struct OrcSettingsFormProps {
    pub settings: OrcSettings,
    pub on_change: Callback<OrcSettings>,
}

/// Where the objects go and how they reach OpenStack, the template's
/// parameter values, and a running stack to hand over: what `heatwise orc`
/// takes as `--namespace`, `--credentials`, `-P` and `--stack-resources`.
#[function_component]
pub fn OrcSettingsForm(props: &OrcSettingsFormProps) -> Html {
    // One text field of the settings: its label, name, tooltip, and how
    // its value goes into the settings.
    let text_field = |label: &'static str,
                      name: &'static str,
                      title: &'static str,
                      value: &str,
                      set: fn(&mut OrcSettings, String)| {
        let settings = props.settings.clone();
        let oninput = props.on_change.reform(move |event: InputEvent| {
            let mut settings = settings.clone();
            set(
                &mut settings,
                event.target_unchecked_into::<HtmlInputElement>().value(),
            );
            settings
        });
        html! {
            <label class="orc-field" {title}>
                <span class="orc-field-label">{ label }</span>
                <input type="text" {name} spellcheck="false" autocomplete="off" value={value.to_owned()} {oninput} />
            </label>
        }
    };
    let on_parameters = {
        let settings = props.settings.clone();
        props.on_change.reform(move |event: InputEvent| {
            let mut settings = settings.clone();
            settings.parameters = event.target_unchecked_into::<HtmlTextAreaElement>().value();
            settings
        })
    };
    let on_stack_resources = {
        let settings = props.settings.clone();
        props.on_change.reform(move |event: InputEvent| {
            let mut settings = settings.clone();
            settings.stack_resources = event.target_unchecked_into::<HtmlTextAreaElement>().value();
            settings
        })
    };
    let settings = &props.settings;
    html! {
        <form class="orc-settings" aria-label="Export settings" onsubmit={Callback::from(|event: SubmitEvent| event.prevent_default())}>
            { text_field("Namespace", "namespace", "metadata.namespace of every object", &settings.namespace, |s, v| s.namespace = v) }
            { text_field("Secret", "secret", "The Secret holding clouds.yaml: every object's spec.cloudCredentialsRef.secretName", &settings.secret_name, |s, v| s.secret_name = v) }
            { text_field("Cloud", "cloud", "The cloud's entry in clouds.yaml: spec.cloudCredentialsRef.cloudName", &settings.cloud_name, |s, v| s.cloud_name = v) }
            <label class="orc-field orc-parameters">
                <span class="orc-field-label">{ "Parameters (NAME=VALUE per line)" }</span>
                <textarea
                    name="parameters"
                    rows="3"
                    spellcheck="false"
                    placeholder="image=cirros"
                    value={settings.parameters.clone()}
                    oninput={on_parameters}
                />
            </label>
            <label class="orc-field orc-stack-resources" title="Hand a running stack over: every resource Heat made is imported by its ID, unmanaged, and nothing is created (heatwise orc --stack-resources)">
                <span class="orc-field-label">{ "Running stack's resources (JSON, to hand it over)" }</span>
                <textarea
                    name="stack-resources"
                    rows="2"
                    spellcheck="false"
                    placeholder="openstack stack resource list --nested-depth 5 --long -f json STACK"
                    value={settings.stack_resources.clone()}
                    oninput={on_stack_resources}
                />
            </label>
        </form>
    }
}
