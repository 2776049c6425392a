use std::rc::Rc;

use yew::prelude::*;

use super::{OrcSettingsForm, ProblemItem};
use crate::findings::Change;
use crate::orc::{OrcSettings, OrcView};
use crate::outline::Utf16Range;
use crate::words::plural;

#[derive(Properties, PartialEq)]
pub struct OrcPanelProps {
    /// The panel's tabs, at the start of the header.
    pub tabs: Html,
    /// The latest export of the document; `None` until the first is made.
    pub view: Option<Rc<OrcView>>,
    pub settings: OrcSettings,
    pub on_settings: Callback<OrcSettings>,
    /// The range to show in the editor when a finding is chosen.
    pub on_reveal: Callback<Utf16Range>,
    /// Copies the manifests to the clipboard.
    pub on_copy: Callback<Rc<str>>,
    /// Downloads the manifests as a file.
    pub on_download: Callback<Rc<str>>,
}

/// The stack as manifests of the OpenStack Resource Controller: settings,
/// what could not be carried over (each jumps to its place), the order ORC
/// builds the objects in beside Heat's, and the YAML to copy or download.
#[function_component]
pub fn OrcPanel(props: &OrcPanelProps) -> Html {
    let export = match props.view.as_deref() {
        Some(OrcView::Exported(export)) => Some(export),
        _ => None,
    };
    let summary = export.map(|export| {
        let objects = plural(export.objects, "object", "objects");
        let text = if export.is_complete() {
            format!("{objects}: the whole stack")
        } else {
            format!(
                "{objects}, {} not carried over",
                plural(export.left_out(), "thing", "things")
            )
        };
        html! { <span class={classes!("orc-summary", export.is_complete().then_some("is-complete"))} role="status">{ text }</span> }
    });
    let actions = export.filter(|export| export.objects > 0).map(|export| {
        let yaml = export.yaml.clone();
        let on_copy = props.on_copy.reform(move |_: MouseEvent| yaml.clone());
        let yaml = export.yaml.clone();
        let on_download = props.on_download.reform(move |_: MouseEvent| yaml.clone());
        html! {
            <div class="orc-actions" role="group" aria-label="Manifests">
                <button type="button" class="button button-small" title="Copy the manifests as YAML" onclick={on_copy}>{ "Copy YAML" }</button>
                <button type="button" class="button button-small" title="Download the manifests as a YAML file" onclick={on_download}>{ "Download" }</button>
            </div>
        }
    });
    let problems = match props.view.as_deref() {
        None => html! { <p class="orc-hint" role="status">{ "Exporting…" }</p> },
        Some(OrcView::Unusable(problems)) => html! {
            <ul class="orc-settings-problems" role="alert">
                { for problems.iter().map(|problem| html! { <li>{ problem.clone() }</li> }) }
            </ul>
        },
        Some(OrcView::Failed(reason)) => html! {
            <p class="orc-settings-problems" role="alert">
                { format!("The ORC export could not be loaded ({reason}): it is tried again after the next edit.") }
            </p>
        },
        Some(OrcView::Exported(_)) => Html::default(),
    };
    let findings = export.map(|export| {
        let list = if export.findings.is_empty() {
            html! { <p class="problems-empty">{ "Everything in the template is carried over." }</p> }
        } else {
            // The export bounds its findings (heatwise_orc::MAX_FINDINGS).
            html! {
                <ul class="problems-list orc-findings">
                    { for export.findings.iter().enumerate().map(|(index, finding)| html! {
                        <ProblemItem
                            key={index}
                            finding={finding.clone()}
                            on_reveal={props.on_reveal.clone()}
                            on_fix={Callback::from(|_: Rc<[Change]>| ())}
                        />
                    }) }
                </ul>
            }
        };
        // What the environments of the stack say that the export cannot
        // take, with their file and place: the editor shows the template.
        let environments = (!export.environment_findings.is_empty()).then(|| html! {
            <ul class="problems-list orc-environment-findings" aria-label="Not carried over from the environments">
                { for export.environment_findings.iter().map(|(file, finding)| {
                    let severity = finding.severity.as_str();
                    html! {
                        <li class={classes!("problem", format!("is-{severity}"))}>
                            <span class={classes!("severity-icon", format!("severity-{severity}"))} aria-hidden="true"></span>
                            <span class="problem-message">{ finding.message.clone() }</span>
                            <span class="problem-meta">
                                <span class="problem-code">{ finding.code.clone() }</span>
                                <span class="problem-position">{ format!("{file}:{}:{}", finding.line, finding.column) }</span>
                            </span>
                        </li>
                    }
                }) }
            </ul>
        });
        html! {
            <section class="orc-findings-section" aria-labelledby="orc-findings-title">
                <h3 id="orc-findings-title" class="orc-section-title">{ "Not carried over" }</h3>
                { list }
                { for environments }
            </section>
        }
    });
    let plan = export.map(|export| {
        html! {
            <section class="orc-plan" aria-labelledby="orc-plan-title">
                <h3 id="orc-plan-title" class="orc-section-title">{ "Order" }</h3>
                <pre class="orc-text" tabindex="0" aria-label="The order ORC builds the objects in, and Heat's">{ export.plan.to_string() }</pre>
            </section>
        }
    });
    let manifests = export.map(|export| {
        let body = if export.objects == 0 {
            html! { <p class="orc-hint">{ "No resource of this template has an ORC kind." }</p> }
        } else {
            html! { <pre class="orc-text orc-yaml" tabindex="0" aria-label="Manifests (YAML)"><code>{ export.yaml.to_string() }</code></pre> }
        };
        html! {
            <section class="orc-manifests" aria-labelledby="orc-manifests-title">
                <h3 id="orc-manifests-title" class="orc-section-title">{ "Manifests" }</h3>
                { body }
            </section>
        }
    });
    html! {
        <section class="problems orc panel" aria-labelledby="orc-tab">
            <div class="panel-header problems-header">
                { props.tabs.clone() }
                { for summary }
                { for actions }
            </div>
            <div id="bottom-panel-body" class="orc-body" role="tabpanel" aria-labelledby="orc-tab">
                <div class="orc-column">
                    <OrcSettingsForm settings={props.settings.clone()} on_change={props.on_settings.clone()} />
                    { problems }
                    { for findings }
                </div>
                <div class="orc-column">{ for plan }</div>
                <div class="orc-column orc-column-wide">{ for manifests }</div>
            </div>
        </section>
    }
}
