//! The findings of a stack linted once with each environment of a folder
//! on top (`--each-environment`), merged as each combination ends: each
//! finding once, with the environments it arises with. Merging as they
//! come keeps one copy of each finding rather than every combination's
//! reports until the last, which held most of the run's memory. Each
//! thread merges what it lints, without waiting for another; the
//! threads' merges are merged at the end.

use std::hash::BuildHasher;

use foldhash::{HashMap, HashMapExt};
use heatwise_core::lint::{Diagnostic, Rule, ShownFindings, ShownKey};

use crate::input::{report_error, InputError};
use crate::output::FileReport;

/// Where a finding is and what it says: its range, its rule, a hash of
/// its message (findings of one place are then compared whole).
type Place = (u32, u32, Rule, u64);

/// Where something was first met: the combination, then its place in
/// that combination's reports. Sorting by it gives the order of a run
/// that linted the combinations one after the other.
type First = (usize, usize);

/// The combinations one thread merged so far.
#[derive(Default)]
pub(crate) struct Combined {
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
    /// The findings merged, by the lint that found them (the linter's memo
    /// gives combinations whose answers hold the same), each way they were
    /// shown with where each of its diagnostics is in `findings`: another
    /// combination that shows them alike is merged without comparing
    /// them.
    merged: HashMap<u64, Vec<(ShownKey, Vec<usize>)>>,
}

struct Finding {
    first: First,
    diagnostic: Diagnostic,
    /// The combinations it arises in, in the order they were merged
    /// (sorted when merging ends).
    with: Vec<usize>,
}

impl Combined {
    /// Merges what combination number `combination` found: each file's
    /// report, with its findings apart.
    pub(crate) fn add(
        &mut self,
        combination: usize,
        reports: Vec<(FileReport, ShownFindings)>,
        errors: Vec<InputError>,
    ) {
        for (at, error) in errors.into_iter().enumerate() {
            self.errors.push(((combination, at), error));
        }
        for (at, (report, shown)) in reports.into_iter().enumerate() {
            let index = self.file(report, (combination, at));
            let file = &mut self.files[index];
            let ways = file.merged.entry(shown.lint()).or_default();
            let way = match ways.iter().position(|(known, _)| shown.has_key(known)) {
                Some(way) => way,
                None => {
                    let at_findings = (shown.diagnostics().iter())
                        .map(|diagnostic| {
                            finding(
                                &mut file.findings,
                                &mut file.by_place,
                                diagnostic,
                                &self.messages,
                            )
                        })
                        .collect();
                    ways.push((shown.key(), at_findings));
                    ways.len() - 1
                }
            };
            for (position, &at) in ways[way].1.iter().enumerate() {
                file.findings[at].met(combination, (combination, position));
            }
        }
    }

    /// Merges what another thread merged.
    pub(crate) fn absorb(&mut self, other: Combined) {
        self.errors.extend(other.errors);
        for file in other.files {
            let index = self.file(file.report, file.first);
            let here = &mut self.files[index];
            for theirs in file.findings {
                let at = finding(
                    &mut here.findings,
                    &mut here.by_place,
                    &theirs.diagnostic,
                    &self.messages,
                );
                let merged = &mut here.findings[at];
                merged.with.extend(theirs.with);
                merged.first = merged.first.min(theirs.first);
            }
        }
    }

    /// Where the file `report` is about is among the merged ones, added
    /// the first time; its report kept when first met at `first`.
    fn file(&mut self, report: FileReport, first: First) -> usize {
        match self.index_of.get(&report.path) {
            // Combinations end in any order: the file's report is that of
            // the first combination, as in a run of one thread.
            Some(&index) => {
                let file = &mut self.files[index];
                if first < file.first {
                    file.first = first;
                    file.report = report;
                }
                index
            }
            None => {
                self.index_of.insert(report.path.clone(), self.files.len());
                self.files.push(MergedFile {
                    first,
                    report,
                    findings: Vec::new(),
                    by_place: HashMap::new(),
                    merged: HashMap::new(),
                });
                self.files.len() - 1
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
        let mut merged = self;
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

impl Finding {
    /// Met again in `combination`, at `first`.
    fn met(&mut self, combination: usize, first: First) {
        self.with.push(combination);
        self.first = self.first.min(first);
    }
}

/// Where `diagnostic` is among a file's `findings` (`by_place`: their
/// indexes by place, rule and message), added the first time (first met
/// in no combination yet).
fn finding(
    findings: &mut Vec<Finding>,
    by_place: &mut HashMap<Place, Vec<usize>>,
    diagnostic: &Diagnostic,
    messages: &foldhash::fast::RandomState,
) -> usize {
    let place = (
        diagnostic.range.start,
        diagnostic.range.end,
        diagnostic.rule,
        messages.hash_one(&diagnostic.message),
    );
    let candidates = by_place.entry(place).or_default();
    if let Some(at) =
        (candidates.iter().copied()).find(|&at| findings[at].diagnostic == *diagnostic)
    {
        return at;
    }
    candidates.push(findings.len());
    findings.push(Finding {
        first: (usize::MAX, usize::MAX),
        diagnostic: diagnostic.clone(),
        with: Vec::new(),
    });
    findings.len() - 1
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
