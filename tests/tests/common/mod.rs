//! Shared by the corpus and robustness tests.

#![allow(dead_code)]

use std::path::Path;

use heatwise_core::syntax::{CollectionStyle, NodeKind, ScalarStyle, Tree};

#[allow(unused_imports)] // Not every test binary that includes this module reads the corpora.
pub use heatwise_test_support::{corpora, files_under};

/// What every tree must satisfy, whatever its input; panics with the broken
/// invariant.
pub fn check_invariants(tree: &Tree) {
    let text = tree.text();
    let mut previous_start = 0;
    for node in tree.node_ids() {
        let range = tree.range(node);
        assert!(
            range.end as usize <= text.len(),
            "{node:?} ends past the text"
        );
        assert!(
            text.is_char_boundary(range.start as usize)
                && text.is_char_boundary(range.end as usize),
            "{node:?} is not on character boundaries"
        );
        assert!(
            range.start >= previous_start,
            "{node:?} is out of source order"
        );
        previous_start = range.start;
        if let Some(parent) = tree.parent(node) {
            let outer = tree.range(parent);
            assert!(
                outer.start <= range.start && range.end <= outer.end,
                "{node:?} {range:?} is outside its parent {outer:?}"
            );
        }
        let source = tree.source(node);
        let content = &text[tree.content_start(node) as usize..range.end as usize];
        match tree.kind(node) {
            NodeKind::Scalar(ScalarStyle::SingleQuoted) => {
                assert!(
                    content.starts_with('\'') && content.ends_with('\'') && content.len() >= 2,
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Scalar(ScalarStyle::DoubleQuoted) => {
                assert!(
                    content.starts_with('"') && content.ends_with('"') && content.len() >= 2,
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Scalar(ScalarStyle::Literal) => {
                assert!(content.starts_with('|'), "{node:?} {source:?}")
            }
            NodeKind::Scalar(ScalarStyle::Folded) => {
                assert!(content.starts_with('>'), "{node:?} {source:?}")
            }
            NodeKind::Scalar(ScalarStyle::Plain) => {
                let value = tree.scalar(node).unwrap();
                if !source.contains(['\n', '\r'])
                    && tree.tag(node).is_none()
                    && tree.anchor(node).is_none()
                {
                    assert_eq!(
                        source, value,
                        "{node:?}: a one-line plain scalar is its source"
                    );
                }
            }
            NodeKind::Mapping(CollectionStyle::Flow) if tree.errors().is_empty() => {
                assert!(
                    content.starts_with('{') && content.ends_with('}'),
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Sequence(CollectionStyle::Flow) if tree.errors().is_empty() => {
                assert!(
                    content.starts_with('[') && content.ends_with(']'),
                    "{node:?} {source:?}"
                )
            }
            NodeKind::Alias => assert!(source.starts_with('*'), "{node:?} {source:?}"),
            _ => {}
        }
    }
    for comment in tree.comments() {
        assert!(text[comment.range.as_usize()].starts_with('#'));
        // A comment may stand between a scalar's anchor or tag and its
        // text (`value: &anchor\n  # why\n  text`), or after a block
        // scalar's header (`|  # why`), never inside the text.
        assert!(
            tree.node_at(comment.range.start).is_none_or(|node| {
                let header = tree
                    .scalar_style(node)
                    .is_some_and(|style| style.is_block())
                    && tree.line_of(comment.range.start) == tree.line_of(tree.content_start(node));
                !tree.is_scalar(node) || comment.range.end <= tree.content_start(node) || header
            }),
            "comment {comment:?} inside a scalar"
        );
    }
}

/// Compares `actual` with `tests/snapshots/NAME`, or rewrites it under
/// `HEATWISE_BLESS=1`.
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    heatwise_test_support::assert_snapshot(&path, actual);
}

/// Local files by `file:` URL, for gathering stacks of the corpora (their
/// paths need no escapes).
pub struct LocalFiles;

impl heatwise_core::stack::FileProvider for LocalFiles {
    fn read(
        &self,
        url: &str,
    ) -> Result<heatwise_core::stack::Content, heatwise_core::stack::ReadError> {
        use heatwise_core::stack::{Content, ReadError};
        let path = url.strip_prefix("file://").ok_or(ReadError::Remote)?;
        match std::fs::read(path) {
            Ok(bytes) => Ok(String::from_utf8(bytes).map_or(Content::Binary, Content::Text)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Err(ReadError::NotFound),
            Err(error) => Err(ReadError::Unreadable(error.to_string())),
        }
    }
}
