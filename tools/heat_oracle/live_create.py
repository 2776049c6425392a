"""What the real Heat server asks the cloud for when it creates a stack
fixture: nested stacks made and stored by its engine, as a cloud's Heat
makes them, rather than in memory.

`tools/heat_server/cloud.py` runs Heat 27.0.1's API and engine on
127.0.0.1 over fake_cloud.py, creates the fixture's stack as `openstack
stack create` does, and reports every request Heat sent the cloud and
every resource it made, by its path. Each request is written here as the
client call `record_create_bodies.py` records in memory (Neutron's
`create_port({"port": ...})`, Nova's `servers.create(...)` keywords), an
ID as the name of the resource it is (a name Heat looks up as written), a
name Heat generated as `None`, so that orc/tests/create_bodies.rs reads
both recordings alike.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLOUD = ROOT / "tools" / "heat_server" / "cloud.py"
sys.path.insert(0, str(CLOUD.parent))
from fake_cloud import NEUTRON_KINDS, made_id  # noqa: E402
from record_fixtures import fnv1a64  # noqa: E402

# What novaclient's `servers.create` is given, by the field of Nova's
# request it becomes; those left out of the request are `None`.
NOVA_KEYWORDS = {
    "name": "name", "imageRef": "image", "flavorRef": "flavor", "key_name": "key_name",
    "availability_zone": "availability_zone", "config_drive": "config_drive",
    "adminPass": "admin_pass", "OS-DCF:diskConfig": "disk_config",
    "block_device_mapping": "block_device_mapping",
    "block_device_mapping_v2": "block_device_mapping_v2",
    "reservation_id": "reservation_id",
}


def heat_python() -> str:
    python = os.environ.get("HEATWISE_HEAT_PYTHON") or str(
        ROOT / "target" / "heat-server" / "venv" / "bin" / "python")
    if not Path(python).exists():
        raise SystemExit(f"{python} is missing: run `cargo xtask setup` (the Heat server)")
    return python


def created_by_server(directory: Path, stack_name: str = "demo") -> dict:
    """cloud.py's report of the fixture's stack, created for real."""
    environments = [str(directory / "env.yaml")] if (directory / "env.yaml").exists() else []
    seed = {"projects": {"demo": {}},
            "stacks": [{"project": "demo", "name": stack_name, "resources": True,
                        "template": str(directory / "template.yaml"),
                        "environments": environments}]}
    with tempfile.TemporaryDirectory() as state:
        seed_path = Path(state) / "seed.json"
        seed_path.write_text(json.dumps(seed))
        process = subprocess.Popen(
            [heat_python(), str(CLOUD), "--state", str(Path(state) / "cloud"),
             "--seed", str(seed_path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            line = process.stdout.readline()
        finally:
            process.stdin.close()
            process.wait(timeout=60)
    if not line:
        raise SystemExit(f"cloud.py stopped before it reported the stack of {directory}")
    report = json.loads(line)
    stack = report["stacks"][0]
    if stack["status"] != "CREATE_COMPLETE":
        raise SystemExit(f"Heat did not create {directory}: {stack['status']} {stack['reason']}")
    return report


def live_stack_case(directory: Path, stack_name: str = "demo") -> dict:
    """The fixture's resources as the Heat server created them, each with
    the one create call it made, in the in-memory recording's terms."""
    report = created_by_server(directory, stack_name)
    made = report["stacks"][0]["resources"]
    by_id = {r["physical_id"]: r for r in made if r["physical_id"]}
    names = {}
    for text in (p.read_text() for p in directory.glob("*.yaml")):
        for word in set(re.findall(r"[\w.:-]+", text)):
            for kind in ("images", "flavors", "networks", "subnets", "security-groups"):
                names[made_id(kind, word)] = word

    def plain(value):
        """IDs as the names of what they are, as the in-memory record has them."""
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        if isinstance(value, str) and value in by_id:
            return by_id[value]["path"].split("/")[-1]
        if isinstance(value, str) and value in names:
            return names[value]
        return value

    # Ports Heat makes for a server's `networks` entries are no resources
    # of the stack: each is recorded with its server, as `<port N>`.
    internal = {call["id"]: call["body"]["port"] for call in report["calls"]
                if call["method"] == "POST" and call["path"] == "ports"
                and call.get("id") and call["id"] not in by_id}
    resources = {}
    for call in report["calls"]:
        if call["method"] != "POST" or call.get("id") not in by_id:
            continue
        resource = by_id[call["id"]]
        name = resource["path"].split("/")[-1]
        if call["service"] == "neutron":
            # neutronclient's `create_<kind>({<kind>: ...})`.
            key = NEUTRON_KINDS[call["path"]]
            method = f"create_{key}"
            body = plain(call["body"][key])
            if generated(body.get("name"), stack_name, name):
                body["name"] = None
            calls = [[method, [{key: body}], {}]]
        else:
            server = call["body"]["server"]
            calls = []
            for entry in server.get("networks") or []:
                if entry.get("port") in internal:
                    calls.append(["create_port", [{"port": plain(internal[entry["port"]])}], {}])
                    entry["port"] = f"<port {len(calls)}>"
            calls.append(["servers.create", [], server_keywords(plain(server))])
        resources[resource["path"]] = {"type": resource["type"], "calls": calls}
    # A security group's own rules, posted once it exists: its calls too.
    for call in report["calls"]:
        if call["method"] != "POST" or call["path"] != "security-group-rules" \
                or call.get("id") in by_id:
            continue
        body = call["body"] or {}
        rules = body.get("security_group_rules") or [body.get("security_group_rule") or {}]
        group = by_id.get(rules[0].get("security_group_id"))
        if group is not None and group["path"] in resources:
            resources[group["path"]]["calls"].append(
                ["create_security_group_rule", [plain(body)], {}])
    files = {p.name: fnv1a64(p.read_bytes()) for p in sorted(directory.glob("*.yaml"))}
    # Every resource Heat lists, nested stacks' too, by path and type
    # (a resource mapped to OS::Heat::None keeps the type written; a
    # template is named as the fixture's files are).
    listed = {r["path"]: r["type"].removeprefix(f"file://{directory}/") for r in made}
    return {"fixture": directory.name + "/", "by": "the Heat server",
            "files_fnv1a64": files, "resources": resources, "listed": listed}


def generated(name, stack_name: str, resource: str) -> bool:
    """A name Heat made (`physical_resource_name`: the stack's name, the
    resource's and a short ID), which the in-memory record has as None."""
    return isinstance(name, str) and name.startswith(stack_name + "-") and bool(
        re.search(rf"-{re.escape(resource)}-[a-z0-9]{{12}}$", name))


def server_keywords(server: dict) -> dict:
    """Nova's request as the keywords novaclient was given for it."""
    keywords = {keyword: server.get(field) for field, keyword in NOVA_KEYWORDS.items()}
    keywords["meta"] = server.get("metadata") or {}
    keywords["files"] = {}
    keywords["scheduler_hints"] = None
    user_data = server.get("user_data")
    keywords["userdata"] = base64.b64decode(user_data).decode() if user_data else None
    if keywords["userdata"]:
        # The metadata server Heat's agents are told of: this run's port.
        keywords["userdata"] = re.sub(r"127\.0\.0\.1:\d+/", "127.0.0.1:8000/",
                                      keywords["userdata"])
    keywords["security_groups"] = [g["name"] for g in server.get("security_groups") or []]
    keywords["nics"] = [
        {"net-id": entry.get("uuid"), "port-id": entry.get("port"),
         **({"v4-fixed-ip": entry["fixed_ip"]} if entry.get("fixed_ip") else {})}
        for entry in server.get("networks") or []
    ]
    return keywords
