//! One component a file; state changes go through [`crate::state`].

mod app;
mod app_header;
mod code_editor;
mod outline_item;
mod outline_panel;
mod status_bar;

pub use app::App;
pub use app_header::{AppHeader, AppHeaderProps};
pub use code_editor::{CodeEditor, CodeEditorProps, SETTLE_MILLIS};
pub use outline_item::{OutlineItem, OutlineItemProps};
pub use outline_panel::{OutlinePanel, OutlinePanelProps};
pub use status_bar::{StatusBar, StatusBarProps};
