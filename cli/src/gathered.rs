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
use crate::output::{FileReport, ShownFile, StackFiles};
use crate::parallel::in_parallel;

/// What the stacks one thread lints share: each file read once, each path
/// shown worked out once.
#[derive(Clone, Default)]
pub(crate) struct StackRun {
    pub(crate) cache: GatherCache,
    shown: HashMap<String, String>,
    /// The files of the first stack linted, which the later ones list
    /// only where theirs differ.
    files: Option<Arc<StackFiles>>,
}

impl StackRun {
    /// A copy for another thread, with names of its own (see
    /// [`GatherCache::for_another_thread`]).
    pub(crate) fn for_another_thread(&self) -> StackRun {
        StackRun {
            cache: self.cache.for_another_thread(),
            shown: self.shown.clone(),
            files: self.files.clone(),
        }
    }
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
    for (url, why) in &gathered.unread {
        let message = match why {
            ReadError::NotFound => "no such file or directory".to_owned(),
            other => format!("{other:?}"),
        };
        errors.push(InputError {
            path: shown_once(&mut run.shown, url, shown).clone(),
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
    // Every file, for the places findings point at in other files: those
    // of the first stack this run linted listed once, for all.
    for file in &gathered.files {
        // Looked up once: most were shown before, and URLs are long.
        if !run.shown.contains_key(&*file.url) {
            run.shown.insert(file.url.to_string(), shown(&file.url));
        }
    }
    let paths: Vec<&String> = (gathered.files.iter())
        .map(|file| &run.shown[&*file.url])
        .collect();
    let beneath = run.files.clone();
    let mut by_url = HashMap::default();
    for (file, &path) in gathered.files.iter().zip(&paths) {
        let below = beneath.as_deref().and_then(|files| files.get(&file.url));
        let same =
            |(_, (shown, text)): (_, &ShownFile)| Arc::ptr_eq(text, &file.text) && shown == path;
        if !below.is_some_and(same) {
            by_url.insert(file.url.clone(), (path.clone(), file.text.clone()));
        }
    }
    let texts = Arc::new(StackFiles { by_url, beneath });
    if run.files.is_none() {
        run.files = Some(Arc::clone(&texts));
    }
    let linter = StackLinter::new(&gathered, &mut run.cache);
    let report = |&id: &usize| {
        let file = &gathered.files[id];
        let report = FileReport {
            path: paths[id].clone(),
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

/// How the file at `url` is shown, worked out by `show` the first time
/// and kept in `known`.
fn shown_once<'k>(
    known: &'k mut HashMap<String, String>,
    url: &str,
    show: &dyn Fn(&str) -> String,
) -> &'k String {
    if !known.contains_key(url) {
        known.insert(url.to_owned(), show(url));
    }
    &known[url]
}
