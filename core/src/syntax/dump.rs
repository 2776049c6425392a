//! A readable rendering of a tree, for snapshot tests and debugging.

use std::fmt::Write;

use super::{NodeId, NodeKind, Tree};

const EXCERPT_CHARS: usize = 60;

pub(super) fn dump(tree: &Tree) -> String {
    let mut out = String::new();
    // (node, depth, role) in reverse order of printing.
    let mut stack: Vec<(NodeId, usize, &str)> =
        tree.root().map(|r| (r, 0, "")).into_iter().collect();
    while let Some((node, depth, role)) = stack.pop() {
        line(tree, &mut out, node, depth, role);
        let children = tree.children(node);
        if tree.is_mapping(node) {
            for pair in children.chunks_exact(2).rev() {
                stack.push((pair[1], depth + 1, "v "));
                stack.push((pair[0], depth + 1, "k "));
            }
        } else {
            stack.extend(children.iter().rev().map(|&c| (c, depth + 1, "- ")));
        }
    }
    for comment in tree.comments() {
        let _ = writeln!(
            out,
            "comment line {} {}..{}{} {}",
            comment.line + 1,
            comment.range.start,
            comment.range.end,
            if comment.own_line { " own-line" } else { "" },
            excerpt(&tree.text()[comment.range.as_usize()])
        );
    }
    for diagnostic in tree.errors() {
        let at = tree
            .line_index()
            .position(tree.text(), diagnostic.range.start);
        let _ = writeln!(
            out,
            "error {}:{} {}..{} {}",
            at.line, at.column, diagnostic.range.start, diagnostic.range.end, diagnostic.message
        );
    }
    out
}

fn line(tree: &Tree, out: &mut String, node: NodeId, depth: usize, role: &str) {
    let range = tree.range(node);
    let start = tree.line_index().position(tree.text(), range.start);
    let end = tree.line_index().position(tree.text(), range.end);
    let _ = write!(out, "{:indent$}{role}", "", indent = depth * 2);
    let _ = match tree.kind(node) {
        NodeKind::Mapping(style) => write!(out, "mapping {style:?}"),
        NodeKind::Sequence(style) => write!(out, "sequence {style:?}"),
        NodeKind::Scalar(style) => write!(out, "scalar {style:?}"),
        NodeKind::Alias => write!(
            out,
            "alias -> {}",
            tree.alias_target(node).map_or(-1, |t| t.index() as i64)
        ),
    };
    if let Some(indent) = tree.indent(node) {
        let _ = write!(out, " indent={indent}");
    }
    let _ = write!(
        out,
        " #{} {}..{} {}:{}-{}:{}",
        node.index(),
        range.start,
        range.end,
        start.line,
        start.column,
        end.line,
        end.column
    );
    if let Some(anchor) = tree.anchor(node) {
        let _ = write!(out, " anchor={}", &tree.text()[anchor.as_usize()]);
    }
    if let Some(tag) = tree.tag(node) {
        let _ = write!(out, " tag={tag}");
    }
    let source = tree.source(node);
    let _ = write!(out, " {}", excerpt(source));
    if let Some(value) = tree.scalar(node).filter(|&value| value != source) {
        let _ = write!(out, " = {}", excerpt(value));
    }
    out.push('\n');
}

fn excerpt(text: &str) -> String {
    let mut quoted = String::from("`");
    for (i, ch) in text.chars().enumerate() {
        if i == EXCERPT_CHARS {
            quoted.push('…');
            break;
        }
        quoted.extend(ch.escape_debug());
    }
    quoted.push('`');
    quoted
}
