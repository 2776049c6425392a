"""The least of a cloud that Heat needs to run stacks of Neutron's types
for the tests: networks, subnets, routers, ports, floating IPs, security
groups and the rest, looked up by name or ID, created, updated and
deleted, in memory; and Neutron's list of extensions. For servers, what
Heat looks up while it validates one: Nova's flavors and key pairs and
Glance's images, each name one that exists but those starting `missing`;
and Nova's servers, made ACTIVE at once with the interfaces their
request's ports give them.

A name Heat looks up stands for one resource whose ID is made from the
name, so the same name is the same resource in every stack. Every request
that changes something is kept in ``calls`` (service, method, path, body,
and the ``id`` of what a POST made), so that a test can tell what Heat
sent the cloud. Any other service answers 404,
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
# What a current Neutron with ML2/OVN lists, as far as Heat's types ask,
# and VPNaaS, as a cloud that runs VPN services lists it.
EXTENSIONS = [
    "vpnaas",
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
        # Calls answered with an error: {method, path (a prefix), status,
        # message}.
        self.refused: list[dict] = []

    def refusal(self, method: str, path: str) -> tuple[int, dict] | None:
        """The error a refused call gets, as Neutron words it."""
        for rule in self.refused:
            if rule.get("method", method) == method and path.startswith(rule["path"]):
                status = rule.get("status", 409)
                kind = {409: "Conflict", 500: "InternalServerError"}.get(status, "BadRequest")
                return status, {"NeutronError": {"type": kind, "message": rule["message"],
                                                 "detail": ""}}
        return None

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
        call = {"service": "neutron", "method": method, "path": path, "body": body}
        if method != "GET":
            with self.lock:
                self.calls.append(call)
        refused = self.refusal(method, path)
        if refused:
            call["refused"] = True
            return refused
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
                    call["id"] = fields["id"]
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


def missing(name: str) -> bool:
    """A name that stands for nothing, for the cases where the cloud has
    no such flavor or image."""
    return name.startswith("missing")


class FakeNova:
    """Nova's version, its flavors and key pairs (every name is one but
    those that start with `missing`), and its servers: made ACTIVE at once,
    each with one interface per `networks` entry of its request (the port
    it names, or one Nova would make)."""

    def __init__(self, neutron: FakeNeutron):
        self.neutron = neutron
        self.servers: dict[str, dict] = {}

    def handle(self, method: str, path: str, body: dict | None, base: str) -> tuple[int, dict]:
        version = {"id": "v2.1", "status": "CURRENT", "version": "2.96", "min_version": "2.1",
                   "updated": "2013-07-23T11:33:21Z",
                   "links": [{"rel": "self", "href": f"{base}/nova/"}]}
        path = path.strip("/")
        if path in ("", "v2.1"):
            return 200, {"version": version, "versions": [version]}
        path = path.removeprefix("v2.1/")
        if path.startswith("servers") and path not in ("servers/detail",):
            return self.server(method, path, body)
        if method != "GET":
            return 404, {"itemNotFound": {"code": 404, "message": f"{path} is not served here"}}
        if path.startswith("flavors/") and "/" not in path[len("flavors/"):]:
            name = path[len("flavors/"):]
            if missing(name):
                return 404, {"itemNotFound": {"code": 404,
                                              "message": f"Flavor {name} could not be found."}}
            return 200, {"flavor": {"id": made_id("flavors", name), "name": name, "ram": 2048,
                                    "vcpus": 1, "disk": 20, "OS-FLV-EXT-DATA:ephemeral": 0,
                                    "swap": 0, "os-flavor-access:is_public": True,
                                    "rxtx_factor": 1.0, "links": []}}
        if path in ("flavors", "flavors/detail"):
            return 200, {"flavors": []}
        if path.startswith("os-keypairs/"):
            name = path[len("os-keypairs/"):]
            if missing(name):
                return 404, {"itemNotFound": {"code": 404, "message": f"Keypair {name} not found."}}
            return 200, {"keypair": {"name": name, "public_key": "ssh-ed25519 AAAA fake",
                                     "fingerprint": "00", "type": "ssh"}}
        return 404, {"itemNotFound": {"code": 404, "message": f"{path} is not served here"}}

    def server(self, method: str, path: str, body: dict | None) -> tuple[int, dict]:
        parts = path.split("/")
        if method == "POST" and parts == ["servers"]:
            asked = dict((body or {}).get("server") or {})
            ident = str(uuid.uuid4())
            with self.neutron.lock:
                self.neutron.calls.append({"service": "nova", "method": method, "path": path,
                                           "body": body, "id": ident})
                self.servers[ident] = {
                    "id": ident, "name": asked.get("name"), "status": "ACTIVE",
                    "tenant_id": "fake", "user_id": "fake", "addresses": {}, "links": [],
                    "metadata": asked.get("metadata") or {}, "tags": [],
                    "OS-EXT-STS:task_state": None, "OS-EXT-STS:vm_state": "active",
                    "networks": asked.get("networks") or [],
                }
            return 202, {"server": {"id": ident, "links": [], "security_groups": []}}
        with self.neutron.lock:
            server = self.servers.get(parts[1]) if len(parts) > 1 else None
            if server is None:
                return 404, {"itemNotFound": {"code": 404,
                                              "message": f"Instance {path} could not be found."}}
            if method == "DELETE" and len(parts) == 2:
                self.neutron.calls.append({"service": "nova", "method": method, "path": path,
                                           "body": None})
                del self.servers[parts[1]]
                return 204, {}
            if method == "GET" and len(parts) == 2:
                shown = {k: v for k, v in server.items() if k != "networks"}
                return 200, {"server": shown}
            if method == "GET" and parts[2:] == ["os-interface"]:
                return 200, {"interfaceAttachments": [
                    self.interface(i, entry, server) for i, entry in enumerate(server["networks"])
                    if isinstance(entry, dict)]}
            if method == "PUT" and parts[2:3] == ["tags"]:
                self.neutron.calls.append({"service": "nova", "method": method, "path": path,
                                           "body": body})
                server["tags"] = (body or {}).get("tags") or []
                return 200, {"tags": server["tags"]}
        return 404, {"itemNotFound": {"code": 404, "message": f"{path} is not served here"}}

    def interface(self, index: int, entry: dict, server: dict) -> dict:
        """The interface a `networks` entry gives: its port's, or one Nova
        would make on the entry's network."""
        port = self.neutron.made["ports"].get(entry.get("port") or "")
        if port is None:
            port = {"id": made_id("ports", f"{server['id']}/{index}"),
                    "network_id": entry.get("uuid"),
                    "fixed_ips": [{"ip_address": entry.get("fixed_ip") or "192.0.2.255"}]}
        return {"port_id": port["id"], "net_id": port.get("network_id"),
                "fixed_ips": port.get("fixed_ips") or [], "mac_addr": "fa:16:3e:00:00:00",
                "port_state": "ACTIVE"}


IMAGE_SCHEMA = {"name": "image", "additionalProperties": {"type": "string"},
                "properties": {key: {"type": ["null", "string", "integer", "array", "boolean"]}
                               for key in ("id", "name", "status", "min_disk", "min_ram", "size",
                                           "disk_format", "container_format", "visibility",
                                           "tags", "protected", "owner", "checksum", "os_hidden",
                                           "created_at", "updated_at", "file", "self", "schema")},
                "links": []}


def glance(path: str, query: dict, base: str) -> tuple[int, dict]:
    """Glance's images: every name is one active image but those that
    start with `missing`."""
    path = path.strip("/")
    if path == "":
        return 200, {"versions": [{"id": "v2.16", "status": "CURRENT",
                                   "links": [{"rel": "self", "href": f"{base}/glance/v2/"}]}]}
    path = path.removeprefix("v2/")
    if path == "schemas/image":
        return 200, IMAGE_SCHEMA
    if path == "schemas/images":
        return 200, {"name": "images", "properties": {"images": {"type": "array",
                                                                  "items": IMAGE_SCHEMA}},
                     "links": []}

    def image(name: str) -> dict:
        return {"id": made_id("images", name), "name": name, "status": "active",
                "min_disk": 0, "min_ram": 0, "size": 1073741824, "disk_format": "qcow2",
                "container_format": "bare", "visibility": "public", "tags": []}

    if path == "images":
        names = [n for n in query.get("name", []) if not missing(n)]
        return 200, {"images": [image(n) for n in names]}
    if path.startswith("images/"):
        ident = path[len("images/"):]
        return (404, {"message": "not found"}) if missing(ident) else (200, image(ident))
    return 404, {"message": f"{path} is not served here"}


class FakeCloud:
    def __init__(self):
        self.neutron = FakeNeutron()
        self.nova = FakeNova(self.neutron)
        self.base = ""

    @property
    def calls(self) -> list[dict]:
        return self.neutron.calls

    def refuse(self, rules: list[dict]) -> None:
        """Neutron answers these calls with an error from now on."""
        self.neutron.refused = list(rules)

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
        base = f"http://{environ.get('HTTP_HOST', '127.0.0.1')}"
        if path.startswith("/neutron"):
            status, answer = self.neutron.handle(method, path[len("/neutron"):], query, body)
        elif path.startswith("/nova"):
            status, answer = self.nova.handle(method, path[len("/nova"):], body, base)
        elif path.startswith("/glance"):
            status, answer = glance(path[len("/glance"):], query, base)
        else:
            status, answer = 404, {"error": f"{path} is not served here"}
        data = b"" if status == 204 else json.dumps(answer).encode()
        reasons = {200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
                   400: "Bad Request", 404: "Not Found", 409: "Conflict",
                   500: "Internal Server Error"}
        start_response(f"{status} {reasons[status]}",
                       [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
        return [data]
