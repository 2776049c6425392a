//! A stack gathered and linted, each of its files with the files it names:
//! what `lint --stack` (files on disk), `lint` of a dump and `scan` (a
//! stack as Heat keeps it) share, asked for with a [`Gathering`].

use std::sync::Arc;

use foldhash::HashMap;
use heatwise_core::lint::{LintMemo, LintOptions, ShownFindings, StackLinter};
use heatwise_core::stack::{
    FileProvider, GatherCache, Lookup, ReadError, Stack, Target, MAX_STACK_FILES,
};

use crate::input::InputError;
use crate::output::{FileReport, StackFiles};
use crate::parallel::in_parallel;

/// What the stacks one thread lints share: each file read once, each path
/// shown worked out once.
#[derive(Clone, Default)]
pub(crate) struct StackRun {
    pub(crate) cache: GatherCache,
    shown: HashMap<String, String>,
}

/// Whether the files of one stack are linted on all cores, or one after
/// the other (when the stacks themselves are spread over the cores).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Files {
    InParallel,
    InTurn,
}

/// A stack to gather: the root's URL and the environments' after it, how
/// the names its files hold reach files, and the values the create
/// request gives its parameters.
pub(crate) struct Gathering<'a> {
    pub urls: &'a [String],
    pub lookup: Lookup,
    pub parameters: &'a [(String, String)],
}

/// The stack `gathering` names, its files read from `files` and each
/// shown as `shown` names its URL: each file's report, its findings apart
/// as the linter shows them (see `StackLinter::lint_shown`), shared with
/// the stacks `memo` served that found the same ([`with_diagnostics`]
/// puts them in).
#[allow(clippy::too_many_arguments)]
pub(crate) fn lint_gathered(
    gathering: Gathering<'_>,
    files: &dyn FileProvider,
    shown: &dyn Fn(&str) -> String,
    options: &LintOptions<'_>,
    errors: &mut Vec<InputError>,
    run: &mut StackRun,
    memo: &LintMemo,
    files_linted: Files,
) -> Vec<(FileReport, ShownFindings)> {
    let Gathering {
        urls,
        lookup,
        parameters,
    } = gathering;
    let gather = match lookup {
        Lookup::Joined => Stack::gather_with,
        Lookup::Stored => Stack::gather_stored,
    };
    let mut gathered = gather(&urls[0], &urls[1..], files, &mut run.cache);
    gathered.parameters = parameters.to_vec();
    let mut shown = |url: &str| match run.shown.get(url) {
        Some(known) => known.clone(),
        None => run
            .shown
            .entry(url.to_owned())
            .or_insert_with(|| shown(url))
            .clone(),
    };
    for (url, why) in &gathered.unread {
        let message = match why {
            ReadError::NotFound => "no such file or directory".to_owned(),
            other => format!("{other:?}"),
        };
        errors.push(InputError {
            path: shown(url),
            message,
        });
    }
    if gathered
        .references
        .iter()
        .any(|r| r.target == Target::OverLimit)
    {
        eprintln!(
            "warning: the stack reaches more than {MAX_STACK_FILES} files; the rest are not checked"
        );
    }
    // Every file, for the places findings point at in other files.
    let texts = Arc::new(StackFiles {
        by_url: gathered
            .files
            .iter()
            .map(|file| (file.url.clone(), (shown(&file.url), file.text.clone())))
            .collect(),
    });
    let linter = StackLinter::new(&gathered, &mut run.cache);
    let report = |&id: &usize| {
        let file = &gathered.files[id];
        let report = FileReport {
            path: texts.by_url[&*file.url].0.clone(),
            text: file.text.clone(),
            diagnostics: Vec::new(),
            stack: Some(Arc::clone(&texts)),
        };
        (report, linter.lint_shown(id, options, memo))
    };
    match files_linted {
        Files::InParallel => in_parallel(&linter.files(), report),
        Files::InTurn => linter.files().iter().map(report).collect(),
    }
}

/// Each report with its findings in it.
pub(crate) fn with_diagnostics(reports: Vec<(FileReport, ShownFindings)>) -> Vec<FileReport> {
    (reports.into_iter())
        .map(|(report, found)| FileReport {
            diagnostics: found.diagnostics(),
            ..report
        })
        .collect()
}
