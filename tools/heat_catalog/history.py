#!/usr/bin/env python3
"""Build heatwise's built-in Heat catalog with the release history merged in.

Reads one registry dump per Heat release (``heat-<version>.json.gz``), and
optionally a newer catalog extracted by ``extract.py``, and writes
``core/catalog/heat.json`` in the format of ``docs/catalog-format.md``:

- every resource type, property (at every nesting level) and attribute gets
  ``available``, the inclusive release ranges in which Heat registered it;
- a property whose ``update_allowed`` changed between releases gets
  ``update_allowed_changes``, the value from each release on;
- objects that Heat no longer registers are kept with their last known
  definition, so that heatwise can say when they were removed;
- the newest definition wins for everything else;
- a type that Heat reduced to a do-nothing placeholder keeps the schema and
  translation rules it had in the last release before it became one;
- ``dynamic_attributes`` comes from the newest release that knows it (an
  extraction); the registry dumps do not record it, so for a type only they
  describe it is derived from the classes they list (below).

Standard library only.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

FORMAT_NAME = "heatwise-catalog"
FORMAT_VERSION = 1
STATUSES = ("SUPPORTED", "DEPRECATED", "HIDDEN", "UNSUPPORTED")
PROPERTY_TYPES = (
    "String",
    "Integer",
    "Number",
    "Boolean",
    "List",
    "Map",
    "Json",
    "Any",
)
RULE_KINDS = ("Add", "Replace", "Delete", "Resolve")
ALIAS_KINDS = {
    "MapResourceInfo": "type",
    "GlobResourceInfo": "glob",
    "TemplateResourceInfo": "template",
}
REPO_ROOT = Path(__file__).resolve().parents[2]
# Beside the repository; `cargo xtask catalog` passes the directory explicitly.
DEFAULT_HISTORY_DIR = REPO_ROOT.parent / "shared" / "heat-catalogs"
DEFAULT_OUTPUT = REPO_ROOT / "core" / "catalog" / "heat.json"
GENERATOR = "tools/heat_catalog/history.py"

# What Heat 27.0.1 registers, counted independently of this script: a
# built-in catalog whose newest release is 27.0.1 must agree exactly.
EXPECTED_27_0_1 = {
    "types": {"SUPPORTED": 157, "DEPRECATED": 1, "HIDDEN": 38, "UNSUPPORTED": 5},
    "types_total": 201,
    "properties": {"DEPRECATED": 7, "HIDDEN": 21, "UNSUPPORTED": 2},
    "properties_total": 1599,
    "attributes": {"DEPRECATED": 3, "HIDDEN": 2, "UNSUPPORTED": 1},
    "attributes_total": 570,
    "translation_rules": 116,
    # types whose class overrides Resource.get_attribute or FnGetAtt
    "dynamic_attributes": 43,
}

# Heat's own release-name table stops at 21.0.0; later names follow the
# tag dates (and the six-month cadence for 27.0.0).
RELEASE_NAMES_AFTER_HEATS_TABLE = {
    "22.0.0": "2024.1",
    "23.0.0": "2024.2",
    "24.0.0": "2025.1",
    "25.0.0": "2025.2",
    "26.0.0": "2026.1",
    "27.0.0": "2026.2",
}


class CatalogError(Exception):
    """Input that does not have the shape this tool understands."""


def version_key(version: str) -> tuple[int, ...]:
    """Orders Heat versions: the year-numbered ones (2013.1 ... 2015.1) come
    before 5.0.0 (Liberty), where Heat switched to semantic versions."""
    numbers = [int(n) for n in re.findall(r"\d+", version)]
    if not numbers:
        raise CatalogError(f"not a Heat version: {version!r}")
    return (0 if numbers[0] >= 2000 else 1, *numbers)


# --------------------------------------------------------------------------
# Reading one release: registry dumps and catalogs in our own format


def _require(mapping: object, key: str, where: str) -> object:
    if not isinstance(mapping, dict):
        raise CatalogError(
            f"{where}: expected an object, found {type(mapping).__name__}"
        )
    if key not in mapping:
        raise CatalogError(f"{where}: missing key {key!r}")
    return mapping[key]


def normalize_status(raw: object, where: str) -> dict | None:
    """A support status of a registry dump (``previous_status`` chain) in our shape."""
    if raw is None:
        return None
    status = _require(raw, "status", where)
    if status not in STATUSES:
        raise CatalogError(f"{where}: unknown status {status!r}")
    substitute = raw.get("substitute_class")
    if substitute is not None:
        substitute = {
            "class": _require(substitute, "class", where + ".substitute_class"),
            "types": list(substitute.get("types") or []),
        }
    return {
        "status": status,
        "version": raw.get("version"),
        "message": raw.get("message"),
        "substitute_class": substitute,
        "mentions": list(raw.get("mentions") or []),
        "previous": normalize_status(
            raw.get("previous_status"), where + ".previous_status"
        ),
    }


def normalize_constraint(raw: object, where: str) -> dict:
    kind = _require(raw, "kind", where)
    if not isinstance(kind, str):
        raise CatalogError(f"{where}: constraint kind must be a string")
    return dict(raw)


def normalize_property(raw: object, where: str) -> dict:
    prop_type = _require(raw, "type", where)
    if prop_type not in PROPERTY_TYPES:
        raise CatalogError(f"{where}: unknown property type {prop_type!r}")
    schema = raw.get("schema")
    if schema is not None:
        schema = normalize_properties(schema, where)
    normalized = {
        "type": prop_type,
        "required": bool(raw.get("required", False)),
        "update_allowed": bool(raw.get("update_allowed", False)),
        "immutable": bool(raw.get("immutable", False)),
        "default": raw.get("default"),
        "description": raw.get("description"),
        "constraints": [
            normalize_constraint(c, f"{where}.constraints[{i}]")
            for i, c in enumerate(raw.get("constraints") or [])
        ],
        "status": normalize_status(
            _require(raw, "support_status", where), where + ".support_status"
        ),
        "available": None,
        "schema": schema,
    }
    if raw.get("implemented", True) is False:
        normalized["implemented"] = False
    return normalized


def normalize_properties(raw: object, where: str) -> dict:
    if not isinstance(raw, dict):
        raise CatalogError(f"{where}: properties must be an object")
    return {
        name: normalize_property(prop, f"{where}.{name}") for name, prop in raw.items()
    }


def normalize_attribute(raw: object, where: str) -> dict:
    return {
        "type": raw.get("type") if isinstance(raw, dict) else None,
        "description": raw.get("description") if isinstance(raw, dict) else None,
        "status": normalize_status(
            _require(raw, "support_status", where), where + ".support_status"
        ),
        "available": None,
    }


def normalize_rule(raw: object, where: str) -> dict:
    kind = _require(raw, "rule", where)
    if kind not in RULE_KINDS:
        raise CatalogError(f"{where}: unknown translation rule {kind!r}")
    rule = {
        "rule": kind,
        "path": list(_require(raw, "translation_path", where)),
        "value": raw.get("value"),
        "value_name": raw.get("value_name"),
        "value_path": raw.get("value_path"),
        "custom_value_path": raw.get("custom_value_path"),
        "conditional": bool(raw.get("conditional", False)),
    }
    if kind == "Resolve":
        rule["client_plugin"] = raw.get("client_plugin")
        rule["finder"] = raw.get("finder")
        rule["entity"] = raw.get("entity")
    return rule


def normalize_aliases(raw: object) -> list[dict]:
    if not isinstance(raw, dict):
        raise CatalogError("aliases: expected an object of name -> {kind, target}")
    aliases = []
    for name, entry in raw.items():
        heat_kind = _require(entry, "kind", f"aliases.{name}")
        if heat_kind not in ALIAS_KINDS:
            raise CatalogError(
                f"aliases.{name}: unknown registry entry kind {heat_kind!r}"
            )
        aliases.append(
            {
                "name": name,
                "target": _require(entry, "target", f"aliases.{name}"),
                "kind": ALIAS_KINDS[heat_kind],
            }
        )
    return sorted(aliases, key=lambda a: a["name"])


def normalize_registry_dump(raw: dict) -> dict:
    """One release's registry dump (see heat-catalogs/README.md) as a catalog in our format.

    The dump does not say which types accept any attribute name:
    ``dynamic_attributes`` is None (unknown) until the merge derives it. The
    dump's class hierarchy is kept under ``mro_by_type`` (type name -> the
    Resource classes of its MRO, its own first) for that derivation; it is
    not part of the merged catalog.
    """
    version = _require(raw, "heat_version", "top level")
    classes = raw.get("classes") or {}
    types, mro_by_type = {}, {}
    for name, entry in _require(raw, "resource_types", "top level").items():
        where = f"resource_types.{name}"
        types[name] = {
            "status": normalize_status(
                _require(entry, "support_status", where), where + ".support_status"
            ),
            "description": entry.get("description"),
            "placeholder": bool(entry.get("none_resource_placeholder", False)),
            "placeholder_since": None,
            "available": None,
            "properties": normalize_properties(
                entry.get("properties") or {}, where + ".properties"
            ),
            "attributes": {
                attr: normalize_attribute(value, f"{where}.attributes.{attr}")
                for attr, value in (entry.get("attributes") or {}).items()
            },
            "dynamic_attributes": None,
            "translation_rules": [
                normalize_rule(rule, f"{where}.translation_rules[{i}]")
                for i, rule in enumerate(entry.get("translation_rules") or [])
            ],
        }
        class_name = entry.get("class")
        mro = (classes.get(class_name) or {}).get("mro")
        if mro:
            mro_by_type[name] = list(mro)
    return {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "source": {
            "heat_version": version,
            "generator": raw.get("generated_by"),
            "history": [],
        },
        "releases": dict(raw.get("code_names") or {}),
        "aliases": normalize_aliases(raw.get("aliases") or {}),
        "resource_types": types,
        "mro_by_type": mro_by_type,
    }


def check_catalog(catalog: dict, where: str) -> dict:
    """Fail early on a catalog in our format that heatwise could not read."""
    if (
        catalog.get("format") != FORMAT_NAME
        or catalog.get("format_version") != FORMAT_VERSION
    ):
        raise CatalogError(
            f"{where}: not a {FORMAT_NAME} version {FORMAT_VERSION} file"
        )
    _require(_require(catalog, "source", where), "heat_version", where + ".source")
    for name, entry in _require(catalog, "resource_types", where).items():
        for key in ("status", "properties", "attributes", "translation_rules"):
            _require(entry, key, f"{where}: resource_types.{name}")
        # Catalogs written before the key existed: absent means false.
        entry.setdefault("dynamic_attributes", False)
    return catalog


def load_json(path: Path) -> object:
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        raise CatalogError(f"{path}: {error}") from error


def load_release(path: Path) -> dict:
    """A release as a catalog in our format, whichever of the two shapes the file has."""
    raw = load_json(path)
    if isinstance(raw, dict) and raw.get("format") == FORMAT_NAME:
        return check_catalog(raw, str(path))
    if not isinstance(raw, dict):
        raise CatalogError(f"{path}: expected a JSON object")
    try:
        return normalize_registry_dump(raw)
    except CatalogError as error:
        raise CatalogError(f"{path}: {error}") from error


# --------------------------------------------------------------------------
# Merging releases


def release_ranges(present: list[str], history: list[str]) -> list[list[str]]:
    """Inclusive [first, last] runs of consecutive history releases in `present`."""
    present_set = set(present)
    ranges: list[list[str]] = []
    previous_present = False
    for version in history:
        if version in present_set:
            if previous_present:
                ranges[-1][1] = version
            else:
                ranges.append([version, version])
        previous_present = version in present_set
    return ranges


def update_allowed_changes(occurrences: list[tuple[str, dict]]) -> list[dict] | None:
    """Where a property's ``update_allowed`` differs between releases: the
    value of its first release and each change, oldest first (a Port's
    ``mac_address`` could be updated from 8.0.0 and no longer from 13.0.0);
    None where every release agrees."""
    runs: list[dict] = []
    for version, described in occurrences:
        allowed = bool(described.get("update_allowed"))
        if not runs or runs[-1]["update_allowed"] != allowed:
            runs.append({"since": version, "update_allowed": allowed})
    return runs if len(runs) > 1 else None


def pick_definition(
    occurrences: list[tuple[str, dict]], preferred: set[str]
) -> tuple[str, dict]:
    """The latest occurrence from a preferred release, else the latest of all."""
    for version, definition in reversed(occurrences):
        if version in preferred:
            return version, definition
    return occurrences[-1]


class Merger:
    def __init__(self, history: list[str]):
        self.history = history
        # Old nested properties that cannot sit under the newest definition
        # (its type changed, or it lost its schema); counted for the report.
        self.dropped_nested: list[str] = []

    def merge_properties(
        self, occurrences: list[tuple[str, dict]], preferred: set[str], where: str
    ) -> dict:
        names = sorted({name for _, props in occurrences for name in props})
        merged = {}
        for name in names:
            prop_occurrences = [
                (v, props[name]) for v, props in occurrences if name in props
            ]
            merged[name] = self.merge_property(
                prop_occurrences, preferred, f"{where}.{name}"
            )
        return merged

    def merge_property(
        self, occurrences: list[tuple[str, dict]], preferred: set[str], where: str
    ) -> dict:
        _, chosen = pick_definition(occurrences, preferred)
        merged = dict(chosen)
        merged["available"] = release_ranges([v for v, _ in occurrences], self.history)
        changes = update_allowed_changes(occurrences)
        if changes:
            merged["update_allowed_changes"] = changes
        if chosen.get("schema") is None:
            merged["schema"] = None
            if any(p.get("schema") for _, p in occurrences):
                self.dropped_nested.append(where)
            return merged
        compatible = [
            (v, p["schema"])
            for v, p in occurrences
            if p["type"] == chosen["type"] and p.get("schema") is not None
        ]
        if len(compatible) != sum(
            1 for _, p in occurrences if p.get("schema") is not None
        ):
            self.dropped_nested.append(where)
        merged["schema"] = self.merge_properties(compatible, preferred, where)
        return merged

    def merge_attributes(
        self, occurrences: list[tuple[str, dict]], preferred: set[str]
    ) -> dict:
        names = sorted({name for _, attrs in occurrences for name in attrs})
        merged = {}
        for name in names:
            attr_occurrences = [
                (v, attrs[name]) for v, attrs in occurrences if name in attrs
            ]
            _, chosen = pick_definition(attr_occurrences, preferred)
            merged[name] = dict(chosen)
            merged[name]["available"] = release_ranges(
                [v for v, _ in attr_occurrences], self.history
            )
        return merged

    def merge_type(self, name: str, occurrences: list[tuple[str, dict]]) -> dict:
        last_version, last = occurrences[-1]
        merged = {
            "status": last["status"],
            "description": last.get("description"),
            "placeholder": bool(last.get("placeholder")),
            "placeholder_since": None,
            "available": release_ranges([v for v, _ in occurrences], self.history),
        }
        # The releases whose schema describes the type: all of them, except
        # that a placeholder's own (empty) schema yields to the real one.
        preferred = {v for v, entry in occurrences}
        schema_version = last_version
        if merged["placeholder"]:
            since = last_version
            for version, entry in reversed(occurrences):
                if not entry.get("placeholder"):
                    break
                since = version
            merged["placeholder_since"] = since
            real = [(v, e) for v, e in occurrences if not e.get("placeholder")]
            if real:
                preferred = {v for v, _ in real}
                schema_version = real[-1][0]
        merged["properties"] = self.merge_properties(
            [(v, e["properties"]) for v, e in occurrences], preferred, name
        )
        merged["attributes"] = self.merge_attributes(
            [(v, e["attributes"]) for v, e in occurrences], preferred
        )
        rules_source = dict(occurrences)[schema_version]
        merged["translation_rules"] = [
            dict(rule) for rule in rules_source["translation_rules"]
        ]
        # None (a registry dump's "unknown") is settled by merge_releases.
        merged["dynamic_attributes"] = last.get("dynamic_attributes")
        return merged


RESOURCE_BASE_CLASS = "heat.engine.resource.Resource"


def classes_accepting_any_attribute(releases: list[dict]) -> set[str]:
    """Classes known to accept any attribute name in ``get_attr``.

    A release that knows ``dynamic_attributes`` (an extraction) and whose
    class hierarchy is known (the dump of the same release) tells it for
    the class of each of its types. Such a class overrides Heat's
    ``get_attribute`` (or inherits an override), and so does every subclass.
    """
    accepting = set()
    for release in releases:
        mro_by_type = release.get("mro_by_type") or {}
        for name, entry in release["resource_types"].items():
            if entry.get("dynamic_attributes") and mro_by_type.get(name):
                accepting.add(mro_by_type[name][0])
    accepting.discard(RESOURCE_BASE_CLASS)
    return accepting


def derive_dynamic_attributes(
    name: str, releases: list[dict], accepting: set[str]
) -> bool:
    """For a type no release says it of: true if the class hierarchy of its
    last release has a class known to accept any attribute name, else false."""
    for release in reversed(releases):
        mro = (release.get("mro_by_type") or {}).get(name)
        if mro:
            return any(cls in accepting for cls in mro)
    return False


def merge_releases(releases: list[dict]) -> tuple[dict, list[str]]:
    """One catalog with `available` ranges from catalogs of single releases, oldest first."""
    history = [r["source"]["heat_version"] for r in releases]
    if len(set(history)) != len(history):
        raise CatalogError(f"a release appears twice: {history}")
    merger = Merger(history)
    type_names = sorted({name for r in releases for name in r["resource_types"]})
    types = {}
    for name in type_names:
        occurrences = [
            (r["source"]["heat_version"], r["resource_types"][name])
            for r in releases
            if name in r["resource_types"]
        ]
        types[name] = merger.merge_type(name, occurrences)
    accepting = classes_accepting_any_attribute(releases)
    for name, entry in types.items():
        if entry["dynamic_attributes"] is None:
            entry["dynamic_attributes"] = derive_dynamic_attributes(
                name, releases, accepting
            )
    names: dict[str, str] = {}
    for release in releases:
        names.update(release.get("releases") or {})
    for version, release_name in RELEASE_NAMES_AFTER_HEATS_TABLE.items():
        names.setdefault(version, release_name)
    newest = releases[-1]
    catalog = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "source": {
            "heat_version": history[-1],
            "generator": GENERATOR,
            "history": history,
        },
        "releases": dict(sorted(names.items(), key=lambda item: version_key(item[0]))),
        "aliases": sorted(newest.get("aliases") or [], key=lambda a: a["name"]),
        "resource_types": types,
    }
    return catalog, merger.dropped_nested


# --------------------------------------------------------------------------
# Counting what the newest release registers


def is_current(entry: dict, newest: str) -> bool:
    ranges = entry.get("available")
    return bool(ranges) and ranges[-1][1] == newest


def iter_properties(props: dict):
    for prop in props.values():
        yield prop
        if prop.get("schema"):
            yield from iter_properties(prop["schema"])


def count_current(catalog: dict) -> dict:
    """Counts of what the newest release of a merged catalog registers."""
    newest = catalog["source"]["heat_version"]
    types, props, attrs = Counter(), Counter(), Counter()
    rules = dynamic = 0
    rule_kinds = Counter()
    for entry in catalog["resource_types"].values():
        if not is_current(entry, newest):
            continue
        types[entry["status"]["status"]] += 1
        dynamic += bool(entry["dynamic_attributes"])
        for prop in iter_properties(entry["properties"]):
            if is_current(prop, newest):
                props[prop["status"]["status"]] += 1
        for attr in entry["attributes"].values():
            if is_current(attr, newest):
                attrs[attr["status"]["status"]] += 1
        # A placeholder's rules are those it had before; Heat no longer adds them.
        if not entry["placeholder"]:
            rules += len(entry["translation_rules"])
            rule_kinds.update(r["rule"] for r in entry["translation_rules"])
    return {
        "types": dict(types),
        "types_total": sum(types.values()),
        "properties": dict(props),
        "properties_total": sum(props.values()),
        "attributes": dict(attrs),
        "attributes_total": sum(attrs.values()),
        "translation_rules": rules,
        "rule_kinds": dict(rule_kinds),
        "dynamic_attributes": dynamic,
    }


def verify_27_0_1(counts: dict) -> list[str]:
    """Differences between the counts and what Heat 27.0.1 registers."""
    problems = []
    for key, expected in EXPECTED_27_0_1.items():
        actual = counts[key]
        if isinstance(expected, dict):
            for status, number in expected.items():
                if actual.get(status, 0) != number:
                    problems.append(
                        f"{key} {status}: expected {number}, found {actual.get(status, 0)}"
                    )
        elif actual != expected:
            problems.append(f"{key}: expected {expected}, found {actual}")
    return problems


def describe_counts(counts: dict) -> str:
    def by_status(counter: dict) -> str:
        return ", ".join(f"{counter.get(s, 0)} {s}" for s in STATUSES)

    return "\n".join(
        [
            f"  resource types: {counts['types_total']} ({by_status(counts['types'])})",
            f"  properties:     {counts['properties_total']} ({by_status(counts['properties'])})",
            f"  attributes:     {counts['attributes_total']} ({by_status(counts['attributes'])})",
            f"  translation rules: {counts['translation_rules']} "
            + "("
            + ", ".join(f"{n} {k}" for k, n in sorted(counts["rule_kinds"].items()))
            + ")",
            f"  types accepting any attribute name: {counts['dynamic_attributes']}",
        ]
    )


def render(catalog: dict) -> str:
    return json.dumps(catalog, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------------


def collect_releases(history_dir: Path, newest_path: Path | None) -> list[dict]:
    files = sorted(history_dir.glob("heat-*.json.gz"))
    if not files:
        raise CatalogError(f"{history_dir}: no heat-*.json.gz release files")
    releases = [load_release(path) for path in files]
    if newest_path is not None:
        newest = load_release(newest_path)
        newest_key = version_key(newest["source"]["heat_version"])
        # The extracted installation supersedes the dump of its own release
        # (and of any later one, which it cannot be newer than); that dump
        # still tells the classes of the release's types.
        for release in releases:
            if version_key(release["source"]["heat_version"]) == newest_key:
                newest.setdefault("mro_by_type", release.get("mro_by_type") or {})
        releases = [
            r for r in releases if version_key(r["source"]["heat_version"]) < newest_key
        ]
        releases.append(newest)
    return sorted(releases, key=lambda r: version_key(r["source"]["heat_version"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "history_dir",
        nargs="?",
        type=Path,
        default=DEFAULT_HISTORY_DIR,
        help=f"directory of heat-<version>.json.gz registry dumps (default {DEFAULT_HISTORY_DIR})",
    )
    parser.add_argument(
        "--newest",
        type=Path,
        help="a catalog written by extract.py; replaces the dump of its release as the newest",
    )
    parser.add_argument(
        "--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the catalog"
    )
    parser.add_argument(
        "--no-count-check",
        action="store_true",
        help="do not require Heat 27.0.1's counts (a 27.0.1 installation with its own plugins)",
    )
    args = parser.parse_args(argv)

    try:
        releases = collect_releases(args.history_dir, args.newest)
        catalog, dropped = merge_releases(releases)
    except CatalogError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1

    history = catalog["source"]["history"]
    print(f"releases: {len(history)} ({history[0]} … {history[-1]})")
    all_types = catalog["resource_types"]
    removed = [n for n, e in all_types.items() if not is_current(e, history[-1])]
    placeholders = [n for n, e in all_types.items() if e["placeholder"]]
    print(
        f"resource types ever registered: {len(all_types)} ({len(removed)} no longer registered, "
        f"{len(placeholders)} placeholders)"
    )
    if dropped:
        print(
            f"nested properties not kept (their parent's type or schema changed): {', '.join(dropped)}"
        )
    counts = count_current(catalog)
    print(f"registered in {history[-1]}:")
    print(describe_counts(counts))
    if history[-1] == "27.0.1" and not args.no_count_check:
        problems = verify_27_0_1(counts)
        if problems:
            print(
                "error: the counts differ from what Heat 27.0.1 registers:",
                file=sys.stderr,
            )
            for problem in problems:
                print(f"  {problem}", file=sys.stderr)
            return 1
        print("counts match Heat 27.0.1")

    text = render(catalog)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({len(text.encode('utf-8')):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
