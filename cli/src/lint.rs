//! `heatwise lint`: reads templates and environment files (walking
//! directories), lints each against the catalog, and reports in one of the
//! output formats.
//!
//! A file that cannot be read never stops the run: its error is printed,
//! the other files are linted, and the exit code is 2 at the end.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use heatwise_core::lint::Severity;
use heatwise_core::lint::{
    lint_template, LintMemo, LintOptions, Selection, ShownFindings, StackLinter,
};
use heatwise_core::stack::{FileProvider, GatherCache, Lookup, Stack, MAX_STACK_FILES};
use heatwise_core::template::{self, DocumentKind, Parsed, Template};

use crate::args::{parse_severity, CheckArgs};
use crate::combined::Combined;
use crate::exit::Exit;
use crate::gathered::{lint_gathered, with_diagnostics, Files, Gathering, StackRun};
use crate::input::InputError;
use crate::input::{self, report_error, Input};
use crate::output::{self, FileReport, Format};
use crate::parallel::{in_parallel, in_parallel_fold, in_parallel_largest_first, in_parallel_with};
use crate::project::{self, ProjectStack};
use crate::stack::{self, parse_path_map, PathMap};

/// Top-level keys that make a document that is neither a template nor an
/// environment still look like a broken template (linted, not skipped).
const TEMPLATE_KEYS: [&str; 6] = [
    "resources",
    "Resources",
    "parameters",
    "Parameters",
    "outputs",
    "Outputs",
];

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Templates and environment files; directories are walked for
    /// `.yaml`, `.yml`, `.template` and `.json` files (hidden files and
    /// directories skipped; so are well-formed files found there that are
    /// neither templates nor environments, such as Ansible task lists);
    /// `-` reads standard input.
    /// Without a PATH or --stack, the stacks of the project file
    /// (heatwise.toml, in this directory or the nearest one above) are
    /// linted.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Lint a stack as Heat receives it: this root template, the
    /// environments given with -e, and every file they reach (nested
    /// templates through `type`, the registry and groups; `get_file`
    /// targets), gathered as python-heatclient gathers them. Each finding
    /// is reported in the file it is in; a name that reaches no file is an
    /// error where it is written.
    #[arg(long, value_name = "ROOT", conflicts_with = "paths")]
    stack: Option<PathBuf>,

    /// With --stack: read files under FROM from TO instead, for templates
    /// that name their install prefix (e.g.
    /// /usr/share/openstack-tripleo-heat-templates=.). Repeatable; the
    /// first that applies is used.
    #[arg(long = "path-map", value_name = "FROM=TO", value_parser = parse_path_map, requires = "stack")]
    path_maps: Vec<PathMap>,

    /// With --stack: lint the stack once for each environment file under
    /// DIR (subdirectories too), laid alone on top of those given with -e,
    /// as a deployment chooses one; each finding is reported once, naming
    /// the environments it arises with when not with all of them.
    #[arg(long, value_name = "DIR", requires = "stack")]
    each_environment: Option<PathBuf>,

    /// With --stack: the stack is one Heat keeps, and this is the manifest
    /// of its files (the `stack.json` of a `heatwise scan --dump`): every
    /// name is looked up among them as written, as Heat's engine looks it
    /// up, not joined onto folders as heatclient joins it.
    #[arg(long, value_name = "MANIFEST", requires = "stack")]
    stored_files: Option<PathBuf>,

    /// With --stack: a value of the root's parameter NAME, as given to
    /// `openstack stack create -P`: over every environment's. Repeatable.
    #[arg(
        short = 'P',
        long = "parameter",
        value_name = "NAME=VALUE",
        value_parser = crate::args::parse_parameter,
        requires = "stack"
    )]
    parameters: Vec<(String, String)>,

    #[command(flatten)]
    check: CheckArgs,

    #[command(flatten)]
    report: crate::args::ReportArgs,

    /// Rewrite each file given with a `# heatwise: ignore[CODES]` comment
    /// for each line's findings (of the rules selected), its layout kept,
    /// and say how many.
    #[arg(long, requires = "paths", conflicts_with_all = ["statistics", "write_baseline"])]
    add_ignore: bool,

    /// How to report the findings.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// The least severe finding that makes the exit code 1: error, warning
    /// or info.
    #[arg(long, value_name = "LEVEL", default_value = "warning", value_parser = parse_severity)]
    fail_on: Severity,

    /// Pass over named files that are well-formed but neither templates nor
    /// environments (Ansible task lists, CI configuration), as directory
    /// walking does: for tools such as pre-commit that hand over every
    /// YAML file.
    #[arg(long)]
    heat_only: bool,
}

pub fn run(args: &LintArgs) -> ExitCode {
    let mut errors: Vec<InputError> = Vec::new();
    let checked = match args.check.read(&mut errors) {
        Ok(checked) => checked,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let options = checked.options();
    let mut reports = Vec::new();
    let mut skipped = 0;
    let mut project_baseline = None;
    let mut project_selection = Selection::default();
    if let Some(root) = &args.stack {
        let stack = ProjectStack {
            root: root.clone(),
            environments: args.check.environments.clone(),
            parameters: args.parameters.clone(),
            path_maps: args.path_maps.clone(),
            each_environment: args.each_environment.clone(),
            project: None,
            stored_files: args.stored_files.clone(),
        };
        reports = lint_stack_combinations(&stack, &options, &mut errors);
    } else if args.paths.is_empty() {
        match lint_project(args, &options, &mut errors) {
            Ok((found, baseline, selection)) => {
                (reports, project_baseline, project_selection) = (found, baseline, selection)
            }
            Err(message) => {
                return crate::exit::fail(message);
            }
        }
    } else if args.add_ignore {
        let inputs = input::collect(&args.paths, &mut errors);
        let selection = args.report.rules.selection();
        return match selection.rules() {
            Ok(rules) => crate::add_ignore::run(&inputs, &options, &rules, &mut errors),
            Err(message) => crate::exit::fail(message),
        };
    } else {
        let inputs = input::collect(&args.paths, &mut errors);
        let heat_only = args.heat_only;
        let outcomes = in_parallel_largest_first(&inputs, Input::size, |input| {
            lint_input(input, heat_only, &options)
        });
        for outcome in outcomes {
            match outcome {
                Outcome::Linted(report) => reports.push(report),
                Outcome::Skipped => skipped += 1,
                Outcome::Unreadable(error) => report_error(&mut errors, error),
            }
        }
    }

    let selection = project_selection.under(&args.report.rules.selection());
    if !selection.is_all() {
        match selection.rules() {
            Ok(rules) => {
                for report in &mut reports {
                    report.diagnostics.retain(|d| rules.contains(&d.rule));
                }
            }
            Err(message) => {
                return crate::exit::fail(message);
            }
        }
    }
    match crate::baseline::for_files(
        &args.report.baseline,
        project_baseline.as_deref(),
        &mut reports,
    ) {
        Ok(Some(_)) if errors.is_empty() => return Exit::Clean.into(),
        Ok(Some(_)) => return Exit::Failed.into(),
        Ok(None) => {}
        Err(message) => {
            return crate::exit::fail(message);
        }
    }
    let mut out = match output::open(args.report.output_file.as_deref()) {
        Ok(out) => out,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let colour = output::colour_wanted() && args.report.output_file.is_none();
    let written = match args.report.statistics {
        true => output::statistics(args.format, &reports, &mut out),
        false => output::write_coloured(args.format, &reports, &errors, skipped, colour, &mut out),
    }
    .and_then(|()| out.flush());
    if let Err(error) = written {
        // A reader that went away (`| head`) is no failure of the lint.
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the report: {error}");
            return Exit::Failed.into();
        }
    }

    let findings =
        (reports.iter().flat_map(|r| &r.diagnostics)).any(|d| d.severity.at_least(args.fail_on));
    // Freed by the process's exit, which follows: freeing a stack's
    // reports one by one took a few milliseconds more of one core.
    std::mem::forget(reports);
    crate::exit::exit_code(!errors.is_empty(), findings)
}

/// The stacks of the project file: each linted as `--stack` does, at the
/// project's target unless one is given; and the project's baseline and
/// rule selection.
fn lint_project(
    args: &LintArgs,
    options: &LintOptions<'_>,
    errors: &mut Vec<InputError>,
) -> Result<(Vec<FileReport>, Option<PathBuf>, Selection), String> {
    let path = project::find().ok_or_else(|| {
        format!(
            "give templates to lint (PATH), a stack (--stack ROOT), or a {} in this directory or above",
            project::FILE_NAME
        )
    })?;
    let project = project::read(&path)?;
    let options = LintOptions {
        target: args.check.target.or(project.target),
        // `--heat-conf` over the project's.
        limits: match (options.limits.configured, project.limits) {
            (false, Some(limits)) => limits,
            _ => options.limits,
        },
        ..*options
    };
    let mut reports: Vec<FileReport> = Vec::new();
    for stack in &project.stacks {
        for report in lint_stack_combinations(stack, &options, errors) {
            // A file two stacks share is reported once.
            match reports.iter_mut().find(|r| r.path == report.path) {
                Some(earlier) => {
                    for diagnostic in report.diagnostics {
                        if !earlier.diagnostics.contains(&diagnostic) {
                            earlier.diagnostics.push(diagnostic);
                        }
                    }
                    earlier.diagnostics.sort_by_key(|d| d.range.start);
                }
                None => reports.push(report),
            }
        }
    }
    Ok((reports, project.baseline, project.selection))
}

/// The files the stack of `urls` (the root, then its environments) names,
/// read and parsed on every core, level by level, ahead of gathering it:
/// gathering follows them one at a time, in heatclient's order.
fn learn_ahead(cache: &GatherCache, files: &(dyn FileProvider + Sync), urls: &[String]) {
    let mut level: Vec<(String, bool)> = (urls.iter().enumerate())
        .map(|(at, url)| (url.clone(), at > 0))
        .collect();
    let mut seen: HashSet<String> = urls.iter().cloned().collect();
    while !level.is_empty() && seen.len() < MAX_STACK_FILES {
        let named = in_parallel_with(
            &level,
            || cache.clone(),
            |cache, (url, environment)| cache.learn_ahead(url, files, *environment),
        );
        level = (named.into_iter().flatten())
            .filter(|url| seen.insert(url.clone()))
            .map(|url| (url, false))
            .collect();
    }
}

/// The stack, or with `each_environment` the stack once with each
/// environment file under that directory on top: each finding once, its
/// message naming the environments it arises with when not all.
fn lint_stack_combinations(
    stack: &ProjectStack,
    options: &LintOptions<'_>,
    errors: &mut Vec<InputError>,
) -> Vec<FileReport> {
    let memo = LintMemo::default();
    let Some(dir) = &stack.each_environment else {
        let mut found = Vec::new();
        let mut run = StackRun::default();
        let reports = lint_stack(
            stack,
            stack.urls(),
            options,
            &mut found,
            &mut run,
            &memo,
            Files::InParallel,
        );
        for error in found {
            report_error(errors, error);
        }
        return with_diagnostics(reports);
    };
    let base = stack.urls();
    let (environments, learned) = environments_and_learned(dir, stack, &base, errors);
    let Environments {
        extras,
        shown: shown_extras,
        parsed,
    } = environments;
    let warm = warm_up(stack, &base, parsed, options, &memo, learned);
    // What the threads read and kept is left to the process's exit: the
    // command ends once the combinations are merged, and freeing a few
    // hundred thousand small allocations, on each thread and then here,
    // took a tenth of the run.
    let numbered: Vec<(usize, &Extra)> = extras.iter().enumerate().collect();
    let merged = in_parallel_fold(
        &numbered,
        || {
            (
                std::mem::ManuallyDrop::new(warm.for_another_thread()),
                Combined::default(),
            )
        },
        |(run, combined), &(at, (extra, url))| {
            let mut combination = stack.clone();
            combination.environments.push(extra.clone());
            let urls = base.clone().and_then(|mut urls| {
                urls.push(url.clone()?);
                Ok(urls)
            });
            let mut found = Vec::new();
            let reports = lint_stack(
                &combination,
                urls,
                options,
                &mut found,
                run,
                &memo,
                Files::InTurn,
            );
            combined.add(at, reports, found);
        },
    );
    let mut combined = Combined::default();
    for (_, merged) in merged {
        combined.absorb(merged);
    }
    std::mem::forget(memo);
    std::mem::forget(warm);
    combined.finish(&shown_extras, errors)
}

/// An environment file of `--each-environment`'s folder: its path and its
/// URL (or why it has none).
type Extra = (PathBuf, Result<String, InputError>);

/// The environment files of `--each-environment`'s folder.
struct Environments {
    extras: Vec<Extra>,
    /// How each is shown, in the same order.
    shown: Vec<String>,
    /// By URL, each one's path with links followed and its parse.
    parsed: Vec<(String, (PathBuf, Arc<Parsed>))>,
}

/// The environment files under `dir` ([`environments_under`]), told
/// apart while the stack's own files (at `base`, its URLs) are read and
/// parsed ([`learn_ahead`]): both parse files on every core, and the one
/// fills the other's pauses (the root is parsed alone, then the files it
/// names all at once).
fn environments_and_learned(
    dir: &Path,
    stack: &ProjectStack,
    base: &Result<Vec<String>, InputError>,
    errors: &mut Vec<InputError>,
) -> (Environments, StackRun) {
    let (environments, found, learned) = std::thread::scope(|scope| {
        let telling = scope.spawn(|| {
            let mut found = Vec::new();
            (environments_under(dir, &mut found), found)
        });
        let learned = StackRun::default();
        if let Ok(urls) = base {
            learn_ahead(&learned.cache, &stack.files(urls), urls);
        }
        let (environments, found) = telling
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (environments, found, learned)
    });
    errors.extend(found);
    (environments, learned)
}

/// The environment files under `dir`, each parsed on every core to tell
/// an environment: its URL, how it is shown and its parse found once, not
/// for each of its combination's files.
fn environments_under(dir: &Path, errors: &mut Vec<InputError>) -> Environments {
    let files: Vec<PathBuf> = input::collect(&[dir.to_path_buf()], errors)
        .iter()
        .filter_map(|input| match input {
            Input::File { path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect();
    let environments = in_parallel(&files, |path| {
        let text = input::read_file(path).ok()?;
        let parsed = Parsed::of(Arc::from(text));
        if parsed.borrow_dependent().kind() != DocumentKind::Environment {
            return None;
        }
        Some(match stack::resolved(path) {
            Ok(resolved) => (
                Ok(stack::url_of_resolved(&resolved)),
                stack::shown(&resolved),
                Some((resolved, Arc::new(parsed))),
            ),
            Err(_) => (project::url_of(path), stack::shown(path), None),
        })
    });
    let mut parsed = Vec::new();
    let (extras, shown) = (files.into_iter().zip(environments))
        .filter_map(|(path, environment)| {
            let (url, shown, read) = environment?;
            if let (Ok(url), Some(read)) = (&url, read) {
                parsed.push((url.clone(), read));
            }
            Some(((path, url), shown))
        })
        .unzip();
    Environments {
        extras,
        shown,
        parsed,
    }
}

/// The stack's own files (at `base`, its URLs), read and parsed once into
/// `warm` ([`learn_ahead`]), gathered and linted once, for every
/// combination: each thread starts from this cache and reads into its own
/// only what its environment adds. Sharing the texts lets the memo
/// recognise a file by its pointer. The lints of files are kept for all
/// in `memo`; each file's findings are the same whichever thread linted
/// it first. Each environment of the folder is kept as `parsed` (unless a
/// path map sends its URL elsewhere).
fn warm_up(
    stack: &ProjectStack,
    base: &Result<Vec<String>, InputError>,
    parsed: Vec<(String, (PathBuf, Arc<Parsed>))>,
    options: &LintOptions<'_>,
    memo: &LintMemo,
    mut warm: StackRun,
) -> StackRun {
    let Ok(urls) = base else {
        return warm;
    };
    let files = stack.files(urls);
    for (url, (resolved, parsed)) in parsed {
        if stack.stored_files.is_none() && files.path_of(&url).as_ref() == Some(&resolved) {
            warm.cache.keep_environment(&url, parsed);
        }
    }
    let gathered = Stack::gather_with(&urls[0], &urls[1..], &files, &mut warm.cache);
    let linter = StackLinter::new(&gathered, &mut warm.cache);
    // The stack's own files linted once, on every core, into the memo: an
    // environment changes what a handful of them read, and the threads
    // would otherwise each lint all of them for their first combination
    // at the same time.
    let size = |file: &usize| u64::try_from(gathered.files[*file].text.len()).unwrap_or(u64::MAX);
    in_parallel_largest_first(&linter.files(), size, |&file| {
        linter.lint_shown(file, options, memo)
    });
    warm
}

/// How a file of a stack is named in the report, by its URL.
type Shown<'a> = Box<dyn Fn(&str) -> String + 'a>;

/// The root, its environments and every file they reach, each template
/// and environment linted with the files it names and the registry of the
/// stack's environments; what could not be read goes to `errors`. `urls`:
/// the stack's [`ProjectStack::urls`].
#[allow(clippy::too_many_arguments)]
fn lint_stack(
    stack: &ProjectStack,
    urls: Result<Vec<String>, InputError>,
    options: &LintOptions<'_>,
    errors: &mut Vec<InputError>,
    run: &mut StackRun,
    memo: &LintMemo,
    files_linted: Files,
) -> Vec<(FileReport, ShownFindings)> {
    let urls = match urls {
        Ok(urls) => urls,
        Err(error) => {
            errors.push(error);
            return Vec::new();
        }
    };
    // A stack Heat keeps (a dump's manifest) has its names looked up among
    // its files; one on disk has them joined onto folders.
    let stored;
    let on_disk;
    let (files, shown, lookup): (&dyn FileProvider, Shown<'_>, _) = match &stack.stored_files {
        Some(manifest) => {
            stored = match crate::kept::dump::stored_files(manifest) {
                Ok(found) => {
                    let paths = std::iter::once(&stack.root).chain(&stack.environments);
                    stack::StoredFiles::new(&urls, paths, found)
                }
                Err(message) => {
                    let path = manifest.display().to_string();
                    errors.push(InputError { path, message });
                    return Vec::new();
                }
            };
            (
                &stored,
                Box::new(|url: &str| stored.shown(url)),
                Lookup::Stored,
            )
        }
        None => {
            on_disk = stack.files(&urls);
            let shown = |url: &str| {
                on_disk
                    .path_of(url)
                    .map_or_else(|| url.to_owned(), |p| stack::shown(&p))
            };
            (&on_disk, Box::new(shown), Lookup::Joined)
        }
    };
    let gathering = Gathering {
        urls: &urls,
        lookup,
        parameters: &stack.parameters,
    };
    lint_gathered(
        gathering,
        files,
        &shown,
        options,
        errors,
        run,
        memo,
        files_linted,
    )
}

/// What became of one input.
enum Outcome {
    Linted(FileReport),
    /// Walked into, well-formed, and not a Heat document.
    Skipped,
    Unreadable(InputError),
}

fn lint_input(input: &Input, heat_only: bool, options: &LintOptions<'_>) -> Outcome {
    let walked = matches!(input, Input::File { walked: true, .. });
    let text = match input.read() {
        Ok(text) => text,
        Err(message) => {
            return Outcome::Unreadable(InputError {
                path: input.name(),
                message,
            })
        }
    };
    let template = template::parse(&text);
    if (walked || heat_only) && !is_heat_document(&template) {
        return Outcome::Skipped;
    }
    let diagnostics = lint_template(&template, options);
    drop(template);
    Outcome::Linted(FileReport {
        path: input.name(),
        text: text.into(),
        diagnostics,
        stack: None,
    })
}

/// Whether a file found in a directory is one to lint: a template, an
/// environment, or something broken that may have been meant as one. A
/// directory of Heat templates often holds other YAML (Ansible task lists,
/// docker-compose files, data for scripts); reporting each as an invalid
/// template would bury the findings.
fn is_heat_document(template: &Template<'_>) -> bool {
    if template.kind() != DocumentKind::Unknown {
        return true;
    }
    let tree = template.tree();
    if !tree.errors().is_empty() {
        return true;
    }
    tree.root().is_some_and(|root| {
        tree.is_mapping(root)
            && TEMPLATE_KEYS
                .iter()
                .any(|key| tree.get(root, key).is_some())
    })
}
