use std::rc::Rc;

use yew::prelude::*;

use super::stage_badge;
use crate::folder::{Folder, FolderFinding, FolderView, StackChoice};
use crate::outline::Utf16Range;

#[derive(Properties, PartialEq)]
pub struct FolderPanelProps {
    pub folder: Option<Rc<Folder>>,
    /// "Open folder…": a directory to pick.
    pub on_open: Callback<()>,
    /// The stack chosen: its root and environments.
    pub on_choose: Callback<StackChoice>,
    /// Show a file (and a range in it) in the editor.
    pub on_show: Callback<(Rc<str>, Option<Utf16Range>)>,
    pub on_migrate: Callback<()>,
    pub on_download: Callback<()>,
    pub on_close: Callback<()>,
}

/// A folder's stack beside the editor: the root and environments chosen,
/// every file of the folder with the count of its findings, and each
/// finding of the stack, which opens its file at its place.
#[function_component]
pub fn FolderPanel(props: &FolderPanelProps) -> Html {
    let Some(folder) = props.folder.clone() else {
        let open = props.on_open.reform(|_: MouseEvent| ());
        return html! {
            <div class="folder-panel is-empty">
                <p>{ "Open a folder of templates to check its stack as Heat receives it: the root template, its environments and every file they reach. Nothing leaves this page." }</p>
                <button type="button" class="button" onclick={open}>{ "Open folder…" }</button>
                <p class="folder-hint">{ "Or drop a folder or a .zip on the editor." }</p>
            </div>
        };
    };
    let choose_root = {
        let on_choose = props.on_choose.clone();
        let chosen = folder.chosen.clone();
        Callback::from(move |event: Event| {
            let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
            let root = select.value();
            on_choose.emit(StackChoice {
                root: (!root.is_empty()).then(|| root.into()),
                environments: chosen.clone(),
            });
        })
    };
    let toggle = |path: Rc<str>| {
        let on_choose = props.on_choose.clone();
        let folder = folder.clone();
        Callback::from(move |_: Event| {
            let mut chosen: Vec<Rc<str>> = folder.chosen.to_vec();
            match chosen.iter().position(|p| *p == path) {
                Some(at) => {
                    chosen.remove(at);
                }
                None => chosen.push(path.clone()),
            }
            on_choose.emit(StackChoice {
                root: folder.root.clone(),
                environments: chosen.into(),
            });
        })
    };
    let show = |path: Rc<str>, range: Option<Utf16Range>| {
        props
            .on_show
            .reform(move |_: MouseEvent| (path.clone(), range))
    };
    let files = folder.files.iter().map(|file| {
        let count = folder.count_of(&file.path);
        let open = folder.open.as_deref() == Some(&*file.path);
        let badge = count.map(|n| html! {
            <span class={classes!("folder-count", (n > 0).then_some("has-findings"))}>{ n.to_string() }</span>
        });
        html! {
            <li class={classes!("folder-file", count.is_none().then_some("is-outside"), open.then_some("is-open"))}>
                <button type="button" class="folder-file-open" onclick={show(file.path.clone(), None)}
                    title={if count.is_some() { "A file of the stack" } else { "Not reached by the stack" }}>
                    <span class="folder-file-path">{ file.path.to_string() }</span>
                    { for badge }
                </button>
            </li>
        }
    });
    let finding = |path: &Rc<str>, finding: &FolderFinding| {
        let severity = finding.severity.as_str();
        let related = finding.related.first().map(|(other, message, range, line)| html! {
            <button type="button" class="folder-related" onclick={show(other.clone(), Some(*range))}>
                { format!("{message} ({other}:{line})") }
            </button>
        });
        html! {
            <li class={classes!("problem", format!("is-{severity}"))}>
                <button type="button" class="problem-jump" onclick={show(path.clone(), Some(finding.range))}>
                    <span class={classes!("severity-icon", format!("severity-{severity}"))} aria-hidden="true"></span>
                    <span class="visually-hidden">{ format!("{severity}: ") }</span>
                    <span class="problem-message">{ finding.message.clone() }</span>
                    <span class="problem-meta">
                        { stage_badge(finding.stage) }
                        <span class="problem-code">{ finding.code.to_string() }</span>
                        <span class="problem-position">{ format!("{path}:{}:{}", finding.line, finding.column) }</span>
                    </span>
                </button>
                { for related }
            </li>
        }
    };
    let findings = match folder.view.as_deref() {
        None => html! { <p class="folder-status">{ "Checking the stack…" }</p> },
        Some(FolderView::Failed(why)) => {
            html! { <p class="folder-status is-error">{ why.clone() }</p> }
        }
        Some(FolderView::Linted { files, unread }) => {
            let total: usize = files.iter().map(|f| f.findings.len()).sum();
            html! {
                <>
                    <p class="folder-status">
                        { format!("{} files in the stack, {total} findings", files.len()) }
                    </p>
                    <ul class="folder-unread">
                        { for unread.iter().map(|(path, why)| html! {
                            <li class="is-error">{ format!("{path}: {why}") }</li>
                        }) }
                    </ul>
                    <ul class="folder-findings problems-list" aria-label="Findings of the stack">
                        { for files.iter().flat_map(|f| f.findings.iter().map(|x| finding(&f.path, x))) }
                    </ul>
                </>
            }
        }
    };
    let migrate = props.on_migrate.reform(|_: MouseEvent| ());
    let download = props.on_download.reform(|_: MouseEvent| ());
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <div class="folder-panel">
            <div class="folder-header">
                <h2 class="folder-name">{ folder.name.to_string() }</h2>
                <button type="button" class="icon-button" aria-label="Close the folder" onclick={close}>{ "×" }</button>
            </div>
            <label class="folder-choice">
                { "Root template " }
                <select onchange={choose_root} aria-label="Root template">
                    <option value="" selected={folder.root.is_none()}>{ "(none)" }</option>
                    { for folder.templates.iter().map(|t| html! {
                        <option value={t.to_string()} selected={folder.root.as_deref() == Some(&**t)}>{ t.to_string() }</option>
                    }) }
                </select>
            </label>
            <fieldset class="folder-environments">
                <legend>{ "Environments (-e), in order" }</legend>
                { for folder.environments.iter().map(|e| {
                    let checked = folder.chosen.contains(e);
                    let order = folder.chosen.iter().position(|c| c == e).map(|n| format!(" ({})", n + 1));
                    html! {
                        <label class="folder-environment">
                            <input type="checkbox" {checked} onchange={toggle(e.clone())} />
                            { format!("{e}{}", order.unwrap_or_default()) }
                        </label>
                    }
                }) }
            </fieldset>
            <div class="folder-actions">
                <button type="button" class="button" onclick={migrate} disabled={folder.root.is_none()}>{ "Migrate the stack…" }</button>
                <button type="button" class="button" onclick={download}>{ "Download .zip" }</button>
            </div>
            { findings }
            <ul class="folder-files" aria-label="Files of the folder">{ for files }</ul>
        </div>
    }
}
