//! The folder view's model: a folder opened, the stack chosen, a file
//! shown in the editor and edited, results of older revisions dropped,
//! "Migrate all" applied to the folder's files.

use std::rc::Rc;

use heatwise_web::folder::{
    Folder, FolderFile, FolderMigration, FolderView, MigratedFile, StackChoice, StackFileFindings,
};
use heatwise_web::outline::Utf16Range;
use heatwise_web::state::{
    DocumentAction, FolderAction, SaveStatus, SidePanelTab, Workspace, WorkspaceAction,
};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::Reducible;

const ROOT: &str = "heat_template_version: 2018-08-31\nresources:\n  app: {type: app.yaml}\n";
const APP: &str = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties: {network_id: private}\n";

fn folder() -> Rc<Folder> {
    let file = |path: &str, text: &str| FolderFile {
        path: path.into(),
        text: text.into(),
    };
    Rc::new(Folder {
        name: "stack".into(),
        files: vec![file("app.yaml", APP), file("root.yaml", ROOT)].into(),
        skipped: 0,
        templates: vec!["app.yaml".into(), "root.yaml".into()].into(),
        environments: Rc::from([]),
        root: Some("root.yaml".into()),
        chosen: Rc::from([]),
        open: None,
        revision: 0,
        view: None,
        migration: None,
    })
}

fn opened() -> Rc<Workspace> {
    Rc::new(Workspace::open(
        "heat_template_version: 2018-08-31\n".into(),
    ))
    .reduce(WorkspaceAction::Folder(FolderAction::Opened(folder())))
}

#[wasm_bindgen_test]
fn a_folder_opens_beside_the_editor_and_a_file_of_it_in_the_editor() {
    let workspace = opened();
    assert_eq!(workspace.side_panel, SidePanelTab::Folder);
    let range = Utf16Range { from: 77, to: 87 };
    let shown = workspace.reduce(WorkspaceAction::Folder(FolderAction::Show {
        path: "app.yaml".into(),
        range: Some(range),
    }));
    assert_eq!(&*shown.loaded.text, APP);
    assert_eq!(&*shown.file_name, "app.yaml");
    assert_eq!(shown.reveal.map(|r| r.range), Some(range));
    let folder = shown.folder.clone().unwrap();
    assert_eq!(folder.open.as_deref(), Some("app.yaml"));
    // An edit of the file shown is the folder's: a new revision to check.
    let edited = shown.reduce(WorkspaceAction::Document(DocumentAction::Edited {
        text: APP.replace("private", "public").into(),
        saved: SaveStatus::Saved,
    }));
    let after = edited.folder.clone().unwrap();
    assert!(after.text_of("app.yaml").unwrap().contains("public"));
    assert_eq!(after.revision, folder.revision + 1);
}

#[wasm_bindgen_test]
fn results_of_an_older_revision_are_dropped() {
    let workspace = opened().reduce(WorkspaceAction::Folder(FolderAction::Choose(StackChoice {
        root: Some("app.yaml".into()),
        environments: Rc::from([]),
    })));
    let folder = workspace.folder.clone().unwrap();
    assert_eq!(folder.revision, 1);
    let view = |path: &str| {
        Rc::new(FolderView::Linted {
            files: vec![StackFileFindings {
                path: path.into(),
                role: "root".into(),
                findings: Vec::new(),
            }],
            unread: Vec::new(),
        })
    };
    let stale = workspace
        .clone()
        .reduce(WorkspaceAction::Folder(FolderAction::Linted {
            revision: 0,
            view: view("root.yaml"),
        }));
    assert_eq!(stale.folder.as_ref().unwrap().view, None);
    let current = workspace.reduce(WorkspaceAction::Folder(FolderAction::Linted {
        revision: 1,
        view: view("app.yaml"),
    }));
    assert_eq!(
        current.folder.as_ref().unwrap().count_of("app.yaml"),
        Some(0)
    );
}

#[wasm_bindgen_test]
fn a_migration_is_applied_to_the_folder_unless_it_breaks_the_stack() {
    let migrated = APP.replace("network_id", "network");
    let ready = |broken: Vec<(String, String, u32)>| {
        WorkspaceAction::Folder(FolderAction::MigrationReady(Rc::new(
            FolderMigration::Ready {
                changed: vec![MigratedFile {
                    path: "app.yaml".into(),
                    before: APP.into(),
                    after: migrated.clone().into(),
                    effects: None,
                }],
                running: None,
                refused: Vec::new(),
                broken,
            },
        )))
    };
    let shown = opened().reduce(WorkspaceAction::Folder(FolderAction::Show {
        path: "app.yaml".into(),
        range: None,
    }));
    let broken = shown
        .clone()
        .reduce(ready(vec![("root.yaml".into(), "HW403".into(), 1)]))
        .reduce(WorkspaceAction::Folder(FolderAction::ApplyMigration));
    assert_eq!(
        &*broken.folder.as_ref().unwrap().text_of("app.yaml").unwrap(),
        APP
    );
    let applied = shown
        .reduce(ready(Vec::new()))
        .reduce(WorkspaceAction::Folder(FolderAction::ApplyMigration));
    let folder = applied.folder.clone().unwrap();
    assert_eq!(&*folder.text_of("app.yaml").unwrap(), migrated);
    assert_eq!(folder.migration, None);
    // The file shown in the editor shows the migrated text.
    assert_eq!(&*applied.loaded.text, migrated);
}
