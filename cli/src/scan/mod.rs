//! `heatwise scan`: the stacks a cloud runs, each linted as the stack Heat
//! keeps — its template, environment and files exactly as Heat stored
//! them — with the findings `heatwise lint --stack` gives the same files;
//! or, offline, the dumps an earlier scan wrote.

mod report;
mod tables;
mod upgrade;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use heatwise_core::lint::{LintMemo, LintOptions, Severity};
use heatwise_core::stack::Lookup;

use crate::args::{parse_release, parse_severity};
use crate::cloud::auth::{self, Sources};
use crate::cloud::heat::Heat;
use crate::exit::Exit;
use crate::gathered::{lint_gathered, with_diagnostics, Files, Gathering, StackRun};
use crate::input::InputError;
use crate::kept::fleet::{self, FleetRequest};
use crate::kept::{self, dump, ScannedStack};
use crate::output::FileReport;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ScanFormat {
    /// The summary an operator reads first, then each finding.
    Text,
    /// `{"stacks": [...], "summary": {...}}`.
    Json,
    /// SARIF 2.1.0, each file named PROJECT/STACK/FILE.
    Sarif,
    /// A row per stack and finding (a stack without any has one row).
    Csv,
    /// A section per project, a table of findings per stack: to send to
    /// the project's owners.
    Markdown,
}

#[derive(Args, Debug)]
pub struct ScanArgs {
    /// Scan the stack dumps under DIR (written by --dump) instead of a
    /// cloud.
    #[arg(value_name = "DIR")]
    dumps: Option<PathBuf>,

    #[command(flatten)]
    fleet: crate::args::FleetArgs,

    /// The Heat release to judge for, as a name or a version: 2024.1,
    /// Caracal, 27.0.1. Default: the catalog's newest.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    target: Option<heatwise_core::release::Release>,

    /// How to report.
    #[arg(long, value_enum, default_value_t = ScanFormat::Text)]
    format: ScanFormat,

    /// Also write each stack as a heatwise project under DIR
    /// (DIR/PROJECT/STACK/: template, environment, files, heatwise.toml),
    /// which `heatwise scan DIR` scans again offline.
    #[arg(long, value_name = "DIR", conflicts_with = "dumps")]
    dump: Option<PathBuf>,

    /// Stacks fetched at once (at most 64).
    #[arg(long, value_name = "N", default_value_t = 8)]
    concurrency: usize,

    /// The least severe finding that makes the exit code 1.
    #[arg(long, value_name = "LEVEL", default_value = "warning", value_parser = parse_severity)]
    fail_on: Severity,

    /// The cloud's heat.conf: the engine's limits its operator set, which
    /// the rules that depend on them judge with. Default: Heat's own.
    #[arg(long, value_name = "FILE")]
    heat_conf: Option<PathBuf>,

    /// The release the cloud's Heat runs now, as a name or a version.
    /// Default: told by the cloud (its `build_info`, else the resource
    /// types and template versions it lists), or by the dump.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    from: Option<heatwise_core::release::Release>,

    #[command(flatten)]
    report: crate::args::ReportArgs,
}

pub fn run(args: &ScanArgs) -> ExitCode {
    let mut errors: Vec<InputError> = Vec::new();
    let (stacks, told) = match &args.dumps {
        Some(dir) => (
            from_dumps(dir, &mut errors),
            upgrade::CloudRelease::read(dir),
        ),
        None => match from_cloud(args, &mut errors) {
            Ok(found) => found,
            Err(message) => {
                return crate::exit::fail(message);
            }
        },
    };
    let cloud_release = args.from.map(upgrade::CloudRelease::given).or(told);
    let mut stacks: Vec<ScannedStack> = stacks
        .into_iter()
        .filter(|stack| wanted(args, stack))
        .collect();
    // The same order from the cloud and from dumps.
    stacks.sort_by(|a, b| (&a.project, &a.name, &a.id).cmp(&(&b.project, &b.name, &b.id)));
    if let Some(dir) = &args.dump {
        let kept = cloud_release.as_ref().map_or(Ok(()), |r| r.write(dir));
        for stack in &stacks {
            if let Err(message) = kept
                .clone()
                .and_then(|()| dump::write(dir, stack).map(|_| ()))
            {
                eprintln!("error: {message}");
                errors.push(InputError {
                    path: dir.display().to_string(),
                    message,
                });
            }
        }
    }
    let limits = match args.heat_conf.as_deref().map(crate::args::read_heat_conf) {
        Some(Ok(limits)) => limits,
        Some(Err(message)) => {
            return crate::exit::fail(message);
        }
        None => Default::default(),
    };
    let options = LintOptions {
        limits,
        now: crate::clock::now(),
        ..LintOptions::new(heatwise_core::catalog::Catalog::builtin()).with_target(args.target)
    };
    let rules = match args.report.rules.selection().rules() {
        Ok(rules) => rules,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let mut linted = lint_stacks(&stacks, &options);
    for report in linted.iter_mut().flat_map(|(reports, _)| reports) {
        report.diagnostics.retain(|d| rules.contains(&d.rule));
    }
    for (stack, (_, found)) in stacks.iter().zip(&linted) {
        for error in found {
            eprintln!(
                "error: {}/{}: {}: {}",
                stack.project, stack.name, error.path, error.message
            );
        }
    }
    let mut scanned: Vec<report::Scanned> = stacks
        .iter()
        .zip(linted)
        .map(|(stack, (reports, _))| report::Scanned { stack, reports })
        .collect();
    let mut by_stack: Vec<(String, &mut Vec<FileReport>)> = scanned
        .iter_mut()
        .map(|s| {
            (
                format!("{}/{}", s.stack.project, s.stack.name),
                &mut s.reports,
            )
        })
        .collect();
    let baseline = match crate::baseline::for_stacks(&args.report.baseline, &mut by_stack) {
        Ok((Some(_), _)) if errors.is_empty() => return Exit::Clean.into(),
        Ok((Some(_), _)) => return Exit::Failed.into(),
        Ok((None, applied)) => applied,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let to = heatwise_core::catalog::Catalog::builtin().release_for(args.target);
    let upgrade = cloud_release.as_ref().zip(to).map(|(from, to)| {
        let stacks = scanned.iter().map(|s| {
            let name = format!("{}/{}", s.stack.project, s.stack.name);
            (name, s.reports.as_slice())
        });
        upgrade::upgrade(stacks, from, to)
    });
    let mut stdout = match crate::output::open(args.report.output_file.as_deref()) {
        Ok(out) => out,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let all: Vec<&FileReport> = scanned.iter().flat_map(|s| &s.reports).collect();
    let written = match args.format {
        _ if args.report.statistics => {
            let format = match args.format {
                ScanFormat::Json => crate::output::Format::Json,
                _ => crate::output::Format::Text,
            };
            crate::output::statistics_of(format, &all, &mut stdout)
        }
        ScanFormat::Text => report::text(&scanned, args.target, upgrade.as_ref(), &mut stdout),
        ScanFormat::Json => {
            report::json(&scanned, baseline.as_ref(), upgrade.as_ref(), &mut stdout)
        }
        ScanFormat::Sarif => report::sarif(&scanned, &errors, &mut stdout),
        ScanFormat::Csv => tables::csv(&scanned, &mut stdout),
        ScanFormat::Markdown => {
            tables::markdown(&scanned, &report::judged(args.target), &mut stdout)
        }
    }
    .and_then(|()| stdout.flush());
    if let Err(error) = written {
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the report: {error}");
            return Exit::Failed.into();
        }
    }
    let findings = (scanned.iter().flat_map(|s| &s.reports))
        .flat_map(|r| &r.diagnostics)
        .any(|d| d.severity.at_least(args.fail_on));
    crate::exit::exit_code(!errors.is_empty(), findings)
}

/// Whether `--project` and `--stack` keep the stack.
fn wanted(args: &ScanArgs, stack: &ScannedStack) -> bool {
    (args.fleet.projects.is_empty()
        || (args.fleet.projects.iter()).any(|p| *p == stack.project || *p == stack.project_id))
        && (args.fleet.stacks.is_empty()
            || (args.fleet.stacks.iter()).any(|s| *s == stack.name || *s == stack.id))
}

fn from_dumps(dir: &std::path::Path, errors: &mut Vec<InputError>) -> Vec<ScannedStack> {
    let folders = dump::find(dir);
    if folders.is_empty() {
        errors.push(InputError {
            path: dir.display().to_string(),
            message: format!(
                "no stack dump here (a folder with {} written by heatwise scan --dump)",
                dump::MANIFEST
            ),
        });
        eprintln!(
            "error: {}: no stack dump here (a folder with {} written by heatwise scan --dump)",
            dir.display(),
            dump::MANIFEST
        );
    }
    let mut stacks = Vec::new();
    for folder in folders {
        match dump::read(&folder) {
            Ok(stack) => stacks.push(stack),
            Err(message) => {
                eprintln!("error: {message}");
                errors.push(InputError {
                    path: folder.display().to_string(),
                    message,
                });
            }
        }
    }
    stacks
}

/// Every stack the credentials may list, fetched `concurrency` at a time,
/// with a progress line on a terminal.
fn from_cloud(
    args: &ScanArgs,
    errors: &mut Vec<InputError>,
) -> Result<(Vec<ScannedStack>, Option<upgrade::CloudRelease>), String> {
    let credentials = auth::read(args.fleet.cloud.as_deref(), &Sources::of_process())?;
    let heat = Heat::connect(&credentials)?;
    let told = match args.from {
        Some(_) => None,
        None => match heat.release_clues() {
            Ok(clues) => {
                let catalog = heatwise_core::catalog::Catalog::builtin();
                upgrade::CloudRelease::told(catalog, &clues)
            }
            Err(message) => {
                eprintln!(
                    "warning: the cloud's release is not known ({message}); give it with --from"
                );
                None
            }
        },
    };
    let request = FleetRequest {
        all_projects: args.fleet.all_projects,
        projects: &args.fleet.projects,
        stacks: &args.fleet.stacks,
        concurrency: args.concurrency,
    };
    let (fetched, failures) = fleet::fetch(&heat, &request)?;
    errors.extend(failures);
    Ok((fetched, told))
}

/// Each stack linted as `heatwise lint --stack` lints its files; what
/// could not be read, beside.
fn lint_stacks(
    stacks: &[ScannedStack],
    options: &LintOptions<'_>,
) -> Vec<(Vec<FileReport>, Vec<InputError>)> {
    let memo = LintMemo::default();
    crate::parallel::in_parallel(stacks, |stack| {
        if stack.unread.is_some() {
            return (Vec::new(), Vec::new());
        }
        let texts = stack.documents.texts();
        let mut errors = Vec::new();
        let mut run = StackRun::default();
        // The environment Heat keeps holds the values the request gave.
        let gathering = Gathering {
            urls: &kept::urls(),
            lookup: Lookup::Stored,
            parameters: &[],
        };
        let reports = lint_gathered(
            gathering,
            &texts,
            &kept::shown,
            options,
            &mut errors,
            &mut run,
            &memo,
            Files::InTurn,
        );
        (with_diagnostics(reports), errors)
    })
}
