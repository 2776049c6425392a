//! The app's state and the only way it changes: [`Workspace::reduce`].

use std::rc::Rc;

use yew::Reducible;

use crate::outline::{outline_entries, OutlineEntry, Utf16Range};

#[derive(Clone, Debug, PartialEq)]
pub struct Workspace {
    /// The document as of its last settled edit.
    pub document: Rc<str>,
    pub outline: Rc<[OutlineEntry]>,
    /// Text the editor must show. Typing does not change it: the editor
    /// already has what the user typed.
    pub loaded: LoadedText,
    /// The latest request to show a range in the editor.
    pub reveal: Option<Reveal>,
    pub save_status: SaveStatus,
}

/// Text put into the editor from outside; `generation` tells one load
/// from the next even when the text is the same.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedText {
    pub text: Rc<str>,
    pub generation: u32,
}

/// `serial` tells two requests for the same range apart, so that clicking
/// an entry twice shows it twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reveal {
    pub range: Utf16Range,
    pub serial: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveStatus {
    /// Nothing changed since the page opened.
    Unchanged,
    Saved,
    /// Why the last save failed.
    Failed(String),
}

impl SaveStatus {
    pub fn from_result(result: Result<(), String>) -> Self {
        match result {
            Ok(()) => Self::Saved,
            Err(reason) => Self::Failed(reason),
        }
    }
}

pub enum WorkspaceAction {
    /// The user changed the text in the editor.
    Edited {
        text: Rc<str>,
        saved: SaveStatus,
    },
    /// The document was replaced from outside the editor.
    Replaced {
        text: Rc<str>,
        saved: SaveStatus,
    },
    Reveal(Utf16Range),
}

impl Workspace {
    pub fn open(text: Rc<str>) -> Self {
        Self {
            outline: outline_entries(&text).into(),
            document: text.clone(),
            loaded: LoadedText {
                text,
                generation: 0,
            },
            reveal: None,
            save_status: SaveStatus::Unchanged,
        }
    }
}

impl Reducible for Workspace {
    type Action = WorkspaceAction;

    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self> {
        match action {
            WorkspaceAction::Edited { text, saved } => {
                if text == self.document && saved == self.save_status {
                    return self;
                }
                let mut next = (*self).clone();
                if text != self.document {
                    next.outline = outline_entries(&text).into();
                    next.document = text;
                }
                next.save_status = saved;
                next.into()
            }
            WorkspaceAction::Replaced { text, saved } => {
                let mut next = (*self).clone();
                next.outline = outline_entries(&text).into();
                next.document = text.clone();
                next.loaded = LoadedText {
                    text,
                    generation: self.loaded.generation.wrapping_add(1),
                };
                next.save_status = saved;
                next.into()
            }
            WorkspaceAction::Reveal(range) => {
                let serial = self
                    .reveal
                    .map_or(0, |reveal| reveal.serial.wrapping_add(1));
                let mut next = (*self).clone();
                next.reveal = Some(Reveal { range, serial });
                next.into()
            }
        }
    }
}
