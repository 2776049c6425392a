//! What the kinds and sections write through, below them: the export's
//! state (objects, names, imports, where each resource went, work left for
//! the end), its findings, and the conversions of values to ORC fields and
//! references. It imports no kind; `export` drives it.

use std::collections::{BTreeMap, HashMap};

use heatwise_core::syntax::Tree;
use heatwise_core::template::{Resource, Template};
use heatwise_core::text::TextRange;

use crate::eval::{Evaluator, Val, V};
use crate::finding::{Code, File, Finding};
use crate::frames::{Frame, FrameState, Sources};
use crate::manifest::{Kind, Node, Object};
use crate::names::Names;
use crate::options::Options;
use crate::schema;

mod properties;
mod status;
pub(crate) use properties::Properties;
pub(crate) use status::status_field;

/// Most findings one export reports; the rest are counted in the last.
pub const MAX_FINDINGS: usize = 1000;

/// Where each resource went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// The resource became this object.
    Object(Kind, String),
    /// It is folded into another object (a rule into its group, ...).
    Folded,
    /// It is a nested stack, whose resources are exported in its stead.
    Stack,
    /// It has no ORC object.
    None,
}

/// Work done once every resource's object is written.
#[derive(Debug)]
pub(crate) enum Later {
    /// A port without `fixed_ips`: an address on its network's subnet.
    /// A port's addresses without a subnet (`None`: any address): on its
    /// network's subnet.
    DefaultAddress {
        port: String,
        origin: TextRange,
        ips: Vec<Option<Node>>,
    },
    /// A security group rule to add to its group.
    Rule { group: String, rule: Node },
    /// A floating IP's association (port, fixed address).
    Association {
        floating_ip: String,
        port: Option<Node>,
        fixed_ip: Option<Node>,
        origin: TextRange,
    },
    /// A floating IP associated with a server (Nova's association): Heat
    /// associates it with the server's first interface, the first port
    /// of the server's object.
    ServerAssociation {
        floating_ip: String,
        server: String,
        origin: TextRange,
    },
    /// A volume to attach to a server.
    Attachment {
        server: String,
        volume: Node,
        device: Option<Node>,
        origin: TextRange,
    },
    /// Security groups to check once all are written (egress defaults).
    GroupEgress { group: String, has_egress: bool },
}

/// `depends_on` of one resource on another, as written: both by their
/// absolute path (`/app/port`, see `frames`).
pub(crate) struct DependsOn {
    pub resource: String,
    pub on: String,
    pub at: TextRange,
    pub file: File,
}

pub(crate) struct Context<'a, 't> {
    /// The template being exported (the stack's own or a nested stack's)
    /// and its evaluator; the rest of its frame is `frame`.
    pub(crate) template: &'a Template<'t>,
    pub(crate) eval: Evaluator<'a, 't>,
    pub(crate) frame: FrameState<'a, 't>,
    pub(crate) sources: &'a Sources<'a, 't>,
    pub(crate) options: &'a Options,
    pub(crate) names: Names,
    /// The name each resource's object gets, by the resource's path
    /// (`port`, `app/port`), decided before any object is written so that
    /// references can point forward and across templates.
    pub(crate) targets: HashMap<String, Target>,
    /// The file each object was written from, for what is reported of it
    /// once all are written.
    pub(crate) object_files: HashMap<String, File>,
    /// How many nested stacks were expanded.
    pub(crate) nested_stacks: usize,
    pub(crate) objects: Vec<Object>,
    /// Imports of pre-existing resources: (kind, identity) → name.
    pub(crate) imports: BTreeMap<(Kind, String), String>,
    pub(crate) import_objects: Vec<Object>,
    pub(crate) findings: Vec<Finding>,
    /// Work that needs every object written first, with the file it was
    /// asked from.
    pub(crate) later: Vec<(File, Later)>,
    /// Every `depends_on` of an exported resource, checked against ORC's
    /// order once all objects are written.
    pub(crate) depends_on: Vec<DependsOn>,
}

/// Options shared by every object of one kind's import filter.
pub(crate) struct Import<'x> {
    pub kind: Kind,
    /// The name or ID the template gives.
    pub value: &'x Val,
    /// Filter fields beside `name` (`external: true`).
    pub extra: Vec<(&'static str, Node)>,
}

impl<'a, 't> Context<'a, 't> {
    /// The type Heat creates a resource of: what the template writes,
    /// unless the environments map it (`None` where nothing provides it).
    pub(crate) fn type_of<'r>(&'r self, resource: &'r Resource) -> Option<&'r str> {
        match self.frame.mapped_types.get(&resource.name) {
            Some(mapped) => mapped.as_deref(),
            None => resource.definition.type_name.as_deref(),
        }
    }

    pub(crate) fn tree(&self) -> &'a Tree<'t> {
        self.template.tree()
    }

    /// A resource's path across the stack's templates: `name` of the
    /// template being exported, or an absolute `/app/port` as it is.
    pub(crate) fn key(&self, resource: &str) -> String {
        match resource.strip_prefix('/') {
            Some(path) => path.to_owned(),
            None => format!("{}{resource}", self.frame.scope),
        }
    }

    /// Exports `frame`'s template from now on; returns the frame left.
    pub(crate) fn enter(&mut self, frame: Frame<'a, 't>) -> Frame<'a, 't> {
        Frame {
            template: std::mem::replace(&mut self.template, frame.template),
            eval: std::mem::replace(&mut self.eval, frame.eval),
            state: std::mem::replace(&mut self.frame, frame.state),
        }
    }

    /// Work for when every object is written.
    pub(crate) fn defer(&mut self, later: Later) {
        self.later.push((self.frame.file, later));
    }

    pub(crate) fn report(&mut self, code: Code, range: TextRange, message: impl Into<String>) {
        if self.findings.len() < MAX_FINDINGS {
            let mut message = message.into();
            if code == Code::NotStatic {
                message.extend(self.status_hint(range));
            }
            self.findings.push(Finding {
                code,
                file: self.frame.file,
                range,
                message,
            });
        }
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
            Node::str(&self.options.credentials().secret_name, None),
        );
        credentials.set(
            "cloudName",
            Node::str(&self.options.credentials().cloud_name, None),
        );
        credentials
    }

    /// A name for an object the export adds (a server's port, its user
    /// data), unique among all.
    pub(crate) fn new_name(&mut self, text: &str) -> String {
        self.names.unique(text, "object")
    }

    pub(crate) fn push(&mut self, object: Object) {
        self.object_files
            .insert(object.name.clone(), self.frame.file);
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
        match self.targets.get(&self.key(resource))? {
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
        self.object_files.insert(name.clone(), self.frame.file);
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
            V::Resource(written) => match self.targets.get(&self.key(written)).cloned() {
                Some(Target::Object(found, name)) if found == kind => {
                    Some(Node::str(name, Some(value.at)))
                }
                Some(Target::Object(found, _)) => {
                    let resource = shown(written);
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
                Some(Target::Stack) => {
                    let resource = shown(written);
                    self.report(
                        Code::MissingObject,
                        value.at,
                        format!("{what} refers to {resource}, a nested stack, which has no ORC object of its own; refer to one of its resources through an output of its template (get_attr), or give the template an OS::stack_id output"),
                    );
                    None
                }
                Some(_) => {
                    let resource = shown(written);
                    self.report(
                        Code::MissingObject,
                        value.at,
                        format!("{what} refers to {resource}, which has no ORC object of its own"),
                    );
                    None
                }
                None => {
                    let resource = shown(written);
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
                format!(
                    "{what} needs {expected}, not the resource {}",
                    shown(resource)
                ),
            ),
            _ => self.report(
                Code::NoOrcField,
                value.at,
                format!("{what} needs {expected}; this value is not exported"),
            ),
        }
    }
}

/// A resource's name or absolute path, as the user reads it.
pub(crate) fn shown(resource: &str) -> &str {
    resource.trim_start_matches('/')
}
