//! The app's state and the only way it changes: [`Workspace::reduce`].

use std::rc::Rc;

use yew::{AttrValue, Reducible};

use heatwise_core::catalog::StatusKind;
use heatwise_core::lint::Severity;
use heatwise_core::release::Release;

use crate::findings::{checked, findings, Change, Finding, ProblemFilter};
use crate::folder::{Folder, FolderMigration, FolderView, StackChoice};
use crate::migration::{migrate, Migration};
use crate::orc::{OrcSettings, OrcView};
use crate::outline::{outline_of, OutlineEntry, Utf16Range};
use crate::scan::ScanReport;

#[derive(Clone, Debug, PartialEq)]
pub struct Workspace {
    /// The document as of its last settled edit.
    pub document: Rc<str>,
    pub outline: Rc<[OutlineEntry]>,
    /// The linter's findings for `document` at `target`.
    pub findings: Rc<[Finding]>,
    /// The release to check against; `None` for the catalog's newest.
    pub target: Option<Release>,
    pub problem_filter: ProblemFilter,
    /// Text the editor must show. Typing does not change it: the editor
    /// already has what the user typed.
    pub loaded: LoadedText,
    /// The latest request to show a range in the editor.
    pub reveal: Option<Reveal>,
    /// The latest fix to apply in the editor.
    pub fix_request: Option<FixRequest>,
    /// "Migrate all", shown for review before it is applied.
    pub migration: Option<Rc<Migration>>,
    /// The name the document is saved under.
    pub file_name: Rc<str>,
    /// A share link made for the document, or why none could be.
    pub share: Option<Result<Rc<str>, String>>,
    /// What the status bar tells, until the next one.
    pub notice: Option<Notice>,
    pub side_panel: SidePanelTab,
    pub catalog_query: CatalogQuery,
    pub save_status: SaveStatus,
    /// What the panel under the editor shows.
    pub bottom_panel: BottomPanelTab,
    pub orc_settings: OrcSettings,
    /// The latest ORC export made while its view was shown (exporting on
    /// every edit with nobody looking would slow typing); `None` until the
    /// first arrives.
    pub orc: Option<Rc<OrcView>>,
    /// A folder opened in the page, and the stack chosen in it.
    pub folder: Option<Rc<Folder>>,
    /// A cloud scan's report opened in the page.
    pub scan: Option<Rc<ScanReport>>,
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SidePanelTab {
    #[default]
    Resources,
    Catalog,
    /// A folder's stack, file by file.
    Folder,
    /// A cloud scan's report: its stacks by project, what they use.
    Cloud,
}

/// The views of the panel under the editor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BottomPanelTab {
    #[default]
    Problems,
    /// The stack as manifests of the OpenStack Resource Controller.
    Orc,
}

/// What the catalog browser shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatalogQuery {
    /// Words every listed type name contains, in any case.
    pub text: String,
    /// Only types of this status.
    pub status: Option<StatusKind>,
    /// HIDDEN types are listed only when asked for (or filtered for).
    pub show_hidden: bool,
    /// The type shown in full.
    pub selected: Option<AttrValue>,
}

impl CatalogQuery {
    pub fn lists(&self, type_name: &str, status: StatusKind) -> bool {
        if self.status.is_some_and(|wanted| wanted != status) {
            return false;
        }
        if status == StatusKind::Hidden && !self.show_hidden && self.status.is_none() {
            return false;
        }
        let name = type_name.to_lowercase();
        self.text
            .split_whitespace()
            .all(|word| name.contains(&word.to_lowercase()))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub is_error: bool,
}

/// Edits to make in the editor as one undoable step; `serial` tells two
/// requests apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixRequest {
    pub changes: Rc<[Change]>,
    pub serial: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveStatus {
    /// Nothing changed since the page opened.
    Unchanged,
    Saved,
    /// Why the last save failed.
    Failed(String),
    /// The app keeps no copy: the page that embeds it may.
    Off,
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
    /// Check against another release (`None`: the newest).
    SetTarget(Option<Release>),
    /// Apply a fix's changes to the text in the editor.
    ApplyFix(Rc<[Change]>),
    /// Show or hide the findings of one severity in the problems panel.
    ToggleSeverity(Severity),
    /// List only the findings containing these words.
    FilterProblems(String),
    /// Show what applying every safe fix (and every unsafe one, when
    /// `true`) would do.
    PreviewMigration(bool),
    CloseMigration,
    /// Apply the migration shown, as one undoable step.
    ApplyMigration,
    /// A file, an example or a share link was opened: the document is
    /// replaced (undo brings the old one back) and saved under its name.
    Opened {
        text: Rc<str>,
        file_name: Rc<str>,
        saved: SaveStatus,
    },
    Shared(Result<Rc<str>, String>),
    CloseShare,
    Notify(Notice),
    ShowSidePanel(SidePanelTab),
    QueryCatalog(CatalogQuery),
    ShowBottomPanel(BottomPanelTab),
    /// Export to ORC with these settings.
    SetOrcSettings(OrcSettings),
    /// The ORC export of `document` with `settings` and its stack (see
    /// [`Workspace::orc_stack`]) is ready.
    OrcExported {
        document: Rc<str>,
        settings: OrcSettings,
        stack: Rc<str>,
        view: Rc<OrcView>,
    },
    /// A folder was opened: its stack is shown beside the editor.
    FolderOpened(Rc<Folder>),
    /// The stack chosen in the folder: its root and environments.
    FolderChoose(StackChoice),
    /// The findings of the folder's stack at `revision` are ready.
    FolderLinted {
        revision: u32,
        view: Rc<FolderView>,
    },
    /// Show a file of the folder in the editor, and a range in it.
    FolderShow {
        path: Rc<str>,
        range: Option<Utf16Range>,
    },
    /// "Migrate all" over the folder's stack is ready for review.
    FolderMigrationReady(Rc<FolderMigration>),
    FolderCloseMigration,
    /// Apply the migration shown to the folder's files.
    FolderApplyMigration,
    FolderClose,
    /// A cloud scan's report was opened: shown beside the editor.
    ScanOpened(Rc<ScanReport>),
}

/// The outline and the findings of `text`, from one parse.
fn outline_and_findings(
    text: &str,
    target: Option<Release>,
) -> (Rc<[OutlineEntry]>, Rc<[Finding]>) {
    let (template, findings) = checked(text, target);
    (outline_of(&template).into(), findings.into())
}

impl Workspace {
    /// `text` checked against the newest release, not saved yet.
    pub fn open(text: Rc<str>) -> Self {
        Self::open_at(text, None, SaveStatus::Unchanged)
    }

    /// `text` checked against `target`, with what the status bar says of
    /// saving until the first edit.
    pub fn open_at(text: Rc<str>, target: Option<Release>, save_status: SaveStatus) -> Self {
        let (outline, findings) = outline_and_findings(&text, target);
        Self {
            outline,
            findings,
            target,
            problem_filter: ProblemFilter::default(),
            fix_request: None,
            migration: None,
            file_name: crate::examples::DEFAULT_FILE_NAME.into(),
            share: None,
            notice: None,
            side_panel: SidePanelTab::default(),
            catalog_query: CatalogQuery::default(),
            bottom_panel: BottomPanelTab::default(),
            orc_settings: OrcSettings::default(),
            orc: None,
            folder: None,
            scan: None,
            document: text.clone(),
            loaded: LoadedText {
                text,
                generation: 0,
            },
            reveal: None,
            save_status,
        }
    }
}

impl Workspace {
    fn replaced(&self, text: Rc<str>, saved: SaveStatus) -> Self {
        let mut next = self.clone();
        (next.outline, next.findings) = outline_and_findings(&text, self.target);
        next.document = text.clone();
        next.loaded = LoadedText {
            text,
            generation: self.loaded.generation.wrapping_add(1),
        };
        next.save_status = saved;
        next.migration = None;
        next
    }

    fn with_fix_request(&self, changes: Rc<[Change]>) -> Self {
        let serial = self
            .fix_request
            .as_ref()
            .map_or(0, |request| request.serial.wrapping_add(1));
        let mut next = self.clone();
        next.fix_request = Some(FixRequest { changes, serial });
        next
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
            WorkspaceAction::FolderOpened(folder) => {
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
                next.into()
            }
            WorkspaceAction::FolderClose => {
                let mut next = (*self).clone();
                next.folder = None;
                if next.side_panel == SidePanelTab::Folder {
                    next.side_panel = SidePanelTab::Resources;
                }
                next.into()
            }
            action @ (WorkspaceAction::FolderChoose(_)
            | WorkspaceAction::FolderLinted { .. }
            | WorkspaceAction::FolderShow { .. }
            | WorkspaceAction::FolderMigrationReady(_)
            | WorkspaceAction::FolderCloseMigration
            | WorkspaceAction::FolderApplyMigration) => self.reduce_folder(action),
            WorkspaceAction::Replaced { text, saved } => self.replaced(text, saved).into(),
            WorkspaceAction::Opened {
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
            WorkspaceAction::Shared(link) => {
                let mut next = (*self).clone();
                next.share = Some(link);
                next.into()
            }
            WorkspaceAction::CloseShare => {
                if self.share.is_none() {
                    return self;
                }
                let mut next = (*self).clone();
                next.share = None;
                next.into()
            }
            WorkspaceAction::ScanOpened(report) => {
                let mut next = (*self).clone();
                next.scan = Some(report);
                next.side_panel = SidePanelTab::Cloud;
                next.into()
            }
            WorkspaceAction::ShowSidePanel(tab) => {
                if tab == self.side_panel {
                    return self;
                }
                let mut next = (*self).clone();
                next.side_panel = tab;
                next.into()
            }
            WorkspaceAction::ShowBottomPanel(tab) => {
                if tab == self.bottom_panel {
                    return self;
                }
                let mut next = (*self).clone();
                next.bottom_panel = tab;
                next.into()
            }
            WorkspaceAction::SetOrcSettings(settings) => {
                if settings == self.orc_settings {
                    return self;
                }
                let mut next = (*self).clone();
                next.orc_settings = settings;
                next.into()
            }
            WorkspaceAction::OrcExported {
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
            WorkspaceAction::QueryCatalog(query) => {
                let mut next = (*self).clone();
                next.catalog_query = query;
                next.into()
            }
            WorkspaceAction::Notify(notice) => {
                let mut next = (*self).clone();
                next.notice = Some(notice);
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
            WorkspaceAction::SetTarget(target) => {
                if target == self.target {
                    return self;
                }
                let mut next = (*self).clone();
                next.findings = findings(&self.document, target).into();
                next.target = target;
                next.into()
            }
            WorkspaceAction::ApplyFix(changes) => self.with_fix_request(changes).into(),
            WorkspaceAction::PreviewMigration(with_unsafe) => {
                let mut next = (*self).clone();
                next.migration = Some(migrate(&self.document, self.target, with_unsafe).into());
                next.into()
            }
            WorkspaceAction::CloseMigration => {
                if self.migration.is_none() {
                    return self;
                }
                let mut next = (*self).clone();
                next.migration = None;
                next.into()
            }
            WorkspaceAction::ApplyMigration => {
                let Some(migration) = self.migration.clone() else {
                    return self;
                };
                let mut next = self.with_fix_request(migration.changes.clone());
                next.migration = None;
                next.into()
            }
            WorkspaceAction::ToggleSeverity(severity) => {
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
            WorkspaceAction::FilterProblems(text) => {
                if text == self.problem_filter.text {
                    return self;
                }
                let mut next = (*self).clone();
                next.problem_filter.text = text;
                next.into()
            }
        }
    }
}

impl Workspace {
    /// The stack the ORC export of the document takes: the folder's when
    /// the document is its root (its environments, as `heatwise orc ROOT
    /// -e ENV...` takes them, and its nested templates), none otherwise.
    /// JSON (see [`crate::folder::Folder::stack_of_root`]).
    pub fn orc_stack(&self) -> Rc<str> {
        self.folder
            .as_ref()
            .map_or_else(|| "{}".to_owned(), |folder| folder.stack_of_root())
            .into()
    }

    /// What the folder view's actions do; the workspace as it is without
    /// a folder.
    fn reduce_folder(self: Rc<Self>, action: WorkspaceAction) -> Rc<Self> {
        let Some(folder) = self.folder.clone() else {
            return self;
        };
        let mut next = (*self).clone();
        let mut changed = (*folder).clone();
        match action {
            WorkspaceAction::FolderChoose(StackChoice { root, environments }) => {
                changed.root = root;
                changed.chosen = environments;
                changed.revision = folder.revision.wrapping_add(1);
            }
            WorkspaceAction::FolderLinted { revision, view } => {
                if revision != folder.revision {
                    return self;
                }
                changed.view = Some(view);
            }
            WorkspaceAction::FolderShow { path, range } => {
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
            WorkspaceAction::FolderMigrationReady(migration) => {
                changed.migration = Some(migration);
            }
            WorkspaceAction::FolderCloseMigration => changed.migration = None,
            WorkspaceAction::FolderApplyMigration => {
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
            _ => return self,
        }
        next.folder = Some(changed.into());
        next.into()
    }
}
