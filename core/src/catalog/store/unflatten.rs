//! The flat store made a [`Document`] again (`heatwise catalog dump`,
//! and the check that flattening loses nothing).

use std::collections::BTreeMap;

use super::super::document::{
    AliasDoc, AttributeDoc, Document, PropertyDoc, RuleDoc, RuleEntity, StatusDoc, SubstituteDoc,
    TypeDoc,
};
use super::{Span, Store, Str};

/// Rebuilds the owned tree from the flat form.
pub(crate) fn unflatten(store: &Store) -> Document {
    let s = |id: Str| store.str(id).to_owned();
    let opt = |id: Option<Str>| id.map(s);
    let names = |span: Span| store.names(span).map(str::to_owned).collect::<Vec<_>>();
    let ranges = |span: Option<Span>| {
        span.map(|span| {
            store.ranges[span.range()]
                .iter()
                .map(|range| (s(range.first_text), s(range.last_text)))
                .collect()
        })
    };
    let json = |id: Option<Str>| id.and_then(|id| serde_json::from_str(store.str(id)).ok());
    fn status(store: &Store, id: u32) -> StatusDoc {
        let record = &store.statuses[id as usize];
        let s = |id: Str| store.str(id).to_owned();
        StatusDoc {
            kind: record.kind,
            version: record.version.map(s),
            message: record.message.map(s),
            substitute_class: record.substitute_class.map(|class| SubstituteDoc {
                class: s(class),
                types: store
                    .names(record.substitute_types)
                    .map(str::to_owned)
                    .collect(),
            }),
            mentions: store.names(record.mentions).map(str::to_owned).collect(),
            previous: record
                .previous
                .map(|previous| Box::new(status(store, previous))),
        }
    }
    fn properties(store: &Store, span: Span) -> BTreeMap<String, PropertyDoc> {
        store.properties[span.range()]
            .iter()
            .map(|record| {
                let s = |id: Str| store.str(id).to_owned();
                let doc = PropertyDoc {
                    value_type: record.value_type,
                    required: record.required,
                    update_allowed: record.update_allowed,
                    immutable: record.immutable,
                    implemented: record.implemented,
                    default: record
                        .default
                        .and_then(|id| serde_json::from_str(store.str(id)).ok()),
                    description: record.description.map(s),
                    constraints: store.constraints[record.constraints.range()]
                        .iter()
                        .filter_map(|&id| serde_json::from_str(store.str(id)).ok())
                        .collect(),
                    status: status(store, record.status),
                    available: record.available.map(|span| {
                        store.ranges[span.range()]
                            .iter()
                            .map(|range| (s(range.first_text), s(range.last_text)))
                            .collect()
                    }),
                    update_allowed_changes: record.update_allowed_changes.map(|span| {
                        let points = &store.ranges[span.range()];
                        points
                            .iter()
                            .enumerate()
                            .map(|(index, point)| {
                                let later = points.len() - 1 - index;
                                (
                                    s(point.first_text),
                                    record.update_allowed ^ (later % 2 == 1),
                                )
                            })
                            .collect()
                    }),
                    schema: record.children.map(|children| properties(store, children)),
                };
                (s(record.name), doc)
            })
            .collect()
    }
    Document {
        heat_version: opt(store.heat_version),
        generator: opt(store.generator),
        history: store.history.iter().map(|&id| s(id)).collect(),
        releases: store.releases.iter().map(|&(v, n)| (s(v), s(n))).collect(),
        aliases: store
            .aliases
            .iter()
            .map(|alias| AliasDoc {
                name: s(alias.name),
                target: s(alias.target),
                kind: alias.kind,
            })
            .collect(),
        types: store
            .types
            .iter()
            .map(|record| {
                let doc = TypeDoc {
                    status: status(store, record.status),
                    description: opt(record.description),
                    placeholder: record.placeholder,
                    placeholder_since: opt(record.placeholder_since),
                    available: ranges(record.available),
                    properties: properties(store, record.properties),
                    attributes: store.attributes[record.attributes.range()]
                        .iter()
                        .map(|attribute| {
                            (
                                s(attribute.name),
                                AttributeDoc {
                                    value_type: opt(attribute.value_type),
                                    description: opt(attribute.description),
                                    status: status(store, attribute.status),
                                    available: ranges(attribute.available),
                                },
                            )
                        })
                        .collect(),
                    dynamic_attributes: record.dynamic_attributes,
                    translation_rules: store.rules[record.rules.range()]
                        .iter()
                        .map(|rule| RuleDoc {
                            kind: rule.kind,
                            path: names(rule.path),
                            value: json(rule.value),
                            value_name: opt(rule.value_name),
                            value_path: rule.value_path.map(names),
                            custom_value_path: rule.custom_value_path.map(names),
                            client_plugin: opt(rule.client_plugin),
                            finder: opt(rule.finder),
                            entity: rule.entity.map(|id| {
                                if rule.entity_from_property {
                                    RuleEntity::Property(s(id))
                                } else {
                                    RuleEntity::Named(s(id))
                                }
                            }),
                            conditional: rule.conditional,
                        })
                        .collect(),
                };
                (s(record.name), doc)
            })
            .collect(),
    }
}
