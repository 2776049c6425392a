use std::rc::Rc;

use yew::prelude::*;

use super::{AppHeader, CodeEditor, OutlinePanel, StatusBar};
use crate::examples::WEB_TIER_LEGACY;
use crate::outline::Utf16Range;
use crate::state::{SaveStatus, Workspace, WorkspaceAction};
use crate::storage;

#[function_component]
pub fn App() -> Html {
    let workspace = use_reducer(|| {
        let text = storage::load_document().unwrap_or_else(|| WEB_TIER_LEGACY.text.to_owned());
        Workspace::open(text.into())
    });

    let on_change = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |text: Rc<str>, ()| {
            let saved = SaveStatus::from_result(storage::save_document(&text));
            dispatcher.dispatch(WorkspaceAction::Edited { text, saved });
        })
    };
    let on_start_from_example = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |(), ()| {
            let text: Rc<str> = WEB_TIER_LEGACY.text.into();
            let saved = SaveStatus::from_result(storage::save_document(&text));
            dispatcher.dispatch(WorkspaceAction::Replaced { text, saved });
        })
    };
    let on_select = {
        let dispatcher = workspace.dispatcher();
        use_callback((), move |range: Utf16Range, ()| {
            dispatcher.dispatch(WorkspaceAction::Reveal(range));
        })
    };

    html! {
        <>
            <AppHeader example_title={WEB_TIER_LEGACY.title} {on_start_from_example} />
            <main class="workspace">
                <section class="editor-pane panel" aria-label="Template">
                    <CodeEditor
                        label="Heat template"
                        loaded={workspace.loaded.clone()}
                        reveal={workspace.reveal}
                        {on_change}
                    />
                </section>
                <OutlinePanel entries={workspace.outline.clone()} {on_select} />
            </main>
            <StatusBar save_status={workspace.save_status.clone()} />
        </>
    }
}
