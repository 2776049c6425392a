//! Migrations across retired resource types, with unsafe fixes: every
//! template under `fixtures/migrate/` is migrated by `fix_all` with
//! unsafe fixes; the result must equal the `.fixed` file beside it, and
//! what was applied and what remains the `.fixes` file
//! (`HEATWISE_BLESS=1 cargo test -p heatwise-core --test migration_fixtures`
//! rewrites both). The migrated text keeps every comment, converges, and
//! has no HIDDEN or placeholder type left.
//!
//! Each fixture's `.heat.json` holds what Heat 27.0.1 makes of the original
//! and of the migrated text (`tools/heat_oracle/record_fixtures.py`; the
//! CloudFormation one is openstack/heat-templates' `cfn/F17/VPN_Service`): Heat
//! builds every migrated resource, and each one's properties are the old
//! resource's under the mapping `docs/migrations.md` documents, written
//! out here as data, independent of the code that makes the edits.

mod common;

use common::{comments, fixtures, with_suffix};
use heatwise_test_support as support;

use std::fmt::Write;

use heatwise_core::catalog::Catalog;
use heatwise_core::fixer::{fix_all, FixOptions};
use heatwise_core::lint::{lint, LintOptions, Rule};
use serde_json::{json, Map, Value};

const RECORD_COMMAND: &str = ".venv/bin/python tools/heat_oracle/record_fixtures.py";

fn options() -> FixOptions<'static> {
    FixOptions {
        unsafe_fixes: true,
        ..FixOptions::new(LintOptions::new(Catalog::builtin()))
    }
}

#[test]
fn fixtures_migrate_to_their_snapshots() {
    for path in fixtures("migrate") {
        let text = std::fs::read_to_string(&path).expect("fixture is readable");
        let outcome = fix_all(&text, &options());
        assert!(outcome.converged, "{}: did not converge", path.display());
        support::assert_snapshot(&with_suffix(&path, ".fixed"), &outcome.text);
        let mut log = String::new();
        for applied in &outcome.applied {
            writeln!(log, "applied {} {}", applied.rule.code(), applied.title).unwrap();
        }
        for d in &outcome.remaining {
            writeln!(log, "remains {} {}", d.code(), d.message).unwrap();
        }
        writeln!(log, "rounds {}", outcome.rounds).unwrap();
        support::assert_snapshot(&with_suffix(&path, ".fixes"), &log);

        let fixed = &outcome.text;
        assert_eq!(
            comments(&text),
            comments(fixed),
            "{}: comments differ",
            path.display()
        );
        assert_eq!(
            &fix_all(fixed, &options()).text,
            fixed,
            "{}: not settled",
            path.display()
        );
        let retired: Vec<String> = lint(fixed, &options().lint)
            .into_iter()
            .filter(|d| {
                matches!(
                    d.rule,
                    Rule::HiddenResourceType
                        | Rule::PlaceholderResourceType
                        | Rule::UnavailableResourceType
                        | Rule::DeprecatedResourceType
                )
            })
            .map(|d| d.message)
            .collect();
        assert!(
            retired.is_empty(),
            "{}: retired types left: {retired:?}",
            path.display()
        );
    }
}

/// What Heat gives one resource: `{type, properties, unknown_values?}`.
type Resources = Map<String, Value>;

/// The resource named by `get_resource` (`Ref` in CloudFormation).
fn get_resource(value: &Value) -> Option<&str> {
    value
        .get("get_resource")
        .or_else(|| value.get("Ref"))?
        .as_str()
}

/// The migrated resources as the documented mapping says they must be,
/// from Heat's reading of the original.
fn expected(original: &Resources) -> Resources {
    let mut out = Resources::new();
    // Changes one resource makes to another: (resource, property, value).
    let mut moved_in: Vec<(String, &'static str, Value)> = Vec::new();
    for (name, old) in original {
        let old_type = old["type"].as_str().unwrap_or_default();
        let properties = &old["properties"];
        let written = old.get("unknown_values").unwrap_or(&Value::Null);
        let new = match old_type {
            t if t.starts_with("OS::Neutron::LBaaS::") => json!({
                "type": t.replace("OS::Neutron::LBaaS::", "OS::Octavia::"),
                "properties": written,
            }),
            // A placeholder whose message names a successor with the same
            // properties.
            "OS::Designate::Domain" => json!({
                "type": "OS::Designate::Zone",
                "properties": written,
            }),
            // LBaaS v1: the pool with its VIP becomes a load balancer, a
            // listener and a pool; its monitors and members follow it.
            "OS::Neutron::Pool" => {
                let vip = &written["vip"];
                let subnet = written.get("subnet").or_else(|| written.get("subnet_id"));
                let pick = |from: &Value, pairs: &[(&str, &str)]| -> Map<String, Value> {
                    pairs
                        .iter()
                        .filter_map(|(old, new)| Some(((*new).to_owned(), from.get(*old)?.clone())))
                        .collect()
                };
                let load_balancer = format!("{name}_loadbalancer");
                let listener = format!("{name}_listener");
                let mut lb = pick(
                    vip,
                    &[
                        ("address", "vip_address"),
                        ("name", "name"),
                        ("description", "description"),
                        ("admin_state_up", "admin_state_up"),
                    ],
                );
                lb.insert(
                    "vip_subnet".into(),
                    vip.get("subnet").or(subnet).cloned().expect("a subnet"),
                );
                out.insert(
                    load_balancer.clone(),
                    json!({"type": "OS::Octavia::LoadBalancer", "properties": lb}),
                );
                let mut li = pick(
                    vip,
                    &[
                        ("protocol_port", "protocol_port"),
                        ("connection_limit", "connection_limit"),
                    ],
                );
                li.insert("protocol".into(), written["protocol"].clone());
                li.insert(
                    "loadbalancer".into(),
                    json!({"get_resource": load_balancer}),
                );
                out.insert(
                    listener.clone(),
                    json!({"type": "OS::Octavia::Listener", "properties": li}),
                );
                let mut pool = pick(
                    written,
                    &[
                        ("lb_method", "lb_algorithm"),
                        ("protocol", "protocol"),
                        ("name", "name"),
                        ("description", "description"),
                        ("admin_state_up", "admin_state_up"),
                    ],
                );
                pool.extend(pick(vip, &[("session_persistence", "session_persistence")]));
                pool.insert("listener".into(), json!({"get_resource": listener}));
                for monitor in written["monitors"].as_array().into_iter().flatten() {
                    let monitor = get_resource(monitor).expect("a monitor of the template");
                    let mut properties = original[monitor]["unknown_values"]
                        .as_object()
                        .cloned()
                        .unwrap_or_default();
                    properties.insert("pool".into(), json!({"get_resource": name}));
                    out.insert(
                        monitor.to_owned(),
                        json!({"type": "OS::Octavia::HealthMonitor", "properties": properties}),
                    );
                }
                for (member_name, member) in original {
                    let values = &member["unknown_values"];
                    if member["type"] != "OS::Neutron::PoolMember"
                        || get_resource(&values["pool_id"]) != Some(name)
                    {
                        continue;
                    }
                    let mut properties = values.as_object().cloned().unwrap_or_default();
                    let pool_id = properties.remove("pool_id").expect("pool_id");
                    properties.insert("pool".into(), pool_id);
                    properties.insert("subnet".into(), subnet.cloned().expect("the pool's subnet"));
                    out.insert(
                        member_name.clone(),
                        json!({"type": "OS::Octavia::PoolMember", "properties": properties}),
                    );
                }
                json!({"type": "OS::Octavia::Pool", "properties": pool})
            }
            // Moved with their pool, above.
            "OS::Neutron::PoolMember" | "OS::Neutron::HealthMonitor" => continue,
            "OS::Nova::FloatingIP" => json!({
                "type": "OS::Neutron::FloatingIP",
                "properties": {"floating_network": properties["pool"]},
            }),
            "OS::Nova::FloatingIPAssociation" => {
                let server =
                    get_resource(&properties["server_id"]).expect("a server of the template");
                let entry = &original[server]["properties"]["networks"][0];
                match entry.get("port") {
                    Some(port) => json!({
                        "type": "OS::Neutron::FloatingIPAssociation",
                        "properties": {"floatingip_id": properties["floating_ip"], "port_id": port},
                    }),
                    None => {
                        moved_in.push((
                            server.to_owned(),
                            "floating_ip",
                            properties["floating_ip"].clone(),
                        ));
                        continue;
                    }
                }
            }
            "OS::Neutron::RouterGateway" => {
                let router =
                    get_resource(&properties["router_id"]).expect("a router of the template");
                moved_in.push((
                    router.to_owned(),
                    "external_gateway_info",
                    json!({"network": properties["network"]}),
                ));
                continue;
            }
            _ => json!({"type": old_type, "properties": properties}),
        };
        out.insert(name.clone(), new);
    }
    for (name, property, value) in moved_in {
        let properties = out
            .get_mut(&name)
            .and_then(|r| r["properties"].as_object_mut())
            .expect("the resource a migration moves into has properties");
        match property {
            // The server's one network entry associates the address.
            "floating_ip" => {
                properties["networks"][0]["floating_ip"] = value;
            }
            _ => {
                properties.insert(property.to_owned(), value);
            }
        }
    }
    out
}

#[test]
fn heat_builds_the_migrated_resources_with_the_documented_mapping() {
    for path in fixtures("migrate") {
        let record_path = with_suffix(&path, ".heat.json");
        let record: Value =
            serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap_or_else(|_| {
                panic!(
                    "{} is missing; record it with {RECORD_COMMAND}",
                    record_path.display()
                )
            }))
            .expect("the record is JSON");
        let original = std::fs::read(&path).unwrap();
        let fixed = std::fs::read(with_suffix(&path, ".fixed")).unwrap();
        for (side, bytes) in [("original", &original), ("fixed", &fixed)] {
            assert_eq!(
                record[side]["fnv1a64"].as_str(),
                Some(heatwise_test_support::fnv1a64(bytes).as_str()),
                "{}: the {side} text changed since it was recorded; re-record with {RECORD_COMMAND}",
                path.display()
            );
            assert_eq!(
                record[side]["error"],
                Value::Null,
                "{}: Heat refused the {side} text",
                path.display()
            );
            assert_eq!(
                record[side]["skipped"],
                json!({}),
                "{}: Heat skipped resources",
                path.display()
            );
        }
        let before = record["original"]["resources"]
            .as_object()
            .expect("resources");
        let after = record["fixed"]["resources"].as_object().expect("resources");
        for (name, new) in after {
            assert!(
                new.get("error").is_none(),
                "{}: Heat cannot build `{name}`: {}",
                path.display(),
                new["error"]
            );
            assert!(
                new.get("unknown_properties").is_none(),
                "{}: `{name}` has properties its type does not: {}",
                path.display(),
                new["unknown_properties"]
            );
        }
        let expected = expected(before);
        let strip = |resources: &Resources| -> Resources {
            resources
                .iter()
                .map(|(name, r)| {
                    (
                        name.clone(),
                        json!({"type": r["type"], "properties": r["properties"]}),
                    )
                })
                .collect()
        };
        assert_eq!(
            strip(&expected),
            strip(after),
            "{}: Heat's reading of the migrated text is not the documented mapping of the original",
            path.display()
        );
    }
}
