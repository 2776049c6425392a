//! Project automation. `cargo xtask <command>`:
//!
//! - `setup`: install whatever is missing (wasm target, pinned tools, npm
//!   packages, browsers); seconds when everything is there.
//! - `serve`: setup, build and serve the editor on http://127.0.0.1:8080.
//! - `build`: a release build of the site into `dist/`.
//! - `test`: setup, then every check and test; ends with `N passed, N failed`.
//! - `catalog`: regenerate the built-in Heat catalog from real Heat.
//! - `bench`: the benchmarks (criterion), with throughput and timings.
//! - `oracle`: check `heatwise fix` against real Heat over the corpus.
//! - `parity`: check the loader against Heat's over the corpus and
//!   100,000 variants of it.
//! - `npm`: build and pack the npm package `heatwise`.
//! - `wheel`: build the Python wheel and sdist of the command line.
//! - `orc-schema`: recompile `orc/src/schema/crds.json` from the vendored
//!   ORC CRDs (`orc/crds/`).
//!
//! `--no-setup` skips the set-up step of `serve`, `build`, `test`, `npm`,
//! `vscode` and `wheel`
//! for quick runs on a machine that has everything.

mod bench;
mod bench_migrate;
mod bench_scan;
mod bench_stack;
mod catalog;
mod corpus;
mod env;
mod heat_server;
mod lsp;
mod npm;
mod oracle;
mod parity;
mod setup;
mod test;
mod tools;
mod vscode;
mod wheel;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command> [--no-setup]

commands:
  setup    install what is missing (wasm target, wasm-bindgen, trunk, npm packages, browsers)
  serve    setup, build and serve the editor on http://127.0.0.1:8080
  build    release build of the site into dist/
  test     setup, then formatting, lints, native, wasm, browser and end-to-end tests
  catalog  regenerate core/catalog/heat.json from Heat 27.0.1 (PyPI) and the release history
  bench    run the benchmarks (catalog, parse, lint) and heatwise lint against
           Heat reading the same templates
           [--only criterion|heat|stack|scan|migrate]
  oracle   migrate the corpus and fixtures with heatwise fix, check each migration against Heat
           (report in target/oracle/report.md); --record: record the fix fixtures' Heat results;
           --differential N [--seed S] [--record]: N generated stacks judged by heatwise and
           by Heat's create, each disagreement minimised (target/oracle/differential/);
           --coverage: which of Heat's refusal sites the tests' cases reach, under coverage.py,
           and heatwise's agreement on each (docs/heat-refusal-sites.md, end of docs/rules.md)
  parity   load the corpora, the cases and 100,000 variants with Heat and with heatwise, report the
           agreement (target/parity/report.md); --variants N, --seed S; --record: write the fixtures
           the tests replay (tests/fixtures/load/)
  orc-schema  recompile orc/src/schema/crds.json from the ORC CRDs vendored in orc/crds/
  npm      build the npm package `heatwise` into target/npm/heatwise/ and pack it
           (target/npm/heatwise-<version>.tgz)
  vscode   build the VS Code extension into target/vscode/heatwise-<version>.vsix
  wheel    build the Python wheel (the `heatwise` binary, release-native, stripped) and the sdist
           into target/wheels/

--no-setup: skip the set-up step of serve, build, test, npm, vscode and wheel (quick runs on a machine that has everything)";

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let no_setup = args.iter().any(|a| a == "--no-setup");
    args.retain(|a| a != "--no-setup");
    let Some(command) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let env = match env::Env::discover() {
        Ok(env) => env,
        Err(message) => {
            eprintln!("xtask: {message}");
            return ExitCode::FAILURE;
        }
    };
    let set_up = || {
        if no_setup {
            Ok(())
        } else {
            setup::run(&env)
        }
    };
    let result = match command.as_str() {
        "setup" => setup::run(&env),
        "serve" => set_up().and_then(|()| serve(&env)),
        "build" => set_up().and_then(|()| build_site(&env)),
        "test" => set_up().and_then(|()| test::run(&env)),
        "catalog" => catalog::run(&env.root),
        "bench" => bench::run(&env, &args[1..]),
        "oracle" => oracle::run(&env, &args[1..]),
        "parity" => parity::run(&env, &args[1..]),
        "orc-schema" => orc_schema(&env),
        "npm" => set_up().and_then(|()| npm::run(&env).map(drop)),
        "vscode" => set_up().and_then(|()| vscode::run(&env).map(drop)),
        "wheel" => set_up().and_then(|()| wheel::run(&env).map(drop)),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Builds the site for release into `dist/`.
pub fn build_site(env: &env::Env) -> Result<(), String> {
    env.step("building the site (release) into dist/");
    env.run(env.command("trunk").args(["build", "--release"]))
}

/// The CRD data the ORC export validates with, compiled again by its
/// staleness test in rewrite mode.
fn orc_schema(env: &env::Env) -> Result<(), String> {
    env.step("compiling orc/src/schema/crds.json from orc/crds/*.yaml");
    env.run(
        env.command("cargo")
            .args(["test", "-p", "heatwise-orc", "--test", "crd_schema"])
            .env("HEATWISE_BLESS", "1"),
    )
}

fn serve(env: &env::Env) -> Result<(), String> {
    env.step("serving the editor on http://127.0.0.1:8080 (Ctrl-C stops)");
    env.run(
        env.command("trunk")
            .args(["serve", "--address", "127.0.0.1", "--port", "8080"]),
    )
}
