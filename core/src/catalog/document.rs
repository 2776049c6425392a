//! The catalog as an owned tree, read from and written to JSON.
//!
//! Two JSON shapes are read: the heatwise catalog format
//! (docs/catalog-format.md) and the one-type JSON printed by
//! `openstack orchestration resource type show -f json TYPE`. Both become a
//! [`Document`], which [`super::Catalog`] flattens for querying.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::error::CatalogError;
use super::limits;
use super::{AliasKind, PropertyType, RuleKind, StatusKind};

/// A whole catalog as an owned tree: what a catalog file says, checked for
/// shape but not for meaning (see [`super::validate()`] for that).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    /// The Heat release the catalog describes, as written.
    pub heat_version: Option<String>,
    pub generator: Option<String>,
    /// The releases whose registries contributed `available` ranges.
    pub history: Vec<String>,
    /// Version → release name.
    pub releases: BTreeMap<String, String>,
    pub aliases: Vec<AliasDoc>,
    /// Type name → type.
    pub types: BTreeMap<String, TypeDoc>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasDoc {
    pub name: String,
    pub target: String,
    pub kind: AliasKind,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypeDoc {
    pub status: StatusDoc,
    pub description: Option<String>,
    pub placeholder: bool,
    pub placeholder_since: Option<String>,
    /// Inclusive `[first, last]` version pairs; `None` when unknown.
    pub available: Option<Vec<(String, String)>>,
    pub properties: BTreeMap<String, PropertyDoc>,
    pub attributes: BTreeMap<String, AttributeDoc>,
    /// Whether `get_attr` accepts names that are not in `attributes`.
    pub dynamic_attributes: bool,
    pub translation_rules: Vec<RuleDoc>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PropertyDoc {
    pub value_type: PropertyType,
    pub required: bool,
    pub update_allowed: bool,
    pub immutable: bool,
    /// `None` for JSON null.
    pub default: Option<Value>,
    pub description: Option<String>,
    /// Each an object with `kind` and that constraint's fields.
    pub constraints: Vec<Value>,
    pub status: StatusDoc,
    pub available: Option<Vec<(String, String)>>,
    /// Map keys, or `*` for a list's items; `None` when the schema is null.
    pub schema: Option<BTreeMap<String, PropertyDoc>>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttributeDoc {
    pub value_type: Option<String>,
    pub description: Option<String>,
    pub status: StatusDoc,
    pub available: Option<Vec<(String, String)>>,
}

/// One status of a chain, with the statuses before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusDoc {
    pub kind: StatusKind,
    /// As written (may carry Heat's trailing space).
    pub version: Option<String>,
    pub message: Option<String>,
    pub substitute_class: Option<SubstituteDoc>,
    pub mentions: Vec<String>,
    pub previous: Option<Box<StatusDoc>>,
}

impl Default for StatusDoc {
    fn default() -> Self {
        StatusDoc {
            kind: StatusKind::Supported,
            version: None,
            message: None,
            substitute_class: None,
            mentions: Vec::new(),
            previous: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubstituteDoc {
    /// The Python class, e.g. `heat.engine.resources…SoftwareDeploymentGroup`.
    pub class: String,
    /// The type names registered for that class.
    pub types: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RuleDoc {
    pub kind: RuleKind,
    pub path: Vec<String>,
    pub value: Option<Value>,
    pub value_name: Option<String>,
    pub value_path: Option<Vec<String>>,
    pub custom_value_path: Option<Vec<String>>,
    pub client_plugin: Option<String>,
    pub finder: Option<String>,
    pub entity: Option<RuleEntity>,
    pub conditional: bool,
}

/// What a `Resolve` rule looks up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RuleEntity {
    /// A fixed entity, e.g. `network`.
    Named(String),
    /// `{"$prop": NAME}`: the value of property NAME names the entity.
    Property(String),
}

/// Where in a JSON document a value sits, as a chain of keys; printed as
/// `resource_types["OS::Neutron::Port"].properties.network_id`.
#[derive(Clone, Copy)]
pub(crate) struct At<'a> {
    parent: Option<&'a At<'a>>,
    key: Key<'a>,
}

#[derive(Clone, Copy)]
enum Key<'a> {
    Root,
    Name(&'a str),
    Index(usize),
}

impl<'a> At<'a> {
    pub(crate) const ROOT: At<'static> = At {
        parent: None,
        key: Key::Root,
    };

    fn key(&'a self, name: &'a str) -> At<'a> {
        At {
            parent: Some(self),
            key: Key::Name(name),
        }
    }

    fn index(&'a self, index: usize) -> At<'a> {
        At {
            parent: Some(self),
            key: Key::Index(index),
        }
    }

    fn depth(&self) -> usize {
        self.parent.map_or(0, |parent| parent.depth() + 1)
    }
}

impl At<'_> {
    pub(crate) fn describe(&self) -> String {
        if self.parent.is_none() {
            return "(top level)".to_owned();
        }
        let mut text = String::new();
        self.write_keys(&mut text);
        text
    }

    fn write_keys(&self, out: &mut String) {
        if let Some(parent) = self.parent {
            parent.write_keys(out);
        }
        match self.key {
            Key::Root => {}
            Key::Name(name) => {
                let plain = !name.is_empty()
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
                if !plain {
                    out.push_str(&format!("[{name:?}]"));
                } else {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(name);
                }
            }
            Key::Index(index) => out.push_str(&format!("[{index}]")),
        }
    }
}

fn invalid(at: &At<'_>, message: impl Into<String>) -> CatalogError {
    CatalogError::Invalid {
        path: at.describe(),
        message: message.into(),
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn object<'v>(value: &'v Value, at: &At<'_>) -> Result<&'v Map<String, Value>, CatalogError> {
    match value {
        Value::Object(map) => Ok(map),
        other => Err(invalid(
            at,
            format!("expected an object, found {}", kind_of(other)),
        )),
    }
}

fn array<'v>(value: &'v Value, at: &At<'_>) -> Result<&'v Vec<Value>, CatalogError> {
    match value {
        Value::Array(items) if items.len() > limits::MAX_LIST_LEN => Err(invalid(
            at,
            format!(
                "a list of {} items is longer than the {} allowed",
                items.len(),
                limits::MAX_LIST_LEN
            ),
        )),
        Value::Array(items) => Ok(items),
        other => Err(invalid(
            at,
            format!("expected a list, found {}", kind_of(other)),
        )),
    }
}

fn string(value: &Value, at: &At<'_>) -> Result<String, CatalogError> {
    match value {
        Value::String(text) if text.len() > limits::MAX_STRING_BYTES => Err(invalid(
            at,
            format!(
                "a text of {} bytes is longer than the {} allowed",
                text.len(),
                limits::MAX_STRING_BYTES
            ),
        )),
        Value::String(text) => Ok(text.clone()),
        other => Err(invalid(
            at,
            format!("expected a string, found {}", kind_of(other)),
        )),
    }
}

fn name_key(name: &str, at: &At<'_>) -> Result<String, CatalogError> {
    if name.is_empty() || name.len() > limits::MAX_NAME_BYTES {
        return Err(invalid(
            at,
            format!(
                "a name must have 1 to {} bytes, this one has {}",
                limits::MAX_NAME_BYTES,
                name.len()
            ),
        ));
    }
    Ok(name.to_owned())
}

fn opt_string(
    map: &Map<String, Value>,
    key: &str,
    at: &At<'_>,
) -> Result<Option<String>, CatalogError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => string(value, &at.key(key)).map(Some),
    }
}

fn req<'v>(map: &'v Map<String, Value>, key: &str, at: &At<'_>) -> Result<&'v Value, CatalogError> {
    map.get(key)
        .ok_or_else(|| invalid(at, format!("the key {key:?} is missing")))
}

fn boolean(map: &Map<String, Value>, key: &str, at: &At<'_>) -> Result<bool, CatalogError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(flag)) => Ok(*flag),
        Some(other) => Err(invalid(
            &at.key(key),
            format!("expected true or false, found {}", kind_of(other)),
        )),
    }
}

fn strings(value: &Value, at: &At<'_>) -> Result<Vec<String>, CatalogError> {
    array(value, at)?
        .iter()
        .enumerate()
        .map(|(index, item)| string(item, &at.index(index)))
        .collect()
}

fn opt_strings(
    map: &Map<String, Value>,
    key: &str,
    at: &At<'_>,
) -> Result<Option<Vec<String>>, CatalogError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => strings(value, &at.key(key)).map(Some),
    }
}

fn check_depth(at: &At<'_>) -> Result<(), CatalogError> {
    if at.depth() > limits::MAX_JSON_DEPTH {
        return Err(invalid(
            at,
            format!(
                "nested deeper than the {} levels allowed",
                limits::MAX_JSON_DEPTH
            ),
        ));
    }
    Ok(())
}

/// Parses JSON text, with a size limit, into a value.
pub(crate) fn parse_json(text: &str) -> Result<Value, CatalogError> {
    if text.len() > limits::MAX_CATALOG_BYTES {
        return Err(CatalogError::TooLarge {
            bytes: text.len(),
            limit: limits::MAX_CATALOG_BYTES,
        });
    }
    serde_json::from_str(text).map_err(|error| {
        // serde_json appends " at line L column C", which Syntax carries apart.
        let full = error.to_string();
        let message = match full.rfind(" at line ") {
            Some(cut) => full[..cut].to_owned(),
            None => full,
        };
        CatalogError::Syntax {
            line: error.line(),
            column: error.column(),
            message,
        }
    })
}

impl Document {
    /// Reads the heatwise catalog format (docs/catalog-format.md).
    pub fn from_json(text: &str) -> Result<Document, CatalogError> {
        let value = parse_json(text)?;
        Self::from_value(&value)
    }

    /// Reads an already parsed catalog in the heatwise format.
    pub fn from_value(value: &Value) -> Result<Document, CatalogError> {
        let at = At::ROOT;
        let top = object(value, &at)?;
        match top.get("format") {
            Some(Value::String(format)) if format == "heatwise-catalog" => {}
            Some(other) => {
                return Err(invalid(
                    &at.key("format"),
                    format!("expected \"heatwise-catalog\", found {other}"),
                ))
            }
            None => {
                let hint = if top.contains_key("resource_type") {
                    " (this looks like `resource type show` output; use the resource type show reader)"
                } else {
                    ""
                };
                return Err(invalid(
                    &at,
                    format!("the key \"format\" is missing: not a heatwise catalog{hint}"),
                ));
            }
        }
        match top.get("format_version") {
            Some(Value::Number(number)) if number.as_u64() == Some(1) => {}
            Some(other) => {
                return Err(invalid(
                    &at.key("format_version"),
                    format!("this heatwise reads format version 1, the file has {other}"),
                ))
            }
            None => return Err(invalid(&at, "the key \"format_version\" is missing")),
        }
        let mut document = Document::default();
        if let Some(source) = top.get("source").filter(|v| !v.is_null()) {
            let at = at.key("source");
            let source = object(source, &at)?;
            document.heat_version = opt_string(source, "heat_version", &at)?;
            document.generator = opt_string(source, "generator", &at)?;
            document.history = opt_strings(source, "history", &at)?.unwrap_or_default();
        }
        if let Some(releases) = top.get("releases").filter(|v| !v.is_null()) {
            let at = at.key("releases");
            for (version, name) in object(releases, &at)? {
                document
                    .releases
                    .insert(version.clone(), string(name, &at.key(version))?);
            }
        }
        if let Some(aliases) = top.get("aliases").filter(|v| !v.is_null()) {
            let at = at.key("aliases");
            for (index, alias) in array(aliases, &at)?.iter().enumerate() {
                let at = at.index(index);
                let map = object(alias, &at)?;
                let kind = string(req(map, "kind", &at)?, &at.key("kind"))?;
                let kind = AliasKind::parse(&kind).ok_or_else(|| {
                    invalid(
                        &at.key("kind"),
                        format!("expected \"type\", \"glob\" or \"template\", found {kind:?}"),
                    )
                })?;
                document.aliases.push(AliasDoc {
                    name: name_key(
                        &string(req(map, "name", &at)?, &at.key("name"))?,
                        &at.key("name"),
                    )?,
                    target: string(req(map, "target", &at)?, &at.key("target"))?,
                    kind,
                });
            }
        }
        let types_at = at.key("resource_types");
        let types = object(req(top, "resource_types", &at)?, &types_at)?;
        if types.len() > limits::MAX_TYPES {
            return Err(invalid(
                &types_at,
                format!(
                    "{} types are more than the {} allowed",
                    types.len(),
                    limits::MAX_TYPES
                ),
            ));
        }
        for (name, value) in types {
            let at = types_at.key(name);
            document
                .types
                .insert(name_key(name, &at)?, read_type(value, &at)?);
        }
        Ok(document)
    }

    /// Reads the JSON of `openstack orchestration resource type show -f json
    /// TYPE`: one type, without property statuses or release history. Heat
    /// leaves HIDDEN properties out of that output, so they are missing here
    /// too.
    pub fn from_resource_type_show(text: &str) -> Result<Document, CatalogError> {
        Self::from_resource_type_show_value(&parse_json(text)?)
    }

    /// [`Document::from_resource_type_show`] of an already parsed value.
    pub fn from_resource_type_show_value(value: &Value) -> Result<Document, CatalogError> {
        let at = At::ROOT;
        let top = object(value, &at)?;
        let name = string(req(top, "resource_type", &at)?, &at.key("resource_type"))?;
        let name = name_key(&name, &at.key("resource_type"))?;
        let mut type_doc = TypeDoc {
            description: opt_string(top, "description", &at)?,
            ..TypeDoc::default()
        };
        if let Some(status) = top.get("support_status").filter(|v| !v.is_null()) {
            type_doc.status = read_status(status, &at.key("support_status"), "previous_status")?;
        }
        if let Some(properties) = top.get("properties").filter(|v| !v.is_null()) {
            let at = at.key("properties");
            for (key, value) in object(properties, &at)? {
                let at = at.key(key);
                type_doc
                    .properties
                    .insert(name_key(key, &at)?, read_show_property(value, &at)?);
            }
        }
        if let Some(attributes) = top.get("attributes").filter(|v| !v.is_null()) {
            let at = at.key("attributes");
            for (key, value) in object(attributes, &at)? {
                let at = at.key(key);
                let map = object(value, &at)?;
                type_doc.attributes.insert(
                    name_key(key, &at)?,
                    AttributeDoc {
                        value_type: opt_string(map, "type", &at)?,
                        description: opt_string(map, "description", &at)?,
                        status: match map.get("support_status").filter(|v| !v.is_null()) {
                            Some(status) => {
                                read_status(status, &at.key("support_status"), "previous_status")?
                            }
                            None => StatusDoc::default(),
                        },
                        available: None,
                    },
                );
            }
        }
        let mut document = Document::default();
        document.types.insert(name, type_doc);
        Ok(document)
    }

    /// Lays `top` over `self`: a type in both takes everything from `top`
    /// except release history, which `self` keeps where `top` has none
    /// (operator catalogs come from one installation and carry no history).
    /// Aliases of `top` replace same-named ones.
    pub fn layer(mut self, top: Document) -> Document {
        if top.heat_version.is_some() {
            self.heat_version = top.heat_version;
        }
        for (version, name) in top.releases {
            self.releases.entry(version).or_insert(name);
        }
        for alias in top.aliases {
            self.aliases.retain(|existing| existing.name != alias.name);
            self.aliases.push(alias);
        }
        for (name, mut upper) in top.types {
            if let Some(lower) = self.types.remove(&name) {
                if upper.available.is_none() {
                    upper.available = lower.available;
                }
                keep_property_history(&mut upper.properties, lower.properties);
                for (attribute_name, attribute) in &mut upper.attributes {
                    if attribute.available.is_none() {
                        attribute.available = lower
                            .attributes
                            .get(attribute_name)
                            .and_then(|old| old.available.clone());
                    }
                }
            }
            self.types.insert(name, upper);
        }
        self
    }

    /// Writes the heatwise catalog format.
    pub fn to_json_value(&self) -> Value {
        let mut top = Map::new();
        top.insert("format".into(), "heatwise-catalog".into());
        top.insert("format_version".into(), 1.into());
        top.insert(
            "source".into(),
            serde_json::json!({
                "heat_version": self.heat_version,
                "generator": self.generator,
                "history": self.history,
            }),
        );
        top.insert(
            "releases".into(),
            Value::Object(
                self.releases
                    .iter()
                    .map(|(version, name)| (version.clone(), name.clone().into()))
                    .collect(),
            ),
        );
        top.insert(
            "aliases".into(),
            self.aliases
                .iter()
                .map(|alias| {
                    serde_json::json!({"name": alias.name, "target": alias.target, "kind": alias.kind.as_str()})
                })
                .collect(),
        );
        top.insert(
            "resource_types".into(),
            Value::Object(
                self.types
                    .iter()
                    .map(|(name, type_doc)| (name.clone(), type_doc.to_json_value()))
                    .collect(),
            ),
        );
        Value::Object(top)
    }
}

fn keep_property_history(
    upper: &mut BTreeMap<String, PropertyDoc>,
    mut lower: BTreeMap<String, PropertyDoc>,
) {
    for (name, property) in upper.iter_mut() {
        let Some(old) = lower.remove(name) else {
            continue;
        };
        if property.available.is_none() {
            property.available = old.available;
        }
        if let (Some(children), Some(old_children)) = (&mut property.schema, old.schema) {
            keep_property_history(children, old_children);
        }
    }
}

fn ranges_json(available: &Option<Vec<(String, String)>>) -> Value {
    match available {
        None => Value::Null,
        Some(ranges) => ranges
            .iter()
            .map(|(first, last)| Value::Array(vec![first.clone().into(), last.clone().into()]))
            .collect(),
    }
}

impl TypeDoc {
    pub fn to_json_value(&self) -> Value {
        serde_json::json!({
            "status": self.status.to_json_value(),
            "description": self.description,
            "placeholder": self.placeholder,
            "placeholder_since": self.placeholder_since,
            "available": ranges_json(&self.available),
            "properties": properties_json(&self.properties),
            "attributes": Value::Object(self.attributes.iter().map(|(name, attribute)| (name.clone(), attribute.to_json_value())).collect()),
            "dynamic_attributes": self.dynamic_attributes,
            "translation_rules": self.translation_rules.iter().map(RuleDoc::to_json_value).collect::<Vec<_>>(),
        })
    }
}

fn properties_json(properties: &BTreeMap<String, PropertyDoc>) -> Value {
    Value::Object(
        properties
            .iter()
            .map(|(name, property)| (name.clone(), property.to_json_value()))
            .collect(),
    )
}

impl PropertyDoc {
    pub fn to_json_value(&self) -> Value {
        serde_json::json!({
            "type": self.value_type.as_str(),
            "required": self.required,
            "update_allowed": self.update_allowed,
            "immutable": self.immutable,
            "default": self.default,
            "description": self.description,
            "constraints": self.constraints,
            "status": self.status.to_json_value(),
            "available": ranges_json(&self.available),
            "schema": self.schema.as_ref().map(properties_json),
        })
    }
}

impl AttributeDoc {
    pub fn to_json_value(&self) -> Value {
        serde_json::json!({
            "type": self.value_type,
            "description": self.description,
            "status": self.status.to_json_value(),
            "available": ranges_json(&self.available),
        })
    }
}

impl StatusDoc {
    pub fn to_json_value(&self) -> Value {
        serde_json::json!({
            "status": self.kind.as_str(),
            "version": self.version,
            "message": self.message,
            "substitute_class": self.substitute_class.as_ref().map(|substitute| serde_json::json!({"class": substitute.class, "types": substitute.types})),
            "mentions": self.mentions,
            "previous": self.previous.as_ref().map(|previous| previous.to_json_value()),
        })
    }
}

impl RuleDoc {
    pub fn to_json_value(&self) -> Value {
        serde_json::json!({
            "rule": self.kind.as_str(),
            "path": self.path,
            "value": self.value,
            "value_name": self.value_name,
            "value_path": self.value_path,
            "custom_value_path": self.custom_value_path,
            "client_plugin": self.client_plugin,
            "finder": self.finder,
            "entity": match &self.entity {
                None => Value::Null,
                Some(RuleEntity::Named(name)) => name.clone().into(),
                Some(RuleEntity::Property(name)) => serde_json::json!({"$prop": name}),
            },
            "conditional": self.conditional,
        })
    }
}

fn read_available(
    map: &Map<String, Value>,
    at: &At<'_>,
) -> Result<Option<Vec<(String, String)>>, CatalogError> {
    let Some(value) = map.get("available").filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let at = at.key("available");
    let mut ranges = Vec::new();
    for (index, pair) in array(value, &at)?.iter().enumerate() {
        let at = at.index(index);
        let items = array(pair, &at)?;
        if items.len() != 2 {
            return Err(invalid(
                &at,
                format!(
                    "a release range is [first, last], this one has {} item{}",
                    items.len(),
                    if items.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        ranges.push((
            string(&items[0], &at.index(0))?,
            string(&items[1], &at.index(1))?,
        ));
    }
    Ok(Some(ranges))
}

fn read_type(value: &Value, at: &At<'_>) -> Result<TypeDoc, CatalogError> {
    let map = object(value, at)?;
    let mut type_doc = TypeDoc {
        status: read_status(req(map, "status", at)?, &at.key("status"), "previous")?,
        description: opt_string(map, "description", at)?,
        placeholder: boolean(map, "placeholder", at)?,
        placeholder_since: opt_string(map, "placeholder_since", at)?,
        available: read_available(map, at)?,
        dynamic_attributes: boolean(map, "dynamic_attributes", at)?,
        ..TypeDoc::default()
    };
    if let Some(properties) = map.get("properties").filter(|v| !v.is_null()) {
        type_doc.properties = read_properties(properties, &at.key("properties"))?;
    }
    if let Some(attributes) = map.get("attributes").filter(|v| !v.is_null()) {
        let at = at.key("attributes");
        for (name, value) in object(attributes, &at)? {
            let at = at.key(name);
            let attribute = object(value, &at)?;
            type_doc.attributes.insert(
                name_key(name, &at)?,
                AttributeDoc {
                    value_type: opt_string(attribute, "type", &at)?,
                    description: opt_string(attribute, "description", &at)?,
                    status: read_status(
                        req(attribute, "status", &at)?,
                        &at.key("status"),
                        "previous",
                    )?,
                    available: read_available(attribute, &at)?,
                },
            );
        }
    }
    if let Some(rules) = map.get("translation_rules").filter(|v| !v.is_null()) {
        let at = at.key("translation_rules");
        for (index, rule) in array(rules, &at)?.iter().enumerate() {
            type_doc
                .translation_rules
                .push(read_rule(rule, &at.index(index))?);
        }
    }
    Ok(type_doc)
}

fn read_properties(
    value: &Value,
    at: &At<'_>,
) -> Result<BTreeMap<String, PropertyDoc>, CatalogError> {
    check_depth(at)?;
    let mut properties = BTreeMap::new();
    for (name, value) in object(value, at)? {
        let at = at.key(name);
        properties.insert(name_key(name, &at)?, read_property(value, &at)?);
    }
    Ok(properties)
}

fn read_property_type(map: &Map<String, Value>, at: &At<'_>) -> Result<PropertyType, CatalogError> {
    let text = string(req(map, "type", at)?, &at.key("type"))?;
    PropertyType::parse(&text).ok_or_else(|| {
        invalid(
            &at.key("type"),
            format!(
                "expected String, Integer, Number, Boolean, List, Map, Json or Any, found {text:?}"
            ),
        )
    })
}

fn read_property(value: &Value, at: &At<'_>) -> Result<PropertyDoc, CatalogError> {
    let map = object(value, at)?;
    let mut constraints = Vec::new();
    if let Some(list) = map.get("constraints").filter(|v| !v.is_null()) {
        let at = at.key("constraints");
        for (index, constraint) in array(list, &at)?.iter().enumerate() {
            let at = at.index(index);
            let fields = object(constraint, &at)?;
            string(req(fields, "kind", &at)?, &at.key("kind"))?;
            constraints.push(constraint.clone());
        }
    }
    Ok(PropertyDoc {
        value_type: read_property_type(map, at)?,
        required: boolean(map, "required", at)?,
        update_allowed: boolean(map, "update_allowed", at)?,
        immutable: boolean(map, "immutable", at)?,
        default: map.get("default").filter(|v| !v.is_null()).cloned(),
        description: opt_string(map, "description", at)?,
        constraints,
        status: read_status(req(map, "status", at)?, &at.key("status"), "previous")?,
        available: read_available(map, at)?,
        schema: match map.get("schema").filter(|v| !v.is_null()) {
            Some(schema) => Some(read_properties(schema, &at.key("schema"))?),
            None => None,
        },
    })
}

/// A property of `resource type show` output: lower-case type names, Heat's
/// API form of constraints, no status.
fn read_show_property(value: &Value, at: &At<'_>) -> Result<PropertyDoc, CatalogError> {
    check_depth(at)?;
    let map = object(value, at)?;
    let mut constraints = Vec::new();
    if let Some(list) = map.get("constraints").filter(|v| !v.is_null()) {
        let at = at.key("constraints");
        for (index, constraint) in array(list, &at)?.iter().enumerate() {
            let at = at.index(index);
            let fields = object(constraint, &at)?;
            constraints.push(api_constraint(fields, &at)?);
        }
    }
    let schema = match map.get("schema").filter(|v| !v.is_null()) {
        Some(schema) => {
            let at = at.key("schema");
            let mut children = BTreeMap::new();
            for (key, value) in object(schema, &at)? {
                let at = at.key(key);
                children.insert(name_key(key, &at)?, read_show_property(value, &at)?);
            }
            Some(children)
        }
        None => None,
    };
    Ok(PropertyDoc {
        value_type: read_property_type(map, at)?,
        required: boolean(map, "required", at)?,
        update_allowed: boolean(map, "update_allowed", at)?,
        immutable: boolean(map, "immutable", at)?,
        default: map.get("default").filter(|v| !v.is_null()).cloned(),
        description: opt_string(map, "description", at)?,
        constraints,
        status: match map.get("support_status").filter(|v| !v.is_null()) {
            Some(status) => read_status(status, &at.key("support_status"), "previous_status")?,
            None => StatusDoc::default(),
        },
        available: None,
        schema,
    })
}

/// Heat's API writes a constraint as `{"allowed_values": [...],
/// "description": ...}`; the catalog format names its kind.
fn api_constraint(fields: &Map<String, Value>, at: &At<'_>) -> Result<Value, CatalogError> {
    const KINDS: [(&str, &str); 6] = [
        ("allowed_values", "AllowedValues"),
        ("length", "Length"),
        ("range", "Range"),
        ("allowed_pattern", "AllowedPattern"),
        ("custom_constraint", "CustomConstraint"),
        ("modulo", "Modulo"),
    ];
    let mut converted = fields.clone();
    if !converted.contains_key("kind") {
        let kind = KINDS
            .iter()
            .find(|(key, _)| fields.contains_key(*key))
            .map(|(_, kind)| *kind)
            .ok_or_else(|| invalid(at, "a constraint of unknown kind"))?;
        converted.insert("kind".into(), kind.into());
    }
    Ok(Value::Object(converted))
}

fn read_status(value: &Value, at: &At<'_>, previous_key: &str) -> Result<StatusDoc, CatalogError> {
    check_depth(at)?;
    let map = object(value, at)?;
    let kind_text = string(req(map, "status", at)?, &at.key("status"))?;
    let kind = StatusKind::parse(&kind_text).ok_or_else(|| {
        invalid(
            &at.key("status"),
            format!("expected SUPPORTED, DEPRECATED, HIDDEN or UNSUPPORTED, found {kind_text:?}"),
        )
    })?;
    let substitute_class = match map.get("substitute_class").filter(|v| !v.is_null()) {
        None => None,
        Some(value) => {
            let at = at.key("substitute_class");
            let fields = object(value, &at)?;
            Some(SubstituteDoc {
                class: string(req(fields, "class", &at)?, &at.key("class"))?,
                types: opt_strings(fields, "types", &at)?.unwrap_or_default(),
            })
        }
    };
    let previous = match map.get(previous_key).filter(|v| !v.is_null()) {
        None => None,
        Some(value) => Some(Box::new(read_status(
            value,
            &at.key(previous_key),
            previous_key,
        )?)),
    };
    let message = opt_string(map, "message", at)?;
    let mentions = match opt_strings(map, "mentions", at)? {
        Some(mentions) => mentions,
        // `resource type show` has no mentions: find them in the message.
        None => message.as_deref().map(type_names_in).unwrap_or_default(),
    };
    let status = StatusDoc {
        kind,
        version: opt_string(map, "version", at)?,
        message,
        substitute_class,
        mentions,
        previous,
    };
    let mut length = 0;
    let mut link = Some(&status);
    while let Some(current) = link {
        length += 1;
        link = current.previous.as_deref();
    }
    if length > limits::MAX_CHAIN_LEN {
        return Err(invalid(
            at,
            format!(
                "a status chain of {length} statuses is longer than the {} allowed",
                limits::MAX_CHAIN_LEN
            ),
        ));
    }
    Ok(status)
}

fn read_rule(value: &Value, at: &At<'_>) -> Result<RuleDoc, CatalogError> {
    let map = object(value, at)?;
    let kind_text = string(req(map, "rule", at)?, &at.key("rule"))?;
    let kind = RuleKind::parse(&kind_text).ok_or_else(|| {
        invalid(
            &at.key("rule"),
            format!("expected Add, Replace, Delete or Resolve, found {kind_text:?}"),
        )
    })?;
    // Heat's own dumps call the path `translation_path`.
    let path_key = if map.contains_key("path") {
        "path"
    } else {
        "translation_path"
    };
    Ok(RuleDoc {
        kind,
        path: strings(req(map, path_key, at)?, &at.key(path_key))?,
        value: map.get("value").filter(|v| !v.is_null()).cloned(),
        value_name: opt_string(map, "value_name", at)?,
        value_path: opt_strings(map, "value_path", at)?,
        custom_value_path: opt_strings(map, "custom_value_path", at)?,
        client_plugin: opt_string(map, "client_plugin", at)?,
        finder: opt_string(map, "finder", at)?,
        entity: read_entity(map, at)?,
        conditional: boolean(map, "conditional", at)?,
    })
}

fn read_entity(map: &Map<String, Value>, at: &At<'_>) -> Result<Option<RuleEntity>, CatalogError> {
    let at = at.key("entity");
    match map.get("entity") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(fields)) => match fields.get("$prop") {
            Some(name) if fields.len() == 1 => {
                Ok(Some(RuleEntity::Property(string(name, &at.key("$prop"))?)))
            }
            _ => Err(invalid(&at, "expected a string or {\"$prop\": NAME}")),
        },
        Some(value) => Ok(Some(RuleEntity::Named(string(value, &at)?))),
    }
}

/// Resource type names in a text, in order of first appearance: words of at
/// least three `::`-separated alphanumeric parts (`OS::Neutron::FloatingIP`).
fn type_names_in(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '_')) {
        let word = word.trim_matches(':');
        let parts: Vec<&str> = word.split("::").collect();
        let well_formed = parts.len() >= 3
            && parts.iter().all(|part| {
                !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            });
        if well_formed && !names.iter().any(|name| name == word) {
            names.push(word.to_owned());
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::type_names_in;

    #[test]
    fn finds_type_names_in_messages() {
        assert_eq!(
            type_names_in("Use OS::Cinder::Volume instead, or OS::Cinder::Volume."),
            ["OS::Cinder::Volume"]
        );
        assert_eq!(
            type_names_in("Please use OS::Neutron::FloatingIP; AWS::EC2::EIP works too"),
            ["OS::Neutron::FloatingIP", "AWS::EC2::EIP"]
        );
        assert!(type_names_in("Use property network. See a::b or ::x::").is_empty());
    }
}
