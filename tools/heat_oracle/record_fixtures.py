"""Records what Heat's translation makes of each migration fixture.

For every template in core/tests/fixtures/fix and core/tests/fixtures/migrate
(``.yaml``/``.json``; the second holds migrations made with unsafe fixes) and its
migrated text (the ``.fixed`` file beside it, written by the fixture test
under ``HEATWISE_BLESS=1``), runs ``translate.py`` and writes
``<fixture>.heat.json``: the resources Heat translates, for the original
and the fixed text, each with an FNV-1a 64-bit hash of the text it was
recorded from. ``core/tests/fix_fixtures.rs`` checks that both sides agree
and that the hashes still match the files.

Usage (from the repository root):

    .venv/bin/python tools/heat_oracle/record_fixtures.py [FIXTURE ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_DIRS = [
    ROOT / "core" / "tests" / "fixtures" / "fix",
    ROOT / "core" / "tests" / "fixtures" / "migrate",
]
TRANSLATE = Path(__file__).resolve().parent / "translate.py"


def fnv1a64(data: bytes) -> str:
    value = 0xCBF29CE484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def fixtures(selected: list[str]) -> list[Path]:
    if selected:
        return [Path(name).resolve() for name in selected]
    return sorted(
        path
        for directory in FIXTURE_DIRS
        for path in directory.iterdir()
        if path.suffix in (".yaml", ".json") and not path.name.endswith(".heat.json")
    )


def translate_all(paths: list[Path]) -> dict[Path, dict]:
    """Translates many templates in one Heat process."""
    with tempfile.TemporaryDirectory() as scratch:
        scratch_dir = Path(scratch)
        jobs = scratch_dir / "jobs.txt"
        jobs.write_text("".join(f"{path}\n" for path in paths), encoding="utf-8")
        out = scratch_dir / "out"
        subprocess.run(
            [sys.executable, str(TRANSLATE), "--batch", str(jobs), "--out", str(out)],
            check=True,
        )
        index = json.loads((out / "index.json").read_text(encoding="utf-8"))
        results = {}
        for job in index["jobs"]:
            result = json.loads((out / job["output"]).read_text(encoding="utf-8"))
            results[Path(job["template"]).resolve()] = result
        return results


def side(path: Path, result: dict) -> dict:
    return {
        "fnv1a64": fnv1a64(path.read_bytes()),
        "error": result.get("error"),
        "resources": result.get("resources", {}),
        "skipped": result.get("skipped", {}),
    }


def main(argv: list[str]) -> int:
    originals = fixtures(argv)
    pairs = []
    for original in originals:
        fixed = original.with_name(original.name + ".fixed")
        if not fixed.exists():
            print(
                f"{fixed} is missing: run HEATWISE_BLESS=1 cargo test -p heatwise-core --test fix_fixtures --test migration_fixtures",
                file=sys.stderr,
            )
            return 2
        pairs.append((original, fixed))
    results = translate_all([path for pair in pairs for path in pair])
    for original, fixed in pairs:
        record = {
            "format": "heatwise-fix-oracle",
            "heat_version": results[original].get("heat_version"),
            "original": side(original, results[original]),
            "fixed": side(fixed, results[fixed]),
        }
        target = original.with_name(original.name + ".heat.json")
        target.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"recorded {target.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
