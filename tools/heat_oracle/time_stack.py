#!/usr/bin/env python3
"""How long Heat 27.0.1 takes to validate one stack, in its own process.

    .venv/bin/python tools/heat_oracle/time_stack.py ROOT [-e ENV]... [--runs N]

python-heatclient 5.3.0 gathers the root, its environments and every file
they reach as `openstack stack create -t ROOT -e ENV...` does; Heat builds
the stack it would receive and validates it (`Stack.validate`, nested
stacks included), with the cloud stubbed and the root's parameters without
a default given made-up values, as `judge.py` does. Python's
start and Heat's import are not timed. Prints one JSON object: the best of
the runs in seconds, and Heat's verdict. `cargo xtask bench --only stack`
sets it beside `heatwise lint --stack --each-environment`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from judge import PLACEHOLDERS, Judge, placeholders  # noqa: E402
from translate import error_text  # noqa: E402


def validate(judge: Judge, root: Path, environments: list[Path]) -> str | None:
    """Heat's error on the stack, or None. The root's parameters without a
    default get made-up values, as `judge.py` gives them: the user gives
    real ones at `stack create`."""
    try:
        template = judge.template_utils.get_template_contents(template_file=str(root))[1]
        _, stack = judge.heat.stack_as_created(
            "heat-timing", root, environments, placeholders(template, PLACEHOLDERS))
        stack.validate()
    except Exception as error:  # Heat's (or heatclient's) own verdict
        return error_text(error)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("-e", "--environment", type=Path, action="append", default=[])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    judge = Judge()
    # Validating a nested stack counts the stack's resources in Heat's
    # database: an empty one in memory, as Heat's own tests use.
    from heat.common import config  # noqa: F401  (registers the options)
    from heat.db import api as db_api, models
    from oslo_config import cfg
    from oslo_db import options

    options.set_defaults(cfg.CONF, connection="sqlite://")
    engine = db_api.get_engine()
    models.BASE.metadata.create_all(engine)
    best = None
    error = None
    for _ in range(max(args.runs, 1)):
        started = time.perf_counter()
        error = validate(judge, args.root.resolve(), [e.resolve() for e in args.environment])
        elapsed = time.perf_counter() - started
        best = elapsed if best is None else min(best, elapsed)
    print(json.dumps({"seconds": best, "accepted": error is None, "error": error}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
