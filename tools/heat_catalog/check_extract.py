#!/usr/bin/env python3
"""Compare a catalog written by extract.py with a registry dump of the same release.

    python3 check_extract.py EXTRACTED.json ../shared/heat-catalogs/heat-27.0.1.json.gz

Type by type: statuses (whole chains), property paths and their schema,
attributes, translation rules (in order, with `conditional`), aliases.
The dump does not record `dynamic_attributes`, but its class hierarchy
bounds it: types of one class agree, and a subclass of a class that
accepts any attribute name accepts any too (the override is inherited).
One known, deliberate difference is accepted: extract.py leaves
`description` null where a class has no docstring of its own, while the
dump used the docstring inherited from a base class or mixin.

Standard library only; exits non-zero on any other difference.
"""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import history

PROPERTY_FIELDS = (
    "type",
    "required",
    "update_allowed",
    "immutable",
    "default",
    "description",
    "constraints",
    "status",
)
ATTRIBUTE_FIELDS = ("type", "description", "status")


def property_paths(props: dict, prefix: tuple = ()) -> dict[tuple, dict]:
    paths = {}
    for name, prop in props.items():
        path = prefix + (name,)
        paths[path] = prop
        paths.update(property_paths(prop.get("schema") or {}, path))
    return paths


def show(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)[:300]


class ExtractedMatchesReference(unittest.TestCase):
    extracted: dict
    reference: dict

    def types_in_both(self):
        extracted = self.extracted["resource_types"]
        for name, reference in sorted(self.reference["resource_types"].items()):
            if name in extracted:
                yield name, extracted[name], reference

    def test_release(self):
        self.assertEqual(
            self.extracted["source"]["heat_version"],
            self.reference["source"]["heat_version"],
        )

    def test_resource_type_names(self):
        extracted = set(self.extracted["resource_types"])
        reference = set(self.reference["resource_types"])
        self.assertEqual(
            sorted(extracted - reference), [], "types only in the extraction"
        )
        self.assertEqual(
            sorted(reference - extracted), [], "types only in the reference"
        )

    def test_aliases(self):
        self.assertEqual(self.extracted["aliases"], self.reference["aliases"])

    def test_type_statuses_and_placeholders(self):
        for name, extracted, reference in self.types_in_both():
            with self.subTest(type=name):
                self.assertEqual(extracted["status"], reference["status"])
                self.assertEqual(extracted["placeholder"], reference["placeholder"])

    def test_type_descriptions(self):
        for name, extracted, reference in self.types_in_both():
            with self.subTest(type=name):
                if extracted["description"] is not None:
                    self.assertEqual(extracted["description"], reference["description"])

    def test_property_paths(self):
        for name, extracted, reference in self.types_in_both():
            with self.subTest(type=name):
                self.assertEqual(
                    sorted(property_paths(extracted["properties"])),
                    sorted(property_paths(reference["properties"])),
                )

    def test_property_schemas(self):
        for name, extracted, reference in self.types_in_both():
            extracted_paths = property_paths(extracted["properties"])
            for path, prop in property_paths(reference["properties"]).items():
                if path not in extracted_paths:
                    continue  # reported by test_property_paths
                for field in PROPERTY_FIELDS:
                    with self.subTest(type=name, property=".".join(path), field=field):
                        self.assertEqual(
                            show(extracted_paths[path][field]), show(prop[field])
                        )

    def test_attributes(self):
        for name, extracted, reference in self.types_in_both():
            with self.subTest(type=name):
                self.assertEqual(
                    sorted(extracted["attributes"]), sorted(reference["attributes"])
                )
            for attr, described in reference["attributes"].items():
                if attr not in extracted["attributes"]:
                    continue
                for field in ATTRIBUTE_FIELDS:
                    with self.subTest(type=name, attribute=attr, field=field):
                        self.assertEqual(
                            show(extracted["attributes"][attr][field]),
                            show(described[field]),
                        )

    def test_dynamic_attributes_follow_the_class_hierarchy(self):
        extracted = self.extracted["resource_types"]
        mro_by_type = self.reference.get("mro_by_type") or {}
        self.assertTrue(mro_by_type, "the reference has no class hierarchy")
        for name, entry in sorted(extracted.items()):
            with self.subTest(type=name):
                self.assertIsInstance(entry.get("dynamic_attributes"), bool)
        accepting = {
            mro_by_type[name][0]
            for name, entry in extracted.items()
            if entry["dynamic_attributes"] and name in mro_by_type
        }
        by_class: dict[str, set[bool]] = {}
        for name, mro in sorted(mro_by_type.items()):
            if name not in extracted:
                continue
            dynamic = extracted[name]["dynamic_attributes"]
            by_class.setdefault(mro[0], set()).add(dynamic)
            inherited = [cls for cls in mro if cls in accepting]
            if inherited:
                with self.subTest(type=name, accepting_base=inherited[0]):
                    self.assertTrue(dynamic)
        for cls, values in sorted(by_class.items()):
            with self.subTest(cls=cls):
                self.assertEqual(len(values), 1, "types of one class disagree")

    def test_translation_rules(self):
        for name, extracted, reference in self.types_in_both():
            with self.subTest(type=name):
                self.assertEqual(
                    [show(rule) for rule in extracted["translation_rules"]],
                    [show(rule) for rule in reference["translation_rules"]],
                )


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        extracted = history.check_catalog(history.load_json(Path(argv[0])), argv[0])
        reference = history.load_release(Path(argv[1]))
    except history.CatalogError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    ExtractedMatchesReference.extracted = extracted
    ExtractedMatchesReference.reference = reference
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(ExtractedMatchesReference)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
