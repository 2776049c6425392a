#!/usr/bin/env python3
"""Differential testing of heatwise against Heat's create: stacks generated
from seeded random choices, each judged by `heatwise lint --stack` and by a
real Heat 27.0.1 (tools/heat_server/cloud.py, no Keystone) through to the
end of its create; every disagreement minimised to a small stack.

    python differential.py --heatwise BIN --cases N [--seed S] --out DIR [--record DIR]

Each case is a root template, a nested template (`member.yaml`) and an
environment, built from one random *shape* and changed by one *class* of
mutation:

- shape: the nested template's parameters (type, constraint, default or
  required), how the root uses it (a template resource, a registry alias,
  a ResourceGroup, a ResourceChain listing it or a parameter listing it,
  an AutoScalingGroup), where each value
  comes from (a literal, a root parameter with a default or set by the
  environment's `parameters`, the environment's `parameter_defaults`, the
  nested default), how its outputs are read (`get_attr`, in a resource or
  an output), and whether a condition, true or false, holds the resources;
- class: `accepted` (no change) or one change that Heat may refuse or
  accept: see CLASSES.

Heat's verdict is `accept`, `validate` (`openstack stack create --dry-run`
refuses) or `create` (the create fails); heatwise's is its errors' stages.
They agree when heatwise has an error exactly where Heat refuses, at a
stage that matches (`client` counts as `validate`).

Writes DIR/report.md, DIR/agreement.json (by class: cases, refused by Heat,
found, missed, false errors, wrong stage) and each minimised disagreement
under DIR/found/CLASS-N/ (root.yaml, member.yaml, root.env.yaml,
heat.json). With --record DIR, the minimised disagreements and
agreement.json are also written there, for `cli/tests/verdicts.rs` to
replay and docs/rules.md to show.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "tools" / "heat_server"))

VERSION = "2018-08-31"
PARAMETER_TYPES = ["string", "number", "boolean", "json", "comma_delimited_list"]
CONTAINERS = ["template", "alias", "group", "chain", "chain-by-parameter", "asg"]
CLASSES = [
    "accepted",
    "nested-wrong-type",
    "nested-missing-required",
    "nested-required-from-parameter-defaults",
    "nested-unknown-property",
    "nested-breaks-constraint",
    "environment-breaks-nested-constraint",
    "parameter-defaults-breaks-nested-constraint",
    "get-attr-missing-output",
    "root-default-breaks-constraint",
    "root-default-replaced-by-parameter-defaults",
    "nested-default-breaks-constraint",
    "nested-default-replaced-by-parameter-defaults",
    "unknown-parameter-defaults-key",
    "two-levels-breaks-constraint",
    "two-levels-default-replaced",
    "two-levels-accepted",
    "nested-condition-by-passed-value",
]


# --- values ---------------------------------------------------------------

def constraint_of(rng: random.Random, kind: str) -> dict | None:
    if kind == "number":
        return rng.choice([None, {"range": {"min": 1, "max": 10}}])
    if kind == "string":
        return rng.choice([None, {"length": {"min": 2, "max": 8}},
                           {"allowed_values": ["small", "large"]},
                           {"allowed_pattern": "[a-z]+"}])
    if kind == "comma_delimited_list":
        return rng.choice([None, {"length": {"min": 1, "max": 3}}])
    return None


def valid_value(rng: random.Random, parameter: dict):
    kind = parameter["type"]
    constraint = (parameter.get("constraints") or [{}])[0]
    if kind == "number":
        return rng.randint(1, 10)
    if kind == "string":
        if "allowed_values" in constraint:
            return rng.choice(constraint["allowed_values"])
        return rng.choice(["abc", "web", "node"])
    if kind == "boolean":
        return rng.choice([True, False])
    if kind == "json":
        return rng.choice([{"key": 1}, {"a": "b"}])
    return rng.choice(["a,b", ["a", "b"], "x"])


def wrong_type_value(rng: random.Random, parameter: dict):
    return {
        "number": rng.choice(["abc", {"a": 1}, [1, 2]]),
        "string": rng.choice([{"a": 1}, [1, 2]]),
        "boolean": rng.choice(["maybe", {"a": 1}, [True]]),
        "json": rng.choice(["not json", 5]),
        "comma_delimited_list": rng.choice([{"a": 1}]),
    }[parameter["type"]]


def breaking_value(parameter: dict):
    constraint = parameter["constraints"][0]
    if "range" in constraint:
        return 99
    if "allowed_values" in constraint:
        return "medium"
    if "allowed_pattern" in constraint:
        return "ABC1"
    if parameter["type"] == "comma_delimited_list":
        return "a,b,c,d,e"
    return "a"


# --- cases ----------------------------------------------------------------

class Case:
    """One stack: three documents as Python data, and what made it."""

    def __init__(self, name: str, klass: str, shape: str):
        self.name, self.klass, self.shape = name, klass, shape
        self.root: dict = {"heat_template_version": VERSION}
        self.member: dict = {"heat_template_version": VERSION}
        self.inner: dict = {}
        self.environment: dict = {}

    def write(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        for name, document in [("root.yaml", self.root), ("member.yaml", self.member),
                               ("inner.yaml", self.inner), ("root.env.yaml", self.environment)]:
            path = folder / name
            if document:
                path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
            elif path.exists():
                path.unlink()
        return folder / "root.yaml"


def generate(rng: random.Random, name: str, klass: str) -> Case:
    container = rng.choice(CONTAINERS)
    condition = rng.choice([None, None, None, "on", "off"])
    case = Case(name, klass, f"{container}{'' if condition is None else ', condition ' + condition}")
    parameters: dict = {}
    for index in range(rng.randint(1, 3)):
        kind = rng.choice(PARAMETER_TYPES)
        parameter: dict = {"type": kind}
        constraint = constraint_of(rng, kind)
        if constraint:
            parameter["constraints"] = [constraint]
        if rng.random() < 0.5:
            parameter["default"] = valid_value(rng, parameter)
        parameters[f"p{index}"] = parameter
    constrained = [n for n, p in parameters.items() if p.get("constraints")]
    if klass in ("nested-breaks-constraint", "environment-breaks-nested-constraint",
                 "parameter-defaults-breaks-nested-constraint") and not constrained:
        parameters["p9"] = {"type": "number", "constraints": [{"range": {"min": 1, "max": 10}}]}
        constrained = ["p9"]
    if klass in ("nested-missing-required", "nested-required-from-parameter-defaults"):
        parameters.setdefault("p8", {"type": "string"})
    case.member["parameters"] = parameters
    case.member["resources"] = {"v": {"type": "OS::Heat::Value", "properties": {
        "value": {n: {"get_param": n} for n in parameters}}}}
    case.member["outputs"] = {"first": {"value": {"get_attr": ["v", "value"]}},
                              "second": {"value": {"get_param": next(iter(parameters))}}}

    root_parameters: dict = {}
    environment_parameters: dict = {}
    parameter_defaults: dict = {}
    properties: dict = {}
    target = rng.choice(list(parameters))
    if klass in ("nested-missing-required", "nested-required-from-parameter-defaults"):
        target = "p8"
    if klass in ("nested-breaks-constraint", "environment-breaks-nested-constraint",
                 "parameter-defaults-breaks-nested-constraint"):
        target = rng.choice(constrained)
    for parameter_name, parameter in parameters.items():
        required = "default" not in parameter
        if parameter_name == target and klass == "nested-missing-required":
            continue
        if parameter_name == target and klass == "nested-required-from-parameter-defaults":
            parameter_defaults[parameter_name] = valid_value(rng, parameter)
            continue
        if parameter_name == target and klass == "parameter-defaults-breaks-nested-constraint":
            parameter_defaults[parameter_name] = breaking_value(parameter)
            continue
        if parameter_name == target and klass == "environment-breaks-nested-constraint":
            root_parameters[f"r_{parameter_name}"] = {"type": parameter["type"]}
            environment_parameters[f"r_{parameter_name}"] = breaking_value(parameter)
            properties[parameter_name] = {"get_param": f"r_{parameter_name}"}
            continue
        if parameter_name == target and klass == "nested-wrong-type":
            properties[parameter_name] = wrong_type_value(rng, parameter)
            continue
        if parameter_name == target and klass == "nested-breaks-constraint":
            properties[parameter_name] = breaking_value(parameter)
            continue
        source = rng.choice(["literal", "root-default", "environment", "nested-default"]
                            if not required else ["literal", "root-default", "environment",
                                                  "parameter-defaults"])
        value = valid_value(rng, parameter)
        if source == "literal":
            properties[parameter_name] = value
        elif source == "root-default":
            root_parameters[f"r_{parameter_name}"] = {"type": parameter["type"], "default": value}
            properties[parameter_name] = {"get_param": f"r_{parameter_name}"}
        elif source == "environment":
            root_parameters[f"r_{parameter_name}"] = {"type": parameter["type"]}
            environment_parameters[f"r_{parameter_name}"] = value
            properties[parameter_name] = {"get_param": f"r_{parameter_name}"}
        elif source == "parameter-defaults":
            parameter_defaults[parameter_name] = value
    if klass == "nested-unknown-property":
        properties["unknown_property"] = "x"
    if klass in ("root-default-breaks-constraint", "root-default-replaced-by-parameter-defaults"):
        root_parameters["size"] = {"type": "number", "default": 0,
                                   "constraints": [{"range": {"min": 1, "max": 10}}]}
        if klass == "root-default-replaced-by-parameter-defaults":
            parameter_defaults["size"] = 3
    if klass in ("nested-default-breaks-constraint",
                 "nested-default-replaced-by-parameter-defaults"):
        # Not passed by the parent: the default (or parameter_defaults) holds.
        parameters["p7"] = {"type": "number", "default": 0,
                            "constraints": [{"range": {"min": 1, "max": 10}}]}
        if klass == "nested-default-replaced-by-parameter-defaults":
            parameter_defaults["p7"] = 3
    if klass.startswith("two-levels-"):
        # The nested template passes its own parameter down to another.
        case.inner = {"heat_template_version": VERSION,
                      "parameters": {"size": {"type": "number", "constraints": [
                          {"range": {"min": 1, "max": 10}}]}},
                      "resources": {"v": {"type": "OS::Heat::Value",
                                          "properties": {"value": {"get_param": "size"}}}}}
        parameters["d"] = {"type": "number"}
        if klass == "two-levels-default-replaced":
            parameters["d"]["default"] = 99
        properties["d"] = 99 if klass == "two-levels-breaks-constraint" else 5
        case.member["resources"]["deep"] = {"type": "inner.yaml",
                                            "properties": {"size": {"get_param": "d"}}}
    if klass == "unknown-parameter-defaults-key":
        parameter_defaults["nobody_declares_this"] = 1
    if klass == "nested-condition-by-passed-value":
        # The member creates `deep` (whose create Heat refuses) only when
        # its `mode` is on: its default, or what reaches it.
        case.inner = {"heat_template_version": VERSION,
                      "resources": {"r": {"type": "OS::Heat::RandomString",
                                          "properties": {"length": 1000}}}}
        parameters["mode"] = {"type": "string", "default": rng.choice(["on", "off"])}
        case.member["conditions"] = {"deep_enabled": {"equals": [{"get_param": "mode"}, "on"]}}
        case.member["resources"]["deep"] = {"type": "inner.yaml", "condition": "deep_enabled"}
        value = rng.choice(["on", "off"])
        source = rng.choice(["literal", "not passed", "parameter-defaults", "root-default",
                             "environment"])
        case.shape += f", mode {source}"
        if source == "literal":
            properties["mode"] = value
        elif source == "parameter-defaults":
            parameter_defaults["mode"] = value
        elif source == "root-default":
            root_parameters["r_mode"] = {"type": "string", "default": value}
            properties["mode"] = {"get_param": "r_mode"}
        elif source == "environment":
            root_parameters["r_mode"] = {"type": "string"}
            environment_parameters["r_mode"] = value
            properties["mode"] = {"get_param": "r_mode"}

    member_type = "member.yaml"
    if container in ("alias", "chain", "chain-by-parameter"):
        member_type = "My::Member"
        case.environment["resource_registry"] = {"My::Member": "member.yaml"}
    if container in ("template", "alias"):
        app = {"type": member_type, "properties": properties}
    elif container == "group":
        app = {"type": "OS::Heat::ResourceGroup", "properties": {
            "count": rng.choice([0, 1, 2]),
            "resource_def": {"type": member_type, "properties": properties}}}
    elif container == "chain":
        app = {"type": "OS::Heat::ResourceChain", "properties": {
            "resources": [member_type], "resource_properties": properties}}
    elif container == "chain-by-parameter":
        # The members a parameter lists, as TripleO's roles list their
        # services: by its default, or by the environment.
        listed = {"type": "comma_delimited_list", "default": [member_type]}
        if rng.random() < 0.5:
            listed["default"] = []
            environment_parameters["services"] = [member_type]
            case.shape += ", services from the environment"
        root_parameters["services"] = listed
        app = {"type": "OS::Heat::ResourceChain", "properties": {
            "resources": {"get_param": "services"}, "resource_properties": properties}}
    else:
        app = {"type": "OS::Heat::AutoScalingGroup", "properties": {
            "min_size": 1, "max_size": 2,
            "resource": {"type": member_type, "properties": properties}}}
    output = "missing_output" if klass == "get-attr-missing-output" else rng.choice(
        ["first", "second"])
    read = {
        "template": [["app", output]],
        "alias": [["app", output]],
        "group": [["app", output], ["app", "resource.0", output]],
        "chain": [["app", "resource.0", output]],
        "chain-by-parameter": [["app", "resource.0", output]],
        "asg": [["app", "outputs", output], ["app", "outputs_list", output]],
    }[container]
    attribute = {"get_attr": rng.choice(read)}
    resources = {"app": app, "consumer": {"type": "OS::Heat::Value",
                                          "properties": {"value": attribute}}}
    outputs = {"result": {"value": attribute}}
    if rng.random() < 0.5:
        # Read only in an output.
        resources["consumer"]["properties"]["value"] = "constant"
    elif klass != "get-attr-missing-output" or rng.random() < 0.5:
        outputs = {}
    if condition is not None:
        root_parameters["mode"] = {"type": "string", "default": condition}
        if rng.random() < 0.4:
            # The environment turns it the other way.
            environment_parameters["mode"] = {"on": "off", "off": "on"}[condition]
            case.shape += " by default, turned by the environment"
        case.root["conditions"] = {"enabled": {"equals": [{"get_param": "mode"}, "on"]}}
        for definition in resources.values():
            definition["condition"] = "enabled"
        for definition in outputs.values():
            definition["condition"] = "enabled"
    if root_parameters:
        case.root["parameters"] = root_parameters
    case.root["resources"] = resources
    if outputs:
        case.root["outputs"] = outputs
    if environment_parameters:
        case.environment["parameters"] = environment_parameters
    if parameter_defaults:
        case.environment["parameter_defaults"] = parameter_defaults
    return case


# --- judges ---------------------------------------------------------------

def environments_of(root: Path) -> list[Path]:
    """A case's one environment, `root.env.yaml`, when it has one."""
    environment = root.with_suffix(".env.yaml")
    return [environment] if environment.exists() else []


def heatwise_verdict(heatwise: str, root: Path, environments: list[Path] | None = None
                     ) -> list[str]:
    """The stages of heatwise's errors, sorted, with their codes."""
    command = [heatwise, "lint", "--format", "json", "--stack", str(root)]
    for environment in environments_of(root) if environments is None else environments:
        command += ["-e", str(environment)]
    output = subprocess.run(command, capture_output=True, text=True, check=False)
    findings = json.loads(output.stdout)
    return sorted({f"{f.get('stage')} {f['code']}" for f in findings if f["severity"] == "error"})


class Heat:
    """A real Heat server, judging stacks as `openstack stack create` sends them."""

    def __init__(self, state: Path):
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "heat_server" / "cloud.py"),
             "--state", str(state)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        ready = json.loads(self.process.stdout.readline())
        import cloud

        self.cloud = cloud
        self.client = cloud.heat_client(ready["heat"], None, "alpha", "alice", "")
        self.count = 0

    def verdict(self, root: Path, environments: list[Path] | None = None) -> dict:
        """As `openstack stack create` meets it: heatclient's gathering, then
        Heat's answer to the create request (its validation), then the
        create itself. (The preview, `--dry-run`, validates differently:
        it is not the judge.)"""
        from heatclient.common import template_utils

        given = environments_of(root) if environments is None else environments
        spec = {"template": str(root), "environments": [str(e) for e in given]}
        try:
            template_utils.get_template_contents(template_file=spec["template"])
            template_utils.process_multiple_environments_and_files(
                env_paths=spec["environments"])
        except BaseException as error:  # heatclient's refusal, whatever its class
            return {"stage": "client", "reason": str(error)[:500]}
        self.count += 1
        try:
            made = self.cloud.make_stack(self.client, {**spec, "name": f"case-{self.count}"})
        except Exception as error:  # Heat's refusal of the request
            return {"stage": "validate", "reason": str(error)[:500]}
        if made["status"] != "CREATE_COMPLETE":
            return {"stage": "create", "reason": f"{made['status']}: {made['reason']}"[:500]}
        return {"stage": "accept", "reason": None}

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def agreement(heat: dict, ours: list[str]) -> str:
    """`agree`, `missed`, `false error` or `wrong stage`."""
    stages = {entry.split()[0] for entry in ours}
    if heat["stage"] == "accept":
        return "false error" if ours else "agree"
    if not ours:
        return "missed"
    wanted = {"client", "validate"} if heat["stage"] in ("client", "validate") else {"create"}
    return "agree" if stages & wanted else "wrong stage"


def count(by_class: dict, klass: str, heat: dict, outcome: str) -> None:
    """One case in the agreement by class: cases, Heat's refusals, those
    heatwise finds (at any stage), and each kind of disagreement."""
    counts = by_class.setdefault(klass, {
        "cases": 0, "refused": 0, "found": 0, "missed": 0, "false errors": 0,
        "wrong stage": 0})
    counts["cases"] += 1
    if heat["stage"] != "accept":
        counts["refused"] += 1
        if outcome in ("agree", "wrong stage"):
            counts["found"] += 1
    if outcome != "agree":
        counts[{"missed": "missed", "false error": "false errors",
                "wrong stage": "wrong stage"}[outcome]] += 1


def signature(heat: dict, ours: list[str]) -> tuple:
    """What a smaller case must keep: both verdicts, and Heat's reason
    (without the names Heat makes up), so that it stays the same problem."""
    reason = re.sub(r"\b[0-9a-f-]{36}\b|\b[a-z0-9]{12}\b|case-\d+", "*", heat["reason"] or "")
    return heat["stage"], reason, tuple(ours)


# --- minimising -----------------------------------------------------------

def deletions(case: Case):
    """Every smaller case: one entry of a mapping removed, anywhere."""
    for document_name in ("root", "member", "inner", "environment"):
        def walk(node, path):
            if isinstance(node, dict):
                for key in list(node):
                    if path == () and key == "heat_template_version":
                        continue
                    yield path + (key,)
                    yield from walk(node[key], path + (key,))
        for path in list(walk(getattr(case, document_name), ())):
            smaller = copy.deepcopy(case)
            parent = getattr(smaller, document_name)
            for key in path[:-1]:
                parent = parent[key]
            del parent[path[-1]]
            yield smaller


def minimise(case: Case, heatwise: str, heat: Heat, folder: Path, wanted: tuple) -> Case:
    """One pass over every entry, outermost first: each whose removal keeps
    the disagreement (the same verdicts, Heat's same reason) goes."""
    index = 0
    while True:
        candidates = list(deletions(case))
        if index >= len(candidates):
            break
        smaller = candidates[index]
        root = smaller.write(folder)
        if signature(heat.verdict(root), heatwise_verdict(heatwise, root)) == wanted:
            # What came before it is unchanged: the next candidate is now
            # at the same place.
            case = smaller
        else:
            index += 1
    case.write(folder)
    return case


# --- the run --------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heatwise", required=True)
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--record", type=Path)
    parser.add_argument("--no-minimise", action="store_true",
                        help="count the disagreements only")
    args = parser.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    (args.out / "cases").mkdir(parents=True)
    rng = random.Random(args.seed)
    cases = [generate(rng, f"{n:05d}", CLASSES[n % len(CLASSES)]) for n in range(args.cases)]
    roots = [case.write(args.out / "cases" / case.name) for case in cases]
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as state:
        heat = Heat(Path(state))
        try:
            with ThreadPoolExecutor(max_workers=4) as pool:
                ours = list(pool.map(lambda root: heatwise_verdict(args.heatwise, root), roots))
            theirs = [heat.verdict(root) for root in roots]
            by_class: dict = {}
            disagreements = []
            for case, verdict, mine in zip(cases, theirs, ours):
                outcome = agreement(verdict, mine)
                (args.out / "cases" / case.name / "verdicts.json").write_text(json.dumps(
                    {"class": case.klass, "shape": case.shape, "outcome": outcome,
                     "heat": verdict, "heatwise": mine}, indent=2, sort_keys=True) + "\n",
                    encoding="utf-8")
                count(by_class, case.klass, verdict, outcome)
                if outcome != "agree":
                    disagreements.append((case, verdict, mine, outcome))
            found = []
            seen: set = set()
            for case, verdict, mine, outcome in [] if args.no_minimise else disagreements:
                # One minimised example per class, shape and outcome.
                key = (case.klass, case.shape.split(",")[0], outcome)
                if key in seen:
                    continue
                seen.add(key)
                folder = args.out / "found" / f"{case.klass}-{case.name}"
                small = minimise(case, args.heatwise, heat, folder,
                                 signature(verdict, mine))
                (folder / "heat.json").write_text(json.dumps(
                    {"class": case.klass, "shape": case.shape, "outcome": outcome,
                     "heat": heat.verdict(folder / "root.yaml"), "heatwise": mine},
                    indent=2, sort_keys=True) + "\n", encoding="utf-8")
                found.append((small, folder, verdict, mine, outcome))
                if args.record:
                    shutil.copytree(folder, args.record / folder.name, dirs_exist_ok=True)
        finally:
            heat.stop()
    seconds = time.monotonic() - started
    agreement_json = json.dumps({"cases": args.cases, "seed": args.seed, "classes": by_class},
                                indent=2, sort_keys=True) + "\n"
    (args.out / "agreement.json").write_text(agreement_json, encoding="utf-8")
    if args.record:
        # docs/rules.md shows it (core/tests/rules_doc.rs).
        (args.record / "agreement.json").write_text(agreement_json, encoding="utf-8")
    lines = [f"# Differential run: {args.cases} cases, seed {args.seed}, {seconds:.0f} s", "",
             "| class | cases | Heat refuses | found | missed | false errors | wrong stage |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for klass in CLASSES:
        c = by_class.get(klass)
        if c:
            lines.append(f"| {klass} | {c['cases']} | {c['refused']} | {c['found']} | "
                         f"{c['missed']} | {c['false errors']} | {c['wrong stage']} |")
    lines += ["", f"{len(disagreements)} disagreements; minimised examples:", ""]
    for small, folder, verdict, mine, outcome in found:
        lines.append(f"- `{folder.name}` ({small.shape}): {outcome}; Heat "
                     f"{verdict['stage']} ({verdict['reason']}), heatwise {mine}")
    (args.out / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
