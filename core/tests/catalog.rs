//! The catalog: the built-in data pinned at Heat 27.0.1, reading JSON,
//! queries, life cycle and validation, against fixtures with expected
//! outputs under tests/fixtures/catalog/.
//!
//! Expected outputs are regenerated with `HEATWISE_BLESS=1 cargo test -p
//! heatwise-core --test catalog` (review the diff before committing).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use heatwise_core::catalog::{
    validate, Catalog, CatalogError, PropertyType, Severity, Status, StatusAt, StatusKind,
    TypeResolution, BUILTIN_BYTES, BUILTIN_HEAT_VERSION,
};
use heatwise_core::release::Release;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/catalog")
}

fn release(text: &str) -> Release {
    Release::parse(text).unwrap()
}

fn chain_text(status: Status<'_>) -> String {
    status
        .chain()
        .map(|status| {
            let mut text = status.describe();
            if let Some(class) = status.substitute_class() {
                let types: Vec<&str> = status.substitute_types().collect();
                write!(text, " [substitute {class} = {}]", types.join(", ")).unwrap();
            }
            text
        })
        .collect::<Vec<_>>()
        .join(" ← ")
}

#[test]
fn types_at_lists_what_heat_registers_at_a_release() {
    let catalog = Catalog::builtin();
    let newest: Vec<_> = catalog.types_at(None).collect();
    assert_eq!(newest.len(), 201);
    let named = |release_text: &str, name: &str| {
        catalog
            .types_at(Some(release(release_text)))
            .find(|(t, _)| t.name() == name)
            .map(|(_, status)| status.map(|s| s.kind()))
    };
    // SoftwareDeploymentGroup arrived in Liberty.
    assert_eq!(named("Kilo", "OS::Heat::SoftwareDeploymentGroup"), None);
    assert_eq!(
        named("Liberty", "OS::Heat::SoftwareDeploymentGroup"),
        Some(Some(StatusKind::Supported))
    );
    assert_eq!(
        named("27.0.1", "OS::Nova::FloatingIP"),
        Some(Some(StatusKind::Hidden))
    );
}

#[test]
fn heat_bin_is_up_to_date_with_heat_json() {
    let json_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog/heat.json");
    let json = std::fs::read_to_string(&json_path).unwrap();
    let rebuilt = Catalog::from_json(&json).unwrap().to_postcard();
    assert!(
        rebuilt == BUILTIN_BYTES,
        "core/catalog/heat.bin is stale relative to core/catalog/heat.json: \
         regenerate it with `cargo run -p heatwise-core --example build_catalog` \
         (or `cargo xtask catalog`) and rebuild"
    );
}

/// The browser editor's embedded catalog is the same without descriptions.
#[test]
fn heat_lean_bin_is_heat_json_without_descriptions() {
    use heatwise_core::catalog::document::Document;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let json = std::fs::read_to_string(root.join("catalog/heat.json")).unwrap();
    let lean = Document::from_json(&json).unwrap().without_descriptions();
    let rebuilt = Catalog::from_document(&lean).unwrap().to_postcard();
    assert!(
        rebuilt == std::fs::read(root.join("catalog/heat-lean.bin")).unwrap(),
        "core/catalog/heat-lean.bin is stale relative to core/catalog/heat.json: \
         regenerate it with `cargo run -p heatwise-core --example build_catalog`"
    );
    let lean = Catalog::from_postcard(&rebuilt).unwrap();
    let full = Catalog::builtin();
    assert_eq!(lean.types().len(), full.types().len());
    let port = lean.resource_type("OS::Neutron::Port").unwrap();
    assert_eq!(port.description(), None);
    assert!(full
        .resource_type("OS::Neutron::Port")
        .unwrap()
        .description()
        .is_some());
}

#[test]
fn template_versions_bin_is_template_versions_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let json = std::fs::read_to_string(root.join("catalog/template-versions.json")).unwrap();
    let compiled = heatwise_core::template::versions::compile_versions(&json).unwrap();
    assert!(
        compiled == std::fs::read(root.join("catalog/template-versions.bin")).unwrap(),
        "core/catalog/template-versions.bin is stale relative to template-versions.json: \
         regenerate it with `cargo run -p heatwise-core --example build_catalog`"
    );
    assert!(heatwise_core::template::hot_template_version("2018-08-31").is_some());
}

#[test]
fn the_version_the_command_line_names_is_the_builtin_catalogs() {
    assert_eq!(
        Catalog::builtin().heat_version(),
        Some(BUILTIN_HEAT_VERSION),
        "core/catalog/heat.bin describes another Heat release than \
         catalog::BUILTIN_HEAT_VERSION says: update the constant"
    );
}

#[test]
fn known_types_are_the_builtin_catalogs() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog/known-types.txt");
    let expected = heatwise_core::catalog::known::known_types_text(Catalog::builtin());
    if std::env::var("HEATWISE_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &expected).unwrap();
    }
    assert!(
        heatwise_core::catalog::known::BUILTIN_KNOWN_TYPES == expected,
        "core/catalog/known-types.txt is stale: HEATWISE_BLESS=1 cargo test -p heatwise-core --test catalog, then rebuild"
    );
    let catalog = Catalog::builtin();
    for name in [
        "OS::Neutron::Net",
        "OS::Heat::None",
        "OS::Ceilometer::Alarm",
        "OS::Quantum::Net",
        "AWS::CloudWatch::Alarm",
        "OS::Nova::FloatingIP",
    ] {
        assert!(heatwise_core::catalog::known::builtin_knows(name), "{name}");
        assert!(catalog.resolve_type(name).is_some(), "{name}");
    }
    assert!(!heatwise_core::catalog::known::builtin_knows(
        "Site::Neutron::Router"
    ));
}

#[test]
fn builtin_counts_at_heat_27_0_1() {
    let catalog = Catalog::builtin();
    let at = release("27.0.1");
    assert_eq!(catalog.heat_release(), Some(at));
    let mut types = BTreeMap::new();
    let mut properties = BTreeMap::new();
    let mut attributes = BTreeMap::new();
    let mut rules = 0;
    for resource_type in catalog.types() {
        let Some(status) = resource_type.status_at(at).in_force() else {
            continue;
        };
        *types.entry(status.kind()).or_insert(0) += 1;
        if !resource_type.is_placeholder_at(at) {
            rules += resource_type.translation_rules().len();
        }
        for property in resource_type.all_properties() {
            if let Some(status) = property.status_at(at).in_force() {
                *properties.entry(status.kind()).or_insert(0) += 1;
            }
        }
        for attribute in resource_type.attributes() {
            if let Some(status) = attribute.status_at(at).in_force() {
                *attributes.entry(status.kind()).or_insert(0) += 1;
            }
        }
    }
    let counts = |map: &BTreeMap<StatusKind, usize>| {
        StatusKind::ALL.map(|kind| map.get(&kind).copied().unwrap_or(0))
    };
    // SUPPORTED, DEPRECATED, HIDDEN, UNSUPPORTED
    assert_eq!(counts(&types), [157, 1, 38, 5], "types");
    assert_eq!(types.values().sum::<usize>(), 201);
    assert_eq!(counts(&properties), [1569, 7, 21, 2], "properties");
    assert_eq!(properties.values().sum::<usize>(), 1599);
    assert_eq!(counts(&attributes), [564, 3, 2, 1], "attributes");
    assert_eq!(attributes.values().sum::<usize>(), 570);
    assert_eq!(rules, 116, "translation rules");
}

/// An object named as in the fixtures: `TYPE`, `TYPE.property.path` or
/// `TYPE#attribute`.
enum Object<'a> {
    Type(heatwise_core::catalog::ResourceType<'a>),
    Property(heatwise_core::catalog::Property<'a>),
    Attribute(heatwise_core::catalog::Attribute<'a>),
}

impl<'a> Object<'a> {
    fn find(catalog: &'a Catalog, name: &str) -> Object<'a> {
        if let Some((type_name, attribute)) = name.split_once('#') {
            let resource_type = catalog.resource_type(type_name).unwrap();
            return Object::Attribute(resource_type.attribute(attribute).unwrap());
        }
        match name.split_once('.') {
            Some((type_name, path)) => Object::Property(
                catalog
                    .resource_type(type_name)
                    .unwrap()
                    .property(path)
                    .unwrap_or_else(|| panic!("no property {name}")),
            ),
            None => Object::Type(
                catalog
                    .resource_type(name)
                    .unwrap_or_else(|| panic!("no type {name}")),
            ),
        }
    }

    fn status(&self) -> Status<'a> {
        match self {
            Object::Type(object) => object.status(),
            Object::Property(object) => object.status(),
            Object::Attribute(object) => object.status(),
        }
    }

    fn status_at(&self, release: Release) -> StatusAt<'a> {
        match self {
            Object::Type(object) => object.status_at(release),
            Object::Property(object) => object.status_at(release),
            Object::Attribute(object) => object.status_at(release),
        }
    }
}

fn status_at_text(answer: StatusAt<'_>) -> String {
    match answer {
        StatusAt::InForce(status) => status.describe(),
        StatusAt::Unrecorded { first_recorded } => format!(
            "registered; no status recorded before {}",
            first_recorded.describe()
        ),
        StatusAt::NotYetAvailable { first: Some(first) } => {
            format!("not yet available (first {first})")
        }
        StatusAt::NotYetAvailable { first: None } => "not yet available".to_owned(),
        StatusAt::Removed { last } => format!("removed after {last}"),
    }
}

fn fixture_lines(name: &str) -> Vec<String> {
    std::fs::read_to_string(fixtures().join(name))
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn builtin_chains_match_the_snapshot() {
    let catalog = Catalog::builtin();
    let mut out = String::new();
    for name in fixture_lines("builtin-chains.txt") {
        let object = Object::find(catalog, &name);
        writeln!(out, "{name}: {}", chain_text(object.status())).unwrap();
    }
    heatwise_test_support::assert_snapshot(&fixtures().join("builtin-chains.expected"), &out);
}

#[test]
fn builtin_status_at_releases() {
    let catalog = Catalog::builtin();
    let mut failures = Vec::new();
    for line in fixture_lines("builtin-status-at.txt") {
        let (query, expected) = line.split_once(" => ").unwrap();
        let (name, at) = query.split_once(" @ ").unwrap();
        let actual = status_at_text(Object::find(catalog, name).status_at(release(at)));
        if actual != expected {
            failures.push(format!(
                "{query}\n  expected {expected}\n  actual   {actual}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn builtin_types_resolve_through_aliases() {
    let catalog = Catalog::builtin();
    let resolved = |name: &str| match catalog.resolve_type(name) {
        None => "unknown".to_owned(),
        Some(TypeResolution::Registered(found)) => format!("registered {}", found.name()),
        Some(TypeResolution::Aliased {
            alias,
            resource_type,
        }) => format!(
            "{} via {} alias {} → {}",
            resource_type.name(),
            alias.kind.as_str(),
            alias.name,
            alias.target
        ),
        Some(TypeResolution::Template { alias }) => format!("template {}", alias.target),
    };
    assert_eq!(resolved("OS::Neutron::Net"), "registered OS::Neutron::Net");
    assert_eq!(
        resolved("OS::Quantum::Net"),
        "OS::Neutron::Net via glob alias OS::Quantum* → OS::Neutron*"
    );
    assert_eq!(
        resolved("OS::Ceilometer::Alarm"),
        "OS::Aodh::Alarm via type alias OS::Ceilometer::Alarm → OS::Aodh::Alarm"
    );
    assert_eq!(
        resolved("AWS::CloudWatch::Alarm"),
        "template file:///etc/heat/templates/AWS_CloudWatch_Alarm.yaml"
    );
    assert_eq!(resolved("OS::Quantum::NoSuchThing"), "unknown");
    assert_eq!(resolved("OS::Nova::Nothing"), "unknown");
    let dynamic = |name| {
        catalog
            .resource_type(name)
            .unwrap()
            .has_dynamic_attributes()
    };
    assert!(dynamic("OS::Heat::ResourceGroup"));
    assert!(!dynamic("OS::Neutron::Port"));
}

#[test]
fn builtin_property_paths_through_lists_and_maps() {
    let port = Catalog::builtin()
        .resource_type("OS::Neutron::Port")
        .unwrap();
    let explicit = port.property("fixed_ips.*.subnet_id").unwrap();
    assert_eq!(explicit.path(), "fixed_ips.*.subnet_id");
    assert_eq!(port.property("fixed_ips.subnet_id"), Some(explicit));
    assert_eq!(port.property("fixed_ips.3.subnet_id"), Some(explicit));
    // Heat's own data: the deprecation is dated "2014.2 ", trailing space included.
    assert_eq!(
        explicit.status().previous().unwrap().version(),
        Some("2014.2 ")
    );
    assert_eq!(
        explicit.status().previous().unwrap().release(),
        Some(release("2014.2"))
    );
    let items = port.property("fixed_ips.*").unwrap();
    assert_eq!(items.value_type(), PropertyType::Map);
    assert_eq!(items.parent().unwrap().name(), "fixed_ips");
    assert_eq!(port.property("fixed_ips.nothing"), None);
    assert_eq!(port.property("nothing"), None);
    assert_eq!(port.property(""), None);
    assert_eq!(port.property("binding:vnic_type.x"), None);
    let vnic = port.property("binding:vnic_type").unwrap();
    let allowed: Vec<String> = vnic
        .allowed_values()
        .unwrap()
        .iter()
        .map(|value| value.as_str().unwrap().to_owned())
        .collect();
    assert!(allowed.contains(&"direct".to_owned()), "{allowed:?}");
    assert_eq!(vnic.default_value(), Some(serde_json::json!("normal")));
    assert!(vnic.update_allowed());
    // A map's keys, two levels down.
    let server = Catalog::builtin()
        .resource_type("OS::Nova::Server")
        .unwrap();
    let image = server.property("block_device_mapping_v2.image_id").unwrap();
    assert_eq!(image.path(), "block_device_mapping_v2.*.image_id");
    let rules: Vec<String> = port
        .translation_rules_for("fixed_ips.subnet_id")
        .iter()
        .map(|rule| {
            format!(
                "{:?} {}",
                rule.kind(),
                rule.path().collect::<Vec<_>>().join(".")
            )
        })
        .collect();
    assert_eq!(rules, ["Replace fixed_ips.subnet"]);
    let rules: Vec<String> = port
        .translation_rules_for("network")
        .iter()
        .map(|rule| {
            format!(
                "{:?} {}",
                rule.kind(),
                rule.path().collect::<Vec<_>>().join(".")
            )
        })
        .collect();
    assert_eq!(rules, ["Replace network", "Resolve network"]);
    assert_eq!(port.translation_rules_for("network_id").len(), 1);
}

#[test]
fn builtin_is_valid_postcard_and_survives_damage() {
    let bytes = BUILTIN_BYTES;
    // Every truncation and a sweep of flipped bytes: errors, never panics.
    for cut in (0..bytes.len()).step_by(997) {
        assert!(
            Catalog::from_postcard(&bytes[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    for position in (0..bytes.len()).step_by(1_499) {
        let mut damaged = bytes.to_vec();
        damaged[position] ^= 0xA5;
        if let Ok(catalog) = Catalog::from_postcard(&damaged) {
            // Whatever decodes must be safe to walk.
            for resource_type in catalog.types() {
                let _ = resource_type.name();
                for property in resource_type.all_properties() {
                    let _ = (property.path(), property.status().chain().count());
                }
                let _ = resource_type.attributes().count();
                let _ = resource_type.translation_rules().count();
            }
        }
    }
}

#[test]
fn json_and_postcard_round_trips_keep_everything() {
    let json =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog/heat.json"))
            .unwrap();
    let document = heatwise_core::catalog::Document::from_json(&json).unwrap();
    let catalog = Catalog::from_document(&document).unwrap();
    assert_eq!(catalog.to_document(), document);
    let rewritten = document.to_json_value().to_string();
    assert_eq!(
        heatwise_core::catalog::Document::from_json(&rewritten).unwrap(),
        document
    );
    let decoded = Catalog::from_postcard(&catalog.to_postcard()).unwrap();
    assert_eq!(decoded.to_document(), document);
}

#[test]
fn small_catalog_queries() {
    let text = std::fs::read_to_string(fixtures().join("small.json")).unwrap();
    let catalog = Catalog::from_json(&text).unwrap();
    assert_eq!(catalog.types().len(), 4);
    assert_eq!(catalog.heat_version(), Some("8.0.0"));
    assert_eq!(catalog.history().len(), 4);
    let port = catalog.resolve_type("OS::Quantum::Port").unwrap();
    assert_eq!(port.alias().unwrap().name, "OS::Quantum*");
    let port = port.resource_type().unwrap();
    assert_eq!(port.name(), "OS::Neutron::Port");
    let subnet_id = port.property("fixed_ips.subnet_id").unwrap();
    assert_eq!(subnet_id.path(), "fixed_ips.*.subnet_id");
    assert_eq!(subnet_id.owner(), port);
    assert_eq!(
        port.property("binding.profile").unwrap().value_type(),
        PropertyType::Map
    );
    assert_eq!(
        port.property("binding").unwrap().default_value(),
        Some(serde_json::json!({"profile": {}}))
    );
    assert_eq!(port.all_properties().count(), 9);
    let names: Vec<&str> = port
        .attributes()
        .map(|attribute| attribute.name())
        .collect();
    assert_eq!(names, ["fixed_ips", "show"]);
    assert!(port.attribute("nothing").is_none());
    let entities: Vec<_> = port
        .translation_rules()
        .filter_map(|rule| rule.entity())
        .collect();
    assert_eq!(
        entities,
        [
            heatwise_core::catalog::Entity::Named("network"),
            heatwise_core::catalog::Entity::Property("vnic_type")
        ]
    );
    // A type alias wins over a type the history says is gone; with a gap.
    let gone = catalog.resource_type("OS::Gone::Thing").unwrap();
    let at = |text| status_at_text(gone.status_at(release(text)));
    assert_eq!(at("6.0.0"), "SUPPORTED since 2014.1 (Icehouse)");
    assert_eq!(at("7.0.0"), "removed after 6.0.0 (Mitaka)");
    assert_eq!(at("8.0.0"), "SUPPORTED since 2014.1 (Icehouse)");
    assert_eq!(at("9.0.0"), "SUPPORTED since 2014.1 (Icehouse)");
    assert!(matches!(
        catalog.resolve_type("OS::Gone::Thing"),
        Some(TypeResolution::Registered(_))
    ));
    let late = catalog.resource_type("OS::Late::Thing").unwrap();
    assert_eq!(
        status_at_text(late.status_at(release("6.0.0"))),
        "not yet available (first 7.0.0 (Newton))"
    );
    assert_eq!(
        status_at_text(late.status_at(release("7.0.0"))),
        "UNSUPPORTED since 6.0.0 (Mitaka)"
    );
    assert!(late.is_placeholder_at(release("8.0.0")));
    assert!(!late.is_placeholder_at(release("7.0.0")));
    let substitute: Vec<&str> = late.status().substitute_types().collect();
    assert_eq!(substitute, ["OS::Neutron::Net"]);
}

#[test]
fn catalogs_without_history_follow_the_chain() {
    let text = std::fs::read_to_string(fixtures().join("show-plugin.json")).unwrap();
    let catalog = Catalog::from_resource_type_show(&text).unwrap();
    let volume = catalog.resource_type("My::Plugin::Volume").unwrap();
    let at = |text| status_at_text(volume.status_at(release(text)));
    assert_eq!(at("23.0.0"), "not yet available (first 24.0.0 (2025.1))");
    assert_eq!(at("25.0.0"), "SUPPORTED since 24.0.0 (2025.1)");
    assert_eq!(
        at("26.0.0"),
        "DEPRECATED since 26.0.0 (2026.1): Use OS::Cinder::Volume instead."
    );
    let size = volume.property("size").unwrap();
    assert_eq!(size.value_type(), PropertyType::Integer);
    assert!(size.required());
    assert_eq!(
        size.constraints().next().unwrap().kind().as_deref(),
        Some("Range")
    );
    let kind = volume.property("kind").unwrap();
    assert!(kind.immutable());
    assert_eq!(
        kind.allowed_values(),
        Some(vec![serde_json::json!("fast"), serde_json::json!("cheap")])
    );
    assert_eq!(volume.property("tags.key").unwrap().path(), "tags.*.key");
    assert_eq!(
        volume.attribute("status").unwrap().value_type(),
        Some("string")
    );
    let document = catalog.to_document();
    heatwise_test_support::assert_snapshot(
        &fixtures().join("show-plugin.expected.json"),
        &(serde_json::to_string_pretty(&document.to_json_value()).unwrap() + "\n"),
    );
}

#[test]
fn layering_keeps_builtin_history() {
    let text = std::fs::read_to_string(fixtures().join("show-plugin.json")).unwrap();
    let plugin = Catalog::from_resource_type_show(&text).unwrap();
    let port_text = r#"{"resource_type": "OS::Neutron::Port", "properties": {"network": {"type": "string"}, "site_tag": {"type": "string"}}, "attributes": {}}"#;
    let port = Catalog::from_resource_type_show(port_text).unwrap();
    let layered = Catalog::builtin()
        .layered(&plugin)
        .unwrap()
        .layered(&port)
        .unwrap();
    assert_eq!(layered.types().len(), Catalog::builtin().types().len() + 1);
    assert!(layered.resource_type("My::Plugin::Volume").is_some());
    let port = layered.resource_type("OS::Neutron::Port").unwrap();
    // The operator's schema wins: two properties only.
    assert_eq!(port.properties().len(), 2);
    let builtin_port = Catalog::builtin()
        .resource_type("OS::Neutron::Port")
        .unwrap();
    let ranges = |available: Option<heatwise_core::catalog::Availability<'_>>| {
        available.map(|available| available.ranges().collect::<Vec<_>>())
    };
    assert_eq!(ranges(port.available()), ranges(builtin_port.available()));
    assert_eq!(
        ranges(port.property("network").unwrap().available()),
        ranges(builtin_port.property("network").unwrap().available())
    );
    assert_eq!(ranges(port.property("site_tag").unwrap().available()), None);
    assert_eq!(layered.history(), Catalog::builtin().history());
}

#[test]
fn malformed_catalogs_say_what_and_where() {
    let mut out = String::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(fixtures().join("invalid"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    names.sort();
    assert!(names.len() >= 10);
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let error: CatalogError = Catalog::from_json(&text).expect_err("must be refused");
        writeln!(
            out,
            "{}: {error}",
            path.file_name().unwrap().to_string_lossy()
        )
        .unwrap();
    }
    let huge = " ".repeat(heatwise_core::catalog::limits::MAX_CATALOG_BYTES + 1);
    writeln!(out, "(huge): {}", Catalog::from_json(&huge).unwrap_err()).unwrap();
    heatwise_test_support::assert_snapshot(&fixtures().join("invalid.expected"), &out);
}

fn findings_text(catalog: &Catalog, also_known: Option<&Catalog>) -> String {
    validate(catalog, also_known)
        .iter()
        .map(|finding| format!("{finding}\n"))
        .collect()
}

#[test]
fn lifecycle_validation_finds_each_kind_of_mistake() {
    let text = std::fs::read_to_string(fixtures().join("lifecycle-mistakes.json")).unwrap();
    let catalog = Catalog::from_json(&text).unwrap();
    let findings = validate(&catalog, None);
    assert!(findings
        .iter()
        .all(|finding| !finding.object.starts_with("My::Clean::Type")
            && !finding.object.starts_with("My::Other::Type")));
    for code in [
        "transition",
        "version-backwards",
        "version-whitespace",
        "hidden-too-soon",
        "no-substitute",
        "substitute-unknown",
        "version-missing",
        "version-future",
        "version-invalid",
        "registered-before-version",
        "chain-start",
    ] {
        assert!(
            findings.iter().any(|finding| finding.code == code),
            "no {code} finding"
        );
    }
    assert!(findings
        .iter()
        .any(|finding| finding.severity == Severity::Error));
    heatwise_test_support::assert_snapshot(
        &fixtures().join("lifecycle-mistakes.findings"),
        &findings_text(&catalog, None),
    );
}

#[test]
fn lifecycle_validation_of_heat_itself() {
    heatwise_test_support::assert_snapshot(
        &fixtures().join("builtin.findings"),
        &findings_text(Catalog::builtin(), None),
    );
}
