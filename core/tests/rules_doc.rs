//! `docs/rules.md` is generated from the rules' own documentation and must
//! stay current: `HEATWISE_BLESS=1 cargo test -p heatwise-core --test rules_doc`
//! rewrites it.

use heatwise_test_support as support;

use std::path::Path;

use heatwise_core::lint::{Rule, Stage, RETIRED};

#[test]
fn rules_md_is_generated_from_the_rule_files() {
    let mut doc = String::from(
        "# Rules\n\nGenerated from `core/src/lint/rules/*.md`; `heatwise rule CODE` prints one.\n\n\
         An error is where Heat refuses, and its stage says when (judged by a real Heat \
         27.0.1 in `cli/tests/verdicts.rs`):\n\n",
    );
    for stage in [Stage::Client, Stage::Validate, Stage::Create] {
        doc.push_str(&format!("- `{}`: {}\n", stage.as_str(), stage.describe()));
    }
    doc.push_str("\n| code | name | severity | stage |\n| --- | --- | --- | --- |\n");
    for rule in Rule::ALL {
        let stage = match (rule.stage(), rule.other_stages()) {
            (Some(stage), Some(other)) => format!("{}; {other}", stage.as_str()),
            (Some(stage), None) => stage.as_str().to_owned(),
            (None, _) => String::new(),
        };
        doc.push_str(&format!(
            "| [{code}](#{anchor}) | {name} | {severity} | {stage} |\n",
            code = rule.code(),
            anchor = format!("{}-{}", rule.name(), rule.code()).to_lowercase(),
            name = rule.name(),
            severity = rule.severity().as_str()
        ));
    }
    doc.push_str(
        "\nCodes are stable and never reused. A retired code still works in \
         suppression comments and `--select`, for every rule it became:\n\n",
    );
    for retired in RETIRED {
        let became: Vec<&str> = retired.became.iter().map(|r| r.code()).collect();
        doc.push_str(&format!(
            "- {} {}: split into {}\n",
            retired.code,
            retired.name,
            became.join(", ")
        ));
    }
    doc.push_str(&agreement());
    for rule in Rule::ALL {
        doc.push('\n');
        // Each rule's own headings move one level down under the page
        // title; a `#` line inside an example is a comment, not a heading.
        let mut in_example = false;
        for line in rule.documentation().lines() {
            if line.starts_with("```") {
                in_example = !in_example;
            }
            if line.starts_with('#') && !in_example {
                doc.push('#');
            }
            doc.push_str(line);
            doc.push('\n');
        }
    }
    doc.push('\n');
    doc.push_str(include_str!("../src/lint/not_checked.md"));
    // Heat's refusal sites, as tests/tests/heat_verdicts.rs last found
    // them (its snapshot).
    doc.push('\n');
    doc.push_str(include_str!(
        "../../tests/tests/snapshots/heat-refusal-sites.md"
    ));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md");
    support::assert_snapshot(&path, &doc);
}

/// The table of the last recorded differential run (`cargo xtask oracle
/// --differential N --record`): by class of stack, how often heatwise's
/// errors agree with Heat's create.
fn agreement() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cli/tests/fixtures/verdicts/differential/agreement.json");
    let recorded: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut doc = format!(
        "\n## Agreement with Heat, by class\n\n\
         The last differential run (`cargo xtask oracle --differential {cases} --seed {seed}`) \
         generated {cases} stacks (a root template, a nested one and an environment) and \
         judged each with `heatwise lint --stack` and with a real Heat 27.0.1's \
         `openstack stack create`. *Found*: Heat refuses and heatwise has an error; \
         *false errors*: heatwise has an error and Heat creates the stack; *wrong stage*: \
         both refuse, at different stages. The cases it minimised are replayed by \
         `cli/tests/verdicts.rs`.\n\n\
         | class | cases | Heat refuses | found | missed | false errors | wrong stage |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
        cases = recorded["cases"],
        seed = recorded["seed"],
    );
    for (class, counts) in recorded["classes"].as_object().unwrap() {
        let count = |key: &str| counts[key].as_u64().unwrap_or(0);
        doc.push_str(&format!(
            "| {class} | {} | {} | {} | {} | {} | {} |\n",
            count("cases"),
            count("refused"),
            count("found"),
            count("missed"),
            count("false errors"),
            count("wrong stage")
        ));
    }
    // The held-out stacks: their record, and heatwise's agreement with it
    // as tests/tests/heat_verdicts.rs last found it (its snapshot).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let record = root.join("fixtures/heat-verdicts/tht-held-out-stacks.json");
    let held_out: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    doc.push_str(&format!(
        "\nStacks no differential run generated (`tools/heat_oracle/heldout_stacks.py --seed {seed}`): \
         {cases} of TripleO's own role stacks, a role's service chain over some of its \
         services from the rendered tripleo-heat-templates, each unchanged or with one seeded \
         mistake, created by a real Heat 27.0.1 and replayed by `tests/tests/heat_verdicts.rs`.\n\n\
         | class | cases | Heat refuses | found | missed | false errors | wrong stage |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
        seed = held_out["seed"],
        cases = held_out["cases"].as_array().map_or(0, Vec::len),
    ));
    let snapshot = root.join("tests/snapshots/heat-verdicts-tht-held-out-stacks.snap");
    let agreement = std::fs::read_to_string(snapshot).unwrap();
    for line in agreement
        .lines()
        .skip(1)
        .take_while(|line| !line.is_empty())
    {
        let (class, counts) = line.trim().split_once(": ").unwrap();
        doc.push_str(&format!("| {class} | {} |\n", counts.replace(", ", " | ")));
    }
    doc
}

#[test]
fn findings_beyond_the_cap_are_counted_not_listed() {
    use heatwise_core::catalog::Catalog;
    use heatwise_core::lint::{lint, LintOptions, MAX_DIAGNOSTICS};

    let mut text = String::from("heat_template_version: 2014-10-16\nresources:\n");
    for i in 0..MAX_DIAGNOSTICS + 500 {
        text.push_str(&format!(
            "  port{i}:\n    type: OS::Neutron::Port\n    properties: {{network_id: n}}\n"
        ));
    }
    let diagnostics = lint(&text, &LintOptions::new(Catalog::builtin()));
    assert_eq!(diagnostics.len(), MAX_DIAGNOSTICS);
    let last = diagnostics.last().unwrap();
    // One finding a port, and one for more resources than Heat's default
    // max_resources_per_stack (1000).
    assert_eq!(
        last.message,
        format!("502 more findings are not shown (at most {MAX_DIAGNOSTICS} are reported)")
    );
}
