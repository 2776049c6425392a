#!/usr/bin/env python3
"""A cloud's Heat for the tests: a real Heat 27.0.1 (serve.py), beside a
real Keystone (serve_keystone.py) or without one, seeded with projects,
users and stacks as their users make them.

    cloud.py --state DIR [--keystone] [--seed SEED.json]

SEED.json:

    {"projects": {"alpha": {"alice": "member", "rita": "reader"}},
     "hidden_stack_tags": ["data-processing-cluster"], "max_nested_stack_depth": 7,
     "heat_conf": {"max_template_size": 2000},
     "stacks": [{"project": "alpha", "user": "alice", "name": "web",
                 "template": "/abs/root.yaml", "environments": ["/abs/env.yaml"],
                 "parameters": {"key": "value"}, "adopt": true},
                {"project": "alpha", "name": "made", "template": "...", "resources": true},
                {"project": "alpha", "name": "maybe", "template": "...", "refusable": true},
                {"project": "alpha", "name": "bulk", "template": "...", "copies": 1000},
                {"project": "alpha", "name": "sent", "template": "/abs/root.yaml",
                 "files": {"nested.yaml": "/abs/nested.yaml"},
                 "environment": {"resource_registry": {"My::T": "nested.yaml"}},
                 "tags": ["data-processing-cluster"], "wait": false}],
     "updates": [{"stack": "web", "template": "/abs/new.yaml",
                  "parameters": {"size": "2"}}],
     "previews": [{"project": "alpha", "template": "/abs/t.yaml", "create": true,
                   "dry_run": false}],
     "application_credentials": [{"project": "alpha", "user": "alice", "name": "scan"}],
     "tokens": [{"project": "alpha", "user": "alice"}]}

A preview is judged by ``openstack stack create --dry-run``, then (with
``create``) created; with ``"dry_run": false`` it is created at once, and
Heat's answer to the create request is the verdict of its validation.

A stack with ``resources`` is reported with every resource Heat made, nested
stacks' too, each with its path (``cluster/nodes/0/port``), type and
physical ID; with ``outputs``, with each output's value as Heat shows it;
with ``"delete": true``, it is then deleted, and reported with the status
the delete ended in (``deleted``): what the cloud was asked meanwhile is
in ``calls``.

A stack with ``files`` is sent as clients other than python-heatclient
send stacks: the template as it is, each file under the name given (the
name its templates use), and ``environment`` as given. ``tags`` are the
stack's (one of the seed's ``hidden_stack_tags``, which the engine is
configured with, hides it from the default listing); with ``"wait": false`` the stack is
reported as soon as Heat takes the request, still in progress. With
``"corrupt_template": true`` the template Heat stored for it is
overwritten in its database with text that is not JSON once everything is
made: Heat lists the stack and fails to give its template, as it does
with a damaged database.

With ``"coverage": "/abs/DATA"``, Heat's code is measured with coverage.py
while it runs, one context per created preview's stack (``judged-N``, N the
preview's place in the list), and what failed is written
to ``DATA.failures`` (serve.py's ``measure``).

A ``refusable`` stack that Heat refuses is reported ``REFUSED`` with
Heat's message instead of stopping the cloud.

``refuse``: once the stacks are made, the least cloud's Neutron answers
these calls with an error (``{"method", "path": a prefix, "status",
"message"}``), as a cloud out of addresses or quota does.

Stacks are made as ``openstack stack create -t TEMPLATE -e ENV...`` makes
them (python-heatclient gathers the files and environments; ``copies``
makes that many, NAME-0000 on), or with
``adopt`` as ``openstack stack adopt`` does, for types of the cloud's
services, which no service here would create: every resource, nested
templates' too, is taken over with an ID made from its place. Without Keystone, projects and
users are names (noauth's ``X-Auth-Project``/``X-Auth-User``).

When everything is ready, one JSON line goes to standard output:

    {"heat": "http://127.0.0.1:P", "keystone": "http://127.0.0.1:Q/v3" | null,
     "region": "RegionOne", "admin": {"user", "password", "project"},
     "passwords": {"alice": "..."},
     "application_credentials": [{"project", "user", "name", "id", "secret"}],
     "tokens": [{"project", "user", "token"}],
     "stacks": [{"project", "user", "name", "id", "status", "reason",
                 "resources": [{"path", "type", "physical_id"}]}],
     "previews": [{"template", "accepted", "error", "seconds",
                   "create": {"status", "reason"}}],
     "updates": [{"stack", "stack_status", "calls": [{"method", "path", "body"}],
                  "resources": {NAME: {"action", "events", "physical_id_before",
                                       "physical_id_after"}}}],
     "calls": [{"service", "method", "path", "body", "id"}]}

``calls``: every request that changed something in the cloud
(fake_cloud.py), in the order it came; ``id``: what a POST made.

Each update is run for real and read back as updates.py says.

Everything stops when standard input closes.
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
REGION = "RegionOne"
READY_SECONDS = 180
STACK_SECONDS = 120


class FakeCloud:
    """fake_cloud.py's least of a cloud, served from this process."""

    def __init__(self):
        from wsgiref import simple_server
        import socketserver

        import fake_cloud

        class Server(socketserver.ThreadingMixIn, simple_server.WSGIServer):
            daemon_threads = True

        class Quiet(simple_server.WSGIRequestHandler):
            def log_message(self, *args):
                pass

        self.server = Server(("127.0.0.1", 0), Quiet)
        self.app = fake_cloud.FakeCloud()
        self.server.set_app(self.app)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class Service:
    """A server process of ours, started and waited for."""

    def __init__(self, name: str, command: list[str], log: Path):
        self.name = name
        self.log = log
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=open(log, "w", encoding="utf-8"),  # noqa: SIM115
            text=True,
        )

    def ready(self) -> str:
        """The address its ready line names."""
        found: list[str] = []

        def read():
            line = self.process.stdout.readline()
            if line:
                found.append(line.split()[-1])

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(READY_SECONDS)
        if not found:
            self.process.kill()
            tail = self.log.read_text(encoding="utf-8", errors="replace")[-3000:]
            raise SystemExit(f"{self.name} did not start within {READY_SECONDS} s:\n{tail}")
        return found[0]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def password_of(user: str, salt: str) -> str:
    return f"{user}-{salt}"


class Identity:
    """Keystone, as its admin sees it."""

    def __init__(self, url: str, admin_password: str):
        from keystoneauth1 import session
        from keystoneauth1.identity import v3
        from keystoneclient.v3 import client

        self.url = url
        auth = v3.Password(auth_url=url, username="admin", password=admin_password,
                           project_name="admin", user_domain_id="default",
                           project_domain_id="default")
        self.admin = client.Client(session=session.Session(auth=auth))

    def role(self, name: str):
        found = self.admin.roles.list(name=name)
        return found[0] if found else self.admin.roles.create(name)

    def project(self, name: str, domain="default"):
        found = self.admin.projects.list(name=name, domain=domain)
        return found[0] if found else self.admin.projects.create(name, domain)

    def user(self, name: str, password: str, domain="default"):
        found = self.admin.users.list(name=name, domain=domain)
        if found:
            return found[0]
        return self.admin.users.create(name, domain=domain, password=password)

    def for_heat(self, password: str) -> None:
        """What an operator does for Heat before it starts: its service
        user, the domain of stack users and its admin."""
        service = self.project("service")
        heat = self.user("heat", password)
        self.admin.roles.grant(self.role("admin"), user=heat, project=service)
        self.role("heat_stack_user")
        domains = self.admin.domains.list(name="heat")
        domain = domains[0] if domains else self.admin.domains.create("heat")
        domain_admin = self.user("heat_domain_admin", password, domain=domain)
        self.admin.roles.grant(self.role("admin"), user=domain_admin, domain=domain)

    def catalog(self, heat: str, cloud: str) -> None:
        """The catalog's entries: Heat where it listens (known once it
        does: no port is guessed), the least cloud for the rest."""
        services = [
            ("orchestration", "heat", f"{heat}/v1/%(tenant_id)s"),
            ("cloudformation", "heat-cfn", f"{cloud}/heat-cfn/v1"),
            ("compute", "nova", f"{cloud}/nova"),
            ("network", "neutron", f"{cloud}/neutron"),
            ("volumev3", "cinderv3", f"{cloud}/cinder"),
            ("image", "glance", f"{cloud}/glance"),
            ("object-store", "swift", f"{cloud}/swift"),
            ("load-balancer", "octavia", f"{cloud}/octavia"),
        ]
        for kind, name, url in services:
            if self.admin.services.list(type=kind):
                continue
            made = self.admin.services.create(name, type=kind)
            for interface in ("public", "internal", "admin"):
                self.admin.endpoints.create(made, url, interface=interface, region=REGION)

    def session_of(self, user: str, password: str, project: str):
        from keystoneauth1 import session
        from keystoneauth1.identity import v3

        auth = v3.Password(auth_url=self.url, username=user, password=password,
                           project_name=project, user_domain_id="default",
                           project_domain_id="default")
        return session.Session(auth=auth)


def heat_client(heat: str, identity: Identity | None, project: str, user: str, password: str):
    from heatclient import client as heat_clients

    if identity is None:
        from keystoneauth1 import noauth, session

        made = session.Session(
            auth=noauth.NoAuth(),
            additional_headers={"X-Auth-Project": project, "X-Auth-User": user},
        )
        return heat_clients.Client("1", session=made, endpoint_override=f"{heat}/v1/{project}")
    made = identity.session_of(user, password, project)
    return heat_clients.Client("1", session=made, region_name=REGION)


def adopted(template: dict, files: dict, path: str) -> dict:
    """`stack abandon`'s record of every resource of a template as if it
    existed, each with an ID made from its place in the stack; a nested
    template's resources under its own."""
    import yaml

    resources = {}
    for name, definition in (template.get("resources") or {}).items():
        kind = definition.get("type") if isinstance(definition, dict) else None
        place = f"{path}/{name}"
        record = {"resource_id": str(uuid.uuid5(uuid.NAMESPACE_URL, place)), "type": kind,
                  "status": "COMPLETE", "action": "CREATE", "metadata": {},
                  "resource_data": {}}
        if isinstance(kind, str) and kind in files:
            record["resources"] = adopted(yaml.safe_load(files[kind]) or {}, files, place)
        resources[name] = record
    for name, record in resources.items():
        if record["type"] == "OS::Neutron::RouterGateway":
            # Its ID is Neutron's two: ROUTER:NETWORK.
            properties = template["resources"][name].get("properties") or {}
            router = properties.get("router") or properties.get("router_id")
            network = properties.get("network") or properties.get("network_id")
            if isinstance(router, dict) and router.get("get_resource") in resources:
                router = resources[router["get_resource"]]["resource_id"]
            import fake_cloud

            record["resource_id"] = f"{router}:{fake_cloud.made_id('networks', str(network))}"
    return resources


def sent_as_is(spec: dict) -> dict:
    """The stack's fields as a client that gathers nothing sends them:
    the template read as it is (as heatclient's loader reads it: dates
    stay text), each file under the name given."""
    from heatclient.common import template_format

    return {
        "template": template_format.parse(Path(spec["template"]).read_text(encoding="utf-8")),
        "files": {name: Path(path).read_text(encoding="utf-8")
                  for name, path in spec["files"].items()},
        "environment": spec.get("environment", {}),
    }


def make_stack(client, spec: dict) -> dict:
    """As `openstack stack create` (or `stack adopt`) does."""
    from heatclient.common import template_utils

    if "files" in spec:
        fields = {"stack_name": spec["name"], **sent_as_is(spec),
                  "parameters": spec.get("parameters", {}), "disable_rollback": True}
    else:
        template_files, template = template_utils.get_template_contents(
            template_file=spec["template"])
        environment_files: list[str] = []
        env_files, environment = template_utils.process_multiple_environments_and_files(
            env_paths=spec.get("environments", []), env_list_tracker=environment_files)
        fields = {
            "stack_name": spec["name"],
            "template": template,
            "files": dict(list(template_files.items()) + list(env_files.items())),
            "environment": environment,
            "environment_files": environment_files or None,
            "parameters": spec.get("parameters", {}),
            "disable_rollback": True,
        }
    if spec.get("tags"):
        fields["tags"] = ",".join(spec["tags"])
    if spec.get("adopt"):
        files, template = fields["files"], fields["template"]
        fields["adopt_stack_data"] = json.dumps({
            "template": template,
            "resources": adopted(template, files, spec["name"]),
        })
        del fields["template"]
    made = client.stacks.create(**fields)["stack"]
    deadline = time.monotonic() + STACK_SECONDS
    if spec.get("wait") is False:
        stack = client.stacks.get(made["id"])
        return {"id": made["id"], "status": stack.stack_status,
                "reason": stack.stack_status_reason}
    while True:
        stack = client.stacks.get(made["id"])
        if not stack.stack_status.endswith("IN_PROGRESS") or time.monotonic() > deadline:
            return {"id": made["id"], "status": stack.stack_status,
                    "reason": stack.stack_status_reason}
        time.sleep(0.2)


def delete_stack(client, stack_id: str) -> str:
    """As `openstack stack delete --wait` does: the status it ends in."""
    from heatclient import exc

    client.stacks.delete(stack_id)
    deadline = time.monotonic() + STACK_SECONDS
    while time.monotonic() < deadline:
        try:
            status = client.stacks.get(stack_id).stack_status
        except exc.HTTPNotFound:
            return "DELETE_COMPLETE"
        if status != "DELETE_IN_PROGRESS":
            return status
        time.sleep(0.2)
    return "DELETE_IN_PROGRESS"


def resources_of(client, stack_id: str) -> list[dict]:
    """Every resource of the stack and of its nested stacks, each by its
    path from the root (a nested stack's resources under the resource
    that made it)."""
    listed = client.resources.list(stack_id, nested_depth=5)
    stack_of = {}
    for resource in listed:
        link = next(l["href"] for l in resource.links if l["rel"] == "stack")
        stack_of[id(resource)] = link.rstrip("/").split("/")[-1]
    made_by = {r.physical_resource_id: r for r in listed}

    def path(resource) -> str:
        parent = made_by.get(stack_of[id(resource)])
        return resource.resource_name if parent is None else f"{path(parent)}/{resource.resource_name}"

    return [{"path": path(r), "type": r.resource_type, "physical_id": r.physical_resource_id}
            for r in listed]


def preview_stack(client, spec: dict) -> dict:
    """Heat's verdict before it creates anything, as `openstack stack create
    --dry-run` asks it (the stack validated as the engine does before a
    create, its constraints asked of the cloud)."""
    from heatclient.common import template_utils

    # Timed as a user waits for it: heatclient's gathering and Heat's answer.
    started = time.monotonic()
    template_files, template = template_utils.get_template_contents(
        template_file=spec["template"])
    environment_files: list[str] = []
    env_files, environment = template_utils.process_multiple_environments_and_files(
        env_paths=spec.get("environments", []), env_list_tracker=environment_files)
    try:
        client.stacks.preview(
            stack_name="preview", template=template,
            files=dict(list(template_files.items()) + list(env_files.items())),
            environment=environment, environment_files=environment_files or None,
            parameters=spec.get("parameters", {}))
    except Exception as error:  # Heat's refusal, whatever its class
        return {"accepted": False, "error": str(error),
                "seconds": time.monotonic() - started}
    return {"accepted": True, "error": None, "seconds": time.monotonic() - started}


def update_stack(client, stack_id: str, spec: dict, calls: list) -> dict:
    """As `openstack stack update --existing -t TEMPLATE` does; what Heat
    did to each resource (updates.py)."""
    from heatclient.common import template_utils

    import updates

    template_files, template = template_utils.get_template_contents(
        template_file=spec["template"])
    fields = {"template": template, "files": dict(template_files)}
    if spec.get("parameters"):
        # As `stack update --existing -P`: over the stack's own values.
        fields["parameters"] = spec["parameters"]
    return updates.run_update(client, stack_id, fields, calls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", type=Path, required=True)
    parser.add_argument("--keystone", action="store_true")
    parser.add_argument("--seed", type=Path)
    args = parser.parse_args()
    args.state.mkdir(parents=True, exist_ok=True)
    seed = json.loads(args.seed.read_text(encoding="utf-8")) if args.seed else {}
    salt = secrets.token_hex(8)
    admin_password = password_of("admin", salt)
    python = sys.executable
    services: list[Service] = []
    try:
        identity = None
        keystone_url = None
        fake = FakeCloud()
        cloud = fake.url
        heat_command = [python, str(HERE / "serve.py"), "--state", str(args.state / "heat"),
                        "--cloud", cloud]
        if seed.get("max_nested_stack_depth"):
            # As an operator configures it (TripleO's undercloud: deeper).
            heat_command += ["--max-nested-stack-depth", str(seed["max_nested_stack_depth"])]
        for key, value in seed.get("heat_conf", {}).items():
            # Any other [DEFAULT] option, as an operator sets it.
            heat_command += ["--set", f"{key}={value}"]
        if seed.get("coverage"):
            # Heat's code measured as it judges the previews (serve.py).
            heat_command += ["--coverage", seed["coverage"]]
        if seed.get("hidden_stack_tags"):
            # Stacks carrying one of these tags are listed only when asked.
            heat_command += ["--hidden-stack-tags", ",".join(seed["hidden_stack_tags"])]
        if args.keystone:
            keystone = Service("keystone", [python, str(HERE / "serve_keystone.py"), "--state",
                                            str(args.state / "keystone"), "--password",
                                            admin_password], args.state / "keystone.err")
            services.append(keystone)
            keystone_url = keystone.ready()
            identity = Identity(keystone_url, admin_password)
            identity.for_heat(admin_password)
            heat_command += ["--keystone", keystone_url, "--password", admin_password]
        heat = Service("heat", heat_command, args.state / "heat.err")
        services.append(heat)
        heat_url = heat.ready()
        if identity is not None:
            identity.catalog(heat_url, cloud)

        passwords = {"admin": admin_password}
        for project, users in seed.get("projects", {}).items():
            if identity is not None:
                made = identity.project(project)
            for user, role in users.items():
                passwords[user] = password_of(user, salt)
                if identity is not None:
                    person = identity.user(user, passwords[user])
                    identity.admin.roles.grant(identity.role(role), user=person, project=made)

        stacks = []
        clients = {}
        specs = []
        for spec in seed.get("stacks", []):
            copies = spec.get("copies")
            if copies is None:
                specs.append(spec)
            else:
                specs += [{**spec, "name": f"{spec['name']}-{n:04d}"} for n in range(copies)]

        def made_from(spec):
            user = spec.get("user", "admin")
            client = heat_client(heat_url, identity, spec["project"], user, passwords.get(user, ""))
            try:
                made = make_stack(client, spec)
                if spec.get("resources"):
                    made["resources"] = resources_of(client, made["id"])
                if spec.get("outputs"):
                    made["outputs"] = {o["output_key"]: o.get("output_value")
                                       for o in client.stacks.get(made["id"]).outputs}
                if spec.get("delete"):
                    made["deleted"] = delete_stack(client, made["id"])
                return spec, client, user, made
            except Exception as error:  # Heat's refusal, whatever its class
                if not spec.get("refusable"):
                    raise
                return spec, client, user, {"id": None, "status": "REFUSED",
                                            "reason": str(error)}

        # A few at a time: Heat's one engine serves them side by side.
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=4 if len(specs) > 8 else 1) as pool:
            for spec, client, user, made in pool.map(made_from, specs):
                if made["id"] is not None:
                    clients[spec["name"]] = (client, made["id"])
                stacks.append({"project": spec["project"], "user": user, "name": spec["name"],
                               **made})

        for spec in specs:
            if spec.get("corrupt_template"):
                # What a damaged database holds: Heat still lists the
                # stack, and fails to give its template.
                import sqlite3

                made = next(s for s in stacks if s["name"] == spec["name"])
                with sqlite3.connect(args.state / "heat" / "heat.sqlite") as database:
                    database.execute(
                        "UPDATE raw_template SET template = 'not JSON' WHERE id = "
                        "(SELECT raw_template_id FROM stack WHERE id = ?)", (made["id"],))

        # From now on the cloud refuses these calls, as a cloud out of
        # addresses or quota does: the seed's stacks are made.
        fake.app.refuse(seed.get("refuse", []))

        judged = []
        for spec in seed.get("previews", []):
            user = spec.get("user", "admin")
            client = heat_client(heat_url, identity, spec["project"], user, passwords.get(user, ""))
            if spec.get("dry_run", True):
                verdict = preview_stack(client, spec)
            else:
                # Straight to `openstack stack create`: Heat's answer to the
                # request is the verdict of its validation.
                verdict = {"accepted": True, "error": None}
            if verdict["accepted"] and spec.get("create"):
                # Past validation: what the create itself makes of it.
                try:
                    made = make_stack(client, {**spec, "name": f"judged-{len(judged)}"})
                except Exception as error:  # refused when sent
                    if not spec.get("dry_run", True):
                        verdict = {"accepted": False, "error": str(error)}
                        judged.append({"template": spec["template"], **verdict})
                        continue
                    made = {"status": "CREATE_FAILED", "reason": str(error)}
                verdict["create"] = {"status": made["status"], "reason": made["reason"]}
            judged.append({"template": spec["template"], **verdict})

        updated = []
        for spec in seed.get("updates", []):
            if spec["stack"] not in clients:
                # A refusable stack Heat refused: nothing to update.
                continue
            client, stack_id = clients[spec["stack"]]
            updated.append({"stack": spec["stack"],
                            **update_stack(client, stack_id, spec, fake.app.calls)})

        credentials = []
        tokens = []
        if identity is not None:
            for spec in seed.get("application_credentials", []):
                session = identity.session_of(spec["user"], passwords[spec["user"]],
                                              spec["project"])
                from keystoneclient.v3 import client as keystone_client

                own = keystone_client.Client(session=session)
                made = own.application_credentials.create(spec["name"], user=session.get_user_id())
                credentials.append({**spec, "id": made.id, "secret": made.secret})
            for spec in seed.get("tokens", []):
                session = identity.session_of(spec["user"], passwords[spec["user"]],
                                              spec["project"])
                tokens.append({**spec, "token": session.get_token()})

        print(json.dumps({
            "heat": heat_url, "keystone": keystone_url, "region": REGION,
            "admin": {"user": "admin", "password": admin_password, "project": "admin"},
            "passwords": passwords, "application_credentials": credentials,
            "tokens": tokens, "stacks": stacks, "updates": updated, "previews": judged,
            "calls": fake.app.calls,
        }), flush=True)
        sys.stdin.read()
    finally:
        for service in reversed(services):
            service.stop()


if __name__ == "__main__":
    main()
