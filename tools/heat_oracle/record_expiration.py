#!/usr/bin/env python3
"""Record how Heat reads a Barbican `expiration` and when it refuses one.

    .venv/bin/python tools/heat_oracle/record_expiration.py

Heat's `ExpirationConstraint` (heat.engine.constraint.common_constraints)
strips the text, reads it with `timeutils.parse_isotime` (the `iso8601`
package), normalizes it to UTC and refuses it unless it is later than
`timeutils.utcnow()`. For each text of a fixed list and of a seeded
generator, this records what Heat's own code makes of it with its clock set
to JUDGED_AT: the UTC time (`isoformat()`), or that it cannot be read, and
whether the constraint refuses it. core/tests/fixtures/expiration/cases.json
holds the answers; a unit test of heatwise's reading replays them.
"""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path

from heat.engine.constraint.common_constraints import ExpirationConstraint
from oslo_utils import timeutils

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "core" / "tests" / "fixtures" / "expiration" / "cases.json"
JUDGED_AT = datetime.datetime(2026, 6, 1, 12, 30, 15, 250000)

WRITTEN = [
    "2017-12-28T19:14:44.180394", "2099-01-01T00:00:00Z", "2001-01-01T00:00:00Z",
    "2017", "2017-3", "2020-123", "20200105", "202001", "2020-01-05 10",
    "2020-01-05T1030+0100", "2020-01-05T10:30:05,5-02:30", "2020-01-05T10:30:05.1234567Z",
    "  2020-01-05\n", "tomorrow", "2020-13-01", "2019-02-29", "2020-02-29",
    "2020-01-05T24:00", "2020-01-05T10:60", "2020-01-05T10:00:60", "2020-01-05T10:00+24:00",
    "2020-01-05T10:00+23:59", "0000-01-01", "0001-01-01T00:00+01:00", "0001-01-01T00:00-01:00",
    "9999-12-31T23:59-01:00", "9999-12-31T23:59+01:00", "2020-01-05X", "2020-01-05T",
    "2020-01-05T10:00:00.9999999999999999999999999999999",
    "2020-01-05T10:00:00.0000009999999999999999999999999999",
    "2020-01-05T10:00:00.99999949999999999999999999995",
    "2026-06-01T12:30:15.25", "2026-06-01T12:30:15.250001", "2026-06-01T12:30:15.250000",
    "2026-06-01T14:30:15.250001+02:00", "2026-06-01 12:30:16", "2026-06-01T12:31",
    "2026-06-01T1230", "2026-06-01T12:3015", "2026-06-01T123015.3", "2026-06-01T12:30:1",
    "2026-6-1", "2026-06-1T12", "20260601T12", "2026-06-01T12Z", "2026-06-01T12+01",
    "2026-06-01T12:30+01:", "2026-06-01T12:30+0130", "2026-06-01T12:30-1", "2026-06-01T12:30 Z",
    "2026-06-01t12:30", "2026-06-01T12:30z", "２０２６-06-01", "2026-06-01\u3000", "\x1c2026\x1f",
    "-2026-06-01", "+2026", "2026-", "2026--01", "2026-06-", "2026-06-01T12:30:15.",
    "2026-06-01T12:30:15,", "12345", "1", "", " ",
]

def generated(count: int) -> list[str]:
    """Texts built as ISO 8601 times are, each part present or not, with
    one or two digits where the format wants two, and some slips."""
    rng = random.Random(20260601)
    digits = lambda low, high, width: str(rng.randrange(low, high)).zfill(rng.choice([width, width, 1]))  # noqa: E731
    out = []
    for _ in range(count):
        text = rng.choice(["2026", "2099", "2001", "2026", "0001", "9999"])
        dash = rng.random() < 0.7
        if rng.random() < 0.9:
            text += ("-" if dash else "") + digits(0, 14, 2)
            if rng.random() < 0.85:
                text += ("-" if dash else "") + digits(0, 33, 2)
                if rng.random() < 0.8:
                    colon = rng.random() < 0.7
                    text += rng.choice("T T T  t") + digits(0, 26, 2)
                    if rng.random() < 0.8:
                        text += (":" if colon else "") + digits(0, 61, 2)
                        if rng.random() < 0.7:
                            text += (":" if colon else "") + digits(0, 61, 2)
                            if rng.random() < 0.4:
                                text += rng.choice(".,") + "".join(rng.choice("0123456789") for _ in range(rng.randrange(0, 9)))
                    zone = rng.random()
                    if zone < 0.3:
                        text += "Z"
                    elif zone < 0.6:
                        text += rng.choice("+-") + digits(0, 26, 2) + rng.choice(["", ":", ":"]) + rng.choice(["", digits(0, 61, 2)])
        if rng.random() < 0.1:
            at = rng.randrange(0, len(text) + 1)
            text = text[:at] + rng.choice(["", " ", "-", ":", "0", "x"]) + text[at + 1:]
        out.append(text)
    return out


def main() -> int:
    timeutils.set_time_override(JUDGED_AT)
    constraint = ExpirationConstraint()
    cases = []
    seen = set()
    for text in WRITTEN + generated(1500):
        if text in seen:
            continue
        seen.add(text)
        try:
            utc = timeutils.normalize_time(timeutils.parse_isotime(text.strip())).isoformat()
        except Exception:
            utc = None
        refused = not constraint.validate(text, None)
        cases.append({"text": text, "utc": utc, "refused": refused})
    OUT.write_text(json.dumps({
        "judged_at": JUDGED_AT.isoformat(),
        "cases": cases,
    }, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(cases)} texts, {sum(c['refused'] for c in cases)} refused")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
