#!/usr/bin/env python3
"""Held-out stacks: real multi-file stacks that no generator wrote, each
with at most one seeded mistake, judged by heatwise and by a real Heat
27.0.1's create.

    python heldout_stacks.py --heatwise BIN --cases N [--seed S] [--tree DIR] [--record FILE]

The stacks are TripleO's own: a role's service chain
(`common/services/<role>-role.yaml` of the rendered tripleo-heat-templates
that `cargo xtask setup` pins) over one to three of the services
`overcloud-resource-registry-puppet.yaml` maps to templates, created as
`openstack stack create -t heldout.yaml -e overcloud-resource-registry-puppet.yaml
-e heldout.env.yaml` creates it. Every resource there is Heat's own
(`OS::Heat::Value`, `ResourceChain`, nested templates), so the real Heat
server (tools/heat_server/cloud.py, no Keystone, no cloud) creates it to the
end. A deployment's own values (container images, passwords) come from
a third environment that gives every parameter of the tree without a
default a value of its type. A mistake is seeded only into a stack whose
unchanged form Heat creates; the class `unchanged` takes any.

Each case changes the stack in one way (CLASSES): through the environment's
`parameter_defaults`, the root, or one edit of a real nested file (byte
offsets, applied to a copy of the tree and undone after the case). Heat's
verdict is `accept`, `client`, `validate` or `create`; heatwise's is the
stages of its errors; they agree as in differential.py.

Prints the agreement by class. With --record FILE, writes every case (its
root, environment, edits and Heat's verdict) there, for
tests/tests/heldout_stacks.rs to replay without Python.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from differential import Heat, agreement, count, heatwise_verdict  # noqa: E402
from record_fixtures import fnv1a64  # noqa: E402

TREE = ROOT / "target" / "corpus" / "tripleo-heat-templates-18.0.0-rendered"
REGISTRY = "overcloud-resource-registry-puppet.yaml"
# What a deployment's tools add (container images, passwords, the stack's
# name, ...): every parameter of the tree without a default or a constraint
# gets a value of its type (deployment_defaults).
DEPLOYMENT = "heldout-deployment.env.yaml"
ENVIRONMENTS = [REGISTRY, DEPLOYMENT, "heldout.env.yaml"]
# By role file, the role's name; its services are the registry's
# `<name>Services`.
ROLES = {"controller": "Controller", "compute": "Compute", "blockstorage": "BlockStorage",
         "objectstorage": "ObjectStorage", "cephstorage": "CephStorage"}
# What a role's chain passes every service (common/services/*-role.yaml).
PASSED = {"ServiceData", "ServiceNetMap", "EndpointMap", "RoleName", "RoleParameters"}
CLASSES = [
    "unchanged",
    "parameter-defaults-wrong-type",
    "parameter-defaults-breaks-constraint",
    "parameter-defaults-unknown-key",
    "nested-default-removed",
    "nested-get-attr-missing-output",
    "nested-undeclared-parameter",
    "chain-unknown-property",
    "root-get-attr-missing-output",
]


class Case:
    def __init__(self, name: str, klass: str, role: str, services: list[str]):
        self.name, self.klass, self.role, self.services = name, klass, role, services
        self.parameter_defaults: dict = {}
        self.root_output = "role_data"
        self.edits: list[dict] = []  # {file, start, end, insert}: bytes of a tree file
        self.what = ""

    def root_text(self) -> str:
        services = ", ".join(self.services)
        return (
            "heat_template_version: wallaby\n"
            "resources:\n"
            "  RoleServices:\n"
            f"    type: common/services/{self.role}-role.yaml\n"
            "    properties:\n"
            f"      Services: [{services}]\n"
            f"      RoleName: {ROLES[self.role]}\n"
            # What overcloud.yaml passes (ServiceNetMap, EndpointMap: the
            # registry's parameter_defaults).
            "      ServiceData: {net_cidr_map: {ctlplane: [192.168.24.0/24]}}\n"
            "outputs:\n"
            "  role_data:\n"
            f"    value: {{get_attr: [RoleServices, {self.root_output}]}}\n"
        )

    def environment_text(self) -> str:
        return yaml.safe_dump({"parameter_defaults": self.parameter_defaults}, sort_keys=True)

    def record(self, heat: dict) -> dict:
        return {"name": self.name, "class": self.klass, "what": self.what,
                "root": self.root_text(), "environment": self.environment_text(),
                "edits": self.edits, "heat": heat}


# --- reading the tree ------------------------------------------------------

def services_of(tree: Path) -> dict[str, list[str]]:
    """By role file, the services of the role that the registry maps to a
    file."""
    environment = yaml.safe_load((tree / REGISTRY).read_text())
    registry = environment["resource_registry"]
    return {role: [s for s in environment["parameter_defaults"][f"{name}Services"]
                   if str(registry.get(s, "")).endswith(".yaml")]
            for role, name in ROLES.items()}


def deployment_defaults(tree: Path) -> dict:
    values = {"string": "heldout", "number": 1, "boolean": False, "json": {},
              "comma_delimited_list": []}
    found: dict = {}
    for path in sorted(tree.rglob("*.yaml")):
        try:
            document = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (yaml.YAMLError, UnicodeDecodeError):
            continue
        if not isinstance(document, dict) or "heat_template_version" not in document:
            continue
        for name, parameter in (document.get("parameters") or {}).items():
            if (isinstance(parameter, dict) and "default" not in parameter
                    and not parameter.get("constraints") and name not in PASSED
                    and parameter.get("type") in values):
                found.setdefault(name, values[parameter["type"]])
    return found


def compose(path: Path):
    return yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)


def entry(node, key):
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return k, v
    return None


def byte_of(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


def walk(node):
    yield node
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            yield from walk(k)
            yield from walk(v)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from walk(item)


def parameters_of(path: Path) -> dict:
    document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return document.get("parameters") or {}


# --- mutations -------------------------------------------------------------

def wrong_type(parameter: dict):
    return {"number": "heatwise-not-a-number", "boolean": "heatwise-not-a-boolean",
            "json": "heatwise-not-json"}.get(parameter.get("type"))


def breaking(parameter: dict):
    for constraint in parameter.get("constraints") or []:
        if "allowed_values" in constraint:
            return "heatwise-not-allowed"
        if "range" in constraint:
            limits = constraint["range"]
            return limits["max"] + 1000 if "max" in limits else limits["min"] - 1000
        if "length" in constraint and parameter.get("type") == "string":
            limits = constraint["length"]
            return "x" * (limits["max"] + 1) if "max" in limits else ""
        if "allowed_pattern" in constraint:
            return "!! heatwise !!"
    return None


def mutate(case: Case, rng: random.Random, tree: Path, registry: dict) -> bool:
    """Changes `case` as its class says; False when its services offer no
    place for it."""
    files = [tree / registry[service] for service in case.services]
    klass = case.klass
    if klass == "unchanged":
        return True
    if klass in ("parameter-defaults-wrong-type", "parameter-defaults-breaks-constraint"):
        choices = []
        for path in files:
            for name, parameter in parameters_of(path).items():
                if name in PASSED or not isinstance(parameter, dict):
                    continue
                value = (wrong_type(parameter) if klass.endswith("wrong-type")
                         else breaking(parameter))
                if value is not None:
                    choices.append((path, name, value))
        if not choices:
            return False
        path, name, value = rng.choice(choices)
        case.parameter_defaults[name] = value
        case.what = f"{name} ({path.relative_to(tree)}) = {value!r}"
        return True
    if klass == "parameter-defaults-unknown-key":
        case.parameter_defaults["HeatwiseNobodyDeclaresThis"] = 1
        case.what = "HeatwiseNobodyDeclaresThis"
        return True
    if klass == "root-get-attr-missing-output":
        case.root_output = "heatwise_missing_output"
        case.what = "get_attr [RoleServices, heatwise_missing_output]"
        return True
    if klass == "chain-unknown-property":
        path = tree / "common" / "services" / f"{case.role}-role.yaml"
        text = path.read_text(encoding="utf-8")
        anchor = "      resource_properties:\n"
        index = text.find(anchor)
        if index < 0:
            return False
        at = byte_of(text, index + len(anchor))
        case.edits.append({"file": str(path.relative_to(tree)), "start": at, "end": at,
                           "insert": "        HeatwiseUnknown: {get_param: RoleName}\n",
                           "fnv1a64": fnv1a64(path.read_bytes())})
        case.what = "HeatwiseUnknown in the chain's resource_properties"
        return True
    sites = []
    for path in files:
        sites += [(path, site) for site in nested_sites(path, klass, tree, registry)]
    if not sites:
        return False
    path, (start, end, insert, what) = rng.choice(sites)
    text = path.read_text(encoding="utf-8")
    case.edits.append({"file": str(path.relative_to(tree)), "start": byte_of(text, start),
                       "end": byte_of(text, end), "insert": insert,
                       "fnv1a64": fnv1a64(path.read_bytes())})
    case.what = f"{path.relative_to(tree)}: {what}"
    return True


def nested_sites(path: Path, klass: str, tree: Path, registry: dict):
    """(start, end, insert, description) edits in characters of one file."""
    text = path.read_text(encoding="utf-8")
    root = compose(path)
    parameters = entry(root, "parameters")
    declared = {k.value for k, _ in parameters[1].value} if parameters else set()
    if klass == "nested-default-removed":
        for key, parameter in parameters[1].value if parameters else []:
            if key.value in PASSED:
                continue
            default = entry(parameter, "default")
            if default is None:
                continue
            k, v = default
            if k.start_mark.line != v.end_mark.line or v.end_mark.index >= len(text):
                continue
            line_start = text.rfind("\n", 0, k.start_mark.index) + 1
            line_end = text.find("\n", v.end_mark.index) + 1
            if text[line_start:k.start_mark.index].strip() or not line_end:
                continue
            yield line_start, line_end, "", f"the default of {key.value}"
    elif klass == "nested-undeclared-parameter":
        for node in walk(entry(root, "resources")[1] if entry(root, "resources") else None):
            name = entry(node, "get_param")
            if name and isinstance(name[1], yaml.ScalarNode) and name[1].value in declared:
                v = name[1]
                yield (v.start_mark.index, v.end_mark.index, "HeatwiseUndeclared",
                       f"get_param {v.value} -> HeatwiseUndeclared")
    elif klass == "nested-get-attr-missing-output":
        resources = entry(root, "resources")
        nested = set()
        for key, definition in resources[1].value if resources else []:
            kind = entry(definition, "type")
            if kind and isinstance(kind[1], yaml.ScalarNode):
                target = registry.get(kind[1].value, kind[1].value)
                if str(target).endswith(".yaml"):
                    nested.add(key.value)
        for node in walk(root):
            found = entry(node, "get_attr")
            if not found or not isinstance(found[1], yaml.SequenceNode):
                continue
            items = found[1].value
            if (len(items) >= 2 and isinstance(items[0], yaml.ScalarNode)
                    and items[0].value in nested and isinstance(items[1], yaml.ScalarNode)
                    and items[1].style is None):
                v = items[1]
                yield (v.start_mark.index, v.end_mark.index, "heatwise_missing_output",
                       f"get_attr [{items[0].value}, {v.value} -> heatwise_missing_output]")


# --- judging ---------------------------------------------------------------

def apply(tree: Path, edits: list[dict]) -> dict[Path, bytes]:
    originals = {}
    for edit in edits:
        path = tree / edit["file"]
        data = originals.setdefault(path, path.read_bytes())
        path.write_bytes(data[:edit["start"]] + edit["insert"].encode() + data[edit["end"]:])
    return originals


def judge(case: Case, heat: Heat, heatwise: str | None, tree: Path) -> tuple[dict, list[str]]:
    """Heat's verdict (its reason without the tree's place) and heatwise's."""
    (tree / "heldout.yaml").write_text(case.root_text(), encoding="utf-8")
    (tree / "heldout.env.yaml").write_text(case.environment_text(), encoding="utf-8")
    originals = apply(tree, case.edits)
    root, environments = tree / "heldout.yaml", [tree / e for e in ENVIRONMENTS]
    try:
        ours = heatwise_verdict(heatwise, root, environments) if heatwise else []
        verdict = heat.verdict(root, environments)
        if verdict["reason"]:
            verdict["reason"] = verdict["reason"].replace(tree.as_uri() + "/", "")
        return verdict, ours
    finally:
        for path, data in originals.items():
            path.write_bytes(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heatwise", required=True)
    parser.add_argument("--cases", type=int, default=90)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", type=Path, default=TREE)
    parser.add_argument("--record", type=Path)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "tree"
        shutil.copytree(args.tree, tree, ignore=shutil.ignore_patterns(".git"))
        registry = {**yaml.safe_load((tree / REGISTRY).read_text())["resource_registry"]}
        deployment = yaml.safe_dump({"parameter_defaults": deployment_defaults(tree)},
                                    sort_keys=True)
        (tree / DEPLOYMENT).write_text(deployment, encoding="utf-8")
        services = services_of(tree)
        heat = Heat(Path(scratch) / "state")
        try:
            # The services whose stack, unchanged, Heat creates.
            usable: dict[str, bool] = {}

            def creatable(service: str) -> bool:
                if service not in usable:
                    alone = Case("probe", "unchanged", "controller", [service])
                    usable[service] = judge(alone, heat, None, tree)[0]["stage"] == "accept"
                return usable[service]

            records, by_class = [], {}
            for n in range(args.cases):
                klass = CLASSES[n % len(CLASSES)]
                for _ in range(50):
                    role = rng.choice(sorted(ROLES))
                    picked = rng.sample(services[role], rng.randint(1, 3))
                    case = Case(f"{n:04d}", klass, role, picked)
                    # A mistake is seeded into a stack Heat creates.
                    baseline = klass == "unchanged" or all(creatable(s) for s in picked)
                    if baseline and mutate(case, rng, tree, registry):
                        break
                else:
                    continue
                verdict, ours = judge(case, heat, args.heatwise, tree)
                outcome = agreement(verdict, ours)
                count(by_class, klass, verdict, outcome)
                if outcome != "agree":
                    print(f"{case.name} {klass} {outcome}: {case.services} {case.what}; "
                          f"Heat {verdict}; heatwise {ours}", file=sys.stderr)
                records.append(case.record(verdict))
        finally:
            heat.stop()
    left_out = sorted(s for s, ok in usable.items() if not ok)
    print(f"# Held-out stacks: {len(records)} cases, seed {args.seed}, "
          f"{time.monotonic() - started:.0f} s; services Heat does not create unchanged: "
          f"{len(left_out)} of {len(usable)} tried")
    print("| class | cases | Heat refuses | found | missed | false errors | wrong stage |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for klass in CLASSES:
        c = by_class.get(klass)
        if c:
            print(f"| {klass} | {c['cases']} | {c['refused']} | {c['found']} | "
                  f"{c['missed']} | {c['false errors']} | {c['wrong stage']} |")
    if args.record:
        import heatclient  # noqa: F401  (the version Heat's server runs is in cloud.py)

        args.record.write_text(json.dumps({
            "format": "heatwise-heldout-stacks", "tree": args.tree.name, "seed": args.seed,
            "environments": ENVIRONMENTS[:2], "deployment": deployment,
            "not_created_unchanged": left_out, "cases": records,
        }, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
