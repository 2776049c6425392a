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
