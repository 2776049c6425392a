#!/usr/bin/env python3
"""The values tripleoclient gives a deployment and the templates do not
default (passwords, keys, container images): a value for every parameter
without a default declared anywhere in a rendered tripleo-heat-templates
tree, meeting the parameter's constraints, as an environment's
parameter_defaults (which Heat applies only where a template declares the
name).

    python3 tools/heat_oracle/tripleo_parameters.py TREE OUT.yaml [-e ENV]...

The parameters the given environments already give are left out. Made for
`cargo xtask bench --only stack`, which has Heat preview the stack as
`openstack stack create --dry-run` does: without these Heat refuses it
(`The Parameter (NeutronMetadataProxySharedSecret) was not provided`).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import yaml

BY_TYPE = {"string": "placeholder", "number": 1, "json": {}, "comma_delimited_list": "a",
           "boolean": False}
# Tried in turn against an `allowed_pattern`; the first that matches is given.
PATTERN_CANDIDATES = ["placeholder", "A" * 38 + "==", "a", "1", "x" * 40, "10.0.0.1"]


def value_for(declared: dict):
    value = BY_TYPE.get(str(declared.get("type", "string")).lower(), "placeholder")
    for constraint in declared.get("constraints") or []:
        if not isinstance(constraint, dict):
            continue
        if constraint.get("allowed_values"):
            value = constraint["allowed_values"][0]
        pattern = constraint.get("allowed_pattern")
        if pattern:
            value = next((c for c in PATTERN_CANDIDATES if re.match(pattern + r"\Z", c)), value)
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("-e", "--environment", type=Path, action="append", default=[])
    args = parser.parse_args()
    given = set()
    for environment in args.environment:
        loaded = yaml.safe_load(environment.read_text(encoding="utf-8")) or {}
        for section in ("parameter_defaults", "parameters"):
            given |= set((loaded.get(section) or {}).keys())
    values = {}
    for path in sorted(args.tree.rglob("*.yaml")):
        try:
            template = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (yaml.YAMLError, UnicodeDecodeError):
            continue
        if not isinstance(template, dict) or "heat_template_version" not in template:
            continue
        for name, declared in (template.get("parameters") or {}).items():
            if isinstance(declared, dict) and "default" not in declared and name not in given:
                values.setdefault(name, value_for(declared))
    args.out.write_text(yaml.safe_dump({"parameter_defaults": values}), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
