//! The module the editor imports (wasm-bindgen's `web` target) the first
//! time a folder is opened. A binary because Trunk builds a module other
//! than the app's from a binary target.

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {}

/// What the folder holds for a stack; JSON of
/// [`heatwise_folder_module::candidates`].
#[wasm_bindgen(js_name = folderCandidates)]
pub fn folder_candidates(files: &str) -> String {
    heatwise_folder_module::with_files(files, heatwise_folder_module::candidates).to_string()
}

/// The stack's findings, file by file; JSON of
/// [`heatwise_folder_module::lint_stack`].
#[wasm_bindgen(js_name = lintFolder)]
pub fn lint_folder(files: &str, root: &str, environments: &str, target: &str) -> String {
    heatwise_folder_module::with_files(files, |folder| {
        heatwise_folder_module::lint_stack(
            folder,
            &heatwise_folder_module::Choice::read(root, environments, target),
        )
    })
    .to_string()
}

/// The stack migrated; JSON of [`heatwise_folder_module::migrate_stack`].
#[wasm_bindgen(js_name = migrateFolder)]
pub fn migrate_folder(files: &str, root: &str, environments: &str, target: &str) -> String {
    heatwise_folder_module::with_files(files, |folder| {
        heatwise_folder_module::migrate_stack(
            folder,
            &heatwise_folder_module::Choice::read(root, environments, target),
        )
    })
    .to_string()
}

/// What a stack update with `after`, carried out by Heat `target` (`""`:
/// the newest), does to a running stack made from `before`; JSON of
/// [`heatwise_folder_module::running_effects`].
#[wasm_bindgen(js_name = runningEffects)]
pub fn running_effects(before: &str, after: &str, target: &str) -> String {
    let target = heatwise_core::release::Release::parse(target).ok();
    heatwise_folder_module::running_effects(before, after, target).to_string()
}

/// The stack dumps among the folder's files, scanned at `target` (`""`:
/// the newest); JSON of [`heatwise_folder_module::fleet::scan_dumps`].
#[wasm_bindgen(js_name = scanDumps)]
pub fn scan_dumps(files: &str, target: &str) -> String {
    let target = heatwise_core::release::Release::parse(target).ok();
    heatwise_folder_module::with_files(files, |folder| {
        heatwise_folder_module::fleet::scan_dumps(folder, target)
    })
    .to_string()
}
