//! What a template resource's nested template offers it: the parameters
//! Heat turns into the resource's properties (`TemplateResource`: a
//! parameter without a default is a required property, any other key is
//! an unknown property), and what the environments' `parameter_defaults`
//! give. The linter asks through the [`StackFacts`] trait, which
//! [`Stack::nesting`] answers for one file of a gathered stack.

use std::collections::{HashMap, HashSet};

use crate::syntax::Resolved;
use crate::template::{self, merge, DocumentKind};
use crate::text::TextRange;

use super::gather::{FileId, GatherCache, ReferenceKind, Role, Stack, Target};

/// A nested template's parameters, as the resource that uses it sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Interface {
    /// How messages name the template: its file's name.
    pub name: String,
    /// Its URL in the stack.
    pub url: String,
    pub parameters: Vec<NestedParameter>,
    /// Its outputs' names: the attributes `get_attr` reads from the
    /// resource.
    pub outputs: Vec<String>,
}

/// One parameter of a nested template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedParameter {
    pub name: String,
    pub has_default: bool,
    /// Its name where it is declared, in the nested template.
    pub range: TextRange,
    /// Its `type` as written (HOT), when it is text.
    pub kind: Option<String>,
    /// Its HOT constraints, as written.
    pub constraints: Vec<serde_json::Value>,
}

impl Interface {
    /// Reads the parameters of the template at `url`.
    pub fn read(url: &str, text: &str) -> Interface {
        let template = template::parse(text);
        let tree = template.tree();
        let default_key = match template.kind() {
            DocumentKind::CloudFormation => "Default",
            _ => "default",
        };
        let parameters = template
            .parameters()
            .iter()
            .map(|parameter| {
                let declaration = parameter.entry.value;
                // `default: null` is none: Heat reads a default of None as
                // no default.
                let has_default = tree.is_mapping(declaration)
                    && merge::merged_entry(tree, declaration, default_key).is_some_and(
                        |(_, entry)| tree.resolve(entry.value) != Some(Resolved::Null),
                    );
                let hot = template.kind() == DocumentKind::Hot && tree.is_mapping(declaration);
                let kind = hot
                    .then(|| merge::merged_entry(tree, declaration, "type"))
                    .flatten()
                    .and_then(|(_, entry)| tree.scalar(entry.value).map(str::to_owned));
                let constraints = hot
                    .then(|| merge::merged_entry(tree, declaration, "constraints"))
                    .flatten()
                    .filter(|(_, entry)| tree.is_sequence(entry.value))
                    .map(|(_, entry)| {
                        let budget = std::cell::Cell::new(10_000);
                        tree.items(entry.value)
                            .iter()
                            .filter_map(|&item| {
                                template::value::literal(tree, item, 0, 16, &budget).to_json()
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                NestedParameter {
                    name: parameter.name.clone(),
                    has_default,
                    range: tree.range(parameter.entry.key),
                    kind,
                    constraints,
                }
            })
            .collect();
        let outputs = template
            .outputs()
            .iter()
            .map(|output| output.name.clone())
            .collect();
        Interface {
            name: url.rsplit('/').next().unwrap_or(url).to_owned(),
            url: url.to_owned(),
            parameters,
            outputs,
        }
    }

    pub fn has(&self, name: &str) -> bool {
        self.parameters.iter().any(|p| p.name == name)
    }
}

/// What the stack a file belongs to tells the linter about it: the nested
/// templates its resources use, the parameters its templates declare, what
/// the environments give.
pub trait StackFacts: Sync + std::panic::RefUnwindSafe {
    /// The template a `type` naming a file reaches, by the range of the
    /// name in the file being linted.
    fn by_type(&self, range: TextRange) -> Option<&Interface>;
    /// The template an environment's registry maps a type to, by the name
    /// the registry gives it.
    fn by_registry(&self, written: &str) -> Option<&Interface>;
    /// Whether the environments' `parameter_defaults` give `name`.
    fn has_default(&self, name: &str) -> bool;
    /// The root template's parameters, when it could be read.
    fn root_parameters(&self) -> Option<&[String]>;
    /// Every parameter a template of the stack declares, sorted.
    fn all_parameters(&self) -> &[String];
    /// Whether every file the stack names was read: otherwise what the
    /// unread ones declare is not known.
    fn is_complete(&self) -> bool;
    /// The template that lists `name` in a `parameter_groups` entry
    /// labelled `deprecated` (the convention TripleO keeps), if one does.
    fn deprecated_by(&self, name: &str) -> Option<&str>;
}

/// What every file of a stack needs to know of its nested templates, read
/// once: each template's interface, the registry's templates, the
/// environments' `parameter_defaults`.
pub struct StackNesting {
    /// By file: the interface of each nested template.
    interfaces: Vec<Option<Interface>>,
    /// By the name an environment's registry gives a template (the later
    /// environment's entry winning, as the later registry does).
    by_registry: HashMap<String, FileId>,
    defaults: HashSet<String>,
    root_parameters: Option<Vec<String>>,
    /// Sorted, each once.
    all_parameters: Vec<String>,
    complete: bool,
    /// Parameter name to the name of a template that deprecates it.
    deprecated: HashMap<String, String>,
}

/// [`StackFacts`] for one file of a stack.
pub struct Nesting<'n> {
    stack: &'n StackNesting,
    by_range: Vec<(TextRange, FileId)>,
}

impl StackFacts for Nesting<'_> {
    fn by_type(&self, range: TextRange) -> Option<&Interface> {
        let (_, id) = self.by_range.iter().find(|(at, _)| *at == range)?;
        self.stack.interfaces[*id].as_ref()
    }

    fn by_registry(&self, written: &str) -> Option<&Interface> {
        let id = self.stack.by_registry.get(written)?;
        self.stack.interfaces[*id].as_ref()
    }

    fn has_default(&self, name: &str) -> bool {
        self.stack.defaults.contains(name)
    }

    fn root_parameters(&self) -> Option<&[String]> {
        self.stack.root_parameters.as_deref()
    }

    fn all_parameters(&self) -> &[String] {
        &self.stack.all_parameters
    }

    fn is_complete(&self) -> bool {
        self.stack.complete
    }

    fn deprecated_by(&self, name: &str) -> Option<&str> {
        self.stack.deprecated.get(name).map(String::as_str)
    }
}

impl Stack {
    /// The nested templates of the whole stack, read once.
    pub fn nesting(&self) -> StackNesting {
        self.nesting_with(&mut GatherCache::default())
    }

    /// [`Stack::nesting`], reading each template's parameters and each
    /// environment's defaults once across the stacks that share `cache`.
    pub fn nesting_with(&self, cache: &mut GatherCache) -> StackNesting {
        let interfaces: Vec<Option<Interface>> = self
            .files
            .iter()
            .map(|file| {
                (file.role == Role::Nested).then(|| {
                    cache
                        .interfaces
                        .entry(file.url.clone())
                        .or_insert_with(|| Interface::read(&file.url, &file.text))
                        .clone()
                })
            })
            .collect();
        let mut by_registry = HashMap::new();
        for environment in self.environments() {
            for reference in self.references_from(environment) {
                if let (ReferenceKind::Registry, Target::File(id)) =
                    (reference.kind, &reference.target)
                {
                    by_registry.insert(reference.written.clone(), *id);
                }
            }
        }
        let root_parameters = self
            .files
            .iter()
            .find(|file| file.role == Role::Root)
            .map(|root| {
                let parsed = template::parse(&root.text);
                parsed.parameters().iter().map(|p| p.name.clone()).collect()
            });
        let mut all_parameters: Vec<String> = interfaces
            .iter()
            .flatten()
            .flat_map(|interface: &Interface| interface.parameters.iter().map(|p| p.name.clone()))
            .chain(root_parameters.iter().flatten().cloned())
            .collect();
        all_parameters.sort_unstable();
        all_parameters.dedup();
        let mut defaults = HashSet::new();
        for environment in self.environments() {
            let file = &self.files[environment];
            let names = cache
                .defaults
                .entry(file.url.clone())
                .or_insert_with(|| parameter_defaults_of(&file.text));
            defaults.extend(names.iter().cloned());
        }
        let mut deprecated = HashMap::new();
        for file in self
            .files
            .iter()
            .filter(|f| matches!(f.role, Role::Root | Role::Nested))
        {
            let names = cache
                .deprecated
                .entry(file.url.clone())
                .or_insert_with(|| deprecated_parameters(&file.text));
            for name in names.iter() {
                let by = file.url.rsplit('/').next().unwrap_or(&file.url).to_owned();
                deprecated.entry(name.clone()).or_insert(by);
            }
        }
        StackNesting {
            interfaces,
            by_registry,
            defaults,
            root_parameters,
            all_parameters,
            deprecated,
            complete: self.unread.is_empty()
                && self
                    .references
                    .iter()
                    .all(|r| matches!(r.target, Target::File(_) | Target::Cycle(_))),
        }
    }

    /// The names every environment's `parameter_defaults` gives.
    pub fn parameter_defaults(&self) -> HashSet<String> {
        self.environments()
            .flat_map(|environment| parameter_defaults_of(&self.files[environment].text))
            .collect()
    }
}

/// The parameters a template lists in a `parameter_groups` entry labelled
/// `deprecated` (any case).
fn deprecated_parameters(text: &str) -> Vec<String> {
    let parsed = template::parse(text);
    let tree = parsed.tree();
    let Some(groups) = parsed.section("parameter_groups") else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for &group in tree.items(groups) {
        if !tree.is_mapping(group) {
            continue;
        }
        let label = tree
            .get(group, "label")
            .and_then(|label| tree.scalar(label));
        if !label.is_some_and(|label| label.eq_ignore_ascii_case("deprecated")) {
            continue;
        }
        if let Some(parameters) = tree.get(group, "parameters") {
            names.extend(
                tree.items(parameters)
                    .iter()
                    .filter_map(|&item| tree.scalar(item).map(str::to_owned)),
            );
        }
    }
    names
}

/// The names an environment's `parameter_defaults` gives.
fn parameter_defaults_of(text: &str) -> Vec<String> {
    let parsed = template::parse(text);
    let names = parsed.section_entries("parameter_defaults");
    names.into_iter().map(|(name, _)| name.to_owned()).collect()
}

impl StackNesting {
    /// What `file`'s resources reach.
    pub fn of<'n>(&'n self, stack: &Stack, file: FileId) -> Nesting<'n> {
        let by_range = stack
            .references_from(file)
            .filter_map(|r| match (r.kind, &r.target) {
                (ReferenceKind::Type, Target::File(id)) => Some((r.range, *id)),
                _ => None,
            })
            .collect();
        Nesting {
            stack: self,
            by_range,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_and_their_defaults() {
        let interface = Interface::read(
            "file:///t/app.yaml",
            "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string}\n  b: {type: string, default: x}\n  c: {type: string, default: null}\n  d:\n    <<: {default: 1}\n    type: number\n",
        );
        let defaults: Vec<(&str, bool)> = interface
            .parameters
            .iter()
            .map(|p| (p.name.as_str(), p.has_default))
            .collect();
        assert_eq!(
            defaults,
            [("a", false), ("b", true), ("c", false), ("d", true)]
        );
        assert_eq!(interface.name, "app.yaml");
    }
}
