#!/usr/bin/env python3
"""Generate templates that each break (or keep) one rule Heat enforces, and
record Heat 27.0.1's verdict on each.

    .venv/bin/python tools/heat_oracle/generate_cases.py

Writes core/tests/fixtures/validation/generated.json (the cases: name,
class, template text) and generated.heat.json (Heat's verdict on each, with
the cases' FNV-1a hash), which `cargo test` replays without Python.

Property values: for every resource type Heat 27.0.1 registers, a template
that sets its required properties to values Heat accepts is judged first
(the control); where Heat accepts it, one template per property and kind of
value changes that property alone: a value of another type, one outside its
allowed values, range or length, one its pattern or a custom constraint that
needs no cloud refuses, and values Heat converts and accepts. The other
classes (parameter definitions, functions, references, dependencies) are
variations of small templates written here.

Each case is judged as tools/heat_oracle/judge.py judges a template:
offline, client-backed constraints accepted.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from judge import Judge  # noqa: E402
from record_fixtures import fnv1a64  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "core" / "tests" / "fixtures" / "validation"
CATALOG = ROOT / "core" / "catalog" / "heat.json"
VERSION = "heat_template_version: 2018-08-31\n"

# Values Heat's own custom constraints accept and refuse (no client).
CUSTOM = {
    "ip_addr": ("10.0.0.1", "10.0.0.256"),
    "net_cidr": ("10.0.0.0/24", "10.0.0.0/33"),
    "ip_or_cidr": ("10.0.0.0/24", "not-an-address"),
    "mac_addr": ("fa:16:3e:00:00:01", "fa:16:3e:zz:00:01"),
    "dns_name": ("www.example.com", "-bad-.example.com"),
    "dns_domain": ("example.com.", "ex_ample.com."),
    "rel_dns_name": ("www", "www.example.com."),
    "iso_8601": ("2030-01-01T00:00:00Z", "yesterday"),
    "timezone": ("Europe/Paris", "Mars/Olympus_Mons"),
    "cron_expression": ("0 12 * * *", "61 * * * *"),
    "expiration": ("2099-01-01T00:00:00Z", "2001-01-01T00:00:00Z"),
    "json_string": ('{"a": 1}', "{not json"),
}


def available_now(entry: dict) -> bool:
    ranges = entry.get("available") or []
    return bool(ranges) and ranges[-1][1] == "27.0.1"


def usable(prop: dict) -> bool:
    return available_now(prop) and prop["status"]["status"] not in ("HIDDEN", "UNSUPPORTED")


def constraint(prop: dict, kind: str) -> dict | None:
    return next((c for c in prop["constraints"] if c["kind"] == kind), None)


def valid_value(prop: dict):
    """A value Heat accepts for the property, or None when none is known."""
    if prop["default"] is not None:
        return prop["default"]
    allowed = constraint(prop, "AllowedValues")
    if allowed and allowed["allowed_values"]:
        return allowed["allowed_values"][0]
    custom = constraint(prop, "CustomConstraint")
    kind = prop["type"]
    if custom and custom["custom_constraint"] in CUSTOM:
        return CUSTOM[custom["custom_constraint"]][0]
    if constraint(prop, "AllowedPattern"):
        return None
    if kind == "String":
        length = constraint(prop, "Length")
        low = (length or {}).get("length", {}).get("min") or 1
        return "a" * max(low, 1) if not custom else "placeholder"
    if kind in ("Integer", "Number"):
        bounds = (constraint(prop, "Range") or {}).get("range", {})
        return bounds.get("min", 1) if bounds.get("min") is not None else bounds.get("max", 1)
    if kind == "Boolean":
        return True
    if kind == "Map":
        value = {}
        for name, child in (prop.get("schema") or {}).items():
            if child["required"] and usable(child):
                child_value = valid_value(child)
                if child_value is None:
                    return None
                value[name] = child_value
        return value
    if kind == "List":
        length = (constraint(prop, "Length") or {}).get("length", {})
        if not length.get("min"):
            return []
        item = (prop.get("schema") or {}).get("*")
        item_value = valid_value(item) if item else "a"
        return None if item_value is None else [item_value] * length["min"]
    return None


def wrong_values(prop: dict) -> list[tuple[str, object]]:
    """(what, value) pairs for one property: Heat decides each."""
    kind = prop["type"]
    out: list[tuple[str, object]] = []
    if kind in ("Integer", "Number"):
        out += [("empty string", ""), ("word", "many"), ("list", [1]), ("numeric string", "7")]
        if kind == "Integer":
            out.append(("float", 1.5))
    elif kind == "Boolean":
        out += [("word", "maybe"), ("string yes", "yes"), ("string false", "False"), ("number", 2)]
    elif kind == "Map":
        out += [("string", "text"), ("list", ["a"])]
    elif kind == "List":
        out += [("map", {"a": "b"}), ("string", "a,b")]
    elif kind == "String":
        out += [("list", ["a"]), ("map", {"a": "b"})]
        if not prop["constraints"]:
            out += [("number", 42), ("boolean", True)]
    allowed = constraint(prop, "AllowedValues")
    if allowed and allowed["allowed_values"]:
        first = allowed["allowed_values"][0]
        if isinstance(first, str):
            other = first.upper() if first.upper() != first else first.lower()
            if other == first or other in allowed["allowed_values"]:
                other = first + "-x"
            out.append(("not allowed", other))
        elif isinstance(first, (int, float)) and not isinstance(first, bool):
            numbers = [v for v in allowed["allowed_values"] if isinstance(v, (int, float))]
            out.append(("not allowed", max(numbers) + 1))
    bounds = (constraint(prop, "Range") or {}).get("range", {})
    if bounds.get("min") is not None:
        out.append(("below range", bounds["min"] - 1))
        out.append(("below range, as a string", str(bounds["min"] - 1)))
    if bounds.get("max") is not None:
        out.append(("above range", bounds["max"] + 1))
    length = (constraint(prop, "Length") or {}).get("length", {})
    if length.get("max") is not None and kind == "String":
        out.append(("too long", "a" * (length["max"] + 1)))
    if length.get("min") and kind == "String":
        out.append(("too short", "a" * (length["min"] - 1)))
    if length.get("min") and kind == "List":
        out.append(("too few items", []))
    if constraint(prop, "AllowedPattern"):
        out += [("pattern", "!!"), ("pattern, trailing", "/dev/vdb1"), ("pattern", "1-2,5")]
    custom = constraint(prop, "CustomConstraint")
    if custom and custom["custom_constraint"] in CUSTOM:
        out.append((f"{custom['custom_constraint']} refused", CUSTOM[custom["custom_constraint"]][1]))
        out.append((f"{custom['custom_constraint']} accepted", CUSTOM[custom["custom_constraint"]][0]))
    return out


def resource_template(type_name: str, properties: dict) -> str:
    document = {"resources": {"r": {"type": type_name}}}
    if properties:
        document["resources"]["r"]["properties"] = properties
    return VERSION + yaml.safe_dump(document, default_flow_style=None, sort_keys=True, width=1000)


def property_cases(judge: Judge) -> list[dict]:
    catalog = json.loads(CATALOG.read_text())
    cases = []
    # A property's schema decides, not its type: one case per schema and
    # kind of value.
    seen = set()
    for type_name, rtype in sorted(catalog["resource_types"].items()):
        if not available_now(rtype) or rtype.get("placeholder"):
            continue
        if rtype["status"]["status"] in ("HIDDEN", "UNSUPPORTED") or type_name == "OS::Heat::None":
            continue
        props = {n: p for n, p in rtype["properties"].items() if usable(p)}
        base = {}
        for name, prop in props.items():
            if prop["required"]:
                value = valid_value(prop)
                if value is None:
                    break
                base[name] = value
        else:
            control = resource_template(type_name, base)
            if judge.judge_text(control)["verdict"] != "accepted":
                continue
            for name in base:
                missing = {k: v for k, v in base.items() if k != name}
                cases.append({
                    "name": f"{type_name}.{name}: required, not set",
                    "class": "required property",
                    "text": resource_template(type_name, missing),
                })
                break
            for name, prop in sorted(props.items()):
                for what, value in wrong_values(prop):
                    signature = json.dumps([prop["type"], prop["constraints"], what,
                                            prop["required"]], sort_keys=True)
                    if signature in seen:
                        continue
                    seen.add(signature)
                    text = resource_template(type_name, {**base, name: value})
                    cases.append({
                        "name": f"{type_name}.{name}: {what}",
                        "class": "property value",
                        "text": text,
                    })
    return cases


def written_cases() -> list[dict]:
    """Classes other than property values, as small templates."""

    def case(cls: str, name: str, text: str) -> dict:
        return {"name": f"{cls}: {name}", "class": cls, "text": text}

    value = "  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: p}\n"
    out = []
    parameter_definitions = {
        "unknown key": "  p: {type: string, default: a, labl: x}\n",
        "CloudFormation key": "  p: {type: string, Default: a}\n",
        "type integer": "  p: {type: integer, default: 1}\n",
        "type password": "  p: {type: password, default: a}\n",
        "type String (case)": "  p: {type: String, default: a}\n",
        "no type": "  p: {default: a}\n",
        "default outside allowed values": "  p:\n    type: string\n    default: c\n    constraints:\n    - allowed_values: [a, b]\n",
        "default inside allowed values": "  p:\n    type: string\n    default: b\n    constraints:\n    - allowed_values: [a, b]\n",
        "default too long": "  p:\n    type: string\n    default: abcdef\n    constraints:\n    - length: {max: 3}\n",
        "default too short": "  p:\n    type: string\n    default: ''\n    constraints:\n    - length: {min: 1}\n",
        "default out of range": "  p:\n    type: number\n    default: 11\n    constraints:\n    - range: {min: 1, max: 10}\n",
        "default in range": "  p:\n    type: number\n    default: 10\n    constraints:\n    - range: {min: 1, max: 10}\n",
        "default breaks pattern": "  p:\n    type: string\n    default: ab1\n    constraints:\n    - allowed_pattern: '[a-z]+'\n",
        "default matches pattern": "  p:\n    type: string\n    default: abc\n    constraints:\n    - allowed_pattern: '[a-z]+'\n",
        "pattern matches a prefix only": "  p:\n    type: string\n    default: abc-\n    constraints:\n    - allowed_pattern: '[a-z]+'\n",
        "empty constraint": "  p:\n    type: string\n    default: a\n    constraints:\n    - {}\n",
        "constraint with description only": "  p:\n    type: string\n    default: a\n    constraints:\n    - description: nothing\n",
        "unknown constraint": "  p:\n    type: string\n    default: a\n    constraints:\n    - allowed: [a]\n",
        "number default not a number": "  p: {type: number, default: many}\n",
        "number default a numeric string": "  p: {type: number, default: '12'}\n",
        "boolean default not a boolean": "  p: {type: boolean, default: maybe}\n",
        "boolean default yes": "  p: {type: boolean, default: 'yes'}\n",
        "json default a string": "  p: {type: json, default: text}\n",
        "json default a JSON string": "  p: {type: json, default: '{\"a\": 1}'}\n",
        "list default a list": "  p: {type: comma_delimited_list, default: [a, b]}\n",
        "list default a string": "  p: {type: comma_delimited_list, default: 'a,b'}\n",
        "length on a number": "  p:\n    type: number\n    default: 1\n    constraints:\n    - length: {max: 3}\n",
        "range on a string": "  p:\n    type: string\n    default: a\n    constraints:\n    - range: {max: 3}\n",
        "modulo": "  p:\n    type: number\n    default: 5\n    constraints:\n    - modulo: {step: 2, offset: 0}\n",
        "modulo kept": "  p:\n    type: number\n    default: 4\n    constraints:\n    - modulo: {step: 2, offset: 0}\n",
        "custom constraint on a default": "  p:\n    type: string\n    default: 10.0.0.300\n    constraints:\n    - custom_constraint: ip_addr\n",
        "not a mapping": "  p: string\n",
        "hidden as a string": "  p: {type: string, default: a, hidden: 'yes'}\n",
        "immutable": "  p: {type: string, default: a, immutable: true}\n",
        "tags": "  p: {type: string, default: a, tags: [x]}\n",
    }
    for name, text in parameter_definitions.items():
        out.append(case("parameter definition", name,
                        VERSION + "parameters:\n" + text + "resources:\n" + value))
    references = {
        "get_param undeclared": "parameters:\n  p: {type: string, default: a}\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: q}\n",
        "get_param undeclared in outputs": "parameters:\n  p: {type: string, default: a}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  o: {value: {get_param: q}}\n",
        "get_param pseudo parameter": "resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: OS::stack_name}\n",
        "get_param path into a json parameter": "parameters:\n  p: {type: json, default: {a: [1]}}\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: [p, a, 0]}\n",
        "get_resource undeclared in outputs": "resources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  o: {value: {get_resource: w}}\n",
        "get_attr undeclared in outputs": "resources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  o: {value: {get_attr: [w, value]}}\n",
        "get_resource in a false condition": "conditions:\n  never: false\nresources:\n  v:\n    type: OS::Heat::Value\n    condition: never\n    properties:\n      value: {get_resource: w}\n",
        "get_resource in an if branch not taken": "conditions:\n  never: false\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {if: [never, {get_resource: w}, 1]}\n",
        "get_resource of a resource whose condition is false": "conditions:\n  never: false\nresources:\n  w: {type: OS::Heat::Value, condition: never, properties: {value: 1}}\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_resource: w}\n",
        "duplicate key, the refused value replaced": "resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_resource: w}\n      value: 1\n",
        "OS::Heat::None with any property": "resources:\n  v:\n    type: OS::Heat::None\n    properties:\n      anything: 1\n      network_id: x\n",
        "circular dependency": "resources:\n  a: {type: OS::Heat::Value, properties: {value: {get_attr: [b, value]}}}\n  b: {type: OS::Heat::Value, properties: {value: {get_resource: a}}}\n",
        "circular dependency through depends_on": "resources:\n  a: {type: OS::Heat::Value, depends_on: [b], properties: {value: 1}}\n  b: {type: OS::Heat::Value, depends_on: c, properties: {value: 1}}\n  c: {type: OS::Heat::Value, properties: {value: {get_resource: a}}}\n",
        "self dependency": "resources:\n  a: {type: OS::Heat::Value, properties: {value: {get_attr: [a, value]}}}\n",
        "dependency in outputs only": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, properties: {value: {get_attr: [a, value]}}}\noutputs:\n  o: {value: {get_attr: [b, value]}}\n",
        "group member attribute": "resources:\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}}\n  v: {type: OS::Heat::Value, properties: {value: {get_attr: [g, value]}}}\n",
        "group member attribute it lacks": "resources:\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}}\n  v: {type: OS::Heat::Value, properties: {value: {get_attr: [g, valeu]}}}\n",
        "group attributes map, attribute it lacks": "resources:\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}}\n  v: {type: OS::Heat::Value, properties: {value: {get_attr: [g, attributes, nosuch]}}}\n",
        "group member by index, attribute it lacks": "resources:\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}}\n  v: {type: OS::Heat::Value, properties: {value: {get_attr: [g, resource.0.nosuch]}}}\n",
        "group refs": "resources:\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}}\n  v: {type: OS::Heat::Value, properties: {value: {get_attr: [g, refs]}}}\n",
        "required property missing": "resources:\n  v: {type: OS::Heat::RandomString, properties: {length: 4}}\n  w: {type: OS::Heat::Value}\n",
        "required property null": "resources:\n  w:\n    type: OS::Heat::Value\n    properties:\n      value: null\n",
        "required property from a function": "parameters:\n  p: {type: string, default: a}\nresources:\n  w:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: p}\n",
    }
    for name, text in references.items():
        out.append(case("reference", name, VERSION + text))
    server = "  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n"
    type_checks = {
        "server security_groups with a port": server + "      image: cirros\n      security_groups: [default]\n      networks: [{port: p}]\n",
        "server security_groups with a network": server + "      image: cirros\n      security_groups: [default]\n      networks: [{network: n}]\n",
        "server without image or volume": server,
        "server booting from a volume": server + "      block_device_mapping_v2: [{volume_id: v, boot_index: 0}]\n",
        "server with two boot sources": server + "      image: cirros\n      block_device_mapping_v2: [{volume_id: v}]\n",
        "server image and a second disk": server + "      image: cirros\n      block_device_mapping_v2: [{volume_id: v, boot_index: 1}]\n",
        "server bdm entry with two sources": server + "      block_device_mapping_v2: [{volume_id: v, image: i, boot_index: 0}]\n",
        "server bdm entry with no source": server + "      image: cirros\n      block_device_mapping_v2: [{boot_index: 1}]\n",
        "server both mappings": server + "      image: cirros\n      block_device_mapping: [{device_name: vdb, volume_id: v}]\n      block_device_mapping_v2: [{volume_id: w, boot_index: 1}]\n",
        "server v1 mapping with both ids": server + "      block_device_mapping: [{device_name: vda, volume_id: v, snapshot_id: s}]\n",
        "server v1 mapping boots from vda": server + "      block_device_mapping: [{device_name: vda, volume_id: v}]\n",
        "server deployments metadata with SOFTWARE_CONFIG": server + "      image: cirros\n      user_data_format: SOFTWARE_CONFIG\n      metadata: {deployments: []}\n",
        "deployment on a server without SOFTWARE_CONFIG": server + "      image: cirros\n  d:\n    type: OS::Heat::SoftwareDeployment\n    properties: {server: {get_resource: s}, config: c}\n",
        "deployment on a SOFTWARE_CONFIG server": server + "      image: cirros\n      user_data_format: SOFTWARE_CONFIG\n  d:\n    type: OS::Heat::SoftwareDeployment\n    properties: {server: {get_resource: s}, config: c}\n",
        "rule remote group and prefix": "  r:\n    type: OS::Neutron::SecurityGroupRule\n    properties: {security_group: g, remote_group: h, remote_ip_prefix: 10.0.0.0/8}\n",
        "rule ports reversed": "  r:\n    type: OS::Neutron::SecurityGroupRule\n    properties: {security_group: g, port_range_min: 443, port_range_max: 80}\n",
        "rule icmp type and code": "  r:\n    type: OS::Neutron::SecurityGroupRule\n    properties: {security_group: g, protocol: icmp, port_range_min: 8, port_range_max: 0}\n",
        "net value_specs naming a property": "  n:\n    type: OS::Neutron::Net\n    properties: {value_specs: {admin_state_up: false}}\n",
        "net value_specs shared": "  n:\n    type: OS::Neutron::Net\n    properties: {value_specs: {shared: true}}\n",
        "port fixed_ips with no_fixed_ips": "  p: {type: OS::Neutron::Port, properties: {network: n, fixed_ips: [{subnet: s}], no_fixed_ips: true}}\n",
        "floating ip address without port": "  f: {type: OS::Neutron::FloatingIP, properties: {floating_network: n, fixed_ip_address: 10.0.0.3}}\n",
        "router interface subnet and port": "  i: {type: OS::Neutron::RouterInterface, properties: {router: r, subnet: s, port: p}}\n",
        "router interface neither": "  i: {type: OS::Neutron::RouterInterface, properties: {router: r}}\n",
        "router interface deprecated subnet_id": "  i: {type: OS::Neutron::RouterInterface, properties: {router: r, subnet_id: s}}\n",
        "security group named default": "  g: {type: OS::Neutron::SecurityGroup, properties: {name: default}}\n",
        "subnet pool and cidr": "  s: {type: OS::Neutron::Subnet, properties: {network: n, subnetpool: p, cidr: 10.0.0.0/24}}\n",
        "subnet neither cidr nor pool": "  s: {type: OS::Neutron::Subnet, properties: {network: n}}\n",
        "subnet prefixlen and cidr": "  s: {type: OS::Neutron::Subnet, properties: {network: n, prefixlen: 24, cidr: 10.0.0.0/24}}\n",
        "subnet pool and prefixlen": "  s: {type: OS::Neutron::Subnet, properties: {network: n, subnetpool: p, prefixlen: 24}}\n",
        "net value_specs provider keys": "  n:\n    type: OS::Neutron::Net\n    properties: {value_specs: {'provider:network_type': vlan}}\n",
    }
    for name, text in type_checks.items():
        out.append(case("resource type validation", name, VERSION + "resources:\n" + text))
    functions = {
        "str_replace without params": "value:\n        str_replace:\n          template: a\n",
        "str_replace params a list": "value:\n        str_replace:\n          template: a\n          params: [a, b]\n",
        "str_replace template a map": "value:\n        str_replace:\n          template: {a: b}\n          params: {a: b}\n",
        "str_replace unknown key": "value:\n        str_replace:\n          template: a\n          params: {a: b}\n          extra: 1\n",
        "str_replace params value a map": "value:\n        str_replace:\n          template: a\n          params: {a: {b: c}}\n",
        "list_join not a list": "value: {list_join: ','}\n",
        "list_join one argument": "value: {list_join: [',']}\n",
        "list_join delimiter a list": "value: {list_join: [[','], [a]]}\n",
        "list_join items not a list": "value: {list_join: [',', a]}\n",
        "get_attr one argument": "value: {get_attr: [w]}\n",
        "get_attr a string": "value: {get_attr: w}\n",
        "get_resource a list": "value: {get_resource: [w]}\n",
        "get_param a map": "value: {get_param: {a: b}}\n",
        "get_file unknown": "value: {get_file: missing.txt}\n",
        "repeat without for_each": "value: {repeat: {template: a}}\n",
        "repeat for_each a string": "value: {repeat: {for_each: a, template: a}}\n",
        "digest one argument": "value: {digest: [sha256]}\n",
        "digest unknown algorithm": "value: {digest: [sha999, a]}\n",
        "map_merge a map": "value: {map_merge: {a: b}}\n",
        "map_merge items not maps": "value: {map_merge: [a, b]}\n",
        "equals outside conditions": "value: {equals: [a, a]}\n",
        "yaql without expression": "value: {yaql: {data: {}}}\n",
        "yaql bad expression": "value: {yaql: {expression: '$.data.', data: {}}}\n",
        "str_split one argument": "value: {str_split: [',']}\n",
        "list_concat not lists": "value: {list_concat: [a, b]}\n",
        "contains one argument": "value: {contains: [a]}\n",
        "filter not a list": "value: {filter: [null, a]}\n",
        "make_url unknown key": "value: {make_url: {host: a, bogus: b}}\n",
    }
    for name, text in functions.items():
        out.append(case("function arguments", name,
                        "heat_template_version: 2021-04-16\nresources:\n  w: {type: OS::Heat::Value, properties: {value: 1}}\n"
                        "  v:\n    type: OS::Heat::Value\n    properties:\n      " + text))
    return out


def main() -> int:
    judge = Judge()
    cases = written_cases() + property_cases(judge)
    raw = ("[\n" + ",\n".join(" " + json.dumps(c, ensure_ascii=False) for c in cases)
           + "\n]\n").encode()
    (OUT / "generated.json").write_bytes(raw)
    verdicts = [judge.judge_text(c["text"]) for c in cases]
    record = {"cases_fnv1a64": fnv1a64(raw), "heat_version": judge.heat.version,
              "verdicts": verdicts}
    (OUT / "generated.heat.json").write_text(
        "{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in record.items()
                           if k != "verdicts")
        + ',\n "verdicts": [\n'
        + ",\n".join("  " + json.dumps(v, sort_keys=True) for v in verdicts)
        + "\n ]\n}\n")
    counts: dict = {}
    for c, v in zip(cases, verdicts):
        key = (c["class"], v["verdict"])
        counts[key] = counts.get(key, 0) + 1
    for key, n in sorted(counts.items()):
        print(f"{n:5} {key[0]}: {key[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
