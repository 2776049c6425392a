use yew::prelude::*;

use crate::running::{running_effects_list, RunningEffect, RunningEffects};
use crate::scan::{ScannedStack, StackMigration};
use crate::words::plural;

#[derive(Properties, PartialEq)]
pub struct FleetStackProps {
    pub stack: ScannedStack,
    pub index: usize,
    /// Opens the stack's dump in the folder view; none without a dump.
    pub on_open: Option<Callback<usize>>,
}

/// One stack of the fleet in full: its findings, what migrating it does
/// to each running resource (with safe fixes, and with every fix), and
/// the command that applies it.
#[function_component]
pub fn FleetStack(props: &FleetStackProps) -> Html {
    let stack = &props.stack;
    let open = props.on_open.as_ref().map(|on_open| {
        let index = props.index;
        html! {
            <button
                type="button"
                class="button button-primary"
                onclick={on_open.reform(move |_: MouseEvent| index)}
            >
                { "Open in the Folder view" }
            </button>
        }
    });
    let busy = stack.status.ends_with("_FAILED") || stack.status.ends_with("_IN_PROGRESS");
    let left_alone = busy.then(|| html! {
        <p class="fleet-skipped">
            { format!(
                "heatwise migrate leaves it alone while it is {}: update it once it is complete.",
                stack.status
            ) }
        </p>
    });
    let migrations = match &stack.migration {
        Some(migration) => html! {
            <>
                { migration_section("With safe fixes", &migration.safe) }
                if migration.with_unsafe != migration.safe {
                    { migration_section("With every fix (--unsafe)", &migration.with_unsafe) }
                }
            </>
        },
        None => html! {
            <p class="cloud-hint">
                { format!(
                    "What migrating it does is known from its dump: heatwise scan --dump DIR \
                     writes it as DIR/{}/{}/; open DIR here.",
                    stack.project, stack.name
                ) }
            </p>
        },
    };
    html! {
        <section class="fleet-stack" aria-label={format!("Stack {}/{}", stack.project, stack.name)}>
            <div class="fleet-stack-header">
                <h3>{ format!("{}/{}", stack.project, stack.name) }</h3>
                <span class="cloud-status">{ &stack.status }</span>
                { for open }
            </div>
            { for left_alone }
            <h4>{ plural(stack.findings.len(), "finding", "findings") }</h4>
            <ul class="fleet-stack-findings">
                { for stack.findings.iter().map(|finding| html! {
                    <li class={classes!("cloud-finding", finding.severity.clone())}>
                        <span class="problem-code">{ &finding.code }</span>
                        { format!(" {}:{} {}", finding.path, finding.line, finding.message) }
                    </li>
                }) }
            </ul>
            { migrations }
        </section>
    }
}

fn migration_section(title: &str, migration: &StackMigration) -> Html {
    if migration.files == 0 {
        return html! {
            <section class="fleet-migration-detail">
                <h4>{ title }</h4>
                <p>{ "Nothing to migrate: the stack is not updated." }</p>
            </section>
        };
    }
    html! {
        <section class="fleet-migration-detail">
            <h4>{ format!("{title}: {} changed", plural(migration.files, "file", "files")) }</h4>
            { running_effects_list(&RunningEffects::Known(
                migration.resources.iter().map(|r| RunningEffect {
                    action: r.action.as_str().into(),
                    text: format!("{} ({}): {}", r.name, r.resource_type, r.effect).into(),
                }).collect(),
            )) }
            if !migration.skipped.is_empty() {
                <ul class="fleet-skipped">
                    { for migration.skipped.iter().map(|why| html! { <li>{ why }</li> }) }
                </ul>
            }
            <p class="fleet-command">
                { "Apply it to the cloud: " }
                <code>{ &migration.command }</code>
            </p>
        </section>
    }
}
