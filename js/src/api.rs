//! The JavaScript API in plain Rust: every function takes strings and
//! answers with a JSON value or an [`ApiError`] whose message names the
//! argument at fault and what was expected. Positions are given three ways:
//! 1-based line and column (in characters, as the CLI's JSON output counts
//! them), byte offsets (`offset`, `end_offset`) and UTF-16 offsets (`from`,
//! `to`, what JavaScript strings and editors index by).

use std::cell::RefCell;
use std::rc::Rc;

use heatwise_core::catalog::{limits::MAX_CATALOG_BYTES, Catalog, StatusKind, TypeResolution};
use heatwise_core::fixer::{fix_all, FixOptions};
use heatwise_core::json::{self, diagnostic_json, InForceAs};
use heatwise_core::lint::{lint as lint_text, LintOptions, Rule};
use heatwise_core::release::{Release, MAX_RELEASE_TEXT};
use heatwise_core::stack::Registry;
use heatwise_core::syntax::MAX_INPUT_BYTES;
use heatwise_core::text::Positions;
use heatwise_core::time::UtcTime;
use heatwise_orc::OptionField;
use serde_json::{json, Value};

/// Most entries in `fix`'s `codes` list: there are far fewer rules, so a
/// longer list is a mistake.
pub const MAX_CODES: usize = 256;
/// The longest type name, property path or attribute name `lookup` takes.
pub const MAX_NAME_BYTES: usize = 1024;

/// A refused call: the message says which argument and what was expected.
#[derive(Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

/// Most environment texts `lint` and `fix` take.
pub const MAX_ENVIRONMENTS: usize = 32;

/// What to check against: the `target`, `catalog` and `environments`
/// options.
pub struct Source<'a> {
    target: Option<&'a str>,
    catalog: Option<&'a str>,
    environments: &'a [String],
    now: Option<UtcTime>,
}

impl<'a> Source<'a> {
    pub fn new(target: Option<&'a str>, catalog: Option<&'a str>) -> Self {
        Self {
            target,
            catalog,
            environments: &[],
            now: None,
        }
    }

    /// The moment of the lint, for the checks that compare with Heat's
    /// clock (a Barbican `expiration`); without it they are not judged.
    pub fn with_now(mut self, now: Option<UtcTime>) -> Self {
        self.now = now;
        self
    }

    /// The environment files the template is deployed with, in order:
    /// their `resource_registry` decides what types it creates.
    pub fn with_environments(mut self, environments: &'a [String]) -> Self {
        self.environments = environments;
        self
    }

    /// The environments' registry, laid over each other in order.
    fn registry(&self) -> Result<Registry, ApiError> {
        if self.environments.len() > MAX_ENVIRONMENTS {
            return Err(ApiError(format!(
                "options.environments: {} texts; at most {MAX_ENVIRONMENTS} \
                 (limits.maxEnvironments) are accepted",
                self.environments.len()
            )));
        }
        let mut registry = Registry::default();
        for (index, text) in self.environments.iter().enumerate() {
            if text.len() > MAX_INPUT_BYTES {
                return Err(ApiError(format!(
                    "options.environments[{index}]: the environment is {} bytes; at most \
                     {MAX_INPUT_BYTES} bytes (limits.maxTextBytes) are accepted",
                    text.len()
                )));
            }
            registry.load(&heatwise_core::template::parse(text));
        }
        Ok(registry)
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
        "maxOrcParameters": MAX_ORC_PARAMETERS,
        "maxEnvironments": MAX_ENVIRONMENTS,
        "maxOrcEnvironments": MAX_ORC_ENVIRONMENTS,
        "maxOrcFiles": MAX_ORC_FILES,
        "maxOrcFindings": heatwise_orc::MAX_FINDINGS,
    })
}

/// The findings of a template or environment, sorted by position.
pub fn lint(text: &str, source: &Source<'_>) -> Result<Value, ApiError> {
    check_text(text)?;
    let target = source.target()?;
    let registry = source.registry()?;
    source.with_catalog(|catalog| {
        let options = LintOptions {
            registry: Some(&registry),
            now: source.now,
            ..LintOptions::new(catalog).with_target(target)
        };
        let diagnostics = lint_text(text, &options);
        let positions = Positions::new(text);
        Value::Array(
            diagnostics
                .iter()
                .map(|d| json!(diagnostic_json(&positions, d)))
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
    let registry = source.registry()?;
    source.with_catalog(|catalog| {
        let options = FixOptions {
            lint: LintOptions {
                registry: Some(&registry),
                now: source.now,
                ..LintOptions::new(catalog).with_target(target)
            },
            unsafe_fixes,
            codes,
        };
        let outcome = fix_all(text, &options);
        let positions = Positions::new(&outcome.text);
        json!({
            "text": outcome.text,
            "applied": outcome.applied.iter().map(|applied| json!({
                "code": applied.rule.code(),
                "name": applied.rule.name(),
                "title": applied.title,
            })).collect::<Vec<_>>(),
            "skipped": outcome.skipped.iter().map(|skipped| json!({
                "code": skipped.rule.code(),
                "name": skipped.rule.name(),
                "title": skipped.title,
                "reason": skipped.reason,
            })).collect::<Vec<_>>(),
            "remaining": outcome.remaining.iter()
                .map(|d| json!(diagnostic_json(&positions, d)))
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
    let mut rules = Vec::new();
    for code in codes {
        // A retired code stands for the rules it became.
        let matching = Rule::matching(code);
        if matching.is_empty() {
            return Err(ApiError(format!(
                "options.codes: expected rule codes or names (e.g. \"HW202\", \
                 \"hidden-property\"), got {}",
                quoted(code)
            )));
        }
        rules.extend(matching);
    }
    Ok(rules)
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
        let target = catalog.release_for(target);
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
            TypeResolution::Aliased { alias, .. } => json::alias(alias),
            _ => Value::Null,
        };
        // The API has always given the status in force at the target by
        // its kind alone (`StatusAtTarget` in index.d.ts).
        let target = target.map(|release| json::Target {
            release,
            in_force_as: InForceAs::Kind,
        });
        let mut object = match what {
            Lookup::Type => json::resource_type(resource_type, target),
            Lookup::Property(path) => match resource_type.property(path) {
                Some(property) => {
                    let mut object = json::property(property, target);
                    object.insert("kind".into(), "property".into());
                    object.insert("type".into(), resource_type.name().into());
                    object
                }
                None => return Value::Null,
            },
            Lookup::Attribute(name) => match resource_type.attribute(name) {
                Some(attribute) => json::attribute(attribute, target),
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
        let mut rows = Vec::new();
        for (resource_type, status) in catalog.types_at(target) {
            if !hidden && status.is_some_and(|status| status.kind() == StatusKind::Hidden) {
                continue;
            }
            rows.push(json::listing_entry(resource_type, status));
        }
        Value::Array(rows)
    })
}

/// Most `-P`-style parameters `toOrc` takes.
pub const MAX_ORC_PARAMETERS: usize = heatwise_orc::MAX_PARAMETERS;
/// Most environment texts `toOrc` takes.
pub const MAX_ORC_ENVIRONMENTS: usize = heatwise_orc::request::MAX_ENVIRONMENTS;
/// Most files (nested templates) `toOrc` takes.
pub const MAX_ORC_FILES: usize = heatwise_orc::request::MAX_FILES;

/// The stack as ORC manifests (see `heatwise_orc::request`): `options` is
/// JSON `{namespace, credentials: {secretName, cloudName}, parameters?:
/// {name: value}, environments?: [text], files?: {path: text},
/// stackResources?: text}`: `files` the nested templates by their paths
/// relative to the template (the environments are beside it), expanded as
/// `heatwise orc` expands them; `stackResources` the JSON of `openstack
/// stack resource list -f json` for a hand-over.
pub fn to_orc(text: &str, options: &str) -> Result<Value, ApiError> {
    check_text(text)?;
    let reader = &mut serde_json::Deserializer::from_str(options);
    let mut request: heatwise_orc::Request = serde_path_to_error::deserialize(reader)
        .map_err(|e| ApiError(format!("options.{}: {}", e.path(), e.inner())))?;
    for (name, value) in &request.parameters {
        check_name("options.parameters", name)?;
        check_text(value)?;
    }
    for path in request.files.keys() {
        check_name("options.files", path)?;
    }
    let environments = request.environments.iter().map(|e| match e {
        heatwise_orc::request::Environment::Text(text) => text,
        heatwise_orc::request::Environment::File { text, .. } => text,
    });
    for text in environments
        .chain(request.files.values())
        .chain(&request.stack_resources)
    {
        check_text(text)?;
    }
    request.template = text.to_owned();
    let answer = heatwise_orc::answer(&request).map_err(|problems| {
        let said: Vec<String> = (problems.iter())
            .map(|problem| {
                let (field, limit) = match problem.field {
                    OptionField::Namespace => ("options.namespace", ""),
                    OptionField::SecretName => ("options.credentials.secretName", ""),
                    OptionField::CloudName => ("options.credentials.cloudName", ""),
                    OptionField::Parameter => ("options.parameters", " (limits.maxOrcParameters)"),
                    OptionField::Environments => {
                        ("options.environments", " (limits.maxOrcEnvironments)")
                    }
                    OptionField::Files => ("options.files", " (limits.maxOrcFiles)"),
                    OptionField::StackResources => ("options.stackResources", ""),
                };
                match problem.value.as_str() {
                    "" => format!("{field}: {}{limit}", problem.says),
                    value => format!("{field}: {} {}", quoted(value), problem.says),
                }
            })
            .collect();
        ApiError(said.join("; "))
    })?;
    Ok(orc_answer(&answer))
}

/// An answer as `toOrc` returns it: positions in bytes and UTF-16.
fn orc_answer(answer: &heatwise_orc::Answer) -> Value {
    let export = &answer.export;
    let mut positions = std::collections::HashMap::new();
    let findings: Vec<Value> = (export.findings.iter())
        .map(|finding| {
            let (place, text) = answer.place(finding);
            let file = match place {
                heatwise_orc::Place::Template => json!("template"),
                heatwise_orc::Place::Environment(index) => json!({ "environment": index }),
                heatwise_orc::Place::File(path) => json!({ "path": path }),
            };
            let positions =
                (positions.entry(text.as_ptr())).or_insert_with(|| Positions::new(text));
            let mut value = json!({
                "code": finding.code.as_str(),
                "name": finding.code.name(),
                "severity": finding.severity().as_str(),
                "message": finding.message,
                "file": file,
            });
            if let (Value::Object(map), Ok(Value::Object(location))) = (
                &mut value,
                serde_json::to_value(positions.location(finding.range)),
            ) {
                map.extend(location);
            }
            value
        })
        .collect();
    let objects: Vec<Value> = (export.objects.iter())
        .map(|o| {
            json!({
                "kind": o.kind.as_str(),
                "name": o.name,
                "resource": o.resource,
                "manifest": o.manifest(&export.namespace).to_json(),
            })
        })
        .collect();
    json!({
        "yaml": heatwise_orc::render::yaml(export),
        "objects": objects,
        "findings": findings,
        "complete": export.is_complete(),
        "plan": {
            "waves": export.plan.waves,
            "cycles": export.plan.cycles,
        },
        "heatGraph": {
            "edges": (export.heat_graph.edges.iter())
                .map(|(resource, deps)| {
                    let on = deps.iter().map(|(name, how)| json!({"resource": name, "via": how}));
                    json!({ "resource": resource, "dependsOn": on.collect::<Vec<_>>() })
                })
                .collect::<Vec<_>>(),
            "waves": export.heat_graph.waves,
            "cycles": export.heat_graph.cycles,
        },
        "planText": heatwise_orc::render::plan(export),
    })
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
    fn environments_map_types_for_lint_and_fix() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: My::Port\n    properties:\n      network_id: net\n";
        let environments = vec!["resource_registry:\n  My::Port: OS::Neutron::Port\n".to_owned()];
        let mapped = Source::new(None, None).with_environments(&environments);
        assert_eq!(lint(text, &builtin()).unwrap(), json!([]));
        assert_eq!(lint(text, &mapped).unwrap()[0]["code"], "HW202");
        let fixed = fix(text, false, None, &mapped).unwrap();
        assert_eq!(fixed["text"], text.replace("network_id", "network"));
        let many = vec![String::new(); MAX_ENVIRONMENTS + 1];
        let error = lint(text, &Source::new(None, None).with_environments(&many)).unwrap_err();
        assert!(error.0.contains("limits.maxEnvironments"), "{}", error.0);
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
        // The fields the CLI's `catalog show` gives too.
        assert_eq!(hidden["translation_rules"][0]["rule"], "Replace");
        assert_eq!(
            hidden["translation_rules"][0]["value_path"][0],
            "network_id"
        );
        assert_eq!(hidden["available"][0][0], "5.0.0");
        assert_eq!(hidden["mentions"], json!([]));
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

    #[test]
    fn to_orc_expands_groups_of_nested_templates_as_the_cli_does() {
        // The stack fixture the export's own tests check against Heat's
        // requests: a cluster holding a group of node templates.
        let root = include_str!("../../orc/tests/fixtures/nested_group/template.yaml");
        let options = serde_json::json!({
            "namespace": "apps",
            "credentials": {"secretName": "clouds", "cloudName": "openstack"},
            "files": {
                "cluster.yaml": include_str!("../../orc/tests/fixtures/nested_group/cluster.yaml"),
                "node.yaml": include_str!("../../orc/tests/fixtures/nested_group/node.yaml"),
            },
        })
        .to_string();
        let result = to_orc(root, &options).unwrap();
        assert_eq!(result["complete"], true, "{result}");
        let names: Vec<&str> = (result["objects"].as_array().unwrap().iter())
            .filter_map(|o| o["name"].as_str())
            .collect();
        for member in ["cluster-nodes-0-port", "cluster-nodes-1-server"] {
            assert!(names.contains(&member), "{member}: {names:?}");
        }
    }

    #[test]
    fn to_orc_reads_a_groups_attributes_from_its_members_as_the_cli_does() {
        // The fixture whose user data Heat's own create was recorded for.
        let root = include_str!("../../orc/tests/fixtures/group_outputs/template.yaml");
        let worker = include_str!("../../orc/tests/fixtures/group_outputs/worker.yaml");
        let options = serde_json::json!({
            "namespace": "apps",
            "credentials": {"secretName": "clouds", "cloudName": "openstack"},
            "files": {"worker.yaml": worker},
        })
        .to_string();
        let result = to_orc(root, &options).unwrap();
        assert_eq!(result["complete"], true, "{result}");
        let yaml = result["yaml"].as_str().unwrap();
        assert!(
            yaml.contains("echo 10.20.0.10,10.20.0.11 > /etc/workers"),
            "{yaml}"
        );
        assert!(yaml.contains("echo 10.20.0.10 > /etc/first"), "{yaml}");
    }

    #[test]
    fn to_orc_exports_manifests_and_findings_with_positions() {
        let text = "heat_template_version: 2018-08-31\nresources:\n  app_net:\n    type: OS::Neutron::Net\n  g:\n    type: OS::Heat::None\n";
        let options = r#"{"namespace": "apps", "credentials": {"secretName": "clouds", "cloudName": "openstack"}}"#;
        let result = to_orc(text, options).unwrap();
        assert_eq!(result["objects"][0]["name"], "app-net");
        assert_eq!(
            result["objects"][0]["manifest"]["spec"]["managementPolicy"],
            "managed"
        );
        assert!(result["yaml"].as_str().unwrap().contains("kind: Network"));
        assert_eq!(result["findings"][0]["code"], "ORC001");
        assert_eq!(result["findings"][0]["line"], 6);
        assert_eq!(result["complete"], false);
        let bad = to_orc(
            text,
            r#"{"namespace": "Apps!", "credentials": {"secretName": "c", "cloudName": "o"}}"#,
        );
        assert!(bad.unwrap_err().0.contains("options.namespace"));
        // A hand-over: the running stack's network imported by its ID.
        let rows = r#"[{"resource_name": "app_net", "physical_resource_id": "0b7e2f0a-0001-4c1b-9d7e-0a0000000001", "resource_type": "OS::Neutron::Net", "resource_status": "CREATE_COMPLETE"}]"#;
        let options = serde_json::json!({"namespace": "apps", "credentials": {"secretName": "clouds", "cloudName": "openstack"}, "stackResources": rows}).to_string();
        let handed = to_orc(text, &options).unwrap();
        let spec = &handed["objects"][0]["manifest"]["spec"];
        assert_eq!(spec["managementPolicy"], "unmanaged");
        assert_eq!(spec["import"]["id"], "0b7e2f0a-0001-4c1b-9d7e-0a0000000001");
        // A nested template given by its path: its resources become
        // objects of their own, its findings say their file.
        let stack = "heat_template_version: 2018-08-31\nresources:\n  app:\n    type: nested/app.yaml\n    properties: {size: 2}\n";
        let nested = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\n  name: {type: string}\nresources:\n  data:\n    type: OS::Cinder::Volume\n    properties: {size: {get_param: size}}\n";
        let options = serde_json::json!({"namespace": "apps", "credentials": {"secretName": "clouds", "cloudName": "openstack"}, "files": {"nested/app.yaml": nested}}).to_string();
        let expanded = to_orc(stack, &options).unwrap();
        assert_eq!(expanded["objects"][0]["name"], "app-data");
        assert_eq!(
            expanded["objects"][0]["manifest"]["spec"]["resource"]["size"],
            2
        );
        assert_eq!(expanded["findings"][0]["code"], "ORC004");
        assert_eq!(expanded["findings"][0]["file"]["path"], "nested/app.yaml");
        assert_eq!(expanded["findings"][0]["line"], 4);
        let absolute = serde_json::json!({"namespace": "apps", "credentials": {"secretName": "c", "cloudName": "o"}, "files": {"/etc/app.yaml": nested}}).to_string();
        assert!(to_orc(stack, &absolute)
            .unwrap_err()
            .0
            .contains("options.files"));
        let broken = serde_json::json!({"namespace": "apps", "credentials": {"secretName": "c", "cloudName": "o"}, "stackResources": "{}"}).to_string();
        assert!(to_orc(text, &broken)
            .unwrap_err()
            .0
            .contains("options.stackResources"));
    }
}
