//! PyYAML's `SafeConstructor` with Heat's overrides, over a syntax tree:
//! one pass in source order with an explicit stack (no recursion on the
//! input), anchored values kept for their aliases.

use std::rc::Rc;

use super::number::BigInt;
use super::resolve::{self, split_sign, Implicit};
use super::{LoadError, Map, Value, MAX_MERGED_ENTRIES};
use crate::hash::{HashMap, HashMapExt};
use crate::syntax::{NodeId, NodeKind, ScalarStyle, Tree};
use crate::text::TextRange;

const YAML: &str = "tag:yaml.org,2002:";

/// A collection whose children are being read.
struct Frame {
    node: NodeId,
    end: usize,
    items: Vec<Value>,
    /// In a mapping: the pair indexes whose key is a merge key `<<`.
    merges: Vec<usize>,
}

pub(super) fn construct(tree: &Tree, root: NodeId) -> Result<Value, LoadError> {
    let mut builder = Builder {
        tree,
        anchored: HashMap::new(),
        merged: 0,
        itself: Rc::default(),
    };
    builder.run(root)
}

struct Builder<'a, 't> {
    tree: &'a Tree<'t>,
    anchored: HashMap<NodeId, Value>,
    merged: usize,
    /// Stands for a mapping merged into itself (`x: &a {<<: *a}`), which
    /// PyYAML reads as the mapping's own entries.
    itself: Rc<Map>,
}

impl Builder<'_, '_> {
    fn run(&mut self, root: NodeId) -> Result<Value, LoadError> {
        let tree = self.tree;
        let end = root.index() + 1 + tree.descendants(root).len();
        let mut stack: Vec<Frame> = Vec::new();
        let mut result = None;
        for node in tree.node_ids().skip(root.index()).take(end - root.index()) {
            while stack.last().is_some_and(|top| top.end <= node.index()) {
                let frame = stack.pop().unwrap_or_else(|| unreachable!());
                let value = self.finish(frame)?;
                Self::add(&mut stack, &mut result, value);
            }
            let as_key = stack.last().is_some_and(|top| {
                matches!(tree.kind(top.node), NodeKind::Mapping(_)) && top.items.len() % 2 == 0
            });
            match tree.kind(node) {
                NodeKind::Mapping(_) | NodeKind::Sequence(_) => stack.push(Frame {
                    node,
                    end: node.index() + 1 + tree.descendants(node).len(),
                    items: Vec::new(),
                    merges: Vec::new(),
                }),
                NodeKind::Scalar(_) | NodeKind::Alias => {
                    let target = self.target(node);
                    if as_key && self.is_merge_key(target) {
                        let top = stack.last_mut().unwrap_or_else(|| unreachable!());
                        top.merges.push(top.items.len() / 2);
                        top.items.push(Value::Null);
                        continue;
                    }
                    let value = if tree.kind(node) == NodeKind::Alias
                        && !self.anchored.contains_key(&target)
                        && Self::merges_itself(tree, &stack, target)
                    {
                        Value::Map(self.itself.clone())
                    } else if tree.kind(node) == NodeKind::Alias {
                        self.anchored.get(&target).cloned().ok_or_else(|| LoadError {
                            message: "this alias is inside the node it refers to, a recursive structure Heat cannot use: refer to another node".into(),
                            range: tree.range(node),
                        })?
                    } else {
                        self.scalar(node, as_key)?
                    };
                    if tree.anchor(node).is_some() {
                        self.anchored.insert(node, value.clone());
                    }
                    Self::add(&mut stack, &mut result, value);
                }
            }
        }
        while let Some(frame) = stack.pop() {
            let value = self.finish(frame)?;
            Self::add(&mut stack, &mut result, value);
        }
        Ok(result.unwrap_or(Value::Null))
    }

    fn add(stack: &mut [Frame], result: &mut Option<Value>, value: Value) {
        match stack.last_mut() {
            Some(top) => top.items.push(value),
            None => *result = Some(value),
        }
    }

    /// Whether an alias to `target` is the value of a merge key (or an
    /// item of one) in the mapping `target` itself.
    fn merges_itself(tree: &Tree, stack: &[Frame], target: NodeId) -> bool {
        let in_merge = |frame: &Frame| {
            frame.node == target
                && frame.items.len() % 2 == 1
                && frame.merges.last() == Some(&(frame.items.len() / 2))
        };
        match stack {
            [.., mapping, list] if matches!(tree.kind(list.node), NodeKind::Sequence(_)) => {
                in_merge(mapping)
            }
            [.., mapping] => in_merge(mapping),
            [] => false,
        }
    }

    /// The node an alias names, or the node itself.
    fn target(&self, node: NodeId) -> NodeId {
        match self.tree.kind(node) {
            NodeKind::Alias => self.tree.alias_target(node).unwrap_or(node),
            _ => node,
        }
    }

    /// A merge key: a plain `<<`, or any scalar tagged `!!merge`.
    fn is_merge_key(&self, node: NodeId) -> bool {
        self.tree.is_merge_key(node)
    }

    fn error(&self, node: NodeId, message: String) -> LoadError {
        // The node's first character (none for an empty node).
        let range = self.tree.range(node);
        let first = self.tree.text()[range.as_usize()]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        LoadError {
            message,
            range: TextRange::new(range.start, range.start + first as u32),
        }
    }

    /// A collection's tag, `None` for the default one.
    fn collection_tag(&self, node: NodeId) -> Option<&str> {
        self.tree.tag(node).filter(|&tag| tag != "!")
    }

    fn finish(&mut self, frame: Frame) -> Result<Value, LoadError> {
        let tree = self.tree;
        let node = frame.node;
        let mapping = matches!(tree.kind(node), NodeKind::Mapping(_));
        let tag = self.collection_tag(node).map(str::to_owned);
        let short = tag.as_deref().map(|t| t.strip_prefix(YAML).unwrap_or(t));
        let value = if mapping {
            let map = self.mapping(&frame)?;
            match short {
                None | Some("map") => Value::Map(Rc::new(map)),
                Some("set") => Value::Set(Rc::new(
                    map.entries().iter().map(|(k, _)| k.clone()).collect(),
                )),
                Some("seq" | "omap" | "pairs") => {
                    return Err(self.error(node, format!("`!!{}` wants a list, not a mapping (expected a sequence, but found mapping node)", short.unwrap_or_default())));
                }
                Some(_) => return Err(self.undefined(node, tag.as_deref().unwrap_or_default())),
            }
        } else {
            match short {
                None | Some("seq") => Value::Seq(Rc::new(frame.items)),
                Some("omap" | "pairs") => {
                    let mut pairs = Vec::new();
                    for (&child, item) in tree.children(node).iter().zip(frame.items) {
                        let child = self.target(child);
                        let single = matches!(tree.kind(child), NodeKind::Mapping(_))
                            && tree.children(child).len() == 2;
                        match item {
                            Value::Map(map) if single && map.len() == 1 => {
                                pairs.push(map.entries()[0].clone());
                            }
                            _ => {
                                return Err(self.error(child, "each item of an ordered map is one `key: value` pair (expected a single mapping item)".into()));
                            }
                        }
                    }
                    Value::Pairs(Rc::new(pairs))
                }
                Some("map" | "set") => {
                    return Err(self.error(node, format!("`!!{}` wants a mapping, not a list (expected a mapping node, but found sequence)", short.unwrap_or_default())));
                }
                Some(_) => return Err(self.undefined(node, tag.as_deref().unwrap_or_default())),
            }
        };
        if tree.anchor(node).is_some() {
            self.anchored.insert(node, value.clone());
        }
        Ok(value)
    }

    /// `flatten_mapping` then `construct_mapping`: merged entries first, in
    /// the order PyYAML puts them, then the mapping's own; later entries
    /// replace earlier ones.
    fn mapping(&mut self, frame: &Frame) -> Result<Map, LoadError> {
        let tree = self.tree;
        let children = tree.children(frame.node);
        let own: Vec<(Value, Value)> = frame
            .items
            .chunks(2)
            .enumerate()
            .filter(|(pair, _)| !frame.merges.contains(pair))
            .map(|(_, kv)| (kv[0].clone(), kv[1].clone()))
            .collect();
        // Each merge's entries, in order. PyYAML flattens a mapping merged
        // into itself when it meets that merge: its entries are then those
        // the later merges bring, then its own. Hence from the last merge
        // back.
        let mut merged: Vec<(Value, Value)> = Vec::new();
        for &pair in frame.merges.iter().rev() {
            let value_node = children[2 * pair + 1];
            let target = self.target(value_node);
            let itself = || {
                merged
                    .iter()
                    .cloned()
                    .chain(own.iter().cloned())
                    .collect::<Vec<_>>()
            };
            let content: Vec<(Value, Value)> = match (&frame.items[2 * pair + 1], tree.kind(target))
            {
                (Value::Map(map), _) if Rc::ptr_eq(map, &self.itself) => itself(),
                (Value::Map(map), NodeKind::Mapping(_)) => map.entries().to_vec(),
                (Value::Set(keys), NodeKind::Mapping(_)) => {
                    keys.iter().map(|k| (k.clone(), Value::Null)).collect()
                }
                // `!!omap`/`!!pairs` items are one-entry mappings.
                (Value::Pairs(pairs), NodeKind::Sequence(_)) => {
                    pairs.iter().rev().cloned().collect()
                }
                (Value::Seq(items), NodeKind::Sequence(_)) => {
                    let mut sub = Vec::new();
                    for (&item_node, item) in tree.children(target).iter().zip(items.iter()) {
                        match (item, tree.kind(self.target(item_node))) {
                            (Value::Map(map), _) if Rc::ptr_eq(map, &self.itself) => {
                                sub.push(itself())
                            }
                            (Value::Map(map), NodeKind::Mapping(_)) => {
                                sub.push(map.entries().to_vec())
                            }
                            (_, kind) => {
                                return Err(self.error(item_node, format!("`<<` merges mappings; this item is a {} (expected a mapping for merging, but found {})", kind_name(kind), node_name(kind))));
                            }
                        }
                    }
                    sub.into_iter().rev().flatten().collect()
                }
                (_, kind) => {
                    return Err(self.error(value_node, format!("`<<` merges a mapping or a list of mappings, not a {} (expected a mapping or list of mappings for merging, but found {})", kind_name(kind), node_name(kind))));
                }
            };
            self.merged += content.len();
            if self.merged > MAX_MERGED_ENTRIES {
                return Err(self.error(value_node, format!("merge keys bring more than {MAX_MERGED_ENTRIES} entries into mappings; the rest is not read")));
            }
            merged.splice(0..0, content);
        }
        let mut map = Map::default();
        for (key, value) in merged {
            map.insert(key, value);
        }
        let mut items = frame.items.iter();
        let mut pair = 0;
        while let (Some(key), Some(value)) = (items.next(), items.next()) {
            if !frame.merges.contains(&pair) {
                let key_node = children[2 * pair];
                if matches!(
                    key,
                    Value::Seq(_) | Value::Map(_) | Value::Set(_) | Value::Pairs(_)
                ) {
                    return Err(self.error(key_node, "a list or mapping as a mapping key: Heat's loader wants a scalar key (found unhashable key)".into()));
                }
                map.insert(key.clone(), value.clone());
            }
            pair += 1;
        }
        Ok(map)
    }

    fn undefined(&self, node: NodeId, tag: &str) -> LoadError {
        self.error(node, format!("Heat's loader knows no tag `{tag}`: remove it, or use a YAML core tag such as `!!str` (could not determine a constructor for the tag '{tag}')"))
    }

    fn scalar(&self, node: NodeId, as_key: bool) -> Result<Value, LoadError> {
        let tree = self.tree;
        let text = tree.scalar(node).unwrap_or_default();
        let plain = tree.kind(node) == NodeKind::Scalar(ScalarStyle::Plain);
        // The non-specific tag `!` makes libyaml resolve the scalar as a
        // plain one, quoted or not.
        let non_specific = tree.tag(node) == Some("!");
        let tag = tree.tag(node).filter(|_| !non_specific);
        let short = match tag {
            Some(tag) => match tag.strip_prefix(YAML) {
                Some(short) => short,
                None => return Err(self.undefined(node, tag)),
            },
            None if !plain && !non_specific => "str",
            // A node of properties alone (`key: !`): libyaml marks its
            // empty value as not implicit, so PyYAML's C composer takes
            // the default tag; its pure-Python parser resolves it (null).
            None if non_specific && text.is_empty() && !tree.read_by_fallback() => "str",
            None => match resolve::implicit(text) {
                Implicit::Null => "null",
                Implicit::Bool => "bool",
                Implicit::Int => "int",
                Implicit::Float => "float",
                Implicit::Timestamp => "timestamp",
                Implicit::Merge => "merge",
                Implicit::Value => "value",
                Implicit::Str => "str",
            },
        };
        let invalid = |what: &str| {
            self.error(node, format!("`{text}` is not {what}, as its tag `!!{short}` says: correct the value or remove the tag"))
        };
        Ok(match short {
            "null" => Value::Null,
            // Heat's loader keeps timestamps as text; its fallback, PyYAML's
            // own SafeLoader, makes dates of them.
            "timestamp" if tree.read_by_fallback() => Value::Date(
                resolve::python_timestamp(text)
                    .ok_or_else(|| invalid("a valid date or time"))?
                    .into(),
            ),
            "str" | "timestamp" => Value::Str(text.into()),
            "value" if as_key => Value::Str(text.into()),
            "bool" => match text.to_ascii_lowercase().as_str() {
                "yes" | "true" | "on" => Value::Bool(true),
                "no" | "false" | "off" => Value::Bool(false),
                _ => return Err(invalid("a boolean")),
            },
            "int" => Value::Int(construct_int(text).ok_or_else(|| invalid("an integer"))?),
            "float" => Value::Float(construct_float(text).ok_or_else(|| invalid("a number"))?),
            "binary" => Value::Bytes(
                decode_base64(text)
                    .map_err(|why| self.error(node, format!("`!!binary` data is not base64: {why} (failed to decode base64 data)")))?
                    .into(),
            ),
            "merge" | "value" => {
                let quoted = if short == "merge" { "'<<'" } else { "'='" };
                return Err(self.error(node, format!("a plain `{text}` here is a YAML 1.1 {short} key, which Heat's loader cannot make a value of: quote it ({quoted}) (could not determine a constructor for the tag 'tag:yaml.org,2002:{short}')")));
            }
            "seq" | "omap" | "pairs" | "set" | "map" => {
                let wants = if matches!(short, "map" | "set") { "mapping" } else { "sequence" };
                return Err(self.error(node, format!("`!!{short}` wants a {wants}, not a scalar (expected a {wants} node, but found scalar)")));
            }
            _ => return Err(self.undefined(node, tag.unwrap_or_default())),
        })
    }
}

fn kind_name(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Mapping(_) => "mapping",
        NodeKind::Sequence(_) => "list",
        NodeKind::Scalar(_) | NodeKind::Alias => "scalar",
    }
}

fn node_name(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Mapping(_) => "mapping node",
        NodeKind::Sequence(_) => "sequence node",
        NodeKind::Scalar(_) | NodeKind::Alias => "scalar node",
    }
}

/// `construct_yaml_int`.
fn construct_int(text: &str) -> Option<BigInt> {
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    let (negative, body) = split_sign(&cleaned);
    let body = body.trim_matches([' ', '\t', '\n', '\r']);
    if cleaned.is_empty() {
        return None;
    }
    if body == "0" {
        return BigInt::parse(false, "0", 10);
    }
    if let Some(bits) = body.strip_prefix("0b") {
        BigInt::parse(negative, bits, 2)
    } else if let Some(hex) = body.strip_prefix("0x") {
        BigInt::parse(negative, hex, 16)
    } else if body.starts_with('0') {
        BigInt::parse(negative, body, 8)
    } else if body.contains(':') {
        let parts: Vec<&str> = body.split(':').collect();
        if parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
        {
            return None;
        }
        BigInt::sexagesimal(negative, &parts)
    } else {
        body.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| BigInt::parse(negative, body, 10))?
    }
}

/// `construct_yaml_float`.
fn construct_float(text: &str) -> Option<f64> {
    let cleaned: String = text
        .chars()
        .filter(|&c| c != '_')
        .collect::<String>()
        .to_lowercase();
    let (negative, body) = split_sign(&cleaned);
    let sign = if negative { -1.0 } else { 1.0 };
    match body {
        ".inf" => return Some(sign * f64::INFINITY),
        ".nan" => return Some(f64::NAN),
        _ => {}
    }
    if body.contains(':') {
        let mut total = 0.0;
        for part in body.split(':') {
            total = total * 60.0 + python_float(part)?;
        }
        return Some(sign * total);
    }
    python_float(body).map(|f| sign * f)
}

/// Python's `float(text)` for the texts YAML gives it.
fn python_float(text: &str) -> Option<f64> {
    let text = text.trim_matches([' ', '\t', '\n', '\r']);
    if text.starts_with(['+', '-']) && text[1..].starts_with(['+', '-']) {
        return None;
    }
    let unsigned = text.trim_start_matches(['+', '-']);
    if unsigned.is_empty() || unsigned == "." {
        return None;
    }
    match unsigned {
        "inf" | "infinity" | "nan" => {}
        _ if !unsigned
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'+' | b'-')) =>
        {
            return None
        }
        _ => {}
    }
    text.parse().ok()
}

/// `base64.decodebytes`: characters outside the alphabet are skipped;
/// the padding must complete the last group.
fn decode_base64(text: &str) -> Result<Vec<u8>, &'static str> {
    if !text.is_ascii() {
        return Err("it holds characters that are not ASCII");
    }
    let mut out = Vec::new();
    let mut bits = 0u32;
    let mut count = 0usize;
    let mut pads = 0;
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => {
                // A padding that completes a group ends the data.
                let quad = count % 4;
                if quad >= 2 {
                    pads += 1;
                    if quad + pads >= 4 {
                        if quad == 2 {
                            out.push((bits >> 4) as u8);
                        } else {
                            out.extend_from_slice(&[(bits >> 10) as u8, (bits >> 2) as u8]);
                        }
                        return Ok(out);
                    }
                }
                continue;
            }
            _ => continue,
        };
        bits = (bits << 6) | u32::from(v);
        count += 1;
        if count % 4 == 0 {
            out.extend_from_slice(&[(bits >> 16) as u8, (bits >> 8) as u8, bits as u8]);
            bits = 0;
        }
    }
    match count % 4 {
        0 => Ok(out),
        1 => Err("Invalid base64-encoded string: number of data characters cannot be 1 more than a multiple of 4"),
        _ => Err("Incorrect padding"),
    }
}
