//! What one nested template offers the resources that use it, read once
//! per file and shared by every stack of a cache: its parameters and
//! outputs (an [`Interface`]), the parameters its `parameter_groups`
//! deprecate, and which templates of a stack declare each parameter.

use std::sync::{Arc, Mutex, PoisonError};

use crate::hash::HashMap;
use crate::syntax::Resolved;
use crate::template::{self, merge, DocumentKind};
use crate::text::TextRange;

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
    /// Whether a condition reads it (the `conditions` section, a
    /// resource's `condition`, an `if`'s first argument): Heat evaluates
    /// those, and so its value, while it validates the stack.
    pub in_a_condition: bool,
}

/// The parameters `get_param` reads in the conditions, a resource's
/// `condition` and the first argument of each `if`.
fn parameters_in_conditions<'t>(template: &'t template::Template<'_>) -> Vec<&'t str> {
    let tree = template.tree();
    let mut deciding = template.condition_ranges();
    for call in template.function_calls() {
        if call.name == "if" && tree.is_sequence(call.args) {
            deciding.extend(
                tree.items(call.args)
                    .first()
                    .map(|&first| tree.range(first)),
            );
        }
    }
    template.parameters_read_in(&deciding)
}

impl Interface {
    /// Reads the parameters of the template at `url`.
    pub fn read(url: &str, text: &str) -> Interface {
        Interface::of(url, &template::parse(text))
    }

    /// The parameters of `template`, at `url`.
    pub fn of(url: &str, template: &template::Template<'_>) -> Interface {
        let tree = template.tree();
        let default_key = match template.kind() {
            DocumentKind::CloudFormation => "Default",
            _ => "default",
        };
        let in_conditions = parameters_in_conditions(template);
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
                    in_a_condition: in_conditions.contains(&parameter.name.as_str()),
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

/// By parameter name, every template a [`GatherCache`] keeps the
/// interface of that declares it, in the order they were read: a stack's
/// declarations of a name are its own templates among them. Kept up to
/// date as the cache reads templates, so that no combination of
/// environments indexes its stack anew; shared (copied on write) by the
/// stacks read with the cache.
#[derive(Clone, Default)]
pub(super) struct DeclarationIndex {
    by_name: Arc<HashMap<String, Vec<Arc<Interface>>>>,
    /// By name asked about: the names of `by_name` close to it
    /// ([`DeclarationIndex::near`]), shared by the copies of this version
    /// of the index and forgotten when it changes.
    near: Arc<Mutex<HashMap<String, Arc<[Near]>>>>,
}

/// A declared name close to one asked about: how many edits away, the
/// name, and the templates that declare it.
pub(super) type Near = (usize, String, Vec<Arc<Interface>>);

/// Most names whose close names an index keeps.
const MAX_NEAR: usize = 4_096;

impl DeclarationIndex {
    /// Indexes the parameters `interface` declares.
    pub(super) fn add(&mut self, interface: &Arc<Interface>) {
        let index = Arc::make_mut(&mut self.by_name);
        for parameter in &interface.parameters {
            declared_by(index.entry(parameter.name.clone()).or_default(), interface);
        }
        self.near_changed(|asked, near| {
            let names = (interface.parameters.iter()).map(|parameter| parameter.name.as_str());
            for (distance, name) in crate::suggest::scored(asked, names) {
                match near.iter_mut().find(|(_, known, _)| known == name) {
                    Some((_, _, declaring)) => declared_by(declaring, interface),
                    None => near.push((distance, name.to_owned(), vec![Arc::clone(interface)])),
                }
            }
        });
    }

    /// Forgets `interface`, whose file changed.
    pub(super) fn remove(&mut self, interface: &Arc<Interface>) {
        let index = Arc::make_mut(&mut self.by_name);
        for parameter in &interface.parameters {
            if let Some(declaring) = index.get_mut(&parameter.name) {
                declaring.retain(|kept| !Arc::ptr_eq(kept, interface));
                if declaring.is_empty() {
                    index.remove(&parameter.name);
                }
            }
        }
        self.near_changed(|_, near| {
            for (_, _, declaring) in near.iter_mut() {
                declaring.retain(|kept| !Arc::ptr_eq(kept, interface));
            }
            near.retain(|(_, _, declaring)| !declaring.is_empty());
        });
    }

    /// The close names kept, each list changed by `change` (the name it
    /// is close to, the list): copied, for the copies of the index before
    /// the change share the lists as they were.
    fn near_changed(&mut self, change: impl Fn(&str, &mut Vec<Near>)) {
        let before = self.near.lock().unwrap_or_else(PoisonError::into_inner);
        if before.is_empty() {
            drop(before);
            self.near = Arc::default();
            return;
        }
        let after: HashMap<String, Arc<[Near]>> = (before.iter())
            .map(|(asked, near)| {
                let mut near = near.to_vec();
                change(asked, &mut near);
                (asked.clone(), near.into())
            })
            .collect();
        drop(before);
        self.near = Arc::new(Mutex::new(after));
    }

    /// The templates that declare `name`, of every stack the cache read.
    pub(super) fn declaring(&self, name: &str) -> &[Arc<Interface>] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// The names declared that are close to `name` (`crate::suggest::scored`),
    /// each with the templates that declare it, of
    /// every stack the cache read: worked out once for each version of the
    /// index (each combination of environments asks of the same names).
    pub(super) fn near(&self, name: &str) -> Arc<[Near]> {
        let lock = || self.near.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(known) = lock().get(name) {
            return Arc::clone(known);
        }
        let found: Arc<[Near]> =
            (crate::suggest::scored(name, self.by_name.keys().map(String::as_str)))
                .into_iter()
                .map(|(distance, candidate)| {
                    (
                        distance,
                        candidate.to_owned(),
                        self.declaring(candidate).to_vec(),
                    )
                })
                .collect();
        let mut kept = lock();
        if kept.len() < MAX_NEAR {
            kept.insert(name.to_owned(), Arc::clone(&found));
        }
        found
    }
}

/// `interface` added to the templates that declare a name, once: a name
/// declared twice in one template (a repeated key) is one declaration.
fn declared_by(declaring: &mut Vec<Arc<Interface>>, interface: &Arc<Interface>) {
    if !(declaring.last()).is_some_and(|last| Arc::ptr_eq(last, interface)) {
        declaring.push(Arc::clone(interface));
    }
}

/// A template that declares a parameter.
#[derive(Clone, Debug)]
pub struct Declared {
    /// Whether it is the stack's root, to which an environment's
    /// `parameters` apply (`parameter_defaults` apply to every template).
    pub root: bool,
    pub interface: Arc<Interface>,
}

impl PartialEq for Declared {
    fn eq(&self, other: &Self) -> bool {
        // Stacks read with one cache share their interfaces.
        self.root == other.root
            && (Arc::ptr_eq(&self.interface, &other.interface) || self.interface == other.interface)
    }
}

/// The parameters a template lists in a `parameter_groups` entry labelled
/// `deprecated` (any case).
pub(super) fn deprecated_parameters(parsed: &template::Template<'_>) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn template(url: &str, parameters: &[&str]) -> Arc<Interface> {
        let declared: String = (parameters.iter())
            .map(|name| format!("  {name}: {{type: string}}\n"))
            .collect();
        let text = format!("heat_template_version: 2018-08-31\nparameters:\n{declared}");
        Arc::new(Interface::read(url, &text))
    }

    /// What `near` answers, in a form to compare: each close name, how
    /// far, and the templates that declare it.
    fn near(index: &DeclarationIndex, name: &str) -> Vec<(usize, String, Vec<String>)> {
        let mut found: Vec<_> = (index.near(name).iter())
            .map(|(distance, candidate, declaring)| {
                let urls = declaring.iter().map(|i| i.url.clone()).collect();
                (*distance, candidate.clone(), urls)
            })
            .collect();
        found.sort();
        found
    }

    /// The close names kept for a name asked before are those an index
    /// built afresh finds, however templates came and went since; and a
    /// copy taken before a change keeps answering for what it holds.
    #[test]
    fn the_close_names_kept_follow_the_templates_read() {
        let a = template("file:///t/a.yaml", &["image_id", "flavor"]);
        let b = template("file:///t/b.yaml", &["image", "imageid", "key_name"]);
        let c = template("file:///t/c.yaml", &["image_ids", "image", "network"]);
        let fresh = |templates: &[&Arc<Interface>]| {
            let mut index = DeclarationIndex::default();
            for template in templates {
                index.add(template);
            }
            index
        };
        let mut index = fresh(&[&a, &b]);
        let before = near(&index, "imag_id");
        assert_eq!(before, near(&fresh(&[&a, &b]), "imag_id"));
        assert!(
            before.iter().any(|(_, name, _)| name == "image_id"),
            "{before:?}"
        );
        let copy = index.clone();
        index.add(&c);
        assert_eq!(
            near(&index, "imag_id"),
            near(&fresh(&[&a, &b, &c]), "imag_id")
        );
        assert_eq!(near(&copy, "imag_id"), before);
        index.remove(&b);
        assert_eq!(near(&index, "imag_id"), near(&fresh(&[&a, &c]), "imag_id"));
        index.remove(&a);
        index.remove(&c);
        assert!(near(&index, "imag_id").is_empty());
    }
}
