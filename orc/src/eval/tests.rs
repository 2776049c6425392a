use super::*;

/// An alias bomb of a few hundred bytes in each of several environment
/// files gives at most `MAX_ENVIRONMENT_VALUES` values in all, and the
/// values past the limit say why they are unknown.
#[test]
fn environment_values_are_bounded_across_files() {
    let mut bomb = String::from("parameter_defaults:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (name, previous) in ["b", "c", "d", "e", "f", "g"]
        .iter()
        .zip(["a", "b", "c", "d", "e", "f"])
    {
        let items = vec![format!("*{previous}"); 10].join(", ");
        bomb.push_str(&format!("  {name}: &{name} [{items}]\n"));
    }
    let environment = heatwise_core::template::parse(&bomb);
    let mut given = Given::default();
    for _ in 0..3 {
        given.add_environment(&environment);
    }
    let total: usize = given.defaults.iter().map(|(_, v)| v.count()).sum();
    // Past the limit, each value still asked for is one placeholder:
    // at most the ten items of each of the bomb's seven levels.
    assert!(total <= MAX_ENVIRONMENT_VALUES + 10 * 7, "{total}");
    assert_eq!(given.environment_values, MAX_ENVIRONMENT_VALUES);
    let (_, last) = given.defaults.last().unwrap();
    assert!(
        matches!(&last.v, V::Unknown(Some(reason)) if reason.contains("too large")),
        "{last:?}"
    );
}

/// Floats become text as Python writes them: `str()` where Heat turns
/// a value into a string, `json.dumps` where it writes a map or list.
#[test]
fn floats_are_written_as_python_writes_them() {
    let at = TextRange::empty(0);
    for (float, python) in [
        (1e-05, "1e-05"),
        (0.0001, "0.0001"),
        (1e16, "1e+16"),
        (1.5e300, "1.5e+300"),
        (2.0, "2.0"),
        (0.1, "0.1"),
    ] {
        assert_eq!(
            Val::new(V::Float(float), at).python_str().as_deref(),
            Some(python)
        );
    }
    let map = Val::new(
        V::Map(vec![
            ("b".into(), Val::new(V::Float(1e-05), at)),
            ("a".into(), Val::new(V::Int(3), at)),
        ]),
        at,
    );
    assert_eq!(map.python_json(true).unwrap(), r#"{"a": 3, "b": 1e-05}"#);
    assert_eq!(map.python_json(false).unwrap(), r#"{"b": 1e-05, "a": 3}"#);
}

/// `json.dumps` writes every character beyond ASCII escaped, and
/// booleans and null as JSON does.
#[test]
fn python_json_is_ascii_only() {
    let at = TextRange::empty(0);
    let list = Val::new(
        V::List(vec![
            Val::new(V::Str("caf\u{e9} \u{1f600} \"q\"\n".into()), at),
            Val::new(V::Bool(true), at),
            Val::new(V::Null, at),
        ]),
        at,
    );
    assert_eq!(
        list.python_json(true).unwrap(),
        r#"["caf\u00e9 \ud83d\ude00 \"q\"\n", true, null]"#
    );
}

/// `get_attr` of a group of nested stacks reads its members' outputs as
/// Heat's `ResourceGroup.get_attribute` gives them; what only Heat knows
/// (the members' references, a member that is not there) stays unknown.
#[test]
fn a_groups_attributes_are_its_members_outputs() {
    let text = "heat_template_version: 2018-08-31\n\
resources:\n  workers:\n    type: worker.yaml\n\
outputs:\n  all: {value: {get_attr: [workers, address]}}\n\
\x20 second: {value: {get_attr: [workers, resource.1, address]}}\n\
\x20 by_index: {value: {get_attr: [workers, attributes, address]}}\n\
\x20 path: {value: {get_attr: [workers, ports, 0]}}\n\
\x20 dotted: {value: {get_attr: [workers, resource.0.ports, 0]}}\n\
\x20 refs: {value: {get_attr: [workers, refs]}}\n\
\x20 third: {value: {get_attr: [workers, resource.2, address]}}\n\
\x20 missing: {value: {get_attr: [workers, nothing]}}\n";
    let template = heatwise_core::template::parse(text);
    let (evaluator, _) = Evaluator::new(&template, &Given::default());
    let at = TextRange::empty(0);
    let text_of = |s: &str| Val::new(V::Str(s.into()), at);
    for (member, address) in [("workers-0", "10.0.0.10"), ("workers-1", "10.0.0.11")] {
        let ports = Val::new(V::List(vec![text_of(member)]), at);
        evaluator.set_nested_outputs(
            member,
            vec![
                ("address".into(), text_of(address)),
                ("ports".into(), ports),
            ],
        );
    }
    evaluator.set_group_members("workers", vec!["workers-0".into(), "workers-1".into()]);
    let output = |name: &str| {
        let output = template.outputs().iter().find(|o| o.name == name).unwrap();
        evaluator.eval(output.value.unwrap().value)
    };
    let json = |value: Val| {
        value
            .python_json(false)
            .unwrap_or_else(|| format!("{value:?}"))
    };
    assert_eq!(json(output("all")), r#"["10.0.0.10", "10.0.0.11"]"#);
    assert_eq!(output("second").python_str().as_deref(), Some("10.0.0.11"));
    assert_eq!(
        json(output("by_index")),
        r#"{"0": "10.0.0.10", "1": "10.0.0.11"}"#
    );
    assert_eq!(json(output("path")), r#"["workers-0", "workers-1"]"#);
    assert_eq!(output("dotted").python_str().as_deref(), Some("workers-0"));
    for (name, reason) in [
        ("refs", "known only once Heat has made its members"),
        ("third", "workers has no member 2"),
        ("missing", "have no output nothing"),
    ] {
        let value = output(name);
        let why = value.unknown_part().map(|u| &u.v);
        assert!(
            matches!(why, Some(V::Unknown(Some(r))) if r.contains(reason)),
            "{name}: {value:?}"
        );
    }
}
