//! Where a stack names its parameters, resources and nested outputs:
//! every place that declares, uses, passes or sets one, across the
//! stack's files. Go to definition, find references and rename read it.
//!
//! A parameter is one symbol across the templates that declare it when an
//! environment's `parameter_defaults` sets it: Heat gives that default to
//! every template of the stack that declares the name, so renaming it in
//! one and not the others would change what they get. Otherwise it is the
//! template's own, with the properties its callers pass to it and, for the
//! root, the environments' `parameters`.

use crate::template::{self, DocumentKind};
use crate::text::TextRange;

use super::gather::{FileId, ReferenceKind, Role, Stack, Target};
use super::registry::{Registry, Resolution, TypeMapping};

mod read;

use read::{environment_names, template_names};

/// What a name stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// A parameter of these templates (sorted, each once).
    Parameter {
        name: String,
        templates: Vec<FileId>,
    },
    Resource {
        name: String,
        template: FileId,
    },
    /// An output of a nested template, which `get_attr` reads from the
    /// resources made of it.
    Output {
        name: String,
        template: FileId,
    },
}

impl Symbol {
    pub fn name(&self) -> &str {
        match self {
            Symbol::Parameter { name, .. }
            | Symbol::Resource { name, .. }
            | Symbol::Output { name, .. } => name,
        }
    }
}

/// What a place does with its symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Usage {
    Declaration,
    Use,
    /// A property of a template resource, passing the nested parameter.
    Passed,
    /// An environment's `parameters` or `parameter_defaults` key.
    Set,
}

/// A place in a file of the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub file: FileId,
    pub range: TextRange,
    pub usage: Usage,
}

/// What one template of the stack names.
#[derive(Default)]
struct TemplateNames {
    kind: Option<DocumentKind>,
    parameters: Vec<(String, TextRange)>,
    /// `get_param` (and `Ref` of a parameter), `parameter_groups` entries.
    parameter_uses: Vec<(String, TextRange)>,
    resources: Vec<ResourceNames>,
    /// `get_resource`, `get_attr`'s first item, `depends_on`, `Ref`.
    resource_uses: Vec<(String, TextRange)>,
    /// `get_attr: [resource, attribute]`: the resource and the attribute.
    attribute_uses: Vec<(String, String, TextRange)>,
    outputs: Vec<(String, TextRange)>,
    /// Names built at run time, which a rename cannot follow: where.
    computed: Vec<TextRange>,
}

struct ResourceNames {
    name: String,
    range: TextRange,
    /// The nested template its type reaches.
    nested: Option<FileId>,
    /// Its property keys, and whether each is written in this resource
    /// (not merged in with `<<` from a mapping others share).
    properties: Vec<(String, TextRange, bool)>,
}

/// What one environment of the stack names.
#[derive(Default)]
struct EnvironmentNames {
    parameters: Vec<(String, TextRange)>,
    parameter_defaults: Vec<(String, TextRange)>,
    /// `resource_registry: resources: <name>:` keys.
    scoped: Vec<(String, TextRange)>,
}

/// The names of every file of a stack, read once.
pub struct StackSymbols {
    templates: Vec<Option<TemplateNames>>,
    environments: Vec<Option<EnvironmentNames>>,
}

impl StackSymbols {
    /// Reads every template and environment of `stack`; `known` tells
    /// whether Heat has a type itself (the catalog), for the registry.
    pub fn new(stack: &Stack, known: &dyn Fn(&str) -> bool) -> StackSymbols {
        let mut registry = Registry::default();
        for id in stack.environments() {
            registry.load(&template::parse(&stack.files[id].text));
        }
        let registry: &dyn TypeMapping = &registry;
        let by_registry: Vec<(&str, FileId)> = stack
            .references
            .iter()
            .filter(|r| r.kind == ReferenceKind::Registry)
            .filter_map(|r| match r.target {
                Target::File(id) => Some((&*r.written, id)),
                _ => None,
            })
            .collect();
        let mut templates = Vec::with_capacity(stack.files.len());
        let mut environments = Vec::with_capacity(stack.files.len());
        for (id, file) in stack.files.iter().enumerate() {
            let parsed = template::parse(&file.text);
            match file.role {
                Role::Root | Role::Nested => {
                    // Heat resolves each template's types with a memory of
                    // their own.
                    let mut resolver = registry.resolver();
                    let mut resolve = |written: &str, resource: &str| match resolver(
                        written,
                        Some(resource),
                        known,
                    ) {
                        Resolution::Template(name) => by_registry
                            .iter()
                            .rev()
                            .find(|(w, _)| **w == *name)
                            .map(|(_, id)| *id),
                        _ => None,
                    };
                    let by_type = |range: TextRange| {
                        stack
                            .references_from(id)
                            .find(|r| r.kind == ReferenceKind::Type && r.range == range)
                            .and_then(|r| match r.target {
                                Target::File(to) | Target::Cycle(to) => Some(to),
                                _ => None,
                            })
                    };
                    templates.push(Some(template_names(&parsed, &by_type, &mut resolve)));
                    environments.push(None);
                }
                Role::Environment => {
                    templates.push(None);
                    environments.push(Some(environment_names(&parsed)));
                }
                Role::Data => {
                    templates.push(None);
                    environments.push(None);
                }
            }
        }
        StackSymbols {
            templates,
            environments,
        }
    }

    /// The symbol named at `offset` in `file`.
    pub fn symbol_at(&self, file: FileId, offset: u32) -> Option<Symbol> {
        let on = |range: &TextRange| range.start <= offset && offset <= range.end;
        if let Some(Some(names)) = self.environments.get(file) {
            let keys = names.parameters.iter().chain(&names.parameter_defaults);
            let (name, _) = keys.into_iter().find(|(_, range)| on(range))?;
            return Some(self.parameter(name, None));
        }
        let names = self.templates.get(file)?.as_ref()?;
        let found = |list: &[(String, TextRange)]| {
            list.iter()
                .find(|(_, range)| on(range))
                .map(|(name, _)| name.clone())
        };
        if let Some(name) = found(&names.parameters).or_else(|| found(&names.parameter_uses)) {
            return Some(self.parameter(&name, Some(file)));
        }
        if let Some(name) = found(&names.outputs) {
            return Some(Symbol::Output {
                name,
                template: file,
            });
        }
        for resource in &names.resources {
            if on(&resource.range) {
                return Some(Symbol::Resource {
                    name: resource.name.clone(),
                    template: file,
                });
            }
            if let Some((key, _, _)) = resource.properties.iter().find(|(_, r, _)| on(r)) {
                return resource
                    .nested
                    .map(|nested| self.parameter(key, Some(nested)));
            }
        }
        if let Some((resource, attribute, _)) =
            names.attribute_uses.iter().find(|(_, _, range)| on(range))
        {
            let nested = names
                .resources
                .iter()
                .find(|r| r.name == *resource)?
                .nested?;
            return Some(Symbol::Output {
                name: attribute.clone(),
                template: nested,
            });
        }
        found(&names.resource_uses).map(|name| Symbol::Resource {
            name,
            template: file,
        })
    }

    /// The parameter `name` of `template`, or of the templates that
    /// declare it when `template` is `None` or an environment's
    /// `parameter_defaults` links them.
    fn parameter(&self, name: &str, template: Option<FileId>) -> Symbol {
        let declaring: Vec<FileId> = (0..self.templates.len())
            .filter(|&id| {
                self.templates[id]
                    .as_ref()
                    .is_some_and(|t| t.parameters.iter().any(|(n, _)| n == name))
            })
            .collect();
        let defaulted = self
            .environments
            .iter()
            .flatten()
            .any(|e| e.parameter_defaults.iter().any(|(n, _)| n == name));
        let templates = match template {
            Some(template) if !defaulted => vec![template],
            _ => declaring,
        };
        Symbol::Parameter {
            name: name.to_owned(),
            templates,
        }
    }

    /// Every place of `symbol`, sorted.
    pub fn places(&self, symbol: &Symbol) -> Vec<Place> {
        let mut places = Vec::new();
        let mut add = |file: FileId, range: TextRange, usage: Usage| {
            places.push(Place { file, range, usage });
        };
        let named = |list: &[(String, TextRange)], name: &str| -> Vec<TextRange> {
            list.iter()
                .filter(|(n, _)| n == name)
                .map(|(_, r)| *r)
                .collect()
        };
        match symbol {
            Symbol::Parameter { name, templates } => {
                for &template in templates {
                    let Some(names) = &self.templates[template] else {
                        continue;
                    };
                    for range in named(&names.parameters, name) {
                        add(template, range, Usage::Declaration);
                    }
                    for range in named(&names.parameter_uses, name) {
                        add(template, range, Usage::Use);
                    }
                    for (caller, resource) in self.callers(template) {
                        for (key, range, _) in &resource.properties {
                            if key == name {
                                add(caller, *range, Usage::Passed);
                            }
                        }
                    }
                }
                let root_has_it = templates.contains(&0);
                for (id, environment) in self.environments.iter().enumerate() {
                    let Some(environment) = environment else {
                        continue;
                    };
                    if root_has_it {
                        for range in named(&environment.parameters, name) {
                            add(id, range, Usage::Set);
                        }
                    }
                    for range in named(&environment.parameter_defaults, name) {
                        add(id, range, Usage::Set);
                    }
                }
            }
            Symbol::Resource { name, template } => {
                if let Some(names) = &self.templates[*template] {
                    for resource in names.resources.iter().filter(|r| r.name == *name) {
                        add(*template, resource.range, Usage::Declaration);
                    }
                    for range in named(&names.resource_uses, name) {
                        add(*template, range, Usage::Use);
                    }
                }
                if *template == 0 {
                    for (id, environment) in self.environments.iter().enumerate() {
                        for range in environment.iter().flat_map(|e| named(&e.scoped, name)) {
                            add(id, range, Usage::Set);
                        }
                    }
                }
            }
            Symbol::Output { name, template } => {
                if let Some(names) = &self.templates[*template] {
                    for range in named(&names.outputs, name) {
                        add(*template, range, Usage::Declaration);
                    }
                }
                for (caller, resource) in self.callers(*template) {
                    let Some(names) = &self.templates[caller] else {
                        continue;
                    };
                    for (r, attribute, range) in &names.attribute_uses {
                        if *r == resource.name && attribute == name {
                            add(caller, *range, Usage::Use);
                        }
                    }
                }
            }
        }
        places.sort();
        places.dedup();
        places
    }

    /// Why renaming `symbol` would break what the stack does, if it would:
    /// names built at run time, properties several resources share.
    pub fn rename_blockers(&self, symbol: &Symbol) -> Vec<(FileId, TextRange, String)> {
        let mut blockers = Vec::new();
        let templates: Vec<FileId> = match symbol {
            Symbol::Parameter { templates, .. } => templates.clone(),
            Symbol::Resource { template, .. } => vec![*template],
            Symbol::Output { template, .. } => vec![*template],
        };
        for &template in &templates {
            let Some(names) = &self.templates[template] else {
                continue;
            };
            if names.kind == Some(DocumentKind::CloudFormation) {
                blockers.push((
                    template,
                    TextRange::new(0, 0),
                    "heatwise renames names in HOT templates only".to_owned(),
                ));
            }
            let computed_here = !matches!(symbol, Symbol::Output { .. });
            if computed_here {
                for &range in &names.computed {
                    blockers.push((
                        template,
                        range,
                        "a name is built here at run time, which a rename cannot follow".to_owned(),
                    ));
                }
            }
        }
        match symbol {
            Symbol::Parameter { name, templates } => {
                for &template in templates {
                    for (caller, resource) in self.callers(template) {
                        for (key, range, own) in &resource.properties {
                            if key == name && !own {
                                blockers.push((caller, *range, format!("`{name}` is passed here from a mapping merged in with `<<`, which other resources share")));
                            }
                        }
                    }
                }
            }
            Symbol::Output { template, .. } => {
                for (caller, _) in self.callers(*template) {
                    if let Some(names) = &self.templates[caller] {
                        for &range in &names.computed {
                            blockers.push((
                                caller,
                                range,
                                "a name is built here at run time, which a rename cannot follow"
                                    .to_owned(),
                            ));
                        }
                    }
                }
            }
            Symbol::Resource { .. } => {}
        }
        blockers.sort_by_key(|(file, range, _)| (*file, range.start));
        blockers.dedup_by_key(|(file, range, _)| (*file, *range));
        blockers
    }

    /// The names `symbol`'s templates already give their parameters or
    /// resources, which a new name must not take.
    pub fn taken(&self, symbol: &Symbol, new_name: &str) -> Option<FileId> {
        match symbol {
            Symbol::Parameter { templates, .. } => templates.iter().copied().find(|&t| {
                self.templates[t]
                    .as_ref()
                    .is_some_and(|n| n.parameters.iter().any(|(p, _)| p == new_name))
            }),
            Symbol::Resource { template, .. } => self.templates[*template]
                .as_ref()
                .filter(|n| n.resources.iter().any(|r| r.name == new_name))
                .map(|_| *template),
            Symbol::Output { template, .. } => self.templates[*template]
                .as_ref()
                .filter(|n| n.outputs.iter().any(|(o, _)| o == new_name))
                .map(|_| *template),
        }
    }

    /// The names of `file`'s parameters and resources, for completion.
    pub fn declared_in(&self, file: FileId) -> (Vec<&str>, Vec<&str>) {
        let Some(Some(names)) = self.templates.get(file) else {
            return (Vec::new(), Vec::new());
        };
        (
            names.parameters.iter().map(|(n, _)| n.as_str()).collect(),
            names.resources.iter().map(|r| r.name.as_str()).collect(),
        )
    }

    /// The outputs of the nested template the resource `resource` of
    /// `file` is made of, when it is one the stack reaches.
    pub fn nested_outputs(&self, file: FileId, resource: &str) -> Option<Vec<&str>> {
        let names = self.templates.get(file)?.as_ref()?;
        let nested = names
            .resources
            .iter()
            .find(|r| r.name == resource)?
            .nested?;
        let outputs = &self.templates.get(nested)?.as_ref()?.outputs;
        Some(outputs.iter().map(|(n, _)| n.as_str()).collect())
    }

    /// Every parameter a template of the stack declares, sorted, each
    /// once: what an environment's keys may name.
    pub fn all_parameters(&self) -> Vec<&str> {
        let mut all: Vec<&str> = (self.templates.iter().flatten())
            .flat_map(|names| names.parameters.iter().map(|(n, _)| n.as_str()))
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// The resources whose type reaches `template`, with their file.
    fn callers(&self, template: FileId) -> impl Iterator<Item = (FileId, &ResourceNames)> {
        self.templates
            .iter()
            .enumerate()
            .flat_map(move |(id, names)| {
                names
                    .iter()
                    .flat_map(|n| &n.resources)
                    .filter(move |r| r.nested == Some(template))
                    .map(move |r| (id, r))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stack::MemoryFiles;

    const ROOT: &str = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\n  key: {type: string}\nresources:\n  app:\n    type: app.yaml\n    properties:\n      size: {get_param: size}\n      key: {get_param: key}\n  web:\n    type: OS::App::Web\n    properties: {key: web-key}\n    depends_on: app\noutputs:\n  address: {value: {get_attr: [app, address]}}\n";
    const APP: &str = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\n  key: {type: string}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {flavor: {get_param: size}, key_name: {get_param: key}, image: i}\noutputs:\n  address: {value: {get_attr: [server, first_address]}}\n";
    const WEB: &str = "heat_template_version: 2018-08-31\nparameters:\n  key: {type: string}\n";
    const ENV: &str = "resource_registry:\n  OS::App::Web: web.yaml\nparameters:\n  size: 2\nparameter_defaults:\n  key: default-key\n";
    const FILES: &[(&str, &str)] = &[
        ("file:///t/root.yaml", ROOT),
        ("file:///t/app.yaml", APP),
        ("file:///t/web.yaml", WEB),
        ("file:///t/env.yaml", ENV),
    ];

    fn stack() -> (Stack, StackSymbols) {
        let stack = Stack::gather(
            "file:///t/root.yaml",
            &["file:///t/env.yaml".to_owned()],
            &MemoryFiles(FILES.to_vec()),
        );
        let symbols = StackSymbols::new(&stack, &|_| true);
        (stack, symbols)
    }

    /// Each place as `file: text (usage)`.
    fn shown(stack: &Stack, places: &[Place]) -> Vec<String> {
        places
            .iter()
            .map(|p| {
                let file = &stack.files[p.file];
                let name = file.url.rsplit('/').next().unwrap();
                format!("{name}: {} ({:?})", &file.text[p.range.as_usize()], p.usage)
            })
            .collect()
    }

    fn at(stack: &Stack, url: &str, text: &str, nth: usize) -> (FileId, u32) {
        let id = stack.file(url).unwrap();
        let offset = stack.files[id].text.match_indices(text).nth(nth).unwrap().0;
        (id, offset as u32)
    }

    #[test]
    fn a_parameter_of_one_template_and_its_callers() {
        let (stack, symbols) = stack();
        // `size` in app.yaml, from its use: the root passes it, no
        // parameter_defaults links it to the root's own `size`.
        let (file, offset) = at(&stack, "file:///t/app.yaml", "size}", 0);
        let symbol = symbols.symbol_at(file, offset).unwrap();
        assert_eq!(
            shown(&stack, &symbols.places(&symbol)),
            [
                "root.yaml: size (Passed)",
                "app.yaml: size (Declaration)",
                "app.yaml: size (Use)"
            ]
        );
        // The root's `size`: its declaration, its use, the environment's
        // `parameters` key.
        let (file, offset) = at(&stack, "file:///t/root.yaml", "size", 0);
        let symbol = symbols.symbol_at(file, offset).unwrap();
        assert_eq!(
            shown(&stack, &symbols.places(&symbol)),
            [
                "root.yaml: size (Declaration)",
                "root.yaml: size (Use)",
                "env.yaml: size (Set)"
            ]
        );
    }

    #[test]
    fn parameter_defaults_link_the_templates_declaring_a_name() {
        let (stack, symbols) = stack();
        let (file, offset) = at(&stack, "file:///t/env.yaml", "key", 0);
        let symbol = symbols.symbol_at(file, offset).unwrap();
        let places = shown(&stack, &symbols.places(&symbol));
        assert_eq!(
            places,
            [
                "root.yaml: key (Declaration)",
                "root.yaml: key (Passed)",
                "root.yaml: key (Use)",
                "root.yaml: key (Passed)",
                "app.yaml: key (Declaration)",
                "app.yaml: key (Use)",
                "env.yaml: key (Set)",
                "web.yaml: key (Declaration)"
            ]
        );
    }

    #[test]
    fn resources_and_nested_outputs() {
        let (stack, symbols) = stack();
        let (file, offset) = at(&stack, "file:///t/root.yaml", "depends_on: app", 0);
        let offset = offset + "depends_on: ".len() as u32;
        let symbol = symbols.symbol_at(file, offset).unwrap();
        assert_eq!(
            symbol,
            Symbol::Resource {
                name: "app".into(),
                template: 0
            }
        );
        assert_eq!(
            shown(&stack, &symbols.places(&symbol)),
            [
                "root.yaml: app (Declaration)",
                "root.yaml: app (Use)",
                "root.yaml: app (Use)"
            ]
        );
        // `address` read with get_attr is the nested template's output.
        let (file, offset) = at(&stack, "file:///t/root.yaml", "address]", 0);
        let symbol = symbols.symbol_at(file, offset).unwrap();
        assert_eq!(
            shown(&stack, &symbols.places(&symbol)),
            [
                "root.yaml: address (Use)",
                "app.yaml: address (Declaration)"
            ]
        );
        assert!(symbols.rename_blockers(&symbol).is_empty());
        assert_eq!(symbols.taken(&symbol, "address"), Some(1));
    }

    #[test]
    fn names_built_at_run_time_block_a_rename() {
        const ROOT: &str = "heat_template_version: 2018-08-31\nparameters:\n  which: {type: string}\n  a: {type: string}\nresources:\n  v:\n    type: OS::Heat::Value\n    properties: {value: {get_param: {get_param: which}}}\n";
        const FILES: &[(&str, &str)] = &[("file:///t/root.yaml", ROOT)];
        let stack = Stack::gather("file:///t/root.yaml", &[], &MemoryFiles(FILES.to_vec()));
        let symbols = StackSymbols::new(&stack, &|_| true);
        let symbol = symbols
            .symbol_at(0, ROOT.find("a:").unwrap() as u32)
            .unwrap();
        let blockers = symbols.rename_blockers(&symbol);
        assert_eq!(blockers.len(), 1, "{blockers:?}");
        assert_eq!(&ROOT[blockers[0].1.as_usize()], "{get_param: which}");
    }
}
