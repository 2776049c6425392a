//! `heatwise-parity`: the heatwise side of `cargo xtask parity`.
//!
//! - `generate OUT --corpus DIR... --variants N --seed S [--cases FILE]`
//!   writes the inputs, one JSON line each (`name`, `kind`, `group`,
//!   `families`, `text`): every YAML or JSON file of the corpora, N
//!   variants of them, and the hand-written cases.
//! - `compare INPUTS ANSWERS REPORT [--record FIXTURES]` loads every input
//!   with heatwise, compares with Heat's answers (`tools/heat_loader/
//!   oracle.py`), writes the report and the disagreements beside it, and
//!   with `--record` writes the inputs the test command replays without
//!   Python (into the directory FIXTURES): the cases and one variant in
//!   500 and every input Heat read with its fallback reader
//!   (`recorded.jsonl`), and every disagreement
//!   (`known-differences.jsonl`).
//!   Exits 1 when anything disagrees.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use heatwise_tests::canon::{agrees, answer, kind_name, kind_named, kind_of};
use heatwise_tests::variants::{variant, Rng};
use serde_json::{json, Value as Json};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("compare") => compare(&args[1..]),
        _ => Err("usage: heatwise-parity generate OUT --corpus DIR... --variants N --seed S [--cases FILE]\n       heatwise-parity compare INPUTS ANSWERS REPORT [--record FIXTURES]".into()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("heatwise-parity: {message}");
            ExitCode::from(2)
        }
    }
}

fn option<'a>(args: &'a [String], name: &str) -> Vec<&'a str> {
    args.windows(2)
        .filter(|pair| pair[0] == name)
        .map(|pair| pair[1].as_str())
        .collect()
}

fn files(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut directories = vec![root.to_path_buf()];
    while let Some(directory) = directories.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                directories.push(path);
            } else if path.extension().is_some_and(|e| {
                ["yaml", "yml", "json", "template"].contains(&&*e.to_string_lossy())
            }) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn generate(args: &[String]) -> Result<bool, String> {
    let out = args.first().ok_or("generate: no output file")?;
    let variants: usize = option(args, "--variants")
        .first()
        .map_or(Ok(0), |n| n.parse())
        .map_err(|_| "--variants wants a number")?;
    let seed: u64 = option(args, "--seed")
        .first()
        .map_or(Ok(1), |n| n.parse())
        .map_err(|_| "--seed wants a number")?;
    let mut writer = BufWriter::new(std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?);
    let mut write = |record: Json| writeln!(writer, "{record}").map_err(|e| e.to_string());
    let mut bases = Vec::new();
    for root in option(args, "--corpus") {
        for path in files(Path::new(root)) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let name = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            let kind = kind_of(&text);
            write(
                json!({"name": name, "kind": kind_name(kind), "group": "corpus", "families": [], "text": text}),
            )?;
            bases.push((name, text));
        }
    }
    for cases in option(args, "--cases") {
        let file = std::fs::File::open(cases).map_err(|e| format!("{cases}: {e}"))?;
        for line in BufReader::new(file).lines() {
            let line = line.map_err(|e| e.to_string())?;
            if line.trim().is_empty() {
                continue;
            }
            let mut case: Json =
                serde_json::from_str(&line).map_err(|e| format!("{cases}: {e}"))?;
            case["group"] = json!("case");
            case["families"] = json!([]);
            if case.get("kind").is_none() {
                case["kind"] = json!("template");
            }
            write(case)?;
        }
    }
    if bases.is_empty() && variants > 0 {
        return Err("no corpus file to make variants of".into());
    }
    let mut rng = Rng::new(seed);
    for i in 0..variants {
        let (name, text) = &bases[rng.below(bases.len())];
        let (text, families) = variant(text, &mut rng);
        let kind = kind_of(&text);
        write(
            json!({"name": format!("variant-{seed}-{i} of {name}"), "kind": kind_name(kind), "group": "variant", "families": families, "text": text}),
        )?;
    }
    Ok(true)
}

#[derive(Default)]
struct Tally {
    agree: usize,
    total: usize,
    /// Heat's judge could not say (a recursive structure).
    unjudged: usize,
}

fn compare(args: &[String]) -> Result<bool, String> {
    let [inputs, answers, report, ..] = args else {
        return Err("compare: INPUTS ANSWERS REPORT".into());
    };
    let record = option(args, "--record").first().map(PathBuf::from);
    let mut differences = Vec::new();
    let inputs = BufReader::new(std::fs::File::open(inputs).map_err(|e| format!("{inputs}: {e}"))?);
    let answers =
        BufReader::new(std::fs::File::open(answers).map_err(|e| format!("{answers}: {e}"))?);
    let report = PathBuf::from(report);
    let disagreements_path = report.with_file_name("disagreements.jsonl");
    let mut disagreements =
        BufWriter::new(std::fs::File::create(&disagreements_path).map_err(|e| e.to_string())?);
    let mut recorded = Vec::new();
    let mut groups: BTreeMap<String, Tally> = BTreeMap::new();
    let mut families: BTreeMap<String, Tally> = BTreeMap::new();
    let mut via: BTreeMap<String, usize> = BTreeMap::new();
    let mut refusals_same_line = (0, 0);
    let mut examples = Vec::new();
    for (index, (input, heat)) in inputs.lines().zip(answers.lines()).enumerate() {
        let input: Json =
            serde_json::from_str(&input.map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        let heat: Json =
            serde_json::from_str(&heat.map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        if input["name"] != heat["name"] {
            return Err(format!(
                "answer {index} is for {} not {}",
                heat["name"], input["name"]
            ));
        }
        let text = input["text"].as_str().unwrap_or_default();
        let kind = kind_named(input["kind"].as_str().unwrap_or_default());
        let group = input["group"].as_str().unwrap_or("?").to_string();
        let tallies: Vec<String> = input["families"]
            .as_array()
            .map(|f| {
                f.iter()
                    .filter_map(|f| f.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        if heat["ok"].is_null() {
            groups.entry(group).or_default().unjudged += 1;
            continue;
        }
        let ours = answer(text, kind);
        let agree = agrees(&heat, &ours);
        if let Some(v) = heat["via"].as_str() {
            *via.entry(v.to_string()).or_default() += 1;
        }
        if heat["ok"] == false && ours["ok"] == false {
            refusals_same_line.1 += 1;
            if let (Some(line), Some(start)) = (heat["line"].as_u64(), ours["range"][0].as_u64()) {
                let our_line = text[..(start as usize).min(text.len())]
                    .matches('\n')
                    .count() as u64;
                if our_line == line {
                    refusals_same_line.0 += 1;
                }
            }
        }
        let count = |tally: &mut Tally| {
            tally.total += 1;
            tally.agree += usize::from(agree);
        };
        count(groups.entry(group.clone()).or_default());
        for family in &tallies {
            count(families.entry(family.clone()).or_default());
        }
        let sampled = group == "variant" && index % 500 == 0;
        if !agree {
            writeln!(disagreements, "{}", json!({"name": input["name"], "kind": input["kind"], "text": text, "heat": heat, "heatwise": ours})).map_err(|e| e.to_string())?;
            if examples.len() < 30 {
                examples.push(format!(
                    "- {} — Heat: {}; heatwise: {}",
                    input["name"].as_str().unwrap_or_default(),
                    short(&heat),
                    short(&ours)
                ));
            }
        }
        let fixture =
            json!({"name": input["name"], "kind": input["kind"], "text": text, "heat": heat});
        if !agree {
            differences.push(fixture);
        } else if group == "case" || sampled || heat["via"] == "python" {
            // Every text only Heat's fallback reader reads is kept: the
            // few the sample would leave out are the rarest paths.
            recorded.push(fixture);
        }
    }
    let mut out = String::from("# The loader against Heat 27.0.1's\n\n| inputs | agree | of | agreement | not judged |\n| --- | ---: | ---: | ---: | ---: |\n");
    let mut all_agree = true;
    for (group, tally) in &groups {
        all_agree &= tally.agree == tally.total;
        let _ = writeln!(
            out,
            "| {group} | {} | {} | {:.3}% | {} |",
            tally.agree,
            tally.total,
            percent(tally),
            tally.unjudged
        );
    }
    out.push_str("\n| variants with a mutation of | agree | of | agreement |\n| --- | ---: | ---: | ---: |\n");
    for (family, tally) in &families {
        let _ = writeln!(
            out,
            "| {family} | {} | {} | {:.3}% |",
            tally.agree,
            tally.total,
            percent(tally)
        );
    }
    let _ = writeln!(out, "\nWhere Heat took its value from: {via:?}.\n\nRefusals where heatwise points at the line libyaml reports: {} of {}.", refusals_same_line.0, refusals_same_line.1);
    if !examples.is_empty() {
        let _ = writeln!(
            out,
            "\n## Disagreements (first {}; all in {})\n",
            examples.len(),
            disagreements_path.display()
        );
        out.push_str(&examples.join("\n"));
        out.push('\n');
    }
    std::fs::write(&report, &out).map_err(|e| e.to_string())?;
    print!("{out}");
    if let Some(dir) = record {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for (name, records) in [
            ("recorded.jsonl", recorded),
            ("known-differences.jsonl", differences),
        ] {
            let mut text = String::new();
            for record in records {
                text.push_str(&record.to_string());
                text.push('\n');
            }
            let path = dir.join(name);
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(all_agree)
}

fn percent(tally: &Tally) -> f64 {
    if tally.total == 0 {
        100.0
    } else {
        100.0 * tally.agree as f64 / tally.total as f64
    }
}

fn short(answer: &Json) -> String {
    if answer["ok"] == true {
        let value = answer["value"].to_string();
        let cut: String = value.chars().take(100).collect();
        format!("loads {cut}")
    } else {
        let error: String = answer["error"]
            .as_str()
            .unwrap_or_default()
            .chars()
            .take(100)
            .collect();
        format!("refuses ({error})")
    }
}
