//! `heatwise fix`: migrates templates with the fixes the linter attaches,
//! and prints the result, a unified diff, or rewrites the files.
//!
//! Only safe fixes are applied unless `--unsafe` is given. A file is
//! written only when the migrated text parses, through a temporary file in
//! the same directory renamed over it, so that a reader never sees half a
//! template. A summary of what was applied and what remains goes to
//! standard error.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use heatwise_core::fix::Applicability;
use heatwise_core::fixer::{fix_all, fix_stack, FixOptions, FixOutcome};
use heatwise_core::lint::Rule;
use heatwise_core::syntax;
use heatwise_core::text::Positions;

use crate::args::CheckArgs;
use crate::exit::Exit;
use crate::input::{self, Input};
use crate::stack::{self, parse_path_map, PathMap};
use heatwise_core::catalog::CatalogAt;

#[derive(Args, Debug)]
pub struct FixArgs {
    /// Templates and environment files; directories are walked for
    /// `.yaml`, `.yml`, `.template` and `.json` files (hidden ones
    /// skipped); `-` reads standard input. Without --diff or --write, give
    /// exactly one.
    #[arg(required_unless_present = "stack", value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Migrate a stack: this root template, the environments given with
    /// -e and every template they reach, as `heatwise lint --stack` reads
    /// them. Needs --diff or --write. Nothing is written when the fixes
    /// would add a cross-file finding (an interface a caller relies on).
    #[arg(long, value_name = "ROOT", conflicts_with = "paths")]
    stack: Option<PathBuf>,

    /// With --stack: read files under FROM from TO instead.
    #[arg(long = "path-map", value_name = "FROM=TO", value_parser = parse_path_map, requires = "stack")]
    path_maps: Vec<PathMap>,

    /// Also apply unsafe fixes: migrations whose effect differs from the
    /// original's (each fix's title says how).
    #[arg(long = "unsafe")]
    unsafe_fixes: bool,

    /// Print a unified diff of each file instead of the migrated text.
    #[arg(long, conflicts_with = "write")]
    diff: bool,

    /// Rewrite the files in place.
    #[arg(long)]
    write: bool,

    /// Write the migration of one template as the successive templates a
    /// running stack is updated with into DIR (1.yaml, 2.yaml): first
    /// deletion_policy: Retain on what the migration removes, so that
    /// Heat forgets it without calling the cloud; then the migration. The
    /// steps and what each update does to each resource are printed.
    /// With --stack, every file of the stack is written under DIR/1/ and
    /// DIR/2/, laid out as they are.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["write", "diff"])]
    plan: Option<PathBuf>,

    #[command(flatten)]
    check: CheckArgs,

    /// Only fix findings of the rules these select.
    #[command(flatten)]
    rules: crate::args::SelectArgs,
}

impl FixArgs {
    /// The rules whose fixes apply; `None` for all.
    fn codes(&self) -> Result<Option<Vec<Rule>>, String> {
        let selection = self.rules.selection();
        match selection.is_all() && selection.extend_select.is_empty() {
            true => Ok(None),
            false => selection.rules().map(Some),
        }
    }
}

pub fn run(args: &FixArgs) -> ExitCode {
    if let Some(root) = &args.stack {
        return run_stack(root, args);
    }
    let mut errors = Vec::new();
    let inputs = input::collect(&args.paths, &mut errors);
    let mut failed = !errors.is_empty();
    if !args.diff && !args.write && (inputs.len() != 1 || failed) {
        if !failed {
            eprintln!(
                "error: {} files to fix: give --diff or --write to fix more than one",
                inputs.len()
            );
        }
        return Exit::Failed.into();
    }
    if args.write && inputs.iter().any(|i| matches!(i, Input::Stdin)) {
        eprintln!(
            "error: standard input cannot be rewritten; leave out --write to print the result"
        );
        return Exit::Failed.into();
    }
    let checked = match args.check.read(&mut errors) {
        Ok(checked) => checked,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    failed |= !errors.is_empty();
    let codes = match args.codes() {
        Ok(codes) => codes,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let options = FixOptions {
        lint: checked.options(),
        unsafe_fixes: args.unsafe_fixes,
        codes,
    };
    let mut stdout = io::stdout().lock();
    for input in &inputs {
        let name = input.name();
        let text = match input.read() {
            Ok(text) => text,
            Err(message) => {
                eprintln!("error: {name}: {message}");
                failed = true;
                continue;
            }
        };
        let outcome = fix_all(&text, &options);
        summarize(&name, &outcome, args.unsafe_fixes);
        let heat = options.lint.catalog.at(options.lint.target);
        describe_update(&text, &outcome.text, heat);
        if let Some(reason) = &outcome.refused {
            eprintln!("error: {name}: not fixed: {reason}");
            failed = true;
            if !args.diff && !args.write {
                // The text goes through unchanged, as a filter would.
                let _ = stdout.write_all(text.as_bytes());
            }
            continue;
        }
        if !syntax::parse(&outcome.text).errors().is_empty() {
            eprintln!("error: {name}: the migrated text would not parse; left as it is");
            failed = true;
            continue;
        }
        let written = if let Some(dir) = &args.plan {
            write_plan(dir, &name, &text, &outcome.text, heat, &mut stdout)
        } else if args.write {
            match input {
                Input::File { path, .. } if outcome.text != text => {
                    input::write_atomically(path, &outcome.text)
                }
                _ => Ok(()),
            }
        } else if args.diff {
            stdout.write_all(unified_diff(&name, &text, &outcome.text).as_bytes())
        } else {
            stdout.write_all(outcome.text.as_bytes())
        };
        if let Err(error) = written {
            if error.kind() == io::ErrorKind::BrokenPipe {
                break;
            }
            eprintln!("error: {name}: cannot write: {error}");
            failed = true;
        }
    }
    let _ = stdout.flush();
    crate::exit::exit_code(failed, false)
}

/// `fix --stack`: every template and environment of the stack migrated,
/// then checked as a stack again; written (or shown) only when no file has
/// more cross-file findings than before.
fn run_stack(root: &Path, args: &FixArgs) -> ExitCode {
    if !args.diff && !args.write && args.plan.is_none() {
        eprintln!("error: a stack has several files: give --diff, --write or --plan DIR");
        return Exit::Failed.into();
    }
    let mut errors = Vec::new();
    let checked = match args.check.read(&mut errors) {
        Ok(checked) => checked,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let environments = &args.check.environments;
    let stack::OnDisk {
        stack: before,
        files,
        urls,
    } = match stack::gather_paths(root, environments, args.path_maps.clone()) {
        Ok(gathered) => gathered,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let codes = match args.codes() {
        Ok(codes) => codes,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let options = FixOptions {
        lint: checked.options(),
        unsafe_fixes: args.unsafe_fixes,
        codes,
    };
    let mut failed = !errors.is_empty();
    let migration = fix_stack(&before, &options);
    let shown_url = |url: &str| {
        files
            .path_of(url)
            .map_or_else(|| url.to_owned(), |p| stack::shown(&p))
    };
    for (url, outcome) in &migration.outcomes {
        let name = shown_url(url);
        summarize(&name, outcome, args.unsafe_fixes);
        if let Some(reason) = &outcome.refused {
            eprintln!("error: {name}: not fixed: {reason}");
            failed = true;
        }
    }
    if !migration.broken.is_empty() {
        for (url, rule, count) in &migration.broken {
            let name = shown_url(url);
            eprintln!("error: {name}: the fixes would add {count} {rule} finding(s)");
        }
        eprintln!("error: nothing written: the migration would break what the stack's files rely on of each other");
        return Exit::Failed.into();
    }
    let fixed: Vec<(&str, &str)> = migration.changed().collect();
    let mut stdout = io::stdout().lock();
    if let Some(dir) = &args.plan {
        let texts: Vec<(PathBuf, &str, &str)> = before
            .files
            .iter()
            .filter_map(|file| {
                let path = files.path_of(&file.url)?;
                let migrated = fixed
                    .iter()
                    .find(|(url, _)| **url == *file.url)
                    .map_or(&*file.text, |(_, text)| *text);
                Some((path, &*file.text, migrated))
            })
            .collect();
        let given: Vec<PathBuf> = urls.iter().filter_map(|url| files.path_of(url)).collect();
        let heat = options.lint.catalog.at(options.lint.target);
        if let Err(error) = write_stack_plan(dir, &texts, &given, heat, &mut stdout) {
            eprintln!("error: {}: cannot write the plan: {error}", dir.display());
            failed = true;
        }
        let _ = stdout.flush();
        return crate::exit::exit_code(failed, false);
    }
    for &(url, text) in &fixed {
        let Some(path) = files.path_of(url) else {
            continue;
        };
        let original = &before.files[before.file(url).expect("a file of the stack")].text;
        let name = stack::shown(&path);
        let written = if args.write {
            input::write_atomically(&path, text)
        } else {
            stdout.write_all(unified_diff(&name, original, text).as_bytes())
        };
        if let Err(error) = written {
            eprintln!("error: {name}: cannot write: {error}");
            failed = true;
        }
    }
    let _ = stdout.flush();
    crate::exit::exit_code(failed, false)
}

fn unified_diff(name: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

/// `--plan DIR`: each step's template into DIR, the steps on `out`.
fn write_plan(
    dir: &Path,
    name: &str,
    original: &str,
    migrated: &str,
    heat: CatalogAt<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let steps =
        heatwise_core::fixer::migration_plan(original, migrated, heat).map_err(io::Error::other)?;
    fs::create_dir_all(dir)?;
    writeln!(
        out,
        "# Migrating a running stack made from {name}, in {} step{}.",
        steps.len(),
        if steps.len() == 1 { "" } else { "s" }
    )?;
    for (index, step) in steps.iter().enumerate() {
        let path = dir.join(format!("{}.yaml", index + 1));
        fs::write(&path, &step.text)?;
        writeln!(out, "\n# {}. {}", index + 1, step.title)?;
        for change in &step.changes {
            if change.action == heatwise_core::update::Action::Unchanged {
                continue;
            }
            writeln!(out, "#    {change}")?;
        }
        writeln!(
            out,
            "openstack stack update --wait --existing --template {} STACK",
            path.display()
        )?;
    }
    Ok(())
}

/// `fix --stack --plan DIR`: every file of the stack, as each step leaves
/// it, under `DIR/1/` and `DIR/2/` in the layout they have below their
/// common folder (heatclient finds nested templates and `get_file` targets
/// beside the root); the steps, each file's effect and the commands on
/// `out`. `files`: (path, original text, migrated text); `given`: the
/// root's and the environments' paths, in order.
fn write_stack_plan(
    dir: &Path,
    files: &[(PathBuf, &str, &str)],
    given: &[PathBuf],
    heat: CatalogAt<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut base = files
        .first()
        .and_then(|(path, _, _)| path.parent())
        .map(Path::to_path_buf)
        .unwrap_or_default();
    while !files.iter().all(|(path, _, _)| path.starts_with(&base)) {
        if !base.pop() {
            break;
        }
    }
    // Each file's text after the first step: retained where its migration
    // removes resources, else already migrated.
    let mut first: Vec<String> = Vec::new();
    let mut two_steps = false;
    for (_, original, migrated) in files {
        let steps = heatwise_core::fixer::migration_plan(original, migrated, heat)
            .ok()
            .filter(|_| original != migrated);
        match steps {
            Some(steps) if steps.len() == 2 => {
                two_steps = true;
                first.push(steps[0].text.clone());
            }
            _ => first.push((*migrated).to_owned()),
        }
    }
    let step_texts: Vec<Vec<&str>> = if two_steps {
        vec![
            first.iter().map(String::as_str).collect(),
            files.iter().map(|(_, _, migrated)| *migrated).collect(),
        ]
    } else {
        vec![files.iter().map(|(_, _, migrated)| *migrated).collect()]
    };
    writeln!(
        out,
        "# Migrating a running stack, in {} step{}: every file of the stack under {}/N/.",
        step_texts.len(),
        if step_texts.len() == 1 { "" } else { "s" },
        dir.display()
    )?;
    let mut previous: Vec<&str> = files.iter().map(|(_, original, _)| *original).collect();
    for (index, texts) in step_texts.iter().enumerate() {
        let step_dir = dir.join((index + 1).to_string());
        let title = if two_steps && index == 0 {
            "deletion_policy: Retain on what the migration removes: Heat then forgets it and leaves it to what takes its place"
        } else {
            "the migration"
        };
        writeln!(out, "\n# {}. {title}", index + 1)?;
        for ((path, _, _), (text, before)) in files.iter().zip(texts.iter().zip(&previous)) {
            let relative = path.strip_prefix(&base).unwrap_or(path);
            let target = step_dir.join(relative);
            if let Some(parent) = target.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(&target, text)?;
            if text == before {
                continue;
            }
            let side = heatwise_core::update::StackInput::template;
            let Ok(changes) = heatwise_core::update::preview(&side(before), &side(text), heat)
            else {
                continue;
            };
            for change in changes
                .iter()
                .filter(|c| c.action != heatwise_core::update::Action::Unchanged)
            {
                writeln!(out, "#    {}: {change}", relative.display())?;
            }
        }
        let mut command = String::from("openstack stack update --wait --existing");
        for (position, path) in given.iter().enumerate() {
            let placed = step_dir.join(path.strip_prefix(&base).unwrap_or(path));
            let flag = if position == 0 { "--template" } else { "-e" };
            command.push_str(&format!(" {flag} {}", placed.display()));
        }
        writeln!(out, "{command} STACK")?;
        previous = texts.clone();
    }
    Ok(())
}

/// What `openstack stack update --existing` with the migrated template
/// does to a running stack made from the original, resource by resource
/// (those it leaves alone are not named), on standard error.
fn describe_update(original: &str, migrated: &str, heat: CatalogAt<'_>) {
    if original == migrated {
        return;
    }
    let side = heatwise_core::update::StackInput::template;
    let Ok(changes) = heatwise_core::update::preview(&side(original), &side(migrated), heat) else {
        return;
    };
    let mut err = io::stderr().lock();
    let changed: Vec<_> = changes
        .iter()
        .filter(|c| c.action != heatwise_core::update::Action::Unchanged)
        .collect();
    if changed.is_empty() {
        return;
    }
    let _ = writeln!(err, "  on a running stack (stack update --existing):");
    for change in changed {
        let _ = writeln!(err, "    {change}");
    }
}

/// What was applied and what remains, on standard error.
fn summarize(name: &str, outcome: &FixOutcome, unsafe_fixes: bool) {
    let mut err = io::stderr().lock();
    let applied = outcome.applied.len();
    let _ = writeln!(
        err,
        "{name}: {applied} fix{} applied",
        if applied == 1 { "" } else { "es" }
    );
    for applied in &outcome.applied {
        let _ = writeln!(err, "  fixed {} {}", applied.rule.code(), applied.title);
    }
    for skipped in &outcome.skipped {
        let _ = writeln!(
            err,
            "  not applied {} {}: {}",
            skipped.rule.code(),
            skipped.title,
            skipped.reason
        );
    }
    if !outcome.converged {
        let _ = writeln!(
            err,
            "  stopped after {} rounds with fixes left; run again",
            outcome.rounds
        );
    }
    let positions = Positions::new(&outcome.text);
    for diagnostic in &outcome.remaining {
        let at = positions.location(diagnostic.range);
        let why = match &diagnostic.fix {
            Some(fix) if fix.applicability == Applicability::Unsafe && !unsafe_fixes => {
                format!(" [unsafe fix, with --unsafe: {}]", fix.title)
            }
            Some(fix) if fix.applicability == Applicability::DisplayOnly => {
                format!(" [{}]", fix.title)
            }
            Some(fix) => format!(" [fix not selected: {}]", fix.title),
            None => " [no automatic fix]".to_owned(),
        };
        let _ = writeln!(
            err,
            "  remains {name}:{}:{} {} {}{why}",
            at.line,
            at.column,
            diagnostic.code(),
            diagnostic.message
        );
    }
}
