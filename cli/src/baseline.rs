//! `--baseline FILE` and `--write-baseline FILE` for `lint` and `scan`:
//! today's findings acknowledged in a file of their own (core's
//! `baseline` keys them), so that a fleet's or a repository's old
//! findings do not drown the new ones, and what was fixed is said stale.
//!
//! ```json
//! {"format": "heatwise-baseline/1",
//!  "findings": [{"stack": "alpha/web", "file": "files/app.yaml",
//!                "place": "resources.secret", "code": "HW202",
//!                "about": "OS::Heat::RandomString.sequence", "count": 1}]}
//! ```

use std::path::{Path, PathBuf};

use clap::Args;
use heatwise_core::baseline::{Baseline, Key, MAX_BASELINE_ENTRIES};
use serde::{Deserialize, Serialize};

use crate::output::FileReport;

const FORMAT: &str = "heatwise-baseline/1";

#[derive(Args, Debug, Default)]
pub struct BaselineArgs {
    /// Do not report the findings this baseline holds (written by
    /// --write-baseline); say which of its entries no finding matches any
    /// more, so that it only shrinks.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,

    /// Write today's findings to FILE as a baseline, and report nothing
    /// else: each keyed by its file, its place (`resources.NAME`), its
    /// rule and what it is about, not by line.
    #[arg(long, value_name = "FILE", conflicts_with = "baseline")]
    pub write_baseline: Option<PathBuf>,
}

/// For files on disk (`lint`): the baseline of `reports` written, with
/// how many findings it holds (the run then ends); or the baseline given
/// (`--baseline`, else the project file's `from_project`) taken out of
/// them.
pub fn for_files(
    args: &BaselineArgs,
    from_project: Option<&Path>,
    reports: &mut [FileReport],
) -> Result<Option<usize>, String> {
    if let Some(path) = &args.write_baseline {
        let written = Baseline::of(keys("", reports, &|p| relative_to(path, p)));
        return write_told(path, &written).map(Some);
    }
    if let Some(path) = args.baseline.as_deref().or(from_project) {
        let mut baseline = read(path)?;
        let silenced = silence(&mut baseline, "", reports, &|p| relative_to(path, p));
        tell(path, &baseline, silenced);
    }
    Ok(None)
}
/// Most stale entries listed on standard error; the rest are counted.
const STALE_SHOWN: usize = 20;

#[derive(Serialize, Deserialize)]
struct BaselineFile {
    format: String,
    findings: Vec<Entry>,
}

#[derive(Serialize, Deserialize)]
pub struct Entry {
    /// `PROJECT/STACK`, for a scan's findings.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    stack: String,
    file: String,
    #[serde(default)]
    place: String,
    code: String,
    about: String,
    #[serde(default = "one")]
    count: usize,
}

fn one() -> usize {
    1
}

impl Entry {
    fn of(key: &Key, count: usize) -> Entry {
        Entry {
            stack: key.stack.clone(),
            file: key.file.clone(),
            place: key.place.clone(),
            code: key.code.clone(),
            about: key.about.clone(),
            count,
        }
    }
}

/// The baseline in the file at `path`.
pub fn read(path: &Path) -> Result<Baseline, String> {
    let shown = path.display();
    let text = crate::input::read_file(path).map_err(|m| format!("{shown}: {m}"))?;
    let file: BaselineFile = serde_json::from_str(&text).map_err(|error| {
        format!("{shown} is not a heatwise baseline ({error}); write one with --write-baseline")
    })?;
    if file.format != FORMAT {
        return Err(format!(
            "{shown} is of the format {}, not {FORMAT}: write it again with --write-baseline",
            file.format
        ));
    }
    if file.findings.len() > MAX_BASELINE_ENTRIES {
        return Err(format!(
            "{shown} has over {MAX_BASELINE_ENTRIES} entries, more than heatwise reads"
        ));
    }
    Ok(Baseline::new(file.findings.into_iter().map(|entry| {
        let key = Key {
            stack: entry.stack,
            file: entry.file,
            place: entry.place,
            code: entry.code,
            about: entry.about,
        };
        (key, entry.count)
    })))
}

/// Writes `baseline` to `path`, its entries in order.
pub fn write(path: &Path, baseline: &Baseline) -> Result<(), String> {
    let file = BaselineFile {
        format: FORMAT.to_owned(),
        findings: baseline
            .entries()
            .map(|(key, count)| Entry::of(key, count))
            .collect(),
    };
    let json = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
    std::fs::write(path, json + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes `baseline` to `path` and says so; how many findings it holds.
fn write_told(path: &Path, baseline: &Baseline) -> Result<usize, String> {
    write(path, baseline)?;
    let count = baseline.len();
    let findings = if count == 1 { "finding" } else { "findings" };
    eprintln!(
        "wrote a baseline of {count} {findings} to {}",
        path.display()
    );
    Ok(count)
}

/// The keys of every finding of `reports`, in the stack `stack` (empty
/// for files on disk), each file named as `file_of` names its path.
pub fn keys(stack: &str, reports: &[FileReport], file_of: &dyn Fn(&str) -> String) -> Vec<Key> {
    let mut keys = Vec::new();
    for report in reports.iter().filter(|r| !r.diagnostics.is_empty()) {
        let parsed = heatwise_core::template::parse(&report.text);
        let file = file_of(&report.path);
        keys.extend(
            report
                .diagnostics
                .iter()
                .map(|diagnostic| Key::of(stack, &file, parsed.tree(), diagnostic)),
        );
    }
    keys
}

/// Takes out of `reports` the findings `baseline` acknowledges, counting
/// them off its entries; how many it took.
pub fn silence(
    baseline: &mut Baseline,
    stack: &str,
    reports: &mut [FileReport],
    file_of: &dyn Fn(&str) -> String,
) -> usize {
    let mut silenced = 0;
    for report in reports.iter_mut().filter(|r| !r.diagnostics.is_empty()) {
        let parsed = heatwise_core::template::parse(&report.text);
        let file = file_of(&report.path);
        report.diagnostics.retain(|diagnostic| {
            let key = Key::of(stack, &file, parsed.tree(), diagnostic);
            let kept = !baseline.silences(&key);
            silenced += usize::from(!kept);
            kept
        });
    }
    silenced
}

/// What a baseline did to a scan, for its JSON report.
#[derive(Serialize)]
pub struct Applied {
    /// Findings not reported.
    pub silenced: usize,
    /// Entries no finding matched any more.
    pub stale: Vec<Entry>,
}

/// For running stacks (`scan`): each of `stacks` (its `PROJECT/STACK`
/// and its files' reports, paths relative to the stack) keyed as the
/// baseline keys it; the baseline written (the count; the run then ends),
/// or the one given taken out of the reports.
pub fn for_stacks(
    args: &BaselineArgs,
    stacks: &mut [(String, &mut Vec<FileReport>)],
) -> Result<(Option<usize>, Option<Applied>), String> {
    let same = |path: &str| path.to_owned();
    if let Some(path) = &args.write_baseline {
        let keys = stacks
            .iter()
            .flat_map(|(stack, reports)| keys(stack, reports, &same));
        let written = Baseline::of(keys);
        return write_told(path, &written).map(|count| (Some(count), None));
    }
    let Some(path) = &args.baseline else {
        return Ok((None, None));
    };
    let mut baseline = read(path)?;
    let mut silenced = 0;
    for (stack, reports) in stacks.iter_mut() {
        silenced += silence(&mut baseline, stack, reports, &same);
    }
    tell(path, &baseline, silenced);
    let stale = baseline
        .stale()
        .into_iter()
        .map(|(key, count)| Entry::of(key, count))
        .collect();
    Ok((None, Some(Applied { silenced, stale })))
}

/// On standard error: what the baseline silenced, and each entry no
/// finding matched any more.
pub fn tell(path: &Path, baseline: &Baseline, silenced: usize) {
    let stale = baseline.stale();
    if silenced > 0 {
        eprintln!(
            "{}: {silenced} known finding{} not reported",
            path.display(),
            if silenced == 1 { "" } else { "s" }
        );
    }
    if stale.is_empty() {
        return;
    }
    let count: usize = stale.iter().map(|(_, n)| n).sum();
    let (findings, are, them) = match count {
        1 => ("finding", "is", "it"),
        _ => ("findings", "are", "them"),
    };
    eprintln!(
        "warning: {}: {count} {findings} of the baseline {are} no longer found (fixed, or moved \
         to another file): write it again to drop {them} (--write-baseline {})",
        path.display(),
        path.display()
    );
    for (key, n) in stale.iter().take(STALE_SHOWN) {
        let stack = match key.stack.is_empty() {
            true => String::new(),
            false => format!("{}/", key.stack),
        };
        let times = if *n > 1 {
            format!(" ({n} times)")
        } else {
            String::new()
        };
        eprintln!(
            "  {stack}{} {} {}: {}{times}",
            key.file, key.place, key.code, key.about
        );
    }
    if stale.len() > STALE_SHOWN {
        eprintln!("  and {} more", stale.len() - STALE_SHOWN);
    }
}

/// A report's path as a baseline at `baseline` names it: relative to the
/// baseline's folder where it is below it, so that the file means the
/// same whichever folder heatwise runs in.
pub fn relative_to(baseline: &Path, path: &str) -> String {
    let folder = baseline
        .parent()
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .unwrap_or(Path::new("."));
    let (Ok(folder), Ok(file)) = (
        std::fs::canonicalize(folder),
        std::fs::canonicalize(PathBuf::from(path)),
    ) else {
        return path.to_owned();
    };
    match file.strip_prefix(&folder) {
        Ok(relative) => relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        Err(_) => path.to_owned(),
    }
}
