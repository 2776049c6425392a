//! Loaded values against what Heat 27.0.1's loader gives (the expected
//! values were read from Heat; the parity fixtures check many more).

use super::*;

fn json(text: &str, kind: Kind) -> String {
    match load(text, kind) {
        Ok(value) => to_json(&value).unwrap(),
        Err(error) => format!(
            "error {}..{}: {}",
            error.range.start, error.range.end, error.message
        ),
    }
}

#[test]
fn yaml_1_1_scalars_merge_keys_and_duplicates() {
    let text = "heat_template_version: 2013-05-23\nx: [ -, [a, b] ]\ny: 0777\nz: 1:30\nw: .inf\nb: !!binary aGVsbG8=\nbase: &b {p: 1, q: 2}\nm:\n  <<: *b\n  q: 3\n1: a\n1.0: b\ntrue: c\n";
    assert_eq!(
        json(text, Kind::Template),
        r#"{
  "heat_template_version": "2013-05-23",
  "x": [
    "-",
    [
      "a",
      "b"
    ]
  ],
  "y": 511,
  "z": 90,
  "w": Infinity,
  "b": "aGVsbG8=",
  "base": {
    "p": 1,
    "q": 2
  },
  "m": {
    "p": 1,
    "q": 3
  },
  "1": "c"
}
"#
    );
}

#[test]
fn json_first_for_templates_only() {
    assert_eq!(
        json("{\"a\": NaN, \"b\": 1e400, \"a\": 2}", Kind::Template),
        "{\n  \"a\": 2,\n  \"b\": Infinity\n}\n"
    );
    // YAML reads `NaN` as a string.
    assert_eq!(
        json("{\"a\": NaN}", Kind::Environment),
        "error 1..4: `a` is not a section of an environment: use one of parameters, resource_registry, parameter_defaults, encrypted_param_names, event_sinks, parameter_merge_strategies (environment has wrong section \"a\")"
    );
    // At the key, the last of equal keys being the one Heat keeps.
    assert_eq!(
        json("parameters: {}
parameters:
", Kind::Environment),
        "error 15..25: the section `parameters` is empty: give it entries or remove it (environment has empty section \"parameters\")"
    );
}

#[test]
fn refusals_heat_makes() {
    for (text, expected) in [
        ("\"abc\"", "the template is not a mapping"),
        ("a: =\n", "a plain `=` here"),
        (
            "a: !!binary aGVsbG8\n",
            "`!!binary` data is not base64: Incorrect padding",
        ),
        ("a: !foo x\n", "Heat's loader knows no tag `!foo`"),
        ("? [a]\n: b\n", "a list or mapping as a mapping key"),
        ("a: 1\n---\nb: 2\n", "a second YAML document"),
        (
            "a: &x 1\nb: &x 2\n",
            "the anchor `&x` is defined a second time",
        ),
        (
            "a: {<<: [1]}\n",
            "`<<` merges mappings; this item is a scalar",
        ),
        ("a: !!int x\n", "`x` is not an integer"),
    ] {
        let got = json(text, Kind::Template);
        assert!(got.contains(expected), "{text:?}: {got}");
    }
}

#[test]
fn empty_texts_are_empty_mappings() {
    assert_eq!(json("", Kind::Template), "{}\n");
    assert_eq!(json("# only a comment\n", Kind::Environment), "{}\n");
    assert_eq!(json("~\n", Kind::Template), "{}\n");
}

#[test]
fn an_alias_bomb_is_refused_when_written_not_when_loaded() {
    let mut text = String::from("a0: &a0 [x, x]\n");
    for i in 1..40 {
        text.push_str(&format!("a{i}: &a{i} [*a{}, *a{}]\n", i - 1, i - 1));
    }
    let value = load(&text, Kind::Template).unwrap();
    assert!(to_json(&value).is_none());
}

/// `json.dumps` with `ensure_ascii`, as Python 3.11 writes the same text:
/// `json.dumps('a\x7fé😀\n\x01"')`; and the length `json_len` counts.
#[test]
fn strings_are_written_and_measured_as_python_writes_them() {
    let text = "a\u{7f}é😀\n\u{1}\"";
    let mut out = String::new();
    json_string(&mut out, text, true);
    assert_eq!(out, r#""a\u007f\u00e9\ud83d\ude00\n\u0001\"""#);
    let value = Value::Str(text.into());
    assert_eq!(json_len(&value, &|_, _| None), Some(out.len() as u64));
}
