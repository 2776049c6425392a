//! `heatwise.toml`, the project file `heatwise lint` reads when it is given
//! no path: the release to check against, the rules to report, and the
//! stacks of the project, each a root template with its environments.
//! Paths in it are relative to the file's directory; core's `project`
//! reads its text (the TOML it takes is documented there).
//!
//! ```toml
//! target = "2024.1"
//! select = ["HW"]
//! ignore = ["HW107"]
//! baseline = "heatwise-baseline.json"
//! heat-conf = "/etc/heat/heat.conf"
//! [[stack]]
//! root = "overcloud.yaml"
//! environments = ["overcloud-resource-registry-puppet.yaml"]
//! path-map = { "/usr/share/openstack-tripleo-heat-templates" = "." }
//! ```
//!
//! A stack `heatwise scan --dump` wrote names its manifest instead of a
//! path map, `stored-files = "stack.json"`: its names are looked up among
//! the files Heat keeps for it, as Heat's engine looks them up.

use std::path::{Path, PathBuf};

use heatwise_core::heat_conf::EngineLimits;
use heatwise_core::lint::{Rule, Selection};
use heatwise_core::project;
use heatwise_core::release::Release;
use heatwise_core::text::{Positions, TextRange};

use crate::args::parse_release;
use crate::input::read_file;
use crate::input::InputError;
use crate::stack::{FsFiles, PathMap};

/// The project file's name.
pub const FILE_NAME: &str = "heatwise.toml";

/// A project, read and checked.
#[derive(Debug)]
pub struct Project {
    pub target: Option<Release>,
    /// The rules reported: those `select` names (all when empty), less
    /// those `ignore` names.
    pub rules: Vec<Rule>,
    /// `select` and `ignore` as written, for a command line's to be laid
    /// over.
    pub selection: Selection,
    pub stacks: Vec<ProjectStack>,
    /// `baseline`: the findings not reported (`lint --baseline`).
    pub baseline: Option<PathBuf>,
    /// `heat-conf`: the engine's limits the cloud's heat.conf sets.
    pub limits: Option<EngineLimits>,
}

/// One stack of a project, its paths made from the project's directory.
#[derive(Clone, Debug)]
pub struct ProjectStack {
    pub root: PathBuf,
    pub environments: Vec<PathBuf>,
    pub path_maps: Vec<PathMap>,
    /// The values the create request gives the root's parameters (`-P`).
    pub parameters: Vec<(String, String)>,
    /// Each environment file under this directory, alone on top of the
    /// others: one combination each.
    pub each_environment: Option<PathBuf>,
    /// The project's directory: files the stack reaches outside it are not
    /// read (HW411). `None` for a stack given on the command line.
    pub project: Option<PathBuf>,
    /// A stack as Heat keeps it: the manifest (`stack.json` of a dump)
    /// whose files the names are looked up in, as Heat's engine does.
    pub stored_files: Option<PathBuf>,
}

impl ProjectStack {
    /// The root's and the environments' URLs, as heatclient names them;
    /// the first that cannot be read, with why.
    pub fn urls(&self) -> Result<Vec<String>, InputError> {
        std::iter::once(&self.root)
            .chain(&self.environments)
            .map(|path| url_of(path))
            .collect()
    }

    /// Its files on disk, for the stack given by `urls` (see
    /// [`ProjectStack::urls`]).
    pub fn files(&self, urls: &[String]) -> FsFiles {
        FsFiles {
            path_maps: self.path_maps.clone(),
            project: (self.project.as_ref()).map(|dir| {
                let dir = std::fs::canonicalize(dir).unwrap_or(dir.clone());
                (dir, urls.to_vec())
            }),
        }
    }
}

/// The URL of the file at `path`, as heatclient names it.
pub fn url_of(path: &Path) -> Result<String, InputError> {
    crate::stack::url_of(path).map_err(|message| InputError {
        path: path.display().to_string(),
        message,
    })
}

/// The project file in the current directory or the nearest one above.
pub fn find() -> Option<PathBuf> {
    let start = std::env::current_dir().ok()?;
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// Reads and checks the project file at `path`.
pub fn read(path: &Path) -> Result<Project, String> {
    let shown = path.display();
    let text = read_file(path).map_err(|message| format!("{shown}: {message}"))?;
    let file = project::parse(&text).map_err(|error| {
        let at = Positions::new(&text).location(TextRange::empty(error.offset));
        format!("{shown}:{}:{}: {}", at.line, at.column, error.message)
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let target = file
        .target
        .as_deref()
        .map(parse_release)
        .transpose()
        .map_err(|message| format!("{shown}: target: {message}"))?;
    let selection = Selection {
        select: (!file.select.is_empty()).then_some(file.select),
        ignore: file.ignore,
        ..Selection::default()
    };
    let rules = selection
        .rules()
        .map_err(|message| format!("{shown}: {message}"))?;
    if file.stacks.is_empty() {
        return Err(format!(
            "{shown} names no stack: add one, e.g.\n[[stack]]\nroot = \"overcloud.yaml\""
        ));
    }
    let stacks = file
        .stacks
        .into_iter()
        .map(|stack| ProjectStack {
            parameters: Vec::new(),
            root: dir.join(stack.root),
            environments: stack
                .environments
                .into_iter()
                .map(|e| dir.join(e))
                .collect(),
            path_maps: stack
                .path_map
                .into_iter()
                .map(|(from, to)| PathMap {
                    from: PathBuf::from(from),
                    to: dir.join(to),
                })
                .collect(),
            each_environment: stack.each_environment.map(|each| dir.join(each)),
            project: Some(dir.to_path_buf()),
            stored_files: stack.stored_files.map(|manifest| dir.join(manifest)),
        })
        .collect();
    let limits = file
        .heat_conf
        .map(|conf| crate::args::read_heat_conf(&dir.join(conf)))
        .transpose()
        .map_err(|message| format!("{shown}: heat-conf: {message}"))?;
    Ok(Project {
        target,
        rules,
        selection,
        stacks,
        baseline: file.baseline.map(|baseline| dir.join(baseline)),
        limits,
    })
}
