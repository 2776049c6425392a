//! The folder view's effects and callbacks: a folder opened (picked or
//! dropped), its stack linted after each change of its files, its choice
//! or the target, "Migrate all" prepared, the folder downloaded.

use std::rc::Rc;

use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

use crate::dispatch::{notify_error, Dispatcher};
use crate::fleet::Fleet;
use crate::folder::{self, Opened, StackChoice};
use crate::outline::Utf16Range;
use crate::state::{FleetAction, FolderAction, Workspace, WorkspaceAction};

/// What the folder view's controls do.
pub struct FolderCallbacks {
    pub on_open: Callback<()>,
    pub on_choose: Callback<StackChoice>,
    pub on_show: Callback<(Rc<str>, Option<Utf16Range>)>,
    pub on_migrate: Callback<()>,
    pub on_download: Callback<()>,
    pub on_close: Callback<()>,
    pub on_apply_migration: Callback<()>,
    pub on_close_migration: Callback<()>,
}

/// Shows an opened folder (a cloud's dumps as the fleet page), or says
/// why it could not be read.
pub fn show_folder(dispatcher: &Dispatcher, read: Result<Option<Opened>, String>) {
    match read {
        Ok(Some(Opened::Folder(folder))) => {
            dispatcher.dispatch(WorkspaceAction::Folder(FolderAction::Opened(folder.into())))
        }
        Ok(Some(Opened::Dumps {
            name,
            files,
            report,
            target,
        })) => {
            let mut fleet = Fleet::new(name.into(), report.into());
            fleet.dumps = Some(files);
            fleet.target = target;
            dispatcher.dispatch(WorkspaceAction::Fleet(FleetAction::Opened(fleet.into())))
        }
        Ok(None) => {}
        Err(why) => notify_error(dispatcher, format!("The folder could not be read: {why}")),
    }
}

#[hook]
pub fn use_folder(workspace: &UseReducerHandle<Workspace>) -> FolderCallbacks {
    use_folder_lint(workspace);
    let dispatcher = workspace.dispatcher();
    let on_open = {
        let dispatcher = dispatcher.clone();
        let target = workspace.target;
        Callback::from(move |()| {
            let dispatcher = dispatcher.clone();
            spawn_local(async move { show_folder(&dispatcher, folder::choose(target).await) });
        })
    };
    let on_choose = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |choice: StackChoice| {
            dispatcher.dispatch(WorkspaceAction::Folder(FolderAction::Choose(choice)));
        })
    };
    let on_show = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |(path, range)| {
            dispatcher.dispatch(WorkspaceAction::Folder(FolderAction::Show { path, range }));
        })
    };
    let on_migrate = {
        let dispatcher = dispatcher.clone();
        let folder = workspace.folder.clone();
        let target = workspace.target;
        Callback::from(move |()| {
            let Some(folder) = folder.clone() else { return };
            let dispatcher = dispatcher.clone();
            spawn_local(async move {
                let migration = folder::migrate(&folder, target).await;
                dispatcher.dispatch(WorkspaceAction::Folder(FolderAction::MigrationReady(
                    migration.into(),
                )));
            });
        })
    };
    let on_download = {
        let folder = workspace.folder.clone();
        Callback::from(move |()| {
            if let Some(folder) = &folder {
                folder.download();
            }
        })
    };
    let action = |make: fn() -> WorkspaceAction| {
        let dispatcher = dispatcher.clone();
        Callback::from(move |()| dispatcher.dispatch(make()))
    };
    FolderCallbacks {
        on_open,
        on_choose,
        on_show,
        on_migrate,
        on_download,
        on_close: action(|| WorkspaceAction::Folder(FolderAction::Close)),
        on_apply_migration: action(|| WorkspaceAction::Folder(FolderAction::ApplyMigration)),
        on_close_migration: action(|| WorkspaceAction::Folder(FolderAction::CloseMigration)),
    }
}

/// The folder's stack is linted after each change of its files, its
/// choice or the target; a result for an older revision is dropped.
#[hook]
fn use_folder_lint(workspace: &UseReducerHandle<Workspace>) {
    let dispatcher = workspace.dispatcher();
    let revision = workspace.folder.as_ref().map(|f| f.revision);
    let opened = workspace.folder.as_ref().map(|f| f.name.clone());
    let folder = workspace.folder.clone();
    use_effect_with(
        (opened, revision, workspace.target),
        move |(_, revision, target)| {
            if let (Some(folder), Some(revision)) = (folder, *revision) {
                let target = *target;
                spawn_local(async move {
                    let view = folder::lint(&folder, target).await;
                    dispatcher.dispatch(WorkspaceAction::Folder(FolderAction::Linted {
                        revision,
                        view: view.into(),
                    }));
                });
            }
        },
    );
}
