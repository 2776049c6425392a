#!/usr/bin/env python3
"""Template versions as Heat registers them: functions, removed functions,
condition functions, sections, resource and output keys, deletion
policies and parameter keys and constraints of each `heat.templates`
entry point, read from Heat's own classes; and the release that first
shipped each version, read from Heat's git history.

    .venv/bin/python tools/heat_catalog/template_versions.py --heat-git DIR [--output FILE]

DIR is a clone of Heat's repository with its release tags. The first
release of a HOT version is the first release tag containing the commit
that brought its date into Heat's engine (for 2013-05-23, the first that
read `heat_template_version` at all: Heat then took HOT by the key's
presence); the CloudFormation formats date from Heat's first release.
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import json
import logging
import re
import subprocess
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUTPUT = ROOT / "core" / "catalog" / "template-versions.json"
RELEASE_TAG = re.compile(r"^(20\d\d\.\d(\.\d+)?|\d+\.0\.0)$")
ENGINE_PATHS = ["heat/engine", "setup.cfg"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout


def first_release(repo: Path, needle: str) -> str | None:
    commits = git(repo, "log", "--reverse", "--format=%H", "-S", needle, "--", *ENGINE_PATHS).split()
    if not commits:
        return None
    tags = git(repo, "tag", "--contains", commits[0], "--sort=creatordate").split()
    release = next((tag for tag in tags if RELEASE_TAG.match(tag)), None)
    # `2015.1.0` is Kilo's tag; Heat's own version strings say `2015.1`.
    return re.sub(r"^(20\d\d\.\d)\.0$", r"\1", release) if release else None


def names(mapping) -> list[str]:
    return sorted(mapping.keys()) if mapping else []


# One constraint of each kind, on a parameter of a type it applies to.
CONSTRAINT_SAMPLES = {
    "length": ("string", {"min": 1}),
    "range": ("number", {"min": 1}),
    "modulo": ("number", {"step": 2, "offset": 0}),
    "allowed_values": ("string", ["a"]),
    "allowed_pattern": ("string", "a.*"),
    "custom_constraint": ("string", "nova.flavor"),
}


def expressed_constraints(param_class) -> list[str]:
    """The constraints this version's parameter schema expresses, asked of
    the class itself: a constraint it does not know is refused ("No
    constraint expressed")."""
    expressed = []
    for name, (kind, value) in CONSTRAINT_SAMPLES.items():
        try:
            param_class.from_dict("p", {"type": kind, "constraints": [{name: value}]})
        except Exception:  # Heat's own refusal, whatever its class
            continue
        expressed.append(name)
    return expressed


def describe(key: str, version: str, cls, aliases: list[str]) -> dict:
    from heat.engine.hot import functions as hot_functions
    from heat.engine.hot import parameters as hot_parameters

    functions = getattr(cls, "functions", {})
    active = {name: fn.__name__ for name, fn in sorted(functions.items()) if fn is not hot_functions.Removed}
    removed = sorted(name for name, fn in functions.items() if fn is hot_functions.Removed)
    param_class = getattr(cls, "param_schema_class", None)
    record = {
        "key": key,
        "version": version,
        "aliases": aliases,
        "class": cls.__name__,
        "functions": active,
        "removed_functions": removed,
        "condition_functions": names(getattr(cls, "condition_functions", {})),
        # Heat's own placeholder entries (`__undefined__`) are no sections.
        "sections": [s for s in getattr(cls, "SECTIONS", ()) if not s.startswith("__")],
        "resource_keys": list(getattr(cls, "_RESOURCE_KEYS", ())),
        "output_keys": list(getattr(cls, "OUTPUT_KEYS", ())),
        "deletion_policies": names(getattr(cls, "deletion_policies", {})),
    }
    if param_class is not None and issubclass(param_class, hot_parameters.HOTParamSchema):
        record["parameter_keys"] = list(param_class.KEYS)
        record["parameter_constraints"] = expressed_constraints(param_class)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heat-git", type=Path, required=True, help="a clone of Heat's repository with its tags")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)

    by_class: dict[tuple, dict] = {}
    heat_version = metadata.version("openstack-heat")
    for entry in sorted(metadata.entry_points(group="heat.templates"), key=lambda e: e.name):
        key, version = entry.name.split(".", 1)
        cls = entry.load()
        slot = (key, cls.__name__)
        if slot in by_class:
            # A second name for the same class: a release alias (`newton`).
            by_class[slot]["names"].append(version)
            continue
        by_class[slot] = {"cls": cls, "key": key, "names": [version]}
    versions = []
    first_heat = first_release(args.heat_git, "class Stack")
    for (key, _), found in by_class.items():
        dates = [n for n in found["names"] if re.match(r"^\d{4}-\d\d-\d\d$", n)]
        version = dates[0] if dates else found["names"][0]
        aliases = sorted(n for n in found["names"] if n != version)
        record = describe(key, version, found["cls"], aliases)
        if key != "heat_template_version":
            record["first_release"] = first_heat
        elif version == "2013-05-23":
            record["first_release"] = first_release(args.heat_git, "heat_template_version")
        else:
            record["first_release"] = first_release(args.heat_git, version)
        versions.append(record)
    versions.sort(key=lambda r: (r["key"] != "heat_template_version", r["version"]))
    document = {
        "generated_by": "tools/heat_catalog/template_versions.py",
        "heat_version": heat_version,
        "versions": versions,
    }
    args.output.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    for record in versions:
        print(f"{record['key']} {record['version']} {record['aliases']}: first in {record['first_release']}, "
              f"{len(record['functions'])} functions, {len(record['removed_functions'])} removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
