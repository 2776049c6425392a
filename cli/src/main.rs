//! The `heatwise` command line.

mod add_ignore;
mod args;
mod baseline;
mod catalog;
mod clock;
mod cloud;
mod combined;
mod exit;
mod fix;
mod gathered;
mod input;
mod kept;
mod lint;
mod load;
mod migrate;
mod orc;
mod output;
mod parallel;
mod project;
mod rule;
mod scan;
mod server;
mod stack;
mod update_preview;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `heatwise --version`: the release of heatwise and the Heat release its
/// built-in catalog describes, which is what its verdicts follow.
fn version() -> &'static str {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| {
        format!(
            "{} (catalog: Heat {})",
            env!("CARGO_PKG_VERSION"),
            heatwise_core::catalog::BUILTIN_HEAT_VERSION
        )
    })
}

#[derive(Parser, Debug)]
#[command(name = "heatwise", version = version(), about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Query the catalog of Heat resource types: list, show, check.
    Catalog(catalog::CatalogArgs),
    /// Report every use of a resource type, property or attribute that is not
    /// SUPPORTED at the target release, and every use Heat would reject.
    /// Exit code: 0 clean, 1 findings at or above --fail-on, 2 usage or read
    /// errors.
    Lint(lint::LintArgs),
    /// Migrate templates with Heat's own translation rules, keeping every
    /// comment and the layout: print the result, a diff (--diff), or
    /// rewrite the files (--write). Only safe fixes unless --unsafe.
    /// Exit code: 0 done, 2 usage, read or write errors.
    Fix(fix::FixArgs),
    /// Export a Heat stack as manifests of the OpenStack Resource Controller
    /// (ORC v2.6.0), each checked against ORC's CRDs; what cannot be
    /// carried over is reported on stderr. With --plan, the order ORC builds
    /// them in. Exit code: 0 all exported, 1 something was reported, 2 usage
    /// or read errors.
    Orc(orc::OrcArgs),
    /// Print a template (or, with --environment, an environment) as Heat's
    /// loader reads it, as JSON: aliases expanded, merge keys applied, YAML
    /// 1.1 scalars resolved. When Heat would refuse the text: why, with its
    /// line and column, on stderr. Exit code: 0 read, 1 refused, 2 usage or
    /// read errors.
    Load(load::LoadArgs),
    /// Scan a cloud's running stacks: each stack's template, environment
    /// and files as Heat keeps them, linted as `lint --stack` lints them,
    /// with a summary by project and of what the target release hides or
    /// removes. Authenticates as openstackclient does (clouds.yaml, OS_*).
    /// With DIR, scans the dumps --dump wrote, offline. Exit code: 0 clean,
    /// 1 findings at or above --fail-on, 2 the cloud or a dump could not
    /// be read.
    Scan(scan::ScanArgs),
    /// Migrate the stacks a cloud runs, each as Heat keeps it: the fixes
    /// of the target release applied to its template, environment and
    /// files, the update in steps, and what it does to each running
    /// resource. Nothing is sent without --apply; a resource is never
    /// replaced without --allow-replace. Exit code: 0 every stack migrated
    /// (or, in a dry run, ready) or with nothing to migrate, 1 something
    /// skipped or failed, 2 the cloud could not be read.
    Migrate(migrate::MigrateArgs),
    /// Show a rule's documentation, or list every rule.
    Rule(rule::RuleArgs),
    /// What `openstack stack update --existing -t NEW` does to each
    /// resource of the running stack made from OLD, as Heat carries it out:
    /// unchanged, updated in place (with the properties sent and what that
    /// means), replaced (with what is lost), added, deleted. Exit code: 0
    /// nothing replaced, deleted, refused or unknown; 1 otherwise; 2 read
    /// errors.
    UpdatePreview(update_preview::UpdatePreviewArgs),
    /// The language server: the Language Server Protocol over stdio, for
    /// editors (diagnostics, hover, quick fixes, fix-all, completion).
    Server(ServerArgs),
}

#[derive(clap::Args, Debug)]
struct ServerArgs {
    /// Talk over stdin and stdout (the only transport; accepted because
    /// editor clients pass it).
    #[arg(long)]
    stdio: bool,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Catalog(args) => catalog::run(&args),
        Command::Fix(args) => fix::run(&args),
        Command::Lint(args) => lint::run(&args),
        Command::Load(args) => load::run(&args),
        Command::Migrate(args) => migrate::run(&args),
        Command::Orc(args) => orc::run(&args),
        Command::Rule(args) => rule::run(&args),
        Command::Scan(args) => scan::run(&args),
        Command::Server(_) => server::run(),
        Command::UpdatePreview(args) => update_preview::run(&args),
    }
}
