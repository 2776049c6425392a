#!/usr/bin/env python3
"""Record which files python-heatclient gathers for a stack.

    .venv/bin/python tools/heat_oracle/record_gather.py

core/tests/fixtures/stack/cases.json holds cases: files (relative path to
text), a root template and environments. Each case is written to a
directory of its own, and heatclient 5.3.0 gathers it as `openstack stack
create -t ROOT -e ENV...` does (`template_utils.get_template_contents`,
then `process_multiple_environments_and_files`). The files it would send
(their paths relative to the case's directory), or the error it stops with,
go to cases.heatclient.json beside the cases, with the cases' FNV-1a hash,
so that `cargo test` checks heatwise's gathering against heatclient without
Python and knows when a recording is stale.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from heatclient.common import template_utils

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_fixtures import fnv1a64  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "core" / "tests" / "fixtures" / "stack" / "cases.json"


def gather(case: dict) -> dict:
    with tempfile.TemporaryDirectory() as directory:
        base = Path(directory).resolve()
        for relative, text in case["files"].items():
            path = base / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        prefix = base.as_uri() + "/"

        def relative(url: str) -> str:
            return url[len(prefix):] if url.startswith(prefix) else url

        try:
            files, _ = template_utils.get_template_contents(
                template_file=str(base / case["root"]))
            env_files, _ = template_utils.process_multiple_environments_and_files(
                env_paths=[str(base / e) for e in case["environments"]])
        except Exception as error:  # CommandError: a file is missing
            return {"error": str(error).replace(prefix, "")}
        files.update(env_files)
        return {"files": sorted(relative(url) for url in files)}


def main() -> None:
    raw = CASES.read_bytes()
    cases = json.loads(raw)
    record = {
        "cases_fnv1a64": fnv1a64(raw),
        "heatclient": "5.3.0",
        "answers": [gather(case) for case in cases],
    }
    out = CASES.with_name("cases.heatclient.json")
    out.write_text(json.dumps(record, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}: {len(cases)} cases")


if __name__ == "__main__":
    main()
