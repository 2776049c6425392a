//! The export: each resource of the stack to its ORC object, references
//! by name, pre-existing resources imported once, Heat's defaults written
//! out, and every object checked against its CRD before it is printed.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use heatwise_core::stack::{Registry, Role, Stack, StackFile};
use heatwise_core::template::{self, DocumentKind, Template};
use heatwise_core::text::TextRange;

use crate::context::Context;
use crate::eval::{Evaluator, Given};
use crate::finding::{Code, File, Finding};
use crate::frames::{FrameState, Sources};
use crate::kinds;
use crate::manifest::{Kind, Object};
use crate::names::Names;
use crate::nested;
use crate::options::Options;
use crate::plan::{self, HeatGraph, Plan};
use crate::schema;
use crate::sections;

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

/// Exports a template, with environment files' parameters and registry.
/// Its nested templates are not among the texts given: each nested stack
/// is reported, not expanded ([`export_stack`] expands them).
pub fn export(text: &str, environments: &[&str], options: &Options) -> Export {
    let mut stack = Stack::default();
    let file = |url: String, role: Role, text: &str| StackFile {
        url: url.into(),
        role,
        text: Arc::from(text),
    };
    stack
        .files
        .push(file("template".to_owned(), Role::Root, text));
    for (index, environment) in environments.iter().enumerate() {
        let url = format!("environment-{index}");
        stack.files.push(file(url, Role::Environment, environment));
    }
    export_stack(&stack, options)
}

/// Exports a stack gathered from its files (`heatwise_core::stack`): the
/// root template with its environments, in order, and the nested stacks
/// its resources make, expanded. Findings in the root are
/// [`File::Template`], in the n-th environment [`File::Environment`], in a
/// nested template [`File::Nested`] with its index in `stack.files`.
pub fn export_stack(stack: &Stack, options: &Options) -> Export {
    let templates: Vec<Option<Template<'_>>> = (stack.files.iter())
        .map(|f| matches!(f.role, Role::Root | Role::Nested).then(|| template::parse(&f.text)))
        .collect();
    let mut findings = Vec::new();
    let mut given = Given {
        texts: options.parameters().to_vec(),
        ..Given::default()
    };
    let mut registry = Registry::default();
    for (index, id) in stack.environments().enumerate() {
        let environment = template::parse(&stack.files[id].text);
        read_environment(&environment, File::Environment(index), &mut findings);
        given.add_environment(&environment);
        registry.load(&environment);
    }
    let Some(root) = stack.files.iter().position(|f| f.role == Role::Root) else {
        findings.push(Finding {
            code: Code::UnreadableTemplate,
            file: File::Template,
            range: TextRange::empty(0),
            message: "the stack has no template to export".to_owned(),
        });
        return Export {
            objects: Vec::new(),
            findings,
            plan: Plan::default(),
            heat_graph: HeatGraph::default(),
            namespace: options.namespace().to_owned(),
        };
    };
    // A nested stack has names and IDs of its own.
    let pseudo = (options.parameters().iter())
        .filter(|(name, _)| name.starts_with("OS::") || name.starts_with("AWS::"))
        .filter(|(name, _)| {
            !matches!(
                name.as_str(),
                "OS::stack_name" | "OS::stack_id" | "AWS::StackName" | "AWS::StackId"
            )
        })
        .cloned()
        .collect();
    let sources = Sources {
        stack,
        templates: &templates,
        defaults: given.defaults.clone(),
        pseudo,
    };
    let mut frame = FrameState::new(File::Template, Some(root), registry);
    frame.running = (options.stack_resources())
        .and_then(|rows| rows.stack_name())
        .map(str::to_owned);
    let Some(template) = templates[root].as_ref() else {
        unreachable!("the root is parsed above");
    };
    let mut cx = Context::new(template, &given, options, findings, &sources, frame);
    cx.run();
    cx.finish()
}

/// Reports what makes an environment unreadable, or not an environment.
fn read_environment(environment: &Template<'_>, file: File, findings: &mut Vec<Finding>) {
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
}

/// The export's driver: names first, then each resource through its
/// kind, the work left for the end, and the checks before printing.
impl<'a, 't> Context<'a, 't> {
    fn new(
        template: &'a Template<'t>,
        given: &Given,
        options: &'a Options,
        mut findings: Vec<Finding>,
        sources: &'a Sources<'a, 't>,
        frame: FrameState<'a, 't>,
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
            frame,
            sources,
            options,
            names: Names::default(),
            targets: HashMap::new(),
            object_files: HashMap::new(),
            nested_stacks: 0,
            objects: Vec::new(),
            imports: BTreeMap::new(),
            import_objects: Vec::new(),
            findings,
            later: Vec::new(),
            depends_on: Vec::new(),
        }
    }

    fn run(&mut self) {
        if !self.is_exportable() {
            return;
        }
        nested::prepare(self);
        nested::export_resources(self);
        kinds::finish(self);
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

    /// Outputs have no ORC equivalent: each is reported, with where its
    /// value can be read instead.
    fn report_outputs(&mut self) {
        let template = self.template;
        let tree = self.tree();
        for output in template.outputs() {
            let call = output.value.and_then(|entry| template.call_at(entry.value));
            let hint = match call {
                Some(call) if matches!(call.name, "get_attr" | "Fn::GetAtt") => {
                    let args = if tree.is_sequence(call.args) {
                        tree.items(call.args)
                    } else {
                        &[]
                    };
                    let attribute = args.get(1).and_then(|&n| tree.scalar(n));
                    args.first()
                        .and_then(|&n| tree.scalar(n))
                        .and_then(|resource| self.object_of(resource))
                        .map(|(kind, name)| {
                            // The field that holds the attribute, where ORC has one.
                            let field =
                                attribute.and_then(|a| crate::context::status_field(kind, a));
                            let field = field.unwrap_or("status.resource");
                            format!("; read the {} {name}'s {field}", kind.as_str())
                        })
                }
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

    fn finish(mut self) -> Export {
        let heat_graph = plan::heat_graph(self.template, &self.eval);
        let mut objects = std::mem::take(&mut self.import_objects);
        objects.append(&mut self.objects);
        let valid = self.valid_objects(objects);
        let valid = self.leave_out_dangling(valid);
        let plan = plan::plan(&valid);
        sections::report_lost_order(&mut self, &valid);
        self.report_cycles(&plan, &heat_graph, &valid);
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
            self.in_file_of(&object.name);
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
        self.frame.file = File::Template;
        valid
    }

    /// Reports from now on in the file the object `name` was written from.
    fn in_file_of(&mut self, name: &str) {
        self.frame.file = (self.object_files.get(name)).map_or(File::Template, |file| *file);
    }

    /// Cycles among the objects (ORC builds none of them) and among the
    /// template's resources (Heat refuses the template).
    fn report_cycles(&mut self, plan: &Plan, heat_graph: &HeatGraph, valid: &[Object]) {
        for cycle in &plan.cycles {
            let first = cycle
                .first()
                .and_then(|name| valid.iter().find(|o| &o.name == name));
            let range = first.map_or(TextRange::empty(0), |o| o.origin);
            if let Some(first) = first {
                self.in_file_of(&first.name);
            }
            self.report(
            Code::DependencyCycle,
            range,
            format!("these objects refer to each other in a cycle, so ORC can build none of them: {}", cycle.join(" → ")),
        );
            self.frame.file = File::Template;
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

    /// An object that refers to a left-out object would wait for ever in
    /// ORC: it is left out too (and so, in turn, what refers to it), so
    /// that the output never names an object it lacks.
    fn leave_out_dangling(&mut self, mut valid: Vec<Object>) -> Vec<Object> {
        loop {
            let present: std::collections::HashSet<(Kind, &str)> =
                valid.iter().map(|o| (o.kind, o.name.as_str())).collect();
            // A Secret named by a reference and not written is the user's
            // (a user's password); the user data Secrets are written.
            let missing = |object: &Object| {
                (object.references().into_iter())
                    .find(|&(kind, name)| kind != Kind::Secret && !present.contains(&(kind, name)))
                    .map(|(kind, name)| (kind, name.to_owned()))
            };
            let dangling: Vec<(usize, Kind, String)> = (valid.iter().enumerate())
                .filter_map(|(at, object)| missing(object).map(|(kind, name)| (at, kind, name)))
                .collect();
            if dangling.is_empty() {
                break;
            }
            for (at, kind, missing) in dangling.iter().rev() {
                let object = valid.remove(*at);
                self.in_file_of(&object.name);
                self.report(
                    Code::MissingObject,
                    object.origin,
                    format!(
                        "the {} {} is left out: it refers to the {} {missing}, which is left out, and ORC would wait for it for ever",
                        object.kind.as_str(),
                        object.name,
                        kind.as_str(),
                    ),
                );
            }
        }
        self.frame.file = File::Template;
        valid
    }
}
