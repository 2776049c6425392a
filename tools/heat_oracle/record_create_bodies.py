#!/usr/bin/env python3
"""Record what Heat asks OpenStack for when it creates each resource.

    .venv/bin/python tools/heat_oracle/record_create_bodies.py

For each template of orc/tests/fixtures (with its `.env.yaml`, and the
`#! -P name=value` parameters its first lines give), Heat 27.0.1 builds the
stack as `openstack stack create` does and calls each resource's own
`handle_create`, in Heat's order, with its clients stubbed: every call the
resource makes on its client (Neutron's `create_network`, Nova's
`server_groups.create`, Cinder's `volumes.create`, ...) is recorded with its
arguments. A resource another one refers to has not been created, so
`get_resource` reads as its name; a name Heat looks up (an image, a
network by name) comes back as written. A stack fixture (a directory, its
nested stacks and groups of them included) is created by the real Heat
server over tools/heat_server's fake cloud instead, and its requests read
back from the cloud (live_create.py), each resource under its path
(`cluster/nodes/0/port`). The record goes to
orc/tests/fixtures/create-bodies.heat.json with each template's FNV-1a hash,
so that `cargo test` (orc/tests/create_bodies.rs) compares what ORC would
be asked for, read from the export's manifests, with what Heat asks for,
without Python, and knows when a recording is stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_fixtures import fnv1a64  # noqa: E402
from live_create import live_stack_case  # noqa: E402
from translate import Heat  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "orc" / "tests" / "fixtures"
# Stack fixtures (a directory with `template.yaml`), created by the Heat
# server, which makes and stores their nested stacks itself.
STACKS = [FIXTURES / "nested_group", FIXTURES / "group_outputs",
          FIXTURES / "registry_scoped"] + sorted(
    FIXTURES.glob("corpus_*"))
# The types whose `handle_create` builds its request from its properties
# alone (a server's needs Nova's answers about images and networks).
TYPES = {
    "OS::Neutron::Net", "OS::Neutron::ProviderNet", "OS::Neutron::Subnet",
    "OS::Neutron::Router", "OS::Neutron::Port", "OS::Neutron::SecurityGroup",
    "OS::Neutron::SecurityGroupRule", "OS::Neutron::FloatingIP",
    "OS::Neutron::FloatingIPAssociation",
    # Allocated and associated through Neutron, Heat's Nova plugin between.
    "OS::Nova::FloatingIP", "OS::Nova::FloatingIPAssociation",
    "OS::Cinder::Volume", "OS::Nova::ServerGroup", "OS::Nova::Flavor",
    "OS::Cinder::VolumeType",
    "OS::Nova::KeyPair", "OS::Neutron::Trunk", "OS::Glance::WebImage",
    "OS::Keystone::Domain", "OS::Keystone::Project", "OS::Keystone::Role",
    "OS::Keystone::Group", "OS::Keystone::User", "OS::Keystone::Service",
    "OS::Keystone::Endpoint",
    # Asks Nova for the server, Neutron for the ports its networks need.
    "OS::Nova::Server",
    # Stored by Heat itself: what it would pass to Nova as user data.
    "OS::Heat::SoftwareConfig", "OS::Heat::CloudConfig", "OS::Heat::MultipartMime",
}


def plain(value: object) -> object:
    """A call's argument as JSON; what a stub returned is `<stub>`."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return "<stub>"


def parameters(text: str) -> dict:
    given = {}
    for line in text.splitlines():
        if line.startswith("#! -P "):
            name, _, value = line[len("#! -P "):].partition("=")
            given[name] = value
    return given


def created(stack, name: str, configs: dict, so_far: dict) -> list:
    """The calls `name`'s handle_create makes. `configs`: the software
    configurations stored so far, by the name of their resource, which a
    multipart message's parts name (Heat gives their ID; here their name
    stands for it). `so_far`: the record of the resources created before
    (a Nova association reads its server's interfaces)."""
    resource = stack[name]
    client = mock.MagicMock(name=name)
    client.show_software_config.side_effect = lambda context, config: configs[config]
    plugin = mock.MagicMock(name=f"{name}-plugin")
    as_written = lambda kind, value, *args, **kwargs: value  # noqa: E731
    plugin.find_resourceid_by_name_or_id.side_effect = as_written
    plugin.find_resourceid_by_id.side_effect = as_written
    if resource.type() == "OS::Nova::Server":
        stub_server(stack, client, plugin)
    if resource.type() == "OS::Nova::FloatingIP":
        # The one external network there is, where no pool names one.
        client.list_networks.return_value = {"networks": [{"id": "<the external network>"}]}
    if resource.type() == "OS::Nova::FloatingIPAssociation":
        stub_association(stack, client, plugin, so_far)
    data_set = lambda self, *a, **k: None  # noqa: E731  (no database here)
    with mock.patch.object(type(resource), "client", lambda self, *a, **k: client), \
         mock.patch.object(type(resource), "data_set", data_set), \
         mock.patch.object(type(resource), "client_plugin", lambda self, *a, **k: plugin), \
         mock.patch.object(type(resource), "rpc_client", lambda self, *a, **k: client), \
         mock.patch("oslo_utils.uuidutils.is_uuid_like", lambda value: value in configs):
        try:
            resource.handle_create()
        except Exception as error:  # a stub's answer Heat cannot use
            return [["error", f"{type(error).__name__}: {error}"]]
    # Calls on what a call returned (`volume_types.create().set_keys`) are
    # named by the method they were made on; reads of answers are left out.
    calls = [[call[0].replace("()", ""), plain(call[1]), plain(call[2])]
             for call in client.mock_calls if "__" not in call[0]]
    for call in calls:
        if call[0] == "create_security_group_rule":
            body = call[1][0]
            for rule in body.get("security_group_rules") or [body.get("security_group_rule")]:
                neutron_keeps(rule)
    calls = json.loads(json.dumps(calls).replace(
        json.dumps(GIVEN_ADDRESS), json.dumps("<the address Neutron gave the port>")))
    if resource.type() == "OS::Nova::Server" and resource.properties["tags"]:
        # Heat tags a server once Nova has made it (check_create_complete).
        calls.append(["servers.set_tags", [list(resource.properties["tags"])], {}])
    return calls


def stub_server(stack, client, plugin) -> None:
    """What a server's handle_create asks Nova's and Neutron's plugins: a
    name or ID comes back as written, a subnet's network is the network its
    resource names, user data is Heat's own (SOFTWARE_CONFIG's is marked),
    metadata as Heat's own `meta_serialize` writes it; a port Heat makes
    for a network gets an ID naming its request."""
    from heat.engine.clients.os.nova import NovaClientPlugin

    plugin.find_flavor_by_name_or_id.side_effect = lambda value: value
    plugin.find_image_by_name_or_id.side_effect = lambda value: value
    plugin.get_secgroup_uuids.side_effect = lambda groups: list(groups)
    plugin.meta_serialize.side_effect = lambda metadata: NovaClientPlugin.meta_serialize(
        None, metadata)
    # Heat's own build_userdata: RAW data as it is, HEAT_CFNTOOLS's the
    # multipart message of Heat's agents around it, the metadata server's
    # address the one this recording's cloud would have.
    heat_plugin = mock.Mock()
    heat_plugin.get_cfn_metadata_server_url.return_value = "http://heat-cfn.example:8000/v1/"
    nova = mock.Mock()
    nova.context.clients.client_plugin.return_value = heat_plugin

    def build_userdata(metadata, data, instance_user=None, user_data_format="HEAT_CFNTOOLS"):
        if user_data_format not in ("RAW", "HEAT_CFNTOOLS"):
            return f"<{user_data_format} by Heat's agents>"
        return NovaClientPlugin.build_userdata(nova, metadata if isinstance(metadata, dict) else {},
                                               data, instance_user, user_data_format)
    plugin.build_userdata.side_effect = build_userdata

    def network_of(subnet):
        if subnet in stack:
            return stack[subnet].properties.get("network") or subnet
        return subnet
    plugin.network_id_from_subnet_id.side_effect = network_of
    made = []

    def create_port(body):
        made.append(body)
        return {"port": {"id": f"<port {len(made)}>"}}
    client.create_port.side_effect = create_port


def neutron_keeps(rule: dict) -> None:
    """A rule's remote prefix as Neutron keeps it (its API converts it with
    `str(netaddr.IPNetwork(...))`: IPv6 in lower case, a lone address with
    its full length), which is the text ORC matches its rules against."""
    import netaddr

    prefix = rule.get("remote_ip_prefix")
    if prefix:
        rule["remote_ip_prefix"] = str(netaddr.IPNetwork(prefix))


class Answered(dict):
    """A created resource's attributes as the cloud answers them where the
    answer is what was asked for: a port's `fixed_ips` (Neutron gives the
    addresses its request asks for, in that order, and one of its own
    where none is asked for; a subnet's ID is the subnet's name here), a software configuration's `config` (the text
    Heat stored). Any other is `<attribute NAME of RESOURCE>`. Keys are
    attribute names, or tuples of a name and a path, as Heat's node data
    keeps them."""

    def __init__(self, name: str, kind: str, calls: list, configs: dict):
        super().__init__()
        self.name, self.kind, self.calls, self.configs = name, kind, calls, configs

    def __missing__(self, key):
        from heat.engine import attributes

        attribute, path = (key[0], key[1:]) if isinstance(key, tuple) else (key, ())
        value = f"<attribute {attribute} of {self.name}>"
        if self.kind == "OS::Neutron::Port" and attribute == "fixed_ips":
            asked = next((c[1][0]["port"] for c in self.calls if c[0] == "create_port"), {})
            value = [{"subnet_id": ip.get("subnet_id"),
                      "ip_address": ip.get("ip_address") or f"<the address Neutron gives {self.name}>"}
                     for ip in asked.get("fixed_ips") or []]
        elif attribute == "config" and self.name in self.configs:
            value = self.configs[self.name]["config"]
        return attributes.select_from_attribute(value, list(path))


def store_created(stack, name: str, calls: list, configs: dict) -> None:
    """Marks `name` created, with the node data Heat's create stores for the
    resources after it (its reference is its name, its attributes
    answered), so that their `get_attr` and `get_resource` read it."""
    from heat.engine import node_data, stk_defn

    resource = stack[name]
    data = node_data.NodeData(resource.id, name, resource.uuid, name,
                              Answered(name, resource.type(), calls, configs),
                              resource.CREATE, resource.COMPLETE)
    stk_defn.update_resource_data(stack.defn, name, data)


# An address Neutron gives a port, which Heat reads back from Nova's
# interface before it associates: recorded as what it stands for.
GIVEN_ADDRESS = "192.0.2.255"


def stub_association(stack, client, plugin, so_far: dict) -> None:
    """Heat's own `associate_floatingip` (Nova's plugin), over the server
    as Nova would list its interfaces: one per `nics` entry of the server's
    request, in order, each with the port's addresses (those its request
    gives, else one Neutron gives). A port Heat or Nova made for an entry
    is named `<interface INDEX of SERVER>`."""
    from heat.engine.clients.os.nova import NovaClientPlugin

    def interfaces(server: str) -> list:
        calls = so_far[server]["calls"]
        create = next(call for call in calls if call[0] == "servers.create")
        made = [call[1][0]["port"] for call in calls if call[0] == "create_port"]
        listed = []
        for index, nic in enumerate(create[2].get("nics") or []):
            port = nic.get("port-id")
            if port and port.startswith("<port "):
                body = made[int(port[len("<port "):-1]) - 1]
            else:
                body = stack[port].properties if port in stack else {}
            if port not in stack:  # made by Heat or Nova for the entry
                port = f"<interface {index} of {server}>"
            ips = [ip["ip_address"] for ip in body.get("fixed_ips") or []
                   if ip.get("ip_address")]
            ips = ips or [nic.get("v4-fixed-ip") or GIVEN_ADDRESS]
            listed.append(mock.Mock(port_id=port,
                                    fixed_ips=[{"ip_address": ip} for ip in ips]))
        return listed

    nova = mock.Mock()
    nova.fetch_server.side_effect = lambda server: mock.Mock(
        interface_list=lambda: interfaces(server))
    nova.clients.client.side_effect = lambda name: client
    plugin.associate_floatingip.side_effect = lambda server, ip: \
        NovaClientPlugin.associate_floatingip(nova, server, ip)


def case(heat: Heat, path: Path) -> dict | None:
    text = path.read_text()
    environment = path.with_name(path.stem + ".env.yaml")
    environments = [environment] if environment.exists() else []
    try:
        _, stack = heat.stack_as_created("demo", path, environments, parameters(text))
        stack.dependencies  # noqa: B018  (refused here: cycles, policies)
    except Exception:  # a fixture Heat refuses (cycles, unreadable)
        return None
    resources: dict = {}
    # Exported alone, a template's nested stacks are not expanded.
    record_stack(stack, resources)
    return {"fixture": path.name, "template_fnv1a64": fnv1a64(text.encode()),
            "resources": resources}


def record_stack(stack, resources: dict) -> None:
    """Creates `stack`'s resources in Heat's order, recording their calls
    under their names. Nested stacks are not made here: a stack fixture is
    created by the Heat server (live_create.py)."""
    here: dict = {}
    configs: dict = {}
    for resource in stack.dependencies:
        name = resource.name
        if resource.type() in TYPES:
            calls = created(stack, name, configs, here)
            here[name] = {"type": resource.type(), "calls": calls}
            resources[name] = here[name]
            for call in calls:
                if call[0] == "create_software_config":
                    configs[name] = {"config": call[2].get("config")}
        store_created(stack, name, here.get(name, {}).get("calls", []), configs)


def steady(value: object) -> object:
    """The record with each multipart message's boundary, which Python
    draws at random, numbered in order instead, so that recording again
    rewrites only what changed."""
    import re

    if isinstance(value, dict):
        return {k: steady(v) for k, v in value.items()}
    if isinstance(value, list):
        return [steady(v) for v in value]
    if isinstance(value, str) and value.startswith("Content-Type: multipart/"):
        for n, boundary in enumerate(dict.fromkeys(re.findall(r'boundary="([^"]+)"', value))):
            value = value.replace(boundary, f"==============={n:019d}==")
    return value


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Record Heat's create requests of the ORC fixtures.")
    parser.add_argument("--only", metavar="FIXTURE.yaml",
                        help="record this one-file fixture again, keeping the others' records")
    args = parser.parse_args()
    heat = Heat()
    out = FIXTURES / "create-bodies.heat.json"
    if args.only:
        # The live stacks need the Heat server; one edited fixture does not.
        again = case(heat, FIXTURES / args.only)
        record = json.loads(out.read_text())
        cases = [again if c["fixture"] == again["fixture"] else c for c in record["cases"]]
        if again not in cases and again["resources"]:
            # A new fixture: among the one-file ones, in name order, before
            # the stacks (directories).
            at = next((i for i, c in enumerate(cases)
                       if c["fixture"].endswith("/") or c["fixture"] > again["fixture"]),
                      len(cases))
            cases.insert(at, again)
        record["cases"] = steady(cases)
        out.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        print(f"{again['fixture']}: {len(again['resources'])} resources")
        return
    paths = sorted(p for p in FIXTURES.glob("*.yaml") if not p.name.endswith(".env.yaml"))
    cases = [c for c in (case(heat, p) for p in paths) if c and c["resources"]]
    cases += [live_stack_case(d) for d in STACKS]
    record = {"heat_version": heat.version, "cases": steady(cases)}
    out.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    for c in cases:
        print(f"{c['fixture']}: {len(c['resources'])} resources")


if __name__ == "__main__":
    main()
