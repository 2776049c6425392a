"""Tests of harness.py: its question to Heat 27.0.1 (which type names Heat
runs as the same implementation) and how it reads heatwise's failures.

.venv/bin/python -m unittest discover -s tools/heat_oracle -p 'test_harness.py'
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness


class SameImplementation(unittest.TestCase):
    def test_aliases_and_declared_substitutes_only(self):
        pairs = {
            # "OS::Quantum*": "OS::Neutron*" in Heat's global environment
            ("OS::Quantum::Net", "OS::Neutron::Net"),
            ("OS::Ceilometer::Alarm", "OS::Aodh::Alarm"),
            # SoftwareDeployments names SoftwareDeploymentGroup its substitute
            ("OS::Heat::SoftwareDeployments", "OS::Heat::SoftwareDeploymentGroup"),
            # a successor with a schema of its own
            ("OS::Magnum::BayModel", "OS::Magnum::ClusterTemplate"),
            # substitution is one way
            ("OS::Heat::SoftwareDeploymentGroup", "OS::Heat::SoftwareDeployments"),
            # a template resource, and a type Heat does not know
            ("AWS::CloudWatch::Alarm", "AWS::RDS::DBInstance"),
            ("OS::Nope::Thing", "OS::Neutron::Net"),
        }
        self.assertEqual(
            harness.same_implementation(pairs),
            {
                ("OS::Quantum::Net", "OS::Neutron::Net"),
                ("OS::Ceilometer::Alarm", "OS::Aodh::Alarm"),
                ("OS::Heat::SoftwareDeployments", "OS::Heat::SoftwareDeploymentGroup"),
            },
        )


class FailureReason(unittest.TestCase):
    def test_the_error_line_is_preferred(self):
        stderr = "t.yaml: 0 fixes applied\n  remains HW001\nerror: t.yaml: not fixed: bad YAML\n"
        self.assertEqual(harness.failure_reason(stderr), "error: t.yaml: not fixed: bad YAML")

    def test_else_the_first_line(self):
        self.assertEqual(harness.failure_reason("\n  panicked at x\nmore\n"), "panicked at x")
        self.assertEqual(harness.failure_reason(""), "(no message)")


if __name__ == "__main__":
    unittest.main()
