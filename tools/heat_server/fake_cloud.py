"""The least of a cloud that Heat needs to run stacks of Neutron's types
for the tests: networks, subnets, routers, ports, floating IPs, security
groups and the rest, looked up by name or ID, created, updated and
deleted, in memory; and Neutron's list of extensions.

A name Heat looks up stands for one resource whose ID is made from the
name, so the same name is the same resource in every stack. Every request
that changes something is kept in ``calls`` (method, path, body), so that
a test can tell what Heat sent the cloud. Any other service answers 404,
which Heat reads as "no such resource": a seed that needs more of a cloud
fails with Heat's own message, not in silence.
"""

from __future__ import annotations

import json
import threading
import uuid
from urllib.parse import parse_qs

NEUTRON_KINDS = {
    "networks": "network",
    "subnets": "subnet",
    "routers": "router",
    "ports": "port",
    "floatingips": "floatingip",
    "security-groups": "security_group",
    "security-group-rules": "security_group_rule",
    "subnetpools": "subnetpool",
    "qos/policies": "policy",
    "trunks": "trunk",
}
# What a current Neutron with ML2/OVN lists, as far as Heat's types ask.
EXTENSIONS = [
    "agent", "allowed-address-pairs", "binding", "dns-integration", "external-net",
    "extra_dhcp_opt", "extraroute", "l3-ha", "port-security", "provider", "qos",
    "quotas", "router", "security-group", "subnet_allocation", "trunk", "tag",
    "standard-attr-tag", "availability_zone", "net-mtu", "segment", "rbac-policies",
]


def made_id(kind: str, name: str) -> str:
    """The resource a name stands for: an ID names itself."""
    try:
        return str(uuid.UUID(name))
    except ValueError:
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"heatwise-fake-cloud/{kind}/{name}"))


class FakeNeutron:
    def __init__(self):
        self.lock = threading.Lock()
        self.made: dict[str, dict[str, dict]] = {kind: {} for kind in NEUTRON_KINDS}
        self.deleted: set[str] = set()
        self.calls: list[dict] = []

    def existing(self, kind: str, key: str) -> dict:
        """A stored resource by ID or name, or the one the key stands for."""
        store = self.made[kind]
        if key in store:
            return store[key]
        for resource in store.values():
            if resource.get("name") == key:
                return resource
        ident = made_id(kind, key)
        return store.get(ident) or {
            "id": ident, "name": key, "tenant_id": "fake", "project_id": "fake",
            "status": "ACTIVE", "admin_state_up": True,
        }

    def handle(self, method: str, path: str, query: dict, body: dict | None) -> tuple[int, dict]:
        if path in ("", "/"):
            return 200, {"versions": [{"id": "v2.0", "status": "CURRENT",
                                       "links": [{"rel": "self", "href": "v2.0/"}]}]}
        path = path.removeprefix("/v2.0").removesuffix(".json").strip("/")
        if method != "GET":
            with self.lock:
                self.calls.append({"method": method, "path": path, "body": body})
        if path == "extensions":
            return 200, {"extensions": [{"alias": a, "name": a, "description": a, "updated": "",
                                         "links": []} for a in EXTENSIONS]}
        for plural, singular in NEUTRON_KINDS.items():
            listed = plural.split("/")[-1].replace("-", "_")
            if path == plural and method == "GET":
                keys = query.get("name") or query.get("id") or []
                with self.lock:
                    if keys:
                        return 200, {listed: [self.existing(plural, k) for k in keys]}
                    return 200, {listed: list(self.made[plural].values())}
            if path == plural and method == "POST":
                fields = dict((body or {}).get(singular) or {})
                fields.update({"id": str(uuid.uuid4()), "status": "ACTIVE",
                               "tenant_id": "fake", "project_id": "fake"})
                with self.lock:
                    self.made[plural][fields["id"]] = fields
                return 201, {singular: fields}
            if path.startswith(plural + "/"):
                ident = path[len(plural) + 1:].split("/")[0]
                with self.lock:
                    if ident in self.deleted:
                        break
                    resource = dict(self.existing(plural, ident))
                    if method == "GET":
                        return 200, {singular: resource}
                    if method == "PUT":
                        resource.update((body or {}).get(singular) or {})
                        self.made[plural][resource["id"]] = resource
                        return 200, {singular: resource}
                    if method == "DELETE":
                        self.made[plural].pop(resource["id"], None)
                        self.deleted.add(resource["id"])
                        return 204, {}
        return 404, {"NeutronError": {"type": "NotFound", "message": f"{path} is not served here"}}


class FakeCloud:
    def __init__(self):
        self.neutron = FakeNeutron()

    @property
    def calls(self) -> list[dict]:
        return self.neutron.calls

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        method = environ.get("REQUEST_METHOD", "GET")
        query = parse_qs(environ.get("QUERY_STRING", ""))
        body = None
        length = int(environ.get("CONTENT_LENGTH") or 0)
        if length:
            try:
                body = json.loads(environ["wsgi.input"].read(length))
            except ValueError:
                body = None
        if path.startswith("/neutron"):
            status, answer = self.neutron.handle(method, path[len("/neutron"):], query, body)
        else:
            status, answer = 404, {"error": f"{path} is not served here"}
        data = b"" if status == 204 else json.dumps(answer).encode()
        reasons = {200: "OK", 201: "Created", 204: "No Content", 404: "Not Found"}
        start_response(f"{status} {reasons[status]}",
                       [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
        return [data]
