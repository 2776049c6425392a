#!/usr/bin/env python3
"""A real Heat server on 127.0.0.1: Heat's own API (its paste pipeline)
and its own engine (``EngineService``) in one process, for the tests.

    serve.py --state DIR [--port N] [--keystone URL --password P]

Heat 27.0.1 ships no ``heat-all``: the API and the engine talk over
oslo.messaging's in-process ``fake://`` transport, which is why both live
in this one process. State (configuration, SQLite database, log) goes
under --state. Without --keystone the API runs the ``noauth`` pipeline:
``X-Auth-Project`` names the project, ``X-Auth-User`` the user. With
--keystone it runs Heat's default pipeline (keystonemiddleware's
auth_token against that Keystone, the ``heat`` service user with
--password, trusts for deferred authentication, and the ``heat`` domain
for stack users, which serve_keystone.py creates).

When ready it prints one line, ``heat listening on http://127.0.0.1:PORT``,
on standard output. It stops when its standard input closes, so a test
that dies takes its server with it. With HEATWISE_HEAT_DEBUG set, Heat
logs at debug level (heat.log under --state, which the tests keep).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socketserver
import sys
import threading
from pathlib import Path
from wsgiref import simple_server

from oslo_service import backend

backend.init_backend(backend.BackendType.THREADING)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import sqlite_ids  # noqa: E402
import sqlite_locking  # noqa: E402
from exception_chain import exception_chain  # noqa: E402

# The cloud's services as a token lists them: Heat loads a resource type
# only where its service is in the catalog, so without these every
# OS::Nova::*, OS::Neutron::*, ... type is "not available". At --cloud
# answers fake_cloud.py's least of a cloud, or nothing: the tests adopt
# stacks of cloud types rather than create them.
SERVICES = [
    ("compute", "nova"),
    ("network", "neutron"),
    ("volumev3", "cinderv3"),
    ("block-storage", "cinderv3"),
    ("image", "glance"),
    ("identity", "keystone"),
    ("object-store", "swift"),
    ("load-balancer", "octavia"),
    ("dns", "designate"),
    ("key-manager", "barbican"),
    ("workflowv2", "mistral"),
    ("messaging", "zaqar"),
    ("container-infra", "magnum"),
    ("sharev2", "manila"),
    ("metric", "gnocchi"),
    ("alarming", "aodh"),
]
# An address that refuses at once, so a call to the cloud fails fast.
NOWHERE = "http://127.0.0.1:9"


def token_response(port: int, cloud: str) -> dict:
    """What noauth hands Heat as the token's contents: a catalog of the
    services above and of Heat itself."""
    services = [
        *((kind, name, f"{cloud}/{name}") for kind, name in SERVICES),
        ("orchestration", "heat", f"http://127.0.0.1:{port}/v1/admin"),
        ("cloudformation", "heat-cfn", f"{cloud}/heat-cfn/v1"),
    ]
    catalog = [
        {
            "type": kind,
            "name": name,
            "id": f"{name}-id",
            "endpoints": [
                {
                    "interface": interface,
                    "region": "RegionOne",
                    "region_id": "RegionOne",
                    "url": url,
                    "id": f"{name}-{interface}",
                }
                for interface in ("public", "internal", "admin")
            ],
        }
        for kind, name, url in services
    ]
    return {"token": {"catalog": catalog, "methods": ["password"], "roles": [{"name": "admin"}]}}


def write_config(state: Path, args: argparse.Namespace) -> Path:
    paste = Path(sys.prefix) / "etc" / "heat" / "api-paste.ini"
    database = state / "heat.sqlite"
    lines = [
        "[DEFAULT]",
        f"log_file = {state / 'heat.log'}",
        f"debug = {'true' if os.environ.get('HEATWISE_HEAT_DEBUG') else 'false'}",
        "transport_url = fake://",
        f"host = heatwise-test-{os.getpid()}",
        "num_engine_workers = 1",
        "enable_stack_adopt = true",
        "enable_stack_abandon = true",
        "convergence_engine = true",
        "max_stacks_per_tenant = 10000",
        "max_resources_per_stack = 10000",
        # What TripleO's undercloud gives Heat (its stacks' files come to
        # 1.7 MB); a quota of the API, not a rule of templates.
        "max_json_body_size = 8388608",
        *([f"max_nested_stack_depth = {args.max_nested_stack_depth}"]
          if args.max_nested_stack_depth else []),
        *([f"hidden_stack_tags = {args.hidden_stack_tags}"] if args.hidden_stack_tags else []),
        "stack_action_timeout = 600",
        "periodic_interval = 3600",
        "observe_on_update = false",
        # Given last: oslo.config takes the last of a key given twice.
        *[" = ".join(option.split("=", 1)) for option in args.set],
        "[database]",
        f"connection = sqlite:///{database}",
        "[paste_deploy]",
        f"api_paste_config = {paste}",
        "[oslo_policy]",
        f"policy_file = {state / 'policy.yaml'}",
        "[heat_api]",
        f"bind_port = {args.port}",
        "[clients]",
        "endpoint_type = publicURL",
        "[oslo_messaging_notifications]",
        "driver = noop",
    ]
    # Who may list every project's stacks: Heat's default is the system
    # scope, which a project's admin does not have.
    (state / "policy.yaml").write_text('"stacks:global_index": "role:admin"\n', encoding="utf-8")
    if args.keystone:
        auth = [
            f"auth_url = {args.keystone}",
            "auth_type = password",
            "username = heat",
            f"password = {args.password}",
            "project_name = service",
            "user_domain_name = Default",
            "project_domain_name = Default",
        ]
        lines += [
            "[DEFAULT]",
            "deferred_auth_method = trusts",
            "stack_user_domain_name = heat",
            "stack_domain_admin = heat_domain_admin",
            f"stack_domain_admin_password = {args.password}",
            "[keystone_authtoken]",
            f"www_authenticate_uri = {args.keystone}",
            "service_token_roles_required = false",
            "memcached_servers =",
            *auth,
            "[trustee]",
            *auth,
            "[clients_keystone]",
            f"auth_uri = {args.keystone}",
            "[ec2authtoken]",
            f"auth_uri = {args.keystone}",
        ]
    else:
        response = state / "token-response.json"
        response.write_text(json.dumps(token_response(args.port, args.cloud)), encoding="utf-8")
        lines += [
            # No Keystone to make trusts in: Heat keeps the caller's
            # credentials instead (noauth's are placeholders).
            "[DEFAULT]",
            "deferred_auth_method = password",
            "[paste_deploy]",
            "flavor = noauth",
            "[noauth]",
            f"token_response = {response}",
        ]
    config = state / "heat.conf"
    config.write_text("\n".join(merge_sections(lines)) + "\n", encoding="utf-8")
    return config


def merge_sections(lines: list[str]) -> list[str]:
    """oslo.config takes a section written twice; keep one of each anyway,
    for a configuration a person can read."""
    sections: dict[str, list[str]] = {}
    current = None
    for line in lines:
        if line.startswith("["):
            current = line
            sections.setdefault(current, [])
        elif current is not None:
            sections[current].append(line)
    merged = []
    for name, body in sections.items():
        merged += [name, *body]
    return merged


def imply_roles_without_keystone() -> None:
    """noauth makes every caller a bare `admin`; Keystone would also
    give it the roles `admin` implies (`member`, `reader`), which Heat's
    default policies ask for. A caller may instead name its roles with
    `X-Roles` (a reader, say), as Keystone's token would list them."""
    from heat.common import noauth

    build = noauth.NoAuthProtocol._build_user_headers

    def with_implied_roles(self, env):
        headers = build(self, env)
        headers["HTTP_X_ROLES"] = env.get("HTTP_X_ROLES", "admin,member,reader")
        return headers

    noauth.NoAuthProtocol._build_user_headers = with_implied_roles


class ThreadingServer(socketserver.ThreadingMixIn, simple_server.WSGIServer):
    daemon_threads = True


class QuietHandler(simple_server.WSGIRequestHandler):
    def log_message(self, *args):  # the log file has Heat's own lines
        pass


# A root stack of cloud.py's judged previews: the context of what its
# create runs (its nested stacks' names extend it and keep it).
JUDGED_STACK = re.compile(r"judged-[0-9]+")


def measure(data: Path):
    """Starts coverage.py over Heat's code, saved to `data` when the server
    stops, with the name of the root stack being created as the context
    (cloud.py creates its judged stacks one at a time). Each failure of a
    resource, and each create request the engine refuses, is written to
    `data`.failures (JSON lines: the context and the exception's chain,
    each exception with the frames of Heat's code it passed), so that
    refusal_sites.py names the site that refused."""
    import coverage

    from heat.common import exception
    from heat.engine import service as engine

    package = Path(exception.__file__).resolve().parents[2]
    measured = coverage.Coverage(data_file=str(data), include=[f"{package}/*"],
                                 config_file=False)
    failures = open(f"{data}.failures", "w", encoding="utf-8")
    context = {"name": ""}

    def write(error: BaseException) -> None:
        chain = exception_chain(error)
        failures.write(json.dumps({"context": context["name"], "chain": chain}) + "\n")
        failures.flush()

    create_stack = engine.EngineService.create_stack

    def measured_create_stack(self, cnxt, stack_name, *args, **kwargs):
        if JUDGED_STACK.fullmatch(stack_name):
            context["name"] = stack_name
            measured.switch_context(stack_name)
        try:
            return create_stack(self, cnxt, stack_name, *args, **kwargs)
        except Exception as error:  # the request's refusal, as the API answers it
            write(error)
            raise

    engine.EngineService.create_stack = measured_create_stack
    failure_init = exception.ResourceFailure.__init__

    def measured_failure(self, exception_or_error, *args, **kwargs):
        if isinstance(exception_or_error, BaseException):
            write(exception_or_error)
        failure_init(self, exception_or_error, *args, **kwargs)

    exception.ResourceFailure.__init__ = measured_failure
    measured.start()
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", type=Path, required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--keystone", help="Keystone's URL, e.g. http://127.0.0.1:5000/v3")
    parser.add_argument("--password", default="", help="the heat service user's password")
    parser.add_argument("--cloud", default=NOWHERE,
                        help="where the cloud's services answer, without Keystone")
    parser.add_argument("--max-nested-stack-depth", type=int,
                        help="Heat's max_nested_stack_depth (its default: 5)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="another [DEFAULT] option of heat.conf")
    parser.add_argument("--hidden-stack-tags",
                        help="Heat's hidden_stack_tags, comma-separated (its default: none)")
    parser.add_argument("--coverage", type=Path, metavar="DATA",
                        help="measure Heat's code with coverage.py into DATA, one context "
                             "per root stack created (see measure())")
    args = parser.parse_args()
    args.state.mkdir(parents=True, exist_ok=True)

    # The port first: Heat's configuration names it.
    server = ThreadingServer(("127.0.0.1", args.port), QuietHandler)
    args.port = server.server_address[1]
    config = write_config(args.state, args)

    sqlite_locking.install()

    from oslo_config import cfg
    from oslo_log import log as logging

    from heat.common import config as heat_config
    from heat.common import messaging
    from heat.db import migration
    from heat import version

    conf = cfg.CONF
    logging.register_options(conf)
    conf(["--config-file", str(config)], project="heat", prog="heat-api",
         version=version.version_info.version_string())
    logging.setup(conf, "heat")
    heat_config.set_config_defaults()
    messaging.setup()
    migration.db_sync()
    sqlite_ids.never_reuse_ids(args.state / "heat.sqlite")
    sqlite_locking.serve_immediately()

    from heat.engine import service as engine
    from heat.engine import template
    from heat.rpc import api as rpc_api

    template._get_template_extension_manager()
    measured = measure(args.coverage) if args.coverage else None
    engine_service = engine.EngineService(conf.host, rpc_api.ENGINE_TOPIC)
    engine_service.start()

    if not args.keystone:
        imply_roles_without_keystone()
    server.set_app(heat_config.load_paste_app("heat-api"))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"heat listening on http://127.0.0.1:{args.port}", flush=True)

    # Until the parent closes our standard input (or dies).
    sys.stdin.read()
    if measured is not None:
        measured.stop()
        measured.save()
    os._exit(0)


if __name__ == "__main__":
    main()
