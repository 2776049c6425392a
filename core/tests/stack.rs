//! heatwise gathers a stack's files as python-heatclient does: the cases in
//! `fixtures/stack/cases.json`, checked against heatclient's own answers,
//! recorded in `cases.heatclient.json` by `tools/heat_oracle/record_gather.py`.

use heatwise_core::stack::{Content, FileProvider, ReadError, Role, Stack, Target};
use serde_json::Value;

const RECORD_COMMAND: &str = ".venv/bin/python tools/heat_oracle/record_gather.py";
const BASE: &str = "file:///case/";

/// A case's files, at `file:///case/<path>`.
struct CaseFiles<'a>(&'a serde_json::Map<String, Value>);

impl FileProvider for CaseFiles<'_> {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        let relative = url.strip_prefix(BASE).ok_or(ReadError::NotFound)?;
        self.0
            .get(relative)
            .and_then(Value::as_str)
            .map(|text| Content::Text(text.to_owned()))
            .ok_or(ReadError::NotFound)
    }
}

fn relative(url: &str) -> &str {
    url.strip_prefix(BASE).unwrap_or(url)
}

/// The cases of `fixtures/stack/<cases>` with the answers recorded in
/// `<answers>` under `key`, checked to be of those cases.
fn recorded(cases: &str, answers: &str, key: &str, command: &str) -> Vec<(Value, Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/stack");
    let raw = std::fs::read(dir.join(cases)).unwrap();
    let record: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(answers))
            .unwrap_or_else(|_| panic!("record the answers with {command}")),
    )
    .unwrap();
    assert_eq!(
        record["cases_fnv1a64"].as_str(),
        Some(heatwise_test_support::fnv1a64(&raw).as_str()),
        "the cases changed since they were recorded; re-record with {command}"
    );
    let cases: Vec<Value> = serde_json::from_slice(&raw).unwrap();
    let answers = record[key].as_array().unwrap().clone();
    assert_eq!(cases.len(), answers.len());
    cases.into_iter().zip(answers).collect()
}

/// A case's stack, gathered from its files.
fn gather(case: &Value) -> Stack {
    let files = CaseFiles(case["files"].as_object().unwrap());
    let root = format!("{BASE}{}", case["root"].as_str().unwrap());
    let environments: Vec<String> = case["environments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{BASE}{}", e.as_str().unwrap()))
        .collect();
    Stack::gather(&root, &environments, &files)
}

#[test]
fn gathers_what_heatclient_sends() {
    for (case, answer) in recorded(
        "cases.json",
        "cases.heatclient.json",
        "answers",
        RECORD_COMMAND,
    ) {
        let name = case["name"].as_str().unwrap();
        let stack = gather(&case);
        assert!(stack.unread.is_empty(), "{name}: {:?}", stack.unread);
        if let Some(expected) = answer.get("files") {
            let mut sent: Vec<&str> = stack
                .files
                .iter()
                .filter(|f| matches!(f.role, Role::Nested | Role::Data))
                .map(|f| relative(&f.url))
                .collect();
            sent.sort_unstable();
            let expected: Vec<&str> = expected
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            assert_eq!(sent, expected, "{name}");
            assert!(
                stack
                    .references
                    .iter()
                    .all(|r| matches!(r.target, Target::File(_))),
                "{name}: {:?}",
                stack.references
            );
            continue;
        }
        // heatclient stops at the first file it cannot read; heatwise
        // reports each, that one among them.
        let error = answer["error"].as_str().unwrap();
        let unread: Vec<(&str, &ReadError)> = stack
            .references
            .iter()
            .filter_map(|r| match &r.target {
                Target::Unread(why) => Some((relative(&r.url), why)),
                _ => None,
            })
            .collect();
        let expected = if let Some(path) = error.strip_prefix("Could not fetch contents for ") {
            (path, &ReadError::NotFound)
        } else if let Some(quoted) = error.strip_prefix("unknown url type: ") {
            (quoted.trim_matches('\''), &ReadError::NotAUrl)
        } else {
            panic!("{name}: an answer heatwise does not know: {error}");
        };
        assert!(
            unread.contains(&expected),
            "{name}: {unread:?}, heatclient: {error}"
        );
    }
}

/// The cross-file rules over the stacks of `fixtures/stack/nested.json`
/// agree with Heat 27.0.1's validation of the stack heatclient sends
/// (`nested.heat.json`, recorded by
/// `tools/heat_oracle/record_stack_validation.py`): a stack Heat accepts
/// has no finding of these rules; for one it refuses, the refusal Heat
/// names is among them.
#[test]
fn cross_file_rules_agree_with_heat() {
    use heatwise_core::catalog::Catalog;
    use heatwise_core::lint::{LintOptions, Rule, StackLinter};
    use heatwise_core::stack::GatherCache;

    const RECORD: &str = ".venv/bin/python tools/heat_oracle/record_stack_validation.py";
    // The rules whose errors say Heat refuses the stack.
    let cross_file = [
        Rule::MissingFile,
        Rule::NestedTemplateCycle,
        Rule::UnknownNestedProperty,
        Rule::MissingNestedParameter,
        Rule::UnknownEnvironmentParameter,
        Rule::UnknownResourceType,
        Rule::InvalidNestedPropertyValue,
    ];
    let options = LintOptions::new(Catalog::builtin());
    for (case, verdict) in recorded("nested.json", "nested.heat.json", "verdicts", RECORD) {
        let name = case["name"].as_str().unwrap();
        let stack = gather(&case);
        let linter = StackLinter::new(&stack, &mut GatherCache::default());
        let mut found: Vec<(Rule, String, String)> = Vec::new();
        for id in linter.files() {
            let text = &stack.files[id].text;
            for diagnostic in linter.lint(id, &options) {
                if cross_file.contains(&diagnostic.rule) {
                    found.push((
                        diagnostic.rule,
                        text[diagnostic.range.as_usize()].to_owned(),
                        diagnostic.message,
                    ));
                }
            }
        }
        if verdict["accepted"].as_bool().unwrap() {
            assert!(
                found.is_empty(),
                "{name}: Heat accepts it, heatwise says {found:#?}"
            );
            continue;
        }
        let error = verdict["error"].as_str().unwrap();
        let error = error
            .strip_prefix("StackValidationFailed: ")
            .unwrap_or(error);
        let said = if let Some(rest) = error.strip_prefix("UnknownUserParameter: The Parameter (") {
            let parameter = rest.split(')').next().unwrap_or_default();
            found.iter().any(|(rule, text, _)| {
                *rule == Rule::UnknownEnvironmentParameter && text == parameter
            })
        } else if let Some(rest) = error.strip_prefix("The Resource Type (") {
            let type_name = rest.split(')').next().unwrap_or_default();
            found
                .iter()
                .any(|(rule, text, _)| *rule == Rule::UnknownResourceType && text == type_name)
        } else if let Some(property) = error.strip_prefix("Unknown Property ") {
            found
                .iter()
                .any(|(rule, text, _)| *rule == Rule::UnknownNestedProperty && text == property)
        } else if let Some(rest) = error.strip_prefix("Property ") {
            let parameter = rest.trim_end_matches(" not assigned");
            found.iter().any(|(rule, _, message)| {
                *rule == Rule::MissingNestedParameter
                    && message.contains(&format!("parameter `{parameter}`"))
            })
        } else if [
            "is out of range",
            "could not convert",
            "is not a valid boolean",
            "is not an allowed value",
            "is not a list",
        ]
        .iter()
        .any(|complaint| error.contains(complaint))
        {
            // A nested parameter's complaint about the value it is given.
            found
                .iter()
                .any(|(rule, _, _)| *rule == Rule::InvalidNestedPropertyValue)
        } else {
            panic!("{name}: a refusal heatwise does not know: {error}");
        };
        assert!(
            said,
            "{name}: Heat refuses it ({error}); heatwise says {found:#?}"
        );
    }
}
