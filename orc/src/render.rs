//! The export as text: YAML documents separated by `---`, a Kubernetes
//! `List` in JSON, and the plan.

use crate::export::Export;

/// Every object as a YAML document.
pub fn yaml(export: &Export) -> String {
    let mut out = String::new();
    for object in &export.objects {
        out.push_str("---\n");
        out.push_str(&crate::yaml::manifest(&object.manifest(&export.namespace)));
    }
    out
}

/// The documents of [`yaml`]'s output, each without its `---` line. A
/// document starts at each line that is `---` alone, which no value writes:
/// a value's lines are indented or quoted.
pub fn documents(yaml: &str) -> Vec<&str> {
    let mut documents = Vec::new();
    let mut start = None;
    let mut offset = 0;
    for line in yaml.split_inclusive('\n') {
        if line == "---\n" {
            if let Some(start) = start {
                documents.push(&yaml[start..offset]);
            }
            start = Some(offset + line.len());
        }
        offset += line.len();
    }
    if let Some(start) = start {
        documents.push(&yaml[start..]);
    }
    documents
}

/// One Kubernetes `List` holding every object.
pub fn json(export: &Export) -> String {
    let items: Vec<serde_json::Value> = export
        .objects
        .iter()
        .map(|o| o.manifest(&export.namespace).to_json())
        .collect();
    let list = serde_json::json!({
        "apiVersion": "v1",
        "kind": "List",
        "items": items,
    });
    let mut text = serde_json::to_string_pretty(&list).expect("JSON of plain values");
    text.push('\n');
    text
}

/// The plan as text: ORC's waves, then Heat's graph.
pub fn plan(export: &Export) -> String {
    let mut out = String::from("ORC builds the objects in this order: each wave at once, in parallel, once every object it refers to is available.\n");
    let kind_of = |name: &str| {
        export
            .objects
            .iter()
            .find(|o| o.name == name)
            .map_or("", |o| o.kind.as_str())
    };
    for (i, wave) in export.plan.waves.iter().enumerate() {
        let names: Vec<String> = wave.iter().map(|n| format!("{} {n}", kind_of(n))).collect();
        out.push_str(&format!("  wave {}: {}\n", i + 1, names.join(", ")));
    }
    for cycle in &export.plan.cycles {
        out.push_str(&format!("  never built (a cycle): {}\n", cycle.join(" → ")));
    }
    out.push_str("\nHeat's dependency graph of the template (what each resource waits for):\n");
    for (resource, deps) in &export.heat_graph.edges {
        if deps.is_empty() {
            out.push_str(&format!("  {resource}: nothing\n"));
        } else {
            let parts: Vec<String> = deps.iter().map(|(n, how)| format!("{n} ({how})")).collect();
            out.push_str(&format!("  {resource}: {}\n", parts.join(", ")));
        }
    }
    for (i, wave) in export.heat_graph.waves.iter().enumerate() {
        out.push_str(&format!("  Heat's wave {}: {}\n", i + 1, wave.join(", ")));
    }
    for cycle in &export.heat_graph.cycles {
        out.push_str(&format!("  a cycle Heat refuses: {}\n", cycle.join(" → ")));
    }
    out
}
