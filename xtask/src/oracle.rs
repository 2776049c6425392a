//! `cargo xtask oracle`: the differential harness. Every template of the
//! shared corpus and of the lint and fix fixtures is migrated with
//! `heatwise fix` (Safe fixes, then `--unsafe` separately), and real Heat
//! judges whether each migration means what its original meant
//! (`tools/heat_oracle/harness.py`, checks in `compare.py`). Everything,
//! the migrated templates and `report.md` included, goes to `target/oracle/`.
//! Fails when a Safe migration disagrees.
//!
//! `cargo xtask oracle --differential N [--seed S] [--record]` instead
//! judges N generated stacks with heatwise and with a real Heat server's
//! create (`tools/heat_oracle/differential.py`), and minimises each
//! disagreement; `--record` adds them to `cli/tests/fixtures/verdicts/
//! differential/`, which the test command replays.
//!
//! `cargo xtask oracle --coverage` instead records which of Heat's refusal
//! sites (each `raise` that can refuse a stack before its create) the cases
//! of the test command reach, under coverage.py
//! (`tools/heat_oracle/refusal_sites.py`), then rewrites the site list and
//! summary that `tests/tests/heat_verdicts.rs` derives from it
//! (docs/heat-refusal-sites.md, the end of docs/rules.md).
//!
//! `cargo xtask oracle --record` instead records Heat's translation of each
//! fix fixture and its migration (`tools/heat_oracle/record_fixtures.py`),
//! its verdict on the validation fixtures and on the generated cases
//! (`generate_cases.py`), and its verdict on every template of the corpora
//! judged as a stack's root (`judge.py`, into `tests/fixtures/heat-verdicts/`),
//! which the tests read without Heat.

use std::path::{Path, PathBuf};

use crate::catalog::heat_python;
use crate::env::Env;

/// The corpus of real templates, unless `HEATWISE_CORPUS` names another.
const CORPUS_VARIABLE: &str = "HEATWISE_CORPUS";

/// The cargo profile the CLI is built with: optimised, as for users.
const PROFILE: &str = "release-native";

const USAGE: &str =
    "usage: cargo xtask oracle [--record] | --coverage | --differential N [--seed S] [--record]";

/// coverage.py, which records the refusal sites a case reaches.
const COVERAGE: &str = "coverage==7.13.0";

pub fn run(env: &Env, args: &[String]) -> Result<(), String> {
    if args.first().is_some_and(|a| a == "--differential") {
        return differential(env, &args[1..]);
    }
    if args.first().is_some_and(|a| a == "--coverage") {
        return coverage(env);
    }
    let record = match args {
        [] => false,
        [flag] if flag == "--record" => true,
        _ => return Err(USAGE.into()),
    };
    let tools = env.root.join("tools").join("heat_oracle");
    env.step(&format!(
        "the Python virtualenv with openstack-heat {}",
        crate::catalog::HEAT_VERSION
    ));
    let python = heat_python(&env.root)?;
    let python = python.to_string_lossy();

    if record {
        env.step("recording Heat's translation of the fix fixtures and of their migrations");
        env.run(env.command(&python).arg(tools.join("record_fixtures.py")))?;
        env.step("recording Heat's verdict on the validation fixtures (Stack.validate)");
        env.run(env.command(&python).arg(tools.join("record_validation.py")))?;
        env.step("generating the cases of every property schema and class of refusal, with Heat's verdicts");
        env.run(env.command(&python).arg(tools.join("generate_cases.py")))?;
        let verdicts = env
            .root
            .join("tests")
            .join("fixtures")
            .join("heat-verdicts");
        let rendered = env
            .root
            .join("target/corpus/tripleo-heat-templates-18.0.0-rendered");
        for (root, out) in [
            (corpus_dir(&env.root)?, "corpus.json"),
            (rendered, "tht-rendered.json"),
        ] {
            env.step(&format!(
                "Heat's verdict on each template under {}",
                root.display()
            ));
            env.run(
                env.command(&python)
                    .arg(tools.join("judge.py"))
                    .arg("--find")
                    .arg(&root)
                    .arg("--base")
                    .arg(&root)
                    .arg("--out")
                    .arg(verdicts.join(out)),
            )?;
        }
        return Ok(());
    }

    let corpus = corpus_dir(&env.root)?;
    env.step("testing the comparison (tools/heat_oracle/test_compare.py, test_harness.py)");
    env.run(env.command(&python).current_dir(&tools).args([
        "-m",
        "unittest",
        "test_compare",
        "test_harness",
    ]))?;
    env.step(&format!("building heatwise ({PROFILE} profile)"));
    env.run(
        env.command("cargo")
            .args(["build", "-p", "heatwise-cli", "--profile", PROFILE]),
    )?;
    let heatwise = env
        .root
        .join("target")
        .join(PROFILE)
        .join(format!("heatwise{}", std::env::consts::EXE_SUFFIX));

    let fixtures = env.root.join("core").join("tests").join("fixtures");
    env.step("migrating every template and comparing Heat's translations");
    env.run(
        env.command(&python)
            .arg(tools.join("harness.py"))
            .arg("--heatwise")
            .arg(heatwise)
            .arg("--out")
            .arg(env.root.join("target").join("oracle"))
            .arg(source("corpus", &corpus))
            .arg(source("fix-fixtures", &fixtures.join("fix")))
            .arg(source("lint-fixtures", &fixtures.join("lint"))),
    )
}

/// `--differential N [--seed S] [--record]`: generated stacks judged by
/// heatwise and by Heat's create, disagreements minimised.
fn differential(env: &Env, args: &[String]) -> Result<(), String> {
    let number = |text: Option<&String>| -> Result<u64, String> {
        text.and_then(|t| t.parse().ok())
            .ok_or_else(|| USAGE.to_owned())
    };
    let cases = number(args.first())?;
    let (mut seed, mut record) = (1, false);
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--seed" => seed = number(rest.next())?,
            "--record" => record = true,
            _ => return Err(USAGE.into()),
        }
    }
    crate::heat_server::install(env)?;
    env.step("building heatwise");
    env.run(env.command("cargo").args(["build", "-p", "heatwise-cli"]))?;
    let heatwise = env
        .root
        .join("target/debug")
        .join(format!("heatwise{}", std::env::consts::EXE_SUFFIX));
    env.step(&format!(
        "judging {cases} generated stacks (seed {seed}) with heatwise and with Heat's create"
    ));
    let mut command = env.command(&crate::heat_server::python(&env.root).to_string_lossy());
    command
        .arg(env.root.join("tools/heat_oracle/differential.py"))
        .arg("--heatwise")
        .arg(heatwise)
        .args(["--cases", &cases.to_string(), "--seed", &seed.to_string()])
        .arg("--out")
        .arg(env.root.join("target/oracle/differential"));
    if record {
        command
            .arg("--record")
            .arg(env.root.join("cli/tests/fixtures/verdicts/differential"));
    }
    env.run(&mut command)
}

/// `--coverage`: which of Heat's refusal sites the test command's cases
/// reach, and whether heatwise agrees with each.
fn coverage(env: &Env) -> Result<(), String> {
    env.step(&format!(
        "the Python virtualenv with openstack-heat {} and {COVERAGE}",
        crate::catalog::HEAT_VERSION
    ));
    let python = heat_python(&env.root)?;
    let python = python.to_string_lossy();
    let installed = env
        .command(&python)
        .args([
            "-c",
            "import importlib.metadata as m; print(m.version('coverage'))",
        ])
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned());
    if installed.as_deref().ok() != COVERAGE.strip_prefix("coverage==") {
        env.run(env.command(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            COVERAGE,
        ]))?;
    }
    if !crate::corpus::rendered_dir(&env.root)
        .join("overcloud.yaml")
        .is_file()
    {
        crate::corpus::install(env)?;
        crate::tools::install(env)?;
        crate::corpus::render(env)?;
    }
    env.step("judging every case of the test command under coverage.py");
    env.run(
        env.command(&python)
            .arg(env.root.join("tools/heat_oracle/refusal_sites.py"))
            .arg("--out")
            .arg(
                env.root
                    .join("tests/fixtures/heat-verdicts/refusal-sites.json"),
            ),
    )?;
    env.step("heatwise on each case: docs/heat-refusal-sites.md and the end of docs/rules.md");
    for (package, test) in [
        ("heatwise-tests", "heat_verdicts"),
        ("heatwise-core", "rules_doc"),
    ] {
        env.run(
            env.command("cargo")
                .args(["test", "-q", "-p", package, "--test", test])
                .env("HEATWISE_BLESS", "1"),
        )?;
    }
    let summary = env.root.join("tests/tests/snapshots/heat-refusal-sites.md");
    let text =
        std::fs::read_to_string(&summary).map_err(|e| format!("{}: {e}", summary.display()))?;
    let table = text.find("| area").map_or(text.as_str(), |at| &text[at..]);
    println!("\n{table}");
    Ok(())
}

/// A `NAME=DIR` argument of the harness.
fn source(name: &str, dir: &Path) -> String {
    format!("{name}={}", dir.display())
}

pub fn corpus_dir(root: &Path) -> Result<PathBuf, String> {
    let dir = std::env::var_os(CORPUS_VARIABLE).map_or_else(
        || root.join("..").join("shared").join("corpus"),
        PathBuf::from,
    );
    if dir.is_dir() {
        dir.canonicalize()
            .map_err(|error| format!("{}: {error}", dir.display()))
    } else {
        Err(format!(
            "{} is not a directory: the corpus of templates is needed; set {CORPUS_VARIABLE} to it",
            dir.display()
        ))
    }
}
