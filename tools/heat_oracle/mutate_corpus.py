#!/usr/bin/env python3
"""Mutations of real templates that Heat accepts, each breaking one rule,
with Heat 27.0.1's verdict on each.

    .venv/bin/python tools/heat_oracle/mutate_corpus.py CORPUS_DIR VERDICTS.json OUT.json

For every template that VERDICTS.json (judge.py's output for CORPUS_DIR)
says Heat accepts, at most one mutation of each class is made, as one text
edit (byte offsets into the file, so that a test can apply it to the same
file without Python):

- `parameter type`: a parameter's `type` becomes `integer`;
- `undeclared parameter`: the first `get_param` in `resources` names a
  parameter the template does not declare;
- `required property`: a required property (without default, per
  core/catalog/heat.json) that a resource sets is removed;
- `property value`: a property with allowed values, written as a literal,
  gets one it does not allow.

Each mutated template is judged as judge.py judges the original (written
beside it under a temporary name, so that its relative files resolve).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from judge import Judge, with_fixed_hash_seed  # noqa: E402
from record_fixtures import fnv1a64  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CATALOG = json.loads((ROOT / "core" / "catalog" / "heat.json").read_text())["resource_types"]


class Loader(yaml.SafeLoader):
    pass


def byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


def mapping_get(node, key):
    if not isinstance(node, yaml.MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return k, v
    return None


def mutations(text: str):
    """(class, name, start, end, insert) edits, character offsets."""
    try:
        root = yaml.compose(text, Loader=Loader)
    except yaml.YAMLError:
        return
    params = mapping_get(root, "parameters")
    declared = set()
    if params and isinstance(params[1], yaml.MappingNode):
        for k, v in params[1].value:
            declared.add(k.value)
        for k, v in params[1].value:
            t = mapping_get(v, "type")
            if t and isinstance(t[1], yaml.ScalarNode):
                yield ("parameter type", f"{k.value}: type integer", t[1].start_mark.index,
                       t[1].end_mark.index, "integer")
                break
    resources = mapping_get(root, "resources")
    if not resources or not isinstance(resources[1], yaml.MappingNode):
        return
    # The first get_param in resources, renamed.
    stack = [resources[1]]
    done = False
    while stack and not done:
        node = stack.pop(0)
        if isinstance(node, yaml.MappingNode):
            if len(node.value) == 1 and node.value[0][0].value == "get_param":
                arg = node.value[0][1]
                if isinstance(arg, yaml.SequenceNode) and arg.value:
                    arg = arg.value[0]
                if isinstance(arg, yaml.ScalarNode) and arg.value in declared:
                    yield ("undeclared parameter", f"get_param {arg.value}", arg.start_mark.index,
                           arg.end_mark.index, arg.value + "_undeclared")
                    done = True
                    continue
            stack.extend(v for _, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    required_done = value_done = False
    for name_node, body in resources[1].value:
        t = mapping_get(body, "type")
        props = mapping_get(body, "properties")
        if not t or not props or not isinstance(props[1], yaml.MappingNode):
            continue
        rtype = CATALOG.get(t[1].value)
        if not rtype:
            continue
        for k, v in props[1].value:
            schema = rtype["properties"].get(k.value)
            if not schema:
                continue
            if not required_done and schema["required"] and schema["default"] is None \
                    and len(props[1].value) > 1 and props[1].flow_style is False:
                # The entry's lines, from its key's line to its value's end.
                start = text.rfind("\n", 0, k.start_mark.index) + 1
                end = v.end_mark.index
                if end < len(text) and text[end - 1:end] != "\n":
                    end = text.find("\n", end) + 1 or len(text)
                yield ("required property", f"{name_node.value}.{k.value} removed", start, end, "")
                required_done = True
            allowed = next((c for c in schema["constraints"] if c["kind"] == "AllowedValues"), None)
            if not value_done and allowed and isinstance(v, yaml.ScalarNode) and v.tag.endswith(":str"):
                yield ("property value", f"{name_node.value}.{k.value}: not allowed", v.start_mark.index,
                       v.end_mark.index, "not-an-allowed-value")
                value_done = True


def main() -> int:
    with_fixed_hash_seed()
    corpus, verdicts_path, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2]), Path(sys.argv[3])
    verdicts = json.loads(verdicts_path.read_text())["verdicts"]
    judge = Judge()
    records = []
    for record in verdicts:
        if record["verdict"] != "accepted":
            continue
        path = corpus / record["template"]
        text = path.read_text(encoding="utf-8")
        for n, (cls, name, start, end, insert) in enumerate(mutations(text)):
            mutated = text[:start] + insert + text[end:]
            temp = path.with_name(f".heatwise-mutant-{n}-{path.name}")
            temp.write_text(mutated, encoding="utf-8")
            try:
                verdict = judge.verdict(temp)
            finally:
                temp.unlink()
            if "error" in verdict:
                verdict["error"] = verdict["error"].replace(temp.name, path.name)
            records.append({
                "template": record["template"],
                "fnv1a64": fnv1a64(path.read_bytes()),
                "class": cls,
                "name": name,
                "start": byte_offset(text, start),
                "end": byte_offset(text, end),
                "insert": insert,
                **verdict,
            })
    out.write_text("{\n \"mutations\": [\n"
                   + ",\n".join("  " + json.dumps(r, sort_keys=True) for r in records)
                   + "\n ]\n}\n", encoding="utf-8")
    counts: dict = {}
    for r in records:
        key = (r["class"], r["verdict"])
        counts[key] = counts.get(key, 0) + 1
    for key, n in sorted(counts.items()):
        print(f"{n:5} {key[0]}: {key[1]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
