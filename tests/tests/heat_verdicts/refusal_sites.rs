//! Heat's refusal sites: each `raise` of Heat 27.0.1 that can refuse a
//! stack before it is created, which cases of the test command reach it,
//! and whether heatwise reports an error on every case it refuses
//! (`tools/heat_oracle/refusal_sites.py` recorded Heat's side under
//! coverage.py; `cargo xtask oracle --coverage` records it again).
//!
//! The site list (`docs/heat-refusal-sites.md`) and the summary by area
//! (the snapshot `heat-refusal-sites.md`, which ends docs/rules.md) are
//! both written from what heatwise says here, so they cannot drift from
//! it: `HEATWISE_BLESS=1` rewrites them.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use heatwise_core::stack::GatherCache;
use heatwise_test_support::fnv1a64;
use serde_json::Value;

use heatwise_core::lint::Stage;

use super::common::LocalFiles;
use super::{
    first_error, first_error_at, first_error_of_stack, first_error_with, Mutated, Overlaid,
};

/// A case's input, as the record names it.
struct Inputs {
    generated: Vec<Value>,
    validation: PathBuf,
    tht: PathBuf,
    mutations: Vec<Value>,
    stacks: Vec<Value>,
    environments: Vec<Value>,
    /// cli/tests/fixtures/verdicts: the stacks the live verdict test
    /// creates.
    created: PathBuf,
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A URL no file is at, for a case that is a text.
const CASES: &str = "/heatwise-refusal-site-cases";

impl Inputs {
    /// The case's input bytes (for its recorded hash) and heatwise's first
    /// error on it (of a created case, the first at the stage Heat refused
    /// it at); `None` when the record names no such case.
    fn judge(
        &self,
        source: &str,
        key: &str,
        stage: Option<&str>,
    ) -> Option<(Vec<u8>, Option<String>)> {
        let mut cache = GatherCache::default();
        match source {
            "generated" => {
                let text = self.generated.get(key.parse::<usize>().ok()?)?["text"].as_str()?;
                let root = PathBuf::from(format!("{CASES}/generated-{key}.yaml"));
                let files = Mutated {
                    url: format!("file://{}", root.display()),
                    text,
                };
                let error = first_error_with(&root, &mut cache, &files);
                Some((text.as_bytes().to_vec(), error))
            }
            "validation" => {
                let path = self.validation.join(key);
                Some((std::fs::read(&path).ok()?, first_error(&path, &mut cache)))
            }
            "tht" => {
                let path = self.tht.join(key);
                Some((std::fs::read(&path).ok()?, first_error(&path, &mut cache)))
            }
            "tht-mutation" => {
                let record = self.mutations.get(key.parse::<usize>().ok()?)?;
                let path = self.tht.join(record["template"].as_str()?);
                let bytes = std::fs::read(&path).ok()?;
                let (start, end) = (
                    record["start"].as_u64()? as usize,
                    record["end"].as_u64()? as usize,
                );
                let mut mutated = bytes.get(..start)?.to_vec();
                mutated.extend_from_slice(record["insert"].as_str()?.as_bytes());
                mutated.extend_from_slice(bytes.get(end..)?);
                let text = String::from_utf8(mutated).ok()?;
                let files = Mutated {
                    url: format!("file://{}", path.display()),
                    text: &text,
                };
                Some((bytes, first_error_with(&path, &mut cache, &files)))
            }
            "stack" | "environment" => {
                let cases = if source == "stack" {
                    &self.stacks
                } else {
                    &self.environments
                };
                let case = cases.iter().find(|c| c["name"] == key)?;
                let dir = format!("{CASES}/stack");
                let texts = case["files"]
                    .as_object()?
                    .iter()
                    .map(|(name, text)| {
                        let text = text.as_str().unwrap_or_default().to_owned();
                        (format!("file://{dir}/{name}"), text)
                    })
                    .collect();
                let root = PathBuf::from(format!("{dir}/{}", case["root"].as_str()?));
                let environments: Vec<String> = case["environments"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|e| Some(format!("file://{dir}/{}", e.as_str()?)))
                    .collect();
                let error =
                    first_error_of_stack(&root, &environments, &mut cache, &Overlaid { texts });
                // The recorded hash is of its files: each name, then its
                // text, each followed by a NUL, by name.
                let mut bytes = Vec::new();
                for (name, text) in case["files"].as_object()? {
                    for part in [name.as_str(), text.as_str()?] {
                        bytes.extend_from_slice(part.as_bytes());
                        bytes.push(0);
                    }
                }
                Some((bytes, error))
            }
            "create" => {
                let root = self.created.join(key);
                let environment = root.with_extension("env.yaml");
                let mut bytes = std::fs::read(&root).ok()?;
                bytes.push(0);
                let mut environments = Vec::new();
                if let Ok(text) = std::fs::read(&environment) {
                    bytes.extend_from_slice(&text);
                    environments.push(format!("file://{}", environment.display()));
                }
                // Refused by the create request (or heatclient before it),
                // or only while creating: an error at that stage agrees.
                let judged = |ours: Option<Stage>| match stage {
                    Some("create") => ours == Some(Stage::Create),
                    Some(_) => ours != Some(Stage::Create),
                    None => true,
                };
                let error = first_error_at(&root, &environments, &mut cache, &LocalFiles, &judged);
                Some((bytes, error))
            }
            _ => None,
        }
    }
}

#[derive(Default)]
struct SiteCounts {
    /// Cases during which Heat raised here (caught or not).
    raised: usize,
    /// Cases Heat refused with the exception raised here.
    refused: usize,
    /// Of those, the ones heatwise reports an error on.
    agreed: usize,
    /// A case Heat refused here and heatwise passed.
    missed: Option<String>,
}

/// Where a site is, for the summary: the part of Heat it belongs to.
fn area(file: &str) -> &'static str {
    let name = file.rsplit('/').next().unwrap_or(file);
    if file.starts_with("heatclient/") {
        "the client gathering the files (python-heatclient)"
    } else if file.starts_with("heat/common/") {
        "loading a template or an environment"
    } else if file.starts_with("heat/engine/resources/") {
        "the resource types' own validation"
    } else if name.contains("param") {
        "parameters and parameter groups"
    } else if [
        "properties",
        "constraint",
        "translation",
        "attributes",
        "support",
    ]
    .iter()
    .any(|part| name.contains(part))
    {
        "properties, constraints and translation"
    } else if name == "environment.py" {
        "environments and the resource registry"
    } else if name == "stack.py" || name == "resource.py" {
        "building and validating the stack and its resources"
    } else {
        "templates, functions, conditions, outputs and dependencies"
    }
}

#[test]
fn heat_refusal_sites_reached_and_agreed() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let core = manifest.join("../core/tests/fixtures");
    let verdicts = manifest.join("fixtures/heat-verdicts");
    let tht = std::env::var_os("HEATWISE_RENDERED_CORPUS").map_or_else(
        || manifest.join("../target/corpus/tripleo-heat-templates-18.0.0-rendered"),
        PathBuf::from,
    );
    let Ok(tht) = std::fs::canonicalize(&tht) else {
        eprintln!(
            "skipped: Heat's refusal sites: {} is not there (run `cargo xtask setup`)",
            tht.display()
        );
        return;
    };
    let inputs = Inputs {
        generated: read_json(&core.join("validation/generated.json"))
            .as_array()
            .cloned()
            .expect("generated cases"),
        validation: core.join("validation"),
        tht,
        mutations: read_json(&verdicts.join("tht-mutations.json"))["mutations"]
            .as_array()
            .cloned()
            .expect("mutations"),
        stacks: read_json(&core.join("stack/nested.json"))
            .as_array()
            .cloned()
            .expect("stack cases"),
        environments: read_json(&verdicts.join("environment-cases.json"))
            .as_array()
            .cloned()
            .expect("environment cases"),
        created: std::fs::canonicalize(manifest.join("../cli/tests/fixtures/verdicts"))
            .expect("the live verdict test's stacks"),
    };
    let record = read_json(&verdicts.join("refusal-sites.json"));
    let sites = record["sites"].as_array().expect("sites");
    let mut counts: BTreeMap<&str, SiteCounts> = BTreeMap::new();
    let (mut stale, mut false_errors, mut cases) = (Vec::new(), Vec::new(), 0);
    for case in record["cases"].as_array().expect("cases") {
        let (source, key) = (
            case["source"].as_str().unwrap(),
            case["key"].as_str().unwrap(),
        );
        let verdict = case["verdict"].as_str().unwrap_or_default();
        let Some((bytes, error)) = inputs.judge(source, key, case["stage"].as_str()) else {
            stale.push(format!("{source} {key}: no such case"));
            continue;
        };
        if fnv1a64(&bytes) != case["fnv1a64"].as_str().unwrap_or_default() {
            stale.push(format!("{source} {key}: changed since it was recorded"));
            continue;
        }
        cases += 1;
        for site in case["raised"].as_array().into_iter().flatten() {
            counts.entry(site.as_str().unwrap()).or_default().raised += 1;
        }
        match (verdict, case["site"].as_str()) {
            ("refused", Some(site)) => {
                let row = counts.entry(site).or_default();
                row.refused += 1;
                if error.is_some() {
                    row.agreed += 1;
                } else if row.missed.is_none() {
                    row.missed = Some(format!("{source} {key}"));
                }
            }
            ("accepted", _) => {
                if let Some(error) = error {
                    false_errors.push(format!("{source} {key}: {error}"));
                }
            }
            _ => {}
        }
    }
    assert!(
        stale.is_empty(),
        "the record of Heat's refusal sites is stale; run `cargo xtask oracle --coverage`:\n{}",
        stale.join("\n")
    );
    assert!(
        false_errors.is_empty(),
        "heatwise reports errors where Heat 27.0.1 accepts:\n{}",
        false_errors.join("\n")
    );
    // A site said to be unreached that a case reaches says it wrongly.
    let reached: Vec<&str> = sites
        .iter()
        .filter(|site| site["unreached"].is_string())
        .filter_map(|site| site["site"].as_str())
        .filter(|id| {
            counts
                .get(id)
                .is_some_and(|c| c.raised > 0 || c.refused > 0)
        })
        .collect();
    assert!(
        reached.is_empty(),
        "refusal_sites.py says no template reaches these sites, and a case does: {reached:?}"
    );
    let heat = record["heat_version"].as_str().unwrap_or_default();
    let list = site_list(sites, &counts, heat, cases);
    heatwise_test_support::assert_snapshot(&manifest.join("../docs/heat-refusal-sites.md"), &list);
    super::common::assert_snapshot(
        "heat-refusal-sites.md",
        &summary(sites, &counts, heat, cases),
    );
}

/// The summary by area: it ends docs/rules.md (core/tests/rules_doc.rs).
fn summary(
    sites: &[Value],
    counts: &BTreeMap<&str, SiteCounts>,
    heat: &str,
    cases: usize,
) -> String {
    // area → sites, not decidable offline, unreached, raised, decidable
    //        and not raised, refusing, all refusals reported
    let mut areas: BTreeMap<&str, [usize; 7]> = BTreeMap::new();
    for site in sites {
        let id = site["site"].as_str().unwrap();
        let row = areas
            .entry(area(site["file"].as_str().unwrap()))
            .or_default();
        let cloud = why_not(site).is_some();
        let unreached = site["unreached"].is_string();
        let count = counts.get(id);
        let raised = count.is_some_and(|c| c.raised > 0 || c.refused > 0);
        row[0] += 1;
        row[1] += usize::from(cloud);
        row[2] += usize::from(unreached && !cloud);
        row[3] += usize::from(raised);
        row[4] += usize::from(!cloud && !unreached && !raised);
        if let Some(count) = count.filter(|c| c.refused > 0) {
            row[5] += 1;
            row[6] += usize::from(count.agreed == count.refused);
        }
    }
    let mut out = format!(
        "## Heat's refusal sites\n\n\
         Every `raise` of Heat {heat} that can refuse a stack before it is created, \
         or while it creates its resources and nested stacks (and of \
         python-heatclient, which gathers its files), and whether the {cases} cases \
         the test command replays reach it: the generated cases, the validation \
         fixtures, the rendered tripleo-heat-templates and its mutations, the \
         nested-stack fixtures, the environment cases, and the stacks the live \
         verdict test creates, measured on the real Heat server. Recorded under \
         coverage.py by `cargo xtask oracle --coverage`; heatwise's side (of a \
         created stack, an error at the stage Heat refused it) is worked out by \
         `tests/tests/heat_verdicts.rs` each time the tests run. *Raised*: a case \
         made Heat raise there (Heat may catch it). *Refusing*: a case Heat refused \
         with the exception raised there. *Agreed*: heatwise reports an error on \
         every case refused there. *Not decidable offline*: the function asks the \
         cloud (a client, the database, the RPC API), and whether it refuses depends \
         on the answer; or no template reaches it, because Heat's own definitions \
         decide it (a schema, a translation rule, a method its subclasses define). \
         *Unreached*: another check always refuses the same first, or the site reads \
         what only the created resource has; each says which, and was judged with a \
         case written for it. Every site, with the case that misses it: \
         [heat-refusal-sites.md](heat-refusal-sites.md).\n\n\
         | area | sites | not decidable offline | unreached | raised | decidable, not raised | refusing | agreed |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
    );
    let mut total = [0usize; 7];
    for (area, row) in &areas {
        let [a, b, c, d, e, f, g] = row;
        writeln!(out, "| {area} | {a} | {b} | {c} | {d} | {e} | {f} | {g} |").unwrap();
        for (t, v) in total.iter_mut().zip(row) {
            *t += v;
        }
    }
    let [a, b, c, d, e, f, g] = total;
    writeln!(out, "| **all** | {a} | {b} | {c} | {d} | {e} | {f} | {g} |").unwrap();
    out
}

/// Why no case of ours can decide whether the site refuses: the cloud
/// answers, or Heat's own definitions do.
fn why_not(site: &Value) -> Option<String> {
    if let Some(call) = site["cloud"].as_str() {
        return Some(format!("asks the cloud: `{}`", call.trim_end_matches('(')));
    }
    site["heats_own"]
        .as_str()
        .map(|why| format!("Heat's own: {why}"))
}

/// Every site, file by file.
fn site_list(
    sites: &[Value],
    counts: &BTreeMap<&str, SiteCounts>,
    heat: &str,
    cases: usize,
) -> String {
    let mut out = format!(
        "# Heat {heat}'s refusal sites\n\n\
         Generated by `tests/tests/heat_verdicts.rs` from \
         `tests/fixtures/heat-verdicts/refusal-sites.json` (`cargo xtask oracle --coverage`); \
         the summary and what the columns mean are at the end of [rules.md](rules.md). \
         {cases} cases. *Raised*: cases during which Heat raised there; *refused*: cases \
         Heat refused with that exception; *heatwise*: of those, the ones heatwise \
         reports an error on, and the first it misses. A site marked \"Python\" is a line \
         where Python itself raised and Heat let the error through.\n"
    );
    let mut file = "";
    for site in sites {
        let id = site["site"].as_str().unwrap();
        let this_file = site["file"].as_str().unwrap();
        if this_file != file {
            file = this_file;
            write!(
                out,
                "\n## {file}\n\n| line | function | raises | raised | refused | heatwise | not decidable offline, or unreached |\n\
                 | ---: | --- | --- | ---: | ---: | --- | --- |\n"
            )
            .unwrap();
        }
        let count = counts.get(id);
        let raised = count.map_or(0, |c| c.raised);
        let refused = count.map_or(0, |c| c.refused);
        let heatwise = match count {
            Some(c) if c.refused > 0 => match &c.missed {
                Some(missed) => format!("{} of {}; misses {missed}", c.agreed, c.refused),
                None => format!("all {}", c.refused),
            },
            _ => String::new(),
        };
        let cloud = why_not(site)
            .or_else(|| {
                let why = site["unreached"].as_str()?;
                Some(format!("unreached: {why}"))
            })
            .unwrap_or_default();
        writeln!(
            out,
            "| {} | `{}` | `{}` | {raised} | {refused} | {heatwise} | {cloud} |",
            site["line"],
            site["function"].as_str().unwrap_or_default(),
            site["raises"]
                .as_str()
                .unwrap_or_default()
                .replace('|', "\\|"),
        )
        .unwrap();
    }
    out
}
