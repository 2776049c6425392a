//! The App's effects and callbacks as hooks, so that the component reads
//! as its layout: each hook is one behaviour of the App, and acts on the
//! workspace only through its reducer.

use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{DragEvent, EventTarget};
use yew::prelude::*;

use crate::controller::AppController;
use crate::dispatch::{notify_error, Dispatcher};
use crate::examples::{Example, BLANK_TEMPLATE, DEFAULT_FILE_NAME};
use crate::orc::{self, manifests_file_name};
use crate::placement::Placement;
use crate::share;
use crate::state::{
    BottomPanelTab, DocumentAction, FleetAction, Notice, OrcAction, PanelAction, Workspace,
    WorkspaceAction,
};
use crate::storage::Persistence;

/// Replaces the document with `text` opened from `file_name`, and saves it;
/// a cloud scan's report (`heatwise scan --format json`) opens as the
/// fleet page instead.
pub fn open_text(
    dispatcher: &Dispatcher,
    persistence: &Persistence,
    text: Rc<str>,
    file_name: Rc<str>,
) {
    if file_name.ends_with(".json") {
        if let Some(report) = crate::scan::ScanReport::read(&text) {
            let fleet = crate::fleet::Fleet::new(file_name, report.into());
            dispatcher.dispatch(WorkspaceAction::Fleet(FleetAction::Opened(fleet.into())));
            return;
        }
    }
    let saved = persistence.save(&text);
    dispatcher.dispatch(WorkspaceAction::Document(DocumentAction::Opened {
        text,
        file_name,
        saved,
    }));
}

/// Reads a file the user picked or dropped, then opens it.
pub fn open_file(dispatcher: Dispatcher, persistence: Persistence, file: web_sys::File) {
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
pub fn copy_text(
    dispatcher: Dispatcher,
    text: String,
    what: &'static str,
    what_capital: &'static str,
) {
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
        dispatcher.dispatch(WorkspaceAction::Panels(PanelAction::Notify(notice)));
    });
}

/// A callback that dispatches the action `action` makes of its value.
#[hook]
pub fn use_action<T: 'static>(
    workspace: &UseReducerHandle<Workspace>,
    action: fn(T) -> WorkspaceAction,
) -> Callback<T> {
    let dispatcher = workspace.dispatcher();
    use_callback((), move |value: T, ()| dispatcher.dispatch(action(value)))
}

/// Lets code outside the component tree act on the App while it is
/// mounted.
#[hook]
pub fn use_controller(
    workspace: &UseReducerHandle<Workspace>,
    persistence: &Persistence,
    controller: Option<AppController>,
) {
    let workspace = workspace.clone();
    let persistence = persistence.clone();
    use_effect_with(controller, move |controller| {
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

/// Every change of the document, told once: not the one it opens with.
#[hook]
pub fn use_document_changes(
    workspace: &UseReducerHandle<Workspace>,
    on_document_change: Option<Callback<Rc<str>>>,
) {
    let opened = use_mut_ref(|| false);
    use_effect_with(workspace.document.clone(), move |document| {
        if opened.replace(true) {
            if let Some(on_document_change) = on_document_change {
                on_document_change.emit(document.clone());
            }
        }
    });
}

/// A share link opens its template (undo brings back what was there);
/// the fragment is then dropped, so that a reload keeps later edits.
#[hook]
pub fn use_share_link(
    workspace: &UseReducerHandle<Workspace>,
    persistence: &Persistence,
    share_links: bool,
) {
    let dispatcher = workspace.dispatcher();
    let persistence = persistence.clone();
    use_effect_with(share_links, move |&share_links| {
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
                Ok(text) => open_text(&dispatcher, &persistence, text.into(), "shared.yaml".into()),
                Err(reason) => {
                    notify_error(
                        &dispatcher,
                        format!("The shared template could not be opened: {reason}"),
                    );
                }
            }
            let page =
                location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
            if let Ok(history) = gloo::utils::window().history() {
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&page));
            }
        });
    });
}

/// A file dropped on the App's page or element opens it. Listening
/// before the editor does (capture): CodeMirror would insert the text.
#[hook]
pub fn use_file_drop(
    workspace: &UseReducerHandle<Workspace>,
    persistence: &Persistence,
    placement: Placement,
) {
    let dispatcher = workspace.dispatcher();
    let persistence = persistence.clone();
    use_effect_with(placement, move |placement| {
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
            // A folder or a .zip opens in the folder view.
            if let Some(data) = event.data_transfer().filter(crate::folder::is_folder_drop) {
                event.prevent_default();
                event.stop_propagation();
                let reading = crate::folder::read_drop(&data);
                let dispatcher = dispatcher.clone();
                spawn_local(async move {
                    // Dumps are scanned for the newest release; the fleet's
                    // page scans them again for the target chosen.
                    let read = crate::folder::dropped(reading, None).await.map(Some);
                    crate::folder_hooks::show_folder(&dispatcher, read);
                });
                return;
            }
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

/// While the ORC view is shown, the document is exported after each
/// settled edit and each change of the settings or of its stack.
#[hook]
pub fn use_orc_export(workspace: &UseReducerHandle<Workspace>) {
    let dispatcher = workspace.dispatcher();
    let shown = workspace.bottom_panel == BottomPanelTab::Orc;
    use_effect_with(
        (
            workspace.document.clone(),
            workspace.orc_settings.clone(),
            workspace.orc_stack(),
            shown,
        ),
        move |(document, settings, stack, shown)| {
            if *shown {
                let document = document.clone();
                let settings = settings.clone();
                let stack = stack.clone();
                spawn_local(async move {
                    let view = orc::export(&document, &settings, &stack).await;
                    dispatcher.dispatch(WorkspaceAction::Orc(OrcAction::Exported {
                        document,
                        settings,
                        stack,
                        view: view.into(),
                    }));
                });
            }
        },
    );
}

/// What the App does with files and text: edits saved, examples, new,
/// open, save, share links, the ORC manifests copied or downloaded.
pub struct FileCallbacks {
    pub on_change: Callback<Rc<str>>,
    pub on_choose_example: Callback<&'static Example>,
    pub on_new: Callback<()>,
    pub on_open: Callback<web_sys::File>,
    pub on_save: Callback<()>,
    pub on_share: Callback<()>,
    pub on_copy_link: Callback<AttrValue>,
    pub on_copy_manifests: Callback<Rc<str>>,
    pub on_download_manifests: Callback<Rc<str>>,
}

#[hook]
pub fn use_file_callbacks(
    workspace: &UseReducerHandle<Workspace>,
    persistence: &Persistence,
    placement: &Placement,
) -> FileCallbacks {
    let persistence = persistence.clone();
    let on_change = {
        let dispatcher = workspace.dispatcher();
        use_callback(persistence.clone(), move |text: Rc<str>, persistence| {
            let saved = persistence.save(&text);
            dispatcher.dispatch(WorkspaceAction::Document(DocumentAction::Edited {
                text,
                saved,
            }));
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
        use_callback(
            persistence.clone(),
            move |file: web_sys::File, persistence| {
                open_file(dispatcher.clone(), persistence.clone(), file)
            },
        )
    };
    let on_save = {
        let document = workspace.document.clone();
        let file_name = workspace.file_name.clone();
        let parent = match placement {
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
                dispatcher.dispatch(WorkspaceAction::Panels(PanelAction::Shared(
                    link.map(Rc::from),
                )));
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
        let parent = match placement {
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
    FileCallbacks {
        on_change,
        on_choose_example,
        on_new,
        on_open,
        on_save,
        on_share,
        on_copy_link,
        on_copy_manifests,
        on_download_manifests,
    }
}
