#!/usr/bin/env python3
"""Record how Heat's own ResourceRegistry resolves resource types.

    .venv/bin/python tools/heat_oracle/record_registry.py

core/tests/fixtures/registry/cases.json holds cases: environment texts,
laid over each other in order as `openstack stack create -e A -e B` does,
and (type, resource name) queries. Heat 27.0.1 reads each environment with
its own parser (`environment_format.parse`), loads them into one user
Environment over its global one, and answers each query with
`get_resource_info`: the template a type resolves to, the plugin type, not
found, or a loop. The answers go to cases.heat.json beside the cases, with
the cases' FNV-1a hash, so that `cargo test` checks heatwise's registry
against Heat without Python and knows when a recording is stale.

A case with `child: [type, resource]` asks its queries of the environment
of the nested stack that resource makes: Heat's own
`get_child_environment`, with the template's registry entry removed and
the registry scoped to that resource, as `StackResource` builds it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_fixtures import fnv1a64  # noqa: E402
from translate import Heat, error_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "core" / "tests" / "fixtures" / "registry" / "cases.json"


def answer(heat: Heat, env, type_name: str, resource: str | None) -> dict:
    try:
        info = env.get_resource_info(type_name, resource_name=resource)
    except RecursionError:
        return {"loop": True}
    except Exception as error:  # EntityNotFound, or whatever Heat raises
        return {"not_found": error_text(error)}
    if isinstance(info, heat.environment.TemplateResourceInfo):
        return {"template": info.template_name}
    return {"type": info.name}


def main() -> int:
    heat = Heat()
    cases = json.loads(CASES.read_text(encoding="utf-8"))
    answers = []
    for case in cases:
        env = heat.environment.Environment({})
        for text in case["environments"]:
            env.load(heat.environment_format.parse(text))
        if "child" in case:
            type_name, resource = case["child"]
            info = env.get_resource_info(type_name, resource_name=resource)
            env = heat.environment.get_child_environment(
                env, {}, item_to_remove=info, child_resource_name=resource
            )
        answers.append(
            {
                "name": case["name"],
                "answers": [answer(heat, env, t, r) for t, r in case["queries"]],
            }
        )
    record = {
        "heat_version": heat.version,
        "fnv1a64": fnv1a64(CASES.read_bytes()),
        "cases": answers,
    }
    out = CASES.with_name("cases.heat.json")
    out.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    for case in answers:
        print(case["name"], case["answers"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
