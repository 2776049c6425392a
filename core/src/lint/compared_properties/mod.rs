//! What resource types' own `validate()` refuses by comparing properties:
//! two that cannot both be set, one that needs another, one that needs
//! another to have a value, none of several set. Each check is Heat
//! 27.0.1's code written as data: every test must hold, on values Heat
//! would read the same way (a property a function computes, or an `if`
//! decides, leaves the check undecided: nothing is reported).
//!
//! Heat reads `self.properties[NAME]`: the written value converted to the
//! property's type, else its default, else None. `Truthy` is Python's
//! truth of that value, `Set` is "not None".

use crate::catalog::{Properties, Property, PropertyType, ResourceType};
use crate::lint::written::{Given, Props};
use crate::syntax::{NodeId, Resolved};

/// One condition on the properties as Heat reads them.
#[derive(Clone, Copy)]
pub(crate) enum Test {
    /// The value is true to Python (not None, not empty, not zero).
    Truthy(&'static str),
    /// The value is None, empty, zero or false.
    Falsy(&'static str),
    /// The value is not None.
    Set(&'static str),
    /// The value is None.
    Unset(&'static str),
    /// The value is this text (Heat compares strings).
    Is(&'static str, &'static str),
    /// The value is anything but this text, None included.
    IsNot(&'static str, &'static str),
    /// The two values are texts that differ.
    Differs(&'static str, &'static str),
    /// The value is one of these texts.
    OneOf(&'static str, &'static [&'static str]),
    /// A list with more than this many items.
    Longer(&'static str, usize),
    /// A number above this one.
    Above(&'static str, f64),
    /// A number below this one.
    Below(&'static str, f64),
    /// A number equal to this one.
    Equals(&'static str, f64),
    /// Both are numbers and the first is below the second.
    Less(&'static str, &'static str),
    /// Both are truthy numbers and the first is above the second.
    AboveOther(&'static str, &'static str),
    /// A text whose part before the first `:` is none of these.
    SchemeNotIn(&'static str, &'static [&'static str]),
    /// A text that cannot be an IP address (it has a character no address
    /// has), other than these words.
    NotAnAddress(&'static str, &'static [&'static str]),
    /// Some property but these (and `type`) is not None.
    SetBeyond(&'static [&'static str]),
    /// Every property but this one is None (Heat's quota types).
    OnlySet(&'static str),
}

/// Where a check's tests read; within a list's items or a map property, a
/// name starting with `^` is the resource's own property.
#[derive(Clone, Copy)]
pub(crate) enum Within {
    /// The resource's properties.
    Resource,
    /// Each item (a map) of this list property, as Heat's `for item in
    /// self.properties[LIST]`.
    Items(&'static str),
    /// This map property's keys.
    Map(&'static str),
}

/// A refusal: when every test holds, Heat refuses with `message`, reported
/// at the first written property of `at`.
pub(crate) struct Check {
    pub types: &'static [&'static str],
    /// Where the tests read.
    pub within: Within,
    pub when: &'static [Test],
    pub at: &'static [&'static str],
    pub message: &'static str,
}

use Test::*;

mod checks;
mod custom;

pub(crate) use custom::by_type;

/// A property's value as Python sees it after Heat's conversion; `None`
/// where the text does not decide it.
#[derive(Clone, PartialEq, Debug)]
enum Seen {
    None,
    Bool(bool),
    Number(f64),
    Text(String),
    Items(usize),
}

impl Seen {
    fn truthy(&self) -> bool {
        match self {
            Seen::None => false,
            Seen::Bool(b) => *b,
            Seen::Number(n) => *n != 0.0,
            Seen::Text(t) => !t.is_empty(),
            Seen::Items(n) => *n > 0,
        }
    }

    fn text(&self) -> Option<&str> {
        match self {
            Seen::Text(t) => Some(t),
            _ => None,
        }
    }

    fn number(&self) -> Option<f64> {
        match self {
            Seen::Number(n) => Some(*n),
            _ => None,
        }
    }
}

/// Where tests read: a resource's properties, or one item of a list.
struct Scope<'s, 'a, 't> {
    p: &'s Props<'a, 't>,
    resource_type: ResourceType<'a>,
    /// The item's map and the schema of its keys.
    item: Option<(NodeId, Properties<'a>)>,
}

impl Scope<'_, '_, '_> {
    /// The value of `name` as Heat's `self.properties[name]` (or the
    /// item's `item.get(name)`) gives it.
    fn seen(&self, name: &str) -> Option<Seen> {
        let (mapping, schema, name) = match (self.item.clone(), name.strip_prefix('^')) {
            (Some((item, schema)), None) => (item, schema, name),
            (_, own) => (
                self.p.mapping,
                self.resource_type.properties(),
                own.unwrap_or(name),
            ),
        };
        // `map.key`: a key of a map property, read only where the map is
        // written as one (`map.get(key)` after `if map:`).
        let (name, key) = match name.split_once('.') {
            Some((name, key)) => (name, Some(key)),
            None => (name, None),
        };
        let property = schema.get(name)?;
        let Some(key) = key else {
            return self.value(mapping, property);
        };
        let child = property.children().get(key)?;
        match self.p.in_map(mapping, name) {
            Given::Written(node) if self.p.tree.is_mapping(node) => self.value(node, child),
            Given::Absent => Some(Seen::None),
            _ => None,
        }
    }

    fn value(&self, mapping: NodeId, property: Property<'_>) -> Option<Seen> {
        let kind = property.value_type();
        match self.p.in_map(mapping, property.name()) {
            Given::Absent => Some(from_json(property.default_value().as_ref(), kind)),
            Given::Written(node) => from_node(self.p, node, kind),
            Given::Computed | Given::Undecided => None,
        }
    }

    fn names(&self) -> Properties<'_> {
        match &self.item {
            Some((_, schema)) => schema.clone(),
            None => self.resource_type.properties(),
        }
    }
}

fn from_json(value: Option<&serde_json::Value>, kind: PropertyType) -> Seen {
    use serde_json::Value as J;
    match value {
        None | Some(J::Null) => Seen::None,
        Some(J::Bool(b)) => Seen::Bool(*b),
        Some(J::Number(n)) => Seen::Number(n.as_f64().unwrap_or(0.0)),
        Some(J::String(s)) if kind == PropertyType::Boolean => {
            parse_bool(s).map_or(Seen::Text(s.clone()), Seen::Bool)
        }
        Some(J::String(s)) => Seen::Text(s.clone()),
        Some(J::Array(items)) => Seen::Items(items.len()),
        Some(J::Object(map)) => Seen::Items(map.len()),
    }
}

/// oslo's `bool_from_string(strict=True)`, which Heat's Boolean uses.
fn parse_bool(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "t" | "true" | "on" | "y" | "yes" => Some(true),
        "0" | "f" | "false" | "off" | "n" | "no" => Some(false),
        _ => None,
    }
}

fn from_node(p: &Props<'_, '_>, node: NodeId, kind: PropertyType) -> Option<Seen> {
    let tree = p.tree;
    if p.template.has_call_within(node) {
        return None;
    }
    if tree.is_sequence(node) {
        return Some(Seen::Items(tree.items(node).len()));
    }
    if tree.is_mapping(node) {
        return Some(Seen::Items(tree.entries(node).count()));
    }
    let resolved = tree.resolve(node)?;
    let text = tree.scalar(node)?;
    Some(match kind {
        PropertyType::Boolean => match resolved {
            Resolved::Bool(b) => Seen::Bool(b),
            _ => Seen::Bool(parse_bool(text)?),
        },
        PropertyType::Integer | PropertyType::Number => match resolved {
            Resolved::Int(Some(i)) => Seen::Number(i as f64),
            Resolved::Float(f) => Seen::Number(f),
            _ => Seen::Number(text.trim().parse().ok()?),
        },
        // A string property keeps the text; YAML's booleans and numbers
        // become their Python spelling, which is never empty.
        PropertyType::String => Seen::Text(text.to_owned()),
        _ => return None,
    })
}

fn holds(scope: &Scope<'_, '_, '_>, test: Test) -> Option<bool> {
    let value = |name| scope.seen(name);
    Some(match test {
        Truthy(name) => value(name)?.truthy(),
        Falsy(name) => !value(name)?.truthy(),
        Set(name) => value(name)? != Seen::None,
        Unset(name) => value(name)? == Seen::None,
        Is(name, text) => value(name)?.text() == Some(text),
        IsNot(name, text) => value(name)?.text() != Some(text),
        Differs(first, second) => match (value(first)?, value(second)?) {
            (Seen::Text(a), Seen::Text(b)) => a != b,
            _ => false,
        },
        OneOf(name, texts) => value(name)?.text().is_some_and(|t| texts.contains(&t)),
        Longer(name, n) => matches!(value(name)?, Seen::Items(len) if len > n),
        Above(name, limit) => value(name)?.number().is_some_and(|n| n > limit),
        Below(name, limit) => value(name)?.number().is_some_and(|n| n < limit),
        Equals(name, number) => value(name)?.number() == Some(number),
        Less(first, second) => match (value(first)?.number(), value(second)?.number()) {
            (Some(a), Some(b)) => a < b,
            _ => false,
        },
        AboveOther(first, second) => {
            let (a, b) = (value(first)?, value(second)?);
            a.truthy() && b.truthy() && a.number()? > b.number()?
        }
        SchemeNotIn(name, schemes) => value(name)?
            .text()
            .is_some_and(|t| !schemes.contains(&t.split(':').next().unwrap_or(t))),
        NotAnAddress(name, words) => value(name)?.text().is_some_and(|t| {
            !words.contains(&t)
                && t.chars()
                    .any(|c| !c.is_ascii_hexdigit() && c != '.' && c != ':')
        }),
        SetBeyond(allowed) => {
            for property in scope.names() {
                let name = property.name();
                if name != "type" && !allowed.contains(&name) && value(name)? != Seen::None {
                    return Some(true);
                }
            }
            false
        }
        OnlySet(kept) => {
            for property in scope.names() {
                if property.name() != kept && value(property.name())? != Seen::None {
                    return Some(false);
                }
            }
            true
        }
    })
}

/// The first check of `resource_type` that refuses these properties.
pub(crate) fn refusal(
    p: &Props<'_, '_>,
    resource_type: ResourceType<'_>,
) -> Option<(NodeId, String)> {
    let name = resource_type.name();
    checks::all()
        .filter(|check| check.types.contains(&name))
        .find_map(|check| {
            let scopes: Vec<Scope<'_, '_, '_>> = match check.within {
                Within::Resource => vec![Scope {
                    p,
                    resource_type,
                    item: None,
                }],
                Within::Map(map) => {
                    let schema = resource_type.properties().get(map)?.children();
                    let Given::Written(node) = p.get(map) else {
                        return None;
                    };
                    if !p.tree.is_mapping(node) || p.template.has_call_within(node) {
                        return None;
                    }
                    vec![Scope {
                        p,
                        resource_type,
                        item: Some((node, schema)),
                    }]
                }
                Within::Items(list) => {
                    let schema = resource_type.properties().get(list)?.child("*")?.children();
                    p.items(list)?
                        .into_iter()
                        .map(|item| Scope {
                            p,
                            resource_type,
                            item: Some((item, schema.clone())),
                        })
                        .collect()
                }
            };
            scopes.iter().find_map(|scope| {
                check
                    .when
                    .iter()
                    .all(|&test| holds(scope, test) == Some(true))
                    .then(|| {
                        let mapping = scope.item.as_ref().map_or(p.mapping, |(item, _)| *item);
                        let node = check
                            .at
                            .iter()
                            .find_map(|key| {
                                crate::template::merge::merged_entry(p.tree, mapping, key)
                                    .map(|(_, e)| e.key)
                            })
                            .unwrap_or(mapping);
                        (node, check.message.to_owned())
                    })
            })
        })
}
