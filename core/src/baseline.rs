//! Findings acknowledged outside the templates: a baseline holds today's
//! findings, each keyed by what survives edits and moves — the stack it
//! is in (for a scan), the file, its place in the document
//! (`resources.web`, `parameter_defaults.Key`), the rule and what the
//! finding is about (the type, property or attribute, else its message)
//! — never a line or column. Findings a baseline holds are not reported;
//! an entry no finding matches any more is stale, so that a baseline only
//! shrinks as stacks are fixed.

use std::collections::BTreeMap;

use crate::lint::{Diagnostic, Subject};
use crate::syntax::Tree;
use crate::text::TextRange;

/// Most entries one baseline holds.
pub const MAX_BASELINE_ENTRIES: usize = 1_000_000;

/// What a finding is, as a baseline keys it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    /// `PROJECT/STACK` for a running stack; empty for files on disk.
    pub stack: String,
    /// The file, as the report names it (relative to the stack, or to the
    /// baseline's folder).
    pub file: String,
    /// The finding's top-level section and the entry of it that holds it
    /// (`resources.web`), or the section alone, or nothing.
    pub place: String,
    /// The rule's code.
    pub code: String,
    /// The type, property or attribute the finding is about
    /// (`OS::Heat::RandomString.sequence`), else its message.
    pub about: String,
}

impl Key {
    /// The key of `diagnostic`, found in `tree` (the file's parse), in
    /// the file `file` of the stack `stack`.
    pub fn of(stack: &str, file: &str, tree: &Tree<'_>, diagnostic: &Diagnostic) -> Key {
        Key {
            stack: stack.to_owned(),
            file: file.to_owned(),
            place: place_of(tree, diagnostic.range),
            code: diagnostic.rule.code().to_owned(),
            about: match &diagnostic.subject {
                Some(Subject::ResourceType { type_name }) => type_name.clone(),
                Some(Subject::Property { type_name, path }) => format!("{type_name}.{path}"),
                Some(Subject::Attribute { type_name, name }) => format!("{type_name}.{name}"),
                None => diagnostic.message.clone(),
            },
        }
    }
}

/// The section and entry of the document whose text holds `range`:
/// `resources.web`, `parameters` (a section's own key), or empty (outside
/// any section, or a file that is not a mapping).
pub fn place_of(tree: &Tree<'_>, range: TextRange) -> String {
    let holds = |node| {
        let at = tree.range(node);
        at.start <= range.start && range.end <= at.end
    };
    let Some(root) = tree.root().filter(|&root| tree.is_mapping(root)) else {
        return String::new();
    };
    let Some(section) = tree
        .entries(root)
        .find(|entry| holds(entry.key) || holds(entry.value))
    else {
        return String::new();
    };
    let name = tree.scalar(section.key).unwrap_or_default();
    let entry = tree
        .entries(section.value)
        .find(|entry| holds(entry.key) || holds(entry.value))
        .and_then(|entry| tree.scalar(entry.key));
    match entry {
        Some(entry) => format!("{name}.{entry}"),
        None => name.to_owned(),
    }
}

/// A baseline: how many findings of each key it acknowledges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    left: BTreeMap<Key, usize>,
}

impl Baseline {
    /// A baseline of these entries (a key given twice counts twice).
    pub fn new(entries: impl IntoIterator<Item = (Key, usize)>) -> Baseline {
        let mut left = BTreeMap::new();
        for (key, count) in entries {
            *left.entry(key).or_insert(0) += count;
        }
        Baseline { left }
    }

    /// The baseline of the findings given, each once.
    pub fn of(keys: impl IntoIterator<Item = Key>) -> Baseline {
        Baseline::new(keys.into_iter().map(|key| (key, 1)))
    }

    /// Whether the baseline acknowledges one more finding of `key`: if so,
    /// that finding is not reported, and the entry counts it.
    pub fn silences(&mut self, key: &Key) -> bool {
        match self.left.get_mut(key) {
            Some(count) if *count > 0 => {
                *count -= 1;
                true
            }
            _ => false,
        }
    }

    /// Its entries and counts, in order.
    pub fn entries(&self) -> impl Iterator<Item = (&Key, usize)> {
        self.left.iter().map(|(key, &count)| (key, count))
    }

    /// What is left once the findings were matched: the entries (and how
    /// many of each) no finding matched, which can go from the baseline.
    pub fn stale(&self) -> Vec<(&Key, usize)> {
        self.entries().filter(|&(_, count)| count > 0).collect()
    }

    pub fn len(&self) -> usize {
        self.left.values().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::lint::{lint, LintOptions};

    fn keys(text: &str) -> Vec<Key> {
        let parsed = crate::template::parse(text);
        lint(text, &LintOptions::new(Catalog::builtin()))
            .iter()
            .map(|d| Key::of("p/s", "t.yaml", parsed.tree(), d))
            .collect()
    }

    const BEFORE: &str = "heat_template_version: 2018-08-31\nresources:\n  secret:\n    type: OS::Heat::RandomString\n    properties: {sequence: digits}\n  port:\n    type: OS::Neutron::Port\n    properties: {network_id: n}\n";

    #[test]
    fn keys_survive_lines_moving_and_name_the_resource() {
        let before = keys(BEFORE);
        let places: Vec<(&str, &str, &str)> = before
            .iter()
            .map(|k| (k.place.as_str(), k.code.as_str(), k.about.as_str()))
            .collect();
        assert!(places.contains(&(
            "resources.secret",
            "HW202",
            "OS::Heat::RandomString.sequence"
        )));
        assert!(places.contains(&("resources.port", "HW202", "OS::Neutron::Port.network_id")));
        // Lines added above, and the resources in another order: the same
        // keys.
        let moved = "heat_template_version: 2018-08-31\ndescription: >\n  moved\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: n\n  secret:\n    type: OS::Heat::RandomString\n    properties: {sequence: digits}\n";
        let mut after = keys(moved);
        let mut before = before;
        before.sort();
        after.sort();
        assert_eq!(before, after);
    }

    #[test]
    fn a_baseline_silences_what_it_holds_and_says_what_is_stale() {
        let mut baseline = Baseline::of(keys(BEFORE));
        let fixed = BEFORE.replace("network_id", "network");
        let mut reported = Vec::new();
        for key in keys(&fixed) {
            if !baseline.silences(&key) {
                reported.push(key);
            }
        }
        assert!(reported.is_empty(), "{reported:?}");
        let stale: Vec<&str> = baseline
            .stale()
            .iter()
            .map(|(k, _)| k.about.as_str())
            .collect();
        assert_eq!(stale, ["OS::Neutron::Port.network_id"]);
        // A second finding of one key is not silenced by one entry.
        let twice = format!("{BEFORE}  again:\n    type: OS::Heat::RandomString\n    properties: {{sequence: digits}}\n");
        let mut baseline = Baseline::of(keys(BEFORE));
        let new: Vec<Key> = keys(&twice)
            .into_iter()
            .filter(|key| !baseline.silences(key))
            .collect();
        assert_eq!(new.len(), 1);
        assert_eq!(new[0].place, "resources.again");
    }
}
