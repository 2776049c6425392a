//! Reading the two JSON shapes into a [`Document`], with the path of
//! every value in errors and the depth of nesting bounded.

use super::*;

pub(super) fn read_available(
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

/// `[{"since": release, "update_allowed": bool}]`, oldest first, each
/// value the opposite of the one before and the last the property's own.
fn read_update_allowed_changes(
    map: &Map<String, Value>,
    at: &At<'_>,
) -> Result<Option<Vec<(String, bool)>>, CatalogError> {
    let Some(value) = map.get("update_allowed_changes").filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let at = at.key("update_allowed_changes");
    let mut changes: Vec<(String, bool)> = Vec::new();
    for (index, change) in array(value, &at)?.iter().enumerate() {
        let at = at.index(index);
        let fields = object(change, &at)?;
        let since = string(req(fields, "since", &at)?, &at.key("since"))?;
        let allowed = boolean(fields, "update_allowed", &at)?;
        if changes.last().is_some_and(|(_, before)| *before == allowed) {
            return Err(invalid(&at, "a change must change the value before it"));
        }
        changes.push((since, allowed));
    }
    if changes.last().map(|(_, last)| *last) != Some(boolean(map, "update_allowed", &at)?) {
        return Err(invalid(
            &at,
            "the last change must give the property's own update_allowed",
        ));
    }
    Ok(Some(changes))
}

pub(super) fn read_type(value: &Value, at: &At<'_>) -> Result<TypeDoc, CatalogError> {
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

pub(super) fn read_properties(
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

pub(super) fn read_property_type(
    map: &Map<String, Value>,
    at: &At<'_>,
) -> Result<PropertyType, CatalogError> {
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

pub(super) fn read_property(value: &Value, at: &At<'_>) -> Result<PropertyDoc, CatalogError> {
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
        implemented: map.get("implemented") != Some(&Value::Bool(false)),
        default: map.get("default").filter(|v| !v.is_null()).cloned(),
        description: opt_string(map, "description", at)?,
        constraints,
        status: read_status(req(map, "status", at)?, &at.key("status"), "previous")?,
        available: read_available(map, at)?,
        update_allowed_changes: read_update_allowed_changes(map, at)?,
        schema: match map.get("schema").filter(|v| !v.is_null()) {
            Some(schema) => Some(read_properties(schema, &at.key("schema"))?),
            None => None,
        },
    })
}

/// A property of `resource type show` output: lower-case type names, Heat's
/// API form of constraints, no status.
pub(super) fn read_show_property(value: &Value, at: &At<'_>) -> Result<PropertyDoc, CatalogError> {
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
        implemented: map.get("implemented") != Some(&Value::Bool(false)),
        default: map.get("default").filter(|v| !v.is_null()).cloned(),
        description: opt_string(map, "description", at)?,
        constraints,
        status: match map.get("support_status").filter(|v| !v.is_null()) {
            Some(status) => read_status(status, &at.key("support_status"), "previous_status")?,
            None => StatusDoc::default(),
        },
        available: None,
        update_allowed_changes: None,
        schema,
    })
}

/// Heat's API writes a constraint as `{"allowed_values": [...],
/// "description": ...}`; the catalog format names its kind.
pub(super) fn api_constraint(
    fields: &Map<String, Value>,
    at: &At<'_>,
) -> Result<Value, CatalogError> {
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

pub(super) fn read_status(
    value: &Value,
    at: &At<'_>,
    previous_key: &str,
) -> Result<StatusDoc, CatalogError> {
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

pub(super) fn read_rule(value: &Value, at: &At<'_>) -> Result<RuleDoc, CatalogError> {
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

pub(super) fn read_entity(
    map: &Map<String, Value>,
    at: &At<'_>,
) -> Result<Option<RuleEntity>, CatalogError> {
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
pub(super) fn type_names_in(text: &str) -> Vec<String> {
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
