"""What Heat's own update does to each resource of a running stack: the
update is run for real (``openstack stack update --existing``) and its
decision read from what Heat did, resource by resource.

Stacks here run on a least of a cloud that creates and updates nothing,
so an update fails at its first call to the cloud; Heat has decided by
then. Each resource is:

- ``replaced``: Heat started creating a new one in its place (an event
  ``CREATE_IN_PROGRESS`` under the same name after the update began);
- ``updated``: Heat updated it in place (``UPDATE_IN_PROGRESS``), with the
  calls it sent the cloud meanwhile (none for an empty property diff);
- ``refused``: Heat failed the update at it before updating anything
  (no event of its own, the stack's reason naming it: an ``external_id``
  that changes);
- ``unchanged``: no event;
- ``added`` / ``deleted``: only in the new template / only in the old one.

A resource that depends on one that failed is never reached, so each case
is a stack of its own, and only the resources a case is about count.
"""

from __future__ import annotations

import time

UPDATE_SECONDS = 120


def _events_since(client, stack_id: str, marker: str | None) -> list:
    events = client.events.list(stack_id, marker=marker, sort_dir="asc", limit=1000)
    return list(events)


def run_update(client, stack_id: str, fields: dict, cloud_log: list | None) -> dict:
    """Updates the stack with `fields` (heatclient's stacks.update
    arguments) and returns, by resource name, what Heat did:
    {"action": ..., "physical_id_before", "physical_id_after",
    "events": [...], "calls": [...]}."""
    before = {r.resource_name: r.physical_resource_id for r in client.resources.list(stack_id)}
    earlier = _events_since(client, stack_id, None)
    marker = earlier[-1].id if earlier else None
    if cloud_log is not None:
        cloud_log.clear()
    client.stacks.update(stack_id, existing=True, **fields)
    deadline = time.monotonic() + UPDATE_SECONDS
    status, reason = "", ""
    while time.monotonic() < deadline:
        stack = client.stacks.get(stack_id)
        status, reason = stack.stack_status, stack.stack_status_reason or ""
        if status.startswith("UPDATE_") and not status.endswith("IN_PROGRESS"):
            break
        time.sleep(0.2)
    events = _events_since(client, stack_id, marker)
    calls = list(cloud_log) if cloud_log is not None else []
    after = {r.resource_name: r.physical_resource_id for r in client.resources.list(stack_id)}
    decided: dict[str, dict] = {}
    for name in sorted(set(before) | set(after)):
        mine = [f"{e.resource_status}" for e in events if e.resource_name == name]
        if name not in before:
            action = "added"
        elif name not in after or "DELETE_IN_PROGRESS" in mine and "CREATE_IN_PROGRESS" not in mine:
            action = "deleted"
        elif "UPDATE_IN_PROGRESS" not in mine and (
                "UPDATE_FAILED" in mine or f" of {name} (" in reason):
            action = "refused"
        elif "CREATE_IN_PROGRESS" in mine:
            action = "replaced"
        elif "UPDATE_IN_PROGRESS" in mine:
            action = "updated"
        else:
            action = "unchanged"
        decided[name] = {
            "action": action,
            "events": mine,
            "physical_id_before": before.get(name),
            "physical_id_after": after.get(name),
        }
    return {"stack_status": status, "stack_status_reason": reason,
            "resources": decided, "calls": calls}
