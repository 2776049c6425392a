"""Tests of compare.py on small translate.py results, findings and texts;
no Heat needed.

python3 -m unittest discover -s tools/heat_oracle -p 'test_compare.py'
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import compare

PORT_ORIGINAL = """\
heat_template_version: 2016-10-14
# the network comes from the caller
resources:
  port:
    type: OS::Neutron::Port
    properties:
      # deprecated name
      network_id: {get_param: net}
"""


def result(resources: dict, skipped: dict | None = None, error: str | None = None) -> dict:
    out = {"format": "heatwise-heat-oracle", "resources": resources, "skipped": skipped or {}}
    if error:
        out["error"] = error
    return out


def port(properties: dict, **extra) -> dict:
    return {"port": {"type": "OS::Neutron::Port", "properties": properties, **extra}}


NETWORK = {"network": {"get_param": "net"}}


class Translations(unittest.TestCase):
    def test_equal_properties_agree(self):
        verdicts = compare.compare_translations(result(port(NETWORK)), result(port(NETWORK)))
        self.assertEqual([(v.name, v.verdict) for v in verdicts], [("port", compare.AGREE)])

    def test_misspelt_property_is_caught(self):
        # A broken migration: network_id renamed to `netwrok` instead of
        # `network`. Heat no longer sets `network` and rejects `netwrok`.
        broken = result(port({}, unknown_properties=["netwrok"]))
        [verdict] = compare.compare_translations(result(port(NETWORK)), broken)
        self.assertEqual(verdict.verdict, compare.DIFFER)
        self.assertEqual(
            verdict.diff,
            [
                '- properties.network: {"get_param": "net"}',
                '+ unknown_properties: ["netwrok"]',
            ],
        )

    def test_types_are_told_apart(self):
        before = result(port({"admin_state_up": True, "mtu": 1}))
        after = result(port({"admin_state_up": 1, "mtu": 1.0}))
        [verdict] = compare.compare_translations(before, after)
        self.assertEqual(
            verdict.diff,
            [
                "- properties.admin_state_up: true",
                "+ properties.admin_state_up: 1",
                "- properties.mtu: 1",
                "+ properties.mtu: 1.0",
            ],
        )

    def test_list_items_are_compared_in_place(self):
        before = result(port({"fixed_ips": [{"subnet": "a"}, {"subnet": "b"}]}))
        after = result(port({"fixed_ips": [{"subnet": "a"}]}))
        [verdict] = compare.compare_translations(before, after)
        self.assertEqual(verdict.diff, ['- properties.fixed_ips[1]: {"subnet": "b"}'])

    def test_group_member_definitions_are_resources_of_their_own(self):
        member = {"type": "OS::Neutron::Port", "properties": NETWORK}
        before = result({"ports/resource_def": member})
        after = result({"ports/resource_def": {**member, "properties": {}}})
        [verdict] = compare.compare_translations(before, after)
        self.assertEqual((verdict.name, verdict.verdict), ("ports/resource_def", compare.DIFFER))

    def test_same_error_on_both_sides_agrees(self):
        error = {"port": {"type": "OS::Neutron::Port", "error": "PropertyError: conflict"}}
        [verdict] = compare.compare_translations(result(error), result(error))
        self.assertEqual(verdict.verdict, compare.AGREE)

    def test_an_error_only_after_migration_differs(self):
        error = {"port": {"type": "OS::Neutron::Port", "error": "PropertyError: conflict"}}
        [verdict] = compare.compare_translations(result(port(NETWORK)), result(error))
        self.assertEqual(verdict.verdict, compare.DIFFER)

    def test_skipped_in_both_for_the_same_reason_is_not_applicable(self):
        skipped = {"nested": "template resource (nested.yaml)"}
        [verdict] = compare.compare_translations(result({}, skipped), result({}, skipped))
        self.assertEqual(verdict.verdict, compare.SKIPPED)

    def test_skipped_on_one_side_only_differs(self):
        before = result({}, {"alarm": "template resource (file:///AWS_CloudWatch_Alarm.yaml)"})
        after = result({"alarm": {"type": "OS::Aodh::Alarm", "properties": {}}})
        [verdict] = compare.compare_translations(before, after)
        self.assertEqual(verdict.verdict, compare.DIFFER)
        self.assertEqual(
            verdict.diff,
            [
                "- skipped: template resource (file:///AWS_CloudWatch_Alarm.yaml)",
                '+ translated: {"properties": {}, "type": "OS::Aodh::Alarm"}',
            ],
        )

    def test_a_resource_gone_after_migration_differs(self):
        [verdict] = compare.compare_translations(result(port(NETWORK)), result({}))
        self.assertEqual(verdict.diff[1], "+ absent")

    def test_a_template_failing_as_a_whole(self):
        same_failure = result({}, error="ValueError: bad")
        [verdict] = compare.compare_translations(same_failure, same_failure)
        self.assertEqual((verdict.name, verdict.verdict), (compare.TEMPLATE_KEY, compare.AGREE))
        [verdict] = compare.compare_translations(result({}), same_failure)
        self.assertEqual(verdict.verdict, compare.DIFFER)


QUANTUM_NET = {"net": {"type": "OS::Quantum::Net", "properties": {"name": "n"}}}
NEUTRON_NET = {"net": {"type": "OS::Neutron::Net", "properties": {"name": "n"}}}
ALIAS = ("OS::Quantum::Net", "OS::Neutron::Net")


class Retyped(unittest.TestCase):
    def test_renamed_types_are_listed(self):
        self.assertEqual(compare.retyped(result(QUANTUM_NET), result(NEUTRON_NET)), {ALIAS})
        self.assertEqual(compare.retyped(result(QUANTUM_NET), result(QUANTUM_NET)), set())

    def test_a_new_name_of_the_same_implementation_agrees(self):
        [verdict] = compare.compare_translations(
            result(QUANTUM_NET), result(NEUTRON_NET), frozenset({ALIAS})
        )
        self.assertEqual((verdict.verdict, verdict.retyped), (compare.AGREE, ALIAS))

    def test_any_other_new_name_differs(self):
        [verdict] = compare.compare_translations(result(QUANTUM_NET), result(NEUTRON_NET))
        self.assertEqual(verdict.verdict, compare.DIFFER)
        self.assertEqual(verdict.diff, ['- type: "OS::Quantum::Net"', '+ type: "OS::Neutron::Net"'])

    def test_properties_still_count_under_a_new_name(self):
        changed = {"net": {**NEUTRON_NET["net"], "properties": {"name": "m"}}}
        [verdict] = compare.compare_translations(
            result(QUANTUM_NET), result(changed), frozenset({ALIAS})
        )
        self.assertEqual(verdict.diff, ['- properties.name: "n"', '+ properties.name: "m"'])


def group(member: dict, **definition) -> dict:
    """A ResourceGroup as translate.py reports it: the member definition as
    written in the group, and the member translated on its own."""
    written = {"type": "OS::Neutron::Port", "properties": member, **definition}
    return {
        "ports": {
            "type": "OS::Heat::ResourceGroup",
            "properties": {"count": 2, "resource_def": written},
        },
        "ports/resource_def": {"type": "OS::Neutron::Port", "properties": NETWORK},
    }


class GroupMembers(unittest.TestCase):
    def test_a_member_migrated_to_the_same_translation_agrees(self):
        before = result(group({"network_id": {"get_param": "net"}}))
        after = result(group({"network": {"get_param": "net"}}))
        verdicts = compare.compare_translations(before, after)
        self.assertEqual(
            [(v.name, v.verdict) for v in verdicts],
            [("ports", compare.AGREE), ("ports/resource_def", compare.AGREE)],
        )

    def test_a_member_translated_differently_differs(self):
        before = result(group({"network_id": "n"}))
        after_groups = group({"netwrok": "n"})
        after_groups["ports/resource_def"] = {
            "type": "OS::Neutron::Port",
            "properties": {},
            "unknown_properties": ["netwrok"],
        }
        verdicts = compare.compare_translations(before, result(after_groups))
        self.assertEqual(
            [(v.name, v.verdict) for v in verdicts],
            [("ports", compare.AGREE), ("ports/resource_def", compare.DIFFER)],
        )

    def test_the_rest_of_the_member_definition_is_compared_as_written(self):
        before = result(group({"network": "n"}, metadata={"role": "a"}))
        after = result(group({"network": "n"}, metadata={"role": "b"}))
        [ports, _] = compare.compare_translations(before, after)
        self.assertEqual(
            ports.diff,
            [
                '- properties.resource_def.metadata.role: "a"',
                '+ properties.resource_def.metadata.role: "b"',
            ],
        )

    def test_a_member_that_fails_leaves_its_definition_compared_as_written(self):
        failing = {"type": "OS::Neutron::Port", "error": "PropertyError: conflict"}
        before = group({"network_id": "n", "network": "n"})
        after = group({"network": "n"})
        before["ports/resource_def"] = after["ports/resource_def"] = failing
        [ports, member] = compare.compare_translations(result(before), result(after))
        self.assertEqual((ports.verdict, member.verdict), (compare.DIFFER, compare.AGREE))


class Comments(unittest.TestCase):
    def test_comment_lines_are_trimmed(self):
        self.assertEqual(
            compare.comment_lines(PORT_ORIGINAL),
            ["# the network comes from the caller", "# deprecated name"],
        )

    def test_kept_when_moved_or_reindented(self):
        migrated = PORT_ORIGINAL.replace("      # deprecated name", "    # deprecated name")
        self.assertEqual(compare.missing_comments(PORT_ORIGINAL, migrated), [])

    def test_a_dropped_comment_is_reported(self):
        migrated = PORT_ORIGINAL.replace("      # deprecated name\n", "")
        self.assertEqual(compare.missing_comments(PORT_ORIGINAL, migrated), ["# deprecated name"])

    def test_repeated_comments_count(self):
        original = "# x\na: 1\n# x\n"
        self.assertEqual(compare.missing_comments(original, "# x\na: 1\n"), ["# x"])

    def test_a_comment_turned_trailing_is_lost(self):
        original = "a:\n  # why\n  b: 1\n"
        self.assertEqual(compare.missing_comments(original, "a:\n  b: 1 # why\n"), ["# why"])


class SafeFixesLeft(unittest.TestCase):
    def finding(self, applicability: str | None) -> dict:
        fix = None
        if applicability:
            fix = {"title": "use `network`", "applicability": applicability, "edits": []}
        return {"code": "HW201", "line": 8, "fix": fix}

    def test_only_safe_fixes_count(self):
        findings = [self.finding(None), self.finding("unsafe"), self.finding("display-only")]
        self.assertEqual(compare.safe_fixes_left(findings), [])
        self.assertEqual(
            compare.safe_fixes_left([self.finding("safe")]), ["HW201 line 8: use `network`"]
        )


class Templates(unittest.TestCase):
    def test_a_faithful_migration_agrees_on_all_three(self):
        migrated = PORT_ORIGINAL.replace("network_id:", "network:")
        c = compare.compare_template(
            "port.yaml", PORT_ORIGINAL, migrated, result(port(NETWORK)), result(port(NETWORK)), []
        )
        self.assertTrue(c.agrees)
        self.assertTrue(c.changed_text)

    def test_the_broken_migration_fails_and_is_reported(self):
        migrated = PORT_ORIGINAL.replace("network_id:", "netwrok:")
        broken = compare.compare_template(
            "port.yaml",
            PORT_ORIGINAL,
            migrated,
            result(port(NETWORK)),
            result(port({}, unknown_properties=["netwrok"])),
            [],
        )
        self.assertFalse(broken.agrees)
        faithful = compare.compare_template("other.yaml", "", "", result({}), result({}), [])
        report = compare.render_report("27.0.1", [broken, faithful], [], [], ["inputs"])
        self.assertIn("agreement on all three:        1/2 templates = 50.0%", report)
        self.assertIn("### port.yaml", report)
        self.assertIn('+ unknown_properties: ["netwrok"]', report)
        self.assertNotIn("### other.yaml", report)

    def test_a_safe_fix_left_or_a_lost_comment_fails(self):
        left = compare.compare_template(
            "a", "", "", result({}), result({}), [SafeFixesLeft().finding("safe")]
        )
        lost = compare.compare_template("b", "# c\n", "", result({}), result({}), [])
        self.assertTrue(left.translation_agrees)
        self.assertFalse(left.agrees)
        self.assertFalse(lost.agrees)


if __name__ == "__main__":
    unittest.main()
