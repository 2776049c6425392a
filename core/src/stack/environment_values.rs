//! What one environment gives parameters (`parameters`, to the root's;
//! `parameter_defaults`, to any template's), read as a value only when a
//! parameter is asked for: TripleO's environments give hundreds, most of
//! which no question of the linter needs.

use std::sync::{Arc, Mutex, PoisonError};

use crate::hash::{HashMap, HashMapExt};
use crate::syntax::NodeId;
use crate::template::value::{literal, Val};
use crate::template::Parsed;

/// Values are read this deep, and with this budget of nodes.
const MAX_DEPTH: usize = 32;
const BUDGET: usize = 10_000;

pub struct EnvironmentValues {
    parsed: Arc<Parsed>,
    /// By name, where each section's value is written (a repeated key's
    /// later one).
    parameters: HashMap<String, NodeId>,
    defaults: HashMap<String, NodeId>,
    /// Values read so far, by section (`parameters`, then
    /// `parameter_defaults`) and name; `None` where a function is written.
    /// Found by the name as asked, without copying it: every combination
    /// of environments asks again.
    read: Mutex<[HashMap<String, Read>; 2]>,
}

/// A value read, `None` where a function is written.
type Read = Option<Arc<Val>>;

impl EnvironmentValues {
    /// Reads the environment `parsed` (its gathering's parse).
    pub fn read(parsed: Arc<Parsed>) -> Self {
        let section = |name: &str| -> HashMap<String, NodeId> {
            let entries = parsed.borrow_dependent().section_entries(name);
            entries
                .into_iter()
                .map(|(key, entry)| (key.to_owned(), entry.value))
                .collect()
        };
        EnvironmentValues {
            parameters: section("parameters"),
            defaults: section("parameter_defaults"),
            parsed,
            read: Mutex::new([HashMap::new(), HashMap::new()]),
        }
    }

    /// Whether its `parameter_defaults` gives `name`.
    pub fn gives_default(&self, name: &str) -> bool {
        self.defaults.contains_key(name)
    }

    /// What its `parameters` gives `name`, when written as a literal.
    pub fn parameter(&self, name: &str) -> Option<Arc<Val>> {
        self.value(true, name)
    }

    /// What its `parameter_defaults` gives `name`, when written as a
    /// literal.
    pub fn default(&self, name: &str) -> Option<Arc<Val>> {
        self.value(false, name)
    }

    fn value(&self, parameters: bool, name: &str) -> Option<Arc<Val>> {
        let section = if parameters {
            &self.parameters
        } else {
            &self.defaults
        };
        let &node = section.get(name)?;
        let lock = || self.read.lock().unwrap_or_else(PoisonError::into_inner);
        let at = usize::from(!parameters);
        if let Some(known) = lock()[at].get(name) {
            return known.clone();
        }
        let tree = self.parsed.borrow_dependent().tree();
        let budget = std::cell::Cell::new(BUDGET);
        let value = literal(tree, node, 0, MAX_DEPTH, &budget);
        let value = value.unknown_part().is_none().then(|| Arc::new(value));
        lock()[at].insert(name.to_owned(), value.clone());
        value
    }
}
