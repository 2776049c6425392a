//! The text of a mounted code editor as typed, before it settles: what a
//! page embedding the editor asks for ([`crate::embed`]).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo::timers::callback::Timeout;

use crate::code_mirror::CodeMirror;

/// Reads the text of a mounted [`CodeEditor`] while keystrokes have not
/// settled yet (what a page embedding the editor asks for).
#[derive(Clone, Default)]
pub struct LiveText(Rc<RefCell<Option<EditorState>>>);

/// What [`LiveText`] needs of a mounted editor, held weakly: the editor
/// goes away with its component.
struct EditorState {
    editor: Weak<RefCell<Option<CodeMirror>>>,
    shown_generation: Weak<RefCell<u32>>,
    pending: Weak<RefCell<Option<Timeout>>>,
}

impl PartialEq for LiveText {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl LiveText {
    /// The editor's text when it has changes that have not settled yet
    /// and shows the loaded text of `loaded_generation`; otherwise `None`:
    /// the app's document is the text then (a text loaded from outside
    /// reaches the editor only when the app renders).
    pub fn unsettled(&self, loaded_generation: u32) -> Option<String> {
        let state = self.0.borrow();
        let state = state.as_ref()?;
        if *state.shown_generation.upgrade()?.borrow() != loaded_generation
            || state.pending.upgrade()?.borrow().is_none()
        {
            return None;
        }
        let editor = state.editor.upgrade()?;
        let editor = editor.borrow();
        editor.as_ref().map(CodeMirror::current_text)
    }

    pub(crate) fn connect(
        &self,
        editor: &Rc<RefCell<Option<CodeMirror>>>,
        shown_generation: &Rc<RefCell<u32>>,
        pending: &Rc<RefCell<Option<Timeout>>>,
    ) {
        *self.0.borrow_mut() = Some(EditorState {
            editor: Rc::downgrade(editor),
            shown_generation: Rc::downgrade(shown_generation),
            pending: Rc::downgrade(pending),
        });
    }
}
