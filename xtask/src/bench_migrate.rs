//! `cargo xtask bench --only migrate`: `heatwise migrate --apply` of a real
//! Heat 27.0.1 holding 100 stacks, each with a RandomString that uses the
//! `sequence` Heat hides (the migration keeps the resource and its value):
//! the dry run, the updates sent, waited for and read back, then a dry run
//! again that must find nothing left. Started on 127.0.0.1 by
//! `tools/heat_server/cloud.py`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::env::Env;

/// Stacks seeded.
const STACKS: usize = 100;
/// Stacks read and updated at once (heatwise's default).
const CONCURRENCY: &str = "8";

pub fn run(env: &Env, heatwise: &Path) -> Result<(), String> {
    let python = crate::heat_server::python(&env.root);
    if !python.is_file() {
        return Err(format!(
            "{} is missing: run `cargo xtask setup`",
            python.display()
        ));
    }
    let out = env.root.join("target").join("bench").join("migrate");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let template = env.root.join("cli/tests/fixtures/migrate/secret.yaml");
    let seed = format!(
        r#"{{"projects": {{"alpha": {{"alice": "member"}}}},
  "stacks": [{{"project": "alpha", "user": "alice", "name": "secret",
              "template": {:?}, "copies": {STACKS}}}]}}"#,
        template.display().to_string()
    );
    let seed_path = out.join("seed.json");
    std::fs::write(&seed_path, seed).map_err(|e| format!("{}: {e}", seed_path.display()))?;
    env.step(&format!(
        "starting Heat 27.0.1 on 127.0.0.1 and making {STACKS} stacks"
    ));
    let cloud =
        crate::heat_server::Cloud::start(env, &out.join("state"), &seed_path, Stdio::inherit())
            .map_err(|why| format!("{why}; see its messages above"))?;
    let heat = cloud
        .ready
        .split("\"heat\": \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .ok_or("cloud.py's ready line names no Heat")?
        .to_owned();
    let endpoint = format!("{heat}/v1/alpha");
    let migrate = |args: &[&str]| -> Result<(f64, String), String> {
        let started = Instant::now();
        let output = Command::new(heatwise)
            .args(["migrate", "--concurrency", CONCURRENCY])
            .args(args)
            .env("OS_AUTH_TYPE", "none")
            .env("OS_ENDPOINT", &endpoint)
            .current_dir(&out)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", heatwise.display()))?;
        let seconds = started.elapsed().as_secs_f64();
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        if output.status.code() != Some(0) {
            return Err(format!(
                "heatwise migrate {args:?} failed: {text}{}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        Ok((seconds, text.lines().next().unwrap_or_default().to_owned()))
    };
    let (dry, planned) = migrate(&[])?;
    let (applied, done) = migrate(&["--apply"])?;
    let (again, left) = migrate(&[])?;
    drop(cloud);
    if !left.contains(&format!("{STACKS} with nothing to migrate")) {
        return Err(format!("after --apply, migrate still finds work: {left}"));
    }
    println!("dry run: {dry:.2} s ({planned})");
    println!(
        "--apply: {applied:.2} s for {STACKS} stacks, {:.2} s a stack, {CONCURRENCY} at once \
        ({done})",
        applied / STACKS as f64
    );
    println!("dry run after: {again:.2} s ({left})");
    Ok(())
}
