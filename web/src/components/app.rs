use std::rc::Rc;

use heatwise_core::release::Release;
use yew::prelude::*;

use super::{
    AppHeader, CodeEditor, FleetPage, FolderMigrationDialog, FolderPanel, MigrateDialog, OrcPanel,
    PanelTabs, ProblemsPanel, ShareDialog, SidePanel, StatusBar,
};
use crate::controller::AppController;
use crate::examples::WEB_TIER_LEGACY;
use crate::fleet_hooks::{use_fleet, FleetCallbacks};
use crate::folder_hooks::{use_folder, FolderCallbacks};
use crate::hooks::{
    use_action, use_controller, use_document_changes, use_file_callbacks, use_file_drop,
    use_orc_export, use_share_link, FileCallbacks,
};
use crate::placement::Placement;
use crate::state::{
    BottomPanelTab, DocumentAction, FleetAction, OrcAction, Page, PanelAction, Workspace,
    WorkspaceAction,
};
use crate::storage::Persistence;

/// How the App fits its page. [`Default`] is the site, which owns the
/// page; an editor embedded in another page ([`crate::embed`]) must leave
/// that page's URL, history, storage and events alone.
#[derive(Properties, Clone, PartialEq)]
pub struct AppProps {
    /// The text to open when nothing was kept from an earlier visit;
    /// `None` for the built-in example.
    pub initial_text: Option<Rc<str>>,
    /// The release to check against at first (`None`: the newest).
    pub initial_target: Option<Release>,
    /// Where the document is kept between visits.
    pub persistence: Persistence,
    /// Offers share links, and opens the one in the page's URL fragment
    /// (then drops the fragment from the page's history).
    pub share_links: bool,
    pub placement: Placement,
    /// Called with the document each time it changes, once typing pauses.
    pub on_document_change: Option<Callback<Rc<str>>>,
    /// Lets code outside the component tree act on the App.
    pub controller: Option<AppController>,
}

impl Default for AppProps {
    fn default() -> Self {
        Self {
            initial_text: None,
            initial_target: None,
            persistence: Persistence::site(),
            share_links: true,
            placement: Placement::Page,
            on_document_change: None,
            controller: None,
        }
    }
}

#[function_component]
pub fn App(props: &AppProps) -> Html {
    let workspace = use_reducer(|| {
        let text: Rc<str> = match props.persistence.load() {
            Some(kept) => kept.into(),
            None => props
                .initial_text
                .clone()
                .unwrap_or_else(|| WEB_TIER_LEGACY.text.into()),
        };
        Workspace::open_at(
            text,
            props.initial_target,
            props.persistence.initial_status(),
        )
    });
    let persistence = props.persistence.clone();
    use_controller(&workspace, &persistence, props.controller.clone());
    use_document_changes(&workspace, props.on_document_change.clone());
    use_share_link(&workspace, &persistence, props.share_links);
    use_file_drop(&workspace, &persistence, props.placement.clone());
    use_orc_export(&workspace);

    let FileCallbacks {
        on_change,
        on_choose_example,
        on_new,
        on_open,
        on_save,
        on_share,
        on_copy_link,
        on_copy_manifests,
        on_download_manifests,
    } = use_file_callbacks(&workspace, &persistence, &props.placement);
    let on_close_share = use_action(&workspace, |()| {
        WorkspaceAction::Panels(PanelAction::CloseShare)
    });
    let on_select = use_action(&workspace, |value| {
        WorkspaceAction::Panels(PanelAction::Reveal(value))
    });
    let on_target_change = use_action(&workspace, |value| {
        WorkspaceAction::Document(DocumentAction::SetTarget(value))
    });
    let on_fix = use_action(&workspace, |value| {
        WorkspaceAction::Document(DocumentAction::ApplyFix(value))
    });
    let on_toggle_severity = use_action(&workspace, |value| {
        WorkspaceAction::Panels(PanelAction::ToggleSeverity(value))
    });
    let on_filter = use_action(&workspace, |value| {
        WorkspaceAction::Panels(PanelAction::FilterProblems(value))
    });
    let on_migrate_all = use_action(&workspace, |()| {
        WorkspaceAction::Document(DocumentAction::PreviewMigration(false))
    });
    let on_include_unsafe = use_action(&workspace, |value| {
        WorkspaceAction::Document(DocumentAction::PreviewMigration(value))
    });
    let on_apply_migration = use_action(&workspace, |()| {
        WorkspaceAction::Document(DocumentAction::ApplyMigration)
    });
    let on_close_migration = use_action(&workspace, |()| {
        WorkspaceAction::Document(DocumentAction::CloseMigration)
    });

    let FolderCallbacks {
        on_open: on_open_folder,
        on_choose: on_choose_stack,
        on_show: on_show_file,
        on_migrate: on_migrate_folder,
        on_download: on_download_folder,
        on_close: on_close_folder,
        on_apply_migration: on_apply_folder_migration,
        on_close_migration: on_close_folder_migration,
    } = use_folder(&workspace);
    let folder_migration = workspace
        .folder
        .as_ref()
        .and_then(|folder| folder.migration.clone())
        .map(|migration| {
            html! {
                <FolderMigrationDialog {migration} on_apply={on_apply_folder_migration} on_close={on_close_folder_migration} />
            }
        });
    let folder_view = html! {
        <FolderPanel
            folder={workspace.folder.clone()}
            on_open={on_open_folder}
            on_choose={on_choose_stack}
            on_show={on_show_file}
            on_migrate={on_migrate_folder}
            on_download={on_download_folder}
            on_close={on_close_folder}
        />
    };

    let FleetCallbacks {
        on_query: on_fleet_query,
        on_open_stack,
        on_show_page,
        on_close: on_close_fleet,
    } = use_fleet(&workspace);
    let on_select_stack = use_action(&workspace, |index| {
        WorkspaceAction::Fleet(FleetAction::Select(index))
    });
    // Always there, like the dialogs: the editor's pane keeps its place.
    let fleet_page = workspace
        .fleet
        .clone()
        .filter(|_| workspace.page == Page::Fleet)
        .map(|fleet| {
            html! {
                <FleetPage
                    {fleet}
                    on_query={on_fleet_query}
                    on_select={on_select_stack}
                    {on_open_stack}
                    on_show_editor={on_show_page.reform(|()| Page::Editor)}
                    on_close={on_close_fleet}
                />
            }
        });
    let fleet_stacks = workspace.fleet.as_ref().map(|f| f.report.stacks.len());

    let on_tab = use_action(&workspace, |value| {
        WorkspaceAction::Panels(PanelAction::ShowSidePanel(value))
    });
    let on_bottom_tab = use_action(&workspace, |value| {
        WorkspaceAction::Panels(PanelAction::ShowBottomPanel(value))
    });
    let on_orc_settings = use_action(&workspace, |value| {
        WorkspaceAction::Orc(OrcAction::SetSettings(value))
    });
    let on_catalog_query = use_action(&workspace, |value| {
        WorkspaceAction::Panels(PanelAction::QueryCatalog(value))
    });

    let migrate_dialog = workspace.migration.clone().map(|migration| {
        html! {
            <MigrateDialog {migration} on_apply={on_apply_migration} on_close={on_close_migration} {on_include_unsafe} />
        }
    });
    let share_dialog = workspace.share.clone().map(|link| {
        html! {
            <ShareDialog
                link={link.map(AttrValue::from)}
                on_copy={on_copy_link}
                on_close={on_close_share}
            />
        }
    });

    let bottom_tabs = html! {
        <PanelTabs
            tab={workspace.bottom_panel}
            on_tab={on_bottom_tab}
            problems={workspace.findings.len()}
        />
    };

    html! {
        <>
            <AppHeader
                {on_choose_example}
                {on_new}
                {on_open}
                {on_save}
                on_share={props.share_links.then_some(on_share)}
                drop_target={match props.placement {
                    Placement::Page => "the page",
                    Placement::Element(_) => "the editor",
                }}
                target={workspace.target}
                {on_target_change}
                {on_migrate_all}
                fleet={fleet_stacks}
                on_show_fleet={on_show_page.reform(|()| Page::Fleet)}
            />
            <div class="fleet">{ for fleet_page }</div>
            <main class="workspace" hidden={workspace.page == Page::Fleet}>
                <section class="editor-pane panel" aria-label="Template">
                    <CodeEditor
                        label="Heat template"
                        loaded={workspace.loaded.clone()}
                        reveal={workspace.reveal}
                        findings={workspace.findings.clone()}
                        fix_request={workspace.fix_request.clone()}
                        {on_change}
                        live_text={props.controller.as_ref().map(AppController::live_text)}
                    />
                </section>
                if workspace.bottom_panel == BottomPanelTab::Orc {
                    <OrcPanel
                        tabs={bottom_tabs}
                        view={workspace.orc.clone()}
                        settings={workspace.orc_settings.clone()}
                        on_settings={on_orc_settings}
                        on_reveal={on_select.clone()}
                        on_copy={on_copy_manifests}
                        on_download={on_download_manifests}
                    />
                } else {
                    <ProblemsPanel
                        tabs={bottom_tabs}
                        findings={workspace.findings.clone()}
                        filter={workspace.problem_filter.clone()}
                        on_reveal={on_select.clone()}
                        {on_fix}
                        {on_toggle_severity}
                        {on_filter}
                    />
                }
                <SidePanel
                    tab={workspace.side_panel}
                    {on_tab}
                    entries={workspace.outline.clone()}
                    {on_select}
                    catalog_query={workspace.catalog_query.clone()}
                    {on_catalog_query}
                    target={workspace.target}
                    folder={folder_view}
                />
            </main>
            <StatusBar
                save_status={workspace.save_status.clone()}
                notice={workspace.notice.clone()}
            />
            // Always there: yew matches unkeyed siblings by position, and a
            // sibling coming and going would remount the editor.
            <div class="dialogs">
                { for migrate_dialog }
                { for share_dialog }
                { for folder_migration }
            </div>
        </>
    }
}
