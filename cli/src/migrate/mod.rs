//! `heatwise migrate`: the stacks a cloud runs, each migrated as Heat
//! keeps it — its template, environment and files fixed with Heat's own
//! rules — and, with `--apply`, updated in place stack after stack, never
//! replacing what the user did not allow. Without `--apply` nothing is
//! sent: the report says what `--apply` would do.

mod apply;
mod outcome;
mod report;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use heatwise_core::fixer::FixOptions;
use heatwise_core::kept::migration;
use heatwise_core::lint::LintOptions;

use crate::args::parse_release;
use crate::cloud::auth::{self, Sources};
use crate::cloud::heat::Heat;
use crate::exit::Exit;
use crate::kept::fleet::{self, FleetRequest};
use crate::kept::ScannedStack;
use outcome::Migrated;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MigrateFormat {
    /// What an operator reads first: stacks migrated, skipped and why.
    Text,
    /// `{"stacks": [{"project", "name", "id", "status", "applied",
    /// "resources", "skipped", "steps"}]}`.
    Json,
}

#[derive(Args, Debug)]
pub struct MigrateArgs {
    #[command(flatten)]
    fleet: crate::args::FleetArgs,

    /// The Heat release to migrate for, as a name or a version: 2024.1,
    /// Caracal, 27.0.1. Default: the catalog's newest.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    target: Option<heatwise_core::release::Release>,

    /// Also apply fixes whose effect differs (their titles say how).
    #[arg(long = "unsafe")]
    unsafe_fixes: bool,

    /// Send updates that replace a resource (a new ID, a new address, an
    /// empty volume); without it such a stack is skipped and the resource
    /// named.
    #[arg(long)]
    allow_replace: bool,

    /// Send the updates. Without it nothing is sent to the cloud.
    #[arg(long)]
    apply: bool,

    /// With --apply: where each stack is kept, as Heat had it, before its
    /// update (DIR/PROJECT/STACK, as scan --dump writes it).
    #[arg(long, value_name = "DIR", default_value = "heatwise-migrate-kept")]
    keep: PathBuf,

    /// Stacks read, and updated, at once (at most 64); never two updates
    /// of one stack.
    #[arg(long, value_name = "N", default_value_t = 8)]
    concurrency: usize,

    /// With --apply: the longest wait for one update, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 3600)]
    timeout: u64,

    #[arg(long, value_enum, default_value_t = MigrateFormat::Text)]
    format: MigrateFormat,
}

pub fn run(args: &MigrateArgs) -> ExitCode {
    let fetched = auth::read(args.fleet.cloud.as_deref(), &Sources::of_process())
        .and_then(|credentials| Heat::connect(&credentials))
        .and_then(|heat| {
            let request = FleetRequest {
                all_projects: args.fleet.all_projects,
                projects: &args.fleet.projects,
                stacks: &args.fleet.stacks,
                concurrency: args.concurrency,
            };
            fleet::fetch(&heat, &request).map(|(stacks, failures)| (heat, stacks, failures))
        });
    let (heat, mut stacks, failures) = match fetched {
        Ok(fetched) => fetched,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    stacks.sort_by(|a, b| (&a.project, &a.name, &a.id).cmp(&(&b.project, &b.name, &b.id)));
    let lint = LintOptions {
        now: crate::clock::now(),
        ..LintOptions::new(heatwise_core::catalog::Catalog::builtin()).with_target(args.target)
    };
    let options = FixOptions {
        lint,
        unsafe_fixes: args.unsafe_fixes,
        codes: None,
    };
    let each: Vec<&ScannedStack> = stacks.iter().collect();
    let mut migrated: Vec<Migrated<'_>> = crate::parallel::in_parallel(&each, |&stack| {
        let mut found = Migrated {
            stack,
            migration: None,
            applied: None,
        };
        if found.stack_skipped().is_none() {
            found.migration = Some(migration::plan(
                &stack.documents,
                &options,
                args.allow_replace,
            ));
        }
        found
    });
    if args.apply {
        let timeout = Duration::from_secs(args.timeout);
        let threads = args.concurrency.clamp(1, fleet::MAX_CONCURRENCY);
        let results = crate::parallel::in_parallel_threads(&migrated, threads, |one| {
            let migration = one.migration.as_ref()?;
            let ready = !migration.is_empty() && migration.skipped.is_empty();
            ready.then(|| apply::apply(&heat, one.stack, migration, &args.keep, timeout))
        });
        for (one, applied) in migrated.iter_mut().zip(results) {
            one.applied = applied;
        }
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = match args.format {
        MigrateFormat::Json => report::json(&migrated, &mut out),
        MigrateFormat::Text => report::text(&migrated, args.apply, &mut out),
    }
    .and_then(|()| out.flush());
    if let Err(error) = written {
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the report: {error}");
            return Exit::Failed.into();
        }
    }
    let settled = migrated.iter().all(|one| one.settled(!args.apply));
    crate::exit::exit_code(!failures.is_empty(), !settled)
}
