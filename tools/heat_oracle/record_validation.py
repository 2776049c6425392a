#!/usr/bin/env python3
"""Record Heat's own verdict on each validation fixture.

    .venv/bin/python tools/heat_oracle/record_validation.py

For every core/tests/fixtures/validation/*.yaml, Heat 27.0.1 loads the text
(`template_format.parse`) and validates the stack (`Stack.validate`, offline:
the fixtures use OS::Heat::None, OS::Heat::Value and OS::Heat::RandomString,
which need no cloud). The verdict goes beside the fixture as
<name>.heat.json: accepted or not, Heat's error, and the fixture's FNV-1a hash,
so that `cargo test` checks heatwise against Heat without Python and knows
when a recording is stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_fixtures import fnv1a64  # noqa: E402
from translate import Heat, error_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "core" / "tests" / "fixtures" / "validation"


def verdict(heat: Heat, text: str) -> dict:
    try:
        parsed = heat.template_format.parse(text)
        tmpl = heat.template.Template(parsed, env=heat.environment.Environment({}))
        stack = heat.stack.Stack(heat.context(), "heat-validation", tmpl)
        stack.validate()
    except Exception as error:  # Heat's own verdict, whatever its class
        return {"accepted": False, "error": error_text(error)}
    return {"accepted": True, "error": None}


def main() -> int:
    heat = Heat()
    for path in sorted(FIXTURES.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        record = {
            "heat_version": heat.version,
            "fnv1a64": fnv1a64(path.read_bytes()),
            **verdict(heat, text),
        }
        out = path.with_name(path.name + ".heat.json")
        out.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{path.name}: {'accepted' if record['accepted'] else record['error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
