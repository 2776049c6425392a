"""The least of a cloud that Heat asks while it validates: Neutron's
look-ups of a network, subnet, router, port or security group by name
or ID, and its list of extensions. Each name stands for one resource whose
ID is made from the name, so the same name is the same resource in every
stack. Nothing is created: stacks of the cloud's types are adopted, which
takes over resources that exist, by their IDs.

Any other request is answered 404, which Heat reads as "no such
resource": a seed that needs more of a cloud fails with Heat's own
message, not in silence.
"""

from __future__ import annotations

import json
import uuid
from urllib.parse import parse_qs

NEUTRON_KINDS = {
    "networks": "network",
    "subnets": "subnet",
    "routers": "router",
    "ports": "port",
    "security-groups": "security_group",
    "subnetpools": "subnetpool",
    "qos/policies": "policy",
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


def resource(singular: str, kind: str, name: str) -> dict:
    ident = made_id(kind, name)
    return {"id": ident, "name": name, "tenant_id": "fake", "project_id": "fake",
            "status": "ACTIVE", "admin_state_up": True}


def neutron(path: str, query: dict) -> tuple[int, dict]:
    if path in ("", "/"):
        return 200, {"versions": [{"id": "v2.0", "status": "CURRENT",
                                   "links": [{"rel": "self", "href": "v2.0/"}]}]}
    path = path.removeprefix("/v2.0").removesuffix(".json").strip("/")
    if path == "extensions":
        return 200, {"extensions": [{"alias": a, "name": a, "description": a, "updated": "",
                                     "links": []} for a in EXTENSIONS]}
    for plural, singular in NEUTRON_KINDS.items():
        if path == plural:
            names = query.get("name") or query.get("id") or []
            return 200, {plural.split("/")[-1].replace("-", "_"): [
                resource(singular, plural, name) for name in names]}
        if path.startswith(plural + "/"):
            ident = path[len(plural) + 1:]
            return 200, {singular: resource(singular, plural, ident)}
    return 404, {"NeutronError": {"type": "NotFound", "message": f"{path} is not served here"}}


def application(environ, start_response):
    path = environ.get("PATH_INFO", "")
    query = parse_qs(environ.get("QUERY_STRING", ""))
    if path.startswith("/neutron"):
        status, body = neutron(path[len("/neutron"):], query)
    else:
        status, body = 404, {"error": f"{path} is not served here"}
    data = json.dumps(body).encode()
    start_response(f"{status} {'OK' if status == 200 else 'Not Found'}",
                   [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
    return [data]
