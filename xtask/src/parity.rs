//! `cargo xtask parity [--variants N] [--seed S] [--record]`: heatwise's
//! loader against Heat 27.0.1's, differentially. Every file of the corpora
//! (the shared corpus when present, and the pinned one), the hand-written
//! cases (`tools/heat_loader/cases.jsonl`) and N variants of the corpus
//! files (100,000 unless told) are loaded by Heat
//! (`tools/heat_loader/oracle.py`, in the Heat virtualenv) and by heatwise
//! (`heatwise-parity`); the report (`target/parity/report.md`) gives the
//! agreement by kind of input and of mutation, and lists every
//! disagreement (`target/parity/disagreements.jsonl`). Fails when anything
//! disagrees.
//!
//! `--record` also writes what the test command replays without Python
//! (`tests/fixtures/load/`): the cases and one variant in 500 with
//! Heat's answers (`recorded.jsonl`), and every disagreement
//! (`known-differences.jsonl`).

use crate::env::Env;

const PROFILE: &str = "release-native";

pub fn run(env: &Env, args: &[String]) -> Result<(), String> {
    let mut variants = "100000".to_string();
    let mut seed = "1".to_string();
    let mut record = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--variants" => variants = args.next().cloned().ok_or("--variants wants a number")?,
            "--seed" => seed = args.next().cloned().ok_or("--seed wants a number")?,
            "--record" => record = true,
            other => return Err(format!("unknown argument {other}; usage: cargo xtask parity [--variants N] [--seed S] [--record]")),
        }
    }
    let python = crate::catalog::heat_python(&env.root)?;
    let out = env.root.join("target").join("parity");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    env.step(&format!("building heatwise-parity ({PROFILE} profile)"));
    env.run(env.command("cargo").args([
        "build",
        "-p",
        "heatwise-tests",
        "--bin",
        "heatwise-parity",
        "--profile",
        PROFILE,
    ]))?;
    let parity = env
        .root
        .join("target")
        .join(PROFILE)
        .join(format!("heatwise-parity{}", std::env::consts::EXE_SUFFIX));
    let inputs = out.join("inputs.jsonl");
    let answers = out.join("answers.jsonl");
    let mut generate = env.command(&parity.to_string_lossy());
    generate
        .arg("generate")
        .arg(&inputs)
        .args(["--variants", &variants, "--seed", &seed])
        .arg("--cases")
        .arg(
            env.root
                .join("tools")
                .join("heat_loader")
                .join("cases.jsonl"),
        );
    let mut corpora = Vec::new();
    if let Ok(shared) = crate::oracle::corpus_dir(&env.root) {
        corpora.push(shared);
    }
    crate::corpus::install(env)?;
    corpora.push(crate::corpus::dir(&env.root));
    for corpus in &corpora {
        generate.arg("--corpus").arg(corpus);
    }
    env.step(&format!(
        "writing the inputs: the corpora ({}), the cases and {variants} variants (seed {seed})",
        corpora
            .iter()
            .map(|c| c.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    env.run(&mut generate)?;
    env.step("loading every input with Heat 27.0.1 (tools/heat_loader/oracle.py)");
    let answers_file =
        std::fs::File::create(&answers).map_err(|e| format!("{}: {e}", answers.display()))?;
    let status = env
        .command(&python.to_string_lossy())
        .arg(env.root.join("tools").join("heat_loader").join("oracle.py"))
        .arg(&inputs)
        .stdout(answers_file)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if !status.success() {
        return Err("Heat's loader (oracle.py) failed".into());
    }
    env.step("comparing with heatwise");
    let mut compare = env.command(&parity.to_string_lossy());
    compare
        .arg("compare")
        .arg(&inputs)
        .arg(&answers)
        .arg(out.join("report.md"));
    if record {
        compare
            .arg("--record")
            .arg(env.root.join("tests").join("fixtures").join("load"));
    }
    env.run(&mut compare)
}
