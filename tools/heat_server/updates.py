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
- ``unreached``: no event in an update that failed: Heat stopped before it
  came to the resource (or left it), so what it would have done is not
  known;
- ``added`` / ``deleted``: only in the new template / only in the old one.

A resource that depends on one that failed is never reached, so each case
is a stack of its own, and only the resources a case is about count.
"""

from __future__ import annotations

import time

UPDATE_SECONDS = 120


def _resources(client, stack_id: str) -> tuple[dict, dict]:
    """Each resource's physical ID by name, a group's members (one level
    down) as ``GROUP/NAME``; and, by the ID of a nested stack, the name of
    the resource that owns it."""
    rows = list(client.resources.list(stack_id, nested_depth=1))
    ids, owners = {}, {}
    for row in rows:
        parent = getattr(row, "parent_resource", None)
        name = f"{parent}/{row.resource_name}" if parent else row.resource_name
        ids[name] = row.physical_resource_id
        if not parent and row.physical_resource_id:
            owners[row.physical_resource_id] = row.resource_name
    return ids, owners


def _events(client, stack_id: str) -> list:
    """Every event of the stack and of its nested stacks one level down."""
    return list(client.events.list(stack_id, nested_depth=1, sort_dir="asc", limit=10000))


def _named(event, owners: dict) -> str:
    """An event's resource as ``_resources`` names it."""
    for link in getattr(event, "links", []) or []:
        if link.get("rel") == "stack":
            nested = link["href"].rstrip("/").rsplit("/", 1)[-1]
            if nested in owners:
                return f"{owners[nested]}/{event.resource_name}"
    return event.resource_name


def run_update(client, stack_id: str, fields: dict, cloud_log: list | None) -> dict:
    """Updates the stack with `fields` (heatclient's stacks.update
    arguments) and returns, by resource name (a group's members as
    ``GROUP/INDEX``), what Heat did:
    {"action": ..., "physical_id_before", "physical_id_after",
    "events": [...], "calls": [...]}."""
    before, owners = _resources(client, stack_id)
    earlier = {event.id for event in _events(client, stack_id)}
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
    calls = list(cloud_log) if cloud_log is not None else []
    after, owners_after = _resources(client, stack_id)
    owners.update(owners_after)
    events = [(_named(e, owners), e) for e in _events(client, stack_id) if e.id not in earlier]
    decided: dict[str, dict] = {}
    for name in sorted(set(before) | set(after)):
        mine = [f"{e.resource_status}" for named, e in events if named == name]
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
        elif status == "UPDATE_FAILED":
            # The update stopped before Heat came to it (or decided to
            # leave it): what Heat would have done is not known.
            action = "unreached"
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
