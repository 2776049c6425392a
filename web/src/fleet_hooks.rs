//! The fleet page's callbacks and effects: its query, a stack's dump
//! opened in the folder view, the page shown, and the dumps scanned again
//! when the target release changes.

use std::rc::Rc;

use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

use crate::dispatch::{notify_error, Dispatcher};
use crate::fleet::FleetQuery;
use crate::folder::{self, Opened};
use crate::folder_hooks::show_folder;
use crate::state::{FleetAction, Page, Workspace, WorkspaceAction};

/// What the fleet page's controls do.
pub struct FleetCallbacks {
    pub on_query: Callback<FleetQuery>,
    /// Opens stack `index`'s dump in the folder view.
    pub on_open_stack: Callback<usize>,
    pub on_show_page: Callback<Page>,
    pub on_close: Callback<()>,
}

#[hook]
pub fn use_fleet(workspace: &UseReducerHandle<Workspace>) -> FleetCallbacks {
    use_fleet_rescan(workspace);
    let dispatcher = workspace.dispatcher();
    let fleet_action = |make: fn(FleetQuery) -> FleetAction| {
        let dispatcher = dispatcher.clone();
        Callback::from(move |query| dispatcher.dispatch(WorkspaceAction::Fleet(make(query))))
    };
    let on_open_stack = {
        let dispatcher = dispatcher.clone();
        let fleet = workspace.fleet.clone();
        Callback::from(move |index: usize| {
            let Some((name, files)) = fleet.as_ref().and_then(|f| f.dump_of(index)) else {
                return;
            };
            let dispatcher = dispatcher.clone();
            spawn_local(async move {
                let read = folder::dump_folder(name, files).await;
                show_folder(&dispatcher, read.map(|f| Some(Opened::Folder(f))));
            });
        })
    };
    let on_show_page = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |page| {
            dispatcher.dispatch(WorkspaceAction::Fleet(FleetAction::ShowPage(page)))
        })
    };
    let on_close = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |()| dispatcher.dispatch(WorkspaceAction::Fleet(FleetAction::Close)))
    };
    FleetCallbacks {
        on_query: fleet_action(FleetAction::Query),
        on_open_stack,
        on_show_page,
        on_close,
    }
}

/// A fleet opened from dumps is scanned again when the target release
/// differs from the one it was scanned for.
#[hook]
fn use_fleet_rescan(workspace: &UseReducerHandle<Workspace>) {
    let dispatcher: Dispatcher = workspace.dispatcher();
    let fleet = workspace.fleet.clone();
    let scanned_for = fleet.as_ref().map(|f| (f.name.clone(), f.target));
    use_effect_with(
        (scanned_for, workspace.target),
        move |(scanned_for, target)| {
            let target = *target;
            let stale = scanned_for.as_ref().is_some_and(|(_, at)| *at != target);
            let dumps = fleet.as_ref().and_then(|f| f.dumps.clone());
            if let (true, Some(dumps)) = (stale, dumps) {
                spawn_local(async move {
                    match folder::scan(&folder::files_json_of(&dumps), target).await {
                        Ok(report) => {
                            dispatcher.dispatch(WorkspaceAction::Fleet(FleetAction::Rescanned {
                                target,
                                report: Rc::new(report),
                            }))
                        }
                        Err(why) => notify_error(
                            &dispatcher,
                            format!("The dumps could not be scanned: {why}"),
                        ),
                    }
                });
            }
        },
    );
}
