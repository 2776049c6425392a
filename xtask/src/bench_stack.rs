//! `cargo xtask bench --only stack`: rendered tripleo-heat-templates
//! trees as TripleO deploys them, several releases
//! (`corpus::BENCH_TREES` and the pinned one): for each, `heatwise lint --stack` of the stack (`overcloud.yaml`,
//! `overcloud-resource-registry-puppet.yaml` and the `RootStackName`
//! tripleoclient gives) and with `--each-environment environments` (each
//! of its environment files on top, one combination each) with that
//! run's peak resident size, against Heat validating the one stack in
//! its own process (`tools/heat_oracle/time_stack.py`: heatclient
//! gathers, Heat's `Stack.validate`, import not timed) and against Heat's
//! own server previewing it as `openstack stack create --dry-run` does
//! (every nested stack previewed); both with the values tripleoclient
//! generates given. Then the language server's re-check after each of
//! 101 edits of a nested template (p50, p99). Best of ten runs for
//! heatwise (and, with every environment, their median: the same binary's
//! runs here spread by a third), three for Heat; the table ends with the
//! slowest tree.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::env::Env;
use crate::{catalog, corpus, lsp};

/// Runs of `heatwise lint --stack` timed; the best is reported.
const STACK_RUNS: usize = 10;
/// Runs of Heat; the fastest is reported.
const HEAT_RUNS: usize = 3;

pub fn run(env: &Env, heatwise: &Path) -> Result<(), String> {
    let mut trees = Vec::new();
    for tree in corpus::BENCH_TREES {
        trees.push((tree.version, corpus::bench_tree(env, tree)?));
    }
    let pinned = corpus::rendered_dir(&env.root);
    if !pinned.join("overcloud.yaml").is_file() {
        corpus::render(env)?;
    }
    trees.push((corpus::VERSION, pinned));
    let mut figures = Vec::new();
    for (version, tree) in &trees {
        figures.push(tree_figures(env, heatwise, version, tree)?);
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!();
    println!(
        "| tripleo-heat-templates, rendered ({cores} cores) | files | environments | Heat, one stack in process | Heat's server, dry run | heatwise, the stack | heatwise, every environment (best / median) | Heat in process / every environment | Heat's dry run / every environment | peak resident MB | LSP edit p50 / p99 ms |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for tree in &figures {
        let seconds = |s: Option<f64>| s.map_or("not run".to_owned(), |s| format!("{s:.3}"));
        let times = |heat: Option<f64>| {
            heat.map_or("-".to_owned(), |heat| format!("{:.1}x", heat / tree.each))
        };
        println!(
            "| {} | {} | {} | {}{} | {} | {:.3} | {:.3} / {:.3} | {} | {} | {} | {:.1} / {:.1} |",
            tree.version,
            tree.files,
            tree.environments,
            seconds(tree.heat),
            if tree.heat_accepted { "" } else { " (refused)" },
            seconds(tree.dry_run),
            tree.one,
            tree.each,
            tree.each_median,
            times(tree.heat),
            times(tree.dry_run),
            tree.peak_kb.map_or("not measured".to_owned(), |kb| format!(
                "{:.0}",
                kb as f64 / 1024.0
            )),
            tree.lsp_ms.0,
            tree.lsp_ms.1,
        );
    }
    if let Some(slowest) = figures.iter().max_by(|a, b| a.each.total_cmp(&b.each)) {
        println!();
        println!(
            "slowest with every environment: {} in {:.3} s",
            slowest.version, slowest.each
        );
    }
    println!();
    Ok(())
}

/// What `cargo xtask bench --only stack` measures of one rendered tree,
/// times in seconds (best of the runs).
struct TreeFigures {
    version: &'static str,
    /// YAML files in the tree.
    files: usize,
    /// YAML files under `environments/`, one combination each.
    environments: usize,
    /// Heat validating the stack in its own process.
    heat: Option<f64>,
    heat_accepted: bool,
    /// Heat's server previewing the stack (`openstack stack create --dry-run`).
    dry_run: Option<f64>,
    /// `heatwise lint --stack` of the stack alone.
    one: f64,
    /// The same with `--each-environment environments`.
    each: f64,
    /// Its median over the runs: this machine's noise, beside the best.
    each_median: f64,
    /// The peak resident size of that run, in kB, where `/usr/bin/time`
    /// can tell.
    peak_kb: Option<u64>,
    /// The language server's re-check after an edit: p50 and p99.
    lsp_ms: (f64, f64),
}

/// Times heatwise and Heat on the rendered tree at `tree` (the stack
/// `overcloud.yaml` with the puppet registry and the `RootStackName`
/// tripleoclient gives).
fn tree_figures(
    env: &Env,
    heatwise: &Path,
    version: &'static str,
    tree: &Path,
) -> Result<TreeFigures, String> {
    let out = env.root.join("target").join("bench").join(version);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    // What tripleoclient adds to every deployment and the templates do not
    // default: without it Heat refuses the stack.
    let deploy = out.join("tripleo-deploy-parameters.yaml");
    std::fs::write(&deploy, "parameter_defaults:\n  RootStackName: overcloud\n")
        .map_err(|e| format!("{}: {e}", deploy.display()))?;
    let stack_args: Vec<String> = vec![
        "overcloud.yaml".into(),
        "-e".into(),
        "overcloud-resource-registry-puppet.yaml".into(),
        "-e".into(),
        deploy.display().to_string(),
    ];
    let files = corpus::yaml_files(tree)?.len();
    let environments = corpus::yaml_files(&tree.join("environments"))?.len();
    let lint = |extra: &[&str]| {
        let mut command = Command::new(heatwise);
        command
            .current_dir(tree)
            .args(["lint", "--format", "json", "--stack"])
            .args(&stack_args)
            .args(extra);
        command
    };
    // The best and the median of the runs.
    let time_heatwise = |extra: &[&str]| -> Result<(f64, f64), String> {
        let mut runs = Vec::with_capacity(STACK_RUNS);
        for _ in 0..STACK_RUNS {
            let (elapsed, _) = crate::env::timed(&mut lint(extra))?;
            runs.push(elapsed);
        }
        runs.sort();
        Ok((runs[0].as_secs_f64(), runs[runs.len() / 2].as_secs_f64()))
    };
    env.step(&format!(
        "{version}: heatwise lint --stack over the rendered tree ({files} YAML files): the stack, then with each of the {environments} YAML files under environments/ on top, best of {STACK_RUNS}"
    ));
    let (one, _) = time_heatwise(&[])?;
    let (each, each_median) = time_heatwise(&["--each-environment", "environments"])?;
    let peak_kb = peak_resident_kb(lint(&["--each-environment", "environments"]));

    // The values tripleoclient generates, which the templates do not
    // default: given to Heat, it validates the whole stack rather than
    // stopping at the first parameter without a value.
    let python = catalog::heat_python(&env.root)?;
    let generated = out.join("tripleo-generated-parameters.yaml");
    let mut command = Command::new(&python);
    command
        .arg(env.root.join("tools/heat_oracle/tripleo_parameters.py"))
        .arg(tree)
        .arg(&generated);
    for environment in [&stack_args[2], &stack_args[4]] {
        command.args(["-e", &tree.join(environment).display().to_string()]);
    }
    env.run(&mut command)?;
    let mut heat_args = stack_args.clone();
    heat_args.extend(["-e".to_owned(), generated.display().to_string()]);
    env.step(&format!(
        "{version}: Heat 27.0.1 validating the same stack in process, best of {HEAT_RUNS}"
    ));
    let output = Command::new(&python)
        .current_dir(tree)
        .arg(env.root.join("tools/heat_oracle/time_stack.py"))
        .args(&heat_args)
        .args(["--runs", &HEAT_RUNS.to_string()])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    let answer = String::from_utf8_lossy(&output.stdout);
    let heat: Option<f64> = answer
        .split("\"seconds\":")
        .nth(1)
        .and_then(|rest| rest.split([',', '}']).next())
        .and_then(|seconds| seconds.trim().parse().ok());
    if heat.is_none() {
        println!(
            "time_stack.py gave no time: {answer}{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let heat_accepted = answer.contains("\"accepted\": true");
    if !heat_accepted {
        println!("Heat refused {version}'s stack: {}", answer.trim());
    }
    let dry_run = heat_dry_run(env, tree, &heat_args[2..], &out)?;

    env.step(&format!(
        "{version}: heatwise server over the same tree as a project: {EDITS} edits of one nested template, each until the open files' diagnostics are published again"
    ));
    std::fs::write(
        tree.join("heatwise.toml"),
        format!(
            "[[stack]]\nroot = \"overcloud.yaml\"\nenvironments = [\"overcloud-resource-registry-puppet.yaml\", \"{}\"]\n",
            deploy.display()
        ),
    )
    .map_err(|e| format!("{}: {e}", tree.display()))?;
    let edited = EDITED
        .iter()
        .find(|file| tree.join(file).is_file())
        .ok_or_else(|| format!("{version} has none of the files edited: {EDITED:?}"))?;
    let mut latencies = lsp::edit_latencies(heatwise, tree, edited, EDITS)?;
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    Ok(TreeFigures {
        version,
        files,
        environments,
        heat,
        heat_accepted,
        dry_run,
        one,
        each,
        each_median,
        peak_kb,
        lsp_ms: (at(0.5), at(0.99)),
    })
}

/// The peak resident size of one run of `command`, in kB, as GNU time
/// reports it; `None` where `/usr/bin/time` is not there.
fn peak_resident_kb(command: Command) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.is_file() {
        return None;
    }
    let program = command.get_program().to_owned();
    let args: Vec<_> = command.get_args().map(ToOwned::to_owned).collect();
    let dir = command.get_current_dir().map(Path::to_path_buf);
    let mut timed = Command::new(time);
    timed.args(["-f", "%M"]).arg(program).args(args);
    if let Some(dir) = dir {
        timed.current_dir(dir);
    }
    let output = timed.stdout(Stdio::null()).output().ok()?;
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

/// Heat's own server previewing the stack as `openstack stack create
/// --dry-run` does, best of [`HEAT_RUNS`] in seconds: heatclient's
/// gathering and Heat's preview of every nested stack, with the
/// `environments` given (`-e FILE` pairs, the values tripleoclient would
/// give among them) and the nesting depth TripleO's undercloud allows.
/// `None`, said, when the server is not installed or refuses the stack.
fn heat_dry_run(
    env: &Env,
    tree: &Path,
    environments: &[String],
    out: &Path,
) -> Result<Option<f64>, String> {
    let python = crate::heat_server::python(&env.root);
    if !python.is_file() {
        println!("skipped: Heat's dry run (the Heat server is not installed: cargo xtask setup)");
        return Ok(None);
    }
    env.step(&format!(
        "Heat 27.0.1's server previewing the same stack (openstack stack create --dry-run), best of {HEAT_RUNS}"
    ));
    let all: Vec<String> = environments
        .iter()
        .filter(|e| e.as_str() != "-e")
        .map(|e| tree.join(e).display().to_string())
        .collect();
    // JSON by hand: xtask builds without dependencies.
    let quoted: Vec<String> = all.iter().map(|path| format!("{path:?}")).collect();
    let preview = format!(
        r#"{{"project": "alpha", "user": "alice", "template": {template:?}, "environments": [{environments}], "parameters": {{}}}}"#,
        template = tree.join("overcloud.yaml").display().to_string(),
        environments = quoted.join(", "),
    );
    let seed = format!(
        r#"{{"projects": {{"alpha": {{"alice": "member"}}}}, "max_nested_stack_depth": 7, "previews": [{}]}}"#,
        vec![preview; HEAT_RUNS].join(", ")
    );
    let seed_path = out.join("dry-run-seed.json");
    std::fs::write(&seed_path, seed).map_err(|e| format!("{}: {e}", seed_path.display()))?;
    let cloud = crate::heat_server::Cloud::start(
        env,
        &out.join("dry-run-state"),
        &seed_path,
        Stdio::null(),
    )?;
    let ready = cloud.ready.clone();
    drop(cloud);
    // The ready line's previews: `"accepted": BOOL, ..., "seconds": S`.
    let Some(previews) = ready.split("\"previews\": [").nth(1) else {
        return Err("the Heat server did not start for the dry run".into());
    };
    if previews.contains("\"accepted\": false") {
        println!("Heat refused the dry run: {}", previews.trim());
        return Ok(None);
    }
    Ok(previews
        .split("\"seconds\": ")
        .skip(1)
        .filter_map(|rest| rest.split([',', '}']).next()?.trim().parse::<f64>().ok())
        .reduce(f64::min))
}

/// The nested template edited in the language server's timing: the
/// first of these the tree has (Cinder's API service, wherever the
/// release keeps it).
const EDITED: &[&str] = &[
    "deployment/cinder/cinder-api-container-puppet.yaml",
    "docker/services/cinder-api.yaml",
    "puppet/services/cinder-api.yaml",
];
/// Edits timed.
const EDITS: usize = 101;
