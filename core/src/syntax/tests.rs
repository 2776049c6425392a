//! Exact byte ranges, checked against the text they cover.

use super::*;

fn find(tree: &Tree, source: &str) -> NodeId {
    tree.node_ids()
        .find(|&node| tree.source(node) == source)
        .unwrap_or_else(|| panic!("no node covers {source:?}"))
}

#[test]
fn ranges_of_every_scalar_style() {
    let text = "a: plain  text   # c\nb: 'it''s' # c\nc: \"q\\\"x\" \nd: |+ # header | >\n  body\n\n\ne: >-\n  folded\nf:\ng: &anchor !!str tagged\n";
    let tree = parse(text);
    assert!(tree.errors().is_empty(), "{:?}", tree.errors());
    let root = tree.root().unwrap();
    let value = |key: &str| tree.get(root, key).unwrap();
    assert_eq!(tree.source(value("a")), "plain  text");
    assert_eq!(tree.source(value("b")), "'it''s'");
    assert_eq!(tree.scalar(value("b")), Some("it's"));
    assert_eq!(tree.source(value("c")), "\"q\\\"x\"");
    assert_eq!(tree.source(value("d")), "|+ # header | >\n  body");
    assert_eq!(tree.scalar(value("d")), Some("body\n\n\n"));
    assert_eq!(tree.source(value("e")), ">-\n  folded");
    let empty = tree.range(value("f"));
    assert!(empty.is_empty());
    assert_eq!(
        &text[..empty.start as usize],
        &text[..text.find("f:").unwrap() + 2]
    );
    assert_eq!(tree.source(value("g")), "&anchor !!str tagged");
    assert_eq!(tree.tag(value("g")), Some("tag:yaml.org,2002:str"));
    assert_eq!(
        &text[tree.anchor(value("g")).unwrap().as_usize()],
        "&anchor"
    );
    assert_eq!(
        &text[tree.content_start(value("g")) as usize..tree.range(value("g")).end as usize],
        "tagged"
    );
    let styles: Vec<_> = ["a", "b", "c", "d", "e"]
        .map(|key| tree.scalar_style(value(key)).unwrap())
        .to_vec();
    use ScalarStyle::*;
    assert_eq!(styles, [Plain, SingleQuoted, DoubleQuoted, Literal, Folded]);
    let comments: Vec<&str> = tree
        .comments()
        .iter()
        .map(|c| &text[c.range.as_usize()])
        .collect();
    assert_eq!(comments, ["# c", "# c", "# header | >"]);
}

#[test]
fn multibyte_text_and_crlf_give_byte_offsets() {
    let text = "\u{feff}name: \"é😀\"\r\nlist: [ä, 'ö']\r\n# ü comment\r\nlast: ß\r\n";
    let tree = parse(text);
    assert!(tree.errors().is_empty());
    let root = tree.root().unwrap();
    assert_eq!(tree.source(tree.get(root, "name").unwrap()), "\"é😀\"");
    let list = tree.get(root, "list").unwrap();
    assert_eq!(tree.source(list), "[ä, 'ö']");
    assert_eq!(tree.collection_style(list), Some(CollectionStyle::Flow));
    assert_eq!(tree.source(tree.items(list)[1]), "'ö'");
    assert_eq!(tree.source(tree.get(root, "last").unwrap()), "ß");
    let comment = tree.comments()[0];
    assert_eq!(&text[comment.range.as_usize()], "# ü comment");
    assert_eq!((comment.line, comment.own_line), (2, true));
    assert_eq!(tree.source(root), &text[3..text.len() - 2]);
}

#[test]
fn entries_know_their_ranges_lines_and_indentation() {
    let text = "top:\n  first: 1\n  second:\n    - a\n    - {b: c}  # trailing\n  third: x\nflow: {k: v, w: x}\n";
    let tree = parse(text);
    let root = tree.root().unwrap();
    let top = tree.get(root, "top").unwrap();
    assert_eq!(tree.indent(root), Some(0));
    assert_eq!(tree.indent(top), Some(2));
    let second = tree.get_entry(top, "second").unwrap();
    assert_eq!(
        &text[tree.entry_range(second).as_usize()],
        "second:\n    - a\n    - {b: c}"
    );
    let lines = tree.entry_lines(second);
    assert_eq!(
        (lines.first_line, lines.last_line, lines.alone),
        (2, 4, true)
    );
    assert_eq!(
        &text[lines.lines.as_usize()],
        "  second:\n    - a\n    - {b: c}  # trailing\n"
    );
    let sequence = second.value;
    assert_eq!(tree.indent(sequence), Some(4));
    assert_eq!(
        tree.collection_style(sequence),
        Some(CollectionStyle::Block)
    );
    let flow = tree.get(root, "flow").unwrap();
    assert_eq!(tree.indent(flow), None);
    let k = tree.get_entry(flow, "k").unwrap();
    assert_eq!(&text[tree.entry_range(k).as_usize()], "k: v");
    assert!(!tree.entry_lines(k).alone);
    assert_eq!(tree.entry_of(k.value), Some(k));
    assert_eq!(
        tree.node_at(text.find("{b").unwrap() as u32 + 1),
        Some(find(&tree, "b"))
    );
    assert_eq!(tree.depth(find(&tree, "c")), 4);
}

#[test]
fn duplicates_are_kept_and_the_last_wins() {
    let text = "a: 1\nb: 2\na: 3\n";
    let tree = parse(text);
    let root = tree.root().unwrap();
    assert_eq!(tree.entries(root).count(), 3);
    assert_eq!(tree.scalar(tree.get(root, "a").unwrap()), Some("3"));
    let duplicates = tree.duplicate_keys(root);
    assert_eq!(duplicates.len(), 1);
    assert_eq!(tree.range(duplicates[0].0.key).start, 0);
    assert_eq!(tree.range(duplicates[0].1.key).start, 10);
}

#[test]
fn aliases_point_at_their_anchor_and_are_not_expanded() {
    let text = "base: &base {a: 1}\ncopy: *base\n";
    let tree = parse(text);
    let root = tree.root().unwrap();
    let copy = tree.get(root, "copy").unwrap();
    assert_eq!(tree.kind(copy), NodeKind::Alias);
    assert_eq!(tree.source(copy), "*base");
    assert_eq!(tree.alias_target(copy), tree.get(root, "base"));
    assert!(tree.children(copy).is_empty());
}

#[test]
fn errors_keep_what_was_read() {
    let text = "a: 1\nb: [x, y\nc: 2\n";
    let tree = parse(text);
    assert_eq!(tree.errors().len(), 1);
    let root = tree.root().unwrap();
    assert_eq!(tree.source(tree.get(root, "a").unwrap()), "1");
    // libyaml reads `y c: 2` as a pair inside the list, then finds no `]`.
    let b = tree.get(root, "b").unwrap();
    assert_eq!(tree.source(tree.items(b)[0]), "x");
    assert!(tree.source(b).starts_with("[x, y"));
    assert!(tree.errors()[0].range.end as usize <= text.len());
}

#[test]
fn syntax_errors_say_what_to_do() {
    let cases = [
        ("a:\n\tb: 1\n", "a tab in the indentation"),
        ("a: \"x\n", "a quoted string is never closed"),
        (
            "a:\n  b: 1\n c: 2\n",
            "this line's indentation matches no entry",
        ),
        ("a: *x\n", "the alias `*x` refers to no anchor"),
        ("a: b: c\n", "a second `: ` on one line"),
        ("a: [1, 2\n", "a `[` list is not closed"),
        ("a: {b: 1\n", "a `{` mapping is not closed"),
        ("a: 1\n---\nb: 2\n", "a second YAML document"),
        (
            "a: &x 1\nb: &x 2\n",
            "the anchor `&x` is defined a second time (first on line 1)",
        ),
        ("a: \"\\q\"\n", "an unknown `\\` escape"),
        ("a: 1\nb\nc: 2\n", "a line that is neither"),
        ("@a: 1\n", "`@` and `` ` `` cannot start a plain value"),
        ("a:\n  - b\n  c: 1\n", "a list item and a mapping entry"),
    ];
    for (text, advice) in cases {
        let tree = parse(text);
        let message = &tree.errors()[0].message;
        assert!(
            message.starts_with(advice) && message.ends_with(')') && message.contains("(YAML: "),
            "{text:?}: {message}"
        );
    }
}

#[test]
fn a_comment_between_an_anchor_and_its_plain_scalar_is_outside_the_text() {
    // tripleo-heat-templates 18.0.0, deployment/cinder/cinder-common-container-puppet.yaml
    let text = "x:\n  value: &a\n    # why\n    /var/lib/x\n\ny: 1\n";
    let tree = parse(text);
    assert!(tree.errors().is_empty(), "{:?}", tree.errors());
    let value = tree
        .get(tree.get(tree.root().unwrap(), "x").unwrap(), "value")
        .unwrap();
    assert_eq!(tree.scalar(value), Some("/var/lib/x"));
    let content = &text[tree.content_start(value) as usize..tree.range(value).end as usize];
    assert_eq!(content, "/var/lib/x");
    let comment = tree.comments()[0].range;
    assert_eq!(&text[comment.as_usize()], "# why");
    assert!(comment.end <= tree.content_start(value));
}

#[test]
fn a_block_scalar_whose_body_starts_with_an_indicator_starts_at_its_header() {
    let text = "a: |\n  > quoted\n  | piped\nb: >-\n  | x\n";
    let tree = parse(text);
    assert!(tree.errors().is_empty(), "{:?}", tree.errors());
    let root = tree.root().unwrap();
    let a = tree.get(root, "a").unwrap();
    assert_eq!(tree.source(a), "|\n  > quoted\n  | piped");
    assert_eq!(tree.scalar(a), Some("> quoted\n| piped\n"));
    let b = tree.get(root, "b").unwrap();
    assert_eq!(tree.source(b), ">-\n  | x");
}
