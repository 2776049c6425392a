//! One component a file; state changes go through [`crate::state`].

mod app;
mod app_header;
mod catalog_panel;
mod catalog_property;
mod catalog_type;
mod cloud_panel;
mod code_editor;
mod diff_hunks;
mod examples_menu;
mod file_actions;
mod folder_migration_dialog;
mod folder_panel;
mod lifecycle_timeline;
mod migrate_dialog;
mod orc_panel;
mod orc_settings_form;
mod outline_item;
mod outline_panel;
mod panel_tabs;
mod problem_item;
mod problems_panel;
mod share_dialog;
mod side_panel;
mod status_badge;
mod status_bar;
mod target_select;
mod template_versions;

pub use app::{App, AppProps, Placement};
pub use app_header::{AppHeader, AppHeaderProps};
pub use catalog_panel::{CatalogPanel, CatalogPanelProps};
pub use catalog_property::{CatalogProperty, CatalogPropertyProps};
pub use catalog_type::{CatalogType, CatalogTypeProps};
pub use cloud_panel::{CloudPanel, CloudPanelProps};
pub use code_editor::{
    settle_delay, CodeEditor, CodeEditorProps, LiveText, MAX_SETTLE_MILLIS, SETTLE_MILLIS,
};
pub use diff_hunks::{DiffHunks, DiffHunksProps};
pub use examples_menu::{ExamplesMenu, ExamplesMenuProps};
pub use file_actions::{FileActions, FileActionsProps};
pub use folder_migration_dialog::{FolderMigrationDialog, FolderMigrationDialogProps};
pub use folder_panel::{FolderPanel, FolderPanelProps};
pub use lifecycle_timeline::{LifecycleTimeline, LifecycleTimelineProps};
pub use migrate_dialog::{MigrateDialog, MigrateDialogProps};
pub use orc_panel::{OrcPanel, OrcPanelProps};
pub use orc_settings_form::{OrcSettingsForm, OrcSettingsFormProps};
pub use outline_item::{OutlineItem, OutlineItemProps};
pub use outline_panel::{OutlinePanel, OutlinePanelProps, OUTLINE_PAGE};
pub use panel_tabs::{PanelTabs, PanelTabsProps};
pub use problem_item::{ProblemItem, ProblemItemProps};
pub use problems_panel::{ProblemsPanel, ProblemsPanelProps, PROBLEMS_PAGE};
pub use share_dialog::{ShareDialog, ShareDialogProps};
pub use side_panel::{SidePanel, SidePanelProps};
pub use status_badge::{StatusBadge, StatusBadgeProps};
pub use status_bar::{StatusBar, StatusBarProps};
pub use target_select::{target_releases, TargetSelect, TargetSelectProps};
pub use template_versions::{TemplateVersions, TemplateVersionsProps};
