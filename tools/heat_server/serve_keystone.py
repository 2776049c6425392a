#!/usr/bin/env python3
"""A real Keystone on 127.0.0.1, for the tests: Keystone's own WSGI
application with SQLite and fernet tokens.

    serve_keystone.py --state DIR --password P [--port N]

The first start in a state directory sets it up as an operator does
(``keystone-manage db_sync``, ``fernet_setup``, ``credential_setup``,
``bootstrap`` with the user ``admin`` of the project ``admin`` and
password P); later starts reuse it. Tuned for tests, not for a cloud:
bcrypt at its fewest rounds (a password check in milliseconds instead of
a quarter of a second) and Keystone's in-process cache on (a token is
validated without hundreds of queries).

When ready it prints ``keystone listening on http://127.0.0.1:PORT/v3``
on standard output, and stops when its standard input closes.
"""

from __future__ import annotations

import argparse
import os
import socketserver
import subprocess
import sys
import threading
from pathlib import Path
from wsgiref import simple_server

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import sqlite_locking  # noqa: E402


def write_config(state: Path) -> Path:
    lines = [
        "[DEFAULT]",
        f"log_file = {state / 'keystone.log'}",
        "debug = false",
        "[database]",
        f"connection = sqlite:///{state / 'keystone.sqlite'}",
        "[token]",
        "provider = fernet",
        "expiration = 86400",
        "[fernet_tokens]",
        f"key_repository = {state / 'fernet-keys'}",
        "[fernet_receipts]",
        f"key_repository = {state / 'fernet-keys'}",
        "[credential]",
        f"key_repository = {state / 'credential-keys'}",
        "[identity]",
        "password_hash_rounds = 4",
        "[cache]",
        "enabled = true",
        "backend = dogpile.cache.memory",
        "[oslo_messaging_notifications]",
        "driver = noop",
    ]
    config = state / "keystone.conf"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return config


def set_up(state: Path, config: Path, url: str, password: str) -> None:
    """What an operator runs once; skipped when the state is there."""
    done = state / "bootstrapped"
    if done.exists():
        return
    manage = [sys.executable, "-c", "import sys; from keystone.cmd.manage import main; sys.exit(main())",
              "--config-file", str(config)]
    for key_dir in ("fernet-keys", "credential-keys"):
        (state / key_dir).mkdir(mode=0o700, exist_ok=True)
    user = [f"--keystone-user={os.getuid()}", f"--keystone-group={os.getgid()}"]
    steps = [
        ["db_sync"],
        ["fernet_setup", *user],
        ["credential_setup", *user],
        [
            "bootstrap",
            "--bootstrap-password", password,
            "--bootstrap-admin-url", url,
            "--bootstrap-internal-url", url,
            "--bootstrap-public-url", url,
            "--bootstrap-region-id", "RegionOne",
        ],
    ]
    for step in steps:
        subprocess.run([*manage, *step], check=True, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL)
    done.write_text("", encoding="utf-8")


class ThreadingServer(socketserver.ThreadingMixIn, simple_server.WSGIServer):
    daemon_threads = True


class QuietHandler(simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", type=Path, required=True)
    parser.add_argument("--password", required=True, help="the admin user's password")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    args.state.mkdir(parents=True, exist_ok=True)

    server = ThreadingServer(("127.0.0.1", args.port), QuietHandler)
    url = f"http://127.0.0.1:{server.server_address[1]}/v3"
    config = write_config(args.state)
    set_up(args.state, config, url, args.password)

    sqlite_locking.install()
    sqlite_locking.serve_immediately()
    from keystone.server.flask import core

    # Keystone reads its command line as oslo.config options.
    sys.argv = sys.argv[:1]

    server.set_app(core.initialize_application("public", config_files=[str(config)]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"keystone listening on {url}", flush=True)
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
