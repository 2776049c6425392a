//! The app's state and the only way it changes: [`Workspace::reduce`].

use std::rc::Rc;

use yew::{AttrValue, Reducible};

use heatwise_core::catalog::StatusKind;
use heatwise_core::lint::Severity;
use heatwise_core::release::Release;

use crate::findings::{checked, findings, Change, Finding, ProblemFilter};
use crate::fleet::{Fleet, FleetQuery};
use crate::folder::{Folder, FolderMigration, FolderView, StackChoice};
use crate::migration::{migrate, Migration};
use crate::orc::{OrcSettings, OrcView};
use crate::outline::{outline_of, OutlineEntry, Utf16Range};
use crate::scan::ScanReport;

mod reduce;

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
    /// A cloud's stacks opened in the page: a scan's report, or its dumps.
    pub fleet: Option<Rc<Fleet>>,
    /// The page shown: the editor, or the fleet.
    pub page: Page,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Editor,
    /// The fleet's stacks, a page of its own.
    Fleet,
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

/// What happens to the workspace, by the part of the state it is about:
/// each part's reducer matches its own actions, every one of them.
pub enum WorkspaceAction {
    Document(DocumentAction),
    Orc(OrcAction),
    Folder(FolderAction),
    Fleet(FleetAction),
    Panels(PanelAction),
}

/// What is done to the document: its text, its target release, fixes and migrations.
pub enum DocumentAction {
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
    /// A file, an example or a share link was opened: the document is
    /// replaced (undo brings the old one back) and saved under its name.
    Opened {
        text: Rc<str>,
        file_name: Rc<str>,
        saved: SaveStatus,
    },
    /// Check against another release (`None`: the newest).
    SetTarget(Option<Release>),
    /// Apply a fix's changes to the text in the editor.
    ApplyFix(Rc<[Change]>),
    /// Show what applying every safe fix (and every unsafe one, when
    /// `true`) would do.
    PreviewMigration(bool),
    CloseMigration,
    /// Apply the migration shown, as one undoable step.
    ApplyMigration,
}

/// The ORC view: its settings and the export of the document.
pub enum OrcAction {
    /// Export to ORC with these settings.
    SetSettings(OrcSettings),
    /// The ORC export of `document` with `settings` and its stack (see
    /// [`Workspace::orc_stack`]) is ready.
    Exported {
        document: Rc<str>,
        settings: OrcSettings,
        stack: Rc<str>,
        view: Rc<OrcView>,
    },
}

/// The folder view: the folder opened, its stack, its findings and migration.
pub enum FolderAction {
    /// A folder was opened: its stack is shown beside the editor.
    Opened(Rc<Folder>),
    Close,
    /// The stack chosen in the folder: its root and environments.
    Choose(StackChoice),
    /// The findings of the folder's stack at `revision` are ready.
    Linted {
        revision: u32,
        view: Rc<FolderView>,
    },
    /// Show a file of the folder in the editor, and a range in it.
    Show {
        path: Rc<str>,
        range: Option<Utf16Range>,
    },
    /// "Migrate all" over the folder's stack is ready for review.
    MigrationReady(Rc<FolderMigration>),
    CloseMigration,
    /// Apply the migration shown to the folder's files.
    ApplyMigration,
}

/// The fleet page: a cloud's stacks opened, filtered, scanned again.
pub enum FleetAction {
    /// A scan's report, or a folder of dumps scanned: its page is shown.
    Opened(Rc<Fleet>),
    /// The dumps scanned again for `target` (`None`: the newest).
    Rescanned {
        target: Option<Release>,
        report: Rc<ScanReport>,
    },
    /// List the stacks this query keeps, in its order.
    Query(FleetQuery),
    /// Show stack `index` of the report in full.
    Select(usize),
    ShowPage(Page),
    Close,
}

/// The panels beside the editor, sharing and notices.
pub enum PanelAction {
    Shared(Result<Rc<str>, String>),
    CloseShare,
    ShowSidePanel(SidePanelTab),
    ShowBottomPanel(BottomPanelTab),
    QueryCatalog(CatalogQuery),
    Notify(Notice),
    Reveal(Utf16Range),
    /// Show or hide the findings of one severity in the problems panel.
    ToggleSeverity(Severity),
    /// List only the findings containing these words.
    FilterProblems(String),
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
            fleet: None,
            page: Page::default(),
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
}
