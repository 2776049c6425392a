use super::*;

#[test]
fn reads_a_hot_template_by_its_release_name() {
    let text = "heat_template_version: rocky\nresources:\n  s:\n    type: OS::Nova::Server\n";
    let template = parse(text);
    assert_eq!(template.kind(), DocumentKind::Hot);
    assert_eq!(template.hot_version(), Some("2018-08-31"));
    assert!(template.problems().is_empty(), "{:?}", template.problems());
}

#[test]
fn suppressions_cover_their_line_and_the_next() {
    let text = "heat_template_version: 2018-08-31\nresources:\n  # heatwise: ignore[a, b]\n  r:\n    type: T  # heatwise: ignore[c]\n";
    let template = parse(text);
    let r = text.find("r:").unwrap() as u32;
    let t = text.find("T").unwrap() as u32;
    assert!(template.is_suppressed(r, |c| c == "a"));
    assert!(template.is_suppressed(r, |c| c == "b"));
    assert!(!template.is_suppressed(r, |c| c == "c"));
    assert!(template.is_suppressed(t, |c| c == "c"));
    assert!(!template.is_suppressed(t, |c| c == "a"));
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
fn reading_problems_are_reported_with_ranges() {
    for (text, code, source) in [
        ("- a\n", "not-a-mapping", "- a"),
        (
            "heat_template_version: 2013-05-23\nresources: [a]\n",
            "section-not-mapping",
            "[a]",
        ),
        (
            "heat_template_version: 2013-05-23\nresources:\n  r: 3\n",
            "resource-not-mapping",
            "3",
        ),
        (
            "heat_template_version: 2013-05-23\nresources:\n  r: {type: A}\n  r: {type: B}\n",
            "duplicate-key",
            "r",
        ),
        ("networks: []\n", "unknown-document", ""),
        ("resource_registry: [a]\n", "registry-not-mapping", "[a]"),
    ] {
        let template = parse(text);
        let found: Vec<(&str, &str)> = template
            .problems()
            .iter()
            .map(|d| (d.kind.name(), &text[d.range.as_usize()]))
            .collect();
        assert!(found.contains(&(code, source)), "{text:?}: {found:?}");
    }
}

/// What Heat refuses in what was read is the lint rules' to judge: the
/// model reads it without a problem.
#[test]
fn refusals_are_not_reading_problems() {
    let text = "heat_template_version: 2013-05-23\nouputs: {}\nresources:\n  r: {properties: {}, image: x}\n  s: {type: 3}\n";
    let template = parse(text);
    assert!(template.problems().is_empty(), "{:?}", template.problems());
    assert_eq!(template.resources().len(), 2);
}

#[test]
fn problems_are_capped_with_a_note() {
    let mut text = String::from("heat_template_version: 2013-05-23\nresources:\n");
    for i in 0..500 {
        text.push_str(&format!("  r{i}: x\n"));
    }
    let template = parse(&text);
    let problems = template.problems();
    assert_eq!(problems.len(), syntax::MAX_DIAGNOSTICS);
    assert_eq!(
        problems
            .iter()
            .filter(|d| d.kind == ProblemKind::TooManyProblems)
            .count(),
        1
    );
}

#[test]
fn symbols_at_offsets() {
    let text = "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network_id: {get_param: net}\n      fixed_ips:\n        - subnet_id: s\n  s:\n    type: OS::Nova::Server\noutputs:\n  ip: {value: {get_attr: [s, first_address]}}\n";
    let template = parse(text);
    let at = |needle: &str| template.heat_name_at(text.find(needle).unwrap() as u32 + 1);
    assert!(
        matches!(at("OS::Neutron::Port"), Some(HeatName::ResourceType { name, .. }) if name == "OS::Neutron::Port")
    );
    assert!(
        matches!(at("network_id"), Some(HeatName::Property { path, .. }) if path == "network_id")
    );
    assert!(
        matches!(at("subnet_id"), Some(HeatName::Property { path, type_name, .. }) if path == "fixed_ips.*.subnet_id" && type_name == "OS::Neutron::Port")
    );
    assert!(matches!(
        at("get_param"),
        Some(HeatName::Function {
            name: "get_param",
            ..
        })
    ));
    assert!(
        matches!(at("first_address"), Some(HeatName::Attribute { name, type_name: Some(t), .. }) if name == "first_address" && t == "OS::Nova::Server")
    );
    assert_eq!(at("heat_template_version"), None);
}
