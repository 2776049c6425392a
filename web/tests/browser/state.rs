use std::rc::Rc;

use heatwise_web::outline::Utf16Range;
use heatwise_web::state::{SaveStatus, Workspace, WorkspaceAction};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::Reducible;

const ONE_SERVER: &str = "resources:\n  server:\n    type: OS::Nova::Server\n";
const TWO_RESOURCES: &str =
    "resources:\n  server:\n    type: OS::Nova::Server\n  ip:\n    type: OS::Nova::FloatingIP\n";

fn names(workspace: &Workspace) -> Vec<&str> {
    workspace
        .outline
        .iter()
        .map(|entry| entry.name.as_str())
        .collect()
}

#[wasm_bindgen_test]
fn opening_lists_the_resources_and_loads_the_text() {
    let workspace = Workspace::open(ONE_SERVER.into());
    assert_eq!(names(&workspace), ["server"]);
    assert_eq!(&*workspace.loaded.text, ONE_SERVER);
    assert_eq!(workspace.save_status, SaveStatus::Unchanged);
    assert_eq!(workspace.reveal, None);
}

#[wasm_bindgen_test]
fn an_edit_updates_the_outline_but_not_the_loaded_text() {
    let opened = Rc::new(Workspace::open(ONE_SERVER.into()));
    let edited = opened.clone().reduce(WorkspaceAction::Edited {
        text: TWO_RESOURCES.into(),
        saved: SaveStatus::Saved,
    });
    assert_eq!(names(&edited), ["server", "ip"]);
    assert_eq!(&*edited.document, TWO_RESOURCES);
    assert_eq!(edited.save_status, SaveStatus::Saved);
    // The editor already shows what was typed: nothing to load.
    assert_eq!(edited.loaded, opened.loaded);
}

#[wasm_bindgen_test]
fn an_edit_that_changes_nothing_keeps_the_state() {
    let edited = Rc::new(Workspace::open(ONE_SERVER.into())).reduce(WorkspaceAction::Edited {
        text: ONE_SERVER.into(),
        saved: SaveStatus::Saved,
    });
    let again = edited.clone().reduce(WorkspaceAction::Edited {
        text: ONE_SERVER.into(),
        saved: SaveStatus::Saved,
    });
    assert!(Rc::ptr_eq(&edited, &again));

    let failed = again.reduce(WorkspaceAction::Edited {
        text: ONE_SERVER.into(),
        saved: SaveStatus::Failed("quota exceeded".into()),
    });
    assert_eq!(
        failed.save_status,
        SaveStatus::Failed("quota exceeded".into())
    );
}

#[wasm_bindgen_test]
fn replacing_loads_the_new_text_even_when_it_is_the_same() {
    let opened = Rc::new(Workspace::open(TWO_RESOURCES.into()));
    let replaced = opened.clone().reduce(WorkspaceAction::Replaced {
        text: ONE_SERVER.into(),
        saved: SaveStatus::Saved,
    });
    assert_eq!(names(&replaced), ["server"]);
    assert_eq!(&*replaced.loaded.text, ONE_SERVER);
    assert_ne!(replaced.loaded.generation, opened.loaded.generation);

    let again = replaced.clone().reduce(WorkspaceAction::Replaced {
        text: ONE_SERVER.into(),
        saved: SaveStatus::Saved,
    });
    assert_ne!(again.loaded.generation, replaced.loaded.generation);
}

#[wasm_bindgen_test]
fn revealing_the_same_range_twice_makes_two_requests() {
    let range = Utf16Range { from: 13, to: 19 };
    let first = Rc::new(Workspace::open(ONE_SERVER.into())).reduce(WorkspaceAction::Reveal(range));
    let second = first.clone().reduce(WorkspaceAction::Reveal(range));
    let (first, second) = (first.reveal.unwrap(), second.reveal.unwrap());
    assert_eq!(first.range, range);
    assert_eq!(second.range, range);
    assert_ne!(first.serial, second.serial);
}
