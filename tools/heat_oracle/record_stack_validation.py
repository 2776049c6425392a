#!/usr/bin/env python3
"""Record Heat's verdict on stacks of several files.

    .venv/bin/python tools/heat_oracle/record_stack_validation.py

core/tests/fixtures/stack/nested.json holds cases: files (relative path to
text), a root template and environments. Each case is written to a
directory of its own; python-heatclient 5.3.0 gathers it as `openstack
stack create -t ROOT -e ENV...` does, the engine merges the environment
files as it does (`Heat.stack_as_created`), and Heat 27.0.1 validates the
stack (`Stack.validate`, offline: the templates use types that need no
cloud). The verdict goes to nested.heat.json beside the cases, with
the cases' FNV-1a hash, so that `cargo test` checks heatwise's cross-file
rules against Heat without Python and knows when a recording is stale.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_fixtures import fnv1a64  # noqa: E402
from translate import Heat, error_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "core" / "tests" / "fixtures" / "stack" / "nested.json"


def verdict(heat: Heat, case: dict) -> dict:
    with tempfile.TemporaryDirectory() as directory:
        base = Path(directory).resolve()
        for relative, text in case["files"].items():
            path = base / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        try:
            _, stack = heat.stack_as_created(
                "heat-validation", base / case["root"],
                [base / e for e in case["environments"]])
            stack.validate()
        except Exception as error:  # Heat's (or heatclient's) own verdict
            text = error_text(error).replace(base.as_uri() + "/", "")
            return {"accepted": False, "error": text}
        return {"accepted": True, "error": None}


def main() -> None:
    heat = Heat()
    raw = CASES.read_bytes()
    cases = json.loads(raw)
    record = {
        "cases_fnv1a64": fnv1a64(raw),
        "heat_version": heat.version,
        "verdicts": [verdict(heat, case) for case in cases],
    }
    out = CASES.with_name("nested.heat.json")
    out.write_text(json.dumps(record, indent=2) + "\n")
    for case, answer in zip(cases, record["verdicts"]):
        print(f"{case['name']}: {answer['error'] or 'accepted'}")


if __name__ == "__main__":
    main()
