//! What ORC is asked to create, against what Heat asks for: for each
//! resource of the ORC fixtures whose request Heat builds from its
//! properties, `tools/heat_oracle/record_create_bodies.py` recorded the
//! calls Heat 27.0.1's own `handle_create` makes on its (stubbed) client, in
//! `fixtures/create-bodies.heat.json`. Here each exported object is read
//! as the request ORC v2.6.0's controller makes of it (the `CreateResource`
//! of its actuator, `internal/controllers/<kind>/actuator.go`: networks,
//! subnets, routers, ports, floating IPs, security groups and their rules,
//! trunks, volumes and their types, flavors, server groups, key pairs,
//! Keystone's domains, projects, roles, groups, users, services and
//! endpoints, and servers with their ports), and each
//! field of Heat's request must be there with the same meaning, or the
//! export must report the difference at the resource (the export's
//! promise: what it cannot carry over is a finding at its place).
//!
//! Meaning, not spelling: a field the service defaults the same way when it
//! is left out is the same left out (Neutron's `admin_state_up: true`, …);
//! numbers written as text are numbers; a name Heat generates (`null` here,
//! with no stack stored) and the object's name are both generated names; a
//! reference is the resource (or the pre-existing name or ID) it names.

mod common;

use heatwise_core::stack::Stack;
use heatwise_core::template;
use heatwise_orc::manifest::{Kind, Object};
use heatwise_orc::{export, export_stack, Credentials, Export, Options};
use heatwise_test_support::fnv1a64;
use serde_json::{json, Map, Value};

/// What Heat's recording writes for an address Neutron gave a port.
const GIVEN_ADDRESS: &str = "<the address Neutron gave the port>";

const RERECORD: &str = "run .venv/bin/python tools/heat_oracle/record_create_bodies.py";

/// A fixture Heat's requests were recorded for, exported as the fixtures
/// test exports it (with its environment and `#! -P` parameters).
struct Recorded {
    name: String,
    text: String,
    case: Value,
    result: Export,
}

/// Every fixture of the record, checked to be the one Heat read.
fn recorded() -> Vec<Recorded> {
    let dir = common::root().join("tests/fixtures");
    let record: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("create-bodies.heat.json")).unwrap(),
    )
    .unwrap();
    let cases = record["cases"].as_array().unwrap();
    (cases.iter())
        .map(|case| {
            let name = case["fixture"].as_str().unwrap().to_owned();
            if let Some(stack) = name.strip_suffix('/') {
                return recorded_stack(&dir.join(stack), case);
            }
            let text = std::fs::read_to_string(dir.join(&name)).unwrap();
            assert_eq!(
                fnv1a64(text.as_bytes()),
                case["template_fnv1a64"].as_str().unwrap(),
                "{name} changed since Heat's requests were recorded: {RERECORD}"
            );
            let stem = name.trim_end_matches(".yaml");
            let environment = std::fs::read_to_string(dir.join(format!("{stem}.env.yaml"))).ok();
            let environments: Vec<&str> = environment.iter().map(String::as_str).collect();
            let result = export(&text, &environments, &options(&text));
            Recorded {
                name,
                text,
                case: case.clone(),
                result,
            }
        })
        .collect()
}

/// A stack fixture of the record (its files checked to be those Heat
/// read), exported as `heatwise orc` gathers it; its resources are
/// recorded by their path (`cluster/nodes/0/port`).
fn recorded_stack(dir: &std::path::Path, case: &Value) -> Recorded {
    for (file, hash) in case["files_fnv1a64"].as_object().unwrap() {
        let text = std::fs::read(dir.join(file)).unwrap();
        assert_eq!(
            fnv1a64(&text),
            hash.as_str().unwrap(),
            "{} changed since Heat's requests were recorded: {RERECORD}",
            dir.join(file).display()
        );
    }
    let url = |name: &str| format!("file://{}", dir.join(name).display());
    let environments: Vec<String> = (dir.join("env.yaml").is_file())
        .then(|| url("env.yaml"))
        .into_iter()
        .collect();
    let stack = Stack::gather(&url("template.yaml"), &environments, &common::Disk);
    let text = stack.files[0].text.to_string();
    let result = export_stack(&stack, &options(&text));
    Recorded {
        name: case["fixture"].as_str().unwrap().to_owned(),
        text,
        case: case.clone(),
        result,
    }
}

#[test]
fn exported_objects_ask_for_what_heat_asks_for_or_say_why_not() {
    let mut tally = Tally::default();
    for Recorded {
        name,
        text,
        case,
        result,
    } in recorded()
    {
        let parsed = template::parse(&text);
        let recorded = case["resources"].as_object().unwrap();
        for (resource, heat) in recorded {
            if heat["type"] == "OS::Nova::Server" {
                continue; // Compared with its ports, below.
            }
            let Some(heat_request) = heat_request(heat) else {
                continue; // Heat could not build it with stubbed clients.
            };
            let object = object_of(&result, resource, heat["type"].as_str().unwrap());
            // A nested stack's resource is found by its path, or the
            // export lacks the object.
            assert!(
                object.is_some() || !resource.contains('/'),
                "{name}: no object for {resource}, which Heat creates"
            );
            let Some(object) = object else {
                continue; // Left out, and reported as such (fixtures.rs).
            };
            let mut heat_request = heat_request;
            if object.kind == Kind::FloatingIP {
                associate(&mut heat_request, resource, recorded);
            }
            let mut orc = orc_request(object, &result);
            understood(&mut heat_request, &mut orc, &result);
            if object.kind == Kind::Port && !port_security(&heat_request, object, &result) {
                // Neutron gives a port without port security no group.
                heat_request.entry("security_groups").or_insert(json!([]));
            }
            let at = At {
                fixture: &name,
                export: &result,
                parsed: &parsed,
                resource,
            };
            if object.kind == Kind::SecurityGroup {
                let heat_rules = heat_rules(resource, heat, recorded);
                let orc_rules = orc_rules(object, &result);
                tally.rules(&at, &heat_rules, &orc_rules, recorded);
            }
            compare_all(&heat_request, &orc, &mut |key, heat_value, orc_value| {
                let same = alike(key, heat_value, orc_value);
                tally.field(&at, (key, heat_value, orc_value), same, &words_of(key));
            });
        }
    }
    tally.end("Heat's requests", (526, 499));
}

/// Where the Heat server created a stack fixture, a resource it lists
/// (nested stacks' too) but made nothing for has no object either: a
/// type Heat's registry maps to `OS::Heat::None` for every resource once
/// one resource's own entry says so (`registry_scoped/`).
#[test]
fn what_the_heat_server_did_not_make_is_not_exported() {
    // Types Heat makes with a POST the fake cloud records (an interface or
    // an association is a PUT on what exists).
    let posted = [
        "OS::Neutron::Net",
        "OS::Neutron::Subnet",
        "OS::Neutron::Port",
        "OS::Neutron::Router",
        "OS::Neutron::SecurityGroup",
        "OS::Neutron::FloatingIP",
        "OS::Nova::Server",
    ];
    let mut checked = 0;
    for Recorded {
        name, case, result, ..
    } in recorded()
    {
        if case["by"] != "the Heat server" {
            continue;
        }
        let made = case["resources"].as_object().unwrap();
        for (path, written) in case["listed"].as_object().unwrap() {
            let written = written.as_str().unwrap();
            if !posted.contains(&written) || made.contains_key(path) {
                continue;
            }
            checked += 1;
            assert!(
                object_of(&result, path, written).is_none(),
                "{name}: {path} is exported, but the Heat server made nothing for it"
            );
        }
    }
    assert!(
        checked >= 3,
        "{checked} resources the Heat server did not make"
    );
}

/// The resource whose request is compared, and where.
struct At<'a> {
    fixture: &'a str,
    export: &'a Export,
    parsed: &'a template::Template<'a>,
    resource: &'a str,
}

/// The fields compared, those alike, and the differences no finding
/// explains.
#[derive(Default)]
struct Tally {
    compared: usize,
    same: usize,
    unexplained: Vec<String>,
    /// Fields compared and alike, by fixture.
    by_fixture: std::collections::BTreeMap<String, (usize, usize)>,
}

impl Tally {
    /// One field of a request: alike, reported (a finding about the
    /// resource says one of `words`), or unexplained.
    fn field(
        &mut self,
        at: &At<'_>,
        (key, heat, orc): (&str, &Value, &Value),
        same: bool,
        words: &[&str],
    ) {
        self.compared += 1;
        let fixture = self.by_fixture.entry(at.fixture.to_owned()).or_default();
        fixture.0 += 1;
        fixture.1 += usize::from(same);
        let difference = format!(
            "{}: {}.{key}: Heat asks for {heat}, ORC for {orc}",
            at.fixture, at.resource
        );
        if same {
            self.same += 1;
        } else if reported_property(at.export, at.parsed, at.resource, words) {
            // A long value (a multipart message) is shown by its start.
            let shown: String = difference.chars().take(400).collect();
            eprintln!("reported: {shown}");
        } else {
            self.unexplained.push(format!(
                "{difference}, and nothing is reported of its {words:?}"
            ));
        }
    }

    /// A group's rules, one by one: each rule Heat's group holds is ORC's
    /// too, or a finding says a rule of the group is not exported (one
    /// finding for each rule missing); ORC holds no rule Heat's lacks.
    fn rules(&mut self, at: &At<'_>, heat: &[Value], orc: &[Value], recorded: &Map<String, Value>) {
        let mut extra = orc.to_vec();
        let mut missing = Vec::new();
        for rule in heat {
            match extra.iter().position(|r| r == rule) {
                Some(found) => {
                    extra.remove(found);
                }
                None => missing.push(rule),
            }
        }
        self.compared += heat.len();
        self.same += heat.len() - missing.len();
        let fixture = self.by_fixture.entry(at.fixture.to_owned()).or_default();
        fixture.0 += heat.len();
        fixture.1 += heat.len() - missing.len();
        // The rules of this group that are resources of their own.
        let standalone: Vec<&String> = (recorded.iter())
            .filter(|(_, r)| {
                r["type"] == "OS::Neutron::SecurityGroupRule"
                    && heat_request(r).is_some_and(|b| b["security_group_id"] == at.resource)
            })
            .map(|(name, _)| name)
            .collect();
        let own = format!("a rule of the property rules of {} ", at.resource);
        let reported = (at.export.findings.iter())
            .filter(|f| {
                f.message.starts_with(&own)
                    || standalone
                        .iter()
                        .any(|r| f.message.starts_with(&format!("the rule {r} ")))
            })
            .count();
        for rule in &missing {
            eprintln!(
                "reported: {}: {}: rule {rule} is not in ORC's group",
                at.fixture, at.resource
            );
        }
        if missing.len() > reported {
            self.unexplained.push(format!(
                "{}: {}: {} of Heat's rules are not in ORC's group, and {reported} findings say why: {missing:#?}",
                at.fixture,
                at.resource,
                missing.len()
            ));
        }
        if !extra.is_empty() {
            self.unexplained.push(format!(
                "{}: {}: ORC's group has rules Heat's lacks: {extra:#?}",
                at.fixture, at.resource
            ));
        }
    }

    /// Says the figures, and holds them to at least `(compared, same)`.
    fn end(self, what: &str, (compared, same): (usize, usize)) {
        for (fixture, (compared, same)) in &self.by_fixture {
            eprintln!("{fixture}: {same} of {compared} fields of {what} alike");
        }
        eprintln!(
            "{} of {} fields of {what} asked for alike by ORC",
            self.same, self.compared
        );
        assert!(
            self.compared >= compared && self.same >= same,
            "{} of {}",
            self.same,
            self.compared
        );
        assert!(self.unexplained.is_empty(), "{:#?}", self.unexplained);
    }
}

fn options(text: &str) -> Options {
    let parameters = text
        .lines()
        .filter_map(|l| l.strip_prefix("#! -P "))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    let credentials = Credentials {
        secret_name: "openstack-clouds".into(),
        cloud_name: "openstack".into(),
    };
    Options::new("demo", credentials, parameters).unwrap()
}

/// What Heat asks for: the body of its create call, by its client's
/// method, with what its later calls add (tags, extra specs, a flavor's
/// project access).
fn heat_request(heat: &Value) -> Option<Map<String, Value>> {
    let calls = heat["calls"].as_array()?;
    let mut body = create_body(calls.first()?)?;
    for call in &calls[1..] {
        match call[0].as_str()? {
            "replace_tag" => body.insert("tags".into(), call[1][2]["tags"].clone()),
            "volume_types.create.set_keys" => body.insert("extra_specs".into(), call[1][0].clone()),
            "flavors.create.set_keys" => body.insert("extra_specs".into(), call[1][0].clone()),
            "flavor_access.add_tenant_access" => {
                body.insert("projects".into(), json!([call[1][1]]))
            }
            // A group's or a user's roles, a user's groups: Keystone's
            // grants and memberships, made once it exists.
            "roles.grant" => body.insert("roles".into(), json!("<granted>")),
            "users.add_to_group" => body.insert("groups".into(), json!("<member>")),
            // Glance's web-download import of the image's data.
            "images.image_import" => body.insert("location".into(), call[2]["uri"].clone()),
            _ => None,
        };
    }
    Some(body)
}

fn create_body(call: &Value) -> Option<Map<String, Value>> {
    let (method, args, kwargs) = (call[0].as_str()?, &call[1], &call[2]);
    let body = match method {
        "create_network" => &args[0]["network"],
        "create_subnet" => &args[0]["subnet"],
        "create_router" => &args[0]["router"],
        "create_port" => &args[0]["port"],
        "create_floatingip" => &args[0]["floatingip"],
        "create_security_group" => &args[0]["security_group"],
        "create_security_group_rule" => &args[0]["security_group_rule"],
        "create_trunk" => &args[0]["trunk"],
        "volumes.create"
        | "images.create"
        | "server_groups.create"
        | "flavors.create"
        | "volume_types.create"
        | "keypairs.create"
        | "domains.create"
        | "projects.create"
        | "roles.create"
        | "groups.create"
        | "users.create"
        | "services.create"
        | "endpoints.create" => kwargs,
        _ => return None,
    };
    body.as_object().cloned()
}

/// What Neutron reads the same in the two requests, made to read alike: a
/// floating IP's network when its subnet is given (the subnet's network;
/// Neutron refuses any other), and an address without a subnet when ORC's
/// names the template's subnet of the port's network that holds it.
fn understood(heat: &mut Map<String, Value>, orc: &mut Map<String, Value>, export: &Export) {
    if orc.contains_key("subnet_id") && !orc.contains_key("floating_network_id") {
        heat.remove("floating_network_id");
    }
    if heat.get("fixed_ip_address") == Some(&json!(GIVEN_ADDRESS))
        && !orc.contains_key("fixed_ip_address")
    {
        // Heat gives the port's one address back to Neutron, which takes
        // that address when none is given.
        heat.remove("fixed_ip_address");
    }
    let (Some(Value::Array(heat_ips)), Some(Value::Array(orc_ips))) =
        (heat.get("fixed_ips").cloned(), orc.get_mut("fixed_ips"))
    else {
        return;
    };
    if heat_ips.len() != orc_ips.len() {
        return;
    }
    for (heat_ip, orc_ip) in heat_ips.iter().zip(orc_ips.iter_mut()) {
        let (Some(address), Some(subnet)) =
            (orc_ip["ip_address"].as_str(), orc_ip["subnet_id"].as_str())
        else {
            continue;
        };
        let cidr = object_of_kind(export, subnet, Kind::Subnet)
            .map(|s| s.spec.to_json()["resource"]["cidr"].clone());
        let holds = cidr
            .as_ref()
            .and_then(Value::as_str)
            .is_some_and(|cidr| in_cidr(address, cidr));
        if heat_ip.get("subnet_id").is_none() && holds {
            orc_ip.as_object_mut().map(|ip| ip.remove("subnet_id"));
        }
    }
}

/// Whether `address` is in the network `cidr`.
fn in_cidr(address: &str, cidr: &str) -> bool {
    let Some((network, prefix)) = cidr.split_once('/') else {
        return false;
    };
    let (Ok(address), Ok(network), Ok(prefix)) = (
        address.parse::<std::net::IpAddr>(),
        network.parse::<std::net::IpAddr>(),
        prefix.parse::<u32>(),
    ) else {
        return false;
    };
    let bits = |ip: std::net::IpAddr| match ip {
        std::net::IpAddr::V4(v4) => (u128::from(u32::from(v4)) << 96, 32),
        std::net::IpAddr::V6(v6) => (u128::from(v6), 128),
    };
    let ((a, width), (n, width_n)) = (bits(address), bits(network));
    if width != width_n || prefix > width {
        return false;
    }
    let mask = if prefix == 0 {
        0
    } else {
        u128::MAX << (128 - prefix)
    };
    a & mask == n & mask
}

/// A floating IP as Heat leaves it: the associations that name it
/// (`OS::Neutron::FloatingIPAssociation`, which ORC folds into the floating
/// IP) applied.
fn associate(body: &mut Map<String, Value>, ip: &str, recorded: &Map<String, Value>) {
    for (name, other) in recorded {
        let calls = other["calls"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        for call in calls {
            if call[0] == "update_floatingip" && call[1][0] == ip {
                let mut update = call[1][1]["floatingip"]
                    .as_object()
                    .cloned()
                    .unwrap_or_default();
                if let Some(port) = update.get_mut("port_id") {
                    // A server's floating IP (`networks[].floating_ip`), on
                    // the port Heat made for the entry: that interface.
                    if let Some(index) = interface_made(calls, port) {
                        *port = json!(format!("<interface {index} of {name}>"));
                    }
                }
                body.extend(update);
            }
        }
    }
}

/// The index of the interface a server's request gives the port Heat
/// made (`<port N>`) for one of its `networks` entries.
fn interface_made(calls: &[Value], port: &Value) -> Option<usize> {
    port.as_str()?.strip_prefix("<port ")?;
    let create = calls.iter().find(|c| c[0] == "servers.create")?;
    (create[2]["nics"].as_array()?)
        .iter()
        .position(|nic| &nic["port-id"] == port)
}

/// Whether a port has port security: its own `port_security_enabled`, else
/// its network's (the ORC network object's, which the comparison of
/// networks pins to Heat's).
fn port_security(body: &Map<String, Value>, port: &Object, export: &Export) -> bool {
    if let Some(own) = body.get("port_security_enabled").and_then(Value::as_bool) {
        return own;
    }
    let spec = port.spec.to_json();
    let network = spec["resource"]["networkRef"].as_str().unwrap_or_default();
    let network = export.objects.iter().find(|o| o.name == network);
    network.is_none_or(|n| n.spec.to_json()["resource"]["portSecurityEnabled"] != false)
}

/// The object a resource of `heat_type` became (the export's own mapping
/// of types to kinds; none for one folded into another object).
fn object_of<'e>(export: &'e Export, resource: &str, heat_type: &str) -> Option<&'e Object> {
    object_of_kind(export, resource, heatwise_orc::mapping(heat_type)?.kind?)
}

/// What a reference names, as Heat's request names it: the resource a
/// managed object was made from, or the name or ID a pre-existing one is
/// imported by.
fn referent(export: &Export, name: &str) -> Value {
    let Some(object) = export.objects.iter().find(|o| o.name == name) else {
        return json!(format!("<missing {name}>"));
    };
    if let Some(resource) = &object.resource {
        return json!(resource);
    }
    let spec = object.spec.to_json();
    let import = &spec["import"];
    if import["filter"] == json!({"external": true}) {
        // The one external network there is, as Heat's recording names it.
        return json!("<the external network>");
    }
    if object.is_managed() {
        // A port made for a server's `networks` entry, as Heat's recording
        // of Nova's interfaces names it.
        return interface_of(export, name).map_or(Value::Null, |(index, server)| {
            json!(format!("<interface {index} of {server}>"))
        });
    }
    import["id"]
        .as_str()
        .or(import["filter"]["name"].as_str())
        .map_or(Value::Null, |n| json!(n))
}

/// The server a port was made for, and the index of its interface.
fn interface_of<'e>(export: &'e Export, port: &str) -> Option<(usize, &'e str)> {
    export.objects.iter().find_map(|object| {
        let spec = object.spec.to_json();
        let ports = spec["resource"]["ports"].as_array()?;
        let index = ports.iter().position(|p| p["portRef"] == port)?;
        Some((index, object.resource.as_deref()?))
    })
}

/// The request ORC's controller makes of the object: its actuator's
/// `CreateResource`, field by field, in the OpenStack API's names.
fn orc_request(object: &Object, export: &Export) -> Map<String, Value> {
    let spec = object.spec.to_json();
    let r = &spec["resource"];
    let mut out = Map::new();
    let mut put = |key: &str, value: &Value| {
        if !value.is_null() {
            out.insert(key.to_owned(), value.clone());
        }
    };
    let reference = |field: &str| {
        r[field]
            .as_str()
            .map_or(Value::Null, |n| referent(export, n))
    };
    // getResourceName: spec.resource.name, else the object's name.
    put(
        "name",
        &r.get("name").cloned().unwrap_or(json!(object.name)),
    );
    // Neutron's tags, set once the resource is made.
    put("tags", &r["tags"]);
    match object.kind {
        Kind::Network => {
            for (api, field) in [
                ("description", "description"),
                ("admin_state_up", "adminStateUp"),
                ("shared", "shared"),
                ("availability_zone_hints", "availabilityZoneHints"),
                ("dns_domain", "dnsDomain"),
                ("mtu", "mtu"),
                ("port_security_enabled", "portSecurityEnabled"),
                ("router:external", "external"),
            ] {
                put(api, &r[field]);
            }
        }
        Kind::Subnet => {
            put("network_id", &reference("networkRef"));
            for (api, field) in [
                ("cidr", "cidr"),
                ("description", "description"),
                ("ip_version", "ipVersion"),
                ("enable_dhcp", "enableDHCP"),
                ("dns_nameservers", "dnsNameservers"),
                ("allocation_pools", "allocationPools"),
            ] {
                put(api, &r[field]);
            }
            match r["gateway"]["type"].as_str() {
                Some("None") => put("gateway_ip", &json!("<none>")),
                Some("IP") => put("gateway_ip", &r["gateway"]["ip"]),
                _ => {}
            }
            if let Some(routes) = r["hostRoutes"].as_array() {
                let routes: Vec<Value> = routes
                    .iter()
                    .map(|h| json!({"destination": h["destination"], "nexthop": h["nextHop"]}))
                    .collect();
                put("host_routes", &json!(routes));
            }
            put("ipv6_address_mode", &r["ipv6"]["addressMode"]);
            put("ipv6_ra_mode", &r["ipv6"]["raMode"]);
        }
        Kind::Router => {
            put("description", &r["description"]);
            put("admin_state_up", &r["adminStateUp"]);
            put("distributed", &r["distributed"]);
            put("availability_zone_hints", &r["availabilityZoneHints"]);
            if let Some(gateway) = r["externalGateways"].as_array().and_then(|g| g.first()) {
                let network = gateway["networkRef"]
                    .as_str()
                    .map_or(Value::Null, |n| referent(export, n));
                put("external_gateway_info", &json!({ "network_id": network }));
            }
        }
        Kind::Port => {
            put("network_id", &reference("networkRef"));
            put("description", &r["description"]);
            put("admin_state_up", &r["adminStateUp"]);
            put("mac_address", &r["macAddress"]);
            put("binding:vnic_type", &r["vnicType"]);
            if let Some(pairs) = r["allowedAddressPairs"].as_array() {
                let pairs: Vec<Value> = (pairs.iter())
                    .map(|p| {
                        let mut pair = json!({"ip_address": p["ip"]});
                        if !p["mac"].is_null() {
                            pair["mac_address"] = p["mac"].clone();
                        }
                        pair
                    })
                    .collect();
                put("allowed_address_pairs", &json!(pairs));
            }
            let addresses: Vec<Value> = (r["addresses"].as_array().into_iter().flatten())
                .map(|a| {
                    let mut ip = json!({});
                    if let Some(subnet) = a["subnetRef"].as_str() {
                        ip["subnet_id"] = referent(export, subnet);
                    }
                    if !a["ip"].is_null() {
                        ip["ip_address"] = a["ip"].clone();
                    }
                    ip
                })
                .collect();
            put("fixed_ips", &json!(addresses));
            let groups: Vec<Value> = (r["securityGroupRefs"].as_array().into_iter().flatten())
                .filter_map(|g| g.as_str().map(|g| referent(export, g)))
                .collect();
            put("security_groups", &json!(groups));
            match r["portSecurity"].as_str() {
                Some("Enabled") => put("port_security_enabled", &json!(true)),
                Some("Disabled") => put("port_security_enabled", &json!(false)),
                _ => {}
            }
        }
        Kind::FloatingIP => {
            out.remove("name");
            let mut put = |key: &str, value: &Value| {
                if !value.is_null() {
                    out.insert(key.to_owned(), value.clone());
                }
            };
            put("description", &r["description"]);
            put("floating_network_id", &reference("floatingNetworkRef"));
            put("subnet_id", &reference("floatingSubnetRef"));
            put("port_id", &reference("portRef"));
            put("floating_ip_address", &r["floatingIP"]);
            put("fixed_ip_address", &r["fixedIP"]);
        }
        Kind::SecurityGroup => {
            put("description", &r["description"]);
            put("stateful", &r["stateful"]);
        }
        Kind::Volume => {
            put("description", &r["description"]);
            put("size", &r["size"]);
            put("availability_zone", &r["availabilityZone"]);
            put("volume_type", &reference("volumeTypeRef"));
            put("imageRef", &reference("imageRef"));
            if let Some(pairs) = r["metadata"].as_array() {
                let map: Map<String, Value> = (pairs.iter())
                    .filter_map(|p| Some((p["name"].as_str()?.to_owned(), p["value"].clone())))
                    .collect();
                put("metadata", &Value::Object(map));
            }
        }
        Kind::Image => {
            // ORC's CreateImage, then its web-download import of the URL.
            let content = &r["content"];
            let properties = &r["properties"];
            let system = &properties["operatingSystem"];
            put("visibility", &r["visibility"]);
            put("protected", &r["protected"]);
            put("container_format", &content["containerFormat"]);
            put("disk_format", &content["diskFormat"]);
            put("location", &content["download"]["url"]);
            put(
                "min_disk",
                &properties.get("minDiskGB").cloned().unwrap_or(json!(0)),
            );
            put(
                "min_ram",
                &properties.get("minMemoryMB").cloned().unwrap_or(json!(0)),
            );
            put("architecture", &properties["architecture"]);
            put("hypervisor_type", &properties["hypervisorType"]);
            put("os_distro", &system["distro"]);
            put("os_version", &system["version"]);
        }
        Kind::ServerGroup => {
            put("policy", &r["policy"]);
            if let Some(max) = r["rules"]["maxServerPerHost"].as_i64() {
                put("rules", &json!({ "max_server_per_host": max }));
            }
        }
        Kind::Flavor => {
            put("ram", &r["ram"]);
            put("vcpus", &r["vcpus"]);
            // Always sent, 0 when not written.
            for (api, field) in [
                ("disk", "disk"),
                ("swap", "swap"),
                ("ephemeral", "ephemeral"),
            ] {
                put(api, &r.get(field).cloned().unwrap_or(json!(0)));
            }
            put("is_public", &r["isPublic"]);
            put("description", &r["description"]);
            put("flavorid", &r["id"]);
        }
        Kind::KeyPair => {
            put("public_key", &r["publicKey"]);
            put("type", &r["type"]);
        }
        Kind::Trunk => {
            put("description", &r["description"]);
            put("port_id", &reference("portRef"));
            put("admin_state_up", &r["adminStateUp"]);
            if let Some(subports) = r["subports"].as_array() {
                let subports: Vec<Value> = (subports.iter())
                    .map(|p| {
                        let port = p["portRef"].as_str().map_or(Value::Null, |n| referent(export, n));
                        json!({"port_id": port, "segmentation_type": p["segmentationType"], "segmentation_id": p["segmentationID"]})
                    })
                    .collect();
                put("sub_ports", &json!(subports));
            }
        }
        Kind::Domain | Kind::Project | Kind::Role | Kind::Group | Kind::User => {
            put("description", &r["description"]);
            put("enabled", &r["enabled"]);
            put("domain", &reference("domainRef"));
            put("tags", &r["tags"]);
            put("default_project", &reference("defaultProjectRef"));
            if let Some(secret) = r["passwordRef"].as_str() {
                let secret = export.objects.iter().find(|o| o.name == secret);
                put(
                    "password",
                    &secret.map_or(Value::Null, |s| s.spec.to_json()["password"].clone()),
                );
            }
        }
        Kind::Service | Kind::Endpoint => {
            // Keystone keeps a service's name as an extra attribute, sent
            // only when written; an endpoint has none in ORC.
            out.remove("name");
            let mut put = |key: &str, value: &Value| {
                if !value.is_null() {
                    out.insert(key.to_owned(), value.clone());
                }
            };
            for key in ["name", "description", "type", "enabled", "interface", "url"] {
                put(key, &r[key]);
            }
            put(
                "service",
                &r["serviceRef"]
                    .as_str()
                    .map_or(Value::Null, |n| referent(export, n)),
            );
        }
        Kind::VolumeType => {
            put("description", &r["description"]);
            put("is_public", &r["isPublic"]);
            if let Some(specs) = r["extraSpecs"].as_array() {
                let map: Map<String, Value> = (specs.iter())
                    .filter_map(|p| Some((p["name"].as_str()?.to_owned(), p["value"].clone())))
                    .collect();
                put("extra_specs", &Value::Object(map));
            }
        }
        _ => {}
    }
    out
}

/// Calls `each(key, heat, orc)` for every field either asks for; one left
/// out is [`ABSENT`].
fn compare_all(
    heat: &Map<String, Value>,
    orc: &Map<String, Value>,
    each: &mut dyn FnMut(&str, &Value, &Value),
) {
    let absent = json!(ABSENT);
    let keys: std::collections::BTreeSet<&String> = heat.keys().chain(orc.keys()).collect();
    for key in keys {
        let (h, o) = (
            heat.get(key).unwrap_or(&absent),
            orc.get(key).unwrap_or(&absent),
        );
        // A name Heat generates (no stack is stored here) and the object's
        // name are both names made up for the resource.
        if key == "name" && (h.is_null() || h == &absent) {
            continue;
        }
        each(key, h, o);
    }
}

/// A field a request leaves out.
const ABSENT: &str = "<absent>";

/// Whether ORC asks for what Heat asks for. A value Heat looked up
/// (`<stub>`: an image or a QoS policy by name) is alike when ORC refers to
/// something there too.
fn alike(key: &str, heat: &Value, orc: &Value) -> bool {
    if heat == "<stub>" && key != "security_groups" {
        return orc != ABSENT;
    }
    meaning(key, heat) == meaning(key, orc)
}

/// A field's value as the service reads it: what it defaults to when left
/// out, numbers written as text as numbers, Heat's lookups (`<stub>`) as
/// "given".
fn meaning(key: &str, value: &Value) -> Value {
    // Left out and `null` are alike but for a subnet's gateway.
    let value = match value {
        Value::String(s) if s == ABSENT && key == "gateway_ip" => return json!("<automatic>"),
        Value::String(s) if s == ABSENT => &Value::Null,
        other => other,
    };
    let defaulted = match (key, value) {
        // `gateway_ip: null` is no gateway, not the default one.
        ("gateway_ip", v) if v == "<none>" => return Value::Null,
        // No `fixed_ips`: an address on the network's subnet, which the
        // export names when the network has one (reported otherwise).
        ("fixed_ips", Value::Null) => return json!("<on the network's subnet>"),
        ("fixed_ips", Value::Array(ips))
            if !ips.is_empty()
                && ips
                    .iter()
                    .all(|ip| ip.get("ip_address").is_none() && ip.get("subnet_id").is_some()) =>
        {
            return json!("<on the network's subnet>")
        }
        ("admin_state_up" | "enable_dhcp" | "is_public" | "enabled", Value::Null) => json!(true),
        // Keystone's default domain: its ID is `default`, its name
        // `Default`; left out, the domain of ORC's credentials, which the
        // export's documentation says it takes (the usual `Default`).
        ("domain", Value::Null) => json!("default"),
        ("domain", Value::String(s)) if s == "Default" => json!("default"),
        ("shared" | "distributed" | "protected", Value::Null) => json!(false),
        // Glance's default visibility (since the Ocata release).
        ("visibility", Value::Null) => json!("shared"),
        ("ip_version", Value::Null) => json!(4),
        ("binding:vnic_type", Value::Null) => json!("normal"),
        ("device_id" | "device_owner" | "description", Value::Null) => json!(""),
        ("dns_nameservers" | "availability_zone_hints" | "tags", Value::Null) => json!([]),
        // Neutron gives a port the project's `default` group when it is
        // given none; Heat's looked-up groups are given ones.
        ("security_groups", Value::Null) => json!(["default"]),
        ("security_groups", Value::String(s)) if s == "<stub>" => return json!("<given>"),
        ("security_groups", Value::Array(_)) if value != &json!(["default"]) => {
            return json!("<given>")
        }
        ("rxtx_factor", Value::Null) => json!(1.0),
        ("disk" | "swap" | "ephemeral", Value::Null) => json!(0),
        ("metadata" | "meta", Value::Null) => json!({}),
        _ => value.clone(),
    };
    numbers(defaulted)
}

/// Numbers written as text read as numbers, at every depth.
fn numbers(value: Value) -> Value {
    match value {
        Value::String(s) => match s.parse::<i64>() {
            Ok(n) => json!(n),
            Err(_) => match s.parse::<f64>() {
                Ok(f) if s.contains('.') => json!(f),
                _ => Value::String(s),
            },
        },
        Value::Array(items) => Value::Array(items.into_iter().map(numbers).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, numbers(v)))
                .collect(),
        ),
        Value::Number(n) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 => json!(f as i64),
            _ => Value::Number(n),
        },
        other => other,
    }
}

/// A rule as Neutron compares rules: protocols by name, ports as numbers.
fn rule(
    direction: &Value,
    ethertype: &Value,
    protocol: &Value,
    range: (&Value, &Value),
    remote: (&Value, &Value),
    description: &Value,
) -> Value {
    let ipv6 = ethertype == "IPv6";
    let protocol = match numbers(protocol.clone()) {
        Value::Number(n) => match (n.as_i64(), ipv6) {
            (Some(1), false) => json!("icmp"),
            (Some(6), _) => json!("tcp"),
            (Some(17), _) => json!("udp"),
            // Neutron takes ICMP's number with IPv6 for IPv6's ICMP
            // (`_get_ip_proto_name_and_num`: "protocol number 1 to be 58").
            (Some(1 | 58), true) => json!("ipv6-icmp"),
            _ => Value::Number(n),
        },
        Value::String(s) if ipv6 && matches!(s.as_str(), "icmp" | "icmpv6" | "ipv6-icmp") => {
            json!("ipv6-icmp")
        }
        other => other,
    };
    // Neutron stores the whole range, 1–65535, as no range
    // (`SecurityGroupDbMixin._make_canonical_port_range`).
    let (min, max) = (numbers(range.0.clone()), numbers(range.1.clone()));
    let (min, max) = if min == json!(1) && max == json!(65535) {
        (Value::Null, Value::Null)
    } else {
        (min, max)
    };
    json!({
        "direction": direction.as_str().unwrap_or("ingress"),
        "ethertype": ethertype.as_str().unwrap_or("IPv4"),
        "protocol": protocol,
        "port_range_min": min,
        "port_range_max": max,
        "remote_ip_prefix": remote.0,
        "remote_group": remote.1,
        "description": description.as_str().unwrap_or_default(),
    })
}

/// The rules Heat leaves the group with, sorted: its own, the rules of
/// standalone rule resources for it, and Neutron's default egress rules
/// unless the group's own rules have an egress rule (Heat then deletes
/// them).
fn heat_rules(group: &str, heat: &Value, recorded: &Map<String, Value>) -> Vec<Value> {
    let mut rules = Vec::new();
    let mut own_egress = false;
    for call in heat["calls"].as_array().into_iter().flatten() {
        if call[0] != "create_security_group_rule" {
            continue;
        }
        for r in call[1][0]["security_group_rules"]
            .as_array()
            .into_iter()
            .flatten()
        {
            own_egress |= r["direction"] == "egress";
            rules.push(heat_rule(r));
        }
    }
    if !own_egress {
        for ethertype in ["IPv4", "IPv6"] {
            let none = Value::Null;
            rules.push(rule(
                &json!("egress"),
                &json!(ethertype),
                &none,
                (&none, &none),
                (&none, &none),
                &none,
            ));
        }
    }
    for other in recorded.values() {
        let Some(body) = heat_request(other) else {
            continue;
        };
        if other["type"] == "OS::Neutron::SecurityGroupRule" && body["security_group_id"] == group {
            rules.push(heat_rule(&Value::Object(body)));
        }
    }
    sorted(rules)
}

fn heat_rule(r: &Value) -> Value {
    let remote_group = r["remote_group_id"].clone();
    rule(
        &r["direction"],
        &r["ethertype"],
        &r["protocol"],
        (&r["port_range_min"], &r["port_range_max"]),
        (&r["remote_ip_prefix"], &remote_group),
        &r["description"],
    )
}

/// The rules ORC makes the group hold, sorted.
fn orc_rules(object: &Object, export: &Export) -> Vec<Value> {
    let spec = object.spec.to_json();
    let mut rules = Vec::new();
    for r in spec["resource"]["rules"].as_array().into_iter().flatten() {
        let remote_group = r["remoteGroupRef"]
            .as_str()
            .map_or(Value::Null, |n| referent(export, n));
        rules.push(rule(
            &r["direction"],
            &r["ethertype"],
            &r["protocol"],
            (&r["portRange"]["min"], &r["portRange"]["max"]),
            (&r["remoteIPPrefix"], &remote_group),
            &r["description"],
        ));
    }
    sorted(rules)
}

fn sorted(mut rules: Vec<Value>) -> Vec<Value> {
    rules.sort_by_key(Value::to_string);
    rules
}

/// RAW user data naming a software configuration: the Secret the export
/// writes holds what Heat stores for that configuration and passes to Nova
/// (`create_software_config`'s `config`, recorded). A multipart message is
/// the same but for its boundary, which Python draws at random; a
/// `#cloud-config` document is the same data to PyYAML, which cloud-init
/// reads it with.
#[test]
fn user_data_is_what_heat_passes_to_nova() {
    let mut compared = 0;
    for Recorded {
        name,
        text,
        case,
        result,
    } in recorded()
    {
        let parsed = template::parse(&text);
        let tree = parsed.tree();
        for server in parsed.resources() {
            let Some(properties) = server.definition.properties_mapping(tree) else {
                continue;
            };
            let raw = tree
                .get(properties, "user_data_format")
                .and_then(|n| tree.scalar(n));
            let config = tree
                .get(properties, "user_data")
                .and_then(|n| parsed.call_at(n))
                .filter(|call| call.name == "get_resource")
                .and_then(|call| tree.scalar(call.args));
            let (Some("RAW"), Some(config)) = (raw, config) else {
                continue;
            };
            let calls = &case["resources"][config]["calls"];
            let Some(stored) = (calls.as_array().into_iter().flatten())
                .find(|call| call[0] == "create_software_config")
                .and_then(|call| call[2]["config"].as_str())
            else {
                continue;
            };
            let secret = format!("{}-user-data", server.name.replace('_', "-"));
            let object = (result.objects.iter())
                .find(|o| o.kind == Kind::Secret && o.name == secret)
                .unwrap_or_else(|| panic!("{name}: no Secret {secret}"));
            let spec = object.spec.to_json();
            let ours = spec["value"].as_str().unwrap();
            assert_eq!(
                message_meaning(ours),
                message_meaning(stored),
                "{name}: the user data of {}:\n{ours}\n--- Heat stores:\n{stored}",
                server.name
            );
            compared += 1;
        }
    }
    assert!(compared >= 3, "{compared} user data compared");
}

/// Heat's default user data format, HEAT_CFNTOOLS: where the export gives a
/// server user data, it is the script Heat's agents run, the `cfn-userdata`
/// part of the message Heat 27.0.1's `build_userdata` makes, and a finding
/// says what the agents add; where it gives none, a finding says why.
#[test]
fn agents_user_data_is_the_script_heat_runs() {
    let mut compared = 0;
    for Recorded {
        name, case, result, ..
    } in recorded()
    {
        for (server, heat) in case["resources"].as_object().unwrap() {
            let create = (heat["calls"].as_array().into_iter().flatten())
                .find(|call| call[0] == "servers.create");
            let Some(userdata) = create.and_then(|c| c[2]["userdata"].as_str()) else {
                continue;
            };
            let meaning = message_meaning(userdata);
            let Some(parts) = meaning["multipart"].as_array() else {
                continue;
            };
            let script = parts.iter().find(|part| {
                part["headers"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("filename=\"cfn-userdata\"")
            });
            let Some(script) = script else {
                continue;
            };
            let reported = result.findings.iter().any(|f| {
                f.message
                    .starts_with(&format!("the user_data of {server} "))
                    || f.message
                        .starts_with(&format!("{server} boots with no user data"))
            });
            assert!(
                reported,
                "{name}: nothing says how {server}'s user data differs from Heat's"
            );
            let secret = format!("{}-user-data", server.replace('_', "-"));
            let Some(object) = result.objects.iter().find(|o| o.name == secret) else {
                continue;
            };
            let ours = object.spec.to_json()["value"].as_str().unwrap().to_owned();
            assert_eq!(
                document_meaning(&ours),
                script["payload"],
                "{name}: {server}'s user data is not the script Heat's agents run"
            );
            compared += 1;
        }
    }
    assert!(compared >= 1, "{compared} scripts compared");
}

/// User data as its reader takes it: a multipart message as its parts'
/// headers and meanings, its boundary aside; a `#cloud-config` document as
/// its data; other text as it is.
fn message_meaning(text: &str) -> Value {
    let boundary = text
        .strip_prefix("Content-Type: multipart/mixed; boundary=\"")
        .and_then(|rest| rest.split('"').next());
    let Some(boundary) = boundary else {
        return document_meaning(text);
    };
    let delimiter = format!("\n--{boundary}");
    let body = text.split_once("\n\n").map_or("", |(_, body)| body);
    let body = format!("\n{body}");
    let mut parts = Vec::new();
    for chunk in body.split(&delimiter).skip(1) {
        if chunk.starts_with("--") {
            break;
        }
        let chunk = chunk.strip_prefix('\n').unwrap_or(chunk);
        let (headers, payload) = chunk.split_once("\n\n").unwrap_or((chunk, ""));
        parts.push(json!({"headers": headers, "payload": document_meaning(payload)}));
    }
    json!({"multipart": parts, "ends": text.ends_with(&format!("--{boundary}--\n"))})
}

fn document_meaning(text: &str) -> Value {
    match text.strip_prefix("#cloud-config\n") {
        Some(document) => {
            let parsed = template::parse(document);
            let tree = parsed.tree();
            json!({"cloud-config": tree.root().map(|root| common::to_json(tree, root))})
        }
        None => json!(text),
    }
}

/// What a server asks Nova for (`servers.create`, and the tags Heat sets
/// once it is made) against what ORC's server controller asks for
/// (`CreateServer`, its ports made first): each field alike, or reported at
/// the server. A network Nova makes a port on (`net-id`) and a port Heat
/// makes for a network entry are each compared with the port the export
/// makes: its network, its addresses and its groups (the server's, as Nova
/// and Heat give them, else the project's `default`).
#[test]
fn servers_ask_nova_for_what_heat_asks_for_or_say_why_not() {
    let mut tally = Tally::default();
    for Recorded {
        name,
        text,
        case,
        result,
    } in recorded()
    {
        let parsed = template::parse(&text);
        for (resource, heat) in case["resources"].as_object().unwrap() {
            let calls = heat["calls"].as_array().unwrap();
            let Some(create) = calls.iter().find(|c| c[0] == "servers.create") else {
                continue;
            };
            let Some(object) = object_of_kind(&result, resource, Kind::Server) else {
                continue;
            };
            let mut heat_request = heat_server(&create[2], calls, &result);
            let mut orc = orc_server(object, &result);
            // Each interface read as Neutron reads its port's request.
            if let (Some(Value::Array(heat_nics)), Some(Value::Array(orc_nics))) =
                (heat_request.get_mut("nics"), orc.get_mut("nics"))
            {
                for (heat_nic, orc_nic) in heat_nics.iter_mut().zip(orc_nics) {
                    if let (Value::Object(heat_nic), Value::Object(orc_nic)) = (heat_nic, orc_nic) {
                        understood(heat_nic, orc_nic, &result);
                    }
                }
            }
            let at = At {
                fixture: &name,
                export: &result,
                parsed: &parsed,
                resource,
            };
            compare_all(&heat_request, &orc, &mut |key, heat_value, orc_value| {
                let same = if key == "userdata" {
                    heat_value.as_str().map(message_meaning)
                        == orc_value.as_str().map(message_meaning)
                } else {
                    alike(key, heat_value, orc_value)
                };
                tally.field(
                    &at,
                    (key, heat_value, orc_value),
                    same,
                    server_property(key),
                );
            });
        }
    }
    tally.end("Heat's server requests", (332, 316));
}

/// The words a finding about the property a field of a Neutron, Cinder or
/// Nova request comes from says: the field's name, without `_id` or an
/// extension's prefix (`provider:`), or the property it is written from.
fn words_of(key: &str) -> Vec<&str> {
    let bare = key.rsplit(':').next().unwrap_or(key);
    // `value_specs` may carry any field.
    let mut words = vec![key, bare, bare.trim_end_matches("_id"), "value_specs"];
    words.extend(match key {
        "fixed_ips" => ["fixed_ips", "address"].as_slice(),
        "external_gateway_info" => &["external_gateway_info", "enable_snat"],
        "projects" => &["tenants", "private flavor"],
        "snapshot_id" => &["snapshot"],
        "rules" => &["rule"],
        _ => &[],
    });
    words
}

/// The words a finding about the server property a field of Nova's
/// request comes from says.
fn server_property(key: &str) -> &[&str] {
    match key {
        "meta" => &["metadata"],
        // A network's port: the export reports its addresses and groups.
        "nics" => &["networks", "fixed_ips", "port"],
        "userdata" => &["user_data"],
        "disk_config" => &["diskConfig"],
        "name" => &["name"],
        "image" => &["image"],
        "flavor" => &["flavor"],
        "key_name" => &["key_name"],
        "availability_zone" => &["availability_zone"],
        "config_drive" => &["config_drive"],
        "scheduler_hints" => &["scheduler hint", "scheduler_hints"],
        "admin_pass" => &["admin_pass"],
        "block_device_mapping_v2" => &["block_device_mapping_v2"],
        "block_device_mapping" => &["block_device_mapping"],
        "tags" => &["tags"],
        _ => &[],
    }
}

/// Whether the export reports something of the resource's property (a
/// finding that says one of `words`, within the resource or naming it: a
/// property merged in with `<<` is reported where it is written).
fn reported_property(
    export: &Export,
    parsed: &template::Template<'_>,
    resource: &str,
    words: &[&str],
) -> bool {
    let Some(found) = parsed.resource(resource) else {
        return false;
    };
    let range = parsed.tree().entry_range(found.entry);
    export.findings.iter().any(|f| {
        let within = range.start <= f.range.start && f.range.end <= range.end;
        let naming = f.message.contains(&format!(" {resource} "))
            || f.message.contains(&format!(" of {resource}"));
        f.file == heatwise_orc::File::Template
            && (within || naming)
            && words.iter().any(|word| f.message.contains(word))
    })
}

/// The object a resource became: by its name, or, for a resource of a
/// nested stack recorded by its path (`cluster/nodes/0/port`), by the name
/// the export gives it (`cluster-nodes-0-port`).
fn object_of_kind<'e>(export: &'e Export, resource: &str, kind: Kind) -> Option<&'e Object> {
    if resource.contains('/') {
        let name = resource.replace(['/', '_'], "-");
        return (export.objects.iter()).find(|o| o.kind == kind && o.name == name);
    }
    export
        .objects
        .iter()
        .find(|o| o.kind == kind && o.resource.as_deref() == Some(resource) && o.is_managed())
}

/// Heat's request for a server, its networks as the ports they become.
fn heat_server(create: &Value, calls: &[Value], export: &Export) -> Map<String, Value> {
    let mut body = create.as_object().cloned().unwrap_or_default();
    let groups = body.remove("security_groups").unwrap_or(Value::Null);
    let groups = match groups.as_array() {
        Some(g) if !g.is_empty() => json!(g),
        _ => json!(["default"]),
    };
    let made: Vec<&Value> = (calls.iter())
        .filter(|c| c[0] == "create_port")
        .map(|c| &c[1][0]["port"])
        .collect();
    let nics: Vec<Value> = (body.remove("nics").and_then(|n| n.as_array().cloned()))
        .into_iter()
        .flatten()
        .map(|nic| {
            let port = nic["port-id"].as_str().unwrap_or_default();
            if let Some(index) = port.strip_prefix("<port ").and_then(|p| p.strip_suffix('>')) {
                // A port Heat makes for the entry: its request.
                let request = made[index.parse::<usize>().unwrap() - 1];
                return json!({
                    "network": request["network_id"],
                    "fixed_ips": meaning("fixed_ips", &request["fixed_ips"]),
                    "security_groups": request.get("security_groups").cloned().unwrap_or(json!(["default"])),
                });
            }
            if !port.is_empty() {
                return json!({ "port": port });
            }
            // Nova makes the port, with the server's groups; on a network
            // without port security, with none for the default one.
            let ip = nic.get("v4-fixed-ip").or(nic.get("v6-fixed-ip"));
            let network = nic["net-id"].as_str().unwrap_or_default();
            let open = object_of_kind(export, network, Kind::Network)
                .is_some_and(|n| n.spec.to_json()["resource"]["portSecurityEnabled"] == false);
            json!({
                "network": network,
                "fixed_ips": ip.map_or(json!("<on the network's subnet>"), |ip| json!([{"ip_address": ip}])),
                "security_groups": if open && groups == json!(["default"]) { json!([]) } else { groups.clone() },
            })
        })
        .collect();
    if !nics.is_empty() {
        body.insert("nics".into(), json!(nics));
    }
    for call in calls {
        if call[0] == "servers.set_tags" {
            body.insert("tags".into(), call[1][0].clone());
        }
    }
    // Heat's `files` is personality, which Nova no longer takes; empty user
    // data is none to Nova.
    let nothing = |key: &str, value: &Value| match key {
        "files" => value == &json!({}),
        "userdata" => value == "",
        _ => false,
    };
    body.retain(|key, value| !nothing(key, value));
    body
}

/// ORC's request for a server (its actuator's `CreateServer`), its ports as
/// what they ask Neutron for.
fn orc_server(object: &Object, export: &Export) -> Map<String, Value> {
    let spec = object.spec.to_json();
    let r = &spec["resource"];
    let mut out = Map::new();
    let mut put = |key: &str, value: Value| {
        if !value.is_null() {
            out.insert(key.to_owned(), value);
        }
    };
    let reference = |field: &str| {
        r[field]
            .as_str()
            .map_or(Value::Null, |n| referent(export, n))
    };
    put("name", r.get("name").cloned().unwrap_or(json!(object.name)));
    put("image", reference("imageRef"));
    put("flavor", reference("flavorRef"));
    put("key_name", reference("keypairRef"));
    put("availability_zone", r["availabilityZone"].clone());
    put("config_drive", r["configDrive"].clone());
    put("tags", r["tags"].clone());
    if let Some(pairs) = r["metadata"].as_array() {
        let map: Map<String, Value> = (pairs.iter())
            .filter_map(|p| Some((p["key"].as_str()?.to_owned(), p["value"].clone())))
            .collect();
        put("meta", Value::Object(map));
    }
    if let Some(group) = r["serverGroupRef"].as_str() {
        put(
            "scheduler_hints",
            json!({ "group": referent(export, group) }),
        );
    }
    if let Some(secret) = r["userData"]["secretRef"].as_str() {
        let secret = export.objects.iter().find(|o| o.name == secret);
        put(
            "userdata",
            secret.map_or(Value::Null, |s| s.spec.to_json()["value"].clone()),
        );
    }
    let nics: Vec<Value> = (r["ports"].as_array().into_iter().flatten())
        .filter_map(|p| p["portRef"].as_str())
        .map(|name| {
            let port = export.objects.iter().find(|o| o.name == name);
            match port {
                // A port the export makes for one of the server's networks.
                Some(port) if port.resource.is_none() && port.is_managed() => {
                    let request = orc_request(port, export);
                    json!({
                        "network": request["network_id"],
                        "fixed_ips": meaning("fixed_ips", &request["fixed_ips"]),
                        "security_groups": request.get("security_groups").cloned().unwrap_or(json!([])),
                    })
                }
                _ => json!({ "port": referent(export, name) }),
            }
        })
        .collect();
    if !nics.is_empty() {
        put("nics", json!(nics));
    }
    out
}
