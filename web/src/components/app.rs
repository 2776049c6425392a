use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use heatwise_core::lint::Severity;
use heatwise_core::release::Release;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{DragEvent, EventTarget};
use yew::prelude::*;

use super::{
    AppHeader, CodeEditor, MigrateDialog, OrcPanel, PanelTabs, ProblemsPanel, ShareDialog,
    SidePanel, StatusBar,
};
use crate::controller::AppController;
use crate::examples::{Example, BLANK_TEMPLATE, DEFAULT_FILE_NAME, WEB_TIER_LEGACY};
use crate::findings::Change;
use crate::orc::{self, manifests_file_name, OrcSettings};
use crate::outline::Utf16Range;
use crate::share;
use crate::state::{
    BottomPanelTab, CatalogQuery, Notice, SidePanelTab, Workspace, WorkspaceAction,
};
use crate::storage::Persistence;

type Dispatcher = UseReducerDispatcher<Workspace>;

/// What the App is mounted in.
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// A page of its own: a file dropped anywhere in the window opens.
    Page,
    /// This element of someone else's page: only a file dropped on it
    /// opens, and the App adds nothing to the page outside it.
    Element(web_sys::Element),
}

/// How the App fits its page. [`Default`] is the site, which owns the
/// page; an editor embedded in another page ([`crate::embed`]) must leave
/// that page's URL, history, storage and events alone.
#[derive(Properties, Clone, PartialEq)]
pub struct AppProps {
    /// The text to open when nothing was kept from an earlier visit;
    /// `None` for the built-in example.
    pub initial_text: Option<Rc<str>>,
    /// The release to check against at first (`None`: the newest).
    pub initial_target: Option<Release>,
    /// Where the document is kept between visits.
    pub persistence: Persistence,
    /// Offers share links, and opens the one in the page's URL fragment
    /// (then drops the fragment from the page's history).
    pub share_links: bool,
    pub placement: Placement,
    /// Called with the document each time it changes, once typing pauses.
    pub on_document_change: Option<Callback<Rc<str>>>,
    /// Lets code outside the component tree act on the App.
    pub controller: Option<AppController>,
}

impl Default for AppProps {
    fn default() -> Self {
        Self {
            initial_text: None,
            initial_target: None,
            persistence: Persistence::site(),
            share_links: true,
            placement: Placement::Page,
            on_document_change: None,
            controller: None,
        }
    }
}

/// Replaces the document with `text` opened from `file_name`, and saves it.
fn open_text(
    dispatcher: &Dispatcher,
    persistence: &Persistence,
    text: Rc<str>,
    file_name: Rc<str>,
) {
    let saved = persistence.save(&text);
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
fn open_file(dispatcher: Dispatcher, persistence: Persistence, file: web_sys::File) {
    spawn_local(async move {
        let name = file.name();
        match JsFuture::from(file.text()).await {
            Ok(text) => open_text(
                &dispatcher,
                &persistence,
                text.as_string().unwrap_or_default().into(),
                name.into(),
            ),
            Err(_) => notify_error(&dispatcher, format!("{name} could not be read")),
        }
    });
}

/// Copies `text` to the clipboard and says whether it worked: `what` names
/// it in a sentence, `What` at the start of one.
fn copy_text(dispatcher: Dispatcher, text: String, what: &'static str, what_capital: &'static str) {
    spawn_local(async move {
        let notice = match share::copy_to_clipboard(&text).await {
            Ok(()) => Notice {
                text: format!("{what_capital} copied"),
                is_error: false,
            },
            Err(reason) => Notice {
                text: format!("The {what} could not be copied: {reason}"),
                is_error: true,
            },
        };
        dispatcher.dispatch(WorkspaceAction::Notify(notice));
    });
}

#[function_component]
pub fn App(props: &AppProps) -> Html {
    let workspace = use_reducer(|| {
        let text: Rc<str> = match props.persistence.load() {
            Some(kept) => kept.into(),
            None => props
                .initial_text
                .clone()
                .unwrap_or_else(|| WEB_TIER_LEGACY.text.into()),
        };
        Workspace::open_at(
            text,
            props.initial_target,
            props.persistence.initial_status(),
        )
    });
    let persistence = props.persistence.clone();

    {
        let workspace = workspace.clone();
        let persistence = persistence.clone();
        use_effect_with(props.controller.clone(), move |controller| {
            if let Some(controller) = controller {
                controller.attach(workspace, persistence);
            }
            let controller = controller.clone();
            move || {
                if let Some(controller) = controller {
                    controller.detach();
                }
            }
        });
    }

    // Every change of the document, told once: not the one it opens with.
    {
        let on_document_change = props.on_document_change.clone();
        let opened = use_mut_ref(|| false);
        use_effect_with(workspace.document.clone(), move |document| {
            if opened.replace(true) {
                if let Some(on_document_change) = on_document_change {
                    on_document_change.emit(document.clone());
                }
            }
        });
    }

    // A share link opens its template (undo brings back what was there);
    // the fragment is then dropped, so that a reload keeps later edits.
    {
        let dispatcher = workspace.dispatcher();
        let persistence = persistence.clone();
        use_effect_with(props.share_links, move |&share_links| {
            if !share_links {
                return;
            }
            let location = gloo::utils::window().location();
            let fragment = location.hash().unwrap_or_default();
            spawn_local(async move {
                let Some(opened) = share::template_from_fragment(&fragment).await else {
                    return;
                };
                match opened {
                    Ok(text) => {
                        open_text(&dispatcher, &persistence, text.into(), "shared.yaml".into())
                    }
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

    // A file dropped on the App's page or element opens it. Listening
    // before the editor does (capture): CodeMirror would insert the text.
    {
        let dispatcher = workspace.dispatcher();
        let persistence = persistence.clone();
        use_effect_with(props.placement.clone(), move |placement| {
            let target: EventTarget = match placement {
                Placement::Page => gloo::utils::window().into(),
                Placement::Element(element) => element.clone().into(),
            };
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
                EventListener::new_with_options(&target, "dragover", options, move |event| {
                    let event = event.unchecked_ref::<DragEvent>();
                    if has_files(event) {
                        event.prevent_default();
                    }
                });
            let on_drop = EventListener::new_with_options(&target, "drop", options, move |event| {
                let event = event.unchecked_ref::<DragEvent>();
                let file = event
                    .data_transfer()
                    .and_then(|data| data.files())
                    .and_then(|files| files.get(0));
                if let Some(file) = file {
                    event.prevent_default();
                    event.stop_propagation();
                    open_file(dispatcher.clone(), persistence.clone(), file);
                }
            });
            move || drop((on_drag_over, on_drop))
        });
    }

    let on_change = {
        let dispatcher = workspace.dispatcher();
        use_callback(persistence.clone(), move |text: Rc<str>, persistence| {
            let saved = persistence.save(&text);
            dispatcher.dispatch(WorkspaceAction::Edited { text, saved });
        })
    };
    let on_choose_example = {
        let dispatcher = workspace.dispatcher();
        use_callback(
            persistence.clone(),
            move |example: &'static Example, persistence| {
                open_text(
                    &dispatcher,
                    persistence,
                    example.text.into(),
                    example.file_name.into(),
                );
            },
        )
    };
    let on_new = {
        let dispatcher = workspace.dispatcher();
        use_callback(persistence.clone(), move |(), persistence| {
            open_text(
                &dispatcher,
                persistence,
                BLANK_TEMPLATE.into(),
                DEFAULT_FILE_NAME.into(),
            );
        })
    };
    let on_open = {
        let dispatcher = workspace.dispatcher();
        use_callback(persistence, move |file: web_sys::File, persistence| {
            open_file(dispatcher.clone(), persistence.clone(), file)
        })
    };
    let on_save = {
        let document = workspace.document.clone();
        let file_name = workspace.file_name.clone();
        let parent = match &props.placement {
            Placement::Page => None,
            Placement::Element(element) => Some(element.clone()),
        };
        use_callback(
            (document, file_name, parent),
            move |(), (document, file_name, parent)| {
                share::download_text(document, file_name, parent.as_ref());
            },
        )
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
            copy_text(dispatcher.clone(), link.to_string(), "link", "Link")
        })
    };
    let on_copy_manifests = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |yaml: Rc<str>, ()| {
            copy_text(
                dispatcher.clone(),
                yaml.to_string(),
                "manifests",
                "Manifests",
            )
        })
    };
    let on_download_manifests = {
        let file_name = workspace.file_name.clone();
        let parent = match &props.placement {
            Placement::Page => None,
            Placement::Element(element) => Some(element.clone()),
        };
        use_callback(
            (file_name, parent),
            move |yaml: Rc<str>, (file_name, parent)| {
                share::download_text(&yaml, &manifests_file_name(file_name), parent.as_ref());
            },
        )
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
            dispatcher.dispatch(WorkspaceAction::PreviewMigration(false))
        })
    };
    let on_include_unsafe = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |with_unsafe: bool, ()| {
            dispatcher.dispatch(WorkspaceAction::PreviewMigration(with_unsafe))
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
    // While the ORC view is shown, the document is exported after each
    // settled edit and each change of the settings.
    {
        let dispatcher = workspace.dispatcher();
        let shown = workspace.bottom_panel == BottomPanelTab::Orc;
        use_effect_with(
            (
                workspace.document.clone(),
                workspace.orc_settings.clone(),
                shown,
            ),
            move |(document, settings, shown)| {
                if *shown {
                    let document = document.clone();
                    let settings = settings.clone();
                    spawn_local(async move {
                        let view = orc::export(&document, &settings).await;
                        dispatcher.dispatch(WorkspaceAction::OrcExported {
                            document,
                            settings,
                            view: view.into(),
                        });
                    });
                }
            },
        );
    }
    let on_bottom_tab = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |tab: BottomPanelTab, ()| {
            dispatcher.dispatch(WorkspaceAction::ShowBottomPanel(tab));
        })
    };
    let on_orc_settings = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |settings: OrcSettings, ()| {
            dispatcher.dispatch(WorkspaceAction::SetOrcSettings(settings));
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
            <MigrateDialog {migration} on_apply={on_apply_migration} on_close={on_close_migration} {on_include_unsafe} />
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

    let bottom_tabs = html! {
        <PanelTabs
            tab={workspace.bottom_panel}
            on_tab={on_bottom_tab}
            problems={workspace.findings.len()}
        />
    };

    html! {
        <>
            <AppHeader
                {on_choose_example}
                {on_new}
                {on_open}
                {on_save}
                on_share={props.share_links.then_some(on_share)}
                drop_target={match props.placement {
                    Placement::Page => "the page",
                    Placement::Element(_) => "the editor",
                }}
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
                        live_text={props.controller.as_ref().map(AppController::live_text)}
                    />
                </section>
                if workspace.bottom_panel == BottomPanelTab::Orc {
                    <OrcPanel
                        tabs={bottom_tabs}
                        view={workspace.orc.clone()}
                        settings={workspace.orc_settings.clone()}
                        on_settings={on_orc_settings}
                        on_reveal={on_select.clone()}
                        on_copy={on_copy_manifests}
                        on_download={on_download_manifests}
                    />
                } else {
                    <ProblemsPanel
                        tabs={bottom_tabs}
                        findings={workspace.findings.clone()}
                        filter={workspace.problem_filter.clone()}
                        on_reveal={on_select.clone()}
                        {on_fix}
                        {on_toggle_severity}
                        {on_filter}
                    />
                }
                <SidePanel
                    tab={workspace.side_panel}
                    {on_tab}
                    entries={workspace.outline.clone()}
                    {on_select}
                    catalog_query={workspace.catalog_query.clone()}
                    {on_catalog_query}
                    target={workspace.target}
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
