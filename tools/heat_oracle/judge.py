#!/usr/bin/env python3
"""Heat 27.0.1's verdict on templates, as `openstack stack create` would give it.

    .venv/bin/python tools/heat_oracle/judge.py TEMPLATE...
    .venv/bin/python tools/heat_oracle/judge.py --find DIR... --out VERDICTS.json

Each template is the root of a stack with no environment: python-heatclient
5.3.0 gathers its files (nested templates, `get_file` targets) as `openstack
stack create -t TEMPLATE` does, then Heat does what its engine does before it
creates anything (`EngineService._parse_template_and_validate_stack`): the
template is parsed and checked (`Template.validate`), the stack is built and
validated (`Stack.validate`: parameters, parameter groups, conditions,
resource definitions, dependencies, each resource's own `validate()`,
outputs).

No cloud is contacted. What only the cloud can answer is stubbed to accept:
custom constraints backed by a client (`nova.flavor`, `glance.image`,
`neutron.network`, …) and the catalog's service availability. Heat's checks
that need no client (IP addresses, CIDRs, cron, time zones, …) run as in
Heat. Not run: the name-uniqueness and stack-count checks (a database) and
the policy enforcer (an operator's configuration).

Parameters without a default get a made-up value (the first allowed value,
else a placeholder by type). A refusal that the made-up value may cause
(Heat's error names such a parameter or value) is kept apart as
`placeholder`: the template's author would give a real value.

Verdicts: `accepted`; `refused` with Heat's error; `not-judged` where Heat
needed the cloud (a resource's `validate()` calling a client) or the
verdict depends on a made-up value (`reason`).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_fixtures import fnv1a64  # noqa: E402
from translate import (  # noqa: E402
    PLACEHOLDER_BY_PARAMETER_TYPE,
    Heat,
    error_text,
    find_templates,
    first_allowed_value,
)

FORMAT = "heatwise-heat-verdicts"


class Judge:
    def __init__(self) -> None:
        self.heat = Heat()
        from heatclient.common import template_utils

        self.template_utils = template_utils
        self._stub_the_cloud()
        # The exception behind the last refusal, for refusal_sites.py to
        # find where in Heat's code it was raised.
        self.last_error: BaseException | None = None

    def _stub_the_cloud(self) -> None:
        from heat.engine import constraints, resource

        # Client-backed custom constraints accept: the cloud would answer.
        # Those that need no client (IP address, CIDR, cron, …) override
        # `validate` and keep Heat's own check.
        constraints.BaseCustomConstraint.validate = lambda self, value, context: True
        # Every service is in the catalog.
        resource.Resource.is_service_available = classmethod(lambda cls, context: (True, None))
        # An image's status and size against the flavor: Glance and Nova
        # would answer (the rest of the server's validation runs).
        from heat.engine.resources.openstack.nova import server

        server.Server._validate_image_flavor = lambda self, image, flavor: None
        # A new stack has no nested stacks yet: groups ask an engine that
        # knows none (their inspector answers "no members" without one).
        resource.Resource.rpc_client = lambda self: None

    def verdict(self, path: Path) -> dict:
        try:
            files, template = self.template_utils.get_template_contents(
                template_file=str(path.resolve()))
        except Exception as error:  # heatclient refuses to send the stack
            self.last_error = error
            return {"verdict": "refused", "stage": "gather", "error": error_text(error)}
        # heatclient keeps a file that is not a template as bytes (base64
        # when it is not UTF-8); the request's JSON body makes it text, which
        # is what the engine gets.
        files = {url: content.decode("utf-8") if isinstance(content, bytes) else content
                 for url, content in files.items()}
        return self.judge(template, files)

    def judge_text(self, text: str) -> dict:
        """The verdict on a template of one file, given as text."""
        try:
            template = self.heat.template_format.parse(text)
        except Exception as error:  # Heat's loader refuses the text
            self.last_error = error
            return {"verdict": "refused", "stage": "parse", "error": error_text(error)}
        return self.judge(template, {})

    def judge(self, template: dict, files: dict) -> dict:
        self.last_error = None
        first = placeholders(template, PLACEHOLDERS)
        error = self.validate(template, files, first)
        if error is None:
            # An acceptance can hang on the made-up values too (a condition
            # that reads one): judged again with others, it must hold.
            if first and self.validate(template, files, placeholders(template, OTHER_PLACEHOLDERS)):
                return {"verdict": "not-judged", "reason": "placeholder",
                        "error": "accepted with some made-up parameter values, refused with others"}
            return {"verdict": "accepted"}
        if any(sign in error for sign in ("CloudAccess", "client needed", "Authorization failed")):
            # A client was needed (`Fn::GetAZs` asks Nova through Keystone).
            return {"verdict": "not-judged", "reason": "cloud", "error": error}
        if "Could not fetch remote template" in error and "Invalid URL scheme" not in error:
            # A URL, or a file Heat's installation provides (its global
            # environment's `file:///etc/heat/templates/…`). A scheme other
            # than http and https Heat refuses before it fetches anything.
            return {"verdict": "not-judged", "reason": "remote", "error": error}
        if first:
            # A json parameter read by path (`get_param: [servers,
            # Controller]`) is a map the user gives with those keys: judged
            # with one that has them, a refusal that goes away came from the
            # made-up values.
            shaped = shaped_placeholders(template, first)
            if shaped != first and self.validate(template, files, shaped) != error:
                return {"verdict": "not-judged", "reason": "placeholder", "error": error}
            # Does the refusal come from the made-up values? Judge again
            # with others: a different verdict says it does.
            other = self.validate(template, files, placeholders(template, OTHER_PLACEHOLDERS))
            names = any(
                f"'{name}'" in error or f'"{name}"' in error or f"({name})" in error
                or (isinstance(value, str) and value and value in error)
                for name, value in first.items())
            if other != error or names:
                return {"verdict": "not-judged", "reason": "placeholder", "error": error}
        return {"verdict": "refused", "stage": "validate", "error": error}

    def validate(self, template: dict, files: dict, values: dict) -> str | None:
        """Heat's error on the stack with these parameter values, or None."""
        heat = self.heat
        try:
            tmpl = heat.template.Template(copy.deepcopy(template), files=files)
            tmpl.env = heat.environment.Environment({"parameters": values} if values else {})
            tmpl.validate()
            stack = heat.stack.Stack(heat.context(), "heat-judge", tmpl)
            stack.validate()
        except Exception as error:  # Heat's own verdict, whatever its class
            if self.last_error is None:
                self.last_error = error
            return error_text(error)
        return None


# Made-up values by parameter type, and others to tell whether a refusal
# comes from them.
PLACEHOLDERS = PLACEHOLDER_BY_PARAMETER_TYPE
OTHER_PLACEHOLDERS = {
    "string": "judge-placeholder-2",
    "number": 1,
    "comma_delimited_list": "a,b",
    "commadelimitedlist": "a,b",
    "json": [],
    "boolean": True,
}


def placeholders(template: dict, by_type: dict) -> dict:
    """Values for the parameters Heat has none for: no default, or a null one."""
    section = template.get("parameters")
    if section is None:
        section = template.get("Parameters")
    if not isinstance(section, dict):
        return {}
    values = {}
    for name, schema in section.items():
        if not isinstance(schema, dict):
            continue
        if schema.get("default", schema.get("Default")) is not None:
            continue
        allowed = first_allowed_value(schema)
        if allowed is not None:
            values[name] = allowed
            continue
        kind = str(schema.get("type", schema.get("Type", "string"))).lower()
        values[name] = by_type.get(kind, by_type["string"])
    return values


def shaped_placeholders(template: dict, values: dict) -> dict:
    """`values`, with each json parameter a map holding every path a
    `get_param` reads into it (a map at each end)."""
    shaped = copy.deepcopy(values)

    def walk(node):
        if isinstance(node, dict):
            args = node.get("get_param") if len(node) == 1 else None
            if isinstance(args, list) and len(args) > 1 and isinstance(args[0], str):
                target = shaped.get(args[0])
                if isinstance(target, dict):
                    for key in args[1:]:
                        if not isinstance(key, (str, int)):
                            break
                        target = target.setdefault(str(key), {})
                        if not isinstance(target, dict):
                            break
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(template)
    return shaped


def judge_all(paths: list[Path], base: Path | None) -> dict:
    judge = Judge()
    verdicts = []
    started = time.monotonic()
    for path in paths:
        record = {
            "template": str(path.resolve().relative_to(base)) if base else str(path),
            "fnv1a64": fnv1a64(path.read_bytes()),
            **judge.verdict(path),
        }
        if base and "error" in record:
            # Paths inside the errors are relative too, so that a recording
            # does not depend on where the corpus was.
            record["error"] = record["error"].replace(base.as_uri() + "/", "")
        verdicts.append(record)
    counts: dict[str, int] = {}
    for record in verdicts:
        counts[record["verdict"]] = counts.get(record["verdict"], 0) + 1
    print(
        f"{len(paths)} templates in {time.monotonic() - started:.1f} s: "
        + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())),
        file=sys.stderr,
    )
    return {"format": FORMAT, "heat_version": judge.heat.version, "verdicts": verdicts}


def with_fixed_hash_seed() -> None:
    """Runs this script again with PYTHONHASHSEED=0, unless it has it.

    Heat validates resources in an order that follows Python's string
    hashes: with a random seed, a template with two refusals gives one or
    the other from run to run. Recordings must not change when nothing did.
    """
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv],
                  {**os.environ, "PYTHONHASHSEED": "0"})


def main(argv: list[str] | None = None) -> int:
    with_fixed_hash_seed()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("templates", nargs="*", type=Path)
    parser.add_argument("--find", type=Path, action="append", default=[],
                        help="judge every template under DIR (repeatable)")
    parser.add_argument("--base", type=Path, help="record paths relative to BASE")
    parser.add_argument("--out", type=Path, help="write the verdicts here (JSON)")
    args = parser.parse_args(argv)
    paths = list(args.templates)
    for directory in args.find:
        paths.extend(find_templates(directory))
    if not paths:
        parser.error("no template given")
    result = judge_all(paths, args.base.resolve() if args.base else None)
    text = json.dumps(result, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
