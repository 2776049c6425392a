//! An environment's `resource_registry`.

use crate::syntax::{Entry, NodeId, Resolved, Tree};
use crate::text::TextRange;

use super::ProblemKind;

/// Keys of a scoped registry (`resources: {name: {...}}`) that map no type.
const SCOPED_SETTINGS: [&str; 2] = ["hooks", "restricted_actions"];

/// What a scoped entry's `hooks` may name (`environment.HOOK_TYPES`).
const HOOK_TYPES: [&str; 6] = [
    "pre-create",
    "pre-update",
    "pre-delete",
    "post-create",
    "post-update",
    "post-delete",
];

/// What its `restricted_actions` may name (`environment.RESTRICTED_ACTIONS`).
const RESTRICTED_ACTIONS: [&str; 2] = ["update", "replace"];

/// `"OS::Some::Type": target`, at the top of `resource_registry` or scoped
/// to one resource under `resources: {name: {...}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryEntry {
    /// Key: the type (or `*` pattern) mapped; value: the target.
    pub entry: Entry,
    /// The target (a template file, a URL or another type); `None` when
    /// the value is not a string (`null` unregisters).
    pub target: Option<String>,
    /// For scoped entries, the resource name's key node.
    pub scope: Option<NodeId>,
}

/// A problem of the registry: its kind, message and range.
pub(super) type RegistryProblem = (ProblemKind, String, TextRange);

/// Reads the registry; also returns its problems.
pub(super) fn read(tree: &Tree, root: NodeId) -> (Vec<RegistryEntry>, Vec<RegistryProblem>) {
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    let Some(registry) = tree.get(root, "resource_registry") else {
        return (entries, problems);
    };
    if !tree.is_mapping(registry) {
        if tree.resolve(registry) != Some(Resolved::Null) {
            problems.push((
                ProblemKind::RegistryNotMapping,
                "`resource_registry` must be a mapping".into(),
                tree.range(registry),
            ));
        }
        return (entries, problems);
    }
    for entry in tree.entries(registry) {
        if tree.scalar_is(entry.key, "resources") {
            read_scoped(tree, entry.value, &mut entries, &mut problems);
        } else {
            problems.extend(no_name(tree, entry));
            entries.push(registry_entry(tree, entry, None));
        }
    }
    (entries, problems)
}

/// An entry whose value is null, a boolean or a number: heatclient reads
/// every value but `base_url`'s as text or a mapping while it gathers the
/// files ("argument of type 'int' is not iterable"), and the engine reads
/// `base_url` as text.
fn no_name(tree: &Tree, entry: Entry) -> Option<RegistryProblem> {
    let value = tree.resolve(entry.value)?;
    let base_url = tree.scalar_is(entry.key, "base_url");
    let message = match value {
        Resolved::Bool(_) | Resolved::Int(_) | Resolved::Float(_) if base_url => {
            "`base_url` must be text (a URL): Heat refuses the environment"
        }
        Resolved::Null if base_url => return None,
        Resolved::Null | Resolved::Bool(_) | Resolved::Int(_) | Resolved::Float(_) => {
            "a registry entry maps to a type name or a file, as text: heatclient fails on \
             this value while it gathers the stack (\"argument of type ... is not iterable\")"
        }
        _ => return None,
    };
    let kind = match base_url {
        // The engine reads `base_url`; heatclient, every other value.
        true => ProblemKind::RegistryNotMapping,
        false => ProblemKind::RegistryValueNotAName,
    };
    Some((kind, message.to_owned(), tree.range(entry.value)))
}

fn read_scoped(
    tree: &Tree,
    resources: NodeId,
    entries: &mut Vec<RegistryEntry>,
    problems: &mut Vec<RegistryProblem>,
) {
    if !tree.is_mapping(resources) {
        if tree.resolve(resources) != Some(Resolved::Null) {
            problems.push((
                ProblemKind::RegistryNotMapping,
                "`resources` in `resource_registry` must be a mapping of resource names".into(),
                tree.range(resources),
            ));
        }
        return;
    }
    for scope in tree.entries(resources) {
        if !tree.is_mapping(scope.value) {
            problems.push((
                ProblemKind::RegistryNotMapping,
                "a scoped registry entry must be a mapping".into(),
                tree.range(scope.value),
            ));
            continue;
        }
        for entry in tree.entries(scope.value) {
            let key = tree.scalar(entry.key);
            let setting = key.is_some_and(|key| SCOPED_SETTINGS.contains(&key));
            if !setting {
                problems.extend(no_name(tree, entry));
                entries.push(registry_entry(tree, entry, Some(scope.key)));
                continue;
            }
            let allowed: &[&str] = if key == Some("hooks") {
                &HOOK_TYPES
            } else {
                &RESTRICTED_ACTIONS
            };
            let values: Vec<NodeId> = if tree.is_sequence(entry.value) {
                tree.items(entry.value).to_vec()
            } else {
                vec![entry.value]
            };
            if let Some(&bad) = values
                .iter()
                .find(|&&v| tree.scalar(v).is_some_and(|v| !allowed.contains(&v)))
            {
                problems.push((
                    ProblemKind::RegistryNotMapping,
                    format!(
                        "`{}` takes {}: Heat refuses the environment",
                        key.unwrap_or_default(),
                        allowed.join(", ")
                    ),
                    tree.range(bad),
                ));
            }
        }
    }
}

fn registry_entry(tree: &Tree, entry: Entry, scope: Option<NodeId>) -> RegistryEntry {
    let target = match tree.resolve(entry.value) {
        Some(Resolved::Null) | None => None,
        Some(_) => tree.scalar(entry.value).map(str::to_owned),
    };
    RegistryEntry {
        entry,
        target,
        scope,
    }
}
