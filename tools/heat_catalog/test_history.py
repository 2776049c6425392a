"""Tests of the release-history merge (history.py) on small hand-made releases.

python3 -m unittest discover -s tools/heat_catalog -p 'test_*.py'
"""

from __future__ import annotations

import copy
import gzip
import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import history


def status(name="SUPPORTED", version=None, message=None, previous=None):
    return {
        "status": name,
        "version": version,
        "message": message,
        "substitute_class": None,
        "mentions": [],
        "previous_status": previous,
    }


def prop(prop_type="String", schema=None, **fields):
    described = {
        "type": prop_type,
        "required": False,
        "update_allowed": False,
        "immutable": False,
        "implemented": True,
        "default": None,
        "description": None,
        "constraints": [],
        "support_status": status(),
        "schema": schema,
    }
    described.update(fields)
    return described


def attribute(description=None):
    return {"type": "String", "description": description, "support_status": status()}


def resource_type(
    properties=None, attributes=None, rules=None, placeholder=False, **fields
):
    described = {
        "class": "example.Resource",
        "support_status": status(),
        "description": None,
        "none_resource_placeholder": placeholder,
        "properties": properties or {},
        "attributes": attributes or {},
        "translation_rules": rules or [],
    }
    described.update(fields)
    return described


def dump(version, types, aliases=None):
    return {
        "heat_version": version,
        "code_names": {"5.0.0": "Liberty"},
        "aliases": aliases or {},
        "resource_types": types,
    }


REPLACE_NETWORK_ID = {
    "rule": "Replace",
    "translation_path": ["network"],
    "value": None,
    "value_name": None,
    "value_path": ["network_id"],
    "custom_value_path": None,
    "conditional": False,
}


def merge(*dumps):
    releases = [history.normalize_registry_dump(d) for d in dumps]
    catalog, dropped = history.merge_releases(releases)
    return catalog, dropped


class ReleaseRanges(unittest.TestCase):
    def test_consecutive_releases_form_one_range(self):
        history_list = ["5.0.0", "6.0.0", "7.0.0", "8.0.0"]
        self.assertEqual(
            history.release_ranges(["6.0.0", "7.0.0"], history_list),
            [["6.0.0", "7.0.0"]],
        )

    def test_a_gap_splits_the_range(self):
        history_list = ["5.0.0", "6.0.0", "7.0.0", "8.0.0"]
        self.assertEqual(
            history.release_ranges(["5.0.0", "7.0.0", "8.0.0"], history_list),
            [["5.0.0", "5.0.0"], ["7.0.0", "8.0.0"]],
        )

    def test_version_key_orders_years_before_semantic_versions(self):
        versions = ["10.0.0", "2014.2 ", "9.0.0", "27.0.1", "5.0.0", "2013.1"]
        self.assertEqual(
            sorted(versions, key=history.version_key),
            ["2013.1", "2014.2 ", "5.0.0", "9.0.0", "10.0.0", "27.0.1"],
        )


class Normalisation(unittest.TestCase):
    def test_rules_aliases_and_statuses_take_the_catalog_shape(self):
        raw = dump(
            "5.0.0",
            {"OS::Example::Port": resource_type(rules=[REPLACE_NETWORK_ID])},
            aliases={
                "OS::Quantum*": {"kind": "GlobResourceInfo", "target": "OS::Neutron*"},
                "OS::Old::Port": {
                    "kind": "MapResourceInfo",
                    "target": "OS::Example::Port",
                },
                "AWS::X::Y": {
                    "kind": "TemplateResourceInfo",
                    "target": "file:///x.yaml",
                },
            },
        )
        raw["resource_types"]["OS::Example::Port"]["support_status"] = status(
            "HIDDEN", "9.0.0", previous=status("DEPRECATED", "2014.2 ")
        )
        catalog = history.normalize_registry_dump(raw)
        port = catalog["resource_types"]["OS::Example::Port"]
        self.assertEqual(port["translation_rules"][0]["path"], ["network"])
        self.assertNotIn("translation_path", port["translation_rules"][0])
        self.assertEqual(port["status"]["previous"]["version"], "2014.2 ")
        self.assertIsNone(port["status"]["previous"]["previous"])
        self.assertEqual(
            [(a["name"], a["kind"]) for a in catalog["aliases"]],
            [
                ("AWS::X::Y", "template"),
                ("OS::Old::Port", "type"),
                ("OS::Quantum*", "glob"),
            ],
        )

    def test_unknown_status_is_an_error(self):
        raw = dump("5.0.0", {"OS::Example::Port": resource_type()})
        raw["resource_types"]["OS::Example::Port"]["support_status"]["status"] = "GONE"
        with self.assertRaisesRegex(history.CatalogError, "unknown status 'GONE'"):
            history.normalize_registry_dump(raw)


class Merge(unittest.TestCase):
    def test_removed_type_is_kept_with_its_last_definition(self):
        old = dump("5.0.0", {"OS::Gone": resource_type(description="first")})
        middle = dump("6.0.0", {"OS::Gone": resource_type(description="last")})
        new = dump("7.0.0", {})
        catalog, _ = merge(old, middle, new)
        gone = catalog["resource_types"]["OS::Gone"]
        self.assertEqual(gone["available"], [["5.0.0", "6.0.0"]])
        self.assertEqual(gone["description"], "last")
        self.assertEqual(catalog["source"]["history"], ["5.0.0", "6.0.0", "7.0.0"])

    def test_newest_definition_wins_and_old_properties_stay(self):
        old = dump(
            "5.0.0",
            {"OS::T": resource_type(properties={"a": prop(), "old": prop()})},
        )
        new_props = {"a": prop(support_status=status("DEPRECATED", "6.0.0"))}
        new = dump("6.0.0", {"OS::T": resource_type(properties=new_props)})
        catalog, _ = merge(old, new)
        props = catalog["resource_types"]["OS::T"]["properties"]
        self.assertEqual(props["a"]["status"]["status"], "DEPRECATED")
        self.assertEqual(props["a"]["available"], [["5.0.0", "6.0.0"]])
        self.assertEqual(props["old"]["available"], [["5.0.0", "5.0.0"]])

    def test_nested_properties_get_their_own_ranges(self):
        item_v1 = prop("Map", schema={"subnet": prop()})
        item_v2 = prop("Map", schema={"subnet": prop(), "ip_address": prop()})
        old = dump(
            "5.0.0",
            {"OS::T": resource_type(properties={"ips": prop("List", {"*": item_v1})})},
        )
        new = dump(
            "6.0.0",
            {"OS::T": resource_type(properties={"ips": prop("List", {"*": item_v2})})},
        )
        catalog, dropped = merge(old, new)
        item = catalog["resource_types"]["OS::T"]["properties"]["ips"]["schema"]["*"]
        self.assertEqual(item["available"], [["5.0.0", "6.0.0"]])
        self.assertEqual(item["schema"]["subnet"]["available"], [["5.0.0", "6.0.0"]])
        self.assertEqual(
            item["schema"]["ip_address"]["available"], [["6.0.0", "6.0.0"]]
        )
        self.assertEqual(dropped, [])

    def test_update_allowed_is_kept_release_by_release_where_it_changed(self):
        releases = [
            dump(v, {"OS::T": resource_type(properties={
                "mac": prop(update_allowed=allowed),
                "name": prop(update_allowed=True),
            })})
            for v, allowed in [("5.0.0", False), ("8.0.0", True), ("9.0.0", True), ("13.0.0", False)]
        ]
        catalog, _ = merge(*releases)
        props = catalog["resource_types"]["OS::T"]["properties"]
        self.assertEqual(
            props["mac"]["update_allowed_changes"],
            [
                {"since": "5.0.0", "update_allowed": False},
                {"since": "8.0.0", "update_allowed": True},
                {"since": "13.0.0", "update_allowed": False},
            ],
        )
        self.assertFalse(props["mac"]["update_allowed"])
        self.assertNotIn("update_allowed_changes", props["name"])

    def test_old_keys_do_not_go_under_a_property_whose_type_changed(self):
        old = dump(
            "5.0.0",
            {"OS::T": resource_type(properties={"p": prop("Map", {"k": prop()})})},
        )
        new = dump("6.0.0", {"OS::T": resource_type(properties={"p": prop("String")})})
        catalog, dropped = merge(old, new)
        p = catalog["resource_types"]["OS::T"]["properties"]["p"]
        self.assertEqual(p["type"], "String")
        self.assertIsNone(p["schema"])
        self.assertEqual(dropped, ["OS::T.p"])

    def test_placeholder_keeps_the_schema_it_had_before(self):
        rules = [REPLACE_NETWORK_ID]
        real = resource_type(
            properties={"network": prop(), "network_id": prop()},
            attributes={"show": attribute("real show"), "ip": attribute()},
            rules=rules,
        )
        stub = resource_type(
            attributes={"show": attribute("placeholder show")},
            placeholder=True,
            support_status=status("HIDDEN", "7.0.0", "Removed."),
        )
        catalog, _ = merge(
            dump("5.0.0", {"OS::P": real}),
            dump("6.0.0", {"OS::P": copy.deepcopy(real)}),
            dump("7.0.0", {"OS::P": stub}),
            dump("8.0.0", {"OS::P": copy.deepcopy(stub)}),
        )
        merged = catalog["resource_types"]["OS::P"]
        self.assertTrue(merged["placeholder"])
        self.assertEqual(merged["placeholder_since"], "7.0.0")
        self.assertEqual(merged["status"]["status"], "HIDDEN")
        self.assertEqual(merged["available"], [["5.0.0", "8.0.0"]])
        self.assertEqual(
            merged["properties"]["network"]["available"], [["5.0.0", "6.0.0"]]
        )
        self.assertEqual(
            merged["attributes"]["show"]["available"], [["5.0.0", "8.0.0"]]
        )
        self.assertEqual(merged["attributes"]["show"]["description"], "real show")
        self.assertEqual(merged["attributes"]["ip"]["available"], [["5.0.0", "6.0.0"]])
        self.assertEqual(
            [r["path"] for r in merged["translation_rules"]], [["network"]]
        )
        # Heat no longer adds a placeholder's rules: they are not counted.
        counts = history.count_current(catalog)
        self.assertEqual(counts["translation_rules"], 0)
        self.assertEqual(counts["properties_total"], 0)
        self.assertEqual(counts["attributes_total"], 1)

    def test_placeholder_since_is_the_start_of_the_last_run(self):
        real = resource_type()
        stub = resource_type(placeholder=True)
        catalog, _ = merge(
            dump("5.0.0", {"OS::P": stub}),
            dump("6.0.0", {"OS::P": real}),
            dump("7.0.0", {"OS::P": copy.deepcopy(stub)}),
        )
        self.assertEqual(
            catalog["resource_types"]["OS::P"]["placeholder_since"], "7.0.0"
        )

    def test_counts_only_what_the_newest_release_registers(self):
        catalog, _ = merge(
            dump("5.0.0", {"OS::Gone": resource_type(properties={"x": prop()})}),
            dump(
                "6.0.0",
                {
                    "OS::T": resource_type(
                        properties={"a": prop(support_status=status("HIDDEN"))},
                        attributes={"show": attribute()},
                        rules=[REPLACE_NETWORK_ID],
                    )
                },
            ),
        )
        counts = history.count_current(catalog)
        self.assertEqual(counts["types"], {"SUPPORTED": 1})
        self.assertEqual(counts["properties"], {"HIDDEN": 1})
        self.assertEqual(counts["attributes_total"], 1)
        self.assertEqual(counts["translation_rules"], 1)
        self.assertNotEqual(history.verify_27_0_1(counts), [])

    def test_output_is_deterministic(self):
        first, _ = merge(dump("5.0.0", {"B": resource_type(), "A": resource_type()}))
        second, _ = merge(dump("5.0.0", {"A": resource_type(), "B": resource_type()}))
        self.assertEqual(history.render(first), history.render(second))


def with_classes(raw, mro_by_type):
    """A dump whose types have the given class hierarchies (own class first)."""
    raw["classes"] = {}
    for name, mro in mro_by_type.items():
        raw["resource_types"][name]["class"] = mro[0]
        raw["classes"].setdefault(mro[0], {"types": [], "mro": mro})["types"].append(name)
    return raw


GROUP_MRO = ["heat.Group", "heat.StackResource", history.RESOURCE_BASE_CLASS]


class DynamicAttributes(unittest.TestCase):
    def test_the_newest_release_that_knows_it_wins(self):
        old = history.normalize_registry_dump(
            dump("5.0.0", {"OS::T": resource_type()})
        )
        new = history.normalize_registry_dump(dump("6.0.0", {"OS::T": resource_type()}))
        new["resource_types"]["OS::T"]["dynamic_attributes"] = True
        catalog, _ = history.merge_releases([old, new])
        self.assertIs(catalog["resource_types"]["OS::T"]["dynamic_attributes"], True)

    def test_a_removed_type_inherits_it_from_a_class_known_to_accept_any_name(self):
        old = history.normalize_registry_dump(
            with_classes(
                dump("5.0.0", {"OS::OldGroup": resource_type(), "OS::Plain": resource_type()}),
                {
                    "OS::OldGroup": ["heat.OldGroup"] + GROUP_MRO,
                    "OS::Plain": ["heat.Plain", history.RESOURCE_BASE_CLASS],
                },
            )
        )
        new = history.normalize_registry_dump(
            with_classes(
                dump("6.0.0", {"OS::Group": resource_type(), "OS::Plain": resource_type()}),
                {"OS::Group": GROUP_MRO, "OS::Plain": ["heat.Plain", history.RESOURCE_BASE_CLASS]},
            )
        )
        new["resource_types"]["OS::Group"]["dynamic_attributes"] = True
        new["resource_types"]["OS::Plain"]["dynamic_attributes"] = False
        catalog, _ = history.merge_releases([old, new])
        types = catalog["resource_types"]
        self.assertIs(types["OS::OldGroup"]["dynamic_attributes"], True)
        self.assertIs(types["OS::Plain"]["dynamic_attributes"], False)

    def test_a_shared_base_class_does_not_make_a_removed_type_accept_any_name(self):
        # OS::Group accepts any name; what it shares with OS::Gone is only
        # StackResource, which is not known to.
        old = history.normalize_registry_dump(
            with_classes(
                dump("5.0.0", {"OS::Gone": resource_type()}),
                {"OS::Gone": ["heat.Gone", "heat.StackResource", history.RESOURCE_BASE_CLASS]},
            )
        )
        new = history.normalize_registry_dump(
            with_classes(dump("6.0.0", {"OS::Group": resource_type()}), {"OS::Group": GROUP_MRO})
        )
        new["resource_types"]["OS::Group"]["dynamic_attributes"] = True
        catalog, _ = history.merge_releases([old, new])
        self.assertIs(catalog["resource_types"]["OS::Gone"]["dynamic_attributes"], False)

    def test_unknown_without_class_data_is_false(self):
        catalog, _ = merge(dump("5.0.0", {"OS::T": resource_type()}))
        self.assertIs(catalog["resource_types"]["OS::T"]["dynamic_attributes"], False)

    def test_absent_from_a_catalog_in_our_format_means_false(self):
        release = history.normalize_registry_dump(dump("5.0.0", {"OS::T": resource_type()}))
        del release["resource_types"]["OS::T"]["dynamic_attributes"]
        history.check_catalog(release, "test")
        self.assertIs(release["resource_types"]["OS::T"]["dynamic_attributes"], False)


class CollectReleases(unittest.TestCase):
    def test_newest_extraction_replaces_the_dump_of_its_release(self):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            for version, description in (("5.0.0", "five"), ("6.0.0", "six from dump")):
                raw = dump(version, {"OS::T": resource_type(description=description)})
                with gzip.open(
                    root / f"heat-{version}.json.gz", "wt", encoding="utf-8"
                ) as handle:
                    json.dump(raw, handle)
            newest = history.normalize_registry_dump(
                dump("6.0.0", {"OS::T": resource_type(description="six extracted")})
            )
            (root / "newest.json").write_text(json.dumps(newest), encoding="utf-8")
            releases = history.collect_releases(root, root / "newest.json")
        catalog, _ = history.merge_releases(releases)
        self.assertEqual(catalog["source"]["history"], ["5.0.0", "6.0.0"])
        self.assertEqual(
            catalog["resource_types"]["OS::T"]["description"], "six extracted"
        )

    def test_the_replaced_dump_still_tells_the_classes_of_its_release(self):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            old = with_classes(
                dump("5.0.0", {"OS::OldGroup": resource_type()}),
                {"OS::OldGroup": ["heat.OldGroup"] + GROUP_MRO},
            )
            same = with_classes(dump("6.0.0", {"OS::Group": resource_type()}), {"OS::Group": GROUP_MRO})
            for raw in (old, same):
                with gzip.open(
                    root / f"heat-{raw['heat_version']}.json.gz", "wt", encoding="utf-8"
                ) as handle:
                    json.dump(raw, handle)
            extracted = history.normalize_registry_dump(
                dump("6.0.0", {"OS::Group": resource_type()})
            )
            del extracted["mro_by_type"]  # extract.py writes no class data
            extracted["resource_types"]["OS::Group"]["dynamic_attributes"] = True
            (root / "newest.json").write_text(json.dumps(extracted), encoding="utf-8")
            releases = history.collect_releases(root, root / "newest.json")
        catalog, _ = history.merge_releases(releases)
        self.assertIs(
            catalog["resource_types"]["OS::OldGroup"]["dynamic_attributes"], True
        )


if __name__ == "__main__":
    unittest.main()
