#!/usr/bin/env python3
"""Record Heat's reading of the release plans of the ORC fixtures.

    .venv/bin/python tools/heat_oracle/record_release_plan.py HEATWISE

For each template of orc/tests/fixtures (environments aside), HEATWISE (the
heatwise binary) writes the release plan (`heatwise orc --release-plan`):
the template with `deletion_policy: Retain` on its resources. Heat 27.0.1's
loader reads the template and the plan; the record says whether every
resource means the same to Heat but for its deletion policy, and which
resources Heat reads as retained, with the FNV-1a hashes of both texts, so
that `cargo test` (orc/tests/release_plan.rs) checks heatwise's plans
against Heat's reading without Python and knows when a recording is stale.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_fixtures import fnv1a64  # noqa: E402
from translate import Heat  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "orc" / "tests" / "fixtures"
POLICY_KEYS = ("deletion_policy", "DeletionPolicy")


def resources(heat: Heat, text: str) -> dict:
    parsed = heat.template_format.parse(text)
    return parsed.get("resources") or parsed.get("Resources") or {}


def case(heat: Heat, heatwise: str, path: Path) -> dict:
    text = path.read_text()
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory) / "retained.yaml"
        subprocess.run(
            [heatwise, "orc", str(path), "--namespace", "demo", "--credentials", "c/o",
             "--release-plan", str(out)],
            capture_output=True, check=False)
        retained_text = out.read_text()
    before, after = resources(heat, text), resources(heat, retained_text)
    but_policy = lambda definition: {  # noqa: E731
        k: v for k, v in definition.items() if k not in POLICY_KEYS}
    same = before.keys() == after.keys() and all(
        but_policy(before[name]) == but_policy(after[name]) for name in before)
    retained = sorted(
        name for name, definition in after.items()
        if any(definition.get(key) == "Retain" for key in POLICY_KEYS))
    return {
        "fixture": path.name,
        "template_fnv1a64": fnv1a64(text.encode()),
        "plan_fnv1a64": fnv1a64(retained_text.encode()),
        "same_but_policies": same,
        "retained": retained,
    }


def main(argv: list[str]) -> None:
    heatwise = argv[1]
    heat = Heat()
    paths = sorted(p for p in FIXTURES.glob("*.yaml")
                   if not p.name.endswith(".env.yaml") and p.name != "unreadable.yaml")
    record = {"heat_version": heat.version, "cases": [case(heat, heatwise, p) for p in paths]}
    out = FIXTURES / "release-plan.heat.json"
    out.write_text(json.dumps(record, indent=2) + "\n")
    for answer in record["cases"]:
        print(f"{answer['fixture']}: same but policies: {answer['same_but_policies']}, "
              f"{len(answer['retained'])} retained")


if __name__ == "__main__":
    main(sys.argv)
