"""Tests of translate.py on small templates (fixtures/), with Heat 27.0.1.

.venv/bin/python -m unittest discover -s tools/heat_oracle -p 'test_*.py'

The expected properties are what Heat's translation code
(heat/engine/translation.py and each type's translation_rules()) does to
the fixture; AgreementWithHeat checks them against the properties Heat
itself computes, functions resolved, wherever a resource has no function.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
sys.path.insert(0, str(HERE))

import translate

HEAT: translate.Heat | None = None


def setUpModule():
    global HEAT
    HEAT = translate.Heat()


def run(template: str, *environments: str) -> dict:
    return translate.translate_template(
        HEAT, FIXTURES / template, [FIXTURES / e for e in environments]
    )


def properties(result: dict, name: str) -> dict:
    entry = result["resources"][name]
    if "error" in entry:
        raise AssertionError(f"{name}: {entry['error']}")
    return entry["properties"]


class Translation(unittest.TestCase):
    def test_port_network_id_and_fixed_ips_subnet_id(self):
        result = run("neutron_port.yaml")
        self.assertEqual(
            properties(result, "port"),
            {
                "admin_state_up": True,
                "network": {"get_param": "net"},
                "fixed_ips": [
                    {"subnet": {"get_param": "subnet"}, "ip_address": "10.0.0.5"},
                    {"subnet": "literal-subnet"},
                ],
            },
        )
        # net has no default: it gets a placeholder, subnet keeps its own.
        self.assertEqual(
            result["parameter_placeholders"], {"net": translate.PLACEHOLDER_STRING}
        )

    def test_router_l3_agent_id_is_added_to_l3_agent_ids_and_deleted(self):
        result = run("neutron_router.yaml")
        self.assertEqual(
            properties(result, "router_with_agent"),
            {"name": "r1", "l3_agent_ids": ["agent-1"]},
        )
        # Heat adds the rules only when l3_agent_id is set.
        self.assertEqual(properties(result, "router_without_agent"), {"name": "r2"})

    def test_random_string_sequence_becomes_a_character_class(self):
        result = run("random_string.yaml")
        # ADD starts from an empty list, not from character_classes' default.
        self.assertEqual(
            properties(result, "password"),
            {"length": 16, "character_classes": [{"class": "lettersdigits", "min": 1}]},
        )
        self.assertEqual(properties(result, "plain"), {"length": 8})

    def test_mistral_task_policies_move_onto_the_task(self):
        result = run("mistral_workflow.yaml")
        self.assertEqual(
            properties(result, "workflow"),
            {
                "type": "direct",
                "tasks": [
                    {
                        "name": "first",
                        "action": "std.noop",
                        "retry": {"count": 3, "delay": 10},
                        "timeout": 60,
                    },
                    {"name": "second", "action": "std.noop", "wait_before": 5},
                ],
            },
        )

    def test_designate_zone_primaries_are_read_as_masters(self):
        # The rule points from the supported property to the deprecated one:
        # Heat's resource code reads masters.
        result = run("designate_zone.yaml")
        self.assertEqual(
            properties(result, "secondary"),
            {
                "name": "example.org.",
                "type": "SECONDARY",
                "masters": ["192.0.2.1", "192.0.2.2"],
            },
        )
        self.assertEqual(
            properties(result, "legacy"),
            {"name": "example.net.", "type": "SECONDARY", "masters": ["192.0.2.3"]},
        )

    def test_resource_group_member_is_translated_on_its_own(self):
        result = run("resource_group.yaml")
        member = {
            "type": "OS::Neutron::Port",
            "properties": {
                "name": "port-%index%",
                "network_id": {"get_param": "net"},
                "fixed_ips": [{"subnet_id": "private-subnet"}],
            },
        }
        # The group itself leaves its member definition as written...
        self.assertEqual(
            properties(result, "ports"), {"count": 2, "resource_def": member}
        )
        # ...which Heat translates when it builds the nested stack.
        self.assertEqual(
            result["resources"]["ports/resource_def"],
            {
                "type": "OS::Neutron::Port",
                "properties": {
                    "name": "port-%index%",
                    "network": {"get_param": "net"},
                    "fixed_ips": [{"subnet": "private-subnet"}],
                },
            },
        )

    def test_if_is_decided_as_heat_decides_it_and_its_branch_translated(self):
        # use_v6 defaults to false: Heat picks the second branches while it
        # reads the template, then translates what it picked.
        result = run("conditional_port.yaml")
        self.assertEqual(
            properties(result, "port"),
            {
                "network": "private",
                "name": "port-v4",
                "fixed_ips": [
                    {"subnet": "v4-subnet", "ip_address": {"get_param": "name_v6"}}
                ],
            },
        )
        self.assertEqual(result["parameter_placeholders"], {})

    def test_both_old_and_new_property_is_heats_conflict_error(self):
        result = run("conflict.yaml")
        both = result["resources"]["both"]
        self.assertEqual(set(both), {"type", "error"})
        self.assertEqual(both["type"], "OS::Neutron::Port")
        self.assertIn("StackValidationFailed", both["error"])
        self.assertIn(
            "Cannot define the following properties at the same time: network, network_id",
            both["error"],
        )
        self.assertEqual(properties(result, "fine"), {"network": "private"})

    def test_cfn_json_template(self):
        result = run("cfn_subnet.json")
        self.assertEqual(
            properties(result, "Subnet"),
            {"cidr": "10.0.0.0/24", "network": {"Ref": "Network"}},
        )
        self.assertEqual(
            properties(result, "Interface"),
            {"router": "router-1", "subnet": {"Ref": "Subnet"}},
        )

    def test_skipped_resources_say_why(self):
        result = run("skipped.yaml", "skipped-env.yaml")
        skipped = result["skipped"]
        self.assertEqual(
            sorted(skipped), ["extra", "file_type", "nested", "unknown"]
        )
        self.assertEqual(skipped["nested"], "template resource (nested.yaml)")
        self.assertEqual(skipped["file_type"], "template resource (nested.yaml)")
        self.assertEqual(skipped["extra"], "disabled by its condition")
        self.assertTrue(skipped["unknown"].startswith("unknown resource type"))
        self.assertEqual(
            result["resources"]["placeholder"],
            {
                "type": "OS::Neutron::HealthMonitor",
                "properties": {},
                "unknown_properties": ["delay"],
                "unknown_values": {"delay": 5},
            },
        )
        self.assertEqual(
            properties(result, "kept"), {"floating_network": "public"}
        )

    def test_a_template_heat_cannot_parse_is_an_error_of_its_own(self):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "broken.yaml"
            path.write_text("resources:\n  a: {type: OS::Heat::None}\n", encoding="utf-8")
            result = translate.translate_template(HEAT, path, [])
        self.assertIn("Template format version not found", result["error"])
        self.assertEqual(result["resources"], {})


class NoCloudNoDatabase(unittest.TestCase):
    def test_storing_a_stack_fails_loudly(self):
        translation = translate.TemplateTranslation(
            HEAT, FIXTURES / "neutron_port.yaml", []
        )
        stack = translation.build_stack()
        with self.assertRaises(translate.DatabaseAccess):
            stack.store()

    def test_asking_a_client_fails_loudly(self):
        translation = translate.TemplateTranslation(
            HEAT, FIXTURES / "neutron_port.yaml", []
        )
        stack = translation.build_stack()
        with self.assertRaises(translate.CloudAccess):
            stack.clients.client("neutron")


def without_functions(value: object) -> bool:
    if isinstance(value, HEAT.function.Function):
        return False
    if isinstance(value, dict):
        return all(without_functions(item) for item in value.values())
    if isinstance(value, list):
        return all(without_functions(item) for item in value)
    return True


class AgreementWithHeat(unittest.TestCase):
    """The harness reads values as written; Heat resolves them first. Where
    a resource has no function, both must see the same properties."""

    FIXTURE_TEMPLATES = [
        "neutron_router.yaml",
        "random_string.yaml",
        "mistral_workflow.yaml",
        "designate_zone.yaml",
        "conflict.yaml",
        "skipped.yaml",
    ]

    @staticmethod
    def view(props) -> dict:
        """Every property as Heat's Properties give it, nulls left out."""
        view = {}
        for key in props:
            try:
                value = props[key]
            except ValueError:
                continue  # a required property the template leaves unset
            if value is not None:
                view[key] = translate.to_json(HEAT, value)
        return view

    def test_properties_agree_with_heats_own(self):
        compared = 0
        for template in self.FIXTURE_TEMPLATES:
            translation = translate.TemplateTranslation(HEAT, FIXTURES / template, [])
            result = translation.run()
            stack = translation.build_stack()
            for name, definition in stack.t.resource_definitions(stack.defn).items():
                entry = result["resources"].get(name)
                if entry is None or "error" in entry:
                    continue
                if not without_functions(definition._properties or {}):
                    continue
                with self.subTest(template=template, resource=name):
                    # Heat's own Properties of the resource: functions
                    # resolved, RESOLVE rules left out (client_resolve=False).
                    rsrc = HEAT.resource.Resource(name, definition, stack)
                    theirs = self.view(rsrc.properties)
                    # What the harness leaves out is what Heat gives a
                    # property that the template does not set.
                    unset = self.view(
                        HEAT.properties.Properties(rsrc.properties_schema, {})
                    )
                    self.assertEqual({**unset, **entry["properties"]}, theirs)
                    compared += 1
        self.assertGreaterEqual(compared, 8)


class CatalogDynamicAttributes(unittest.TestCase):
    """The built-in catalog's dynamic_attributes is what Heat's validation
    of get_attr does, for every type the newest release registers."""

    TEMPLATE = """heat_template_version: 2016-10-14
resources:
  target:
    type: "{type}"
  user:
    type: OS::Heat::Value
    properties:
      value: {{get_attr: [target, no_such_attribute]}}
"""

    def accepts_unknown_attribute(self, path: Path, resource_type: str) -> bool:
        path.write_text(self.TEMPLATE.format(type=resource_type), encoding="utf-8")
        stack = translate.TemplateTranslation(HEAT, path, []).build_stack()
        # The two steps of Stack.validate() that judge get_attr: the node
        # data of every resource (still INIT), then the referring resource's
        # own validation. Validating the target itself may need a cloud.
        stack._update_all_resource_data(for_resources=True, for_outputs=True)
        try:
            stack["user"].validate()
        except HEAT.stack.exception.StackValidationFailed as error:
            if "Referenced Attribute" in str(error):
                return False
            raise
        return True

    def test_every_current_type(self):
        catalog_path = HERE.parents[1] / "core" / "catalog" / "heat.json"
        catalog = json.loads(catalog_path.read_text(encoding="utf-8"))
        newest = catalog["source"]["heat_version"]
        self.assertEqual(newest, HEAT.version)
        disagreements, unchecked, checked = [], [], 0
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "get_attr.yaml"
            for name, entry in sorted(catalog["resource_types"].items()):
                if not entry["available"] or entry["available"][-1][1] != newest:
                    continue
                try:
                    accepted = self.accepts_unknown_attribute(path, name)
                except Exception as error:  # noqa: BLE001 - a type that needs properties
                    unchecked.append(f"{name}: {translate.error_text(error)}")
                    continue
                checked += 1
                if accepted != entry["dynamic_attributes"]:
                    disagreements.append(name)
        self.assertEqual(disagreements, [])
        # OS::Neutron::RBACPolicy's rules need its object_type.
        self.assertLessEqual(len(unchecked), 1, unchecked)
        self.assertGreater(checked, 0)


class CommandLine(unittest.TestCase):
    def test_single_template_output_is_stable_json(self):
        command = [sys.executable, str(HERE / "translate.py"), str(FIXTURES / "conflict.yaml")]
        first = subprocess.run(command, capture_output=True, text=True, check=True)
        second = subprocess.run(command, capture_output=True, text=True, check=True)
        self.assertEqual(first.stdout, second.stdout)
        result = json.loads(first.stdout)
        self.assertEqual(first.stdout, translate.render(result))
        self.assertEqual(sorted(result["resources"]), ["both", "fine"])

    def test_batch_writes_one_result_per_template_and_an_index(self):
        with tempfile.TemporaryDirectory() as directory:
            out = Path(directory) / "out"
            listing = Path(directory) / "list"
            listing.write_text(
                f"{FIXTURES / 'neutron_port.yaml'}\n"
                f"# a comment\n"
                f"{FIXTURES / 'skipped.yaml'}\t{FIXTURES / 'skipped-env.yaml'}\n",
                encoding="utf-8",
            )
            subprocess.run(
                [sys.executable, str(HERE / "translate.py"), "--batch", str(listing), "--out", str(out)],
                capture_output=True,
                text=True,
                check=True,
            )
            index = json.loads((out / "index.json").read_text(encoding="utf-8"))
            jobs = index["jobs"]
            self.assertEqual(
                [(Path(j["template"]).name, [Path(e).name for e in j["environments"]]) for j in jobs],
                [("neutron_port.yaml", []), ("skipped.yaml", ["skipped-env.yaml"])],
            )
            for job in jobs:
                written = json.loads((out / job["output"]).read_text(encoding="utf-8"))
                alone = translate.translate_template(
                    HEAT, Path(job["template"]), [Path(e) for e in job["environments"]]
                )
                self.assertEqual(written, alone)
            self.assertEqual(jobs[1]["skipped"], 4)


if __name__ == "__main__":
    unittest.main()
