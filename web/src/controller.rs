//! [`AppController`]: how code outside the component tree (the handle a
//! page that embeds the editor holds) reads and changes a mounted
//! [`crate::components::App`], through the same reducer actions as the
//! app's own controls.

use std::cell::RefCell;
use std::rc::Rc;

use heatwise_core::release::Release;
use js_sys::{Function, Promise};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use yew::UseReducerHandle;

use crate::live_text::LiveText;
use crate::state::{DocumentAction, Workspace, WorkspaceAction};
use crate::storage::Persistence;

/// Filled by the App when it is first rendered and emptied when it is
/// unmounted; until then, and after, it acts on nothing.
#[derive(Clone, Default)]
pub struct AppController(Rc<RefCell<Link>>);

#[derive(Default)]
struct Link {
    app: Option<Attached>,
    /// Resolves the promises of [`AppController::attached`].
    waiting: Vec<Function>,
    /// The App's editor, for the text as typed.
    live_text: LiveText,
}

struct Attached {
    workspace: UseReducerHandle<Workspace>,
    persistence: Persistence,
}

impl PartialEq for AppController {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl AppController {
    pub fn new() -> Self {
        Self::default()
    }

    /// Called by the App: from now on the controller acts on `workspace`.
    pub fn attach(&self, workspace: UseReducerHandle<Workspace>, persistence: Persistence) {
        let waiting = {
            let mut link = self.0.borrow_mut();
            link.app = Some(Attached {
                workspace,
                persistence,
            });
            std::mem::take(&mut link.waiting)
        };
        for resolve in waiting {
            // A promise's resolve function does not throw.
            let _ = resolve.call0(&JsValue::NULL);
        }
    }

    /// Called by the App when it goes away: the reducer (and the component
    /// it belongs to) must not be kept alive by this controller.
    pub fn detach(&self) {
        self.0.borrow_mut().app = None;
    }

    pub fn is_attached(&self) -> bool {
        self.0.borrow().app.is_some()
    }

    /// Waits until the App is rendered and attached.
    pub async fn attached(&self) {
        if self.is_attached() {
            return;
        }
        let link = self.0.clone();
        let promise = Promise::new(&mut |resolve, _reject| link.borrow_mut().waiting.push(resolve));
        // The promise never rejects.
        let _ = JsFuture::from(promise).await;
    }

    /// What the App hands its editor, to read the text as typed.
    pub fn live_text(&self) -> LiveText {
        self.0.borrow().live_text.clone()
    }

    /// The document as it is in the editor now, keystrokes that have not
    /// settled yet included; `None` when no App is attached.
    pub fn document(&self) -> Option<Rc<str>> {
        let link = self.0.borrow();
        // Read through a fresh clone: a handle keeps every state it has
        // read, and this one lives as long as the App.
        let workspace = link.app.as_ref()?.workspace.clone();
        match link.live_text.unsettled(workspace.loaded.generation) {
            Some(text) => Some(text.into()),
            None => Some(workspace.document.clone()),
        }
    }

    /// Replaces the document, as one change that undo takes back, and
    /// keeps it where the App keeps its document. `false` when no App is
    /// attached.
    pub fn replace_document(&self, text: Rc<str>) -> bool {
        // Released before dispatching: the reducer's re-render may attach.
        let Some((workspace, saved)) = self.0.borrow().app.as_ref().map(|app| {
            let saved = app.persistence.save(&text);
            (app.workspace.clone(), saved)
        }) else {
            return false;
        };
        workspace.dispatch(WorkspaceAction::Document(DocumentAction::Replaced {
            text,
            saved,
        }));
        true
    }

    /// Checks against `target` (`None`: the newest release). `false` when
    /// no App is attached.
    pub fn set_target(&self, target: Option<Release>) -> bool {
        let Some(workspace) = self
            .0
            .borrow()
            .app
            .as_ref()
            .map(|app| app.workspace.clone())
        else {
            return false;
        };
        workspace.dispatch(WorkspaceAction::Document(DocumentAction::SetTarget(target)));
        true
    }
}
