//! A catalog's [`Document`] made flat: strings and statuses interned,
//! records appended in the order the store's spans expect.

use std::collections::BTreeMap;

use super::super::document::{
    AliasDoc, AttributeDoc, Document, PropertyDoc, RuleDoc, RuleEntity, StatusDoc, SubstituteDoc,
    TypeDoc,
};
use super::super::error::CatalogError;
use super::super::{limits, PropertyType};
use super::{
    AliasRecord, AttributeRecord, PropertyRecord, RangeRecord, RuleRecord, Span, StatusRecord,
    Store, Str, TypeRecord, STORE_VERSION,
};
use crate::hash::{HashMap, HashMapExt};
use crate::release::Release;

/// Turns a [`Document`] into a [`Store`], interning strings and statuses.
pub(crate) struct Flattener {
    store: Store,
    strings: HashMap<String, Str>,
    statuses: HashMap<StatusRecord, u32>,
    /// Equal `available` lists share one span: most objects have the same.
    range_lists: HashMap<Vec<(Str, Str)>, Span>,
}

fn too_many(what: &str) -> CatalogError {
    CatalogError::Invalid {
        path: "(top level)".into(),
        message: format!("too many {what} for one catalog"),
    }
}

fn index(len: usize, what: &str) -> Result<u32, CatalogError> {
    u32::try_from(len).map_err(|_| too_many(what))
}

impl Flattener {
    pub fn flatten(document: &Document) -> Result<Store, CatalogError> {
        let mut flattener = Flattener {
            store: Store {
                store_version: STORE_VERSION,
                ..Store::default()
            },
            strings: HashMap::new(),
            statuses: HashMap::new(),
            range_lists: HashMap::new(),
        };
        flattener.run(document)?;
        Ok(flattener.store)
    }

    fn run(&mut self, document: &Document) -> Result<(), CatalogError> {
        self.store.heat_version = self.opt_str(document.heat_version.as_deref())?;
        self.store.generator = self.opt_str(document.generator.as_deref())?;
        for (position, version) in document.history.iter().enumerate() {
            Release::parse_version(version).map_err(|error| CatalogError::Invalid {
                path: format!("source.history[{position}]"),
                message: error.to_string(),
            })?;
            let id = self.str(version)?;
            self.store.history.push(id);
        }
        for (version, name) in &document.releases {
            let pair = (self.str(version)?, self.str(name)?);
            self.store.releases.push(pair);
        }
        for AliasDoc { name, target, kind } in &document.aliases {
            let record = AliasRecord {
                name: self.str(name)?,
                target: self.str(target)?,
                kind: *kind,
            };
            self.store.aliases.push(record);
        }
        let mut object_count = 0usize;
        self.store.types = vec![TypeRecord::default(); document.types.len()];
        for (type_index, (name, type_doc)) in document.types.iter().enumerate() {
            let record = self.add_type(type_index as u32, name, type_doc)?;
            self.store.types[type_index] = record;
            object_count = self.store.properties.len() + self.store.attributes.len();
            if object_count > limits::MAX_OBJECTS {
                break;
            }
        }
        if object_count > limits::MAX_OBJECTS {
            return Err(CatalogError::Invalid {
                path: "resource_types".into(),
                message: format!(
                    "more than the {} properties and attributes allowed",
                    limits::MAX_OBJECTS
                ),
            });
        }
        Ok(())
    }

    fn add_type(
        &mut self,
        owner: u32,
        name: &str,
        doc: &TypeDoc,
    ) -> Result<TypeRecord, CatalogError> {
        let path = format!("resource_types[{name:?}]");
        Ok(TypeRecord {
            name: self.str(name)?,
            status: self.status(&doc.status)?,
            description: self.opt_str(doc.description.as_deref())?,
            placeholder: doc.placeholder,
            placeholder_since: self.opt_str(doc.placeholder_since.as_deref())?,
            available: self.ranges(doc.available.as_deref(), &path)?,
            properties: self.properties(owner, None, &doc.properties, &path)?,
            attributes: self.attributes(owner, &doc.attributes, &path)?,
            dynamic_attributes: doc.dynamic_attributes,
            rules: self.rules(&doc.translation_rules)?,
        })
    }

    fn properties(
        &mut self,
        owner: u32,
        parent: Option<u32>,
        properties: &BTreeMap<String, PropertyDoc>,
        path: &str,
    ) -> Result<Span, CatalogError> {
        let start = index(self.store.properties.len(), "properties")?;
        let span = Span {
            start,
            len: index(properties.len(), "properties")?,
        };
        // Reserve the siblings' slots first so that they stay consecutive.
        let placeholder = PropertyRecord::placeholder(owner, parent);
        self.store
            .properties
            .extend(std::iter::repeat_n(placeholder, properties.len()));
        for (offset, (name, doc)) in properties.iter().enumerate() {
            let own_index = start + offset as u32;
            let path = format!("{path}.{name}");
            let constraints_start = index(self.store.constraints.len(), "constraints")?;
            for constraint in &doc.constraints {
                let id = self.str(&constraint.to_string())?;
                self.store.constraints.push(id);
            }
            let record = PropertyRecord {
                name: self.str(name)?,
                owner,
                parent,
                value_type: doc.value_type,
                required: doc.required,
                update_allowed: doc.update_allowed,
                immutable: doc.immutable,
                implemented: doc.implemented,
                default: match &doc.default {
                    Some(value) => Some(self.str(&value.to_string())?),
                    None => None,
                },
                description: self.opt_str(doc.description.as_deref())?,
                constraints: Span {
                    start: constraints_start,
                    len: doc.constraints.len() as u32,
                },
                status: self.status(&doc.status)?,
                available: self.ranges(doc.available.as_deref(), &path)?,
                update_allowed_changes: match &doc.update_allowed_changes {
                    Some(changes) => {
                        let points: Vec<(String, String)> = changes
                            .iter()
                            .map(|(since, _)| (since.clone(), since.clone()))
                            .collect();
                        self.ranges(Some(&points), &format!("{path}.update_allowed_changes"))?
                    }
                    None => None,
                },
                children: match &doc.schema {
                    Some(children) => {
                        Some(self.properties(owner, Some(own_index), children, &path)?)
                    }
                    None => None,
                },
            };
            self.store.properties[own_index as usize] = record;
        }
        Ok(span)
    }

    fn attributes(
        &mut self,
        owner: u32,
        attributes: &BTreeMap<String, AttributeDoc>,
        path: &str,
    ) -> Result<Span, CatalogError> {
        let start = index(self.store.attributes.len(), "attributes")?;
        for (name, doc) in attributes {
            let record = AttributeRecord {
                name: self.str(name)?,
                owner,
                value_type: self.opt_str(doc.value_type.as_deref())?,
                description: self.opt_str(doc.description.as_deref())?,
                status: self.status(&doc.status)?,
                available: self.ranges(
                    doc.available.as_deref(),
                    &format!("{path}.attributes.{name}"),
                )?,
            };
            self.store.attributes.push(record);
        }
        Ok(Span {
            start,
            len: attributes.len() as u32,
        })
    }

    fn rules(&mut self, rules: &[RuleDoc]) -> Result<Span, CatalogError> {
        let start = index(self.store.rules.len(), "translation rules")?;
        for rule in rules {
            let record = RuleRecord {
                kind: rule.kind,
                path: self.name_list(&rule.path)?,
                value: match &rule.value {
                    Some(value) => Some(self.str(&value.to_string())?),
                    None => None,
                },
                value_name: self.opt_str(rule.value_name.as_deref())?,
                value_path: self.opt_name_list(rule.value_path.as_deref())?,
                custom_value_path: self.opt_name_list(rule.custom_value_path.as_deref())?,
                client_plugin: self.opt_str(rule.client_plugin.as_deref())?,
                finder: self.opt_str(rule.finder.as_deref())?,
                entity: match &rule.entity {
                    Some(RuleEntity::Named(name) | RuleEntity::Property(name)) => {
                        Some(self.str(name)?)
                    }
                    None => None,
                },
                entity_from_property: matches!(rule.entity, Some(RuleEntity::Property(_))),
                conditional: rule.conditional,
            };
            self.store.rules.push(record);
        }
        Ok(Span {
            start,
            len: rules.len() as u32,
        })
    }

    fn ranges(
        &mut self,
        ranges: Option<&[(String, String)]>,
        path: &str,
    ) -> Result<Option<Span>, CatalogError> {
        let Some(ranges) = ranges else {
            return Ok(None);
        };
        let mut records = Vec::with_capacity(ranges.len());
        for (position, (first, last)) in ranges.iter().enumerate() {
            let parse = |text: &str| {
                Release::parse_version(text).map_err(|error| CatalogError::Invalid {
                    path: format!("{path}.available[{position}]"),
                    message: error.to_string(),
                })
            };
            let (first_release, last_release) = (parse(first)?, parse(last)?);
            if last_release < first_release {
                return Err(CatalogError::Invalid {
                    path: format!("{path}.available[{position}]"),
                    message: format!("the range ends ({last}) before it starts ({first})"),
                });
            }
            records.push(RangeRecord {
                first: first_release,
                last: last_release,
                first_text: self.str(first)?,
                last_text: self.str(last)?,
            });
        }
        let key: Vec<(Str, Str)> = records
            .iter()
            .map(|record| (record.first_text, record.last_text))
            .collect();
        if let Some(&span) = self.range_lists.get(&key) {
            return Ok(Some(span));
        }
        let span = Span {
            start: index(self.store.ranges.len(), "release ranges")?,
            len: index(records.len(), "release ranges")?,
        };
        self.store.ranges.extend(records);
        self.range_lists.insert(key, span);
        Ok(Some(span))
    }

    fn status(&mut self, status: &StatusDoc) -> Result<u32, CatalogError> {
        let previous = match &status.previous {
            Some(previous) => Some(self.status(previous)?),
            None => None,
        };
        let (substitute_class, substitute_types) = match &status.substitute_class {
            Some(SubstituteDoc { class, types }) => {
                (Some(self.str(class)?), self.name_list(types)?)
            }
            None => (None, Span::default()),
        };
        let record = StatusRecord {
            kind: status.kind,
            version: self.opt_str(status.version.as_deref())?,
            release: status
                .version
                .as_deref()
                .and_then(|version| Release::parse_version(version).ok()),
            message: self.opt_str(status.message.as_deref())?,
            substitute_class,
            substitute_types,
            mentions: self.name_list(&status.mentions)?,
            previous,
        };
        if let Some(&id) = self.statuses.get(&record) {
            return Ok(id);
        }
        let id = index(self.store.statuses.len(), "statuses")?;
        self.store.statuses.push(record);
        self.statuses.insert(record, id);
        Ok(id)
    }

    fn name_list(&mut self, names: &[String]) -> Result<Span, CatalogError> {
        let ids = names
            .iter()
            .map(|name| self.str(name))
            .collect::<Result<Vec<_>, _>>()?;
        if ids.is_empty() {
            return Ok(Span::default());
        }
        let start = index(self.store.names.len(), "names")?;
        self.store.names.extend(ids);
        Ok(Span {
            start,
            len: names.len() as u32,
        })
    }

    fn opt_name_list(&mut self, names: Option<&[String]>) -> Result<Option<Span>, CatalogError> {
        names.map(|names| self.name_list(names)).transpose()
    }

    fn str(&mut self, text: &str) -> Result<Str, CatalogError> {
        if let Some(&id) = self.strings.get(text) {
            return Ok(id);
        }
        let id = index(self.store.text_ends.len(), "strings")?;
        self.store.text.push_str(text);
        let end = index(self.store.text.len(), "text")?;
        self.store.text_ends.push(end);
        self.strings.insert(text.to_owned(), id);
        Ok(id)
    }

    fn opt_str(&mut self, text: Option<&str>) -> Result<Option<Str>, CatalogError> {
        text.map(|text| self.str(text)).transpose()
    }
}

impl PropertyRecord {
    /// A slot reserved for a property, filled when it is flattened.
    fn placeholder(owner: u32, parent: Option<u32>) -> Self {
        PropertyRecord {
            name: 0,
            owner,
            parent,
            value_type: PropertyType::String,
            required: false,
            update_allowed: false,
            immutable: false,
            implemented: true,
            default: None,
            description: None,
            constraints: Span::default(),
            status: 0,
            available: None,
            update_allowed_changes: None,
            children: None,
        }
    }
}
