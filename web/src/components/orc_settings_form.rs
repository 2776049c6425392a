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
    // A text area of the settings: its class, label, name, tooltip, size,
    // placeholder, and how its value goes into the settings.
    let text_area = |class: &'static str,
                     label: &'static str,
                     name: &'static str,
                     title: &'static str,
                     (rows, placeholder): (&'static str, &'static str),
                     value: &str,
                     set: fn(&mut OrcSettings, String)| {
        let settings = props.settings.clone();
        let oninput = props.on_change.reform(move |event: InputEvent| {
            let mut settings = settings.clone();
            set(
                &mut settings,
                event.target_unchecked_into::<HtmlTextAreaElement>().value(),
            );
            settings
        });
        html! {
            <label class={classes!("orc-field", class)} title={(!title.is_empty()).then_some(title)}>
                <span class="orc-field-label">{ label }</span>
                <textarea {name} {rows} spellcheck="false" {placeholder} value={value.to_owned()} {oninput} />
            </label>
        }
    };
    let settings = &props.settings;
    html! {
        <form class="orc-settings" aria-label="Export settings" onsubmit={Callback::from(|event: SubmitEvent| event.prevent_default())}>
            { text_field("Namespace", "namespace", "metadata.namespace of every object", &settings.namespace, |s, v| s.namespace = v) }
            { text_field("Secret", "secret", "The Secret holding clouds.yaml: every object's spec.cloudCredentialsRef.secretName", &settings.secret_name, |s, v| s.secret_name = v) }
            { text_field("Cloud", "cloud", "The cloud's entry in clouds.yaml: spec.cloudCredentialsRef.cloudName", &settings.cloud_name, |s, v| s.cloud_name = v) }
            { text_area("orc-parameters", "Parameters (NAME=VALUE per line)", "parameters", "", ("3", "image=cirros"), &settings.parameters, |s, v| s.parameters = v) }
            { text_area(
                "orc-stack-resources",
                "Running stack's resources (JSON, to hand it over)",
                "stack-resources",
                "Hand a running stack over: every resource Heat made is imported by its ID, unmanaged, and nothing is created (heatwise orc --stack-resources)",
                ("2", "openstack stack resource list --nested-depth 5 --long -f json STACK"),
                &settings.stack_resources,
                |s, v| s.stack_resources = v,
            ) }
        </form>
    }
}
