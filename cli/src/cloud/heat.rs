//! Heat's API (orchestration v1), as far as reading stacks goes: the list
//! of stacks, and each stack's template, environment and files exactly as
//! Heat stored them.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::auth::{AuthType, Credentials};
use super::http::{Http, HttpError};
use super::{keystone, Secret};

/// Stacks asked for per page of the list.
const PAGE: usize = 200;
/// The most stacks one listing returns: past it the rest are said to be
/// left out.
pub const MAX_STACKS: usize = 100_000;

/// A logged-in connection to Heat.
pub struct Heat {
    http: Http,
    /// The orchestration endpoint, `.../v1/<project>`, without a slash at
    /// the end.
    endpoint: String,
    /// The project the endpoint names (the token's).
    own_project: Option<String>,
    token: Option<Secret>,
    /// Keystone's v3 URL, where the user logged in there.
    keystone: Option<String>,
}

/// A stack as the list shows it.
#[derive(Clone, Debug, Deserialize)]
pub struct StackSummary {
    pub id: String,
    pub stack_name: String,
    #[serde(default)]
    pub project: Option<String>,
    #[serde(default)]
    pub stack_status: String,
    #[serde(default)]
    pub stack_status_reason: Option<String>,
    /// Listed only when hidden stacks are asked for: it carries one of
    /// the engine's `hidden_stack_tags`.
    #[serde(skip)]
    pub hidden: bool,
}

/// keystoneauth's `NoAuth` token, which openstackclient sends with the auth
/// type `none`.
const NOAUTH_TOKEN: &str = "notused";

/// What Heat keeps of a stack: its template and environment (as JSON
/// texts, as the API gives them) and its files, by the URL the client
/// sent them with.
pub use heatwise_core::kept::KeptDocuments as StackDocuments;

/// What a Heat lists that tells its release ([`Heat::release_clues`]).
pub struct ReleaseClues {
    pub types: Vec<String>,
    pub versions: Vec<String>,
    /// `build_info`'s engine revision (`unknown` unless the operator set
    /// it).
    pub revision: Option<String>,
}

/// What `stacks` found.
pub struct Listing {
    pub stacks: Vec<StackSummary>,
    /// More stacks than [`MAX_STACKS`] were there.
    pub truncated: bool,
}

impl Heat {
    /// Logs in as the credentials say and finds Heat's endpoint.
    pub fn connect(credentials: &Credentials) -> Result<Heat, String> {
        let http = Http::new(&credentials.tls)?;
        if credentials.auth_type() == AuthType::None {
            let Some(endpoint) = credentials.endpoint.clone() else {
                return Err(
                    "the auth type none needs Heat's endpoint: set OS_ENDPOINT (e.g. http://heat:8004/v1/PROJECT)"
                        .to_owned(),
                );
            };
            let endpoint = endpoint.trim_end_matches('/').to_owned();
            let own_project = endpoint.rsplit('/').next().map(str::to_owned);
            return Ok(Heat {
                http,
                endpoint,
                own_project,
                token: None,
                keystone: None,
            });
        }
        let session = keystone::authenticate(&http, credentials)?;
        let endpoint = match &credentials.endpoint {
            Some(endpoint) => endpoint.clone(),
            None => session
                .endpoint(
                    "orchestration",
                    credentials.interface(),
                    credentials.region_name.as_deref(),
                )
                .ok_or_else(|| {
                    format!(
                        "the cloud's catalog has no orchestration endpoint (interface {}{}): is Heat deployed there? OS_INTERFACE and OS_REGION_NAME choose another",
                        credentials.interface(),
                        credentials
                            .region_name
                            .as_deref()
                            .map(|r| format!(", region {r}"))
                            .unwrap_or_default()
                    )
                })?,
        };
        let project = session.project_id.clone();
        let mut endpoint = endpoint.trim_end_matches('/').to_owned();
        if let Some(project) = &project {
            for placeholder in [
                "%(tenant_id)s",
                "%(project_id)s",
                "$(tenant_id)s",
                "$(project_id)s",
            ] {
                endpoint = endpoint.replace(placeholder, project);
            }
        }
        Ok(Heat {
            http,
            endpoint,
            own_project: project.or(session.project_name),
            token: Some(session.token),
            keystone: credentials.auth_url.as_deref().map(keystone::v3_url),
        })
    }

    /// The project the token (or OS_ENDPOINT) names.
    pub fn own_project(&self) -> Option<&str> {
        self.own_project.as_deref()
    }

    fn headers(&self) -> Vec<(&str, &str)> {
        match (&self.token, &self.own_project) {
            (Some(token), _) => vec![("X-Auth-Token", token.expose())],
            // Heat without Keystone (its noauth pipeline) takes the
            // project from X-Auth-Project: the one OS_ENDPOINT names. The
            // token is keystoneauth's NoAuth one, as openstackclient sends
            // it: without a token Heat's engine has no credentials to call
            // the cloud's services with on the stack's behalf, and refuses
            // an update of their resources.
            (None, Some(project)) => vec![
                ("X-Auth-Token", NOAUTH_TOKEN),
                ("X-Auth-Project", project.as_str()),
            ],
            (None, None) => vec![("X-Auth-Token", NOAUTH_TOKEN)],
        }
    }

    /// The endpoint for the stacks of `project`: the token's endpoint with
    /// its project swapped, as Heat's links name another project's stack.
    fn endpoint_of(&self, project: Option<&str>) -> String {
        match (project, &self.own_project) {
            (Some(project), Some(own)) if project != own => {
                match self.endpoint.strip_suffix(own.as_str()) {
                    Some(base) => format!("{base}{project}"),
                    None => self.endpoint.clone(),
                }
            }
            _ => self.endpoint.clone(),
        }
    }

    fn get_json<T: for<'de> Deserialize<'de>>(&self, url: &str) -> Result<T, HttpError> {
        let answer = self.http.get(url, &self.headers())?;
        serde_json::from_str(&answer.body).map_err(|error| HttpError::Transport {
            url: url.to_owned(),
            message: format!("the answer is not the JSON Heat gives: {error}"),
        })
    }

    fn get_text(&self, url: &str) -> Result<String, HttpError> {
        Ok(self.http.get(url, &self.headers())?.body)
    }

    /// Every stack of the token's project, or of every project, hidden
    /// ones included and marked: those Heat lists only when asked
    /// (`show_hidden`), for they carry a tag of the engine's
    /// `hidden_stack_tags`.
    pub fn every_stack(&self, all_projects: bool) -> Result<Listing, String> {
        let shown = self.stacks_listed(all_projects, false)?;
        let mut every = self.stacks_listed(all_projects, true)?;
        let visible: std::collections::HashSet<&str> =
            shown.stacks.iter().map(|s| s.id.as_str()).collect();
        for stack in &mut every.stacks {
            stack.hidden = !visible.contains(stack.id.as_str());
        }
        every.truncated |= shown.truncated;
        Ok(every)
    }

    /// The stacks of the token's project, or of every project, as Heat
    /// lists them by default.
    pub fn stacks(&self, all_projects: bool) -> Result<Listing, String> {
        self.stacks_listed(all_projects, false)
    }

    /// The stacks of the token's project, or of every project (Heat's
    /// `global_tenant`, which its `stacks:global_index` policy allows to
    /// admins), page by page, hidden ones too with `show_hidden`; nested
    /// stacks are not listed (their parents' files hold them).
    fn stacks_listed(&self, all_projects: bool, show_hidden: bool) -> Result<Listing, String> {
        #[derive(Deserialize)]
        struct Page {
            stacks: Vec<StackSummary>,
        }
        let mut stacks: Vec<StackSummary> = Vec::new();
        let mut truncated = false;
        loop {
            let mut url = format!("{}/stacks?limit={PAGE}", self.endpoint);
            if all_projects {
                url.push_str("&global_tenant=true");
            }
            if show_hidden {
                url.push_str("&show_hidden=true");
            }
            if let Some(last) = stacks.last() {
                url.push_str(&format!("&marker={}", last.id));
            }
            let page: Page = self
                .get_json(&url)
                .map_err(|error| explain_listing(error, all_projects))?;
            let full = page.stacks.len() >= PAGE;
            stacks.extend(page.stacks);
            if stacks.len() > MAX_STACKS {
                stacks.truncate(MAX_STACKS);
                truncated = true;
                break;
            }
            if !full {
                break;
            }
        }
        Ok(Listing { stacks, truncated })
    }

    /// The names of the projects, by ID, as far as Keystone shows them to
    /// the user: every project to an admin, else the user's own; none
    /// without Keystone.
    pub fn project_names(&self) -> BTreeMap<String, String> {
        #[derive(Deserialize)]
        struct Project {
            id: String,
            name: String,
        }
        #[derive(Deserialize)]
        struct Projects {
            projects: Vec<Project>,
        }
        let Some(keystone) = &self.keystone else {
            return BTreeMap::new();
        };
        for path in ["projects", "auth/projects"] {
            if let Ok(found) = self.get_json::<Projects>(&format!("{keystone}/{path}")) {
                return found.projects.into_iter().map(|p| (p.id, p.name)).collect();
            }
        }
        BTreeMap::new()
    }

    /// The stack of this name (or ID) in the token's project.
    pub fn find_stack(&self, name: &str) -> Result<StackSummary, String> {
        self.stacks(false)?
            .stacks
            .into_iter()
            .find(|stack| stack.stack_name == name || stack.id == name)
            .ok_or_else(|| {
                format!(
                    "the project {} has no stack {name} (openstack stack list shows its stacks)",
                    self.own_project.as_deref().unwrap_or("of the token")
                )
            })
    }

    /// The stack's resources and its nested stacks' (5 deep), as `openstack
    /// stack resource list --nested-depth 5 --long -f json` lists them:
    /// each row's `stack_name` taken from its link to its stack, as
    /// python-heatclient takes it.
    pub fn resource_rows(&self, stack: &StackSummary) -> Result<String, String> {
        #[derive(Deserialize)]
        struct Link {
            href: String,
            rel: String,
        }
        #[derive(Deserialize)]
        struct Row {
            resource_name: String,
            #[serde(default)]
            physical_resource_id: Option<String>,
            resource_type: String,
            resource_status: String,
            #[serde(default)]
            updated_time: Option<String>,
            #[serde(default)]
            links: Vec<Link>,
        }
        #[derive(Deserialize)]
        struct Rows {
            resources: Vec<Row>,
        }
        let url = format!(
            "{}/stacks/{}/{}/resources?nested_depth=5",
            self.endpoint_of(stack.project.as_deref()),
            stack.stack_name,
            stack.id
        );
        let rows: Rows = self
            .get_json(&url)
            .map_err(|error| format!("the resources of {}: {error}", stack.stack_name))?;
        let listed: Vec<serde_json::Value> = rows
            .resources
            .into_iter()
            .map(|row| {
                let stack_name = row
                    .links
                    .iter()
                    .find(|link| link.rel == "stack")
                    .and_then(|link| link.href.rsplit('/').nth(1))
                    .map(str::to_owned);
                serde_json::json!({
                    "resource_name": row.resource_name,
                    "physical_resource_id": row.physical_resource_id.unwrap_or_default(),
                    "resource_type": row.resource_type,
                    "resource_status": row.resource_status,
                    "updated_time": row.updated_time,
                    "stack_name": stack_name,
                })
            })
            .collect();
        serde_json::to_string(&listed).map_err(|error| error.to_string())
    }

    /// What the Heat lists that tells its release: the resource types it
    /// registers and does not hide (`GET .../resource_types`), the
    /// template versions it reads (`GET .../template_versions`), and the
    /// engine's `revision` of `build_info` where it gives one.
    pub fn release_clues(&self) -> Result<ReleaseClues, String> {
        #[derive(Deserialize)]
        struct Types {
            resource_types: Vec<String>,
        }
        #[derive(Deserialize)]
        struct Version {
            version: String,
        }
        #[derive(Deserialize)]
        struct Versions {
            template_versions: Vec<Version>,
        }
        let shown = |error: HttpError| format!("what the cloud's Heat lists: {error}");
        let types: Types = self
            .get_json(&format!("{}/resource_types", self.endpoint))
            .map_err(shown)?;
        let versions: Versions = self
            .get_json(&format!("{}/template_versions", self.endpoint))
            .map_err(shown)?;
        // An operator may keep build_info to admins; it tells nothing then.
        let revision = self
            .get_json::<serde_json::Value>(&format!("{}/build_info", self.endpoint))
            .ok()
            .and_then(|info| info["engine"]["revision"].as_str().map(str::to_owned));
        Ok(ReleaseClues {
            types: types.resource_types,
            versions: versions
                .template_versions
                .into_iter()
                .map(|v| v.version)
                .collect(),
            revision,
        })
    }

    /// The template, environment and files of one stack.
    pub fn documents(&self, stack: &StackSummary) -> Result<StackDocuments, String> {
        let base = format!(
            "{}/stacks/{}/{}",
            self.endpoint_of(stack.project.as_deref()),
            stack.stack_name,
            stack.id
        );
        let shown =
            |error: HttpError| format!("the stack {} ({}): {error}", stack.stack_name, stack.id);
        let template = self.get_text(&format!("{base}/template")).map_err(shown)?;
        let environment = self
            .get_text(&format!("{base}/environment"))
            .map_err(shown)?;
        let files: BTreeMap<String, String> =
            self.get_json(&format!("{base}/files")).map_err(shown)?;
        Ok(StackDocuments {
            template,
            environment,
            files,
        })
    }
}

/// What migrating a stack asks of Heat: its update, its state, its
/// resources.
impl Heat {
    fn stack_url(&self, stack: &StackSummary) -> String {
        format!(
            "{}/stacks/{}/{}",
            self.endpoint_of(stack.project.as_deref()),
            stack.stack_name,
            stack.id
        )
    }

    /// `openstack stack update --existing`: PATCH the stack with `body`
    /// (`template`, and the `environment` and `files` to merge over the
    /// stored ones; the stored parameters are kept).
    pub fn update_existing(
        &self,
        stack: &StackSummary,
        body: &serde_json::Value,
    ) -> Result<(), String> {
        let url = self.stack_url(stack);
        self.http
            .patch_json(&url, &self.headers(), &body.to_string())
            .map(|_| ())
            .map_err(|error| match error {
                HttpError::Status { status: 403, .. } => format!(
                    "Heat refused to update {} ({error}): your role in its project may not update \
                    stacks (Heat's default policy asks for member)",
                    stack.stack_name
                ),
                other => format!("Heat refused to update {}: {other}", stack.stack_name),
            })
    }

    /// The stack as Heat lists it now (its status, and why). Listed, not
    /// shown: showing a stack resolves its outputs, which may fail while it
    /// updates.
    pub fn stack_now(&self, stack: &StackSummary) -> Result<StackSummary, String> {
        #[derive(Deserialize)]
        struct Page {
            stacks: Vec<serde_json::Value>,
        }
        let own = stack.project.is_none() || stack.project == self.own_project;
        let url = format!(
            "{}/stacks?id={}&show_hidden=true{}",
            self.endpoint,
            stack.id,
            if own { "" } else { "&global_tenant=true" }
        );
        let shown = |error: String| format!("the stack {}: {error}", stack.stack_name);
        let page: Page = self.get_json(&url).map_err(|e| shown(e.to_string()))?;
        let Some(listed) = page.stacks.into_iter().next() else {
            return Err(shown("Heat no longer lists it".to_owned()));
        };
        let mut now: StackSummary =
            serde_json::from_value(listed).map_err(|e| shown(e.to_string()))?;
        now.project = stack.project.clone();
        Ok(now)
    }

    /// The ID of the stack's newest event that ends an update
    /// (`UPDATE_COMPLETE`, `UPDATE_FAILED`), if it has one: an update has
    /// ended when another takes its place. (The stack's `updated_time` has
    /// one-second steps: two updates within a second look like one.)
    pub fn last_update_end(&self, stack: &StackSummary) -> Result<Option<String>, String> {
        #[derive(Deserialize)]
        struct Event {
            id: String,
            #[serde(default)]
            resource_name: String,
            #[serde(default)]
            physical_resource_id: Option<String>,
            #[serde(default)]
            resource_status: String,
        }
        #[derive(Deserialize)]
        struct Events {
            events: Vec<Event>,
        }
        let name = percent_encoding::utf8_percent_encode(
            &stack.stack_name,
            percent_encoding::NON_ALPHANUMERIC,
        );
        let url = format!(
            "{}/events?resource_action=UPDATE&resource_name={name}&sort_dir=desc&limit=20",
            self.stack_url(stack)
        );
        let events: Events = self
            .get_json(&url)
            .map_err(|error| format!("the events of {}: {error}", stack.stack_name))?;
        Ok(events
            .events
            .into_iter()
            .find(|event| {
                event.resource_name == stack.stack_name
                    && event.physical_resource_id.as_deref() == Some(stack.id.as_str())
                    && matches!(
                        event.resource_status.as_str(),
                        "UPDATE_COMPLETE" | "UPDATE_FAILED"
                    )
            })
            .map(|event| event.id))
    }

    /// The physical ID of each resource of the stack and of its nested
    /// stacks one level down, by name (`PARENT/NAME` inside a nested stack,
    /// as `update-preview` names them).
    pub fn physical_ids(&self, stack: &StackSummary) -> Result<BTreeMap<String, String>, String> {
        #[derive(Deserialize)]
        struct Row {
            resource_name: String,
            #[serde(default)]
            physical_resource_id: Option<String>,
            #[serde(default)]
            parent_resource: Option<String>,
        }
        #[derive(Deserialize)]
        struct Rows {
            resources: Vec<Row>,
        }
        let url = format!("{}/resources?nested_depth=1", self.stack_url(stack));
        let rows: Rows = self
            .get_json(&url)
            .map_err(|error| format!("the resources of {}: {error}", stack.stack_name))?;
        Ok(rows
            .resources
            .into_iter()
            .map(|row| {
                let name = match row.parent_resource {
                    Some(parent) => format!("{parent}/{}", row.resource_name),
                    None => row.resource_name,
                };
                (name, row.physical_resource_id.unwrap_or_default())
            })
            .collect())
    }
}

/// Heat's refusals of a listing, in what to do about them.
fn explain_listing(error: HttpError, all_projects: bool) -> String {
    match error {
        HttpError::Status { status: 403, .. } if all_projects => format!(
            "Heat refused to list every project's stacks ({error}): that needs its stacks:global_index policy (an admin's, by default); without --all-projects heatwise scans the stacks of your own project"
        ),
        HttpError::Status { status: 403, .. } => format!(
            "Heat refused to list the project's stacks ({error}): your role in the project may not read stacks (Heat's default policy asks for reader)"
        ),
        HttpError::Status { status: 401, .. } => format!(
            "Heat refused the token ({error}): it may have expired; log in again"
        ),
        HttpError::Transport { .. } => format!(
            "Heat did not answer ({error}); is the catalog's orchestration endpoint (or OS_ENDPOINT) reachable from here?"
        ),
        other => format!("Heat: {other}"),
    }
}
