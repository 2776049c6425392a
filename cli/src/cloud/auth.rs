//! Who the user is to the cloud, read from the same sources as
//! python-openstackclient and in the same order: the cloud named by
//! `--os-cloud` or `OS_CLOUD` in `clouds.yaml` (with `secure.yaml` laid
//! over it), then the `OS_*` variables, each of which overrides the
//! cloud's value as openstackclient's own options do.
//!
//! `clouds.yaml` is looked for where openstacksdk looks:
//! `OS_CLIENT_CONFIG_FILE`, then `clouds.yaml` (or `.yml`, `.json`) in
//! the current directory, `~/.config/openstack/` and `/etc/openstack/`;
//! the first found is read. `secure.yaml` likewise
//! (`OS_CLIENT_SECURE_FILE`).

use std::path::{Path, PathBuf};

use heatwise_core::load::{self, Kind, Value};

use super::http::TlsSettings;
use super::Secret;

/// The largest `clouds.yaml` or `secure.yaml` read.
const MAX_CONFIG_BYTES: usize = 1024 * 1024;

/// How the user proves who they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuthType {
    /// Keystone v3 with a user's password.
    Password,
    /// Keystone v3 with an application credential (it carries its own
    /// project: no scope is asked for).
    ApplicationCredential,
    /// Keystone v3 with a token the user already has.
    Token,
    /// No Keystone: the orchestration endpoint is given (`OS_ENDPOINT`).
    None,
}

impl AuthType {
    fn parse(text: &str) -> Result<AuthType, String> {
        match text.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "password" | "v3password" => Ok(AuthType::Password),
            "v3applicationcredential" | "applicationcredential" | "application_credential" => {
                Ok(AuthType::ApplicationCredential)
            }
            "token" | "v3token" => Ok(AuthType::Token),
            "none" | "noauth" => Ok(AuthType::None),
            other => Err(format!(
                "the auth type `{other}` is not one heatwise speaks: use password, v3applicationcredential, token or none"
            )),
        }
    }
}

/// Everything needed to reach the cloud's Heat.
#[derive(Clone, Debug, Default)]
pub struct Credentials {
    pub auth_type: Option<AuthType>,
    pub auth_url: Option<String>,
    pub username: Option<String>,
    pub user_id: Option<String>,
    pub user_domain_name: Option<String>,
    pub user_domain_id: Option<String>,
    pub password: Option<Secret>,
    pub project_name: Option<String>,
    pub project_id: Option<String>,
    pub project_domain_name: Option<String>,
    pub project_domain_id: Option<String>,
    pub domain_name: Option<String>,
    pub domain_id: Option<String>,
    pub system_scope: Option<String>,
    pub token: Option<Secret>,
    pub application_credential_id: Option<String>,
    pub application_credential_name: Option<String>,
    pub application_credential_secret: Option<Secret>,
    pub region_name: Option<String>,
    pub interface: Option<String>,
    /// The orchestration endpoint, given rather than found in the
    /// catalog (`OS_ENDPOINT`; needed with the auth type `none`).
    pub endpoint: Option<String>,
    pub tls: TlsSettings,
    /// Where these came from, for messages.
    pub source: String,
}

impl Credentials {
    /// The auth type asked for, or the one the settings imply, as
    /// keystoneauth's loading does: an application credential's secret
    /// means one, a token without a password a token, else a password.
    pub fn auth_type(&self) -> AuthType {
        self.auth_type
            .unwrap_or(if self.application_credential_secret.is_some() {
                AuthType::ApplicationCredential
            } else if self.token.is_some() && self.password.is_none() {
                AuthType::Token
            } else {
                AuthType::Password
            })
    }

    /// `interface` as Keystone's catalog spells it.
    pub fn interface(&self) -> &str {
        match self.interface.as_deref().map(str::trim) {
            Some("internalURL" | "internal") => "internal",
            Some("adminURL" | "admin") => "admin",
            _ => "public",
        }
    }
}

/// Where the settings are read from; the process's own by default.
pub struct Sources<'a> {
    pub variable: &'a dyn Fn(&str) -> Option<String>,
    pub current_dir: PathBuf,
    pub home: Option<PathBuf>,
}

impl Sources<'_> {
    pub fn of_process() -> Sources<'static> {
        Sources {
            variable: &|name| std::env::var(name).ok().filter(|v| !v.is_empty()),
            current_dir: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
            home: std::env::var_os("HOME").map(PathBuf::from),
        }
    }

    fn config_dirs(&self) -> Vec<PathBuf> {
        let mut dirs = vec![self.current_dir.clone()];
        if let Some(home) = &self.home {
            dirs.push(home.join(".config").join("openstack"));
        }
        dirs.push(PathBuf::from("/etc/openstack"));
        dirs
    }

    /// The first of `OS_CLIENT_..._FILE` and `NAME.{yaml,yml,json}` in the
    /// search path that exists.
    fn find(&self, variable: &str, name: &str) -> Option<PathBuf> {
        if let Some(path) = (self.variable)(variable) {
            return Some(PathBuf::from(path));
        }
        self.config_dirs()
            .into_iter()
            .flat_map(|dir| ["yaml", "yml", "json"].map(|ext| dir.join(format!("{name}.{ext}"))))
            .find(|path| path.is_file())
    }
}

/// The credentials for `cloud` (else `OS_CLOUD`), with the `OS_*`
/// variables laid over them.
pub fn read(cloud: Option<&str>, sources: &Sources<'_>) -> Result<Credentials, String> {
    let mut credentials = Credentials {
        source: "the OS_* variables".to_owned(),
        ..Credentials::default()
    };
    let cloud = cloud
        .map(str::to_owned)
        .or_else(|| (sources.variable)("OS_CLOUD"));
    if let Some(cloud) = &cloud {
        let Some(path) = sources.find("OS_CLIENT_CONFIG_FILE", "clouds") else {
            return Err(format!(
                "the cloud `{cloud}` is asked for, but no clouds.yaml was found (looked in the current directory, ~/.config/openstack and /etc/openstack; OS_CLIENT_CONFIG_FILE names another)"
            ));
        };
        let clouds = read_config(&path)?;
        let Some(entry) = clouds.get("clouds").and_then(|c| c.get(cloud)) else {
            let known: Vec<String> = clouds
                .get("clouds")
                .and_then(|clouds| clouds.keys())
                .unwrap_or_default();
            return Err(format!(
                "{} has no cloud `{cloud}`{}",
                path.display(),
                if known.is_empty() {
                    String::new()
                } else {
                    format!(" (it has {})", known.join(", "))
                }
            ));
        };
        apply_cloud(&mut credentials, entry, &path)?;
        if let Some(secure) = sources.find("OS_CLIENT_SECURE_FILE", "secure") {
            if let Some(entry) = read_config(&secure)?
                .get("clouds")
                .and_then(|c| c.get(cloud))
            {
                apply_cloud(&mut credentials, entry, &secure)?;
            }
        }
        credentials.source = format!("the cloud `{cloud}` of {}", path.display());
    }
    apply_variables(&mut credentials, sources.variable)?;
    Ok(credentials)
}

/// A configuration file as its loader reads it.
struct Config(Value);

impl Config {
    fn get(&self, key: &str) -> Option<Config> {
        self.0.as_map()?.get(key).cloned().map(Config)
    }

    fn text(&self, key: &str) -> Option<String> {
        match self.0.as_map()?.get(key)? {
            Value::Str(text) => Some(text.to_string()),
            Value::Int(number) => Some(number.as_str().to_owned()),
            Value::Bool(flag) => Some(if *flag { "true" } else { "false" }.to_owned()),
            _ => None,
        }
    }

    fn keys(&self) -> Option<Vec<String>> {
        Some(
            self.0
                .as_map()?
                .entries()
                .iter()
                .filter_map(|(key, _)| match key {
                    Value::Str(text) => Some(text.to_string()),
                    _ => None,
                })
                .collect(),
        )
    }
}

fn read_config(path: &Path) -> Result<Config, String> {
    let shown = path.display();
    let text = crate::input::read_path_within(path, MAX_CONFIG_BYTES)
        .map_err(|message| format!("cannot read {shown}: {message}"))?;
    load::load(&text, Kind::Template)
        .map(Config)
        .map_err(|error| format!("{shown} is not YAML: {}", error.message))
}

fn apply_cloud(credentials: &mut Credentials, cloud: Config, path: &Path) -> Result<(), String> {
    let set = |slot: &mut Option<String>, value: Option<String>| {
        if value.is_some() {
            *slot = value;
        }
    };
    let set_secret = |slot: &mut Option<Secret>, value: Option<String>| {
        if let Some(value) = value {
            *slot = Some(Secret(value));
        }
    };
    if let Some(kind) = cloud.text("auth_type") {
        credentials.auth_type =
            Some(AuthType::parse(&kind).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    set(&mut credentials.region_name, cloud.text("region_name"));
    set(&mut credentials.interface, cloud.text("interface"));
    if let Some(cacert) = cloud.text("cacert") {
        credentials.tls.cacert = Some(PathBuf::from(cacert));
    }
    if let Some(verify) = cloud.text("verify") {
        credentials.tls.insecure = verify == "false";
    }
    if let Some(auth) = cloud.get("auth") {
        set(&mut credentials.auth_url, auth.text("auth_url"));
        set(&mut credentials.username, auth.text("username"));
        set(&mut credentials.user_id, auth.text("user_id"));
        set(
            &mut credentials.user_domain_name,
            auth.text("user_domain_name"),
        );
        set(&mut credentials.user_domain_id, auth.text("user_domain_id"));
        set_secret(&mut credentials.password, auth.text("password"));
        set(
            &mut credentials.project_name,
            auth.text("project_name")
                .or_else(|| auth.text("tenant_name")),
        );
        set(
            &mut credentials.project_id,
            auth.text("project_id").or_else(|| auth.text("tenant_id")),
        );
        set(
            &mut credentials.project_domain_name,
            auth.text("project_domain_name"),
        );
        set(
            &mut credentials.project_domain_id,
            auth.text("project_domain_id"),
        );
        set(&mut credentials.domain_name, auth.text("domain_name"));
        set(&mut credentials.domain_id, auth.text("domain_id"));
        set(&mut credentials.system_scope, auth.text("system_scope"));
        set_secret(&mut credentials.token, auth.text("token"));
        set(
            &mut credentials.application_credential_id,
            auth.text("application_credential_id"),
        );
        set(
            &mut credentials.application_credential_name,
            auth.text("application_credential_name"),
        );
        set_secret(
            &mut credentials.application_credential_secret,
            auth.text("application_credential_secret"),
        );
        set(&mut credentials.endpoint, auth.text("endpoint"));
    }
    Ok(())
}

fn apply_variables(
    credentials: &mut Credentials,
    variable: &dyn Fn(&str) -> Option<String>,
) -> Result<(), String> {
    let text = |names: &[&str]| names.iter().find_map(|name| variable(name));
    macro_rules! take {
        ($slot:expr, $($name:literal),+) => {
            if let Some(value) = text(&[$($name),+]) {
                $slot = Some(value.into());
            }
        };
    }
    if let Some(kind) = variable("OS_AUTH_TYPE") {
        credentials.auth_type =
            Some(AuthType::parse(&kind).map_err(|e| format!("OS_AUTH_TYPE: {e}"))?);
    }
    take!(credentials.auth_url, "OS_AUTH_URL");
    take!(credentials.username, "OS_USERNAME");
    take!(credentials.user_id, "OS_USER_ID");
    take!(credentials.user_domain_name, "OS_USER_DOMAIN_NAME");
    take!(credentials.user_domain_id, "OS_USER_DOMAIN_ID");
    take!(
        credentials.project_name,
        "OS_PROJECT_NAME",
        "OS_TENANT_NAME"
    );
    take!(credentials.project_id, "OS_PROJECT_ID", "OS_TENANT_ID");
    take!(credentials.project_domain_name, "OS_PROJECT_DOMAIN_NAME");
    take!(credentials.project_domain_id, "OS_PROJECT_DOMAIN_ID");
    take!(credentials.domain_name, "OS_DOMAIN_NAME");
    take!(credentials.domain_id, "OS_DOMAIN_ID");
    take!(credentials.system_scope, "OS_SYSTEM_SCOPE");
    take!(
        credentials.application_credential_id,
        "OS_APPLICATION_CREDENTIAL_ID"
    );
    take!(
        credentials.application_credential_name,
        "OS_APPLICATION_CREDENTIAL_NAME"
    );
    take!(credentials.region_name, "OS_REGION_NAME");
    take!(credentials.interface, "OS_INTERFACE", "OS_ENDPOINT_TYPE");
    take!(credentials.endpoint, "OS_ENDPOINT", "OS_URL");
    if let Some(password) = variable("OS_PASSWORD") {
        credentials.password = Some(Secret(password));
    }
    if let Some(token) = variable("OS_TOKEN") {
        credentials.token = Some(Secret(token));
    }
    if let Some(secret) = variable("OS_APPLICATION_CREDENTIAL_SECRET") {
        credentials.application_credential_secret = Some(Secret(secret));
    }
    if let Some(cacert) = variable("OS_CACERT") {
        credentials.tls.cacert = Some(PathBuf::from(cacert));
    }
    if let Some(insecure) = variable("OS_INSECURE") {
        credentials.tls.insecure = matches!(
            insecure.trim().to_ascii_lowercase().as_str(),
            "1" | "true" | "yes" | "on"
        );
    }
    // openstackclient's OS_DEFAULT_DOMAIN: the domain of the user and the
    // project where neither is given.
    if let Some(domain) = variable("OS_DEFAULT_DOMAIN") {
        if credentials.user_domain_id.is_none() && credentials.user_domain_name.is_none() {
            credentials.user_domain_id = Some(domain.clone());
        }
        if credentials.project_domain_id.is_none() && credentials.project_domain_name.is_none() {
            credentials.project_domain_id = Some(domain);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn read_in(
        dir: &Path,
        variables: &HashMap<&'static str, String>,
    ) -> Result<Credentials, String> {
        let variable = |name: &str| variables.get(name).cloned();
        read(
            None,
            &Sources {
                variable: &variable,
                current_dir: dir.to_path_buf(),
                home: None,
            },
        )
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("heatwise-auth-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_cloud_of_clouds_yaml_with_its_secure_yaml_and_the_variables_over_it() {
        let dir = temp_dir("cloud");
        std::fs::write(
            dir.join("clouds.yaml"),
            "clouds:\n  lab:\n    region_name: RegionTwo\n    interface: internal\n    auth:\n      auth_url: https://keystone.example:5000/v3\n      username: alice\n      project_name: alpha\n      user_domain_name: Default\n      project_domain_name: Default\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("secure.yaml"),
            "clouds:\n  lab:\n    auth:\n      password: from-secure\n",
        )
        .unwrap();
        let variables = HashMap::from([
            ("OS_CLOUD", "lab".to_owned()),
            ("OS_PROJECT_NAME", "beta".to_owned()),
        ]);
        let credentials = read_in(&dir, &variables).unwrap();
        assert_eq!(credentials.auth_type(), AuthType::Password);
        assert_eq!(credentials.username.as_deref(), Some("alice"));
        assert_eq!(credentials.project_name.as_deref(), Some("beta"));
        assert_eq!(credentials.region_name.as_deref(), Some("RegionTwo"));
        assert_eq!(credentials.interface(), "internal");
        assert_eq!(
            credentials.password.as_ref().map(Secret::expose),
            Some("from-secure")
        );
        assert!(credentials.source.contains("`lab`"));
        // No secret in what may be printed.
        assert!(!format!("{credentials:?}").contains("from-secure"));
    }

    #[test]
    fn the_auth_type_follows_what_is_given() {
        let dir = temp_dir("types");
        let with = |pairs: &[(&'static str, &str)]| {
            let variables: HashMap<_, _> =
                pairs.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
            read_in(&dir, &variables).map(|c| c.auth_type())
        };
        assert_eq!(
            with(&[
                ("OS_APPLICATION_CREDENTIAL_ID", "i"),
                ("OS_APPLICATION_CREDENTIAL_SECRET", "s")
            ]),
            Ok(AuthType::ApplicationCredential)
        );
        assert_eq!(with(&[("OS_TOKEN", "t")]), Ok(AuthType::Token));
        assert_eq!(with(&[("OS_PASSWORD", "p")]), Ok(AuthType::Password));
        assert_eq!(with(&[("OS_AUTH_TYPE", "none")]), Ok(AuthType::None));
        assert!(with(&[("OS_AUTH_TYPE", "v2password")])
            .unwrap_err()
            .contains("v2password"));
    }

    #[test]
    fn a_cloud_that_is_not_there_is_named_with_those_that_are() {
        let dir = temp_dir("missing");
        std::fs::write(dir.join("clouds.yaml"), "clouds:\n  one: {}\n  two: {}\n").unwrap();
        let variables = HashMap::from([("OS_CLOUD", "three".to_owned())]);
        let error = read_in(&dir, &variables).unwrap_err();
        assert!(
            error.contains("no cloud `three`") && error.contains("one, two"),
            "{error}"
        );
    }
}
