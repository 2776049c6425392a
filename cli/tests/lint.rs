//! `heatwise lint` and `heatwise rule`, run as a user runs them, on the
//! fixtures under `fixtures/lint/` (the current directory of every run, so
//! paths in reports are short and the same on every machine). Each case's
//! standard output must equal its file under `fixtures/lint/expected/`;
//! `HEATWISE_BLESS=1 cargo test -p heatwise-cli --test lint` rewrites them.
//! Every SARIF report is also validated against the OASIS SARIF 2.1.0
//! schema vendored in `fixtures/`.

use heatwise_test_support as support;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

struct Case {
    /// The expected standard output's file under `expected/`; `None` when
    /// nothing may be printed there.
    expected: Option<&'static str>,
    args: &'static [&'static str],
    /// A fixture piped to standard input.
    stdin: Option<&'static str>,
    exit: i32,
    /// Text standard error must hold; empty: standard error must be empty.
    stderr: &'static [&'static str],
}

const CASES: &[Case] = &[
    // One template with a hidden property, a hidden type, a misspelt
    // property and a hidden attribute, in every format.
    Case {
        expected: Some("server.txt"),
        args: &["lint", "server.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("server.json"),
        args: &["lint", "--format", "json", "server.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("server.sarif"),
        args: &["lint", "--format", "sarif", "server.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("server.github"),
        args: &["lint", "--format", "github", "server.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("server.gitlab"),
        args: &["lint", "--format", "gitlab", "server.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    // In Kilo `network_id` was only deprecated and FloatingIP supported;
    // the name and the version of a release mean the same.
    Case {
        expected: Some("server-kilo.txt"),
        args: &["lint", "--target", "Kilo", "server.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("server-kilo.txt"),
        args: &["lint", "--target", "2015.1", "server.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    // Columns after non-ASCII text: characters in text and JSON, UTF-16
    // units in SARIF.
    Case {
        expected: Some("unicode.txt"),
        args: &["lint", "unicode.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("unicode.json"),
        args: &["lint", "--format", "json", "unicode.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("unicode.sarif"),
        args: &["lint", "--format", "sarif", "unicode.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    // A directory: sorted, recursive, hidden directories and other
    // extensions skipped.
    Case {
        expected: Some("dir.txt"),
        args: &["lint", "dir"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("dir.sarif"),
        args: &["lint", "--format", "sarif", "dir"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    // A file named twice (also through its directory) is linted once.
    Case {
        expected: Some("dir.txt"),
        args: &["lint", "dir", "dir/a.yaml", "./dir"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    // Found by walking, a file that is no Heat document is skipped; named,
    // it is linted.
    Case {
        expected: Some("ansible-tasks-named.txt"),
        args: &["lint", "dir/ansible-tasks.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stdin.txt"),
        args: &["lint", "-"],
        stdin: Some("server.yaml"),
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stdin.json"),
        args: &["lint", "--format", "json", "-"],
        stdin: Some("unicode.yaml"),
        exit: 1,
        stderr: &[],
    },
    // Types an environment maps are template resources only with -e.
    Case {
        expected: Some("stack-without-environment.txt"),
        args: &["lint", "env/stack.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stack-with-environment.txt"),
        args: &["lint", "-e", "env/environment.yaml", "env/stack.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stack-tree.txt"),
        args: &[
            "lint",
            "--stack",
            "tree/root.yaml",
            "-e",
            "tree/env/registry.yaml",
        ],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stack-tree.sarif"),
        args: &[
            "lint",
            "--stack",
            "tree/root.yaml",
            "-e",
            "tree/env/registry.yaml",
            "--format",
            "sarif",
        ],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stack-tree.json"),
        args: &[
            "lint",
            "--stack",
            "tree/root.yaml",
            "-e",
            "tree/env/registry.yaml",
            "--format",
            "json",
        ],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stack-tree-path-map.txt"),
        args: &[
            "lint",
            "--stack",
            "tree/root.yaml",
            "-e",
            "tree/env/installed.yaml",
            "--path-map",
            "/usr/share/app-templates=tree",
        ],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stack-tree-each-environment.txt"),
        args: &[
            "lint",
            "--stack",
            "tree/root.yaml",
            "--each-environment",
            "tree/env",
            "--path-map",
            "/usr/share/app-templates=tree",
        ],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("stack-missing-root.txt"),
        args: &["lint", "--stack", "tree/absent.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["tree/absent.yaml: no such file or directory"],
    },
    Case {
        expected: Some("stack-with-template-as-environment.txt"),
        args: &["lint", "--environment", "server.yaml", "env/stack.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["error: server.yaml: given with -e but a template, not an environment file"],
    },
    // An operator's catalog (`resource type show` JSON) adds its types.
    Case {
        expected: Some("uses-acme-without-catalog.txt"),
        args: &["lint", "catalog/uses-acme.yaml"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("uses-acme-with-catalog.txt"),
        args: &[
            "lint",
            "--catalog",
            "catalog/acme-volume.json",
            "catalog/uses-acme.yaml",
        ],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: None,
        args: &["lint", "--catalog", "server.yaml", "clean.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["error: server.yaml is not a catalog: line 1, column 1: not valid JSON"],
    },
    Case {
        expected: Some("clean.txt"),
        args: &["lint", "clean.yaml"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("clean.json"),
        args: &["lint", "--format", "json", "clean.yaml"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("clean.sarif"),
        args: &["lint", "--format", "sarif", "clean.yaml"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("clean.github"),
        args: &["lint", "--format", "github", "clean.yaml"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    // --fail-on: warnings fail by default, not under `error`; info only
    // under `info`.
    Case {
        expected: Some("a.txt"),
        args: &["lint", "--fail-on", "error", "dir/a.yaml"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("b.txt"),
        args: &["lint", "--fail-on", "error", "dir/nested/b.yml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    Case {
        expected: Some("alias.txt"),
        args: &["lint", "alias.yaml"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("alias.txt"),
        args: &["lint", "--fail-on", "INFO", "alias.yaml"],
        stdin: None,
        exit: 1,
        stderr: &[],
    },
    // A missing file: reported, the others linted, exit 2.
    Case {
        expected: Some("missing.txt"),
        args: &["lint", "missing.yaml", "dir/a.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["error: missing.yaml: no such file or directory\n"],
    },
    Case {
        expected: Some("missing.github"),
        args: &["lint", "--format", "github", "missing.yaml", "dir/a.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["error: missing.yaml: no such file or directory\n"],
    },
    Case {
        expected: Some("missing.sarif"),
        args: &["lint", "--format", "sarif", "missing.yaml", "dir/a.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["error: missing.yaml: no such file or directory\n"],
    },
    // Usage errors.
    Case {
        expected: None,
        args: &["lint", "--target", "Juneteenth", "server.yaml"],
        stdin: None,
        exit: 2,
        stderr: &[
            "\"Juneteenth\" is not a Heat release",
            "e.g. Kilo, 2015.1, Liberty, 27.0.1 or 2024.1",
        ],
    },
    Case {
        expected: None,
        args: &["lint", "--fail-on", "fatal", "server.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["`fatal` is not a severity; use error, warning or info"],
    },
    Case {
        expected: None,
        args: &["lint", "--format", "xml", "server.yaml"],
        stdin: None,
        exit: 2,
        stderr: &["invalid value 'xml'"],
    },
    // Nothing to lint and no project file here or above.
    Case {
        expected: None,
        args: &["lint"],
        stdin: None,
        exit: 2,
        stderr: &["give templates to lint (PATH), a stack (--stack ROOT), or a heatwise.toml"],
    },
    // Rules: by code or name (any case), all of them, or none such.
    Case {
        expected: Some("rule-HW202.md"),
        args: &["rule", "HW202"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("rule-HW202.md"),
        args: &["rule", "Hidden-Property"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: Some("rules.txt"),
        args: &["rule", "--all"],
        stdin: None,
        exit: 0,
        stderr: &[],
    },
    Case {
        expected: None,
        args: &["rule", "HW999"],
        stdin: None,
        exit: 2,
        stderr: &["error: there is no rule `HW999`; `heatwise rule --all` lists the rules"],
    },
    Case {
        expected: None,
        args: &["rule"],
        stdin: None,
        exit: 2,
        stderr: &["<RULE|--all>"],
    },
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint")
}

struct Output {
    stdout: String,
    stderr: String,
    exit: i32,
}

fn heatwise(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(args)
        .current_dir(fixtures())
        .env_remove("NO_COLOR")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the heatwise binary runs");
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).unwrap();
    }
    let output = child.wait_with_output().unwrap();
    Output {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 standard output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 standard error"),
        exit: output.status.code().expect("an exit code, not a signal"),
    }
}

#[test]
fn every_case_prints_its_expected_output_and_exit_code() {
    // Cases that share an expected file must agree even while blessing.
    let mut outputs: HashMap<&str, String> = HashMap::new();
    for case in CASES {
        let stdin = case
            .stdin
            .map(|name| std::fs::read(fixtures().join(name)).unwrap());
        let output = heatwise(case.args, stdin.as_deref());
        let what = format!("heatwise {}", case.args.join(" "));
        assert_eq!(
            output.exit, case.exit,
            "{what}: exit code\nstderr:\n{}",
            output.stderr
        );
        if case.stderr.is_empty() {
            assert_eq!(output.stderr, "", "{what}: standard error");
        }
        for expected in case.stderr {
            assert!(
                output.stderr.contains(expected),
                "{what}: standard error lacks {expected:?}:\n{}",
                output.stderr
            );
        }
        match case.expected {
            Some(name) => {
                if let Some(earlier) = outputs.insert(name, output.stdout.clone()) {
                    assert_eq!(
                        earlier, output.stdout,
                        "{what}: differs from the earlier case of {name}"
                    );
                }
                support::assert_snapshot(&fixtures().join("expected").join(name), &output.stdout);
                if name.ends_with(".sarif") {
                    assert_valid_sarif(&output.stdout, &what);
                }
                if name.ends_with(".gitlab") {
                    assert_valid_gitlab(&output.stdout, &what);
                }
                if name.ends_with(".json") {
                    serde_json::from_str::<Value>(&output.stdout).expect("JSON output parses");
                }
            }
            None => assert_eq!(output.stdout, "", "{what}: standard output"),
        }
    }
}

/// With no path, `heatwise lint` lints the stacks of the project file
/// (`fixtures/lint/tree/heatwise.toml`): its target, its ignored rules, and
/// a file two stacks share reported once.
#[test]
fn the_project_file_names_the_stacks() {
    let dir = fixtures().join("tree");
    let output = support::run(env!("CARGO_BIN_EXE_heatwise"), &["lint"], Some(&dir), b"");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    support::assert_snapshot(&fixtures().join("expected/project.txt"), &stdout);
    // A project file that says what heatwise does not take is an error.
    let broken = std::env::temp_dir().join(format!("heatwise-project-{}", std::process::id()));
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(broken.join("heatwise.toml"), "targte = \"2024.1\"\n").unwrap();
    let output = support::run(
        env!("CARGO_BIN_EXE_heatwise"),
        &["lint"],
        Some(&broken),
        b"",
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("heatwise.toml:1:1: unknown field `targte`, expected one of `target`,"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&broken).unwrap();
}

/// GitLab's code-quality report: its documented shape, and fingerprints
/// that tell every issue apart (GitLab shows one issue per fingerprint).
fn assert_valid_gitlab(text: &str, what: &str) {
    let report: Value = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{what}: the report is not JSON: {e}"));
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gitlab-codequality.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let problems: Vec<String> = validator
        .iter_errors(&report)
        .map(|error| format!("{}: {error}", error.instance_path()))
        .collect();
    assert!(
        problems.is_empty(),
        "{what}: breaks GitLab's format:\n{}",
        problems.join("\n")
    );
    let mut fingerprints: Vec<&str> = report
        .as_array()
        .unwrap()
        .iter()
        .map(|issue| issue["fingerprint"].as_str().unwrap())
        .collect();
    let count = fingerprints.len();
    fingerprints.sort_unstable();
    fingerprints.dedup();
    assert_eq!(fingerprints.len(), count, "{what}: repeated fingerprints");
}

#[test]
fn the_gitlab_schema_check_rejects_a_broken_report() {
    let output = heatwise(&["lint", "--format", "gitlab", "server.yaml"], None);
    let mut report: Value = serde_json::from_str(&output.stdout).unwrap();
    report[0]["severity"] = json!("warning");
    let result = std::panic::catch_unwind(|| assert_valid_gitlab(&report.to_string(), "broken"));
    assert!(result.is_err(), "a severity GitLab does not know passed");
}

fn sarif_validator() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sarif-schema-2.1.0.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles")
}

fn assert_valid_sarif(text: &str, what: &str) {
    let log: Value =
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: SARIF is not JSON: {e}"));
    let validator = sarif_validator();
    let problems: Vec<String> = validator
        .iter_errors(&log)
        .map(|error| format!("{}: {error}", error.instance_path()))
        .collect();
    assert!(
        problems.is_empty(),
        "{what}: SARIF breaks the schema:\n{}",
        problems.join("\n")
    );
    // What GitHub code scanning needs beyond the schema.
    for result in log["runs"][0]["results"].as_array().unwrap() {
        let location = &result["locations"][0]["physicalLocation"];
        assert!(
            location["artifactLocation"]["uri"].is_string(),
            "{what}: a result without a file"
        );
        assert!(location["region"]["startLine"].as_u64().unwrap() >= 1);
        assert!(result["partialFingerprints"]["primaryLocationLineHash"].is_string());
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(
            log["runs"][0]["tool"]["driver"]["rules"][index]["id"],
            result["ruleId"]
        );
    }
}

#[test]
fn the_schema_check_rejects_broken_sarif() {
    let output = heatwise(&["lint", "--format", "sarif", "server.yaml"], None);
    let mut log: Value = serde_json::from_str(&output.stdout).unwrap();
    let validator = sarif_validator();
    assert!(validator.is_valid(&log));
    log["runs"][0]["results"][0]["level"] = Value::from("fatal");
    assert!(
        !validator.is_valid(&log),
        "an unknown level must break the schema"
    );
    log["runs"][0]["results"][0]["level"] = Value::from("error");
    log["runs"][0]["results"][0]
        .as_object_mut()
        .unwrap()
        .remove("message");
    assert!(
        !validator.is_valid(&log),
        "a result without a message must break the schema"
    );
}

#[test]
fn sarif_columns_count_utf16_units_and_json_columns_characters() {
    let json: Value =
        serde_json::from_str(&heatwise(&["lint", "--format", "json", "unicode.yaml"], None).stdout)
            .unwrap();
    let sarif: Value = serde_json::from_str(
        &heatwise(&["lint", "--format", "sarif", "unicode.yaml"], None).stdout,
    )
    .unwrap();
    let text = std::fs::read_to_string(fixtures().join("unicode.yaml")).unwrap();
    let line = text.lines().nth(9).unwrap();
    let before = &line[..line.find("network_id").unwrap()];
    let finding = &json[0];
    assert_eq!(finding["line"], 10);
    assert_eq!(finding["column"], before.chars().count() + 1);
    assert_eq!(
        finding["end_column"],
        before.chars().count() + 1 + "network_id".len()
    );
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startColumn"], before.encode_utf16().count() + 1);
    assert_eq!(sarif["runs"][0]["columnKind"], "utf16CodeUnits");
    // The emoji makes the two counts differ.
    assert_ne!(before.chars().count(), before.encode_utf16().count());
}

#[test]
fn unreadable_inputs_are_reported_and_the_run_goes_on() {
    let dir = std::env::temp_dir().join(format!("heatwise-lint-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad_utf8 = dir.join("latin1.yaml");
    std::fs::write(
        &bad_utf8,
        b"heat_template_version: 2015-04-30\ndescription: caf\xE9\n",
    )
    .unwrap();
    let binary = dir.join("image.yaml");
    std::fs::write(&binary, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
    let huge = dir.join("huge.yaml");
    // Sparse: one byte over the limit without writing 10 MiB.
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(10 * 1024 * 1024 + 1).unwrap();
    drop(file);

    let shown = |path: &Path| path.display().to_string();
    let output = heatwise(
        &[
            "lint",
            &shown(&bad_utf8),
            &shown(&binary),
            &shown(&huge),
            "dir/a.yaml",
        ],
        None,
    );
    assert_eq!(output.exit, 2, "{}", output.stderr);
    for expected in [
        format!(
            "error: {}: not UTF-8 text (invalid byte at line 2, column 17)",
            shown(&bad_utf8)
        ),
        format!(
            "error: {}: a binary file (it holds NUL bytes), not a template",
            shown(&binary)
        ),
        format!(
            "error: {}: 10485761 bytes, larger than the 10 MiB a file may have",
            shown(&huge)
        ),
    ] {
        assert!(
            output.stderr.contains(&expected),
            "lacks {expected:?}:\n{}",
            output.stderr
        );
    }
    assert!(
        output.stdout.starts_with("dir/a.yaml:5:11: warning[HW102]"),
        "{}",
        output.stdout
    );
    assert!(output.stdout.ends_with(
        "Found 1 problem (1 warning) in 1 file; 3 inputs failed (see the errors above)\n"
    ));

    // The same files found by walking their directory, with a link that
    // leads nowhere and one back to the directory itself (walked once).
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("nowhere.yaml", dir.join("dangling.yaml")).unwrap();
        std::os::unix::fs::symlink(".", dir.join("loop")).unwrap();
    }
    let walked = heatwise(&["lint", "--format", "json", &shown(&dir)], None);
    assert_eq!(walked.exit, 2);
    assert_eq!(walked.stdout, "[]\n");
    let expected_errors = if cfg!(unix) { 4 } else { 3 };
    assert_eq!(
        walked.stderr.lines().count(),
        expected_errors,
        "{}",
        walked.stderr
    );
    if cfg!(unix) {
        let dangling = format!(
            "error: {}: a symbolic link whose target does not exist\n",
            shown(&dir.join("dangling.yaml"))
        );
        assert!(walked.stderr.contains(&dangling), "{}", walked.stderr);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Files are linted largest first, on every core, and reported in the
/// order given; a file named twice (through another path or a link) is
/// linted once, where it was first named.
#[test]
fn files_are_reported_in_the_order_given_each_once() {
    let dir = std::env::temp_dir().join(format!("heatwise-lint-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut names = Vec::new();
    for (name, ports) in [("small.yaml", 1), ("large.yaml", 40), ("middle.yaml", 8)] {
        let resources: String = (0..ports)
            .map(|n| {
                format!(
                    "  port_{n}:\n    type: OS::Neutron::Port\n    properties: {{network_id: x}}\n"
                )
            })
            .collect();
        let text = format!("heat_template_version: 2015-04-30\nresources:\n{resources}");
        std::fs::write(dir.join(name), text).unwrap();
        names.push(dir.join(name).display().to_string());
    }
    let again = dir.join(".").join("large.yaml").display().to_string();
    let mut args = vec!["lint", "--format", "json"];
    args.extend(names.iter().map(String::as_str));
    args.push(&again);
    #[cfg(unix)]
    std::os::unix::fs::symlink("small.yaml", dir.join("link.yaml")).unwrap();
    #[cfg(unix)]
    let link = dir.join("link.yaml").display().to_string();
    #[cfg(unix)]
    args.push(&link);
    let output = heatwise(&args, None);
    assert_eq!(output.exit, 1, "{}", output.stderr);
    let reports: Value = serde_json::from_str(&output.stdout).unwrap();
    let files: Vec<&str> = (reports.as_array().unwrap().iter())
        .map(|report| report["path"].as_str().unwrap())
        .collect();
    let files: Vec<&str> = files.into_iter().fold(Vec::new(), |mut seen, file| {
        if seen.last() != Some(&file) {
            seen.push(file);
        }
        seen
    });
    assert_eq!(files, names, "{}", output.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn oversized_standard_input_is_refused() {
    let input = vec![b'#'; 10 * 1024 * 1024 + 1];
    let output = heatwise(&["lint", "-"], Some(&input));
    assert_eq!(output.exit, 2);
    assert_eq!(
        output.stderr,
        "error: <stdin>: larger than the 10 MiB a file may have; not read\n"
    );
}

/// The README's sample is what `heatwise lint` prints: every line it shows
/// between `$ heatwise lint ...` and the next prompt (but the `[...]` that
/// stands for the findings left out) is a line of the real output, in
/// order.
#[test]
fn the_readme_shows_what_lint_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let command = "$ heatwise lint static/examples/web-tier-legacy.yaml\n";
    let sample = readme
        .split_once(command)
        .and_then(|(_, rest)| rest.split_once("\n$ "))
        .map(|(sample, _)| sample)
        .expect("the README shows `heatwise lint` of the web tier example");
    let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(["lint", "static/examples/web-tier-legacy.yaml"])
        .current_dir(&root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let printed = String::from_utf8(output.stdout).unwrap();
    let mut lines = printed.lines();
    for shown in sample.lines().filter(|line| *line != "[...]") {
        assert!(
            lines.any(|line| line == shown),
            "the README shows a line `heatwise lint` does not print (or not there):\n{shown}\n--- printed:\n{printed}"
        );
    }
}

/// A baseline of a repository's findings: written once, it keeps them out
/// of the next lint wherever heatwise runs and however the lines move; a
/// finding fixed is said stale; a new one is reported; `baseline` in
/// heatwise.toml does the same for the project's stacks.
#[test]
fn a_baseline_keeps_known_findings_out_and_says_what_was_fixed() {
    let dir = std::env::temp_dir().join(format!("heatwise-baseline-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    let template = dir.join("templates/app.yaml");
    let old = "heat_template_version: 2018-08-31\nresources:\n  secret:\n    type: OS::Heat::RandomString\n    properties: {sequence: digits}\n  port:\n    type: OS::Neutron::Port\n    properties: {network_id: net}\n";
    std::fs::write(&template, old).unwrap();
    let run = |args: &[&str], cwd: &Path| {
        support::run(env!("CARGO_BIN_EXE_heatwise"), args, Some(cwd), b"")
    };
    let text = |bytes: &[u8]| String::from_utf8(bytes.to_vec()).unwrap();

    let written = run(
        &["lint", "templates", "--write-baseline", "known.json"],
        &dir,
    );
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    assert!(written.stdout.is_empty());
    assert!(text(&written.stderr).contains("wrote a baseline of 2 findings to known.json"));
    let file: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("known.json")).unwrap()).unwrap();
    let files: Vec<&str> = file["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["templates/app.yaml", "templates/app.yaml"]);

    // From another folder, with the lines moved: nothing to report.
    let moved = "heat_template_version: 2018-08-31\ndescription: moved\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n  secret:\n    type: OS::Heat::RandomString\n    properties: {sequence: digits}\n";
    std::fs::write(&template, moved).unwrap();
    let quiet = run(
        &["lint", "app.yaml", "--baseline", "../known.json"],
        &dir.join("templates"),
    );
    assert_eq!(quiet.status.code(), Some(0), "{}", text(&quiet.stdout));
    assert!(text(&quiet.stderr).contains("2 known findings not reported"));

    // One fixed, one new: the new one reported, the fixed one stale.
    let changed = moved.replace("network_id", "network")
        + "  again:\n    type: OS::Heat::RandomString\n    properties: {sequence: letters}\n";
    std::fs::write(&template, changed).unwrap();
    let after = run(
        &[
            "lint",
            "--format",
            "json",
            "templates",
            "--baseline",
            "known.json",
        ],
        &dir,
    );
    assert_eq!(after.status.code(), Some(1), "{}", text(&after.stderr));
    let found: Value = serde_json::from_str(&text(&after.stdout)).unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found[0]["line"], 13);
    let stderr = text(&after.stderr);
    assert!(
        stderr.contains("1 finding of the baseline is no longer found"),
        "{stderr}"
    );
    assert!(
        stderr.contains("templates/app.yaml resources.port HW202: OS::Neutron::Port.network_id"),
        "{stderr}"
    );

    // The project file's baseline, for `heatwise lint` with no paths.
    std::fs::write(
        dir.join("heatwise.toml"),
        "baseline = \"known.json\"\n[[stack]]\nroot = \"templates/app.yaml\"\n",
    )
    .unwrap();
    let project = run(&["lint", "--format", "json"], &dir);
    let found: Value = serde_json::from_str(&text(&project.stdout)).unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    assert!(text(&project.stderr).contains("1 finding of the baseline is no longer found"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What a linter's users expect of its command line: rules selected and
/// ignored as in heatwise.toml (codes, names, prefixes; `--extend-*` on
/// top of the project's), counts by rule, and the report written to a
/// file; `fix --select` takes the same selectors.
#[test]
fn rules_are_selected_counted_and_the_report_written_to_a_file() {
    let codes = |args: &[&str]| -> Vec<String> {
        let output = heatwise(args, None);
        assert!(output.exit <= 1, "{}", output.stderr);
        let found: Value = serde_json::from_str(&output.stdout).unwrap();
        found
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_owned())
            .collect()
    };
    let every = codes(&["lint", "--format", "json", "server.yaml"]);
    assert!(every.iter().any(|c| c.starts_with("HW2")), "{every:?}");
    assert!(every.iter().any(|c| !c.starts_with("HW2")), "{every:?}");
    let only = codes(&["lint", "--format", "json", "--select", "HW2", "server.yaml"]);
    assert!(
        !only.is_empty() && only.iter().all(|c| c.starts_with("HW2")),
        "{only:?}"
    );
    let ignored = codes(&["lint", "--format", "json", "--ignore", "HW2", "server.yaml"]);
    assert!(ignored.iter().all(|c| !c.starts_with("HW2")), "{ignored:?}");
    assert_eq!(only.len() + ignored.len(), every.len());
    let name = codes(&[
        "lint",
        "--format",
        "json",
        "--select=HW2",
        "--extend-ignore",
        "hidden-property",
        "server.yaml",
    ]);
    assert!(name.iter().all(|c| c != "HW202"), "{name:?}");
    let wrong = heatwise(&["lint", "--select", "HW999", "server.yaml"], None);
    assert_eq!(wrong.exit, 2);
    assert!(
        wrong.stderr.contains("select: `HW999` names no rule"),
        "{}",
        wrong.stderr
    );

    // Counts by rule, the most first, with the fixes that are safe.
    let statistics = heatwise(&["lint", "--statistics", "server.yaml"], None);
    assert_eq!(statistics.exit, 1);
    let last = statistics.stdout.lines().last().unwrap().to_owned();
    assert_eq!(last, format!("Found {} problems", every.len()));
    let counted: usize = statistics
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse::<usize>().ok())
        .sum();
    assert_eq!(counted, every.len(), "{}", statistics.stdout);
    let json = heatwise(
        &["lint", "--statistics", "--format", "json", "server.yaml"],
        None,
    );
    let rows: Value = serde_json::from_str(&json.stdout).unwrap();
    let total: u64 = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["count"].as_u64().unwrap())
        .sum();
    assert_eq!(total as usize, every.len());

    // The report in a file, standard output left empty.
    let file = std::env::temp_dir().join(format!("heatwise-report-{}.json", std::process::id()));
    let written = heatwise(
        &[
            "lint",
            "--format",
            "json",
            "--output-file",
            file.to_str().unwrap(),
            "server.yaml",
        ],
        None,
    );
    assert_eq!(written.exit, 1);
    assert!(written.stdout.is_empty());
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(report.as_array().unwrap().len(), every.len());
    std::fs::remove_file(&file).unwrap();
}

/// JUnit XML for CI dashboards: well-formed, a failing case per finding
/// with its place, a passing case for a clean file, an error for a file
/// that cannot be read.
#[test]
fn junit_xml_lists_a_failing_case_per_finding() {
    let output = heatwise(
        &[
            "lint",
            "--format",
            "junit",
            "server.yaml",
            "clean.yaml",
            "no-such-file.yaml",
        ],
        None,
    );
    assert_eq!(output.exit, 2, "{}", output.stderr);
    let document = roxmltree::Document::parse(&output.stdout).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let json = heatwise(&["lint", "--format", "json", "server.yaml"], None);
    let findings: Value = serde_json::from_str(&json.stdout).unwrap();
    let findings = findings.as_array().unwrap();
    let failures: Vec<roxmltree::Node> = root
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), findings.len());
    assert_eq!(
        root.attribute("failures"),
        Some(&*findings.len().to_string())
    );
    for (failure, finding) in failures.iter().zip(findings) {
        let case = failure.parent().unwrap();
        assert_eq!(
            case.attribute("name").unwrap(),
            format!("heatwise.{}", finding["code"].as_str().unwrap())
        );
        assert_eq!(case.attribute("line").unwrap(), finding["line"].to_string());
        assert_eq!(failure.attribute("message"), finding["message"].as_str());
    }
    let suites: Vec<&str> = root
        .children()
        .filter(|n| n.is_element())
        .map(|n| n.attribute("name").unwrap())
        .collect();
    assert_eq!(suites, ["server.yaml", "clean.yaml", "no-such-file.yaml"]);
    assert_eq!(
        root.descendants()
            .filter(|n| n.has_tag_name("error"))
            .count(),
        1
    );
}

/// `--add-ignore` suppresses today's findings where they are, layout
/// kept: the next lint finds nothing, and running it again adds nothing.
#[test]
fn add_ignore_suppresses_today_s_findings_in_place() {
    let dir = std::env::temp_dir().join(format!("heatwise-add-ignore-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let template = dir.join("app.yaml");
    let text = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private  # renamed since\n  ip:\n    type: OS::Nova::FloatingIP\n";
    std::fs::write(&template, text).unwrap();
    std::fs::write(
        dir.join("tasks.yml"),
        "- name: not Heat\n  debug: {msg: hi}\n",
    )
    .unwrap();
    let run = |args: &[&str]| support::run(env!("CARGO_BIN_EXE_heatwise"), args, Some(&dir), b"");
    let added = run(&["lint", "--add-ignore", "."]);
    let said = String::from_utf8(added.stderr).unwrap();
    assert_eq!(added.status.code(), Some(0), "{said}");
    assert!(
        said.contains("Added suppressions for 2 findings in 1 file"),
        "{said}"
    );
    let now = std::fs::read_to_string(&template).unwrap();
    assert_eq!(
        now,
        text.replace(
            "      network_id: private  # renamed since\n",
            "      # heatwise: ignore[HW202]\n      network_id: private  # renamed since\n"
        )
        .replace(
            "type: OS::Nova::FloatingIP\n",
            "type: OS::Nova::FloatingIP  # heatwise: ignore[HW102]\n"
        )
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("tasks.yml")).unwrap(),
        "- name: not Heat\n  debug: {msg: hi}\n"
    );
    let clean = run(&["lint", "."]);
    assert_eq!(
        clean.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&clean.stdout)
    );
    let again = run(&["lint", "--add-ignore", "app.yaml"]);
    assert!(String::from_utf8(again.stderr)
        .unwrap()
        .contains("Added suppressions for 0 findings in 0 files"));
    assert_eq!(std::fs::read_to_string(&template).unwrap(), now);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `lint --format json` of the npm package's test template, kept in
/// `tests/contracts/lint.json`: the package's tests check that its `lint()`
/// gives each finding with the same fields and values, so that the CLI's
/// JSON and the JS API's objects cannot drift apart.
#[test]
fn the_json_findings_are_the_js_api_s() {
    let template = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/npm/fixtures/servers_in_existing_neutron_net.yaml");
    let output = heatwise(
        &["lint", "--format", "json", template.to_str().unwrap()],
        None,
    );
    assert_eq!(output.exit, 1, "{}", output.stderr);
    let mut findings: Value = serde_json::from_str(&output.stdout).unwrap();
    for finding in findings.as_array_mut().unwrap() {
        finding["path"] = serde_json::json!("servers_in_existing_neutron_net.yaml");
    }
    assert!(findings.as_array().unwrap().len() >= 6);
    let text = serde_json::to_string_pretty(&findings).unwrap() + "\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/contracts/lint.json");
    heatwise_test_support::assert_snapshot(&path, &text);
}
