//! `heatwise load`, run as a user runs it: the value on stdout and exit 0,
//! or Heat's refusal with its line and column on stderr, nothing on
//! stdout, and exit 1.

use std::process::Output;

fn heatwise(args: &[&str], stdin: &str) -> Output {
    heatwise_test_support::run(env!("CARGO_BIN_EXE_heatwise"), args, None, stdin.as_bytes())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

#[test]
fn prints_what_heat_reads() {
    let template = "heat_template_version: 2013-05-23\nbase: &b {size: 1, enabled: yes}\nresources:\n  volume:\n    type: OS::Cinder::Volume\n    properties:\n      <<: *b\n      size: 0x10\n";
    let output = heatwise(&["load", "-"], template);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        r#"{
  "heat_template_version": "2013-05-23",
  "base": {
    "size": 1,
    "enabled": true
  },
  "resources": {
    "volume": {
      "type": "OS::Cinder::Volume",
      "properties": {
        "size": 16,
        "enabled": true
      }
    }
  }
}
"#
    );
}

#[test]
fn a_refusal_says_where_and_prints_nothing() {
    let output = heatwise(&["load", "--format", "json", "-"], "a:\n  b: 1\n\tc: 2\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with("-:3:1: Heat's loader refuses this text: a tab in the indentation"),
        "{stderr}"
    );
}

#[test]
fn environments_are_read_as_heat_reads_them() {
    let output = heatwise(&["load", "--environment", "-"], "parameters:\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("the section `parameters` is empty"));
    let output = heatwise(
        &["load", "--environment", "-"],
        "parameter_defaults: {a: 1}\n",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stdout),
        "{\n  \"parameter_defaults\": {\n    \"a\": 1\n  }\n}\n"
    );
}
