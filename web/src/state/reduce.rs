//! How each action changes the workspace: [`Workspace::reduce`] sends it
//! to the part of the state it is about (the document, the panels, the ORC
//! view, the folder).

use super::*;
use crate::words::plural;

impl Reducible for Workspace {
    type Action = WorkspaceAction;

    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self> {
        match action {
            WorkspaceAction::Document(action) => self.reduce_document(action),
            WorkspaceAction::Orc(action) => self.reduce_orc(action),
            WorkspaceAction::Folder(action) => self.reduce_folder(action),
            WorkspaceAction::Fleet(action) => self.reduce_fleet(action),
            WorkspaceAction::Panels(action) => self.reduce_panels(action),
        }
    }
}

impl Workspace {
    /// The document: its text, its target release, fixes and migrations.
    fn reduce_document(self: Rc<Self>, action: DocumentAction) -> Rc<Self> {
        match action {
            DocumentAction::Edited { text, saved } => {
                if text == self.document && saved == self.save_status {
                    return self;
                }
                let mut next = (*self).clone();
                if text != self.document {
                    (next.outline, next.findings) = outline_and_findings(&text, self.target);
                    // A file of the folder, edited: its stack is checked again.
                    if let Some(folder) = &self.folder {
                        if let Some(path) = &folder.open {
                            next.folder = Some(folder.with_text(path, text.clone()).into());
                        }
                    }
                    next.document = text;
                }
                next.save_status = saved;
                next.into()
            }
            DocumentAction::Replaced { text, saved } => self.replaced(text, saved).into(),
            DocumentAction::Opened {
                text,
                file_name,
                saved,
            } => {
                let mut next = self.replaced(text, saved);
                next.notice = Some(Notice {
                    text: format!("Opened {file_name}"),
                    is_error: false,
                });
                next.file_name = file_name;
                next.into()
            }
            DocumentAction::SetTarget(target) => {
                if target == self.target {
                    return self;
                }
                let mut next = (*self).clone();
                next.findings = findings(&self.document, target).into();
                next.target = target;
                next.into()
            }
            DocumentAction::ApplyFix(changes) => self.with_fix_request(changes).into(),
            DocumentAction::PreviewMigration(with_unsafe) => {
                let mut next = (*self).clone();
                next.migration = Some(migrate(&self.document, self.target, with_unsafe).into());
                next.into()
            }
            DocumentAction::CloseMigration => {
                if self.migration.is_none() {
                    return self;
                }
                let mut next = (*self).clone();
                next.migration = None;
                next.into()
            }
            DocumentAction::ApplyMigration => {
                let Some(migration) = self.migration.clone() else {
                    return self;
                };
                let mut next = self.with_fix_request(migration.changes.clone());
                next.migration = None;
                next.into()
            }
        }
    }

    /// The panels: which is shown, what they hold and filter.
    fn reduce_panels(self: Rc<Self>, action: PanelAction) -> Rc<Self> {
        match action {
            PanelAction::Shared(link) => {
                let mut next = (*self).clone();
                next.share = Some(link);
                next.into()
            }
            PanelAction::CloseShare => {
                if self.share.is_none() {
                    return self;
                }
                let mut next = (*self).clone();
                next.share = None;
                next.into()
            }
            PanelAction::ShowSidePanel(tab) => {
                if tab == self.side_panel {
                    return self;
                }
                let mut next = (*self).clone();
                next.side_panel = tab;
                next.into()
            }
            PanelAction::ShowBottomPanel(tab) => {
                if tab == self.bottom_panel {
                    return self;
                }
                let mut next = (*self).clone();
                next.bottom_panel = tab;
                next.into()
            }
            PanelAction::QueryCatalog(query) => {
                let mut next = (*self).clone();
                next.catalog_query = query;
                next.into()
            }
            PanelAction::Notify(notice) => {
                let mut next = (*self).clone();
                next.notice = Some(notice);
                next.into()
            }
            PanelAction::Reveal(range) => {
                let serial = self
                    .reveal
                    .map_or(0, |reveal| reveal.serial.wrapping_add(1));
                let mut next = (*self).clone();
                next.reveal = Some(Reveal { range, serial });
                next.into()
            }
            PanelAction::ToggleSeverity(severity) => {
                let mut next = (*self).clone();
                let hidden = &mut next.problem_filter.hidden;
                match hidden.iter().position(|&s| s == severity) {
                    Some(at) => {
                        hidden.remove(at);
                    }
                    None => hidden.push(severity),
                }
                next.into()
            }
            PanelAction::FilterProblems(text) => {
                if text == self.problem_filter.text {
                    return self;
                }
                let mut next = (*self).clone();
                next.problem_filter.text = text;
                next.into()
            }
        }
    }

    /// The fleet page: what it holds, lists and shows.
    fn reduce_fleet(self: Rc<Self>, action: FleetAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            FleetAction::Opened(fleet) => {
                let stacks = fleet.report.stacks.len();
                next.notice = Some(Notice {
                    text: format!(
                        "Opened {} ({})",
                        fleet.name,
                        plural(stacks, "stack", "stacks")
                    ),
                    is_error: false,
                });
                next.fleet = Some(fleet);
                next.page = Page::Fleet;
            }
            FleetAction::Rescanned { target, report } => {
                let Some(fleet) = &self.fleet else {
                    return self;
                };
                // A scan for another target than the one now asked for is late.
                if fleet.dumps.is_none() || target != self.target {
                    return self;
                }
                let mut changed = (**fleet).clone();
                // The same dumps: the same stacks, in the same order.
                changed.report = report;
                changed.target = target;
                next.fleet = Some(changed.into());
            }
            FleetAction::Query(query) => {
                let Some(fleet) = &self.fleet else {
                    return self;
                };
                if query == fleet.query {
                    return self;
                }
                let mut changed = (**fleet).clone();
                changed.query = query;
                next.fleet = Some(changed.into());
            }
            FleetAction::Select(index) => {
                let Some(fleet) = &self.fleet else {
                    return self;
                };
                if index >= fleet.report.stacks.len() || fleet.selected == Some(index) {
                    return self;
                }
                let mut changed = (**fleet).clone();
                changed.selected = Some(index);
                next.fleet = Some(changed.into());
            }
            FleetAction::ShowPage(page) => {
                if page == self.page || (page == Page::Fleet && self.fleet.is_none()) {
                    return self;
                }
                next.page = page;
            }
            FleetAction::Close => {
                next.fleet = None;
                next.page = Page::Editor;
            }
        }
        next.into()
    }

    /// The ORC view: its settings, and an export made for them.
    fn reduce_orc(self: Rc<Self>, action: OrcAction) -> Rc<Self> {
        match action {
            OrcAction::SetSettings(settings) => {
                if settings == self.orc_settings {
                    return self;
                }
                let mut next = (*self).clone();
                next.orc_settings = settings;
                next.into()
            }
            OrcAction::Exported {
                document,
                settings,
                stack,
                view,
            } => {
                // An export made for an older text, older settings or
                // another stack arrives late: the current one follows.
                let current = Rc::ptr_eq(&document, &self.document) || document == self.document;
                if !current || settings != self.orc_settings || *stack != *self.orc_stack() {
                    return self;
                }
                let mut next = (*self).clone();
                next.orc = Some(view);
                next.into()
            }
        }
    }

    /// What the folder view's actions do; the workspace as it is without
    /// a folder.
    fn reduce_folder(self: Rc<Self>, action: FolderAction) -> Rc<Self> {
        let action = match action {
            FolderAction::Opened(folder) => {
                let mut next = (*self).clone();
                next.notice = Some(Notice {
                    text: match folder.skipped {
                        0 => format!(
                            "Opened the folder {} ({} files)",
                            folder.name,
                            folder.files.len()
                        ),
                        n => format!(
                            "Opened the folder {} ({} files; {n} binary or too large, left out)",
                            folder.name,
                            folder.files.len()
                        ),
                    },
                    is_error: false,
                });
                next.folder = Some(folder);
                next.side_panel = SidePanelTab::Folder;
                next.page = Page::Editor;
                return next.into();
            }
            FolderAction::Close => {
                let mut next = (*self).clone();
                next.folder = None;
                if next.side_panel == SidePanelTab::Folder {
                    next.side_panel = SidePanelTab::Resources;
                }
                return next.into();
            }
            other => other,
        };
        let Some(folder) = self.folder.clone() else {
            return self;
        };
        let mut next = (*self).clone();
        let mut changed = (*folder).clone();
        match action {
            FolderAction::Choose(StackChoice { root, environments }) => {
                changed.root = root;
                changed.chosen = environments;
                changed.revision = folder.revision.wrapping_add(1);
            }
            FolderAction::Linted { revision, view } => {
                if revision != folder.revision {
                    return self;
                }
                changed.view = Some(view);
            }
            FolderAction::Show { path, range } => {
                let Some(text) = folder.text_of(&path) else {
                    return self;
                };
                if folder.open.as_deref() != Some(&path) || text != self.document {
                    next = next.replaced(text, self.save_status.clone());
                    next.file_name = path.clone();
                }
                if let Some(range) = range {
                    let serial = self.reveal.map_or(0, |r| r.serial.wrapping_add(1));
                    next.reveal = Some(Reveal { range, serial });
                }
                changed.open = Some(path);
            }
            FolderAction::MigrationReady(migration) => {
                changed.migration = Some(migration);
            }
            FolderAction::CloseMigration => changed.migration = None,
            FolderAction::ApplyMigration => {
                let Some(FolderMigration::Ready {
                    changed: files,
                    broken,
                    ..
                }) = folder.migration.as_deref()
                else {
                    return self;
                };
                if !broken.is_empty() {
                    return self;
                }
                for file in files {
                    changed = changed.with_text(&file.path, file.after.clone());
                    if folder.open.as_deref() == Some(&*file.path) {
                        next = next.replaced(file.after.clone(), self.save_status.clone());
                    }
                }
                changed.migration = None;
                next.notice = Some(Notice {
                    text: format!("Migrated {} files of the folder", files.len()),
                    is_error: false,
                });
            }
            // Handled above, before the folder is needed.
            FolderAction::Opened(_) | FolderAction::Close => return self,
        }
        next.folder = Some(changed.into());
        next.into()
    }
}
