"""Heat's loader as the judge of what a text means.

Reads JSON lines `{"name": ..., "kind": "template" | "environment",
"text": ...}` from the file named first (or stdin) and writes, per input and
in the same order, `{"name": ..., "ok": true, "value": CANON, "via": ...}`
when Heat 27.0.1 loads the text, or `{"name": ..., "ok": false, "error":
..., "line": L, "column": C}` (0-based, or null) when it refuses it.

The loading step is Heat's own: `template_format.simple_parse` for
templates (JSON first, then libyaml's CSafeLoader with Heat's constructors,
then PyYAML's pure-Python SafeLoader when libyaml refuses), and
`environment_format.parse` for environments. `via` says which reader gave
the value (`json`, `libyaml`, `python`).

CANON keeps every type apart, so that equal canons mean equal values:
null, true, false, a JSON string for `str`, `{"int": "123"}`,
`{"float": repr}`, `{"bytes": hex}`, `{"date": iso}` (only the pure-Python
reader makes dates), `{"seq": [...]}`, `{"map": [[key, value], ...]}` in
the dict's order, `{"set": [...]}` sorted. A lone surrogate, which only JSON's `\\u` escapes
make, is written as U+FFFD.
"""

import datetime
import json
import multiprocessing
import sys

import yaml

from heat.common import environment_format
from heat.common import template_format


def canon(value, depth=0):
    if depth > 200:
        raise RecursionError("nesting")
    if value is None or value is True or value is False:
        return value
    if isinstance(value, str):
        # A lone surrogate (JSON's "\\ud800") as U+FFFD, as heatwise
        # holds it.
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    if isinstance(value, (datetime.date, datetime.datetime)):
        return {"date": value.isoformat()}
    if isinstance(value, list):
        return {"seq": [canon(v, depth + 1) for v in value]}
    if isinstance(value, dict):
        return {"map": [[canon(k, depth + 1), canon(v, depth + 1)]
                        for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"tuple": [canon(v, depth + 1) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted(json.dumps(canon(v, depth + 1), ensure_ascii=False,
                                         separators=(",", ":")) for v in value)}
    return {"other": type(value).__name__}


def via(text, kind):
    """Which reader Heat's loading step takes its value from."""
    if kind == "template":
        try:
            json.loads(text)
            return "json"
        except ValueError:
            pass
    try:
        yaml.load(text, Loader=template_format.yaml_loader)
        return "libyaml"
    except Exception:
        return "python"


def judge(record):
    text, kind = record["text"], record.get("kind", "template")
    answer = {"name": record["name"]}
    try:
        if kind == "environment":
            value = environment_format.parse(text)
        else:
            value = template_format.simple_parse(text)
        answer.update(ok=True, value=canon(value), via=via(text, kind))
    except RecursionError:
        answer.update(ok=None, error="too deep for the judge")
    except Exception as error:  # Heat refuses: any exception is a refusal
        mark = getattr(error, "problem_mark", None)
        cause = error.__context__ or error.__cause__
        while mark is None and cause is not None:
            mark = getattr(cause, "problem_mark", None)
            cause = cause.__context__ or cause.__cause__
        answer.update(ok=False, error=str(error).splitlines()[0][:300],
                      line=mark.line if mark else None,
                      column=mark.column if mark else None)
    return answer


def main():
    source = open(sys.argv[1], encoding="utf-8") if len(sys.argv) > 1 else sys.stdin
    records = (json.loads(line) for line in source if line.strip())
    out = sys.stdout
    with multiprocessing.Pool() as pool:
        for answer in pool.imap(judge, records, chunksize=64):
            out.write(json.dumps(answer, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
