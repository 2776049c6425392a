//! The findings of a stack linted once with each environment of a folder
//! on top (`--each-environment`), merged as each combination ends: each
//! finding once, with the environments it arises with. Merging as they
//! come keeps one copy of each finding rather than every combination's
//! reports until the last, which held most of the run's memory.

use std::hash::BuildHasher;
use std::sync::{Mutex, PoisonError};

use foldhash::{HashMap, HashMapExt};
use heatwise_core::lint::{Diagnostic, Rule};

use crate::input::{report_error, InputError};
use crate::output::FileReport;

/// Where a finding is and what it says: its range, its rule, a hash of
/// its message (findings of one place are then compared whole).
type Place = (u32, u32, Rule, u64);

/// Where something was first met: the combination, then its place in
/// that combination's reports. Sorting by it gives the order of a run
/// that linted the combinations one after the other.
type First = (usize, usize);

/// The combinations merged so far; shared by the threads that lint them.
#[derive(Default)]
pub(crate) struct Combined(Mutex<Merged>);

#[derive(Default)]
struct Merged {
    files: Vec<MergedFile>,
    index_of: HashMap<String, usize>,
    errors: Vec<(First, InputError)>,
    messages: foldhash::fast::RandomState,
}

struct MergedFile {
    first: First,
    /// The first report of the file, without its findings.
    report: FileReport,
    findings: Vec<Finding>,
    /// The findings by place, rule and message: a finding of the next
    /// combination is compared with those alone.
    by_place: HashMap<Place, Vec<usize>>,
}

struct Finding {
    first: First,
    diagnostic: Diagnostic,
    /// The combinations it arises in, in the order they were merged
    /// (sorted when merging ends).
    with: Vec<usize>,
}

impl Combined {
    /// Merges what combination number `combination` found.
    pub(crate) fn add(
        &self,
        combination: usize,
        reports: Vec<FileReport>,
        errors: Vec<InputError>,
    ) {
        let mut merged = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let merged = &mut *merged;
        for (at, error) in errors.into_iter().enumerate() {
            merged.errors.push(((combination, at), error));
        }
        for (at, mut report) in reports.into_iter().enumerate() {
            let diagnostics = std::mem::take(&mut report.diagnostics);
            let first = (combination, at);
            let index = match merged.index_of.get(&report.path) {
                // Combinations end in any order: the file's report is that
                // of the first combination, as in a run of one thread.
                Some(&index) => {
                    let file = &mut merged.files[index];
                    if first < file.first {
                        file.first = first;
                        file.report = report;
                    }
                    index
                }
                None => {
                    merged
                        .index_of
                        .insert(report.path.clone(), merged.files.len());
                    merged.files.push(MergedFile {
                        first,
                        report,
                        findings: Vec::new(),
                        by_place: HashMap::new(),
                    });
                    merged.files.len() - 1
                }
            };
            let file = &mut merged.files[index];
            for (position, diagnostic) in diagnostics.into_iter().enumerate() {
                let place = (
                    diagnostic.range.start,
                    diagnostic.range.end,
                    diagnostic.rule,
                    merged.messages.hash_one(&diagnostic.message),
                );
                let candidates = file.by_place.entry(place).or_default();
                let found = (candidates.iter().copied())
                    .find(|&at| file.findings[at].diagnostic == diagnostic);
                let first = (combination, position);
                match found {
                    Some(at) => {
                        let finding = &mut file.findings[at];
                        finding.with.push(combination);
                        finding.first = finding.first.min(first);
                    }
                    None => {
                        candidates.push(file.findings.len());
                        file.findings.push(Finding {
                            first,
                            diagnostic,
                            with: vec![combination],
                        });
                    }
                }
            }
        }
    }

    /// The merged reports, each finding's message naming the
    /// environments (`shown_extras`, by combination) it arises with when
    /// not all; the errors reported into `errors`, each once.
    pub(crate) fn finish(
        self,
        shown_extras: &[String],
        errors: &mut Vec<InputError>,
    ) -> Vec<FileReport> {
        let mut merged = self.0.into_inner().unwrap_or_else(PoisonError::into_inner);
        merged.errors.sort_by_key(|(first, _)| *first);
        for (_, error) in merged.errors {
            if !errors.contains(&error) {
                report_error(errors, error);
            }
        }
        merged.files.sort_by_key(|file| file.first);
        let combinations = shown_extras.len();
        merged
            .files
            .into_iter()
            .map(|mut file| {
                file.findings.sort_by_key(|finding| finding.first);
                let mut report = file.report;
                report.diagnostics = (file.findings.into_iter())
                    .map(|finding| {
                        let mut diagnostic = finding.diagnostic;
                        let mut with = finding.with;
                        with.sort_unstable();
                        with.dedup();
                        if with.len() < combinations {
                            diagnostic.message.push_str(&which(shown_extras, &with));
                        }
                        diagnostic
                    })
                    .collect();
                report.diagnostics.sort_by_key(|d| (d.range.start, d.rule));
                report
            })
            .collect()
    }
}

/// " (with a and b)", or " (with every environment but c)" when that is
/// shorter: the environments `with` names by combination (sorted, each
/// once).
fn which(shown_extras: &[String], with: &[usize]) -> String {
    let without = shown_extras.len() - with.len();
    if without < with.len() {
        let names = (0..shown_extras.len())
            .filter(|at| with.binary_search(at).is_err())
            .map(|at| shown_extras[at].as_str());
        format!(" (with every environment but {})", named(names, without))
    } else {
        let names = with.iter().map(|&at| shown_extras[at].as_str());
        format!(" (with {})", named(names, with.len()))
    }
}

/// `a`, `a and b`, `a, b, c and 4 more`: the `count` environments
/// `environments` names, of which only the first few are read.
fn named<'e>(environments: impl Iterator<Item = &'e str>, count: usize) -> String {
    const SHOWN: usize = 3;
    let first: Vec<&str> = environments.take(SHOWN).collect();
    match (first.as_slice(), count) {
        ([one], 1) => (*one).to_owned(),
        ([shown @ .., last], _) if count <= SHOWN => {
            format!("{} and {last}", shown.join(", "))
        }
        _ => format!(
            "{} and {} more",
            first.join(", "),
            count.saturating_sub(SHOWN)
        ),
    }
}
