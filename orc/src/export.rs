//! The export: each resource of the stack to its ORC object, references
//! by name, pre-existing resources imported once, Heat's defaults written
//! out, and every object checked against its CRD before it is printed.

use std::collections::{BTreeMap, HashMap};

use heatwise_core::stack::{Registry, Resolution};
use heatwise_core::template::{self, DocumentKind, Resource, Template};
use heatwise_core::text::TextRange;

use crate::context::{Context, Target};
use crate::eval::{Evaluator, Given};
use crate::finding::{Code, File, Finding};
use crate::groups;
use crate::kinds::{self, table};
use crate::manifest::{Kind, Object};
use crate::names::Names;
use crate::options::Options;
use crate::plan::{self, HeatGraph, Plan};
use crate::schema;
use crate::sections::{self, Lifecycle};

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
        texts: options.parameters().to_vec(),
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
    let mut cx = Context::new(&template, &given, options, findings);
    cx.resolve_types(&mut registry);
    cx.run();
    cx.finish()
}

/// The export's driver: names first, then each resource through its
/// kind, the work left for the end, and the checks before printing.
impl<'a, 't> Context<'a, 't> {
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
            carried: Vec::new(),
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

    fn run(&mut self) {
        if !self.is_exportable() {
            return;
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
        // Reported once every object is written: another may carry what
        // one of them holds.
        let mut unmapped = Vec::new();
        for resource in &resources {
            let Some(type_name) = self.type_of(resource).map(str::to_owned) else {
                continue;
            };
            if type_name == "OS::Heat::ResourceGroup" && groups::export_group(self, resource) {
                continue;
            }
            let Some(mapping) = table::mapping(&type_name) else {
                unmapped.push((resource, type_name));
                continue;
            };
            if let Some(rows) = self.options.stack_resources() {
                sections::hand_over(self, resource, rows);
                continue;
            }
            match sections::read(self, resource) {
                Lifecycle::External(id, at)
                    if sections::import_external(self, resource, &id, at) => {}
                Lifecycle::LeftOut => {}
                Lifecycle::Retained(at) => {
                    let first = self.objects.len();
                    kinds::export_resource(self, resource, mapping);
                    sections::retain(&mut self.objects[first..], at);
                }
                _ => kinds::export_resource(self, resource, mapping),
            }
        }
        kinds::finish(self);
        for (resource, type_name) in unmapped {
            if !self.carried.contains(&resource.name) {
                self.report_unmapped(resource, &type_name);
            }
        }
        self.report_outputs();
    }

    /// Whether the text is a template that reads; otherwise reports why not.
    fn is_exportable(&mut self) -> bool {
        let template = self.template;
        let unreadable: Vec<_> = template
            .problems()
            .iter()
            .filter(|p| p.kind == template::ProblemKind::Syntax)
            .map(|p| (p.range, p.message.clone()))
            .collect();
        for (range, message) in &unreadable {
            self.report(
                Code::UnreadableTemplate,
                *range,
                format!("the template cannot be read: {message}"),
            );
        }
        if !unreadable.is_empty() {
            return false;
        }
        let why = match template.kind() {
            DocumentKind::Hot | DocumentKind::CloudFormation => return true,
            DocumentKind::Environment => "this is an environment file: export the template it goes with, and give this file with -e",
            DocumentKind::Unknown => "this is not a Heat template: it has no heat_template_version (or AWSTemplateFormatVersion)",
        };
        self.report(Code::UnreadableTemplate, TextRange::empty(0), why);
        false
    }

    /// A resource whose type has no ORC kind.
    fn report_unmapped(&mut self, resource: &Resource, type_name: &str) {
        let range = resource
            .definition
            .type_range(self.tree())
            .unwrap_or_else(|| resource.name_range(self.tree()));
        let mut why = table::unmapped_reason(type_name);
        let nested =
            (self.options.stack_resources()).map_or(0, |rows| rows.nested_under(&resource.name));
        match nested {
            0 => {}
            1 => why.push_str("; the resource of its nested stack is not handed over either"),
            n => why.push_str(&format!(
                "; the {n} resources of its nested stack are not handed over either"
            )),
        }
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

    fn finish(mut self) -> Export {
        let heat_graph = plan::heat_graph(self.template, &self.eval);
        let mut objects = std::mem::take(&mut self.import_objects);
        objects.append(&mut self.objects);
        let valid = self.valid_objects(objects);
        let plan = plan::plan(&valid);
        sections::report_lost_order(&mut self, &valid);
        self.report_cycles(&plan, &heat_graph, &valid);
        self.report_dangling(&valid);
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
            namespace: self.options.namespace().to_owned(),
        }
    }

    /// The objects ORC accepts, each checked against its CRD; what it
    /// refuses is left out and reported.
    fn valid_objects(&mut self, objects: Vec<Object>) -> Vec<Object> {
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
        valid
    }

    /// Cycles among the objects (ORC builds none of them) and among the
    /// template's resources (Heat refuses the template).
    fn report_cycles(&mut self, plan: &Plan, heat_graph: &HeatGraph, valid: &[Object]) {
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
    }

    /// Objects that refer to a left-out object wait for ever in ORC.
    fn report_dangling(&mut self, valid: &[Object]) {
        let present: std::collections::HashSet<&str> =
            valid.iter().map(|o| o.name.as_str()).collect();
        let mut dangling = Vec::new();
        for object in valid {
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
    }
}
