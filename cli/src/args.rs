//! Arguments more than one command takes, parsed and checked once: the
//! release to judge for, rule codes, severities, and what a template is
//! checked against (`--target`, `--catalog`, `-e`).

use std::path::{Path, PathBuf};

use clap::Args;
use heatwise_core::catalog::{limits::MAX_CATALOG_BYTES, Catalog};
use heatwise_core::heat_conf::{self, EngineLimits};
use heatwise_core::lint::{LintOptions, Selection, Severity};
use heatwise_core::release::Release;
use heatwise_core::stack::Registry;
use heatwise_core::text::{Positions, TextRange};

use crate::input::InputError;
use crate::input::{load_environment, read_path_within};

/// What a template is checked against: a release, the catalog, and the
/// environments it is deployed with. `lint` and `fix` take these alike.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The Heat release to check against, as a name or a version: Kilo,
    /// 2015.1, Liberty, 27.0.1, 2024.1. Default: the catalog's newest.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    pub target: Option<Release>,

    /// A catalog laid over the built-in one: heatwise catalog JSON, or the
    /// JSON of `openstack orchestration resource type show -f json TYPE`.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,

    /// An environment file, as given to `openstack stack create -e`: a type
    /// its `resource_registry` maps is checked as the type Heat creates (a
    /// template resource is not checked). Repeatable, in order. Environment
    /// files in a given directory are checked but not applied.
    #[arg(short = 'e', long = "environment", value_name = "FILE")]
    pub environments: Vec<PathBuf>,

    /// The cloud's heat.conf: the engine's limits its operator set
    /// (`max_nested_stack_depth`, `stack_action_timeout`,
    /// `max_template_size` and `max_resources_per_stack` in
    /// `[DEFAULT]`), which the rules that
    /// depend on them judge with. Default: Heat's own.
    #[arg(long, value_name = "FILE")]
    pub heat_conf: Option<PathBuf>,
}

/// What a report of `lint` or `scan` holds and where it goes.
#[derive(Args, Debug, Default)]
pub struct ReportArgs {
    #[command(flatten)]
    pub baseline: crate::baseline::BaselineArgs,

    #[command(flatten)]
    pub rules: SelectArgs,

    /// Print how many findings of each rule there are (text or JSON), not
    /// the findings.
    #[arg(long)]
    pub statistics: bool,

    /// Write the report to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,
}

/// Which rules are reported: codes (HW202), names (hidden-property) or
/// prefixes of codes (HW2), comma-separated or repeated; as `select` and
/// `ignore` in heatwise.toml, which these replace (`--select`,
/// `--ignore`) or extend (`--extend-select`, `--extend-ignore`).
#[derive(Args, Debug, Default)]
pub struct SelectArgs {
    /// Only these rules (all when left out).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub select: Option<Vec<String>>,
    /// These rules too, beside those selected.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub extend_select: Vec<String>,
    /// Not these rules.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Not these rules either, beside those ignored.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub extend_ignore: Vec<String>,
}

impl SelectArgs {
    pub fn selection(&self) -> Selection {
        Selection {
            select: self.select.clone(),
            extend_select: self.extend_select.clone(),
            ignore: self.ignore.clone(),
            extend_ignore: self.extend_ignore.clone(),
        }
    }
}

/// What [`CheckArgs`] read: the catalog and the environments' registry,
/// for [`Checked::options`].
pub struct Checked {
    catalog: Option<Catalog>,
    registry: Registry,
    target: Option<Release>,
    limits: EngineLimits,
    /// The moment the run began (see [`crate::clock`]).
    now: Option<heatwise_core::time::UtcTime>,
}

impl CheckArgs {
    /// Reads the catalog and the environments. A catalog that cannot be
    /// used is an error; an environment that cannot be read is said on
    /// standard error and kept in `errors`, and the rest goes on.
    pub fn read(&self, errors: &mut Vec<InputError>) -> Result<Checked, String> {
        let catalog = load_catalog(self.catalog.as_deref())?;
        let mut registry = Registry::default();
        for path in &self.environments {
            if let Err(error) = load_environment(path, &mut registry) {
                crate::input::report_error(errors, error);
            }
        }
        let limits = match &self.heat_conf {
            Some(path) => read_heat_conf(path)?,
            None => EngineLimits::default(),
        };
        Ok(Checked {
            catalog,
            registry,
            target: self.target,
            limits,
            now: crate::clock::now(),
        })
    }
}

impl Checked {
    pub fn options(&self) -> LintOptions<'_> {
        let catalog = self.catalog.as_ref().unwrap_or_else(|| Catalog::builtin());
        LintOptions {
            registry: Some(&self.registry),
            limits: self.limits,
            now: self.now,
            ..LintOptions::new(catalog).with_target(self.target)
        }
    }
}

/// The engine's limits the heat.conf at `path` sets.
pub fn read_heat_conf(path: &Path) -> Result<EngineLimits, String> {
    let shown = path.display();
    let text = read_path_within(path, heat_conf::MAX_HEAT_CONF_BYTES)
        .map_err(|message| format!("cannot read the heat.conf {shown}: {message}"))?;
    heat_conf::parse(&text).map_err(|error| {
        let at = Positions::new(&text).location(TextRange::empty(error.offset));
        format!("{shown}:{}:{}: {}", at.line, at.column, error.message)
    })
}

/// The built-in catalog with the operator's laid over it; `None` for the
/// built-in one alone.
fn load_catalog(path: Option<&Path>) -> Result<Option<Catalog>, String> {
    let Some(path) = path else { return Ok(None) };
    let shown = path.display();
    let text = read_path_within(path, MAX_CATALOG_BYTES)
        .map_err(|message| format!("cannot read the catalog {shown}: {message}"))?;
    let top = Catalog::from_any_json(&text).map_err(|error| {
        format!(
            "{shown} is not a catalog: {error}; give heatwise catalog JSON or the output of `openstack orchestration resource type show -f json TYPE`"
        )
    })?;
    Catalog::builtin().layered(&top).map(Some).map_err(|error| {
        format!("the catalog {shown} cannot be laid over the built-in one: {error}")
    })
}

/// A release as a name or a version.
pub fn parse_release(text: &str) -> Result<Release, String> {
    Release::parse(text).map_err(|error| {
        format!("{error}; give a release name or a Heat version, e.g. Kilo, 2015.1, Liberty, 27.0.1 or 2024.1")
    })
}

pub fn parse_severity(text: &str) -> Result<Severity, String> {
    Severity::parse(text)
        .ok_or_else(|| format!("`{text}` is not a severity; use error, warning or info"))
}

/// `NAME=VALUE`, as `openstack stack create -P` takes a parameter's value.
pub fn parse_parameter(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .filter(|(name, _)| !name.is_empty())
        .map(|(name, value)| (name.to_owned(), value.to_owned()))
        .ok_or_else(|| format!("`{text}` is not NAME=VALUE"))
}

/// Which stacks of which cloud `scan` and `migrate` read.
#[derive(clap::Args, Debug)]
pub struct FleetArgs {
    /// The cloud of clouds.yaml (as openstack --os-cloud; default
    /// OS_CLOUD). The OS_* variables apply over it.
    #[arg(long = "os-cloud", value_name = "CLOUD")]
    pub cloud: Option<String>,

    /// Every project's stacks (Heat's stacks:global_index policy, an
    /// admin's by default); without it, the token's project.
    #[arg(long)]
    pub all_projects: bool,

    /// Only the stacks of this project (ID or name). Repeatable.
    #[arg(long = "project", value_name = "PROJECT")]
    pub projects: Vec<String>,

    /// Only this stack (name or ID). Repeatable.
    #[arg(long = "stack", value_name = "NAME")]
    pub stacks: Vec<String>,
}
