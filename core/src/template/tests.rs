use super::*;

#[test]
fn walks_properties_with_paths_and_entries() {
    let text = "heat_template_version: rocky\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      networks:\n        - port: p\n          fixed_ip: {get_param: ip}\n      name: x\n";
    let template = parse(text);
    assert_eq!(template.kind(), DocumentKind::Hot);
    assert_eq!(template.hot_version(), Some("2018-08-31"));
    assert!(
        template.diagnostics().is_empty(),
        "{:?}",
        template.diagnostics()
    );
    let tree = template.tree();
    let properties = template.resources()[0]
        .definition
        .properties_mapping(tree)
        .unwrap();
    let mut seen = Vec::new();
    walk(tree, properties, |visit| {
        let path: Vec<String> = visit
            .path
            .iter()
            .map(|step| match *step {
                PathSegment::Key(key) => tree.source(key).to_owned(),
                PathSegment::Index(index) => index.to_string(),
            })
            .collect();
        let key = visit.entry.map(|entry| tree.source(entry.key));
        seen.push(format!("{} {key:?}", path.join(".")));
        if template
            .function_calls()
            .iter()
            .any(|call| call.call == visit.node)
        {
            WalkControl::SkipChildren
        } else {
            WalkControl::Continue
        }
    });
    assert_eq!(
        seen,
        [
            "networks Some(\"networks\")",
            "networks.0 None",
            "networks.0.port Some(\"port\")",
            "networks.0.fixed_ip Some(\"fixed_ip\")",
            "name Some(\"name\")",
        ]
    );
}

#[test]
fn suppressions_cover_their_line_and_the_next() {
    let text = "heat_template_version: 2018-08-31\nresources:\n  # heatwise: ignore[a, b]\n  r:\n    type: T  # heatwise: ignore[c]\n";
    let template = parse(text);
    let r = text.find("r:").unwrap() as u32;
    let t = text.find("T").unwrap() as u32;
    assert!(template.is_suppressed("a", r));
    assert!(template.is_suppressed("b", r));
    assert!(!template.is_suppressed("c", r));
    assert!(template.is_suppressed("c", t));
    assert!(!template.is_suppressed("a", t));
}

#[test]
fn cloudformation_keys_are_read_by_their_hot_names() {
    let text = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  A:\n    Type: AWS::EC2::EIP\n    DependsOn: B\n  B: {Type: AWS::EC2::Instance}\n";
    let template = parse(text);
    assert_eq!(template.kind(), DocumentKind::CloudFormation);
    let a = template.resource("A").unwrap();
    let depends_on = template
        .resource_entry(&a.definition, "depends_on")
        .unwrap();
    assert_eq!(template.tree().source(depends_on.value), "B");
    assert_eq!(template.hot_version(), None);
}

#[test]
fn structure_problems_are_reported_with_ranges() {
    for (text, code, source) in [
        ("- a\n", "not-a-mapping", "- a"),
        (
            "heat_template_version: 2012-01-01\n",
            "unknown-version",
            "2012-01-01",
        ),
        (
            "heat_template_version: 2013-05-23\nresources: [a]\n",
            "section-not-mapping",
            "[a]",
        ),
        (
            "heat_template_version: 2013-05-23\nresources:\n  r: {properties: {}}\n",
            "missing-type",
            "{properties: {}}",
        ),
        (
            "heat_template_version: 2013-05-23\nresources:\n  r: {type: 3}\n",
            "type-not-string",
            "3",
        ),
        (
            "heat_template_version: 2013-05-23\nouputs: {}\n",
            "unknown-section",
            "ouputs",
        ),
        (
            "resource_registry: {}\nparameters: {}\nextra: 1\n",
            "unknown-section",
            "extra",
        ),
        (
            "heat_template_version: 2013-05-23\noutputs:\n  o: {value: {get_attr: r}}\n",
            "function-arguments",
            "r",
        ),
    ] {
        let template = parse(text);
        let found: Vec<(&str, &str)> = template
            .diagnostics()
            .iter()
            .map(|d| (d.code, &text[d.range.as_usize()]))
            .collect();
        assert!(found.contains(&(code, source)), "{text:?}: {found:?}");
    }
}

#[test]
fn diagnostics_are_capped_with_a_note() {
    let mut text = String::from("heat_template_version: 2013-05-23\nresources:\n");
    for i in 0..500 {
        text.push_str(&format!("  r{i}: {{}}\n"));
    }
    let template = parse(&text);
    let diagnostics = template.diagnostics();
    assert_eq!(diagnostics.len(), syntax::MAX_DIAGNOSTICS);
    assert_eq!(
        diagnostics
            .iter()
            .filter(|d| d.code == "too-many-problems")
            .count(),
        1
    );
    assert_eq!(template.resources().len(), 500);
}
