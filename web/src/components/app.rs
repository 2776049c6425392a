use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use heatwise_core::diagnostic::Severity;
use heatwise_core::release::Release;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::DragEvent;
use yew::prelude::*;

use super::{
    AppHeader, CodeEditor, MigrateDialog, ProblemsPanel, ShareDialog, SidePanel, StatusBar,
};
use crate::examples::{Example, BLANK_TEMPLATE, DEFAULT_FILE_NAME, WEB_TIER_LEGACY};
use crate::findings::Change;
use crate::outline::Utf16Range;
use crate::share;
use crate::state::{CatalogQuery, Notice, SaveStatus, SidePanelTab, Workspace, WorkspaceAction};
use crate::storage;

type Dispatcher = UseReducerDispatcher<Workspace>;

/// Replaces the document with `text` opened from `file_name`, and saves it.
fn open_text(dispatcher: &Dispatcher, text: Rc<str>, file_name: Rc<str>) {
    let saved = SaveStatus::from_result(storage::save_document(&text));
    dispatcher.dispatch(WorkspaceAction::Opened {
        text,
        file_name,
        saved,
    });
}

fn notify_error(dispatcher: &Dispatcher, text: String) {
    dispatcher.dispatch(WorkspaceAction::Notify(Notice {
        text,
        is_error: true,
    }));
}

/// Reads a file the user picked or dropped, then opens it.
fn open_file(dispatcher: Dispatcher, file: web_sys::File) {
    spawn_local(async move {
        let name = file.name();
        match JsFuture::from(file.text()).await {
            Ok(text) => open_text(
                &dispatcher,
                text.as_string().unwrap_or_default().into(),
                name.into(),
            ),
            Err(_) => notify_error(&dispatcher, format!("{name} could not be read")),
        }
    });
}

#[function_component]
pub fn App() -> Html {
    let workspace = use_reducer(|| {
        let text = storage::load_document().unwrap_or_else(|| WEB_TIER_LEGACY.text.to_owned());
        Workspace::open(text.into())
    });

    // A share link opens its template (undo brings back what was there);
    // the fragment is then dropped, so that a reload keeps later edits.
    {
        let dispatcher = workspace.dispatcher();
        use_effect_with((), move |()| {
            let location = gloo::utils::window().location();
            let fragment = location.hash().unwrap_or_default();
            spawn_local(async move {
                let Some(opened) = share::template_from_fragment(&fragment).await else {
                    return;
                };
                match opened {
                    Ok(text) => open_text(&dispatcher, text.into(), "shared.yaml".into()),
                    Err(reason) => {
                        notify_error(
                            &dispatcher,
                            format!("The shared template could not be opened: {reason}"),
                        );
                    }
                }
                let page = location.pathname().unwrap_or_default()
                    + &location.search().unwrap_or_default();
                if let Ok(history) = gloo::utils::window().history() {
                    let _ = history.replace_state_with_url(
                        &wasm_bindgen::JsValue::NULL,
                        "",
                        Some(&page),
                    );
                }
            });
        });
    }

    // A file dropped anywhere on the page opens it. Listening before the
    // editor does (capture): CodeMirror would insert the file's text.
    {
        let dispatcher = workspace.dispatcher();
        use_effect_with((), move |()| {
            let window = gloo::utils::window();
            let options = EventListenerOptions {
                phase: EventListenerPhase::Capture,
                passive: false,
            };
            let has_files = |event: &DragEvent| {
                event
                    .data_transfer()
                    .is_some_and(|data| data.types().includes(&"Files".into(), 0))
            };
            let on_drag_over =
                EventListener::new_with_options(&window, "dragover", options, move |event| {
                    let event = event.unchecked_ref::<DragEvent>();
                    if has_files(event) {
                        event.prevent_default();
                    }
                });
            let on_drop = EventListener::new_with_options(&window, "drop", options, move |event| {
                let event = event.unchecked_ref::<DragEvent>();
                let file = event
                    .data_transfer()
                    .and_then(|data| data.files())
                    .and_then(|files| files.get(0));
                if let Some(file) = file {
                    event.prevent_default();
                    event.stop_propagation();
                    open_file(dispatcher.clone(), file);
                }
            });
            move || drop((on_drag_over, on_drop))
        });
    }

    let on_change = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |text: Rc<str>, ()| {
            let saved = SaveStatus::from_result(storage::save_document(&text));
            dispatcher.dispatch(WorkspaceAction::Edited { text, saved });
        })
    };
    let on_choose_example = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |example: &'static Example, ()| {
            open_text(&dispatcher, example.text.into(), example.file_name.into());
        })
    };
    let on_new = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |(), ()| {
            open_text(&dispatcher, BLANK_TEMPLATE.into(), DEFAULT_FILE_NAME.into());
        })
    };
    let on_open = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |file: web_sys::File, ()| {
            open_file(dispatcher.clone(), file)
        })
    };
    let on_save = {
        let document = workspace.document.clone();
        let file_name = workspace.file_name.clone();
        use_callback((document, file_name), move |(), (document, file_name)| {
            share::download_text(document, file_name);
        })
    };
    let on_share = {
        let dispatcher = workspace.dispatcher();
        let document = workspace.document.clone();
        use_callback(document, move |(), document| {
            let dispatcher = dispatcher.clone();
            let document = document.clone();
            spawn_local(async move {
                let link = share::share_link(&document).await;
                dispatcher.dispatch(WorkspaceAction::Shared(link.map(Rc::from)));
            });
        })
    };
    let on_copy_link = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |link: AttrValue, ()| {
            let dispatcher = dispatcher.clone();
            spawn_local(async move {
                let notice = match share::copy_to_clipboard(&link).await {
                    Ok(()) => Notice {
                        text: "Link copied".to_owned(),
                        is_error: false,
                    },
                    Err(reason) => Notice {
                        text: format!("The link could not be copied: {reason}"),
                        is_error: true,
                    },
                };
                dispatcher.dispatch(WorkspaceAction::Notify(notice));
            });
        })
    };
    let on_close_share = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |(), ()| {
            dispatcher.dispatch(WorkspaceAction::CloseShare)
        })
    };
    let on_select = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |range: Utf16Range, ()| {
            dispatcher.dispatch(WorkspaceAction::Reveal(range));
        })
    };
    let on_target_change = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |target: Option<Release>, ()| {
            dispatcher.dispatch(WorkspaceAction::SetTarget(target));
        })
    };
    let on_fix = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |changes: Rc<[Change]>, ()| {
            dispatcher.dispatch(WorkspaceAction::ApplyFix(changes));
        })
    };
    let on_toggle_severity = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |severity: Severity, ()| {
            dispatcher.dispatch(WorkspaceAction::ToggleSeverity(severity));
        })
    };
    let on_filter = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |text: String, ()| {
            dispatcher.dispatch(WorkspaceAction::FilterProblems(text));
        })
    };
    let on_migrate_all = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |(), ()| {
            dispatcher.dispatch(WorkspaceAction::PreviewMigration)
        })
    };
    let on_apply_migration = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |(), ()| {
            dispatcher.dispatch(WorkspaceAction::ApplyMigration)
        })
    };
    let on_close_migration = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |(), ()| {
            dispatcher.dispatch(WorkspaceAction::CloseMigration)
        })
    };

    let on_tab = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |tab: SidePanelTab, ()| {
            dispatcher.dispatch(WorkspaceAction::ShowSidePanel(tab));
        })
    };
    let on_catalog_query = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |query: CatalogQuery, ()| {
            dispatcher.dispatch(WorkspaceAction::QueryCatalog(query));
        })
    };

    let migrate_dialog = workspace.migration.clone().map(|migration| {
        html! {
            <MigrateDialog {migration} on_apply={on_apply_migration} on_close={on_close_migration} />
        }
    });
    let share_dialog = workspace.share.clone().map(|link| {
        html! {
            <ShareDialog
                link={link.map(AttrValue::from)}
                on_copy={on_copy_link}
                on_close={on_close_share}
            />
        }
    });

    html! {
        <>
            <AppHeader
                {on_choose_example}
                {on_new}
                {on_open}
                {on_save}
                {on_share}
                target={workspace.target}
                {on_target_change}
                {on_migrate_all}
            />
            <main class="workspace">
                <section class="editor-pane panel" aria-label="Template">
                    <CodeEditor
                        label="Heat template"
                        loaded={workspace.loaded.clone()}
                        reveal={workspace.reveal}
                        findings={workspace.findings.clone()}
                        fix_request={workspace.fix_request.clone()}
                        {on_change}
                    />
                </section>
                <ProblemsPanel
                    findings={workspace.findings.clone()}
                    filter={workspace.problem_filter.clone()}
                    on_reveal={on_select.clone()}
                    {on_fix}
                    {on_toggle_severity}
                    {on_filter}
                />
                <SidePanel
                    tab={workspace.side_panel}
                    {on_tab}
                    entries={workspace.outline.clone()}
                    {on_select}
                    catalog_query={workspace.catalog_query.clone()}
                    {on_catalog_query}
                />
            </main>
            <StatusBar
                save_status={workspace.save_status.clone()}
                notice={workspace.notice.clone()}
            />
            // Always there: yew matches unkeyed siblings by position, and a
            // sibling coming and going would remount the editor.
            <div class="dialogs">
                { for migrate_dialog }
                { for share_dialog }
            </div>
        </>
    }
}
