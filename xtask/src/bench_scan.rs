//! `cargo xtask bench --only scan`: `heatwise scan --all-projects` of a
//! real Heat 27.0.1 holding 1,000 stacks in two projects, in every form a
//! scan meets ([`FORMS`]): created as heatclient sends them, adopted with
//! the cloud's types, nested templates and files, sent with their files
//! under the names their templates use (a template resource, a registry
//! entry, two levels deep with a `get_file`), and hidden by a tag; started
//! on 127.0.0.1 by `tools/heat_server/cloud.py`. The live scan's
//! wall time is set beside heatwise's own work: the same stacks scanned
//! from the dump the live scan wrote, which reads and lints exactly what
//! the API gave and nothing else. Best of three live runs, of ten offline.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::env::Env;

/// Stacks seeded.
const STACKS: usize = 1_000;
/// Each form of stack, and how many of the [`STACKS`] are of it.
const FORMS: [(&str, usize); 6] = [
    ("created by heatclient (file: URLs)", 200),
    ("adopted, nested through the registry", 200),
    ("a template resource named as its file", 150),
    ("a registry entry naming a file", 150),
    ("nested two levels, with get_file", 150),
    ("hidden by a tag", 150),
];
const LIVE_RUNS: usize = 3;
const OFFLINE_RUNS: usize = 10;
/// Fetches at once (heatwise's default).
const CONCURRENCY: &str = "8";

pub fn run(env: &Env, heatwise: &Path) -> Result<(), String> {
    let python = crate::heat_server::python(&env.root);
    if !python.is_file() {
        return Err(format!(
            "{} is missing: run `cargo xtask setup`",
            python.display()
        ));
    }
    let out = env.root.join("target").join("bench").join("scan");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let fixtures = env.root.join("cli/tests/fixtures/scan");
    let fixture = |relative: &str| fixtures.join(relative).display().to_string();
    let stored = |name: &str| fixture(&format!("stored/{name}"));
    let count = |n: usize| FORMS[n].1;
    debug_assert_eq!(FORMS.iter().map(|f| f.1).sum::<usize>(), STACKS);
    let seed = format!(
        r#"{{"projects": {{"alpha": {{"alice": "member"}}, "beta": {{"bob": "member"}}}},
  "hidden_stack_tags": ["data-processing-cluster"],
  "stacks": [
    {{"project": "alpha", "user": "alice", "name": "random", "template": {random:?}, "copies": {c0}}},
    {{"project": "beta", "user": "bob", "name": "network", "template": {root:?},
      "environments": [{environment:?}], "adopt": true, "copies": {c1}}},
    {{"project": "alpha", "user": "alice", "name": "relative", "template": {relative:?},
      "files": {{"watchdog.yaml": {watchdog:?}}}, "copies": {c2}}},
    {{"project": "alpha", "user": "alice", "name": "registry", "template": {registry:?},
      "files": {{"watchdog.yaml": {watchdog:?}}},
      "environment": {{"resource_registry": {{"My::Watchdog": "watchdog.yaml"}}}}, "copies": {c3}}},
    {{"project": "beta", "user": "bob", "name": "two-levels", "template": {two:?},
      "files": {{"tier/app.yaml": {app:?}, "secrets.yaml": {secrets:?},
                "watchdog.yaml": {watchdog:?}, "scripts/boot.sh": {boot:?}}}, "copies": {c4}}},
    {{"project": "beta", "user": "bob", "name": "hidden", "template": {random:?},
      "tags": ["data-processing-cluster"], "copies": {c5}}}]}}"#,
        random = fixture("plain/random.yaml"),
        root = fixture("network/root.yaml"),
        environment = fixture("network/env.yaml"),
        relative = stored("relative.yaml"),
        registry = stored("registry.yaml"),
        two = stored("two-levels.yaml"),
        watchdog = stored("watchdog.yaml"),
        app = stored("app.yaml"),
        secrets = stored("secrets.yaml"),
        boot = stored("boot.sh"),
        c0 = count(0),
        c1 = count(1),
        c2 = count(2),
        c3 = count(3),
        c4 = count(4),
        c5 = count(5),
    );
    let seed_path = out.join("seed.json");
    std::fs::write(&seed_path, seed).map_err(|e| format!("{}: {e}", seed_path.display()))?;

    env.step(&format!(
        "starting Heat 27.0.1 on 127.0.0.1 and making {STACKS} stacks (several minutes)"
    ));
    let started = Instant::now();
    let cloud =
        crate::heat_server::Cloud::start(env, &out.join("state"), &seed_path, Stdio::inherit())
            .map_err(|why| format!("{why}; see its messages above"))?;
    let ready = &cloud.ready;
    println!(
        "{STACKS} stacks made in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let heat = ready
        .split("\"heat\": \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .ok_or("cloud.py's ready line names no Heat")?
        .to_owned();
    let endpoint = format!("{heat}/v1/admin");

    let dump = out.join("dump");
    let scan = |args: &[&str], live: bool| -> Result<Duration, String> {
        let mut command = Command::new(heatwise);
        command.args(["scan", "--format", "json"]).args(args);
        if live {
            command
                .env("OS_AUTH_TYPE", "none")
                .env("OS_ENDPOINT", &endpoint);
        }
        let (elapsed, output) = crate::env::timed(&mut command)?;
        let stacks = String::from_utf8_lossy(&output.stdout)
            .matches("\"status_reason\"")
            .count();
        if stacks != STACKS {
            return Err(format!(
                "heatwise scan reported {stacks} stacks, not {STACKS}"
            ));
        }
        // Every file of every form is found, as Heat's engine found it.
        if String::from_utf8_lossy(&output.stdout).contains("\"HW401\"") {
            return Err("heatwise scan says a file Heat found is missing (HW401)".to_owned());
        }
        Ok(elapsed)
    };
    let dump_arg = dump.display().to_string();
    let mut live = Duration::MAX;
    for run in 0..LIVE_RUNS {
        let _ = std::fs::remove_dir_all(&dump);
        let args: &[&str] = if run == 0 {
            &[
                "--all-projects",
                "--concurrency",
                CONCURRENCY,
                "--dump",
                &dump_arg,
            ]
        } else {
            &["--all-projects", "--concurrency", CONCURRENCY]
        };
        live = live.min(scan(args, true)?);
    }
    let _ = std::fs::remove_dir_all(&dump);
    scan(
        &[
            "--all-projects",
            "--concurrency",
            CONCURRENCY,
            "--dump",
            &dump_arg,
        ],
        true,
    )?;
    let mut offline = Duration::MAX;
    for _ in 0..OFFLINE_RUNS {
        offline = offline.min(scan(&[&dump_arg], false)?);
    }
    drop(cloud);

    let (live, offline) = (live.as_secs_f64(), offline.as_secs_f64());
    for (form, count) in FORMS {
        println!("  {count:>4} stacks {form}");
    }
    println!(
        "heatwise scan --all-projects of {STACKS} stacks ({CONCURRENCY} fetches at once): {live:.2} s live ({:.0} stacks/s)",
        STACKS as f64 / live
    );
    println!(
        "heatwise's own work (the same stacks from the dump it wrote): {offline:.3} s, {:.1}% of the live scan; the rest is Heat's API",
        100.0 * offline / live
    );
    Ok(())
}
