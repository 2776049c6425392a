//! What Heat never reads of a template, whatever the parameters: resources
//! whose condition is false, the branch of an `if` that is not taken, and
//! a value that a later duplicate key replaces. [`Unread::new`] counts only
//! what the text decides: a condition that reads a parameter is not known,
//! and all its code is read. [`Unread::with_values`] also decides what the
//! parameters' values decide (their defaults, or what a stack gives them).

use crate::syntax::{NodeId, Tree};
use crate::text::TextRange;

use super::value::{Val, V};
use super::{DocumentKind, Template};

/// Conditions are followed at most this deep (a condition naming another).
const MAX_DEPTH: usize = 32;

/// What Heat does not read, by text range.
#[derive(Debug, Default)]
pub struct Unread {
    ranges: Vec<TextRange>,
    /// Resources whose condition is false: name, and the condition as written.
    disabled: Vec<(String, String)>,
}

/// A parameter's value, by name, when it is known.
pub type Values<'v> = &'v dyn Fn(&str) -> Option<Val>;

impl Unread {
    pub fn new(template: &Template<'_>) -> Self {
        Self::read(template, None)
    }

    /// What Heat does not read when each parameter has the value `values`
    /// gives it (a parameter without one is not known).
    pub fn with_values(template: &Template<'_>, values: Values<'_>) -> Self {
        Self::read(template, Some(values))
    }

    fn read(template: &Template<'_>, values: Option<Values<'_>>) -> Self {
        let tree = template.tree();
        let mut unread = Unread::default();
        unread.ranges.extend_from_slice(tree.replaced_values());
        // A resource's `condition: false` needs no `conditions` section.
        let conditions = Conditions::new(template, values);
        for resource in template.resources() {
            let key = match template.kind() {
                DocumentKind::CloudFormation => "Condition",
                _ => "condition",
            };
            let Some(entry) = template.resource_entry(&resource.definition, key) else {
                continue;
            };
            if conditions.resource_condition(entry.value) == Some(false) {
                unread.ranges.push(tree.range(resource.definition.body));
                unread
                    .disabled
                    .push((resource.name.clone(), condition_text(tree, entry.value)));
            }
        }
        for call in template.function_calls() {
            if !matches!(call.name, "if" | "Fn::If") || !tree.is_sequence(call.args) {
                continue;
            }
            let items = tree.items(call.args);
            let (Some(&condition), Some(&then), Some(&otherwise)) =
                (items.first(), items.get(1), items.get(2))
            else {
                continue;
            };
            match conditions.resource_condition(condition) {
                Some(true) => unread.ranges.push(tree.range(otherwise)),
                Some(false) => unread.ranges.push(tree.range(then)),
                None => {}
            }
        }
        unread.ranges.sort_by_key(|r| r.start);
        unread
    }

    /// Whether what Heat reads of `template` may depend on its
    /// parameters' values: it has conditions, a resource's `condition` or
    /// an `if`.
    pub fn reads_values(template: &Template<'_>) -> bool {
        let key = match template.kind() {
            DocumentKind::CloudFormation => "Condition",
            _ => "condition",
        };
        template.section("conditions").is_some()
            || template.section("Conditions").is_some()
            || (template.resources().iter())
                .any(|r| template.resource_entry(&r.definition, key).is_some())
            || (template.function_calls().iter()).any(|call| matches!(call.name, "if" | "Fn::If"))
    }

    /// Whether Heat never reads the text at `range`.
    pub fn contains(&self, range: TextRange) -> bool {
        self.ranges
            .iter()
            .take_while(|r| r.start <= range.start)
            .any(|r| r.end >= range.end)
    }

    /// The condition (as written) that disables resource `name`, if the
    /// text makes it false.
    pub fn disabled_by(&self, name: &str) -> Option<&str> {
        self.disabled
            .iter()
            .find(|(resource, _)| resource == name)
            .map(|(_, condition)| condition.as_str())
    }
}

/// A condition as written: its name (unquoted), or the text of the
/// expression.
fn condition_text(tree: &Tree<'_>, node: NodeId) -> String {
    match tree.scalar(node) {
        Some(name) => name.to_owned(),
        None => tree.source(node).to_owned(),
    }
}

/// The template's `conditions`, evaluated where the text decides them.
struct Conditions<'a, 't> {
    template: &'a Template<'t>,
    tree: &'a Tree<'t>,
    section: Option<NodeId>,
    values: Option<Values<'a>>,
}

impl<'a, 't> Conditions<'a, 't> {
    fn new(template: &'a Template<'t>, values: Option<Values<'a>>) -> Self {
        let section = template
            .section("conditions")
            .or_else(|| template.section("Conditions"));
        Conditions {
            template,
            tree: template.tree(),
            section,
            values,
        }
    }

    /// A resource's `condition` or an `if`'s first argument: a condition's
    /// name, a boolean, or (newer versions) an expression.
    fn resource_condition(&self, node: NodeId) -> Option<bool> {
        self.evaluate(node, 0)
    }

    fn named(&self, name: &str, depth: usize) -> Option<bool> {
        let section = self.section?;
        let entry = self
            .tree
            .entries(section)
            .filter(|entry| self.tree.scalar(entry.key) == Some(name))
            .last()?;
        self.evaluate(entry.value, depth + 1)
    }

    fn evaluate(&self, node: NodeId, depth: usize) -> Option<bool> {
        if depth > MAX_DEPTH {
            return None;
        }
        let tree = self.tree;
        let node = tree.alias_target(node).unwrap_or(node);
        if let Some(call) = self.template.call_at(node) {
            let args: Vec<NodeId> = if tree.is_sequence(call.args) {
                tree.items(call.args).to_vec()
            } else {
                vec![call.args]
            };
            return match call.name {
                "equals" | "Fn::Equals" => match args[..] {
                    [a, b] => Some(equal(&self.literal(a)?, &self.literal(b)?)),
                    _ => None,
                },
                "not" | "Fn::Not" => match args[..] {
                    [a] => self.evaluate(a, depth + 1).map(|v| !v),
                    _ => None,
                },
                "and" | "Fn::And" => self.all(&args, depth, false),
                "or" | "Fn::Or" => self.all(&args, depth, true),
                // A boolean parameter as the condition itself.
                "get_param" | "Ref" => match self.literal(node)?.v {
                    V::Bool(b) => Some(b),
                    V::Str(text) => super::value::bool_from_string(&text),
                    _ => None,
                },
                _ => None,
            };
        }
        match super::value::scalar(tree, node) {
            V::Bool(b) => Some(b),
            V::Str(name) => self.named(&name, depth),
            _ => None,
        }
    }

    /// `and` (`stop_at` false) or `or` (true), three-valued: one decided
    /// `stop_at` decides; otherwise any unknown leaves it unknown.
    fn all(&self, args: &[NodeId], depth: usize, stop_at: bool) -> Option<bool> {
        let mut unknown = false;
        for &arg in args {
            match self.evaluate(arg, depth + 1) {
                Some(v) if v == stop_at => return Some(stop_at),
                Some(_) => {}
                None => unknown = true,
            }
        }
        (!unknown).then_some(!stop_at)
    }

    /// A literal with no function inside, or a parameter whose value is
    /// known; `None` otherwise.
    fn literal(&self, node: NodeId) -> Option<Val> {
        if let (Some(values), Some(call)) = (self.values, self.template.call_at(node)) {
            if matches!(call.name, "get_param" | "Ref") {
                return values(self.tree.scalar(call.args)?);
            }
        }
        self.template.plain_literal(node)
    }
}

/// Python's `==` on loaded values: numbers and booleans compare by value.
fn equal(a: &Val, b: &Val) -> bool {
    let number = |v: &V| match v {
        V::Bool(b) => Some(f64::from(u8::from(*b))),
        V::Int(i) => Some(*i as f64),
        V::Float(f) => Some(*f),
        _ => None,
    };
    match (&a.v, &b.v) {
        (V::List(x), V::List(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal(a, b)),
        (V::Map(x), V::Map(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.iter().any(|(k2, v2)| k == k2 && equal(v, v2)))
        }
        (x, y) => match (number(x), number(y)) {
            (Some(m), Some(n)) => m == n,
            _ => x == y,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::parse;

    fn unread_text(text: &str) -> Vec<String> {
        let template = parse(text);
        let unread = Unread::new(&template);
        unread
            .ranges
            .iter()
            .map(|r| text[r.as_usize()].to_owned())
            .collect()
    }

    #[test]
    fn conditions_the_text_decides() {
        let text = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\nconditions:\n  never: false\n  same: {equals: [1, 1.0]}\n  not_never: {not: never}\n  both: {and: [same, never]}\n  param: {equals: [{get_param: p}, a]}\n  either: {or: [param, same]}\nresources:\n  a: {type: OS::Heat::None, condition: never}\n  b: {type: OS::Heat::None, condition: param}\n  c:\n    type: OS::Heat::Value\n    properties:\n      value: {if: [both, x, y]}\n      other: {if: [either, z, w]}\n      third: {if: [param, u, v]}\n";
        assert_eq!(
            unread_text(text),
            ["{type: OS::Heat::None, condition: never}", "x", "w"]
        );
        assert_eq!(Unread::new(&parse(text)).disabled_by("a"), Some("never"));
        assert_eq!(Unread::new(&parse(text)).disabled_by("b"), None);
    }

    #[test]
    fn conditions_the_values_decide() {
        let text = "heat_template_version: 2018-08-31\nparameters:\n  mode: {type: string}\n  flag: {type: boolean}\nconditions:\n  on_mode: {equals: [{get_param: mode}, 'on']}\nresources:\n  a: {type: OS::Heat::None, condition: on_mode}\n  b: {type: OS::Heat::None, condition: {get_param: flag}}\n  c: {type: OS::Heat::None, condition: {not: on_mode}}\n";
        let template = parse(text);
        let values = |name: &str| {
            let v = match name {
                "mode" => V::Str("off".into()),
                "flag" => V::Bool(false),
                _ => return None,
            };
            Some(Val::new(v, TextRange::empty(0)))
        };
        let unread = Unread::with_values(&template, &values);
        assert_eq!(unread.disabled_by("a"), Some("on_mode"));
        assert_eq!(unread.disabled_by("b"), Some("{get_param: flag}"));
        assert_eq!(unread.disabled_by("c"), None);
        // Without the values nothing is decided.
        assert!(Unread::new(&template).ranges.is_empty());
    }

    #[test]
    fn a_literal_condition_without_a_conditions_section() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::RandomString, condition: false, properties: {length: 1000}}\n  t: {type: OS::Heat::None, condition: true}\n";
        assert_eq!(
            unread_text(text),
            ["{type: OS::Heat::RandomString, condition: false, properties: {length: 1000}}"]
        );
    }

    #[test]
    fn a_value_a_later_key_replaces() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_resource: w}\n      value: 1\n";
        assert_eq!(unread_text(text), ["{get_resource: w}"]);
    }
}
