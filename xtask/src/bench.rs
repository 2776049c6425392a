//! `cargo xtask bench [--only criterion|heat|stack|scan|migrate]`: the
//! benchmarks.
//!
//! - `migrate`: `heatwise migrate --apply` of 100 stacks of a real Heat
//!   (`bench_migrate.rs`).
//! - `scan`: `heatwise scan` of a real Heat holding 1,000 stacks, beside
//!   heatwise's own share of it (`bench_scan.rs`).
//! - `criterion`: heatwise-core's criterion benchmarks (`core/benches/`):
//!   the catalog, the reader, parse and lint over the corpus of real
//!   templates, with their throughput.
//! - `stack`: several rendered TripleO trees, heatwise against Heat
//!   (`bench_stack.rs`).
//! - `heat`: `heatwise lint` against Heat 27.0.1 reading the same files, in
//!   one run. The files are the corpus's HOT templates (a line starting
//!   with `heat_template_version`). Heat's side is
//!   `tools/heat_oracle/translate.py --batch` in the Heat virtualenv: for
//!   each template, Heat's parser, a `Stack`, and every resource's
//!   translated properties (what Heat does before it can act on a
//!   template), timed per template inside the process, so Python's start
//!   and Heat's import are not counted; the best of three runs. heatwise's
//!   side is one `heatwise lint` process over all of them (start-up and the
//!   catalog included), best of twenty, on all cores. Both sides take their
//!   best run: a run of 40 ms varies by half with the machine's other work.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::env::Env;
use crate::{catalog, corpus, oracle};

/// Runs of `heatwise lint` timed; the best is reported.
const HEATWISE_RUNS: usize = 20;
/// Runs of Heat over all the templates; the fastest is reported.
const HEAT_RUNS: usize = 3;

pub fn run(env: &Env, args: &[String]) -> Result<(), String> {
    let only = match args {
        [] => None,
        [flag, which]
            if flag == "--only"
                && ["criterion", "heat", "stack", "scan", "migrate"].contains(&which.as_str()) =>
        {
            Some(which.as_str())
        }
        _ => {
            return Err(
                "usage: cargo xtask bench [--only criterion|heat|stack|scan|migrate]".into(),
            )
        }
    };
    if only == Some("migrate") {
        return crate::bench_migrate::run(env, &build_heatwise(env)?);
    }
    if only.is_none_or(|only| only == "scan") {
        crate::bench_scan::run(env, &build_heatwise(env)?)?;
    }
    if only == Some("scan") {
        return Ok(());
    }
    if only.is_none_or(|only| only == "stack") {
        crate::bench_stack::run(env, &build_heatwise(env)?)?;
    }
    if only == Some("stack") {
        return Ok(());
    }
    if only != Some("heat") {
        env.step("benchmarks of heatwise-core (criterion over the corpus of real templates)");
        env.run(
            env.command("cargo")
                .args(["bench", "-p", "heatwise-core"])
                .env("HEATWISE_PINNED_CORPUS", corpus::dir(&env.root)),
        )?;
    }
    if only != Some("criterion") {
        versus_heat(env)?;
    }
    Ok(())
}

fn versus_heat(env: &Env) -> Result<(), String> {
    let corpus = oracle::corpus_dir(&env.root).or_else(|_| {
        corpus::install(env)?;
        Ok::<_, String>(corpus::dir(&env.root))
    })?;
    let templates = hot_templates(&corpus)?;
    if templates.is_empty() {
        return Err(format!("no HOT template under {}", corpus.display()));
    }
    let bytes: u64 = templates
        .iter()
        .filter_map(|path| std::fs::metadata(path).ok())
        .map(|metadata| metadata.len())
        .sum();
    let out = env.root.join("target").join("bench");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let list = out.join("hot-templates.txt");
    let listed: String = templates
        .iter()
        .map(|path| format!("{}\n", path.display()))
        .collect();
    std::fs::write(&list, listed).map_err(|e| format!("{}: {e}", list.display()))?;

    let heatwise = build_heatwise(env)?;

    env.step(&format!(
        "heatwise lint over {} HOT templates ({:.1} MB), best of {HEATWISE_RUNS}",
        templates.len(),
        bytes as f64 / 1e6
    ));
    let mut best = Duration::MAX;
    for _ in 0..HEATWISE_RUNS {
        let (elapsed, _) = crate::env::timed(
            Command::new(&heatwise)
                .args(["lint", "--format", "json", "--fail-on", "error"])
                .args(&templates),
        )?;
        best = best.min(elapsed);
    }

    let python = catalog::heat_python(&env.root)?;
    env.step(&format!(
        "Heat 27.0.1 reading the same templates (parse, stack, translated properties), best of {HEAT_RUNS}"
    ));
    let heat_out = out.join("heat");
    let mut heat_best: Option<(f64, usize, usize)> = None;
    for _ in 0..HEAT_RUNS {
        let run = heat_run(env, &python, &list, &heat_out)?;
        if heat_best.is_none_or(|(seconds, _, _)| run.0 < seconds) {
            heat_best = Some(run);
        }
    }
    let (heat_seconds, jobs, refused) = heat_best.unwrap_or_default();

    let ours = best.as_secs_f64();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!();
    println!("| reader | templates | seconds | MB/s |");
    println!("| --- | ---: | ---: | ---: |");
    println!(
        "| Heat 27.0.1 (per template, in process) | {} ({refused} refused) | {heat_seconds:.3} | {:.2} |",
        jobs,
        bytes as f64 / 1e6 / heat_seconds
    );
    println!(
        "| heatwise lint (one process, {cores} cores) | {} | {ours:.3} | {:.2} |",
        templates.len(),
        bytes as f64 / 1e6 / ours
    );
    println!();
    println!("heatwise is {:.0} times faster", heat_seconds / ours);
    Ok(())
}

/// Builds the CLI for timing; its path.
pub(crate) fn build_heatwise(env: &Env) -> Result<PathBuf, String> {
    env.step("building heatwise (profile release-native)");
    env.run(env.command("cargo").args([
        "build",
        "--profile",
        "release-native",
        "-p",
        "heatwise-cli",
    ]))?;
    Ok(env
        .root
        .join("target")
        .join("release-native")
        .join(format!("heatwise{}", std::env::consts::EXE_SUFFIX)))
}

/// One run of Heat over the listed templates: its total seconds, the
/// templates it read and how many it refused.
fn heat_run(
    env: &Env,
    python: &Path,
    list: &Path,
    heat_out: &Path,
) -> Result<(f64, usize, usize), String> {
    env.run(
        Command::new(python)
            .arg(env.root.join("tools/heat_oracle/translate.py"))
            .arg("--batch")
            .arg(list)
            .arg("--out")
            .arg(heat_out),
    )?;
    let index = heat_out.join("index.json");
    let index = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    // xtask has no JSON library: the index's fields are read by name.
    let field_values = |name: &str| -> Vec<String> {
        index
            .split(&format!("\"{name}\":"))
            .skip(1)
            .map(|rest| {
                rest.trim_start()
                    .split([',', '}', '\n'])
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_owned()
            })
            .collect()
    };
    let seconds = field_values("seconds");
    let heat_seconds: f64 = seconds.iter().filter_map(|s| s.parse::<f64>().ok()).sum();
    let refused = field_values("error")
        .iter()
        .filter(|value| *value != "null")
        .count();
    Ok((heat_seconds, seconds.len(), refused))
}

/// The HOT templates under `dir`, sorted: YAML files with a line starting
/// with `heat_template_version`.
fn hot_templates(dir: &Path) -> Result<Vec<PathBuf>, String> {
    Ok(corpus::yaml_files(dir)?
        .into_iter()
        .filter(|path| {
            std::fs::read_to_string(path).is_ok_and(|text| {
                text.lines()
                    .any(|line| line.starts_with("heat_template_version"))
            })
        })
        .collect())
}
