//! The text operations of [`super::edit`], each on block and flow style,
//! quoted keys, JSON, comments and CRLF line breaks: input, operation,
//! expected output (or `None` where the operation must refuse).

use super::edit::{Editor, NewValue};
use super::{apply_edits, Edit};
use crate::syntax::{self, Entry, NodeId, Tree};

/// The node at a path of mapping keys and sequence indexes from the root.
fn node_at(tree: &Tree, path: &[&str]) -> NodeId {
    let mut node = tree.root().expect("a document");
    for segment in path {
        node = match segment.parse::<usize>() {
            Ok(index) if tree.is_sequence(node) => tree.items(node)[index],
            _ => tree
                .get(node, segment)
                .unwrap_or_else(|| panic!("no `{segment}`")),
        };
    }
    node
}

fn entry_at(tree: &Tree, path: &[&str]) -> Entry {
    let (key, parent) = path.split_last().expect("a path");
    let mapping = node_at(tree, parent);
    tree.get_entry(mapping, key).expect("the entry")
}

/// Applies the operation's edits; the result must parse.
fn run(text: &str, operation: impl Fn(&Editor, &Tree) -> Option<Vec<Edit>>) -> Option<String> {
    let tree = syntax::parse(text);
    assert!(tree.errors().is_empty(), "the input parses: {text:?}");
    let editor = Editor::new(&tree);
    let mut edits = operation(&editor, &tree)?;
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let out = apply_edits(text, &edits);
    assert!(
        syntax::parse(&out).errors().is_empty(),
        "the output parses: {out:?}"
    );
    Some(out)
}

fn check(cases: &[(&str, Option<&str>)], operation: impl Fn(&Editor, &Tree) -> Option<Vec<Edit>>) {
    for (input, expected) in cases {
        let actual = run(input, &operation);
        assert_eq!(actual.as_deref(), *expected, "input: {input:?}");
    }
}

#[test]
fn rename_key_keeps_quoting() {
    let rename = |path: &'static [&'static str]| {
        move |editor: &Editor, tree: &Tree| {
            Some(vec![editor.rename_key(entry_at(tree, path), "new")?])
        }
    };
    check(
        &[
            (
                "m:\n  old: 1  # c\n  b: 2\n",
                Some("m:\n  new: 1  # c\n  b: 2\n"),
            ),
            ("m:\r\n  old: 1\r\n", Some("m:\r\n  new: 1\r\n")),
            ("m: {'old': 1, b: 2}\n", Some("m: {'new': 1, b: 2}\n")),
            ("m:\n  \"old\": 1\n", Some("m:\n  \"new\": 1\n")),
            ("{\"m\": {\"old\": 1}}", Some("{\"m\": {\"new\": 1}}")),
        ],
        rename(&["m", "old"]),
    );
}

#[test]
fn delete_entry_keeps_other_entries_and_every_comment() {
    let delete = |editor: &Editor, tree: &Tree| editor.delete_entry(entry_at(tree, &["m", "old"]));
    check(
        &[
            // Block: whole lines; the comment after the entry stays.
            (
                "m:\n  a: 1\n  # about old\n  old: 2  # trailing\n  # about b\n  b: 3\n",
                Some("m:\n  a: 1\n  # about old\n  # trailing\n  # about b\n  b: 3\n"),
            ),
            (
                "m:\r\n  a: 1\r\n  old: 2\r\n  b: 3\r\n",
                Some("m:\r\n  a: 1\r\n  b: 3\r\n"),
            ),
            // A multi-line value goes with its lines.
            (
                "m:\n  old:\n    x: 1\n    y: 2\n  b: 3\n",
                Some("m:\n  b: 3\n"),
            ),
            // The last line of the text, without a line break.
            ("m:\n  a: 1\n  old: 2", Some("m:\n  a: 1\n")),
            // Comments indented under an empty value go with the entry and
            // stay, at its column: left where they were, they would become
            // part of the block scalar before.
            (
                "m:\n  a: |\n    text\n  old:\n\n    # under old\n  b: 3\n",
                Some("m:\n  a: |\n    text\n  # under old\n  b: 3\n"),
            ),
            // The only entry leaves an empty mapping, not a null.
            ("m:\n  old: 1\nn: 2\n", Some("m:\n  {}\nn: 2\n")),
            // Flow: one adjacent comma goes too.
            ("m: {old: 1, b: 2}\n", Some("m: {b: 2}\n")),
            ("m: {a: 1, old: 2}\n", Some("m: {a: 1}\n")),
            ("m: {a: 1, old: 2, b: 3}\n", Some("m: {a: 1, b: 3}\n")),
            ("m: {old: 1}\n", Some("m: {}\n")),
            (
                "{\n  \"m\": {\n    \"a\": 1,\n    \"old\": 2\n  }\n}\n",
                Some("{\n  \"m\": {\n    \"a\": 1\n  }\n}\n"),
            ),
            (
                "{\"m\": {\"old\": 1, \"b\": 2}}",
                Some("{\"m\": {\"b\": 2}}"),
            ),
            // An anchor another node refers to cannot go.
            ("m:\n  old: &x 1\n  b: *x\n", None),
        ],
        delete,
    );
    // The first entry of a sequence item: the next one moves behind the dash.
    check(
        &[
            ("l:\n  - old: 1\n    b: 2\n", Some("l:\n  - b: 2\n")),
            ("l:\n  - old: 1\n    # c\n    b: 2\n", None),
        ],
        |editor, tree| {
            let item = node_at(tree, &["l", "0"]);
            editor.delete_entry(tree.get_entry(item, "old")?)
        },
    );
}

#[test]
fn insert_entry_goes_after_the_last_one() {
    let insert = |value: NewValue| {
        move |editor: &Editor, tree: &Tree| {
            Some(vec![editor.insert_entry(
                node_at(tree, &["m"]),
                "new",
                &value,
            )?])
        }
    };
    check(
        &[
            (
                "m:\n  a: 1  # c\n# next\nn: 2\n",
                Some("m:\n  a: 1  # c\n  new: x\n# next\nn: 2\n"),
            ),
            ("m:\n  a: 1", Some("m:\n  a: 1\n  new: x")),
            ("m:\r\n  a: 1\r\n", Some("m:\r\n  a: 1\r\n  new: x\r\n")),
            ("m: {a: 1}\n", Some("m: {a: 1, new: x}\n")),
            ("m: {}\n", Some("m: {new: x}\n")),
            (
                "{\n  \"m\": {\n    \"a\": 1\n  }\n}\n",
                Some("{\n  \"m\": {\n    \"a\": 1,\n    \"new\": \"x\"\n  }\n}\n"),
            ),
        ],
        insert(NewValue::Str("x".into())),
    );
    let classes = NewValue::List(vec![NewValue::Map(vec![
        ("class".into(), NewValue::Str("digits".into())),
        ("min".into(), NewValue::Int(1)),
    ])]);
    check(
        &[
            (
                "m:\n  a: 1\n",
                Some("m:\n  a: 1\n  new:\n    - class: digits\n      min: 1\n"),
            ),
            (
                "m: {a: 1}\n",
                Some("m: {a: 1, new: [{class: digits, min: 1}]}\n"),
            ),
            (
                "{\"m\": {\"a\": 1}}",
                Some("{\"m\": {\"a\": 1, \"new\": [{\"class\": \"digits\", \"min\": 1}]}}"),
            ),
        ],
        insert(classes),
    );
    // Strings that would read as something else are quoted.
    check(
        &[("m: {a: 1}\n", Some("m: {a: 1, new: \"yes\"}\n"))],
        insert(NewValue::Str("yes".into())),
    );
}

#[test]
fn append_item_follows_the_sequence_style() {
    let append = |editor: &Editor, tree: &Tree| {
        Some(vec![editor.append_item(
            node_at(tree, &["l"]),
            &NewValue::Str("x".into()),
        )?])
    };
    check(
        &[
            (
                "l:\n  - a\n  # c\n  - b  # t\nn: 1\n",
                Some("l:\n  - a\n  # c\n  - b  # t\n  - x\nn: 1\n"),
            ),
            ("l:\n- a\n", Some("l:\n- a\n- x\n")),
            ("l:\r\n  - a\r\n", Some("l:\r\n  - a\r\n  - x\r\n")),
            ("l: [a]\n", Some("l: [a, x]\n")),
            ("l: []\n", Some("l: [x]\n")),
            (
                "{\n  \"l\": [\n    \"a\"\n  ]\n}\n",
                Some("{\n  \"l\": [\n    \"a\",\n    \"x\"\n  ]\n}\n"),
            ),
        ],
        append,
    );
}

#[test]
fn wrap_in_list_makes_a_one_item_list() {
    let wrap = |editor: &Editor, tree: &Tree| editor.wrap_in_list(node_at(tree, &["k"]));
    check(
        &[
            ("k: v  # c\n", Some("k: [v]  # c\n")),
            ("k: 'v'\r\n", Some("k: ['v']\r\n")),
            ("k: {get_param: p}\n", Some("k: [{get_param: p}]\n")),
            (
                "k:\n  get_param: p\nn: 1\n",
                Some("k:\n  - get_param: p\nn: 1\n"),
            ),
            (
                "k:\n  list_join:\n    - ','\n    - [a, b]\n",
                Some("k:\n  - list_join:\n      - ','\n      - [a, b]\n"),
            ),
            ("{\"k\": \"v\"}", Some("{\"k\": [\"v\"]}")),
            ("k: a,b\n", Some("k: [\"a,b\"]\n")),
            // Nothing is null; `[null]` is not.
            ("k:\nn: 1\n", None),
            ("k: |\n  text\n", None),
        ],
        wrap,
    );
}

#[test]
fn hoist_entries_moves_a_nested_mapping_up() {
    let hoist = |editor: &Editor, tree: &Tree| {
        let task = node_at(tree, &["tasks", "0"]);
        editor.hoist_entries(tree.get_entry(task, "policies")?)
    };
    check(
        &[
            (
                "tasks:\n  - name: t\n    policies:  # why\n      retry:\n        count: 3\n      # then\n      timeout: 60\n    next: b\n",
                Some("tasks:\n  - name: t\n    # why\n    retry:\n      count: 3\n    # then\n    timeout: 60\n    next: b\n"),
            ),
            (
                "tasks:\r\n  - name: t\r\n    policies:\r\n      retry: 3\r\n",
                Some("tasks:\r\n  - name: t\r\n    retry: 3\r\n"),
            ),
            (
                "tasks:\n  - name: t\n    policies: {retry: 3, timeout: 5}  # c\n    next: b\n",
                Some("tasks:\n  - name: t\n    retry: 3\n    timeout: 5\n    # c\n    next: b\n"),
            ),
            (
                "tasks:\n  - {name: t, policies: {retry: 3, timeout: 5}}\n",
                Some("tasks:\n  - {name: t, retry: 3, timeout: 5}\n"),
            ),
            (
                "{\"tasks\": [{\"name\": \"t\", \"policies\": {\"retry\": 3}}]}",
                Some("{\"tasks\": [{\"name\": \"t\", \"retry\": 3}]}"),
            ),
            (
                "tasks:\n  - name: t\n    policies: {}\n    next: b\n",
                Some("tasks:\n  - name: t\n    next: b\n"),
            ),
            // The first entry of an item: the moved entries follow the dash.
            (
                "tasks:\n  - policies:\n      retry: 3\n      timeout: 5\n    name: t\n",
                Some("tasks:\n  - retry: 3\n    timeout: 5\n    name: t\n"),
            ),
            (
                "tasks:\n  - policies: {retry: 3, timeout: 5}\n    name: t\n",
                Some("tasks:\n  - retry: 3\n    timeout: 5\n    name: t\n"),
            ),
            ("tasks:\n  - policies:  # c\n      retry: 3\n    name: t\n", None),
        ],
        hoist,
    );
}

#[test]
fn replace_entry_writes_the_new_value_in_the_entry_style() {
    let value = NewValue::List(vec![NewValue::Map(vec![
        ("class".into(), NewValue::Str("digits".into())),
        ("min".into(), NewValue::Int(1)),
    ])]);
    let replace = move |editor: &Editor, tree: &Tree| {
        editor.replace_entry(entry_at(tree, &["m", "old"]), "new", &value)
    };
    check(
        &[
            (
                "m:\n  old: digits  # c\n  b: 1\n",
                Some("m:\n  new:  # c\n    - class: digits\n      min: 1\n  b: 1\n"),
            ),
            (
                "m: {old: digits, b: 1}\n",
                Some("m: {new: [{class: digits, min: 1}], b: 1}\n"),
            ),
            (
                "{\"m\": {\"old\": \"digits\"}}",
                Some("{\"m\": {\"new\": [{\"class\": \"digits\", \"min\": 1}]}}"),
            ),
            ("m:\n  old: # c\n    digits\n", None),
        ],
        replace,
    );
}

#[test]
fn copied_plain_scalars_with_flow_indicators_are_quoted_in_flow() {
    let text = "m: {a: 1}\nv: a,b\n";
    let out = run(text, |editor, tree| {
        let source = NewValue::List(vec![NewValue::Source(node_at(tree, &["v"]))]);
        Some(vec![editor.insert_entry(
            node_at(tree, &["m"]),
            "new",
            &source,
        )?])
    });
    assert_eq!(out.as_deref(), Some("m: {a: 1, new: [\"a,b\"]}\nv: a,b\n"));
}

#[test]
fn copied_block_collections_go_on_lines_of_their_own_at_the_new_depth() {
    // A one-entry block mapping cannot follow a key on its line, and one
    // copied from deeper moves left with its first line.
    let text = "a:\n  b:\n    c:\n      sp:\n        type: X\nm:\n  k: 1\n";
    let out = run(text, |editor, tree| {
        let copied = NewValue::Source(node_at(tree, &["a", "b", "c", "sp"]));
        Some(vec![editor.insert_entry(
            node_at(tree, &["m"]),
            "sp",
            &copied,
        )?])
    });
    assert_eq!(
        out.as_deref(),
        Some("a:\n  b:\n    c:\n      sp:\n        type: X\nm:\n  k: 1\n  sp:\n    type: X\n")
    );
}
