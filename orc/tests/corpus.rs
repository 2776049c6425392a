//! Every HOT template of the corpora is exported without panic, and every
//! object written is valid against its CRD (checked independently); the
//! figures — objects, findings by code, the most common types and
//! properties not carried over — are a snapshot (`HEATWISE_BLESS=1`
//! rewrites it). Templates are exported with no parameter values, as a
//! user trying the command first would, and again with a made-up value
//! for each parameter without a default, as a user deploying them would
//! give one: how many then export with nothing left out is the measure of
//! the export's reach. Each is exported again as the stack `heatwise orc
//! PATH` gathers from its path, its nested templates expanded.

mod common;

use heatwise_test_support as corpus;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Instant;

use heatwise_core::stack::Stack;
use heatwise_core::template::{self, DocumentKind};
use heatwise_orc::{export, export_stack, Code, Credentials, Options};

#[test]
fn every_hot_template_of_the_corpora_exports() {
    let validators = common::CrdValidators::new();
    for corpus in corpus::corpora() {
        let files = corpus::files_under(&corpus.root);
        let credentials = Credentials {
            secret_name: "clouds".into(),
            cloud_name: "openstack".into(),
        };
        let options = Options::new("corpus", credentials, Vec::new()).expect("valid options");
        let (mut templates, mut resources, mut objects, mut complete) = (0, 0, 0, 0);
        let mut complete_given = 0;
        let (mut stack_objects, mut stack_complete, mut stack_complete_given) = (0, 0, 0);
        let mut slowest_stack = (0.0f64, String::new());
        let mut codes: BTreeMap<&str, usize> = BTreeMap::new();
        let mut unmapped_types: BTreeMap<String, usize> = BTreeMap::new();
        let mut unmapped_properties: BTreeMap<String, usize> = BTreeMap::new();
        let mut slowest = (0.0f64, String::new(), 0usize);
        for relative in &files {
            let Ok(text) = std::fs::read_to_string(corpus.root.join(relative)) else {
                continue;
            };
            let parsed = template::parse(&text);
            if parsed.kind() != DocumentKind::Hot {
                continue;
            }
            templates += 1;
            resources += parsed.resources().len();
            let started = Instant::now();
            let result = std::panic::catch_unwind(|| export(&text, &[], &options))
                .unwrap_or_else(|_| panic!("exporting {} panicked", relative.display()));
            let seconds = started.elapsed().as_secs_f64();
            if seconds > slowest.0 {
                slowest = (seconds, relative.display().to_string(), text.len());
            }
            common::check_output(&result, &validators, &relative.display().to_string());
            objects += result.objects.len();
            if result.is_complete() {
                complete += 1;
            }
            // As a user deploying it would: a value for every parameter
            // without a default, as the Heat judge makes them up.
            let given = Options::new("corpus", options.credentials().clone(), made_up(&parsed))
                .expect("valid options");
            if export(&text, &[], &given).is_complete() {
                complete_given += 1;
            }
            // As the stack gathered from its path, nested templates and all.
            let path = std::fs::canonicalize(corpus.root.join(relative)).unwrap();
            let stack = Stack::gather(&format!("file://{}", path.display()), &[], &common::Disk);
            let started = Instant::now();
            let as_stack = std::panic::catch_unwind(|| export_stack(&stack, &options))
                .unwrap_or_else(|_| {
                    panic!("exporting the stack of {} panicked", relative.display())
                });
            let seconds = started.elapsed().as_secs_f64();
            if seconds > slowest_stack.0 {
                slowest_stack = (seconds, relative.display().to_string());
            }
            common::check_output(&as_stack, &validators, &relative.display().to_string());
            stack_objects += as_stack.objects.len();
            stack_complete += usize::from(as_stack.is_complete());
            stack_complete_given += usize::from(export_stack(&stack, &given).is_complete());
            for finding in &result.findings {
                *codes.entry(finding.code.as_str()).or_default() += 1;
                match finding.code {
                    Code::NoOrcKind => {
                        // The finding is on the type's value.
                        let kind = text[finding.range.as_usize()]
                            .trim_matches(['"', '\''])
                            .to_owned();
                        *unmapped_types.entry(kind).or_default() += 1;
                    }
                    Code::NoOrcField if finding.message.starts_with("the property ") => {
                        let property = finding.message["the property ".len()..]
                            .split(' ')
                            .next()
                            .unwrap_or_default()
                            .to_owned();
                        *unmapped_properties.entry(property).or_default() += 1;
                    }
                    _ => {}
                }
            }
        }
        eprintln!(
            "{}: slowest export {:.2} ms ({}, {} KB); slowest as a stack {:.2} ms ({})",
            corpus.snapshot,
            slowest.0 * 1000.0,
            slowest.1,
            slowest.2 / 1024,
            slowest_stack.0 * 1000.0,
            slowest_stack.1,
        );
        let mut summary = String::new();
        writeln!(
            summary,
            "HOT templates: {templates}, resources: {resources}"
        )
        .unwrap();
        writeln!(
            summary,
            "objects written: {objects}; templates exported with nothing left out: {complete}"
        )
        .unwrap();
        writeln!(
            summary,
            "with made-up values for the parameters without a default: {complete_given} exported with nothing left out"
        )
        .unwrap();
        writeln!(
            summary,
            "as stacks, nested templates expanded: {stack_objects} objects written; {stack_complete} exported with nothing left out, {stack_complete_given} with made-up values"
        )
        .unwrap();
        writeln!(summary, "\nfindings by code:").unwrap();
        for (code, count) in &codes {
            writeln!(summary, "  {code}: {count}").unwrap();
        }
        for (title, counts) in [
            ("most common types without an ORC kind", &unmapped_types),
            (
                "most common properties not carried over",
                &unmapped_properties,
            ),
        ] {
            let mut sorted: Vec<(&String, &usize)> = counts.iter().collect();
            sorted.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            writeln!(summary, "\n{title}:").unwrap();
            for (name, count) in sorted.into_iter().take(15) {
                writeln!(summary, "  {count:5} {name}").unwrap();
            }
        }
        corpus::assert_snapshot(
            &common::root().join(format!("tests/{}-orc.snap", corpus.snapshot)),
            &summary,
        );
    }
}

/// A value for each parameter without a default, by its type, as
/// `tools/heat_oracle/judge.py` makes them up: a user deploying the
/// template gives real ones.
fn made_up(template: &template::Template<'_>) -> Vec<(String, String)> {
    let tree = template.tree();
    template
        .parameters()
        .iter()
        .filter_map(|parameter| {
            let declaration = parameter.entry.value;
            if !tree.is_mapping(declaration) || tree.get(declaration, "default").is_some() {
                return None;
            }
            let kind = tree
                .get(declaration, "type")
                .and_then(|t| tree.scalar(t))
                .unwrap_or("string");
            let value = match kind {
                "number" => "1",
                "comma_delimited_list" | "CommaDelimitedList" => "a,b",
                "json" | "Json" => "{}",
                "boolean" | "Boolean" => "true",
                _ => "corpus-placeholder",
            };
            Some((parameter.name.clone(), value.to_owned()))
        })
        .collect()
}
