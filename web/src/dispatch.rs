//! How hooks act on the workspace: through its reducer's dispatcher.

use yew::prelude::*;

use crate::state::{Notice, PanelAction, Workspace, WorkspaceAction};

pub type Dispatcher = UseReducerDispatcher<Workspace>;

/// Shows `text` as an error notice.
pub fn notify_error(dispatcher: &Dispatcher, text: String) {
    dispatcher.dispatch(WorkspaceAction::Panels(PanelAction::Notify(Notice {
        text,
        is_error: true,
    })));
}
