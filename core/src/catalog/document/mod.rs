//! The catalog as an owned tree, read from and written to JSON.
//!
//! Two JSON shapes are read: the heatwise catalog format
//! (docs/catalog-format.md) and the one-type JSON printed by
//! `openstack orchestration resource type show -f json TYPE`. Both become a
//! [`Document`], which [`super::Catalog`] flattens for querying.

mod json;
mod read;

use json::*;
use read::*;

pub(crate) use json::parse_json;

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

impl Document {
    /// The same catalog without the descriptions of types, properties and
    /// attributes: what linting needs, for builds that load descriptions
    /// later (the browser editor, `heat-lean.bin`).
    pub fn without_descriptions(mut self) -> Document {
        fn property(doc: &mut PropertyDoc) {
            doc.description = None;
            for child in doc.schema.iter_mut().flat_map(|schema| schema.values_mut()) {
                property(child);
            }
        }
        for doc in self.types.values_mut() {
            doc.description = None;
            doc.properties.values_mut().for_each(property);
            for attribute in doc.attributes.values_mut() {
                attribute.description = None;
            }
        }
        self
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PropertyDoc {
    pub value_type: PropertyType,
    pub required: bool,
    pub update_allowed: bool,
    pub immutable: bool,
    /// Heat refuses the property when a template sets it ("not
    /// implemented yet"); written in the JSON only when false.
    pub implemented: bool,
    /// `None` for JSON null.
    pub default: Option<Value>,
    pub description: Option<String>,
    /// Each an object with `kind` and that constraint's fields.
    pub constraints: Vec<Value>,
    pub status: StatusDoc,
    pub available: Option<Vec<(String, String)>>,
    /// Where `update_allowed` changed between releases: the value from each
    /// release on, oldest first, alternating and ending with
    /// `update_allowed`; `None` where every release agrees.
    pub update_allowed_changes: Option<Vec<(String, bool)>>,
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
        let mut value = serde_json::json!({
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
        });
        if !self.implemented {
            value["implemented"] = Value::Bool(false);
        }
        if let Some(changes) = &self.update_allowed_changes {
            value["update_allowed_changes"] = changes
                .iter()
                .map(|(since, allowed)| serde_json::json!({"since": since, "update_allowed": allowed}))
                .collect();
        }
        value
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

#[cfg(test)]
mod tests {
    use super::read::type_names_in;

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
