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
from judge import Judge, with_fixed_hash_seed  # noqa: E402
from record_fixtures import fnv1a64  # noqa: E402
from site_cases import site_cases  # noqa: E402

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
    references.update({
        "a parameter and a resource share a name": "parameters:\n  v: {type: string, default: a}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "depends_on a number": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, depends_on: 1, properties: {value: 1}}\n",
        "depends_on a map": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, depends_on: {a: 1}, properties: {value: 1}}\n",
        "depends_on a list with a map": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, depends_on: [{a: 1}], properties: {value: 1}}\n",
        "depends_on a resource whose condition is false": "conditions:\n  never: false\nresources:\n  a: {type: OS::Heat::Value, condition: never, properties: {value: 1}}\n  b: {type: OS::Heat::Value, depends_on: [a], properties: {value: 1}}\n",
        "update_policy a string": "resources:\n  a: {type: OS::Heat::Value, update_policy: rolling, properties: {value: 1}}\n",
        "deletion_policy a list": "resources:\n  a: {type: OS::Heat::Value, deletion_policy: [Retain], properties: {value: 1}}\n",
        "metadata a string": "resources:\n  a: {type: OS::Heat::Value, metadata: text, properties: {value: 1}}\n",
        "resource with an unknown key": "resources:\n  a: {type: OS::Heat::Value, propertes: {value: 1}}\n",
        "resource type null": "resources:\n  a: {type: null, properties: {value: 1}}\n",
        "resource type empty": "resources:\n  a: {type: '', properties: {value: 1}}\n",
        "resource type a list": "resources:\n  a: {type: [OS::Heat::Value], properties: {value: 1}}\n",
        "output without value": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  o: {description: nothing}\n",
        "output not a map": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  o: text\n",
        "output with an unknown key": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  o: {value: 1, vaule: 2}\n",
        "output condition unknown": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  o: {value: 1, condition: nosuch}\n",
        "resource condition unknown": "resources:\n  a: {type: OS::Heat::Value, condition: nosuch, properties: {value: 1}}\n",
        "conditions not a map": "conditions: [a]\nresources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "parameter_groups not a list": "parameter_groups: {a: b}\nparameters:\n  p: {type: string, default: a}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "parameter_groups without parameters": "parameter_groups:\n- label: g\nparameters:\n  p: {type: string, default: a}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "parameter_groups parameters not a list": "parameter_groups:\n- label: g\n  parameters: p\nparameters:\n  p: {type: string, default: a}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "parameter_groups a parameter twice": "parameter_groups:\n- label: g\n  parameters: [p]\n- label: h\n  parameters: [p]\nparameters:\n  p: {type: string, default: a}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "parameter_groups an undeclared parameter": "parameter_groups:\n- label: g\n  parameters: [q]\nparameters:\n  p: {type: string, default: a}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "an unknown top-level section": "resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\nresource: {}\n",
        "resources not a map": "resources: [a]\n",
        "a resource not a map": "resources:\n  a: OS::Heat::Value\n",
        "parameter tags not a list": "parameters:\n  p: {type: string, default: a, tags: x}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "list parameter default a map": "parameters:\n  p: {type: comma_delimited_list, default: {a: b}}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "range min not a number": "parameters:\n  p:\n    type: number\n    default: 1\n    constraints:\n    - range: {min: a}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "range without min or max": "parameters:\n  p:\n    type: number\n    default: 1\n    constraints:\n    - range: {}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "length without min or max": "parameters:\n  p:\n    type: string\n    default: a\n    constraints:\n    - length: {}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "modulo without offset": "parameters:\n  p:\n    type: number\n    default: 4\n    constraints:\n    - modulo: {step: 2}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "modulo step 0": "parameters:\n  p:\n    type: number\n    default: 4\n    constraints:\n    - modulo: {step: 0, offset: 0}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "modulo offset not below step": "parameters:\n  p:\n    type: number\n    default: 4\n    constraints:\n    - modulo: {step: 2, offset: 2}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "modulo step and offset of other signs": "parameters:\n  p:\n    type: number\n    default: 4\n    constraints:\n    - modulo: {step: 3, offset: -1}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "modulo step not an integer": "parameters:\n  p:\n    type: number\n    default: 4\n    constraints:\n    - modulo: {step: 1.5, offset: 0}\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "allowed_values not a list": "parameters:\n  p:\n    type: string\n    default: a\n    constraints:\n    - allowed_values: a\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "allowed_pattern not a string": "parameters:\n  p:\n    type: string\n    default: a\n    constraints:\n    - allowed_pattern: [a]\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "null into an ip_addr property": "resources:\n  p: {type: OS::Neutron::Port, properties: {network: n, fixed_ips: [{ip_address: null}]}}\n",
        "null into a net_cidr property": "resources:\n  s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: null}}\n",
        "a string into a list property": "resources:\n  s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: net}}\n",
        "a parameter null default into a list property": "parameters:\n  p: {type: string, default: ''}\nresources:\n  s: {type: OS::Nova::Server, properties: {flavor: f, image: i, security_groups: {get_param: p}}}\n",
    })
    references.update({
        "get_param path into a string": "parameters:\n  p: {type: string, default: a}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: {get_param: [p, x]}}}\n",
        "get_param path component a map": "parameters:\n  p: {type: json, default: {a: 1}}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: {get_param: [p, {a: b}]}}}\n",
        "condition equals one argument": "conditions:\n  c: {equals: [a]}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "condition and a string": "conditions:\n  c: {and: a}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "condition and one argument": "conditions:\n  c: {and: [true]}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "condition not two arguments": "conditions:\n  c: {not: [true, false]}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\n",
    })
    references.update({
        "a resource name with a slash": "resources:\n  a/b: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "deletion_policy Snapshot on a type without snapshots": "resources:\n  a: {type: OS::Heat::Value, deletion_policy: Snapshot, properties: {value: 1}}\n",
        "deletion_policy Snapshot on a volume": "resources:\n  a: {type: OS::Cinder::Volume, deletion_policy: Snapshot, properties: {size: 1}}\n",
        "external_id with depends_on": "resources:\n  b: {type: OS::Heat::Value, properties: {value: 1}}\n  a: {type: OS::Heat::Value, external_id: x, depends_on: [b], properties: {value: 1}}\n",
        "a resource without a type": "resources:\n  a: {properties: {value: 1}}\n",
        "constraints not a list": "parameters:\n  p: {type: string, default: a, constraints: {length: {min: 1}}}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
        "length min not a whole number": "parameters:\n  p:\n    type: string\n    default: abc\n    constraints:\n    - length: {min: 1.5}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: {get_param: p}}}\n",
    })
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
        # Heat's refusal sites in the types' own validate() (docs/heat-refusal-sites.md).
        "ec2 instance SecurityGroups and NetworkInterfaces": "  i: {type: AWS::EC2::Instance, properties: {ImageId: cirros, InstanceType: m1.small, SecurityGroups: [default], NetworkInterfaces: [nic]}}\n",
        "ec2 instance SecurityGroupIds and NetworkInterfaces": "  i: {type: AWS::EC2::Instance, properties: {ImageId: cirros, InstanceType: m1.small, SecurityGroupIds: [sg], NetworkInterfaces: [nic]}}\n",
        "ec2 instance empty SecurityGroups and NetworkInterfaces": "  i: {type: AWS::EC2::Instance, properties: {ImageId: cirros, InstanceType: m1.small, SecurityGroups: [], NetworkInterfaces: [nic]}}\n",
        "eip association EIP and AllocationId": "  a: {type: AWS::EC2::EIPAssociation, properties: {EIP: 172.24.4.3, AllocationId: x, InstanceId: i}}\n",
        "eip association neither EIP nor AllocationId": "  a: {type: AWS::EC2::EIPAssociation, properties: {InstanceId: i}}\n",
        "eip association EIP without InstanceId": "  a: {type: AWS::EC2::EIPAssociation, properties: {EIP: 172.24.4.3, NetworkInterfaceId: n}}\n",
        "eip association AllocationId without instance or interface": "  a: {type: AWS::EC2::EIPAssociation, properties: {AllocationId: x}}\n",
        "eip association AllocationId with an interface": "  a: {type: AWS::EC2::EIPAssociation, properties: {AllocationId: x, NetworkInterfaceId: n}}\n",
        "aws scaling policy MinAdjustmentStep with ChangeInCapacity": "  p: {type: AWS::AutoScaling::ScalingPolicy, properties: {AdjustmentType: ChangeInCapacity, AutoScalingGroupName: g, ScalingAdjustment: 1, MinAdjustmentStep: 1}}\n",
        "aws scaling policy MinAdjustmentStep with PercentChangeInCapacity": "  p: {type: AWS::AutoScaling::ScalingPolicy, properties: {AdjustmentType: PercentChangeInCapacity, AutoScalingGroupName: g, ScalingAdjustment: 10, MinAdjustmentStep: 1}}\n",
        "scaling policy min_adjustment_step with change_in_capacity": "  p: {type: OS::Heat::ScalingPolicy, properties: {adjustment_type: change_in_capacity, auto_scaling_group_id: g, scaling_adjustment: 1, min_adjustment_step: 1}}\n",
        "secret content type without payload": "  s: {type: OS::Barbican::Secret, properties: {payload_content_type: text/plain}}\n",
        "secret octet-stream without encoding": "  s: {type: OS::Barbican::Secret, properties: {payload: YWJj, payload_content_type: application/octet-stream}}\n",
        "secret octet-stream payload not base64": "  s: {type: OS::Barbican::Secret, properties: {payload: 'not base64!', payload_content_type: application/octet-stream, payload_content_encoding: base64}}\n",
        "secret octet-stream base64": "  s: {type: OS::Barbican::Secret, properties: {payload: YWJj, payload_content_type: application/octet-stream, payload_content_encoding: base64}}\n",
        "secret encoding without content type": "  s: {type: OS::Barbican::Secret, properties: {payload: YWJj, payload_content_encoding: base64}}\n",
        "secret encoding with text/plain": "  s: {type: OS::Barbican::Secret, properties: {payload: abc, payload_content_type: text/plain, payload_content_encoding: base64}}\n",
        "volume image and imageRef": "  v: {type: OS::Cinder::Volume, properties: {size: 1, image: a, imageRef: b}}\n",
        "web image members without visibility shared": "  i: {type: OS::Glance::WebImage, properties: {container_format: bare, disk_format: qcow2, location: 'http://example.com/i.qcow2', members: [p]}}\n",
        "web image members with visibility shared": "  i: {type: OS::Glance::WebImage, properties: {container_format: bare, disk_format: qcow2, location: 'http://example.com/i.qcow2', members: [p], visibility: shared}}\n",
        "web image ami container, other disk": "  i: {type: OS::Glance::WebImage, properties: {container_format: ami, disk_format: qcow2, location: 'http://example.com/i.qcow2'}}\n",
        "router distributed with l3 agents": "  r: {type: OS::Neutron::Router, properties: {distributed: true, l3_agent_ids: [a]}}\n",
        "router distributed with the hidden l3_agent_id": "  r: {type: OS::Neutron::Router, properties: {distributed: true, l3_agent_id: a}}\n",
        "router ha and distributed": "  r: {type: OS::Neutron::Router, properties: {ha: true, distributed: true}}\n",
        "router two l3 agents without ha": "  r: {type: OS::Neutron::Router, properties: {l3_agent_ids: [a, b]}}\n",
        "router two l3 agents with ha": "  r: {type: OS::Neutron::Router, properties: {ha: true, l3_agent_ids: [a, b]}}\n",
        "router l3_agent_id and l3_agent_ids": "  r: {type: OS::Neutron::Router, properties: {l3_agent_id: a, l3_agent_ids: [b]}}\n",
        "cron trigger without pattern or first_time": "  t: {type: OS::Mistral::CronTrigger, properties: {workflow: {name: w}}}\n",
        "cron trigger with a pattern": "  t: {type: OS::Mistral::CronTrigger, properties: {workflow: {name: w}, pattern: '* * * * *'}}\n",
        "octavia pool without listener or loadbalancer": "  p: {type: OS::Octavia::Pool, properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP}}\n",
        "octavia pool APP_COOKIE without cookie_name": "  p: {type: OS::Octavia::Pool, properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP, listener: l, session_persistence: {type: APP_COOKIE}}}\n",
        "octavia pool SOURCE_IP with cookie_name": "  p: {type: OS::Octavia::Pool, properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP, listener: l, session_persistence: {type: SOURCE_IP, cookie_name: c}}}\n",
        "l7 policy REJECT with a pool": "  p: {type: OS::Octavia::L7Policy, properties: {action: REJECT, listener: l, redirect_pool: p}}\n",
        "l7 policy REDIRECT_TO_POOL with a url": "  p: {type: OS::Octavia::L7Policy, properties: {action: REDIRECT_TO_POOL, listener: l, redirect_pool: p, redirect_url: 'http://example.com'}}\n",
        "l7 policy REDIRECT_TO_POOL without a pool": "  p: {type: OS::Octavia::L7Policy, properties: {action: REDIRECT_TO_POOL, listener: l}}\n",
        "l7 policy REDIRECT_TO_URL with a pool": "  p: {type: OS::Octavia::L7Policy, properties: {action: REDIRECT_TO_URL, listener: l, redirect_pool: p, redirect_url: 'http://example.com'}}\n",
        "l7 policy REDIRECT_TO_URL without a url": "  p: {type: OS::Octavia::L7Policy, properties: {action: REDIRECT_TO_URL, listener: l}}\n",
        "l7 policy REDIRECT_TO_URL with a url": "  p: {type: OS::Octavia::L7Policy, properties: {action: REDIRECT_TO_URL, listener: l, redirect_url: 'http://example.com'}}\n",
        "segment vlan without physical_network": "  s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan, segmentation_id: 10}}\n",
        "segment vlan without segmentation_id": "  s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan, physical_network: physnet}}\n",
        "segment flat with segmentation_id": "  s: {type: OS::Neutron::Segment, properties: {network: n, network_type: flat, physical_network: physnet, segmentation_id: 10}}\n",
        "segment vxlan with physical_network": "  s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vxlan, physical_network: physnet}}\n",
        "segment vlan above 4094": "  s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan, physical_network: physnet, segmentation_id: 4095}}\n",
        "segment vlan 4094": "  s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan, physical_network: physnet, segmentation_id: 4094}}\n",
        "subnet pool min above max": "  p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], min_prefixlen: 28, max_prefixlen: 24}}\n",
        "subnet pool default above max": "  p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], default_prefixlen: 28, max_prefixlen: 24}}\n",
        "subnet pool min above default": "  p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], default_prefixlen: 24, min_prefixlen: 26}}\n",
        "subnet pool bounds in order": "  p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], min_prefixlen: 16, default_prefixlen: 24, max_prefixlen: 28}}\n",
        "nova quota with only project": "  q: {type: OS::Nova::Quota, properties: {project: p}}\n",
        "nova quota with a limit": "  q: {type: OS::Nova::Quota, properties: {project: p, cores: 4}}\n",
        "neutron quota with only project": "  q: {type: OS::Neutron::Quota, properties: {project: p}}\n",
        "cinder quota with only project": "  q: {type: OS::Cinder::Quota, properties: {project: p}}\n",
        "octavia quota with only project": "  q: {type: OS::Octavia::Quota, properties: {project: p}}\n",
        "workflow reverse without task_name": "  w: {type: OS::Mistral::Workflow, properties: {type: reverse, tasks: [{name: t, action: std.noop}]}}\n",
        "workflow reverse with task_name": "  w: {type: OS::Mistral::Workflow, properties: {type: reverse, params: {task_name: t}, tasks: [{name: t, action: std.noop}]}}\n",
        "workflow task with workflow and action": "  w: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t, action: std.noop, workflow: x}]}}\n",
        "workflow task without workflow or action": "  w: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t}]}}\n",
        "workflow direct task with requires": "  w: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t, action: std.noop, requires: [u]}]}}\n",
        "workflow task concurrency without with_items": "  w: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t, action: std.noop, concurrency: 2}]}}\n",
        "workflow task concurrency with with_items": "  w: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t, action: std.noop, concurrency: 2, with_items: 'x in <% $.xs %>'}]}}\n",
        "random string length below class minimums": "  r: {type: OS::Heat::RandomString, properties: {length: 3, character_classes: [{class: digits, min: 2}, {class: uppercase, min: 2}]}}\n",
        "random string length below sequence minimums": "  r: {type: OS::Heat::RandomString, properties: {length: 2, character_sequences: [{sequence: '!@', min: 2}]}}\n",
        "random string length at the minimums": "  r: {type: OS::Heat::RandomString, properties: {length: 4, character_classes: [{class: digits, min: 2}, {class: uppercase, min: 2}]}}\n",
        "random string length 0": "  r: {type: OS::Heat::RandomString, properties: {length: 0}}\n",
        "aws group MinSize above MaxSize": "  g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {MinSize: 3, MaxSize: 2, LaunchConfigurationName: lc, AvailabilityZones: [nova]}}\n",
        "aws group MinSize below zero": "  g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {MinSize: -1, MaxSize: 2, LaunchConfigurationName: lc, AvailabilityZones: [nova]}}\n",
        "aws group DesiredCapacity above MaxSize": "  g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {MinSize: 1, MaxSize: 2, DesiredCapacity: 3, LaunchConfigurationName: lc, AvailabilityZones: [nova]}}\n",
        "aws group two VPCZoneIdentifier": "  g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {MinSize: 1, MaxSize: 2, VPCZoneIdentifier: [a, b], LaunchConfigurationName: lc, AvailabilityZones: [nova]}}\n",
        "aws group InstanceId and LaunchConfigurationName": "  g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {MinSize: 1, MaxSize: 2, InstanceId: i, LaunchConfigurationName: lc, AvailabilityZones: [nova]}}\n",
        "aws group neither InstanceId nor LaunchConfigurationName": "  g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {MinSize: 1, MaxSize: 2, AvailabilityZones: [nova]}}\n",
        "aws group sizes in order": "  g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {MinSize: 0, MaxSize: 2, DesiredCapacity: 1, LaunchConfigurationName: lc, AvailabilityZones: [nova]}}\n",
        "launch config without ImageId": "  l: {type: AWS::AutoScaling::LaunchConfiguration, properties: {InstanceType: m1.small}}\n",
        "launch config mapping without Ebs": "  l: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: m1.small, BlockDeviceMappings: [{DeviceName: vdb}]}}\n",
        "launch config Ebs without SnapshotId": "  l: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: m1.small, BlockDeviceMappings: [{DeviceName: vdb, Ebs: {VolumeSize: '1'}}]}}\n",
        "ec2 instance mapping without Ebs": "  i: {type: AWS::EC2::Instance, properties: {ImageId: cirros, InstanceType: m1.small, BlockDeviceMappings: [{DeviceName: vdb}]}}\n",
        "barbican order key without algorithm": "  o: {type: OS::Barbican::Order, properties: {type: key, bit_length: 256}}\n",
        "barbican order certificate profile without ca_id": "  o: {type: OS::Barbican::Order, properties: {type: certificate, profile: p}}\n",
        "barbican order key with a profile": "  o: {type: OS::Barbican::Order, properties: {type: key, algorithm: aes, bit_length: 256, profile: p}}\n",
        "barbican container duplicate refs": "  c: {type: OS::Barbican::GenericContainer, properties: {secrets: [{name: a, ref: r}, {name: b, ref: r}]}}\n",
        "volume without size or source": "  v: {type: OS::Cinder::Volume, properties: {name: v}}\n",
        "volume image without size": "  v: {type: OS::Cinder::Volume, properties: {image: cirros}}\n",
        "volume snapshot without size": "  v: {type: OS::Cinder::Volume, properties: {snapshot_id: s}}\n",
        "volume snapshot and source volume without size": "  v: {type: OS::Cinder::Volume, properties: {snapshot_id: s, source_volid: v}}\n",
        "volume size image and snapshot": "  v: {type: OS::Cinder::Volume, properties: {size: 1, image: cirros, snapshot_id: s}}\n",
        "volume from a backup": "  v: {type: OS::Cinder::Volume, properties: {backup_id: b}}\n",
        "provider net flat with segmentation_id": "  n: {type: OS::Neutron::ProviderNet, properties: {network_type: flat, physical_network: p, segmentation_id: '10'}}\n",
        "provider net vxlan with physical_network": "  n: {type: OS::Neutron::ProviderNet, properties: {network_type: vxlan, physical_network: p}}\n",
        "subnet ipv4 with ipv6_ra_mode": "  s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, ipv6_ra_mode: slaac}}\n",
        "subnet ipv6 modes differ": "  s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 'fd00::/64', ip_version: 6, ipv6_ra_mode: slaac, ipv6_address_mode: dhcpv6-stateful}}\n",
        "subnet ipv6 modes equal": "  s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 'fd00::/64', ip_version: 6, ipv6_ra_mode: slaac, ipv6_address_mode: slaac}}\n",
        "subnet gateway not an address": "  s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: gateway}}\n",
        "network gateway vlan without segmentation_id": "  g: {type: OS::Neutron::NetworkGateway, properties: {devices: [{id: d, interface_name: eth0}], connections: [{network: n, segmentation_type: vlan}]}}\n",
        "network gateway flat with segmentation_id": "  g: {type: OS::Neutron::NetworkGateway, properties: {devices: [{id: d, interface_name: eth0}], connections: [{network: n, segmentation_type: flat, segmentation_id: 5}]}}\n",
        "role assignment project and domain": "  r: {type: OS::Keystone::UserRoleAssignment, properties: {user: u, roles: [{role: r, project: p, domain: d}]}}\n",
        "role assignment neither project nor domain": "  r: {type: OS::Keystone::UserRoleAssignment, properties: {user: u, roles: [{role: r}]}}\n",
        "server network entry without a network": "  s:\n    type: OS::Nova::Server\n    properties: {flavor: f, image: i, networks: [{fixed_ip: 10.0.0.5}]}\n",
        "server network fixed_ip and port": "  s:\n    type: OS::Nova::Server\n    properties: {flavor: f, image: i, networks: [{fixed_ip: 10.0.0.5, port: p}]}\n",
        "server network allocate_network and network": "  s:\n    type: OS::Nova::Server\n    properties: {flavor: f, image: i, networks: [{allocate_network: auto, network: n}]}\n",
        "server network floating_ip with a network only": "  s:\n    type: OS::Nova::Server\n    properties: {flavor: f, image: i, networks: [{network: n, floating_ip: fip}]}\n",
        "server network with the hidden uuid": "  s:\n    type: OS::Nova::Server\n    properties: {flavor: f, image: i, networks: [{uuid: n}]}\n",
        "server two bootable devices": "  s:\n    type: OS::Nova::Server\n    properties: {flavor: f, image: i, block_device_mapping_v2: [{image: j, boot_index: 0}]}\n",
        "zun container two networks ports": "  c: {type: OS::Zun::Container, properties: {image: i, networks: [{fixed_ip: 10.0.0.5, port: p}]}}\n",
        "zun container network without network or port": "  c: {type: OS::Zun::Container, properties: {image: i, networks: [{fixed_ip: 10.0.0.5}]}}\n",
        "zun container mount volume_id and size": "  c: {type: OS::Zun::Container, properties: {image: i, mounts: [{volume_id: v, volume_size: 1, mount_path: /m}]}}\n",
        "heat delay above the timeout": "  d: {type: OS::Heat::Delay, properties: {min_wait: 100000, max_jitter: 0}}\n",
        "software component two configs for one action": "  c: {type: OS::Heat::SoftwareComponent, properties: {configs: [{actions: [CREATE], config: a, tool: script}, {actions: [CREATE], config: b, tool: script}]}}\n",
        "zaqar subscription subscriber not a URL": "  s: {type: OS::Zaqar::Subscription, properties: {queue_name: q, subscriber: nothing}}\n",
        "octavia listener TERMINATED_HTTPS without a container": "  l: {type: OS::Octavia::Listener, properties: {loadbalancer: lb, protocol: TERMINATED_HTTPS, protocol_port: 443}}\n",
        "octavia l7 rule a key for a type without one": "  r: {type: OS::Octavia::L7Rule, properties: {l7policy: p, type: PATH, compare_type: EQUAL_TO, value: /a, key: k}}\n",
        "designate zone PRIMARY without email": "  z: {type: OS::Designate::Zone, properties: {name: example.com., type: PRIMARY}}\n",
        "magnum cluster template without a network for a driver that needs one": "  t: {type: OS::Magnum::ClusterTemplate, properties: {image: i, coe: kubernetes, external_network: e, network_driver: flannel, fixed_network: n}}\n",
        "rbac policy object type with an action it lacks": "  p: {type: OS::Neutron::RBACPolicy, properties: {object_type: qos_policy, object_id: o, action: access_as_external, target_tenant: t}}\n",
        "volume type public with projects": "  t: {type: OS::Cinder::VolumeType, properties: {name: t, is_public: true, projects: [p]}}\n",
        "instance group launch configuration not a resource": "  g: {type: OS::Heat::InstanceGroup, properties: {AvailabilityZones: [nova], LaunchConfigurationName: lc, Size: 1}}\n",
        "access policy of a resource not in the stack": "  p: {type: OS::Heat::AccessPolicy, properties: {AllowedResources: [nosuch]}}\n",
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
        # Heat's refusal sites in hot/functions.py (docs/heat-refusal-sites.md).
        "get_param an empty list": "value: {get_param: []}\n",
        "get_param a number in a list": "value: {get_param: [1]}\n",
        "str_replace a string": "value: {str_replace: a}\n",
        "str_replace params value a list": "value:\n        str_replace:\n          template: a\n          params: {a: [1]}\n",
        "str_replace params key a number": "value:\n        str_replace:\n          template: a1\n          params: {1: b}\n",
        "str_replace params value null": "value:\n        str_replace:\n          template: a\n          params: {a: null}\n",
        "str_replace_strict a param not in the template": "value:\n        str_replace_strict:\n          template: a\n          params: {b: c}\n",
        "str_replace_vstrict an empty value": "value:\n        str_replace_vstrict:\n          template: a\n          params: {a: ''}\n",
        "get_file a list": "value: {get_file: [a]}\n",
        "list_join items not strings": "value: {list_join: [',', [[a]]]}\n",
        "list_join items a map": "value: {list_join: [',', {a: b}]}\n",
        "map_replace a string": "value: {map_replace: a}\n",
        "map_replace one argument": "value: {map_replace: [{a: b}]}\n",
        "map_replace unknown key": "value: {map_replace: [{a: b}, {bogus: {}}]}\n",
        "map_replace keys collide": "value: {map_replace: [{a: b, c: d}, {keys: {a: c}}]}\n",
        "map_replace values collide": "value: {map_replace: [{a: b, c: d}, {values: {b: d}}]}\n",
        "map_replace keys not a map": "value: {map_replace: [{a: b}, {keys: [a]}]}\n",
        "resource_facade unknown": "value: {resource_facade: bogus}\n",
        "digest a string": "value: {digest: sha256}\n",
        "digest three arguments": "value: {digest: [sha256, a, b]}\n",
        "str_split a map": "value: {str_split: {a: b}}\n",
        "str_split index not a number": "value: {str_split: [',', 'a,b', x]}\n",
        "str_split index out of range": "value: {str_split: [',', 'a,b', 5]}\n",
        "yaql a list": "value: {yaql: [a]}\n",
        "yaql expression a number": "value: {yaql: {expression: 1, data: {}}}\n",
        "if one argument": "value: {if: [c]}\n",
        "filter a string": "value: {filter: a}\n",
        "filter one argument": "value: {filter: [a]}\n",
        "filter of a string": "value: {filter: [[a], b]}\n",
        "make_url a string": "value: {make_url: a}\n",
        "make_url query a list": "value: {make_url: {host: h, query: [a]}}\n",
        "make_url port not a number": "value: {make_url: {host: h, port: x}}\n",
        "make_url port out of range": "value: {make_url: {host: h, port: 70000}}\n",
        "make_url host a list": "value: {make_url: {host: [h]}}\n",
        "make_url scheme with a colon": "value: {make_url: {scheme: 'http:', host: h}}\n",
        "list_concat a string": "value: {list_concat: a}\n",
        "contains a string": "value: {contains: a}\n",
        "contains in a map": "value: {contains: [a, {b: c}]}\n",
    }
    for name, text in functions.items():
        out.append(case("function arguments", name,
                        "heat_template_version: 2021-04-16\nresources:\n  w: {type: OS::Heat::Value, properties: {value: 1}}\n"
                        "  v:\n    type: OS::Heat::Value\n    properties:\n      " + text))
    cfn = "AWSTemplateFormatVersion: '2010-09-09'\n"
    cloudformation = {
        "parameter key misspelt": "Parameters:\n  P: {Type: String, Defautl: a}\nResources:\n  V: {Type: OS::Heat::Value, Properties: {value: {Ref: P}}}\n",
        "parameter key in lower case": "Parameters:\n  P: {Type: String, default: a}\nResources:\n  V: {Type: OS::Heat::Value, Properties: {value: {Ref: P}}}\n",
        "resource with an unknown key": "Resources:\n  V: {Type: OS::Heat::Value, Propertes: {value: 1}}\n",
        "resource with a HOT key": "Resources:\n  V: {Type: OS::Heat::Value, properties: {value: 1}}\n",
        "DependsOn a number": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\n  B: {Type: OS::Heat::Value, DependsOn: 1, Properties: {value: 1}}\n",
        "DependsOn a string": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\n  B: {Type: OS::Heat::Value, DependsOn: A, Properties: {value: 1}}\n",
        "UpdatePolicy a string": "Resources:\n  A: {Type: OS::Heat::Value, UpdatePolicy: rolling, Properties: {value: 1}}\n",
        "Metadata a string": "Resources:\n  A: {Type: OS::Heat::Value, Metadata: text, Properties: {value: 1}}\n",
        "Outputs without Value": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\nOutputs:\n  O: {Description: nothing}\n",
        "an unknown top-level section": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\nResource: {}\n",
        "nested stack TemplateURL ftp": "Resources:\n  S: {Type: AWS::CloudFormation::Stack, Properties: {TemplateURL: 'ftp://example.com/t.yaml'}}\n",
        "nested stack TemplateURL a relative path": "Resources:\n  S: {Type: AWS::CloudFormation::Stack, Properties: {TemplateURL: 't.yaml'}}\n",
        "Fn::Join not a list": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Join': ','}}}\n",
        "Fn::Select index not a number": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Select': [x, [a, b]]}}}\n",
        "Fn::Split one argument": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Split': [',']}}}\n",
        "Fn::Replace not a list": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Replace': a}}}\n",
        "Fn::Base64 a list": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Base64': [a]}}}\n",
        "Fn::MemberListToMap one argument": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::MemberListToMap': [Name]}}}\n",
        "Fn::GetAtt a string": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\n  B: {Type: OS::Heat::Value, Properties: {value: {'Fn::GetAtt': A}}}\n",
        "Ref a list": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {Ref: [x]}}}\n",
    }
    cloudformation.update({
        "Fn::FindInMap without Mappings": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::FindInMap': [m, a, b]}}}\n",
        "condition Ref to an unknown parameter": "Conditions:\n  C: {'Fn::Equals': [{Ref: Nope}, a]}\nResources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\n",
        "Fn::Select one argument": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Select': [a]}}}\n",
        "Fn::Select of a string that is no JSON": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Select': [0, 'not json']}}}\n",
        "Fn::Select a number index into a map": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Select': [1, {a: b}]}}}\n",
        "Fn::Select of a number": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Select': [0, 5]}}}\n",
        "Fn::Split a string": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Split': a}}}\n",
        "Fn::Split delimiter a list": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Split': [[','], 'a,b']}}}\n",
        "Fn::Split of a list": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Split': [',', [a]]}}}\n",
        "Fn::Replace one argument": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::Replace': [a]}}}\n",
        "Fn::MemberListToMap key name a number": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::MemberListToMap': [1, Value, []]}}}\n",
        "Fn::MemberListToMap value name a number": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::MemberListToMap': [Name, 1, []]}}}\n",
        "Fn::MemberListToMap members a string": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::MemberListToMap': [Name, Value, a]}}}\n",
        "Fn::MemberListToMap members not strings": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::MemberListToMap': [Name, Value, [1]]}}}\n",
        "Fn::Not a string": "Conditions:\n  C: {'Fn::Not': a}\nResources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\n",
        "Fn::Not two arguments": "Conditions:\n  C: {'Fn::Not': [true, false]}\nResources:\n  A: {Type: OS::Heat::Value, Properties: {value: 1}}\n",
    })
    cloudformation.update({
        "resource condition unknown": "Resources:\n  A: {Type: OS::Heat::Value, Condition: Nope, Properties: {value: 1}}\n",
        "Resources a list": "Resources: [a]\n",
        "a resource without a Type": "Resources:\n  A: {Properties: {value: 1}}\n",
    })
    for name, text in cloudformation.items():
        out.append(case("cloudformation", name, cfn + text))
    # Functions as older versions' classes read them.
    old = {
        ("2014-10-16", "str_replace params value a list"): "value: {str_replace: {template: a, params: {a: [1]}}}",
        ("2014-10-16", "str_replace params a list"): "value: {str_replace: {template: a, params: [a]}}",
        ("2014-10-16", "str_replace placeholder a number"): "value: {str_replace: {template: a1, params: {1: b}}}",
        ("2014-10-16", "list_join of a string"): "value: {list_join: [',', a]}",
        ("2014-10-16", "list_join delimiter a list"): "value: {list_join: [[','], [a]]}",
        ("2014-10-16", "list_join items not strings"): "value: {list_join: [',', [[a]]]}",
        ("2021-04-16", "list_join items null"): "value: {list_join: [',', [null]]}",
        ("2021-04-16", "str_replace params value null"): "value: {str_replace: {template: a, params: {a: null}}}",
        ("2021-04-16", "map_replace three arguments"): "value: {map_replace: [{a: b}, {keys: {}}, {}]}",
        ("2021-04-16", "yaql without data"): "value: {yaql: {expression: '$.data'}}",
        ("2021-04-16", "filter a string of values"): "value: {filter: [x, [a]]}",
    }
    for (version, name), text in old.items():
        out.append(case("function arguments", f"{name} ({version})",
                        f"heat_template_version: {version}\nresources:\n"
                        "  w: {type: OS::Heat::Value, properties: {value: 1}}\n"
                        "  v:\n    type: OS::Heat::Value\n    properties:\n      " + text + "\n"))
    conditions = {
        ("2016-10-14", "if two arguments"): ("c: true", "value: {if: [c, a]}"),
        ("2021-04-16", "equals a string"): ("c: {equals: a}", "value: {if: [c, a, b]}"),
        ("2021-04-16", "not a map"): ("c: {not: {}}", "value: {if: [c, a, b]}"),
    }
    for (version, name), (condition, text) in conditions.items():
        out.append(case("function arguments", f"{name} ({version})",
                        f"heat_template_version: {version}\nconditions:\n  {condition}\n"
                        "resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      "
                        + text + "\n"))
    cfn_more = {
        "Fn::FindInMap two arguments": "Mappings: {m: {a: {b: 1}}}\nResources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::FindInMap': [m, a]}}}\n",
        "a used condition's Ref to an unknown parameter": "Conditions:\n  C: {'Fn::Equals': [{Ref: Nope}, a]}\nResources:\n  A: {Type: OS::Heat::Value, Condition: C, Properties: {value: 1}}\n",
        "Fn::MemberListToMap members a map": "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::MemberListToMap': [Name, Value, {a: b}]}}}\n",
    }
    for name, text in cfn_more.items():
        out.append(case("cloudformation", name, "AWSTemplateFormatVersion: '2010-09-09'\n" + text))
    # The template's own reading: its text and version.
    documents = {
        "YAML that does not parse": "heat_template_version: 2018-08-31\nresources: [a\n",
        "a list, not a mapping": "- heat_template_version: 2018-08-31\n",
        "no version": "resources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\n",
        "both versions": "heat_template_version: 2018-08-31\nAWSTemplateFormatVersion: '2010-09-09'\nresources: {}\n",
        "an unknown version": "heat_template_version: 2099-01-01\nresources: {}\n",
        "a version that is a number": "heat_template_version: 2018\nresources: {}\n",
    }
    for name, text in documents.items():
        out.append(case("document", name, text))
    out.extend(site_cases(case))
    return out


def main() -> int:
    with_fixed_hash_seed()
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
