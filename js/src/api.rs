//! The JavaScript API in plain Rust: every function takes strings and
//! answers with a JSON value or an [`ApiError`] whose message names the
//! argument at fault and what was expected. Positions are given three ways:
//! 1-based line and column (in characters, as the CLI's JSON output counts
//! them), byte offsets (`offset`, `end_offset`) and UTF-16 offsets (`from`,
//! `to`, what JavaScript strings and editors index by).

use std::cell::RefCell;
use std::rc::Rc;

use heatwise_core::catalog::{
    limits::MAX_CATALOG_BYTES, Attribute, Catalog, Property, ResourceType, Status, StatusAt,
    StatusKind, TypeResolution,
};
use heatwise_core::fix::{fix_all, FixOptions};
use heatwise_core::lint::{lifecycle, lint as lint_text, Diagnostic, LintOptions, Rule};
use heatwise_core::release::{Release, MAX_RELEASE_TEXT};
use heatwise_core::syntax::MAX_INPUT_BYTES;
use heatwise_core::text::{LineIndex, TextRange};
use serde_json::{json, Map, Value};

/// Most entries in `fix`'s `codes` list: there are far fewer rules, so a
/// longer list is a mistake.
pub const MAX_CODES: usize = 256;
/// The longest type name, property path or attribute name `lookup` takes.
pub const MAX_NAME_BYTES: usize = 1024;

/// A refused call: the message says which argument and what was expected.
#[derive(Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

/// What to check against: the `target` and `catalog` options.
pub struct Source<'a> {
    target: Option<&'a str>,
    catalog: Option<&'a str>,
}

impl<'a> Source<'a> {
    pub fn new(target: Option<&'a str>, catalog: Option<&'a str>) -> Self {
        Self { target, catalog }
    }

    fn target(&self) -> Result<Option<Release>, ApiError> {
        let Some(text) = self.target else {
            return Ok(None);
        };
        // The parser's message already says what a release looks like.
        Release::parse(text)
            .map(Some)
            .map_err(|error| ApiError(format!("options.target: {error}")))
    }

    /// Runs `with` on the built-in catalog, or on the operator's catalog
    /// laid over it.
    fn with_catalog<R>(&self, with: impl FnOnce(&Catalog) -> R) -> Result<R, ApiError> {
        match self.catalog {
            None => Ok(with(Catalog::builtin())),
            Some(text) => {
                let catalog = layered_catalog(text)?;
                Ok(with(&catalog))
            }
        }
    }
}

thread_local! {
    /// The last operator catalog read, by its text: an editor lints the
    /// same catalog on every keystroke, and reading one takes far longer
    /// than linting.
    static LAST_CATALOG: RefCell<Option<(String, Rc<Catalog>)>> = const { RefCell::new(None) };
}

fn layered_catalog(text: &str) -> Result<Rc<Catalog>, ApiError> {
    if let Some(catalog) = LAST_CATALOG.with_borrow(|last| {
        last.as_ref()
            .filter(|(cached, _)| cached == text)
            .map(|(_, catalog)| Rc::clone(catalog))
    }) {
        return Ok(catalog);
    }
    if text.len() > MAX_CATALOG_BYTES {
        return Err(ApiError(format!(
            "options.catalog: the catalog is {} bytes; at most {MAX_CATALOG_BYTES} bytes \
             (limits.maxCatalogBytes) are accepted",
            text.len()
        )));
    }
    let operator = Catalog::from_any_json(text).map_err(|error| {
        ApiError(format!(
            "options.catalog: expected a catalog as JSON text (the heatwise catalog format, or \
             the output of `openstack orchestration resource type show -f json`): {error}"
        ))
    })?;
    let catalog = Catalog::builtin().layered(&operator).map_err(|error| {
        ApiError(format!(
            "options.catalog: cannot be laid over the built-in catalog: {error}"
        ))
    })?;
    let catalog = Rc::new(catalog);
    LAST_CATALOG.set(Some((text.to_owned(), Rc::clone(&catalog))));
    Ok(catalog)
}

/// A value shown in an error message: quoted, and cut short when long.
fn quoted(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{:?}…", &text[..end]),
        None => format!("{text:?}"),
    }
}

fn check_text(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ApiError(format!(
            "text: the template is {} bytes; at most {MAX_INPUT_BYTES} bytes \
             (limits.maxTextBytes) are accepted",
            text.len()
        )));
    }
    Ok(())
}

fn check_name(what: &str, name: &str) -> Result<(), ApiError> {
    if name.len() > MAX_NAME_BYTES {
        return Err(ApiError(format!(
            "{what}: {} bytes is longer than the {MAX_NAME_BYTES} bytes (limits.maxNameBytes) \
             a name may have",
            name.len()
        )));
    }
    Ok(())
}

/// The limits every function enforces, for the package's `limits` export.
pub fn limits() -> Value {
    json!({
        "maxTextBytes": MAX_INPUT_BYTES,
        "maxCatalogBytes": MAX_CATALOG_BYTES,
        "maxCodes": MAX_CODES,
        "maxNameBytes": MAX_NAME_BYTES,
        "maxReleaseChars": MAX_RELEASE_TEXT,
        "maxDiagnostics": heatwise_core::lint::MAX_DIAGNOSTICS,
    })
}

/// The findings of a template or environment, sorted by position.
pub fn lint(text: &str, source: &Source<'_>) -> Result<Value, ApiError> {
    check_text(text)?;
    let target = source.target()?;
    source.with_catalog(|catalog| {
        let diagnostics = lint_text(text, &LintOptions::new(catalog).with_target(target));
        let positions = Positions::new(text);
        Value::Array(
            diagnostics
                .iter()
                .map(|d| diagnostic_json(&positions, d))
                .collect(),
        )
    })
}

/// Applies the fixes of the findings (safe ones only unless
/// `unsafe_fixes`; only those of `codes` when given) until none is left.
pub fn fix(
    text: &str,
    unsafe_fixes: bool,
    codes: Option<&[String]>,
    source: &Source<'_>,
) -> Result<Value, ApiError> {
    check_text(text)?;
    let target = source.target()?;
    let codes = codes.map(parse_codes).transpose()?;
    source.with_catalog(|catalog| {
        let options = FixOptions {
            lint: LintOptions::new(catalog).with_target(target),
            unsafe_fixes,
            codes,
        };
        let outcome = fix_all(text, &options);
        let positions = Positions::new(&outcome.text);
        json!({
            "text": outcome.text,
            "applied": outcome.applied.iter().map(|(rule, title)| json!({
                "code": rule.code(),
                "name": rule.name(),
                "title": title,
            })).collect::<Vec<_>>(),
            "skipped": outcome.skipped.iter().map(|skipped| json!({
                "code": skipped.rule.code(),
                "name": skipped.rule.name(),
                "title": skipped.title,
                "reason": skipped.reason,
            })).collect::<Vec<_>>(),
            "remaining": outcome.remaining.iter()
                .map(|d| diagnostic_json(&positions, d))
                .collect::<Vec<_>>(),
            "converged": outcome.converged,
            "refused": outcome.refused,
        })
    })
}

fn parse_codes(codes: &[String]) -> Result<Vec<Rule>, ApiError> {
    if codes.len() > MAX_CODES {
        return Err(ApiError(format!(
            "options.codes: {} entries; at most {MAX_CODES} (limits.maxCodes) are accepted",
            codes.len()
        )));
    }
    codes
        .iter()
        .map(|code| {
            Rule::find(code).ok_or_else(|| {
                ApiError(format!(
                    "options.codes: expected rule codes or names (e.g. \"HW202\", \
                     \"hidden-property\"), got {}",
                    quoted(code)
                ))
            })
        })
        .collect()
}

/// What [`lookup`] looks for in a type.
pub enum Lookup<'a> {
    Type,
    /// A property path, nested levels joined with dots; list items as `*`
    /// or left out.
    Property(&'a str),
    Attribute(&'a str),
}

/// A resource type (with its description, properties and attributes), one
/// of its properties or one of its attributes, with status and life
/// cycle; `Value::Null` when the catalog has no such thing.
pub fn lookup(type_name: &str, what: Lookup<'_>, source: &Source<'_>) -> Result<Value, ApiError> {
    check_name("typeName", type_name)?;
    if let Lookup::Property(name) | Lookup::Attribute(name) = what {
        check_name("path", name)?;
    }
    let target = source.target()?;
    source.with_catalog(|catalog| {
        let target = target.or(catalog.heat_release());
        let Some(resolution) = catalog.resolve_type(type_name) else {
            return Value::Null;
        };
        let Some(resource_type) = resolution.resource_type() else {
            // Only a type itself can be a template alias: it has no
            // properties or attributes of its own.
            let alias = resolution
                .alias()
                .expect("a template resolution has an alias");
            return match what {
                Lookup::Type => json!({
                    "kind": "template",
                    "type": type_name,
                    "template": alias.target,
                }),
                Lookup::Property(_) | Lookup::Attribute(_) => Value::Null,
            };
        };
        let resolved_through = match resolution {
            TypeResolution::Aliased { alias, .. } => json!({
                "name": alias.name,
                "target": alias.target,
                "kind": alias.kind.as_str(),
            }),
            _ => Value::Null,
        };
        let mut object = match what {
            Lookup::Type => type_json(resource_type, target),
            Lookup::Property(path) => match resource_type.property(path) {
                Some(property) => property_json(property, target, true),
                None => return Value::Null,
            },
            Lookup::Attribute(name) => match resource_type.attribute(name) {
                Some(attribute) => attribute_json(attribute, target),
                None => return Value::Null,
            },
        };
        object.insert("resolved_through".into(), resolved_through);
        Value::Object(object)
    })
}

/// The resource types registered at the target release (default: the
/// catalog's own), each with its status there. HIDDEN types only when
/// `hidden`, as in Heat's own listing.
pub fn catalog(hidden: bool, source: &Source<'_>) -> Result<Value, ApiError> {
    let target = source.target()?;
    source.with_catalog(|catalog| {
        let target = target.or(catalog.heat_release());
        let mut rows = Vec::new();
        for resource_type in catalog.types() {
            let status = match target {
                Some(target) => match resource_type.status_at(target) {
                    StatusAt::InForce(status) => Some(status),
                    StatusAt::Unrecorded { .. } => None,
                    StatusAt::NotYetAvailable { .. } | StatusAt::Removed { .. } => continue,
                },
                None => Some(resource_type.status()),
            };
            if !hidden && status.is_some_and(|status| status.kind() == StatusKind::Hidden) {
                continue;
            }
            rows.push(json!({
                "type": resource_type.name(),
                // UNKNOWN (Heat's own word) where the chain does not reach
                // back to the target release.
                "status": status.map_or("UNKNOWN", |status| status.kind().as_str()),
                "version": status.map_or(Value::Null, version_json),
                "release_name": status.and_then(|status| status.release_name()),
                "message": status.and_then(|status| status.message()),
                "placeholder": resource_type.is_placeholder(),
            }));
        }
        Value::Array(rows)
    })
}

/// Positions in one text.
struct Positions<'a> {
    text: &'a str,
    index: LineIndex,
}

impl<'a> Positions<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            index: LineIndex::new(text),
        }
    }

    /// The CLI's location fields plus UTF-16 offsets.
    fn insert(&self, object: &mut Map<String, Value>, range: TextRange) {
        let start = self.index.position(self.text, range.start);
        let end = self.index.position(self.text, range.end);
        object.insert("line".into(), start.line.into());
        object.insert("column".into(), start.column.into());
        object.insert("end_line".into(), end.line.into());
        object.insert("end_column".into(), end.column.into());
        object.insert("offset".into(), range.start.into());
        object.insert("end_offset".into(), range.end.into());
        object.insert("from".into(), start.utf16.into());
        object.insert("to".into(), end.utf16.into());
    }
}

fn diagnostic_json(positions: &Positions<'_>, diagnostic: &Diagnostic) -> Value {
    let mut object = Map::new();
    object.insert("code".into(), diagnostic.rule.code().into());
    object.insert("name".into(), diagnostic.rule.name().into());
    object.insert("severity".into(), diagnostic.severity.as_str().into());
    object.insert("message".into(), diagnostic.message.as_str().into());
    positions.insert(&mut object, diagnostic.range);
    object.insert(
        "status".into(),
        diagnostic
            .status
            .map_or(Value::Null, |status| status.as_str().into()),
    );
    object.insert(
        "lifecycle".into(),
        diagnostic
            .lifecycle
            .iter()
            .map(|step| {
                json!({
                    "status": step.status.as_str(),
                    "version": step.version,
                    "release_name": step.release_name,
                    "message": step.message,
                })
            })
            .collect(),
    );
    object.insert(
        "subject".into(),
        serde_json::to_value(&diagnostic.subject).expect("a subject serializes"),
    );
    object.insert(
        "fix".into(),
        diagnostic.fix.as_ref().map_or(Value::Null, |fix| {
            json!({
                "title": fix.title,
                "applicability": fix.applicability.as_str(),
                "edits": fix.edits.iter().map(|edit| {
                    let mut object = Map::new();
                    positions.insert(&mut object, edit.range);
                    object.insert("content".into(), edit.content.as_str().into());
                    Value::Object(object)
                }).collect::<Vec<_>>(),
            })
        }),
    );
    Value::Object(object)
}

/// The version to show: normalized when it parses (Heat's `"2014.2 "`
/// becomes `2014.2`), as written otherwise.
fn version_json(status: Status<'_>) -> Value {
    match (status.release(), status.version()) {
        (Some(release), _) => release.version().into(),
        (None, Some(version)) => version.trim().into(),
        (None, None) => Value::Null,
    }
}

/// A status with the chain before it (`previous_status`), as the CLI's
/// `catalog show --format json` writes it.
fn status_json(status: Status<'_>) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("status".into(), status.kind().as_str().into());
    object.insert("version".into(), version_json(status));
    object.insert("release_name".into(), status.release_name().into());
    object.insert("message".into(), status.message().into());
    object.insert("substitute_class".into(), status.substitute_class().into());
    object.insert(
        "substitute_types".into(),
        status.substitute_types().collect::<Vec<_>>().into(),
    );
    object.insert(
        "previous_status".into(),
        status
            .previous()
            .map_or(Value::Null, |previous| Value::Object(status_json(previous))),
    );
    object
}

/// The status, its chain, the whole life cycle newest first, its summary
/// in words, and the state at `target`.
fn with_lifecycle(
    object: &mut Map<String, Value>,
    status: Status<'_>,
    state: Option<(StatusAt<'_>, Release)>,
) {
    object.extend(status_json(status));
    object.insert(
        "lifecycle".into(),
        lifecycle::timeline(status)
            .iter()
            .map(|step| {
                json!({
                    "status": step.status.as_str(),
                    "version": step.version,
                    "release_name": step.release_name,
                    "message": step.message,
                })
            })
            .collect(),
    );
    object.insert("summary".into(), lifecycle::describe(status).into());
    if let Some((state, target)) = state {
        let (kind, status, first, last) = match state {
            StatusAt::InForce(status) => ("in_force", Some(status), None, None),
            StatusAt::Unrecorded { first_recorded } => {
                ("unrecorded", Some(first_recorded), None, None)
            }
            StatusAt::NotYetAvailable { first } => ("not_yet_available", None, first, None),
            StatusAt::Removed { last } => ("removed", None, None, Some(last)),
        };
        object.insert(
            "at".into(),
            json!({
                "release": target.version(),
                "state": kind,
                "status": status.map(|status| status.kind().as_str()),
                "first": first.map(Release::version),
                "last": last.map(Release::version),
            }),
        );
    }
}

fn type_json(resource_type: ResourceType<'_>, target: Option<Release>) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("kind".into(), "resource_type".into());
    object.insert("type".into(), resource_type.name().into());
    with_lifecycle(
        &mut object,
        resource_type.status(),
        target.map(|target| (resource_type.status_at(target), target)),
    );
    object.insert("description".into(), resource_type.description().into());
    object.insert("placeholder".into(), resource_type.is_placeholder().into());
    object.insert(
        "dynamic_attributes".into(),
        resource_type.has_dynamic_attributes().into(),
    );
    object.insert(
        "properties".into(),
        Value::Object(
            resource_type
                .properties()
                .map(|property| {
                    (
                        property.name().to_owned(),
                        Value::Object(property_json(property, target, false)),
                    )
                })
                .collect(),
        ),
    );
    object.insert(
        "attributes".into(),
        Value::Object(
            resource_type
                .attributes()
                .map(|attribute| {
                    (
                        attribute.name().to_owned(),
                        Value::Object(attribute_json(attribute, target)),
                    )
                })
                .collect(),
        ),
    );
    object
}

/// A property with its schema; `top` marks the object asked for (which
/// also names its type).
fn property_json(property: Property<'_>, target: Option<Release>, top: bool) -> Map<String, Value> {
    let mut object = Map::new();
    if top {
        object.insert("kind".into(), "property".into());
        object.insert("type".into(), property.owner().name().into());
    }
    object.insert("path".into(), property.path().into());
    object.insert("value_type".into(), property.value_type().as_str().into());
    object.insert("required".into(), property.required().into());
    object.insert("update_allowed".into(), property.update_allowed().into());
    object.insert("immutable".into(), property.immutable().into());
    object.insert(
        "default".into(),
        property.default_value().unwrap_or(Value::Null),
    );
    object.insert("description".into(), property.description().into());
    with_lifecycle(
        &mut object,
        property.status(),
        target.map(|target| (property.status_at(target), target)),
    );
    object.insert(
        "schema".into(),
        if property.has_schema() {
            Value::Object(
                property
                    .children()
                    .map(|child| {
                        (
                            child.name().to_owned(),
                            Value::Object(property_json(child, target, false)),
                        )
                    })
                    .collect(),
            )
        } else {
            Value::Null
        },
    );
    object
}

fn attribute_json(attribute: Attribute<'_>, target: Option<Release>) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("kind".into(), "attribute".into());
    object.insert("type".into(), attribute.owner().name().into());
    object.insert("name".into(), attribute.name().into());
    object.insert("value_type".into(), attribute.value_type().into());
    object.insert("description".into(), attribute.description().into());
    with_lifecycle(
        &mut object,
        attribute.status(),
        target.map(|target| (attribute.status_at(target), target)),
    );
    object
}

#[cfg(test)]
mod tests {
    use super::*;

    const PORT: &str = "heat_template_version: 2013-05-23\nresources:\n  port: # é\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n";

    fn builtin() -> Source<'static> {
        Source::new(None, None)
    }

    #[test]
    fn lint_gives_byte_and_utf16_offsets() {
        let findings = lint(PORT, &builtin()).unwrap();
        let finding = &findings[0];
        assert_eq!(finding["code"], "HW202");
        let bytes = PORT.find("network_id").unwrap();
        assert_eq!(finding["offset"], bytes);
        // `é` is two bytes and one UTF-16 unit.
        assert_eq!(finding["from"], bytes - 1);
        assert_eq!(finding["to"], bytes - 1 + "network_id".len());
        assert_eq!(finding["line"], 6);
        assert_eq!(finding["fix"]["edits"][0]["content"], "network");
    }

    #[test]
    fn fix_applies_only_the_codes_asked_for() {
        let none = fix(PORT, false, Some(&["HW101".to_owned()]), &builtin()).unwrap();
        assert_eq!(none["text"], PORT);
        let all = fix(
            PORT,
            false,
            Some(&["hidden-property".to_owned()]),
            &builtin(),
        )
        .unwrap();
        assert_eq!(all["text"], PORT.replace("network_id", "network"));
        assert_eq!(all["applied"][0]["code"], "HW202");
    }

    #[test]
    fn bad_arguments_say_what_was_expected() {
        let error = lint(PORT, &Source::new(Some("Nonesuch"), None)).unwrap_err();
        assert!(error.0.starts_with("options.target: "), "{}", error.0);
        let error = fix(PORT, false, Some(&["HW9".to_owned()]), &builtin()).unwrap_err();
        assert!(error.0.contains("expected rule codes"), "{}", error.0);
        let error = lint(PORT, &Source::new(None, Some("[1]"))).unwrap_err();
        assert!(error.0.starts_with("options.catalog: "), "{}", error.0);
        let codes = vec!["HW202".to_owned(); MAX_CODES + 1];
        let error = fix(PORT, false, Some(&codes), &builtin()).unwrap_err();
        assert!(error.0.contains("limits.maxCodes"), "{}", error.0);
    }

    #[test]
    fn oversized_text_is_refused_naming_the_limit() {
        let text = " ".repeat(MAX_INPUT_BYTES + 1);
        let error = lint(&text, &builtin()).unwrap_err();
        assert!(
            error.0.contains(&MAX_INPUT_BYTES.to_string()),
            "{}",
            error.0
        );
    }

    #[test]
    fn lookup_finds_types_properties_and_attributes() {
        let port = lookup("OS::Neutron::Port", Lookup::Type, &builtin()).unwrap();
        assert_eq!(port["kind"], "resource_type");
        assert!(port["properties"]["network"].is_object());
        let hidden = lookup(
            "OS::Neutron::Port",
            Lookup::Property("network_id"),
            &builtin(),
        )
        .unwrap();
        assert_eq!(hidden["status"], "HIDDEN");
        assert_eq!(hidden["previous_status"]["status"], "DEPRECATED");
        let attribute = lookup(
            "OS::Nova::Server",
            Lookup::Attribute("first_address"),
            &builtin(),
        )
        .unwrap();
        assert_eq!(attribute["kind"], "attribute");
        assert_eq!(
            lookup("OS::Nope::Nothing", Lookup::Type, &builtin()).unwrap(),
            Value::Null
        );
    }

    #[test]
    fn catalog_leaves_hidden_types_out_unless_asked() {
        let visible = catalog(false, &builtin()).unwrap();
        let all = catalog(true, &builtin()).unwrap();
        let hidden = |list: &Value| {
            list.as_array()
                .unwrap()
                .iter()
                .filter(|entry| entry["status"] == "HIDDEN")
                .count()
        };
        assert_eq!(hidden(&visible), 0);
        assert!(hidden(&all) > 0);
    }
}
