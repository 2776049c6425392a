//! Keystone v3: a token for the credentials, and the orchestration
//! endpoint from the token's catalog.

use serde_json::{json, Value};

use super::auth::{AuthType, Credentials};
use super::http::{Http, HttpError};
use super::Secret;

/// A token and what Keystone said with it.
pub struct Session {
    pub token: Secret,
    /// The project the token is scoped to (an application credential's own).
    pub project_id: Option<String>,
    pub project_name: Option<String>,
    catalog: Value,
}

/// Authenticates with Keystone (`POST /v3/auth/tokens`).
pub fn authenticate(http: &Http, credentials: &Credentials) -> Result<Session, String> {
    let Some(auth_url) = credentials.auth_url.as_deref() else {
        return Err(format!(
            "no Keystone to ask: set OS_AUTH_URL (or the cloud's auth_url), or OS_AUTH_TYPE=none with OS_ENDPOINT (from {})",
            credentials.source
        ));
    };
    let url = format!("{}/auth/tokens", v3_url(auth_url));
    let body = request_body(credentials)?;
    let answer = http
        .post_json(&url, &[], &body.to_string())
        .map_err(|error| explain(error, credentials))?;
    let token = answer
        .subject_token
        .ok_or_else(|| format!("{url} gave no token (no X-Subject-Token header)"))?;
    let document: Value = serde_json::from_str(&answer.body)
        .map_err(|error| format!("{url} answered with a body that is not JSON: {error}"))?;
    let token_body = &document["token"];
    Ok(Session {
        token,
        project_id: token_body["project"]["id"].as_str().map(str::to_owned),
        project_name: token_body["project"]["name"].as_str().map(str::to_owned),
        catalog: token_body["catalog"].clone(),
    })
}

impl Session {
    /// The URL of the first endpoint of a service of `kind` with this
    /// interface (and region, when one is asked for).
    pub fn endpoint(&self, kind: &str, interface: &str, region: Option<&str>) -> Option<String> {
        self.catalog
            .as_array()?
            .iter()
            .filter(|service| service["type"] == kind)
            .flat_map(|service| service["endpoints"].as_array().into_iter().flatten())
            .find(|endpoint| {
                endpoint["interface"] == interface
                    && region.is_none_or(|region| {
                        endpoint["region_id"] == region || endpoint["region"] == region
                    })
            })
            .and_then(|endpoint| endpoint["url"].as_str())
            .map(str::to_owned)
    }
}

/// The auth URL with its API version: openstackclient takes
/// `https://host:5000` and `https://host:5000/v3` alike.
pub fn v3_url(auth_url: &str) -> String {
    let trimmed = auth_url.trim_end_matches('/');
    if trimmed.ends_with("/v3") {
        trimmed.to_owned()
    } else {
        format!("{trimmed}/v3")
    }
}

fn named(name: &Option<String>, id: &Option<String>) -> Option<Value> {
    match (id, name) {
        (Some(id), _) => Some(json!({ "id": id })),
        (None, Some(name)) => Some(json!({ "name": name })),
        (None, None) => None,
    }
}

/// A user: by ID, or by name within a domain.
fn user(credentials: &Credentials) -> Result<Value, String> {
    if let Some(id) = &credentials.user_id {
        return Ok(json!({ "id": id }));
    }
    let Some(name) = &credentials.username else {
        return Err(format!(
            "no user given: set OS_USERNAME (or OS_USER_ID) (from {})",
            credentials.source
        ));
    };
    let domain = named(&credentials.user_domain_name, &credentials.user_domain_id)
        .unwrap_or_else(|| json!({ "id": "default" }));
    Ok(json!({ "name": name, "domain": domain }))
}

/// The scope asked for: a project, a domain, the system, or none.
fn scope(credentials: &Credentials) -> Option<Value> {
    if let Some(id) = &credentials.project_id {
        return Some(json!({ "project": { "id": id } }));
    }
    if let Some(name) = &credentials.project_name {
        let domain = named(
            &credentials.project_domain_name,
            &credentials.project_domain_id,
        )
        .unwrap_or_else(|| json!({ "id": "default" }));
        return Some(json!({ "project": { "name": name, "domain": domain } }));
    }
    if let Some(domain) = named(&credentials.domain_name, &credentials.domain_id) {
        return Some(json!({ "domain": domain }));
    }
    credentials
        .system_scope
        .as_ref()
        .map(|system| json!({ "system": { system: true } }))
}

fn request_body(credentials: &Credentials) -> Result<Value, String> {
    let identity = match credentials.auth_type() {
        AuthType::Password => {
            let Some(password) = &credentials.password else {
                return Err(format!(
                    "no password given: set OS_PASSWORD (from {})",
                    credentials.source
                ));
            };
            let mut user = user(credentials)?;
            user["password"] = json!(password.expose());
            json!({ "methods": ["password"], "password": { "user": user } })
        }
        AuthType::ApplicationCredential => {
            let Some(secret) = &credentials.application_credential_secret else {
                return Err(format!(
                    "no application credential secret given: set OS_APPLICATION_CREDENTIAL_SECRET (from {})",
                    credentials.source
                ));
            };
            let mut credential = match (
                &credentials.application_credential_id,
                &credentials.application_credential_name,
            ) {
                (Some(id), _) => json!({ "id": id }),
                (None, Some(name)) => json!({ "name": name, "user": user(credentials)? }),
                (None, None) => {
                    return Err(format!(
                    "no application credential given: set OS_APPLICATION_CREDENTIAL_ID (from {})",
                    credentials.source
                ))
                }
            };
            credential["secret"] = json!(secret.expose());
            // An application credential carries its own project: Keystone
            // refuses one sent with a scope.
            return Ok(json!({ "auth": {
                "identity": {
                    "methods": ["application_credential"],
                    "application_credential": credential,
                }
            }}));
        }
        AuthType::Token => {
            let Some(token) = &credentials.token else {
                return Err(format!(
                    "no token given: set OS_TOKEN (from {})",
                    credentials.source
                ));
            };
            json!({ "methods": ["token"], "token": { "id": token.expose() } })
        }
        AuthType::None => unreachable!("no Keystone is asked with the auth type none"),
    };
    let mut auth = json!({ "identity": identity });
    if let Some(scope) = scope(credentials) {
        auth["scope"] = scope;
    }
    Ok(json!({ "auth": auth }))
}

/// Keystone's refusals, in what to do about them.
fn explain(error: HttpError, credentials: &Credentials) -> String {
    match error {
        HttpError::Status {
            status: 401,
            message,
            ..
        } => format!(
            "Keystone refused the credentials (401: {message}): check the user, password, application credential or token from {}; a token may have expired",
            credentials.source
        ),
        HttpError::Status {
            status: 400,
            message,
            ..
        } if message.contains("scope") => format!(
            "Keystone refused the request's scope (400: {message}): an application credential carries its own project, so leave OS_PROJECT_NAME and OS_PROJECT_ID out"
        ),
        HttpError::Transport { url, message } => format!(
            "Keystone did not answer at {url}: {message}; is OS_AUTH_URL (or the cloud's auth_url) right?"
        ),
        other => format!("Keystone: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut Credentials)) -> Credentials {
        let mut credentials = Credentials {
            auth_url: Some("http://k:5000".into()),
            source: "the test".into(),
            ..Credentials::default()
        };
        f(&mut credentials);
        credentials
    }

    #[test]
    fn a_password_with_a_project_scope_in_the_default_domain() {
        let body = request_body(&with(|c| {
            c.username = Some("alice".into());
            c.password = Some(Secret("pw".into()));
            c.project_name = Some("alpha".into());
        }))
        .unwrap();
        assert_eq!(
            body,
            json!({"auth": {
                "identity": {"methods": ["password"], "password": {"user": {
                    "name": "alice", "domain": {"id": "default"}, "password": "pw"}}},
                "scope": {"project": {"name": "alpha", "domain": {"id": "default"}}}
            }})
        );
    }

    #[test]
    fn an_application_credential_never_asks_for_a_scope() {
        let body = request_body(&with(|c| {
            c.application_credential_id = Some("cred".into());
            c.application_credential_secret = Some(Secret("s".into()));
            c.project_name = Some("alpha".into());
        }))
        .unwrap();
        assert!(body["auth"].get("scope").is_none(), "{body}");
        assert_eq!(
            body["auth"]["identity"]["application_credential"],
            json!({"id": "cred", "secret": "s"})
        );
    }

    #[test]
    fn what_is_missing_is_named() {
        let error = request_body(&with(|c| c.username = Some("alice".into()))).unwrap_err();
        assert!(error.contains("OS_PASSWORD"), "{error}");
        assert_eq!(v3_url("http://k:5000/"), "http://k:5000/v3");
        assert_eq!(v3_url("http://k:5000/v3/"), "http://k:5000/v3");
    }
}
