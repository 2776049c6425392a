//! `cargo xtask catalog`: regenerate the built-in Heat catalog
//! (`core/catalog/heat.json`) from Heat itself.
//!
//! 1. a Python virtualenv `.venv` with `openstack-heat` at [`HEAT_VERSION`];
//! 2. `tools/heat_catalog/extract.py` reads that Heat's own classes into
//!    `target/catalog/heat-<version>.json`;
//! 3. the extraction is checked against the registry dump of the same
//!    release, and the history merge's own tests run;
//! 4. `tools/heat_catalog/history.py` merges the dumps of every release with
//!    the fresh extraction as the newest one.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Heat release the built-in catalog describes.
pub const HEAT_VERSION: &str = "27.0.1";
/// The PyYAML Heat's loader is judged with. Heat asks only for
/// `PyYAML>=5.1`; 6.0.4 changed how merge keys `<<` order and repeat keys
/// (`flatten_mapping`), so an unpinned install would move the judge under
/// the recorded answers. heatwise follows 6.0.3.
pub const PYYAML_VERSION: &str = "6.0.3";

/// Where the registry dumps of past Heat releases live, beside the
/// workspace, unless `HEATWISE_HEAT_CATALOGS` names another directory.
const DEFAULT_HISTORY_DIR: &str = "../shared/heat-catalogs";
const HISTORY_DIR_VARIABLE: &str = "HEATWISE_HEAT_CATALOGS";

pub fn run(root: &Path) -> Result<(), String> {
    let history_dir = history_dir(root)?;
    let tools = root.join("tools").join("heat_catalog");
    let python = heat_python(root)?;

    let extracted = root
        .join("target")
        .join("catalog")
        .join(format!("heat-{HEAT_VERSION}.json"));
    step(&format!(
        "extracting the catalog of Heat {HEAT_VERSION} into {}",
        extracted.display()
    ));
    run_command(
        Command::new(&python)
            .arg(tools.join("extract.py"))
            .arg("--output")
            .arg(&extracted),
    )?;

    let reference = history_dir.join(format!("heat-{HEAT_VERSION}.json.gz"));
    step(&format!(
        "checking the extraction against {}",
        reference.display()
    ));
    run_command(
        Command::new(&python)
            .arg(tools.join("check_extract.py"))
            .arg(&extracted)
            .arg(&reference),
    )?;
    step("testing the release-history merge");
    run_command(
        Command::new(&python)
            .args(["-m", "unittest", "discover", "-s"])
            .arg(&tools)
            .args(["-p", "test_*.py"]),
    )?;

    let output = root.join("core").join("catalog").join("heat.json");
    step(&format!(
        "merging the release history into {}",
        output.display()
    ));
    run_command(
        Command::new(&python)
            .arg(tools.join("history.py"))
            .arg(&history_dir)
            .arg("--newest")
            .arg(&extracted)
            .arg("--output")
            .arg(&output),
    )?;

    // Template versions: Heat's classes, and its git history for the
    // release that first shipped each one.
    let output = root
        .join("core")
        .join("catalog")
        .join("template-versions.json");
    let versions = match std::env::var_os(HEAT_GIT_VARIABLE).map(PathBuf::from) {
        Some(heat_git) if heat_git.join(".git").exists() || heat_git.join("HEAD").exists() => {
            step(&format!(
                "reading template versions into {}",
                output.display()
            ));
            run_command(
                Command::new(&python)
                    .arg(tools.join("template_versions.py"))
                    .arg("--heat-git")
                    .arg(&heat_git)
                    .arg("--output")
                    .arg(&output),
            )
        }
        _ => {
            println!(
                "skipped: template versions ({} kept): set {HEAT_GIT_VARIABLE} to a clone of Heat's repository with its tags",
                output.display()
            );
            Ok(())
        }
    };
    versions?;

    step("compiling heat.json and template-versions.json into the embedded heat.bin, heat-lean.bin and template-versions.bin");
    run_command(
        Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .current_dir(root)
            .args([
                "run",
                "--quiet",
                "-p",
                "heatwise-core",
                "--example",
                "build_catalog",
            ]),
    )?;

    Ok(())
}

/// A clone of Heat's repository, for the template versions' first releases.
const HEAT_GIT_VARIABLE: &str = "HEATWISE_HEAT_GIT";

fn step(message: &str) {
    println!("==> {message}");
}

fn history_dir(root: &Path) -> Result<PathBuf, String> {
    let dir = std::env::var_os(HISTORY_DIR_VARIABLE)
        .map_or_else(|| root.join(DEFAULT_HISTORY_DIR), PathBuf::from);
    if dir.is_dir() {
        Ok(dir)
    } else {
        Err(format!(
            "{} is not a directory: the registry dumps of past Heat releases \
             (heat-<version>.json.gz) are needed; set {HISTORY_DIR_VARIABLE} to their directory",
            dir.display()
        ))
    }
}

/// The virtualenv's Python with openstack-heat at [`HEAT_VERSION`], creating
/// the virtualenv and installing Heat when they are missing.
pub fn heat_python(root: &Path) -> Result<PathBuf, String> {
    let python = ensure_venv(root)?;
    ensure_heat(&python)?;
    Ok(python)
}

/// The virtualenv's Python, creating the virtualenv if it is missing.
fn ensure_venv(root: &Path) -> Result<PathBuf, String> {
    let venv = root.join(".venv");
    let python = if cfg!(windows) {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    };
    if python.is_file() {
        return Ok(python);
    }
    step(&format!(
        "creating the Python virtualenv {}",
        venv.display()
    ));
    run_command(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    if python.is_file() {
        Ok(python)
    } else {
        Err(format!(
            "`python3 -m venv` did not create {}",
            python.display()
        ))
    }
}

/// Installs openstack-heat at [`HEAT_VERSION`] and PyYAML at
/// [`PYYAML_VERSION`] unless they are already there.
fn ensure_heat(python: &Path) -> Result<(), String> {
    let installed = Command::new(python)
        .args([
            "-c",
            "import importlib.metadata as m; print(m.version('openstack-heat'), m.version('PyYAML'))",
        ])
        .output()
        .map_err(|error| format!("cannot run {}: {error}", python.display()))?;
    let versions = String::from_utf8_lossy(&installed.stdout).trim().to_owned();
    if installed.status.success() && versions == format!("{HEAT_VERSION} {PYYAML_VERSION}") {
        step(&format!(
            "openstack-heat {HEAT_VERSION} and PyYAML {PYYAML_VERSION} are installed"
        ));
        return Ok(());
    }
    step(&format!(
        "installing openstack-heat=={HEAT_VERSION} and PyYAML=={PYYAML_VERSION} into the virtualenv (a few minutes the first time)"
    ));
    run_command(Command::new(python).args([
        "-m",
        "pip",
        "install",
        "--disable-pip-version-check",
        &format!("openstack-heat=={HEAT_VERSION}"),
        &format!("PyYAML=={PYYAML_VERSION}"),
    ]))
}

fn run_command(command: &mut Command) -> Result<(), String> {
    let shown = format!(
        "{} {}",
        command.get_program().to_string_lossy(),
        command
            .get_args()
            .map(|arg| arg.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let status = command
        .status()
        .map_err(|error| format!("cannot run `{shown}`: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}
