//! The export: each resource of the stack to its ORC object, references
//! by name, pre-existing resources imported once, Heat's defaults written
//! out, and every object checked against its CRD before it is printed.

use std::collections::{BTreeMap, HashMap};

use heatwise_core::stack::{Registry, Resolution};
use heatwise_core::syntax::{NodeId, Tree};
use heatwise_core::template::{self, DocumentKind, Resource, Template};
use heatwise_core::text::TextRange;

use crate::eval::{Evaluator, Given, Val, V};
use crate::finding::{Code, File, Finding};
use crate::kinds::{self, table};
use crate::manifest::{Kind, Node, Object};
use crate::names::Names;
use crate::plan::{self, HeatGraph, Plan};
use crate::schema;
use crate::sections::{self, DependsOn, Lifecycle};

/// Most findings one export reports; the rest are counted in the last.
pub const MAX_FINDINGS: usize = 1000;

/// How objects reach OpenStack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credentials {
    /// The Secret (in the same namespace) holding `clouds.yaml`.
    pub secret_name: String,
    /// The cloud's entry in it.
    pub cloud_name: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub namespace: String,
    pub credentials: Credentials,
    /// `NAME=VALUE` parameter values, strongest last.
    pub parameters: Vec<(String, String)>,
}

/// The result of an export.
#[derive(Debug)]
pub struct Export {
    /// The objects, each valid against its CRD, in the template's order
    /// (imports of pre-existing resources first).
    pub objects: Vec<Object>,
    /// What could not be carried over, by file and position.
    pub findings: Vec<Finding>,
    /// The order ORC will build the objects in.
    pub plan: Plan,
    /// Heat's own dependency graph of the template.
    pub heat_graph: HeatGraph,
    pub namespace: String,
}

impl Export {
    /// Whether the whole stack was expressed.
    pub fn is_complete(&self) -> bool {
        self.findings.is_empty()
    }
}

/// Exports a template, with environment files' parameters.
pub fn export(text: &str, environments: &[&str], options: &Options) -> Export {
    let template = template::parse(text);
    let mut findings = Vec::new();
    let mut given = Given {
        texts: options.parameters.clone(),
        ..Given::default()
    };
    let mut registry = Registry::default();
    for (index, environment) in environments.iter().enumerate() {
        let environment = template::parse(environment);
        let file = File::Environment(index);
        for problem in environment.problems() {
            if problem.kind == template::ProblemKind::Syntax {
                findings.push(Finding {
                    code: Code::UnreadableTemplate,
                    file,
                    range: problem.range,
                    message: format!("the environment cannot be read: {}", problem.message),
                });
            }
        }
        if !matches!(
            environment.kind(),
            DocumentKind::Environment | DocumentKind::Unknown
        ) {
            findings.push(Finding {
                code: Code::UnreadableTemplate,
                file,
                range: TextRange::empty(0),
                message: "this is a template, not an environment file".to_owned(),
            });
        }
        given.add_environment(&environment);
        registry.load(&environment);
    }
    let mut exporter = Exporter::new(&template, &given, options, findings);
    exporter.resolve_types(&mut registry);
    exporter.run();
    exporter.finish()
}

/// Where each resource went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// The resource became this object.
    Object(Kind, String),
    /// It is folded into another object (a rule into its group, ...).
    Folded,
    /// It has no ORC object.
    None,
}

pub(crate) struct Exporter<'a, 't> {
    pub(crate) template: &'a Template<'t>,
    pub(crate) eval: Evaluator<'a, 't>,
    pub(crate) options: &'a Options,
    names: Names,
    /// The name each resource's object gets, decided before any object
    /// is written so that references can point forward.
    pub(crate) targets: HashMap<String, Target>,
    pub(crate) objects: Vec<Object>,
    /// Imports of pre-existing resources: (kind, identity) → name.
    imports: BTreeMap<(Kind, String), String>,
    import_objects: Vec<Object>,
    findings: Vec<Finding>,
    /// Work that needs every object written first.
    pub(crate) later: Vec<kinds::Later>,
    /// Every `depends_on` of an exported resource, checked against ORC's
    /// order once all objects are written.
    pub(crate) depends_on: Vec<DependsOn>,
    /// What each resource's type is once the environments' registry has
    /// mapped it (a type of Heat's, or a template), where it differs from
    /// what the template writes; `None` where nothing can provide it.
    mapped_types: HashMap<String, Option<String>>,
}

/// Options shared by every object of one kind's import filter.
pub(crate) struct Import<'x> {
    pub kind: Kind,
    /// The name or ID the template gives.
    pub value: &'x Val,
    /// Filter fields beside `name` (`external: true`).
    pub extra: Vec<(&'static str, Node)>,
}

impl<'a, 't> Exporter<'a, 't> {
    fn new(
        template: &'a Template<'t>,
        given: &Given,
        options: &'a Options,
        mut findings: Vec<Finding>,
    ) -> Self {
        let (eval, problems) = Evaluator::new(template, given);
        for problem in problems {
            findings.push(Finding {
                code: Code::ParameterValue,
                file: File::Template,
                range: problem.at,
                message: problem.message,
            });
        }
        Self {
            template,
            eval,
            options,
            names: Names::default(),
            targets: HashMap::new(),
            objects: Vec::new(),
            imports: BTreeMap::new(),
            import_objects: Vec::new(),
            findings,
            later: Vec::new(),
            depends_on: Vec::new(),
            mapped_types: HashMap::new(),
        }
    }

    /// Maps each resource's type through the environments' registry, in
    /// the template's order, as Heat does when it builds the stack.
    fn resolve_types(&mut self, registry: &mut Registry) {
        if registry.is_empty() {
            return;
        }
        // Heat's own types by name only: the editor's ORC module carries no
        // catalog (it would weigh about 95 KB gzipped).
        let known = |name: &str| heatwise_core::catalog::known::builtin_knows(name);
        let template = self.template;
        for resource in template.resources() {
            let Some(written) = resource.definition.type_name.as_deref() else {
                continue;
            };
            let mapped = match registry.resolve(written, Some(&resource.name), &known) {
                Resolution::Type(name) | Resolution::Template(name) if name != written => {
                    Some(name)
                }
                Resolution::Loop => {
                    let range = resource
                        .definition
                        .type_range(self.tree())
                        .unwrap_or_else(|| resource.name_range(self.tree()));
                    self.report(
                        Code::NoOrcKind,
                        range,
                        format!("the resource {} is not exported: the environments map {written} onto itself in a loop, which Heat cannot create", resource.name),
                    );
                    None
                }
                _ => continue,
            };
            self.mapped_types.insert(resource.name.clone(), mapped);
        }
    }

    /// The type Heat creates a resource of: what the template writes,
    /// unless the environments map it (`None` where nothing provides it).
    pub(crate) fn type_of<'r>(&'r self, resource: &'r Resource) -> Option<&'r str> {
        match self.mapped_types.get(&resource.name) {
            Some(mapped) => mapped.as_deref(),
            None => resource.definition.type_name.as_deref(),
        }
    }

    pub(crate) fn tree(&self) -> &'a Tree<'t> {
        self.template.tree()
    }

    pub(crate) fn report(&mut self, code: Code, range: TextRange, message: impl Into<String>) {
        if self.findings.len() < MAX_FINDINGS {
            self.findings.push(Finding {
                code,
                file: File::Template,
                range,
                message: message.into(),
            });
        }
    }

    fn run(&mut self) {
        let template = self.template;
        let unreadable: Vec<_> = template
            .problems()
            .iter()
            .filter(|p| p.kind == template::ProblemKind::Syntax)
            .map(|p| (p.range, p.message.clone()))
            .collect();
        if !unreadable.is_empty() {
            for (range, message) in unreadable {
                self.report(
                    Code::UnreadableTemplate,
                    range,
                    format!("the template cannot be read: {message}"),
                );
            }
            return;
        }
        match template.kind() {
            DocumentKind::Hot | DocumentKind::CloudFormation => {}
            DocumentKind::Environment => {
                self.report(
                    Code::UnreadableTemplate,
                    TextRange::empty(0),
                    "this is an environment file: export the template it goes with, and give this file with -e",
                );
                return;
            }
            DocumentKind::Unknown => {
                self.report(
                    Code::UnreadableTemplate,
                    TextRange::empty(0),
                    "this is not a Heat template: it has no heat_template_version (or AWSTemplateFormatVersion)",
                );
                return;
            }
        }
        let resources = self.included_resources();
        // Names first, so that a reference may point to a later resource.
        for resource in &resources {
            let target = match self.type_of(resource).and_then(table::mapping) {
                Some(mapping) => match mapping.kind {
                    Some(kind) => {
                        let name = self.names.unique(&resource.name, "resource");
                        Target::Object(kind, name)
                    }
                    None => Target::Folded,
                },
                None => Target::None,
            };
            self.targets.insert(resource.name.clone(), target);
        }
        for resource in &resources {
            let Some(type_name) = self.type_of(resource).map(str::to_owned) else {
                continue;
            };
            match table::mapping(&type_name) {
                Some(mapping) => match sections::read(self, resource) {
                    Lifecycle::External(id, at)
                        if sections::import_external(self, resource, &id, at) => {}
                    Lifecycle::LeftOut => {}
                    Lifecycle::Retained(at) => {
                        let first = self.objects.len();
                        kinds::export_resource(self, resource, mapping);
                        sections::retain(&mut self.objects[first..], at);
                    }
                    _ => kinds::export_resource(self, resource, mapping),
                },
                None => {
                    let range = resource
                        .definition
                        .type_range(self.tree())
                        .unwrap_or_else(|| resource.name_range(self.tree()));
                    let why = table::unmapped_reason(&type_name);
                    let written = resource.definition.type_name.as_deref().unwrap_or_default();
                    let message = if written == type_name {
                        format!("the resource {} is not exported: {why}", resource.name)
                    } else if type_name == "OS::Heat::None" {
                        format!("the resource {} is not exported: the environments map {written} to OS::Heat::None, so Heat creates nothing for it either", resource.name)
                    } else {
                        format!(
                            "the resource {} is not exported: {why} (the environments map {written} to {type_name})",
                            resource.name
                        )
                    };
                    self.report(Code::NoOrcKind, range, message);
                }
            }
        }
        kinds::finish(self);
        self.report_outputs();
    }

    /// Outputs have no ORC equivalent: each is reported, with where its
    /// value can be read instead.
    fn report_outputs(&mut self) {
        let template = self.template;
        let tree = self.tree();
        for output in template.outputs() {
            let call = output.value.and_then(|entry| template.call_at(entry.value));
            let hint = match call {
                Some(call) if matches!(call.name, "get_attr" | "Fn::GetAtt") => tree
                    .is_sequence(call.args)
                    .then(|| tree.items(call.args).first().and_then(|&n| tree.scalar(n)))
                    .flatten()
                    .and_then(|resource| self.object_of(resource))
                    .map(|(kind, name)| {
                        format!("; read the {} {name}'s status.resource", kind.as_str())
                    }),
                Some(call) if matches!(call.name, "get_resource" | "Ref") => tree
                    .scalar(call.args)
                    .and_then(|resource| self.object_of(resource))
                    .map(|(kind, name)| format!("; read the {} {name}'s status.id", kind.as_str())),
                _ => None,
            };
            self.report(
                Code::NoOrcField,
                tree.range(output.entry.key),
                format!(
                    "the output {} is not exported: ORC has no stack outputs{}",
                    output.name,
                    hint.unwrap_or_default()
                ),
            );
        }
    }

    /// The resources Heat would create: those whose `condition` holds.
    fn included_resources(&mut self) -> Vec<Resource> {
        let template = self.template;
        let mut included = Vec::new();
        // A repeated name is one resource, the last definition.
        for resource in template.resources() {
            if template
                .resource(&resource.name)
                .is_some_and(|kept| kept.entry != resource.entry)
            {
                continue;
            }
            if let Some(condition) = template.resource_entry(&resource.definition, "condition") {
                match self.eval.resource_condition(condition.value) {
                    Some(false) => continue,
                    Some(true) => {}
                    None => self.report(
                        Code::NotStatic,
                        self.tree().range(condition.value),
                        format!(
                            "the condition of {} depends on what only Heat knows when it runs; exported as if it holds",
                            resource.name
                        ),
                    ),
                }
            }
            included.push(resource.clone());
        }
        included
    }

    /// A new object with ORC's envelope: credentials, policy, resource.
    pub(crate) fn managed(
        &self,
        kind: Kind,
        name: &str,
        resource: Option<&str>,
        origin: TextRange,
    ) -> Object {
        let mut spec = Node::map(None);
        if kind.has_envelope() {
            spec.set("cloudCredentialsRef", self.credentials());
            spec.set("managementPolicy", Node::str("managed", None));
            spec.set("resource", Node::map(None));
        }
        Object {
            kind,
            name: name.to_owned(),
            resource: resource.map(str::to_owned),
            origin,
            spec,
        }
    }

    pub(crate) fn credentials(&self) -> Node {
        let mut credentials = Node::map(None);
        credentials.set(
            "secretName",
            Node::str(&self.options.credentials.secret_name, None),
        );
        credentials.set(
            "cloudName",
            Node::str(&self.options.credentials.cloud_name, None),
        );
        credentials
    }

    /// A name for an object the export adds (a server's port, its user
    /// data), unique among all.
    pub(crate) fn new_name(&mut self, text: &str) -> String {
        self.names.unique(text, "object")
    }

    pub(crate) fn push(&mut self, object: Object) {
        self.objects.push(object);
    }

    pub(crate) fn object_mut(&mut self, name: &str) -> Option<&mut Object> {
        self.objects.iter_mut().find(|o| o.name == name)
    }

    pub(crate) fn object(&self, name: &str) -> Option<&Object> {
        self.objects.iter().find(|o| o.name == name)
    }

    /// The object a resource became, if it is of `kind`.
    pub(crate) fn object_of(&self, resource: &str) -> Option<(Kind, &str)> {
        match self.targets.get(resource)? {
            Target::Object(kind, name) => Some((*kind, name)),
            _ => None,
        }
    }

    /// An imported pre-existing resource, made once per kind and identity.
    pub(crate) fn import(&mut self, import: Import<'_>, origin: TextRange) -> Option<String> {
        let text = match &import.value.v {
            V::Str(s) if !s.is_empty() => s.clone(),
            V::Int(_) | V::Float(_) => import.value.python_str()?,
            _ => return None,
        };
        let by_id = import.kind != Kind::KeyPair && schema::is_uuid(&text);
        let mut identity = text.clone();
        for (key, value) in &import.extra {
            identity.push_str(&format!(" {key}={:?}", value.to_json()));
        }
        if let Some(name) = self.imports.get(&(import.kind, identity.clone())) {
            return Some(name.clone());
        }
        let mut what = Node::map(Some(origin));
        if by_id {
            what.set("id", Node::str(&text, Some(origin)));
        } else {
            let mut filter = Node::map(Some(origin));
            filter.set("name", Node::str(&text, Some(origin)));
            for (key, value) in import.extra {
                filter.set(key, value);
            }
            what.set("filter", filter);
        }
        let stem = format!("{}-{}", import.kind.as_str().to_ascii_lowercase(), text);
        Some(self.import_as(import.kind, identity, &stem, what, origin))
    }

    /// An import by `what` (`{id}` or `{filter}`), made once per identity.
    pub(crate) fn import_as(
        &mut self,
        kind: Kind,
        identity: String,
        stem: &str,
        what: Node,
        origin: TextRange,
    ) -> String {
        if let Some(name) = self.imports.get(&(kind, identity.clone())) {
            return name.clone();
        }
        let name = self.names.unique(stem, &kind.as_str().to_ascii_lowercase());
        let mut spec = Node::map(None);
        spec.set("cloudCredentialsRef", self.credentials());
        spec.set("managementPolicy", Node::str("unmanaged", None));
        spec.set("import", what);
        self.import_objects.push(Object {
            kind,
            name: name.clone(),
            resource: None,
            origin,
            spec,
        });
        self.imports.insert((kind, identity), name.clone());
        name
    }

    /// Whether `name` is an import of a pre-existing resource.
    pub(crate) fn is_import(&self, name: &str) -> bool {
        self.import_objects.iter().any(|o| o.name == name)
    }

    /// A reference field: `get_resource` of a resource of the right kind,
    /// or a name or ID of a pre-existing one (imported). Reports what does
    /// not fit and returns `None`.
    pub(crate) fn reference(
        &mut self,
        value: &Val,
        kind: Kind,
        what: &str,
        extra: Vec<(&'static str, Node)>,
    ) -> Option<Node> {
        match &value.v {
            V::Resource(resource) => match self.targets.get(resource).cloned() {
                Some(Target::Object(found, name)) if found == kind => {
                    Some(Node::str(name, Some(value.at)))
                }
                Some(Target::Object(found, _)) => {
                    self.report(
                        Code::MissingObject,
                        value.at,
                        format!(
                            "{what} must be a {}, but {resource} becomes a {}",
                            kind.as_str(),
                            found.as_str()
                        ),
                    );
                    None
                }
                Some(_) => {
                    self.report(
                        Code::MissingObject,
                        value.at,
                        format!("{what} refers to {resource}, which has no ORC object of its own"),
                    );
                    None
                }
                None => {
                    self.report(
                        Code::MissingObject,
                        value.at,
                        format!("{what} refers to {resource}, which is not in the stack"),
                    );
                    None
                }
            },
            V::Str(_) | V::Int(_) => {
                let name = self.import(Import { kind, value, extra }, value.at)?;
                Some(Node::str(name, Some(value.at)))
            }
            V::Unknown(reason) => {
                if let Some(reason) = reason {
                    self.report(
                        Code::NotStatic,
                        value.at,
                        format!("{what} is not exported: {reason}"),
                    );
                }
                None
            }
            _ => {
                self.report(
                    Code::NoOrcField,
                    value.at,
                    format!(
                        "{what} must name a {} (get_resource, a name or an ID)",
                        kind.as_str()
                    ),
                );
                None
            }
        }
    }

    /// A string field. Numbers and booleans are written as Heat would
    /// turn them into text.
    pub(crate) fn string(&mut self, value: &Val, what: &str) -> Option<Node> {
        match &value.v {
            V::Str(s) => Some(Node::str(s, Some(value.at))),
            V::Int(_) | V::Float(_) | V::Bool(_) => {
                Some(Node::str(value.python_str()?, Some(value.at)))
            }
            V::Null => None,
            _ => {
                self.not_a(value, what, "a string");
                None
            }
        }
    }

    pub(crate) fn integer(&mut self, value: &Val, what: &str) -> Option<Node> {
        match &value.v {
            V::Int(i) => Some(Node::int(*i, Some(value.at))),
            V::Float(f) if f.fract() == 0.0 && f.abs() < 9e15 => {
                Some(Node::int(*f as i64, Some(value.at)))
            }
            V::Str(s) if s.trim().parse::<i64>().is_ok() => {
                Some(Node::int(s.trim().parse().ok()?, Some(value.at)))
            }
            V::Null => None,
            _ => {
                self.not_a(value, what, "an integer");
                None
            }
        }
    }

    /// A boolean field, read as Heat reads a boolean property (`"yes"`,
    /// `"false"`, `1`...).
    pub(crate) fn boolean(&mut self, value: &Val, what: &str) -> Option<Node> {
        let b = match &value.v {
            V::Bool(b) => Some(*b),
            V::Str(_) | V::Int(_) => value
                .python_str()
                .as_deref()
                .and_then(crate::eval::bool_from_string),
            V::Null => return None,
            _ => None,
        };
        match b {
            Some(b) => Some(Node::bool(b, Some(value.at))),
            None => {
                self.not_a(value, what, "a boolean");
                None
            }
        }
    }

    /// A list of strings (tags, name servers).
    pub(crate) fn strings(&mut self, value: &Val, what: &str) -> Option<Node> {
        match &value.v {
            V::List(items) => {
                let mut out = Vec::new();
                for item in items {
                    out.push(self.string(item, what)?);
                }
                Some(Node::list(out, Some(value.at)))
            }
            V::Null => None,
            _ => {
                self.not_a(value, what, "a list");
                None
            }
        }
    }

    /// Reports a value of the wrong shape (or unknown) for a field.
    pub(crate) fn not_a(&mut self, value: &Val, what: &str, expected: &str) {
        match &value.v {
            V::Unknown(Some(reason)) => {
                let reason = reason.clone();
                self.report(
                    Code::NotStatic,
                    value.at,
                    format!("{what} is not exported: {reason}"),
                );
            }
            V::Unknown(None) => {}
            V::Resource(resource) => self.report(
                Code::NoOrcField,
                value.at,
                format!("{what} needs {expected}, not the resource {resource}"),
            ),
            _ => self.report(
                Code::NoOrcField,
                value.at,
                format!("{what} needs {expected}; this value is not exported"),
            ),
        }
    }

    fn finish(mut self) -> Export {
        let heat_graph = plan::heat_graph(self.template, &self.eval);
        let mut objects = std::mem::take(&mut self.import_objects);
        objects.append(&mut self.objects);
        // Check each object against its CRD; leave out what ORC refuses.
        let mut valid = Vec::with_capacity(objects.len());
        for object in objects {
            let violations = if object.kind == Kind::Secret {
                Vec::new()
            } else {
                schema::validate_spec(object.kind.as_str(), &object.spec)
            };
            let name_ok = crate::names::is_valid(&object.name);
            if violations.is_empty() && name_ok {
                valid.push(object);
                continue;
            }
            for violation in violations {
                let range = violation.origin.unwrap_or(object.origin);
                self.report(
                    Code::RefusedByOrc,
                    range,
                    format!(
                        "the {} {} is left out: ORC refuses it: {} {}",
                        object.kind.as_str(),
                        object.name,
                        violation.path,
                        violation.message
                    ),
                );
            }
        }
        let plan = plan::plan(&valid);
        sections::report_lost_order(&mut self, &valid);
        for cycle in &plan.cycles {
            let range = cycle
                .first()
                .and_then(|name| valid.iter().find(|o| &o.name == name))
                .map_or(TextRange::empty(0), |o| o.origin);
            self.report(
                Code::DependencyCycle,
                range,
                format!("these objects refer to each other in a cycle, so ORC can build none of them: {}", cycle.join(" → ")),
            );
        }
        for cycle in &heat_graph.cycles {
            let range = self
                .template
                .resource(&cycle[0])
                .map_or(TextRange::empty(0), |r| r.name_range(self.tree()));
            self.report(
                Code::DependencyCycle,
                range,
                format!(
                    "Heat refuses this template: its resources depend on each other in a cycle: {}",
                    cycle.join(" → ")
                ),
            );
        }
        // Objects that refer to a left-out object wait for ever in ORC.
        let present: std::collections::HashSet<&str> =
            valid.iter().map(|o| o.name.as_str()).collect();
        let mut dangling = Vec::new();
        for object in &valid {
            for (kind, name) in object.references() {
                if kind != Kind::Secret && !present.contains(name) {
                    dangling.push((
                        object.origin,
                        object.kind,
                        object.name.clone(),
                        name.to_owned(),
                    ));
                }
            }
        }
        for (origin, kind, name, missing) in dangling {
            self.report(
                Code::MissingObject,
                origin,
                format!("the {} {name} refers to {missing}, which is left out: ORC would wait for it for ever", kind.as_str()),
            );
        }
        let mut findings = self.findings;
        findings.sort_by(|a, b| {
            (a.file, a.range.start, a.range.end, a.code, &a.message).cmp(&(
                b.file,
                b.range.start,
                b.range.end,
                b.code,
                &b.message,
            ))
        });
        findings.dedup();
        Export {
            objects: valid,
            findings,
            plan,
            heat_graph,
            namespace: self.options.namespace.clone(),
        }
    }
}

/// A resource's properties, each taken by the mapping that writes it; what
/// is left is reported as not carried over.
pub(crate) struct Properties {
    entries: Vec<(String, NodeId, TextRange)>,
    taken: Vec<bool>,
}

impl Properties {
    pub(crate) fn read(exporter: &Exporter<'_, '_>, resource: &Resource) -> Self {
        let tree = exporter.tree();
        let mut entries = Vec::new();
        if let Some(mapping) = resource.definition.properties_mapping(tree) {
            // Properties merged in with `<<` are Heat's like any other.
            for merged in template::merge::flattened(tree, mapping) {
                let entry = merged.entry;
                if let Some(name) = tree.scalar(entry.key) {
                    entries.push((name.to_owned(), entry.value, tree.range(entry.key)));
                }
            }
        }
        let taken = vec![false; entries.len()];
        Self { entries, taken }
    }

    /// The value node of a property (the last, if repeated), marked taken.
    pub(crate) fn take(&mut self, name: &str) -> Option<NodeId> {
        let index = self.entries.iter().rposition(|(n, _, _)| n == name)?;
        for (i, (n, _, _)) in self.entries.iter().enumerate() {
            if n == name {
                self.taken[i] = true;
            }
        }
        Some(self.entries[index].1)
    }

    /// The value node of a property (the last, if repeated), left untaken.
    pub(crate) fn peek(&self, name: &str) -> Option<NodeId> {
        let index = self.entries.iter().rposition(|(n, _, _)| n == name)?;
        Some(self.entries[index].1)
    }

    /// The first of several names (a property and its deprecated alias).
    pub(crate) fn take_any(&mut self, names: &[&str]) -> Option<NodeId> {
        let mut found = None;
        for name in names {
            if let Some(node) = self.take(name) {
                found = found.or(Some(node));
            }
        }
        found
    }

    /// What no mapping took: `(name, key range)`.
    pub(crate) fn left(&self) -> Vec<(String, TextRange)> {
        self.entries
            .iter()
            .zip(&self.taken)
            .filter(|(_, taken)| !**taken)
            .map(|((name, _, range), _)| (name.clone(), *range))
            .collect()
    }
}
