//! The manifests being written: an ordered tree of values, each remembering
//! where in the template it came from, so that a value ORC's schema refuses
//! is reported at its place.

use heatwise_core::text::TextRange;

/// ORC's API group and version (v2.6.0).
pub const API_VERSION: &str = "openstack.k-orc.cloud/v1alpha1";

/// A value of a manifest.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    List(Vec<Node>),
    /// Keys in the order they are written.
    Map(Vec<(String, Node)>),
}

/// A value and the template text it came from (`None` for what the
/// cx adds on its own, such as `apiVersion`).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub value: Value,
    pub origin: Option<TextRange>,
}

impl Node {
    pub fn new(value: Value, origin: Option<TextRange>) -> Self {
        Self { value, origin }
    }

    pub fn str(value: impl Into<String>, origin: Option<TextRange>) -> Self {
        Self::new(Value::Str(value.into()), origin)
    }

    pub fn int(value: i64, origin: Option<TextRange>) -> Self {
        Self::new(Value::Int(value), origin)
    }

    pub fn bool(value: bool, origin: Option<TextRange>) -> Self {
        Self::new(Value::Bool(value), origin)
    }

    pub fn list(items: Vec<Node>, origin: Option<TextRange>) -> Self {
        Self::new(Value::List(items), origin)
    }

    pub fn map(origin: Option<TextRange>) -> Self {
        Self::new(Value::Map(Vec::new()), origin)
    }

    /// Sets `key` (replacing an existing value) on a map; other values are
    /// left alone.
    pub fn set(&mut self, key: &str, value: Node) {
        if let Value::Map(entries) = &mut self.value {
            match entries.iter_mut().find(|(k, _)| k == key) {
                Some(entry) => entry.1 = value,
                None => entries.push((key.to_owned(), value)),
            }
        }
    }

    /// The map under `key`, made when missing.
    pub fn child_map(&mut self, key: &str, origin: Option<TextRange>) -> &mut Node {
        if self.get(key).is_none() {
            self.set(key, Node::map(origin));
        }
        self.get_mut(key).expect("just set")
    }

    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Node> {
        match &mut self.value {
            Value::Map(entries) => entries.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Node> {
        match &mut self.value {
            Value::Map(entries) => {
                let index = entries.iter().position(|(k, _)| k == key)?;
                Some(entries.remove(index).1)
            }
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match &self.value {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Node]> {
        match &self.value {
            Value::List(items) => Some(items),
            _ => None,
        }
    }

    pub fn is_empty_map(&self) -> bool {
        matches!(&self.value, Value::Map(entries) if entries.is_empty())
    }

    /// The value as plain JSON.
    pub fn to_json(&self) -> serde_json::Value {
        match &self.value {
            Value::Str(s) => serde_json::Value::String(s.clone()),
            Value::Int(i) => serde_json::Value::from(*i),
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::List(items) => items.iter().map(Node::to_json).collect(),
            Value::Map(entries) => serde_json::Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }
}

/// The kinds the cx writes: ORC's, and Kubernetes' `Secret` for user
/// data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Network,
    Subnet,
    Router,
    RouterInterface,
    Port,
    SecurityGroup,
    FloatingIP,
    Server,
    ServerGroup,
    Volume,
    VolumeType,
    KeyPair,
    Flavor,
    Image,
    Trunk,
    Project,
    Domain,
    Role,
    Group,
    User,
    Service,
    Endpoint,
    Secret,
}

impl Kind {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Network => "Network",
            Self::Subnet => "Subnet",
            Self::Router => "Router",
            Self::RouterInterface => "RouterInterface",
            Self::Port => "Port",
            Self::SecurityGroup => "SecurityGroup",
            Self::FloatingIP => "FloatingIP",
            Self::Server => "Server",
            Self::ServerGroup => "ServerGroup",
            Self::Volume => "Volume",
            Self::VolumeType => "VolumeType",
            Self::KeyPair => "KeyPair",
            Self::Flavor => "Flavor",
            Self::Image => "Image",
            Self::Trunk => "Trunk",
            Self::Project => "Project",
            Self::Domain => "Domain",
            Self::Role => "Role",
            Self::Group => "Group",
            Self::User => "User",
            Self::Service => "Service",
            Self::Endpoint => "Endpoint",
            Self::Secret => "Secret",
        }
    }

    pub const fn api_version(self) -> &'static str {
        match self {
            Self::Secret => "v1",
            _ => API_VERSION,
        }
    }

    /// Whether objects of the kind carry ORC's common envelope
    /// (credentials, management policy, import, resource).
    pub const fn has_envelope(self) -> bool {
        !matches!(self, Self::RouterInterface | Self::Secret)
    }
}

/// One manifest.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    pub kind: Kind,
    /// `metadata.name`.
    pub name: String,
    /// The resource it was made from (`None` for imports of pre-existing
    /// resources, which many resources may share).
    pub resource: Option<String>,
    /// Where in the template it comes from.
    pub origin: TextRange,
    /// `spec` (or, for a `Secret`, its `stringData`).
    pub spec: Node,
}

impl Object {
    /// Whether ORC manages it (creates and deletes it) rather than imports it.
    pub fn is_managed(&self) -> bool {
        self.spec
            .get("managementPolicy")
            .and_then(Node::as_str)
            .is_none_or(|policy| policy == "managed")
    }

    /// The whole manifest, `apiVersion` first.
    pub fn manifest(&self, namespace: &str) -> Node {
        let mut root = Node::map(None);
        root.set("apiVersion", Node::str(self.kind.api_version(), None));
        root.set("kind", Node::str(self.kind.as_str(), None));
        let mut metadata = Node::map(None);
        metadata.set("name", Node::str(&self.name, None));
        metadata.set("namespace", Node::str(namespace, None));
        root.set("metadata", metadata);
        if self.kind == Kind::Secret {
            root.set("type", Node::str("Opaque", None));
            root.set("stringData", self.spec.clone());
        } else {
            root.set("spec", self.spec.clone());
        }
        root
    }

    /// The names of the objects this one refers to in its spec (`...Ref`
    /// fields and `...Refs` lists), each once, in the order written.
    pub fn references(&self) -> Vec<(Kind, &str)> {
        let mut found = Vec::new();
        let mut stack = vec![(None, &self.spec)];
        while let Some((key, node)) = stack.pop() {
            match &node.value {
                Value::Map(entries) => {
                    for (k, v) in entries.iter().rev() {
                        stack.push((Some(k.as_str()), v));
                    }
                }
                Value::List(items) => {
                    for item in items.iter().rev() {
                        stack.push((key.filter(|k| k.ends_with("Refs")), item));
                    }
                }
                Value::Str(name) => {
                    if let Some(kind) = key.and_then(|k| referred_kind(self.kind, k)) {
                        if !found.contains(&(kind, name.as_str())) {
                            found.push((kind, name.as_str()));
                        }
                    }
                }
                _ => {}
            }
        }
        found
    }
}

/// The kind a reference field of `kind` names, by ORC's naming of the
/// field (`networkRef`, `floatingNetworkRef`, `securityGroupRefs`, ...).
/// `cloudCredentialsRef` is not an object reference: its fields are
/// `secretName` and `cloudName`.
pub fn referred_kind(kind: Kind, field: &str) -> Option<Kind> {
    let stem = field
        .strip_suffix("Refs")
        .or_else(|| field.strip_suffix("Ref"))?;
    Some(match stem {
        "network" | "floatingNetwork" => Kind::Network,
        "subnet" | "floatingSubnet" => Kind::Subnet,
        "router" => Kind::Router,
        "port" => Kind::Port,
        "securityGroup" => Kind::SecurityGroup,
        "image" => Kind::Image,
        "flavor" => Kind::Flavor,
        "keypair" => Kind::KeyPair,
        "volume" => Kind::Volume,
        "volumeType" => Kind::VolumeType,
        "serverGroup" => Kind::ServerGroup,
        "server" | "differentHostServer" | "sameHostServer" => Kind::Server,
        "project" | "defaultProject" => Kind::Project,
        "domain" => Kind::Domain,
        "service" => Kind::Service,
        "secret" | "password" => Kind::Secret,
        _ => {
            debug_assert!(false, "unknown reference field {field} of {kind:?}");
            return None;
        }
    })
}
